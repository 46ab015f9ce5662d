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


PASS_ACE, MUST_DEFEND_ACE = Rules(), Rules(game_end="must_defend_ace")


@pytest.mark.parametrize(("points", "declarers", "starter"), [(75, 0, 2), (0, 0, 2), (80, 1, 1), (240, 1, 1)])
def test_tv_t15_starter_rotation(points: int, declarers: int, starter: int) -> None:
    _, next_declarers, next_starter, _ = tractor._native.next_round((2, 2), 0, 0, points, PASS_ACE)
    assert (next_declarers, next_starter) == (declarers, starter)
    assert tractor._native.next_round((2, 2), 1, 1, 60, PASS_ACE)[2] == 3


def test_tv_t16_game_end() -> None:
    nr = tractor._native.next_round
    assert nr((12, 5), 0, 0, 0, PASS_ACE)[3] == 0
    assert nr((5, 13), 0, 0, 160, PASS_ACE)[3] == 1
    assert nr((5, 13), 0, 0, 160, MUST_DEFEND_ACE) == ((5, 14), 1, 1, None)
    assert nr((14, 5), 0, 0, 75, PASS_ACE)[3] == 0
    assert nr((13, 5), 0, 0, 75, PASS_ACE) == ((14, 5), 0, 2, None)


def test_tv_f22_defend_points_in_a_match() -> None:
    # F35: declarers at 4 with P = 0 (+3) stop at 5; holding again at 5 with P = 20 (+2) they reach 7;
    # opponents at 5 taking over with P = 160 (+2) stay at 5; opponents at 3 with P = 200 (+3) stop at 5.
    rules = Rules(defend_points=True)
    nr = tractor._native.next_round
    assert nr((4, 2), 0, 0, 0, rules)[0] == (5, 2)
    assert nr((5, 2), 0, 0, 20, rules)[0] == (7, 2)
    assert nr((2, 5), 0, 0, 160, rules)[:2] == ((2, 5), 1)
    assert nr((2, 3), 0, 0, 200, rules)[0] == (2, 5)
    assert nr((4, 2), 0, 0, 0, Rules())[0] == (7, 2)


def test_tv_f21_level_outcomes_under_the_options() -> None:
    assert level_outcome(-80, negative_points="extra_levels") == (True, 5)
    assert level_outcome(-40, negative_points="extra_levels") == (True, 4)
    assert level_outcome(-35, negative_points="extra_levels") == (True, 3)
    assert level_outcome(-80) == (True, 3)
    assert level_outcome(80, deadzone=False) == (False, 1)
    assert level_outcome(115, deadzone=False) == (False, 1)
    assert level_outcome(120, deadzone=False) == (False, 2)
    with pytest.raises(RulesError, match="negative_points"):
        level_outcome(0, negative_points="zero")  # type: ignore[arg-type]


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


@pytest.mark.parametrize(("negative_points", "reported"), [("clamp", 0), ("extra_levels", -10)])
def test_negative_points_r43_f33(negative_points: str, reported: int) -> None:
    # An opponent's failed throw takes P below 0 (R42); the declarers gain 3 levels either way (R43, F33:
    # -10 is still in the first window of extra_levels).
    hands = ["3S 9D 8D", "AS 5C 6C", "4S 7C JD", "6S 7D QD"]
    rules = Rules(negative_points=negative_points)
    state = State.from_cards([h.split() for h in hands], [], HEARTS_2, 0, 0, rules=rules)
    for play in ["3S", "AS", "4S", "6S", "5C 6C", "7C", "7D", "9D", "JD", "QD", "8D", "6C"]:
        state.play(play)
    assert state.is_terminal
    failed = state.failed_throw()
    assert failed is not None and failed[0] == 1 and failed[3] == -10
    assert state.points == reported
    assert state.returns() == [3, -3, 3, -3]


