"""Tractor rounds and matches through the public API: TV-T8, T9, T10, T15, T16 and the search protocol."""

from __future__ import annotations

import json
import pickle
import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tricktaker import (
    ArgumentError,
    IllegalActionError,
    IllegalPlayError,
    InvalidStateError,
    RulesError,
    tractor,
)
from tricktaker.tractor import Match, Rules, State, Trump, level_outcome

HEARTS_2 = Trump("2", "H")
KITTY_30 = "KS 10H 5D 5C 9S 3D JC 8H".split()


def finish(state: State, rng: random.Random) -> None:
    while not state.is_terminal:
        state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize(
    ("last_trick", "multiplier", "bonus"),
    [
        (["3S", "AS", "4S", "6S"], "seed_2c", 60),
        (["3S 3S", "AS AS", "4S 4S", "6S 6S"], "seed_2c", 120),
        (["3S 3S 4S 4S", "AS AS KS KS", "6S 6S 7S 7S", "8S 8S 9S 9S"], "seed_2c", 240),
        (["3S 3S 4S 4S", "AS AS KS KS", "6S 6S 7S 7S", "8S 8S 9S 9S"], "exp", 240),
        (["3S 3S 4S 4S 5S 5S", "AS AS KS KS QS QS", "6S 6S 7S 7S 8S 8S", "9S 9S 10S 10S JS JS"], "exp", 480),
    ],
)
def test_tv_t8_kitty_multiplier(last_trick: list[str], multiplier: str, bonus: int) -> None:
    hands = [p.split() for p in last_trick]
    kitty = ["5D", "KH", "10C", "5C", "9C", "3D", "JC", "8H"]  # 30 points
    rules = Rules(kitty_multiplier=multiplier)  # type: ignore[arg-type]
    state = State.from_cards(hands, kitty, HEARTS_2, 0, 0, rules=rules)
    state.play(hands[0])
    for hand in hands[1:]:
        state.play(hand)
    assert state.is_terminal
    assert state.kitty_bonus == bonus
    # Declarers (seats 1 and 3) winning the last trick score nothing from the kitty.
    won = State.from_cards([hands[2], hands[0], hands[3], hands[1]], kitty, HEARTS_2, 1, 1)
    for hand in (hands[0], hands[3], hands[1], hands[2]):
        won.play(hand)
    assert won.is_terminal and won.kitty_bonus == 0


@pytest.mark.parametrize(
    ("points", "hold", "levels"),
    [(-20, True, 3), (0, True, 3), (5, True, 2), (35, True, 2), (40, True, 1), (75, True, 1), (80, False, 0),
     (115, False, 0), (120, False, 1), (155, False, 1), (160, False, 2), (195, False, 2), (200, False, 3),
     (235, False, 3), (240, False, 4), (275, False, 4), (280, False, 5), (400, False, 8)],
)  # fmt: skip
def test_tv_t9_level_table(points: int, hold: bool, levels: int) -> None:
    assert level_outcome(points) == (hold, levels)


def test_tv_t10_whole_round_arithmetic() -> None:
    assert level_outcome(45 + 120) == (False, 2)
    assert level_outcome(70) == (True, 1)


@pytest.mark.parametrize(("points", "declarers", "starter"), [(75, 0, 2), (0, 0, 2), (80, 1, 1), (240, 1, 1)])
def test_tv_t15_starter_rotation(points: int, declarers: int, starter: int) -> None:
    _, next_declarers, next_starter, _ = tractor._native.next_round((2, 2), 0, 0, points, "pass_ace")
    assert (next_declarers, next_starter) == (declarers, starter)
    assert tractor._native.next_round((2, 2), 1, 1, 60, "pass_ace")[2] == 3


def test_tv_t16_game_end() -> None:
    nr = tractor._native.next_round
    assert nr((12, 5), 0, 0, 0, "pass_ace")[3] == 0
    assert nr((5, 13), 0, 0, 160, "pass_ace")[3] == 1
    assert nr((5, 13), 0, 0, 160, "must_defend_ace") == ((5, 14), 1, 1, None)
    assert nr((14, 5), 0, 0, 75, "pass_ace")[3] == 0
    assert nr((13, 5), 0, 0, 75, "pass_ace") == ((14, 5), 0, 2, None)


