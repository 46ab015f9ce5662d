"""The search protocol of the pure-Python Sheepshead reference beyond the moves, against the Rust engine.

Over seeded random hands played with the same actions on both engines, at every step: the legal action mask
and every seat's observation (the 537 floats of ``docs/sheepshead-protocol.md``) are equal element for
element; the information state keys of the two engines define the same equivalence relation over all the
(state, seat) pairs seen, including the Rust engine's resamples, whose key for the resampled seat is the
original's; and the JSON saves load in the other engine and in their own, and pickles round-trip. Then
corrupted saves, which both engines refuse with ``InvalidStateError``, and the stability of the key across
processes.
"""

from __future__ import annotations

import json
import os
import pickle
import random
import subprocess
import sys
from collections import defaultdict
from typing import Any

import pytest

from tricktaker import sheepshead as fast
from tricktaker.errors import InvalidStateError
from tricktaker.reference import sheepshead as ref

OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"no_legal_call": "unknown"},
    {"all_pass": "doubler", "double_on_the_bump": True},
    {"jack_order": "seed", "called_card_no_discard": False},
    {"hold_card_lead": "forbidden", "no_legal_call": "unknown"},
    {"schwarz": "points", "no_trick_split": True, "no_ace_face_trump_redeal": True},
]
GAMES_PER_OPTION_SET = 60  # 240 hands in all
JSON_EVERY_STEP = 6  # every 6th hand checks the saves at every step, the others at a few random steps


def new_pair(seed: int, options: dict[str, Any]) -> tuple[Any, ref.State]:
    """The same hand on both engines: same seed, dealer and multiplier."""
    dealer, multiplier = seed % 5, 1 + seed % 3
    a = fast.State.new(seed, rules=fast.Rules(**options), dealer=dealer, multiplier=multiplier)
    b = ref.State.new(seed, rules=ref.Rules(**options), dealer=dealer, multiplier=multiplier)
    return a, b


def reference_twin(a: Any) -> ref.State:
    """The reference state of a Rust state, built from its cards and actions (not from its save)."""
    b = ref.State.from_cards(
        [[str(card) for card in hand] for hand in a.dealt_hands()],
        [str(card) for card in a.blind],
        dealer=a.dealer,
        rules=ref.Rules(**a.rules.to_dict()),
        multiplier=a.multiplier,
    )
    for action in a.history():
        b.apply_action(action)
    return b


def same_position(a: Any, b: ref.State) -> bool:
    """Whether a Rust state and a reference state are the same hand at the same point: same deal (cards in any
    order), options, dealer, multiplier, generator and history."""
    saved = json.loads(b.to_json())
    return (
        a.history() == b.history()
        and [sorted(map(str, hand)) for hand in a.dealt_hands()] == [sorted(hand) for hand in saved["hands"]]
        and sorted(map(str, a.blind)) == sorted(b.blind)
        and [sorted(map(str, a.hand(seat))) for seat in range(5)]
        == [sorted(b.hand(seat)) for seat in range(5)]
        and (a.dealer, a.multiplier) == (b.dealer, b.multiplier)
        and a.rules.to_dict() == saved["rules"]
        and list(a.rng_state) == list(b.rng_state)
    )


def check_saves(a: Any, b: ref.State, where: str) -> None:
    """Each engine's save loads in the other and in itself; pickles round-trip. (The engines may list the
    blind and the cards of a hand in different orders, so states across engines are compared by content.)"""
    from_rust = ref.State.from_json(a.to_json())
    assert all(from_rust.observation(seat) == b.observation(seat) for seat in range(5)), where
    assert same_position(a, b), where
    assert same_position(fast.State.from_json(b.to_json()), b), where
    assert same_position(a, from_rust), where
    assert ref.State.from_json(b.to_json()) == b, where
    assert ref.State.from_json(b.to_json().encode()) == b, where
    assert pickle.loads(pickle.dumps(b)) == b, where
    assert pickle.loads(pickle.dumps(b)).to_json() == b.to_json(), where