@pytest.mark.parametrize(("as_zero", "negative_points"), [(True, "clamp"), (False, "extra_levels")])
def test_negative_points_as_zero_still_sets_negative_points_with_a_warning(
    as_zero: bool, negative_points: str
) -> None:
    with pytest.warns(
        DeprecationWarning, match="negative_points_as_zero is deprecated: use negative_points"
    ) as w:
        rules = Rules(negative_points_as_zero=as_zero)
    assert w[0].filename == __file__, "the warning points at the caller's line"
    assert rules == Rules(negative_points=negative_points)
    # An old save or pickle's rules still load (from a dict, as a pickle does); both names at once do not.
    with pytest.warns(DeprecationWarning):
        assert Rules.from_dict({"negative_points_as_zero": as_zero}) == rules
    with pytest.raises(RulesError, match="replaced by negative_points: give one of them, not both"):
        Rules(negative_points_as_zero=as_zero, negative_points="clamp")
    with pytest.raises(RulesError, match="never took the value"), pytest.warns(DeprecationWarning):
        Rules(negative_points_as_zero="yes")
    # A save written before the rename loads with the new option.
    state = State.new(3, rules=Rules(negative_points=negative_points))
    old = json.loads(state.to_json())
    del old["rules"]["negative_points"]
    old["rules"]["negative_points_as_zero"] = as_zero
    assert State.from_json(json.dumps(old)).rules == rules


@pytest.mark.parametrize(("old", "tractor_follow"), [(True, "full"), (False, "none")])
def test_tractor_must_follow_tractor_still_sets_tractor_follow_with_a_warning(
    old: bool, tractor_follow: str
) -> None:
    with pytest.warns(
        DeprecationWarning, match="tractor_must_follow_tractor is deprecated: use tractor_follow"
    ):
        rules = Rules(tractor_must_follow_tractor=old)
    assert rules == Rules(tractor_follow=tractor_follow)
    with pytest.raises(RulesError, match="replaced by tractor_follow: give one of them, not both"):
        Rules(tractor_must_follow_tractor=old, tractor_follow="fallback")
    state = State.new(4, rules=rules)
    saved = json.loads(state.to_json())
    del saved["rules"]["tractor_follow"]
    saved["rules"]["tractor_must_follow_tractor"] = old
    assert State.from_json(json.dumps(saved)).rules == rules  # a save written before the rename loads
    # The toolkit's keyword too: the same answers as tractor_follow, with a warning at the caller's line.
    trump = Trump("2", "H")
    hand, lead = "4S 4S 6S 6S 7S 7S".split(), "9S 9S 10S 10S".split()
    with pytest.warns(DeprecationWarning, match="tractor_follow='full'") as w:
        plays = tractor.legal_follows(hand, lead, trump, tractor_must_follow_tractor=old)
    assert w[0].filename == __file__
    assert plays == tractor.legal_follows(hand, lead, trump, tractor_follow=tractor_follow)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="not both"):
        tractor.is_legal_follow(
            hand, lead, hand[:4], trump, tractor_follow="full", tractor_must_follow_tractor=old
        )


def test_the_toolkit_refuses_bad_follow_and_compare_options() -> None:
    trump = Trump("2", "H")
    with pytest.raises(RulesError, match="tractor_follow"):
        tractor.legal_follows(["4S"], ["9S"], trump, tractor_follow="always")  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="new_adjacency"):
        tractor.follow_error(["4S"], ["9S"], ["4S"], trump, new_adjacency="never")  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="throw_compare"):
        tractor.trick_winner([["AS"], ["KS"]], trump, throw_compare="best")  # type: ignore[arg-type]


def _tv_f23_round(rules: Rules) -> State:
    """A later round at level 5 whose kitty is TV-F23's, every declaration passed up (R20)."""
    ranks = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    deck = [rank + suit for rank in ranks for suit in "CDHS"] * 2 + ["BJ", "RJ"] * 2
    kitty = "9C BJ 5H KD 3S 8C 10H 2D".split()
    for card in kitty:
        deck.remove(card)
    state = State.from_stack(deck + kitty, rules=rules, levels=(5, 5), declarers=0, starter=0)
    while state.phase == "draw":
        state.apply("pass")
    return state


def test_tv_f23_the_kitty_flip_and_the_no_trump_round_that_keeps_the_rank() -> None:
    # F11, F12: by default BJ is skipped and 5♥ makes hearts trumps; under kitty_flip_joker_no_trump the
    # turning stops at BJ, a no-trump round of the jokers (or of the jokers and every 5 with keeps_rank).
    assert _tv_f23_round(Rules()).trump == Trump("5", "H")
    assert _tv_f23_round(Rules(kitty_flip_joker_no_trump=True)).trump == Trump(None, None)
    keeps = Rules(kitty_flip_joker_no_trump=True, joker_pair_declaration_keeps_rank=True)
    state = _tv_f23_round(keeps)
    assert state.trump == Trump("5", None)
    finish(state, random.Random(1))
    assert sum(state.returns()) == 0


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