def test_whole_plays_and_failed_throws() -> None:
    hands = [["3C", "4C"], ["AS", "AS"], ["7C", "8C"], ["9D", "9D"]]
    state = State.from_cards(hands, KITTY_30, HEARTS_2, 0, 0)
    assert [[str(c) for c in p] for p in state.legal_plays()] == [["3C"], ["4C", "3C"], ["4C"]]
    with pytest.raises(IllegalPlayError, match="does not hold"):
        state.play("AS")
    state.play("3C 4C")  # a throw of two singles: 7C beats 3C, so 3C is led and one card taken back
    failed = state.failed_throw()
    assert failed is not None and failed[3] == 10 and [str(c) for c in failed[2]] == ["3C"]
    assert state.current_trick() == [(0, [tractor.Card("3C")])]
    with pytest.raises(IllegalPlayError, match="R26"):
        state.play("AS AS")
    state.play("AS")
    assert [str(c) for c in state.hand(2)] == ["8C", "7C"]
    assert [[str(c) for c in p] for p in state.legal_plays()] == [["7C"], ["8C"]]
    state.play("8C")
    state.play("9D")  # seat 3 is void in clubs
    assert state.last_trick() is not None and state.current_player == 2


def play_random_round(seed: int, rules: Rules | None = None) -> State:
    state = State.new(seed, rules=rules)
    finish(state, random.Random(seed))
    return state


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), chooser=st.randoms(use_true_random=False))
def test_random_rounds_account_for_every_card_and_point(seed: int, chooser: random.Random) -> None:
    """What a whole round adds up to (the protocol itself is checked for every game in test_protocol.py)."""
    state = State.new(seed)
    while not state.is_terminal:
        state.apply_action(chooser.choice(state.legal_actions()))
        if state.phase == "play" and state.tricks_played == 0 and not state.current_trick():
            assert [len(state.hand(s)) for s in range(4)] == [25] * 4 and len(state.kitty) == 8
    assert sum(state.returns()) == 0 and all(r != 0 for r in state.returns())
    assert sum(state.trick_points) + tractor.trick_points(state.kitty) == 200


def test_a_position_saves_and_loads() -> None:
    pos = State.from_cards([["3C", "4C"], ["AS", "AS"], ["7C", "8C"], ["9D", "9D"]], KITTY_30, HEARTS_2, 0, 0)
    pos.play("3C")
    assert State.from_json(pos.to_json()) == pos
    assert pickle.loads(pickle.dumps(pos)) == pos


def test_corrupted_saves_and_bad_setups() -> None:
    good = json.loads(play_random_round(4).to_json())
    for bad in (
        "[]",
        json.dumps({**good, "history": [*good["history"][:5], "play ZZ"]}),
        json.dumps({**good, "rules": {"color": 1}}),
        json.dumps({**good, "levels": [1, 2]}),
    ):
        with pytest.raises(InvalidStateError, match="corrupted"):
            State.from_json(bad)
    with pytest.raises(InvalidStateError, match="same level"):
        State.new(1, levels=(2, 3))
    with pytest.raises(InvalidStateError, match="starter"):
        State.new(1, levels=(2, 3), declarers=1, starter=2)
    with pytest.raises(InvalidStateError, match="one size"):
        State.from_cards([["3C"], ["AS", "AS"], ["7C"], ["9D"]], [], HEARTS_2, 0, 0)
    with pytest.raises(InvalidStateError, match="twice"):
        State.from_cards([["3C"], ["3C"], ["3C"], ["9D"]], [], HEARTS_2, 0, 0)
    with pytest.raises(InvalidStateError, match="declaring team"):
        State.from_cards([["3C"], ["AS"], ["7C"], ["9D"]], [], HEARTS_2, 1, 0)
    with pytest.raises(InvalidStateError, match="R5"):
        State.from_cards([["3C"], ["AS"], ["7C"], ["9D"]], [], HEARTS_2, 0, 0, levels=(9, 3))
    with pytest.raises(InvalidStateError, match="R9"):
        State.from_cards([["3C"], ["AS"], ["7C"], ["9D"]], [], Trump("2", None), 0, 0)
    with pytest.raises(RulesError, match="kitty_multiplier"):
        Rules(kitty_multiplier="x2")  # type: ignore[arg-type]
    assert Rules(**Rules(game_end="must_defend_ace").to_dict()) == Rules(game_end="must_defend_ace")
    assert pickle.loads(pickle.dumps(Rules(kitty_multiplier="exp"))) == Rules(kitty_multiplier="exp")