class KeyRelation:
    """(Rust key, reference key) of (state, seat) pairs: both keys must split them into the same classes."""

    def __init__(self) -> None:
        self.rust_to_ref: defaultdict[int, set[int]] = defaultdict(set)
        self.ref_to_rust: defaultdict[int, set[int]] = defaultdict(set)
        self.pairs = 0

    def add(self, a: Any, b: ref.State, where: str) -> None:
        for seat in range(5):
            rust_key, ref_key = a.information_state_key(seat), b.information_state_key(seat)
            assert isinstance(ref_key, int) and 0 <= ref_key < 2**64, where
            self.rust_to_ref[rust_key].add(ref_key)
            self.ref_to_rust[ref_key].add(rust_key)
            assert len(self.rust_to_ref[rust_key]) == 1, f"equal Rust keys, different reference keys: {where}"
            assert len(self.ref_to_rust[ref_key]) == 1, f"equal reference keys, different Rust keys: {where}"
            self.pairs += 1

    @property
    def shared(self) -> int:
        """How many pairs fell into a class seen before (the equalities the test exercised)."""
        return self.pairs - len(self.rust_to_ref)


@pytest.mark.parametrize(
    "options", OPTION_SETS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "default"
)
def test_protocol_agrees_with_rust(options: dict[str, Any]) -> None:
    keys = KeyRelation()
    for game in range(GAMES_PER_OPTION_SET):
        seed = 1000 * OPTION_SETS.index(options) + game
        a, b = new_pair(seed, options)
        choices = random.Random(seed)
        save_steps = None if game % JSON_EVERY_STEP == 0 else set(choices.sample(range(40), 3))
        step = 0
        while True:
            where = f"seed={seed} options={options} history={[b.action_to_string(x) for x in b.history()]}"
            mask = b.legal_action_mask()
            assert len(mask) == ref.NUM_ACTIONS and all(isinstance(x, bool) for x in mask), where
            assert mask == a.legal_action_mask().tolist(), where
            assert [i for i, legal in enumerate(mask) if legal] == b.legal_actions(), where
            for seat in range(5):
                observation = b.observation(seat)
                assert len(observation) == ref.OBSERVATION_SHAPE[0], where
                assert observation == a.observation(seat).tolist(), f"seat {seat}: {where}"
            keys.add(a, b, where)
            # A resample by the Rust engine is a state the seat cannot tell from this one: its key for that
            # seat must be equal in both engines (and usually not for the others).
            seat = choices.randrange(5)
            other = a.resample(seat, seed + step)
            twin = reference_twin(other)
            assert twin.information_state_key(seat) == b.information_state_key(seat), where
            keys.add(other, twin, where + f" (resampled for seat {seat})")
            if save_steps is None or step in save_steps or a.is_terminal:
                check_saves(a, b, where)
            if a.is_terminal:
                assert not any(mask), where
                break
            action = choices.choice(b.legal_actions())
            a.apply_action(action)
            b.apply_action(action)
            step += 1
    assert keys.shared > 1000  # the relation was tested on many equalities, not only on distinct keys


def test_reference_resample_keeps_the_key() -> None:
    for seed in range(30):
        _, b = new_pair(seed, OPTION_SETS[seed % 4])
        choices = random.Random(seed)
        for _ in range(choices.randrange(12)):
            if b.is_terminal:
                break
            action = choices.choice(b.legal_actions())
            b.apply_action(action)
        seat = choices.randrange(5)
        other = b.resample(seat, seed)
        assert other.information_state_key(seat) == b.information_state_key(seat)
        assert other.observation(seat) == b.observation(seat)


def test_resample_while_an_under_is_chosen() -> None:
    """While another picker chooses an under (R16 "unknown"), every seat sees the phase ``under``. A deal
    giving that picker a card of the called suit would make the same ``call`` an ordinary call and the phase
    ``play``: both engines' resamples keep the phase, and both keys tell the two apart."""
    b = ref.State.new(17, rules=ref.Rules(no_legal_call="unknown"), dealer=2, multiplier=3)
    rust = fast.State.new(17, rules=fast.Rules(no_legal_call="unknown"), dealer=2, multiplier=3)
    for text in ("pass", "pass", "pass", "pass", "pick", "bury AD", "bury 7C", "call AH"):
        b.apply_action(b.string_to_action(text))
        rust.apply_action(rust.string_to_action(text))
    assert b.phase == "under" and b.picker == 2 and rust.phase == "under"
    assert all(b.resample(1, seed).phase == "under" for seed in range(20))
    assert all(rust.resample(1, seed).phase == "under" for seed in range(200))


