"""The search protocol of the pure-Python reference Tractor round against the Rust engine.

The two engines deal the same cards for the same seed, so both play the same random actions side by side,
over seeded rounds with random options (round 1 and later rounds) and over random `from_cards` positions.
Along the way: the legal-action masks are equal, every player's observation is equal element for element,
and the information keys agree as equivalence relations (the reference hashes its own way, so only which
states share a key is compared, including states resampled for a player by either engine). JSON saves are
byte-identical, load in the other engine with the same history (resampled rounds too), and corrupted saves
raise `InvalidStateError` in both; pickling round-trips.

The random options include those of the variants chapter for four players (F7, F8, F10-F12, F26, F27,
F32, F33, F35).
"""

from __future__ import annotations

import json
import pickle
import random
from typing import Any

import pytest

from tricktaker import tractor as rt
from tricktaker.errors import InvalidStateError
from tricktaker.reference import tractor as ref

ROUNDS = 100  # seeded random rounds, in blocks
BLOCK = 10
CHECK_EVERY = 5  # steps between two full checks (mask, observations, keys)
RESAMPLE_EVERY = 90  # steps between two resamples (both engines, both ways)


# ------------------------------------------------------------------------------------------------------------
# Helpers
# ------------------------------------------------------------------------------------------------------------


def random_rules(rng: random.Random) -> dict[str, Any]:
    """Random options (the default ones half of the time)."""
    if rng.random() < 0.5:
        return {}
    return {
        "first_drawer_round1": rng.choice(["random", "seat0"]),
        "allow_self_reinforce": rng.random() < 0.5,
        "red_pair_overrides_black_pair": rng.random() < 0.5,
        "first_landlord": rng.choice(["winning_declaration", "first_declaration"]),
        "bid_override": rng.choice(["standard", "higher_suit", "count_only"]),
        "joker_declaration_min": rng.choice(["two", "decks"]),
        "joker_pair_declaration_keeps_rank": rng.random() < 0.5,
        "kitty_flip_joker_no_trump": rng.random() < 0.5,
        "plain_suit_gap_closing": rng.random() < 0.5,
        "tractor_follow": rng.choice(["none", "full", "fallback"]),
        "failed_throw_forced": rng.choice(["fewest_cards_then_lowest", "first_in_turn_smallest"]),
        "throw_penalty": rng.choice(["per_card_taken_back", "per_attempt_10", "none"]),
        "negative_points": rng.choice(["clamp", "extra_levels"]),
        "deadzone": rng.random() < 0.5,
        "kitty_multiplier": rng.choice(["seed_2c", "exp", "largest_unit_times2", "largest_unit_pow2"]),
        "game_end": rng.choice(["pass_ace", "must_defend_ace"]),
        "defend_points": rng.random() < 0.5,
    }


def seeded_pair(seed: int) -> tuple[rt.State, ref.State, random.Random]:
    """The same round in both engines (round 1 or a later one, random options), and a chooser."""
    rng = random.Random(seed)
    options = random_rules(rng)
    if rng.random() < 0.6:
        level = rng.randint(2, 14)
        args: dict[str, Any] = {"levels": (level, level)}
    else:
        declarers = rng.randrange(2)
        args = {
            "levels": (rng.randint(2, 14), rng.randint(2, 14)),
            "declarers": declarers,
            "starter": declarers + 2 * rng.randrange(2),
        }
    fast = rt.State.new(seed, rules=rt.Rules(**options), **args)
    slow = ref.State.new(seed, rules=ref.Rules(**options), **args)
    return fast, slow, rng


class KeyEquivalence:
    """Checks that two key functions induce the same partition: a key of one engine always goes with the same
    key of the other."""

    def __init__(self) -> None:
        self.fast_to_slow: dict[int, int] = {}
        self.slow_to_fast: dict[int, int] = {}

    def add(self, fast_key: int, slow_key: int, where: str) -> None:
        assert self.fast_to_slow.setdefault(fast_key, slow_key) == slow_key, (
            f"{where}: Rust keys equal, ref not"
        )
        assert self.slow_to_fast.setdefault(slow_key, fast_key) == fast_key, (
            f"{where}: ref keys equal, Rust not"
        )


def check_views(fast: rt.State, slow: ref.State, keys: KeyEquivalence, where: str) -> None:
    """Mask, every observation and every key of the same state in both engines."""
    assert slow.legal_action_mask() == fast.legal_action_mask().tolist(), where
    for player in range(4):
        assert slow.observation(player) == fast.observation(player).tolist(), f"{where}, player {player}"
        slow_key = slow.information_state_key(player)
        assert 0 <= slow_key < 2**64
        keys.add(fast.information_state_key(player), slow_key, f"{where}, player {player}")


def check_json(fast: rt.State, slow: ref.State, where: str) -> None:
    """Byte-identical saves, each loading in the other engine (and its own) with the same history."""
    text = slow.to_json()
    assert text == fast.to_json(), where
    assert rt.State.from_json(text).history() == slow.history(), where
    loaded = ref.State.from_json(fast.to_json())
    assert loaded.history() == fast.history(), where
    assert loaded.observation(0) == slow.observation(0), where