def test_later_rounds_use_the_declarers_rank() -> None:
    state = State.new(3, levels=(4, 9), declarers=1, starter=3)
    assert state.rank == "9" and state.declarers == 1
    finish(state, random.Random(1))
    assert state.declarers == 1 and state.starter == 3
    assert state.trump is not None and state.trump.rank in ("9", None)


def test_random_matches_end_with_a_winner() -> None:
    for seed in range(3):
        match = Match(seed=seed)
        rng = random.Random(seed)
        while not match.is_over:
            finish(match.state, rng)
            match.next_round()
            assert len(match.record) < 400
        assert match.winner in (0, 1)
        assert max(match.levels) == 14
        with pytest.raises(IllegalActionError, match="over"):
            match.next_round()


def test_random_playouts_and_simulate() -> None:
    a = tractor.random_playouts(300, 5, threads=1)
    b = tractor.random_playouts(300, 5, threads=2)
    assert a.shape == (300, 4) and a.dtype == np.int32 and (a == b).all()
    assert (a.sum(axis=1) == 0).all() and (a != 0).all()
    sim = tractor.simulate(300, 5)
    assert (sim.returns == a).all()
    hold = sim.points < 80
    declarer_return = a[np.arange(300), sim.declarers]
    assert ((declarer_return > 0) == hold).all()


def test_str_shows_the_table() -> None:
    state = play_random_round(2)
    text = str(state)
    assert "Trump:" in text and "Result:" in text and "Declarers: seats" in text


@pytest.mark.parametrize(("as_zero", "reported"), [(True, 0), (False, -10)])
def test_negative_points_as_zero_r43(as_zero: bool, reported: int) -> None:
    # An opponent's failed throw takes P below 0 (R42); the declarers gain 3 levels either way (R43).
    hands = ["3S 9D 8D", "AS 5C 6C", "4S 7C JD", "6S 7D QD"]
    rules = Rules(negative_points_as_zero=as_zero)
    state = State.from_cards([h.split() for h in hands], [], HEARTS_2, 0, 0, rules=rules)
    for play in ["3S", "AS", "4S", "6S", "5C 6C", "7C", "7D", "9D", "JD", "QD", "8D", "6C"]:
        state.play(play)
    assert state.is_terminal
    failed = state.failed_throw()
    assert failed is not None and failed[0] == 1 and failed[3] == -10
    assert state.points == reported
    assert state.returns() == [3, -3, 3, -3]


def test_playouts_finish_one_position_many_times() -> None:
    state = State.new(6)
    while state.phase != "play":
        state.apply_action(state.legal_actions()[0])
    a = tractor.playouts(state, 200, 3, threads=1)
    # The greedy policy, and the summaries of the very same rollouts (the rest is in test_protocol.py).
    greedy = tractor.playouts(state, 200, 3, threads=1, policy="greedy")
    assert (greedy == tractor.playouts(state, 200, 3, threads=2, policy="greedy")).all()
    assert not (greedy == a).all()
    runs = tractor.playout_summaries(state, 200, 3, policy="greedy")
    assert (runs.returns == greedy).all() and len(runs) == 200
    assert ((runs.points >= 0) & (runs.points % 5 == 0)).all()
    assert (runs.declarers == state.declarers).all() and (runs.starter == state.starter).all()


def test_information_key_and_observation() -> None:
    state = State.new(12)
    rng = random.Random(1)
    for _ in range(120):
        if not state.is_terminal:
            state.apply_action(rng.choice(state.legal_actions()))
    assert state.observation(2)[:54].sum() * 2 == len(state.hand(2))
    # Two positions that differ only in cards hidden from seat 0 look the same to it.
    hands = [["3C", "4C"], ["AS", "KS"], ["7C", "8C"], ["9D", "9D"]]
    swapped = [["3C", "4C"], ["AS", "8C"], ["7C", "KS"], ["9D", "9D"]]
    a = State.from_cards(hands, KITTY_30, HEARTS_2, 0, 0)
    b = State.from_cards(swapped, KITTY_30, HEARTS_2, 0, 0)
    assert (a.observation(0) == b.observation(0)).all()
    assert a.information_state_key(0) == b.information_state_key(0)
    assert a.information_state_key(1) != b.information_state_key(1)


