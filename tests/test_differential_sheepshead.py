"""The Rust engine against the pure-Python reference, written independently from the rules: at every step of
thousands of random hands they must agree on whose turn it is, what is legal, the tricks, points and returns.

A disagreement names the seed, the options and the history so far, so it can be replayed.
Run a larger size with ``python -m pytest tests/test_differential_sheepshead.py --diff-games 5000``.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tricktaker import sheepshead as fast
from tricktaker.reference import sheepshead as ref

OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"no_legal_call": "unknown"},
    {"all_pass": "doubler", "double_on_the_bump": True},
    {"jack_order": "seed", "called_card_no_discard": False},
    {"hold_card_lead": "forbidden", "no_legal_call": "unknown"},
    {"schwarz": "points", "no_trick_split": True, "double_on_the_bump": True},
    {"no_ace_face_trump_redeal": True, "hold_card_lead": "forbidden"},
]


def compare_hand(seed: int, options: dict[str, Any], choices: random.Random) -> None:
    dealer = seed % 5
    a = fast.State.new(seed, rules=fast.Rules(**options), dealer=dealer)
    b = ref.State.new(seed, rules=ref.Rules(**options), dealer=dealer)

    def where() -> str:
        history = [b.action_to_string(x) for x in b.history()]
        return f"seed={seed} dealer={dealer} options={options} history={history}"

    assert [sorted(map(str, a.hand(s))) for s in range(5)] == [sorted(b.hand(s)) for s in range(5)], where()
    assert sorted(map(str, a.blind)) == sorted(b.blind), where()
    while True:
        assert a.current_player == b.current_player, where()
        assert a.is_terminal == b.is_terminal, where()
        assert a.legal_actions() == b.legal_actions(), where()
        assert a.phase == b.phase, where()
        assert a.points() == b.points(), where()
        assert a.tricks_won() == b.tricks_won(), where()
        assert [w for _, _, w in a.tricks()] == b.trick_winners(), where()
        assert a.partner == b.partner and a.picker == b.picker, where()
        assert a.returns() == b.returns(), where()
        if a.is_terminal:
            return
        action = choices.choice(b.legal_actions())
        assert a.action_to_string(action) == b.action_to_string(action), where()
        a.apply_action(action)
        b.apply_action(action)


@pytest.mark.parametrize(
    "options", OPTION_SETS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "default"
)
def test_seeded_random_hands_agree(options: dict[str, Any], diff_games: int) -> None:
    for seed in range(diff_games):
        compare_hand(seed, options, random.Random(seed))


@settings(max_examples=100, deadline=None)
@given(
    seed=st.integers(0, 2**64 - 1),
    choices=st.randoms(use_true_random=False),
    options=st.sampled_from(OPTION_SETS),
)
def test_hypothesis_hands_agree(seed: int, choices: random.Random, options: dict[str, Any]) -> None:
    compare_hand(seed, options, choices)


def test_rule_functions_agree() -> None:
    for jack_order in ("standard", "seed"):
        assert [str(c) for c in fast.trumps(jack_order)] == ref.trump_order(jack_order)  # type: ignore[arg-type]
    rng = random.Random(1)
    deck = [str(c) for c in fast.trumps()] + [
        f"{r}{s}" for s in "CSH" for r in ("7", "8", "9", "10", "K", "A")
    ]
    for card in deck:
        assert fast.card_points(card) == ref.card_points(card)
    for _ in range(2000):
        trick = rng.sample(deck, 5)
        w = fast.trick_winner(trick)
        assert trick[w] == ref_trick_winner(trick), trick


def ref_trick_winner(trick: list[str]) -> str:
    """R25 from the reference's orders: the highest trump, else the highest card of the led fail suit."""
    trump_order = ref.trump_order("standard")
    trumps = [c for c in trick if c in trump_order]
    if trumps:
        return min(trumps, key=trump_order.index)
    led = ref.card_suit(trick[0])
    return min((c for c in trick if ref.card_suit(c) == led), key=ref.fail_order(led).index)