def test_keys_tell_hidden_from_seen() -> None:
    """Another picker's bury is hidden, one's own is not. Seat 1 (left of dealer 0) picks and buries."""
    hands = ["QC QS QH QD JC JS", "JH JD AD 10D KD 9D", "8D 7D AC 10C KC 9C", "8C 7C AS 10S KS 9S"]
    base = ref.State.from_cards([hand.split() for hand in [*hands, "8S 7S AH 10H KH 9H"]], ["7H", "8H"])
    for text in ("pick", "bury JH"):
        base.apply_action(base.string_to_action(text))
    other = base.clone()
    other.undo()
    other.apply_action(other.string_to_action("bury JD"))
    assert base.information_state_key(2) == other.information_state_key(2)  # seat 2 saw nothing of it
    assert base.information_state_key(1) != other.information_state_key(1)  # the picker did
    assert base.observation(2) == other.observation(2)
    assert base.observation(1) != other.observation(1)
    for seat in range(5):
        assert base.information_state_key(seat) != base.information_state_key((seat + 1) % 5)


def test_key_is_stable_across_processes() -> None:
    """The key is a fixed hash (BLAKE2b), not Python's per-process randomized ``hash``."""
    code = (
        "from tricktaker.reference import sheepshead as ref\n"
        "s = ref.State.new(5, dealer=2)\n"
        "for a in (1, 1, 0, 2 + 13, 2 + 8):\n"
        "    s.apply_action(a) if a in s.legal_actions() else s.apply_action(s.legal_actions()[-1])\n"
        "print([s.information_state_key(p) for p in range(5)])\n"
    )
    outputs = set()
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        run = subprocess.run(
            [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
        )
        outputs.add(run.stdout)
    assert len(outputs) == 1


def corruptions(text: str) -> list[str]:
    """Saves that no engine may load: broken JSON, wrong fields, impossible cards or actions."""
    data = json.loads(text)

    def changed(**fields: Any) -> str:
        return json.dumps({**data, **fields})

    missing = {key: value for key, value in data.items() if key != "blind"}
    hands = [list(hand) for hand in data["hands"]]
    hands[0][0] = hands[1][0]  # a card dealt twice
    return [
        text[: len(text) // 2],
        "[]",
        json.dumps(missing),
        changed(game="tractor"),
        changed(format=99),
        changed(rules={**data["rules"], "jokers": True}),
        changed(rules={**data["rules"], "jack_order": "reversed"}),
        changed(dealer=7),
        changed(dealer="0"),
        changed(multiplier=0),
        changed(hands=hands),
        changed(hands=[["XX", *hand[1:]] for hand in data["hands"]]),
        changed(hands=data["hands"][:4]),
        changed(blind=["7C"]),
        changed(blind=[1, 2]),
        changed(rng=[0, 0, 0, 0]),
        changed(rng=[1, 2, 3]),
        changed(rng=[-1, 2, 3, 4]),
        changed(history=["pick", "pick"]),
        changed(history=["fly away"]),
        changed(history=[0]),
        changed(history="pass"),
    ]


def test_corrupted_saves_raise_invalid_state_error() -> None:
    a, b = new_pair(11, {})
    for action in (ref.PASS, ref.PICK):
        a.apply_action(action)
        b.apply_action(action)
    assert json.loads(a.to_json()).keys() == json.loads(b.to_json()).keys()
    for bad in corruptions(b.to_json()):
        with pytest.raises(InvalidStateError):
            ref.State.from_json(bad)
        with pytest.raises(InvalidStateError):
            fast.State.from_json(bad)
    with pytest.raises(InvalidStateError):
        ref.State.from_json(42)  # type: ignore[arg-type]


def test_save_keeps_the_generator() -> None:
    a, b = new_pair(99, {})
    assert list(a.rng_state) == list(b.rng_state)
    restored = ref.State.from_json(b.to_json())
    assert restored.rng_state == b.rng_state
    hands = [b.hand(seat) for seat in range(5)]
    explicit = ref.State.from_cards(hands, b.blind)
    assert list(explicit.rng_state) == list(fast.State.from_cards(hands, b.blind).rng_state)