# ---- resampling what a seat cannot see ----


def random_state(seed: int, depth: int) -> State:
    """A round ``depth`` random actions in: round 1 (with redeals) for even seeds, a later round for odd."""
    state = State.new(seed) if seed % 2 == 0 else State.new(seed, levels=(5, 3), declarers=1, starter=3)
    rng = random.Random(seed)
    for _ in range(depth):
        if not state.is_terminal:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 260), st.integers(0, 3))
def test_resample_keeps_what_the_player_sees_in_later_rounds(seed: int, depth: int, player: int) -> None:
    """Rounds after the first (the protocol suite of test_protocol.py deals round 1), replayed to the end."""
    state = random_state(seed * 2 + 1, depth)
    key, obs = state.information_state_key(player), state.observation(player)
    others = [state.resample(player, seed * 10 + k) for k in range(2)] + state.resamples(player, 2, seed)
    for other in others:
        assert other.information_state_key(player) == key
        assert (other.observation(player) == obs).all()
        assert other.hand(player) == state.hand(player)
        assert (other.current_player, other.phase) == (state.current_player, state.phase)
        # Every action of the history replays on the resampled deal (a saved copy replays it, checked).
        assert State.from_json(other.to_json()) == other
        assert pickle.loads(pickle.dumps(other)) == other
        if other.current_player == player:
            assert other.legal_actions() == state.legal_actions()
        if not other.is_terminal:
            finish(other, random.Random(seed))
            assert sum(other.returns()) == 0


def test_resample_changes_the_hidden_cards_and_undoes() -> None:
    state = random_state(7, 110)
    assert state.phase == "play"
    hands = {tuple(tuple(state.resample(0, k).hand(s)) for s in (1, 2, 3)) for k in range(20)}
    assert len(hands) >= 18
    other = state.resample(0, 1)
    other.undo()
    again = state.clone()
    again.undo()
    assert other.information_state_key(0) == again.information_state_key(0)
    with pytest.raises(ArgumentError, match="player must be an int from 0 to 3"):
        state.resample(4, 1)
    assert state.resamples(1, 0, 3) == []


@pytest.mark.parametrize("seed", [1, 7, 23])
def test_a_round_from_its_own_stack_is_the_round(seed: int) -> None:
    """R13: State.from_stack draws the given stack as State.new draws its shuffle; with the same seed for
    the rest (the first drawer), the two rounds are the same game to the end."""
    dealt = State.new(seed)
    stack = dealt.stack()
    assert sorted(c.id for c in stack) == sorted(list(range(54)) * 2)
    again = State.from_stack(stack, seed=seed)
    assert again.stack() == stack
    rng = random.Random(seed)
    while not dealt.is_terminal:
        assert again.legal_actions() == dealt.legal_actions()
        action = rng.choice(dealt.legal_actions())
        dealt.apply_action(action)
        again.apply_action(action)
    assert again.returns() == dealt.returns()
    assert [again.hand(s) for s in range(4)] == [dealt.hand(s) for s in range(4)]


def test_a_stack_that_is_not_two_decks_is_refused_with_the_card() -> None:
    stack = State.new(3).stack()
    with pytest.raises(InvalidStateError, match=f"holds {stack[0]} 3 times"):
        State.from_stack([stack[0], *stack[:-1]] if stack[-1] != stack[0] else stack)
    with pytest.raises(InvalidStateError, match="not 107"):
        State.from_stack(stack[:-1])
    with pytest.raises(ArgumentError, match="at most 108"):
        State.from_stack([*stack, stack[0]])
    with pytest.raises(InvalidStateError, match="same level"):
        State.from_stack(stack, levels=(3, 5))
    with pytest.raises(ArgumentError, match="levels"):
        State.from_stack(stack, levels=(1, 1))