def check_resamples(
    fast: rt.State, slow: ref.State, player: int, seed: int, keys: KeyEquivalence, where: str
) -> None:
    """A round resampled for ``player`` by either engine, loaded in the other through JSON: the same views in
    both engines, the player's key unchanged, and every seat's key changed or not alike in both."""
    fast_resampled = fast.resample(player, seed)
    slow_resampled = slow.resample(player, seed)
    pairs = [
        (fast_resampled, ref.State.from_json(fast_resampled.to_json())),
        (rt.State.from_json(slow_resampled.to_json()), slow_resampled),
    ]
    for which, (f, s) in zip(("Rust resample", "ref resample"), pairs, strict=True):
        here = f"{where}, {which} for {player}"
        assert s.history() == f.history(), here  # another starter's discards may be rewritten
        assert len(f.history()) == len(fast.history()), here
        assert s.to_json() == f.to_json(), here
        check_views(f, s, keys, here)
        assert f.information_state_key(player) == fast.information_state_key(player), here
        assert s.information_state_key(player) == slow.information_state_key(player), here
        assert s.observation(player) == slow.observation(player), here
        for seat in range(4):
            same_fast = f.information_state_key(seat) == fast.information_state_key(seat)
            same_slow = s.information_state_key(seat) == slow.information_state_key(seat)
            assert same_fast == same_slow, f"{here}, seat {seat}"


def play_along(fast: rt.State, slow: ref.State, rng: random.Random, keys: KeyEquivalence, name: str) -> None:
    """Random actions applied to both engines to the end, with the checks every few steps."""
    step = 0
    while True:
        legal = fast.legal_actions()
        assert slow.legal_actions() == legal, f"{name}, step {step}"
        where = f"{name}, step {step} ({slow.phase})"
        if step % CHECK_EVERY == 0 or fast.is_terminal:
            check_views(fast, slow, keys, where)
        if step % RESAMPLE_EVERY == RESAMPLE_EVERY - 1 or fast.is_terminal:
            check_json(fast, slow, where)
            check_resamples(fast, slow, rng.randrange(4), rng.randrange(2**32), keys, where)
        if fast.is_terminal:
            assert slow.returns() == fast.returns(), name
            return
        action = rng.choice(legal)
        fast.apply_action(action)
        slow.apply_action(action)
        step += 1


# ------------------------------------------------------------------------------------------------------------
# Seeded rounds and positions
# ------------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("block", range(ROUNDS // BLOCK))
def test_seeded_rounds_match_the_rust_engine(block: int) -> None:
    keys = KeyEquivalence()  # shared by the rounds of a block: keys of different rounds must agree too
    for seed in range(block * BLOCK, (block + 1) * BLOCK):
        fast, slow, rng = seeded_pair(seed)
        play_along(fast, slow, rng, keys, f"round {seed}")


def random_position(seed: int) -> tuple[rt.State, ref.State, random.Random]:
    """A random `from_cards` position (hands of 1..10 cards, a kitty, any trump) in both engines."""
    rng = random.Random(seed)
    deck = [card for card in ref.DECK for _ in range(2)]
    rng.shuffle(deck)
    size = rng.randint(1, 10)
    hands = [deck[size * seat : size * (seat + 1)] for seat in range(4)]
    kitty = deck[4 * size : 4 * size + rng.randint(0, 8)]
    rank = rng.choice([None, *ref.RANKS])
    suit = None if rank is None else rng.choice(ref.SUITS)
    declarers = rng.randrange(2)
    starter = declarers + 2 * rng.randrange(2)
    options = random_rules(rng)
    fast = rt.State.from_cards(
        hands, kitty, rt.Trump(rank, suit), starter, declarers, rules=rt.Rules(**options)
    )
    slow = ref.State.from_cards(hands, kitty, ref.Trump(rank, suit), starter, declarers, ref.Rules(**options))
    return fast, slow, rng


def test_positions_from_cards_match_the_rust_engine() -> None:
    keys = KeyEquivalence()
    for seed in range(60):
        fast, slow, rng = random_position(seed)
        play_along(fast, slow, rng, keys, f"position {seed}")


def test_keys_separate_seats_and_follow_each_action() -> None:
    """As the Rust engine's own test: the four seats' keys differ, and every action changes every key."""
    for seed in range(12):
        _, slow, rng = seeded_pair(1000 + seed)
        for _ in range(rng.randrange(150)):
            if slow.is_terminal:
                break
            slow.apply_action(rng.choice(slow.legal_actions()))
        keys = [slow.information_state_key(seat) for seat in range(4)]
        assert len(set(keys)) == 4
        assert keys == [slow.clone().information_state_key(seat) for seat in range(4)]
        if not slow.is_terminal:
            after = slow.clone()
            after.apply_action(after.legal_actions()[0])
            assert all(after.information_state_key(seat) != keys[seat] for seat in range(4))
            after.undo()
            assert [after.information_state_key(seat) for seat in range(4)] == keys


