"""Tests of the pure-Python Tractor reference: the option ``after_ace`` of the variants chapter
(``tractor-variants.md`` F12 third bullet, F35, F36, TV-F22) for four players in partnerships, two decks.

Under ``after_ace = "no_trump_level"`` the level after A is NT, written 15 (or ``"NT"``); A and NT are
checkpoints; going past NT (reported as 16) wins. A round whose declarers are at NT is a no-trump round
without a rank: only the jokers are trumps, nobody declares during the draw and the talon is never turned
(R20). Under the default ``"game_over"`` a level 15 is refused and passing A wins as before (R47).

The defend_points rows of TV-F22 are in ``test_reference_tractor_options.py``; here they are only checked
together with no_trump_level.

Seats 0-3 in turn order; team 0 is seats 0 and 2, team 1 seats 1 and 3. Cards are written as texts.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from test_reference_tractor_round import build_stack, cards, check_cards, play_all  # the same directory

from tricktaker.errors import InvalidStateError
from tricktaker.reference import tractor as ref

NT = 15  # the level NT (F35)
PAST_NT = 16  # "past NT": the game is won (F36)
ACE = 14
NTL = ref.Rules(after_ace="no_trump_level")
DECLARATION_IDS = range(109, 120)  # declare 109..118 and pass 119: the draw's decisions
JOKERS = {"BJ", "RJ"}


def outcome_tuple(outcome: ref.RoundOutcome) -> tuple[object, ...]:
    return (
        outcome.declarers_hold,
        outcome.levels_gained,
        outcome.levels,
        outcome.declarers,
        outcome.starter,
        outcome.winner,
    )


def nt_round(seed: int, rules: ref.Rules = NTL, levels: tuple[int, int] = (NT, 9)) -> ref.State:
    """A dealt round whose declarers (team 0, starter seat 2) are at the level NT."""
    return ref.State.new(seed, rules, levels=levels, declarers=0, starter=2)


def assert_no_trump_without_rank(trump: ref.Trump | None) -> None:
    """F12, third bullet: only the four jokers are trumps, RJ > BJ; each plain suit has all 13 ranks."""
    assert trump is not None
    assert (trump.rank, trump.suit) == (None, None)
    assert [card for card in ref.DECK if trump.is_trump(card)] == ["BJ", "RJ"]
    assert trump.strength("RJ") > trump.strength("BJ")
    for suit in "CDHS":
        suit_cards = [rank + suit for rank in ref.RANKS]
        assert {trump.suit_of(card) for card in suit_cards} == {suit}
        assert [trump.strength(card) for card in suit_cards] == list(range(1, 14))  # 2 low ... A high


# ------------------------------------------------------------------------------------------------------------
# TV-F22: checkpoints (F35, F36), the no_trump_level rows
# ------------------------------------------------------------------------------------------------------------


def test_tv_f22_no_trump_level() -> None:
    # Declarers at A, P = 60 (+1) -> NT, and the game goes on.
    to_nt = ref.round_outcome(60, (ACE, 9), 0, 0, NTL)
    assert outcome_tuple(to_nt) == (True, 1, (NT, 9), 0, 2, None)
    # Next round: a no-trump round without rank, no declaration.
    state = nt_round(11, levels=to_nt.levels)
    assert (state.levels, state.rank, state.declarers, state.starter) == ((NT, 9), NT, 0, 2)
    assert state.phase == "kitty" and state.declaration is None and state.turned == 0
    assert_no_trump_without_rank(state.trump)
    # The declarers hold with P = 75 (+1) -> past NT -> they win.
    past = ref.round_outcome(75, to_nt.levels, to_nt.declarers, to_nt.starter, NTL)
    assert outcome_tuple(past) == (True, 1, (PAST_NT, 9), 0, 0, 0)

    # Declarers at Q, P = 0 (+3) -> K, A, stop; under game_over they would win (TV-T16).
    stop = ref.round_outcome(0, (12, 5), 0, 0, NTL)
    assert outcome_tuple(stop) == (True, 3, (ACE, 5), 0, 2, None)
    game_over = ref.round_outcome(0, (12, 5), 0, 0)
    assert (game_over.levels, game_over.winner) == ((15, 5), 0)

    # Opponents at K, P = 200 (+3) -> A, then stop; they take over at A.
    takeover = ref.round_outcome(200, (9, 13), 0, 0, NTL)
    assert outcome_tuple(takeover) == (False, 3, (9, ACE), 1, 1, None)
    assert ref.round_outcome(200, (9, 13), 0, 0).winner == 1  # game_over: K + 3 wins


def test_no_trump_level_steps() -> None:
    """F35's stop rule around A and NT, in more cases than the vector's."""
    # Declarers at A: A is a checkpoint, but not for declarers at step 0; NT stops them at step 1.
    assert ref.round_outcome(0, (ACE, 2), 0, 0, NTL).levels == (NT, 2)
    # Declarers at NT, in a round played at NT: step 0 leaves NT; past NT nothing more happens (16).
    for points in (0, 20, 75):
        outcome = ref.round_outcome(points, (NT, 2), 0, 0, NTL)
        assert (outcome.levels, outcome.winner) == ((PAST_NT, 2), 0)
    # Opponents on A or NT do not move, but take over.
    assert outcome_tuple(ref.round_outcome(240, (ACE, 5), 1, 1, NTL)) == (False, 4, (ACE, 5), 0, 2, None)
    assert outcome_tuple(ref.round_outcome(240, (5, NT), 0, 2, NTL)) == (False, 4, (5, NT), 1, 3, None)
    # ... and the declarers at NT losing it: the opponents rise, NT stays.
    assert ref.round_outcome(160, (NT, 11), 0, 0, NTL).levels == (NT, 13)
    # The texts of levels: "NT" is 15, "A" is 14.
    assert ref.round_outcome(75, ("NT", "A"), 0, 0, NTL) == ref.round_outcome(75, (NT, ACE), 0, 0, NTL)
    assert ref.round_outcome(75, ("nt", "2"), 0, 0, NTL).levels == (PAST_NT, 2)


def test_no_trump_level_with_defend_points_and_must_defend_ace() -> None:
    both = ref.Rules(after_ace="no_trump_level", defend_points=True)
    assert ref.round_outcome(0, (4, 2), 0, 0, both).levels == (5, 2)  # TV-F22, defend_points: stop at 5
    assert ref.round_outcome(0, (12, 2), 0, 0, both).levels == (13, 2)  # K stops first
    assert ref.round_outcome(0, (13, 2), 0, 0, both).levels == (ACE, 2)  # declarers leave K; A stops them
    assert ref.round_outcome(200, (9, 3), 0, 0, both).levels == (9, 5)  # opponents at 3: 4, 5, stop
    # must_defend_ace adds A, already a checkpoint; a winner is reported at the last level, NT (15).
    defend = ref.Rules(after_ace="no_trump_level", game_end="must_defend_ace")
    for points, levels in [(0, (12, 5)), (200, (9, 13)), (60, (ACE, 9)), (0, (ACE, 2))]:
        assert ref.round_outcome(points, levels, 0, 0, defend) == ref.round_outcome(points, levels, 0, 0, NTL)
    won = ref.round_outcome(75, (NT, 9), 0, 0, defend)
    assert (won.levels, won.winner) == ((NT, 9), 0)


def test_no_trump_level_changes_nothing_below_ace() -> None:
    """Where the advancing team stays below A under game_over, no_trump_level gives the same outcome."""
    for defend_points in (False, True):
        game_over = ref.Rules(defend_points=defend_points)
        no_trump = ref.Rules(defend_points=defend_points, after_ace="no_trump_level")
        for points in range(-40, 400, 5):
            for ours in range(2, ACE):
                for declarers in (0, 1):
                    levels = (ours, 13) if declarers == 0 else (13, ours)
                    old = ref.round_outcome(points, levels, declarers, declarers, game_over)
                    if old.levels[old.declarers] >= ACE:
                        continue  # the advancing team reached A: that is where the option matters
                    assert ref.round_outcome(points, levels, declarers, declarers, no_trump) == old


# ------------------------------------------------------------------------------------------------------------
# game_over (default): unchanged
# ------------------------------------------------------------------------------------------------------------


def test_game_over_unchanged() -> None:
    explicit = ref.Rules(after_ace="game_over")
    for rules in (None, explicit):
        # TV-T16: past A, by any advance, wins; the level is reported as it ended.
        queen = ref.round_outcome(0, (12, 2), 0, 0, rules)
        assert (queen.levels, queen.winner) == ((15, 2), 0)
        king = ref.round_outcome(160, (2, 13), 0, 0, rules)
        assert (king.levels, king.winner, king.declarers) == ((2, 15), 1, 1)
        ace = ref.round_outcome(75, (ACE, 2), 0, 0, rules)
        assert (ace.levels, ace.winner) == ((15, 2), 0)
        no_win = ref.round_outcome(75, (13, 2), 0, 0, rules)
        assert (no_win.levels, no_win.winner) == ((ACE, 2), None)
        assert ref.round_outcome(0, (13, 2), 0, 0, rules).levels == (16, 2)  # K + 3, counted on past A
    must = ref.Rules(game_end="must_defend_ace")
    assert ref.round_outcome(160, (2, 13), 0, 0, must).levels == (2, ACE)
    assert ref.round_outcome(75, (ACE, 2), 0, 0, must).winner == 0
    # A round at A declares as before: the rank A is named, the talon flip may happen.
    state = ref.State.new(4, levels=(ACE, 9), declarers=0, starter=0)
    assert state.rank == ACE
    while state.phase == "draw":
        assert 119 in state.legal_actions()
        state.apply_action(119)  # pass
    assert state.trump is not None and state.trump.rank == ACE and state.turned >= 1


# ------------------------------------------------------------------------------------------------------------
# A whole round at the level NT (F12, third bullet)
# ------------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("seed", "options"),
    [
        (0, {}),
        (1, {"joker_pair_declaration_keeps_rank": True}),  # does not apply at NT
        (2, {"kitty_flip_joker_no_trump": True}),  # nor does the flip
        (3, {"plain_suit_gap_closing": False, "kitty_multiplier": "exp"}),
        (4, {"allow_self_reinforce": True, "red_pair_overrides_black_pair": True}),
        (5, {"defend_points": True, "game_end": "must_defend_ace"}),
    ],
)
def test_nt_round_played_out(seed: int, options: dict[str, object]) -> None:
    rules = ref.Rules(after_ace="no_trump_level", **options)  # type: ignore[arg-type]
    levels = (NT, 9) if seed % 2 == 0 else (7, NT)
    declarers = seed % 2
    starter = declarers + 2 * (seed // 2 % 2)
    state = ref.State.new(seed, rules, levels=levels, declarers=declarers, starter=starter)
    # The draw ran without a decision: nobody was asked, no declaration, no talon turned.
    assert (state.phase, state.current_player, state.drawn, state.deals) == ("kitty", starter, 100, 1)
    assert state.declaration is None and state.turned == 0
    assert state.rank == NT and state.first_drawer == starter
    assert state.trump == ref.Trump(None, None, rules.plain_suit_gap_closing)
    assert_no_trump_without_rank(state.trump)
    assert len(state.hand(starter)) == 33  # R23: the talon went to the starter
    assert not Counter(state.talon) - Counter(state.hand(starter))
    chooser = random.Random(seed)
    steps = 0
    while not state.is_terminal:
        check_cards(state)
        legal_now = state.legal_actions()
        assert legal_now and not set(legal_now) & set(DECLARATION_IDS)
        for action in (109, 113, 117, 118, 119):
            with pytest.raises(ref.IllegalActionError):
                state.apply_action(action)
        if steps % 37 == 0:  # undo brings back the same state
            before = (state.history(), [state.hand(seat) for seat in range(4)], state.points)
            state.apply_action(chooser.choice(legal_now))
            state.undo()
            assert (state.history(), [state.hand(seat) for seat in range(4)], state.points) == before
        state.apply_action(chooser.choice(legal_now))
        steps += 1
    check_cards(state)
    assert state.trump == ref.Trump(None, None, rules.plain_suit_gap_closing) and state.turned == 0
    assert sum(state.trick_points) + ref.trick_points(state.kitty) == ref.TOTAL_POINTS == 200
    assert sum(state.returns()) == 0
    outcome = state.outcome()
    assert outcome is not None
    if outcome.declarers_hold:  # declarers at NT holding pass it and win (F36)
        assert outcome.winner == declarers
        expected = NT if rules.game_end == "must_defend_ace" else PAST_NT
        assert outcome.levels[declarers] == expected
    else:  # the opponents take over, and NT stays
        assert outcome.winner is None and outcome.levels[declarers] == NT
    # Saved and loaded (levels 15 in the save), replayed action by action.
    loaded = ref.State.from_json(state.to_json())
    assert loaded.history() == state.history() and loaded.levels == levels
    assert loaded.trump == state.trump and loaded.points == state.points


def test_nt_round_from_a_stack_never_asks_or_flips() -> None:
    # Seat 0 could declare with BJ BJ or 9H 9H, seat 1 with 9S 9S; the talon starts with RJ, then a 9.
    prefix = {0: ["BJ", "BJ", "RJ", "9H", "9H", "AS", "AS"], 1: ["9S", "9S"]}
    talon = cards("RJ 9C KD 5S 5H 4D 3C 2C")
    stack, _ = build_stack(prefix, talon, "9")
    flip = ref.Rules(after_ace="no_trump_level", kitty_flip_joker_no_trump=True)
    state = ref.State.from_stack(stack, flip, levels=(NT, 9), declarers=0, starter=0)
    assert state.phase == "kitty" and state.turned == 0 and state.declaration is None
    assert_no_trump_without_rank(state.trump)
    assert state.talon == talon
    # The same stack at level 9 stops the draw for declarations and, passed over, turns the talon (R20,
    # F11: the joker turned first makes a no-trump round there).
    ranked = ref.State.from_stack(stack, flip, levels=(9, 9), declarers=0, starter=0)
    assert ranked.phase == "draw" and ranked.current_player in (0, 1)
    while ranked.phase == "draw":
        ranked.apply_action(119)
    assert ranked.trump == ref.Trump(None, None) and ranked.turned == 1
    plain = ref.State.from_stack(stack, levels=(9, 9), declarers=0, starter=0)
    while plain.phase == "draw":
        plain.apply_action(119)
    assert plain.trump == ref.Trump("9", "C") and plain.turned == 2


def test_nt_position_from_cards() -> None:
    hands = [cards("RJ AS"), cards("BJ KD"), cards("2H 3H"), cards("AD 5C")]
    state = ref.State.from_cards(hands, [], ref.Trump(None, None), 0, 0, NTL, levels=(NT, 4))
    assert (state.rank, state.levels, state.phase) == (NT, (NT, 4), "play")
    assert_no_trump_without_rank(state.trump)
    play_all(state, "AS", "BJ", "2H", "AD")  # BJ, the only trump, wins
    assert state.trick_winners() == [1]
    loaded = ref.State.from_json(state.to_json())
    assert loaded.history() == state.history() and loaded.levels == (NT, 4)
    # Opponents at NT, declarers at a rank: an ordinary ranked round.
    ranked = ref.State.from_cards(hands, [], ref.Trump("4", "H"), 0, 1, NTL, levels=(NT, 4))
    assert ranked.rank == 4 and ranked.trump == ref.Trump("4", "H")


def test_nt_round_action_texts_and_resample() -> None:
    state = nt_round(21)
    assert state.action_to_string(109) == "declare AC"  # never legal at NT; the ace, as in Rust
    assert state.action_to_string(116) == "declare AS AS"
    with pytest.raises(ValueError):
        state.string_to_action("declare 2H")
    assert state.action_to_string(117) == "declare BJ BJ" and state.action_to_string(119) == "pass"
    assert state.string_to_action("discard 10H") == 55 + ref.DECK.index("10H")
    assert "rank=NT" in repr(state)
    chooser = random.Random(2)
    for _ in range(30):
        state.apply_action(chooser.choice(state.legal_actions()))
    for player in range(4):
        other = state.resample(player, 9)
        assert other.hand(player) == state.hand(player) and len(other.history()) == len(state.history())
        assert other.phase == state.phase and other.trump == state.trump and other.turned == 0
        check_cards(other)


# ------------------------------------------------------------------------------------------------------------
# Refusals
# ------------------------------------------------------------------------------------------------------------


def test_level_nt_refused_under_game_over() -> None:
    for level in (NT, "NT"):
        with pytest.raises(ValueError, match="after_ace"):
            ref.round_outcome(0, (level, 2), 0, 0)
        with pytest.raises(ValueError, match="after_ace"):
            ref.State.new(0, levels=(level, 2), declarers=0, starter=0)  # type: ignore[arg-type]
        with pytest.raises(ValueError, match="after_ace"):
            game_over = ref.Rules(after_ace="game_over")
            ref.State.new(0, game_over, levels=(2, level), declarers=0, starter=0)  # type: ignore[arg-type]
        with pytest.raises(ValueError, match="after_ace"):
            hands = [["AS"], ["KS"], ["QS"], ["JS"]]
            ref.State.from_cards(hands, [], ref.Trump(None, None), 0, 0, levels=(level, 2))  # type: ignore[arg-type]
    stack, _ = build_stack({}, [], "2")
    with pytest.raises(ValueError, match="after_ace"):
        ref.State.from_stack(stack, levels=(NT, 2), declarers=0, starter=0)
    # A save carrying a level 15 under game_over is corrupted.
    data = json.loads(nt_round(1).to_json())
    data["rules"]["after_ace"] = "game_over"
    with pytest.raises(InvalidStateError, match="after_ace"):
        ref.State.from_json(json.dumps(data))
    # Past NT (16) and other numbers are no levels at all.
    for bad in (16, 1, True, "past NT"):
        with pytest.raises(ValueError):
            ref.round_outcome(0, (bad, 2), 0, 0, NTL)


def test_round_1_at_nt_refused() -> None:
    with pytest.raises(ValueError, match="round-1 NT level could never be declared"):
        ref.State.new(0, NTL, levels=(NT, NT))
    with pytest.raises(ValueError, match="round-1 NT level could never be declared"):
        ref.State.new(0, NTL, levels=("NT", "NT"))  # type: ignore[arg-type]
    stack, _ = build_stack({}, [], "2")
    with pytest.raises(ValueError, match="round-1 NT level could never be declared"):
        ref.State.from_stack(stack, NTL, levels=(NT, NT))
    ref.State.new(0, NTL, levels=(ACE, ACE))  # round 1 at A is fine


def test_ranked_trump_at_nt_refused() -> None:
    hands = [["AS"], ["KS"], ["QS"], ["JS"]]
    for trump in (ref.Trump("2", "H"), ref.Trump("7", None), ref.Trump("A", "S")):
        with pytest.raises(ValueError, match=r"Trump\(None, None\)"):
            ref.State.from_cards(hands, [], trump, 0, 0, NTL, levels=(NT, 2))
        with pytest.raises(ValueError, match=r"Trump\(None, None\)"):
            ref.State.from_cards(hands, [], trump, 1, 1, NTL, levels=(3, "NT"))  # type: ignore[arg-type]
    # A trump without a rank is refused nowhere else: the declarers at 5 after a joker pair.
    ref.State.from_cards(hands, [], ref.Trump(None, None), 0, 0, NTL, levels=(5, NT))