def test_mask_and_observation_shapes() -> None:
    state = ref.State.new(7)
    mask = state.legal_action_mask()
    assert len(mask) == ref.NUM_ACTIONS and all(isinstance(x, bool) for x in mask)
    assert [a for a in range(ref.NUM_ACTIONS) if mask[a]] == state.legal_actions()
    assert ref.OBSERVATION_SHAPE == rt.OBSERVATION_SHAPE
    observation = state.observation(0)
    assert len(observation) == ref.OBSERVATION_SHAPE[0] and all(isinstance(x, float) for x in observation)
    with pytest.raises(ValueError):
        state.observation(4)
    with pytest.raises(ValueError):
        state.information_state_key(-1)


# ------------------------------------------------------------------------------------------------------------
# Saving
# ------------------------------------------------------------------------------------------------------------


def test_pickling_round_trips() -> None:
    for seed in range(6):
        _, slow, rng = seeded_pair(seed)
        for _ in range(rng.randrange(200)):
            if slow.is_terminal:
                break
            slow.apply_action(rng.choice(slow.legal_actions()))
        for state in (slow, slow.resample(seed % 4, seed)):
            copy = pickle.loads(pickle.dumps(state))
            assert copy.history() == state.history()
            assert copy.to_json() == state.to_json()
            assert [copy.information_state_key(p) for p in range(4)] == [
                state.information_state_key(p) for p in range(4)
            ]
            assert ref.State.from_json(state.to_json()).to_json() == state.to_json()


def test_from_stack_rounds_save_as_restacked_deals() -> None:
    for first_drawer in range(4):
        rng = random.Random(first_drawer)
        stack = [card for card in ref.DECK for _ in range(2)]
        rng.shuffle(stack)
        slow = ref.State.from_stack(stack, first_drawer=first_drawer, seed=99)
        while not slow.is_terminal and len(slow.history()) < 120:
            slow.apply_action(rng.choice(slow.legal_actions()))
        fast = rt.State.from_json(slow.to_json())
        assert fast.history() == slow.history()
        for player in range(4):
            assert fast.observation(player).tolist() == slow.observation(player)
        assert ref.State.from_json(slow.to_json()).to_json() == slow.to_json()
    seat0 = ref.State.from_stack(stack, rules=ref.Rules(first_drawer_round1="seat0"), first_drawer=1)
    with pytest.raises(ValueError):
        seat0.to_json()


def corruptions(text: str) -> list[str]:
    """Saves broken in every part: the text, the header, the rules, the start and the history."""
    data = json.loads(text)
    broken: list[str] = [text[: len(text) // 2], "[]", "null", json.dumps({**data, "game": "sheepshead"})]
    broken.append(json.dumps({**data, "format": 2}))
    broken.append(json.dumps({**data, "rules": {**data["rules"], "no_such_option": True}}))
    broken.append(json.dumps({**data, "rules": {**data["rules"], "kitty_multiplier": "triple"}}))
    broken.append(json.dumps({**data, "levels": [2, 15]}))
    broken.append(json.dumps({k: v for k, v in data.items() if k != "start"}))
    broken.append(json.dumps({**data, "history": [*data["history"], "play XX"]}))
    broken.append(
        json.dumps({**data, "history": [*data["history"], "discard 2C", "discard 2C", "discard 2C"]})
    )
    if "deal" in data["start"]:
        deal = data["start"]["deal"]
        broken.append(json.dumps({**data, "start": {"deal": {**deal, "rng": [0, 0, 0, 0]}}}))
        broken.append(json.dumps({**data, "start": {"deal": {**deal, "rng": [1, 2, 3]}}}))
        broken.append(json.dumps({**data, "start": {"deal": {**deal, "declarers": 1, "starter": 0}}}))
        for restack in deal.get("restacks", []):
            short = {**restack, "stack": restack["stack"].rsplit(" ", 1)[0] + " RJ"}
            broken.append(json.dumps({**data, "start": {"deal": {**deal, "restacks": [short]}}}))
    else:
        position = data["start"]["position"]
        broken.append(json.dumps({**data, "start": {"position": {**position, "kitty": ["2C"] * 3}}}))
        broken.append(json.dumps({**data, "start": {"position": {**position, "starter": 7}}}))
    return broken


def test_corrupted_saves_raise_invalid_state_error() -> None:
    fast, slow, rng = seeded_pair(3)
    for _ in range(130):
        action = rng.choice(fast.legal_actions())
        fast.apply_action(action)
        slow.apply_action(action)
    position, _, _ = random_position(5)
    texts = [slow.to_json(), slow.resample(1, 2).to_json(), position.to_json()]
    for text in texts:
        loaded = ref.State.from_json(text)
        assert [loaded.action_to_string(a) for a in loaded.history()] == json.loads(text)["history"]
        for broken in corruptions(text):
            with pytest.raises(InvalidStateError):
                ref.State.from_json(broken)
            with pytest.raises(InvalidStateError):
                rt.State.from_json(broken)
