"""Tests of the pure-Python Tractor reference: the rule options of the variants chapter for four players and
two decks (``tractor-variants.md``, A.5 of ``docs/rules/tractor.md``; N = 4, D = 2, so s = 40 and T = 80).

One test per test vector or vector part (the D = 2 bullets of TV-F4, TV-F17, the D = 2 rows of TV-F20 and
TV-F21, the defend_points rows of TV-F22, TV-F23), on explicit cards, stacks and positions; then whole random
rounds under every value of the new options (``first_landlord``, ``bid_override``, ``joker_declaration_min``,
``joker_pair_declaration_keeps_rank``, ``kitty_flip_joker_no_trump``, ``failed_throw_forced``,
``throw_penalty``, ``kitty_multiplier``, ``negative_points``, ``deadzone``, ``defend_points``), TV-F15
(``min_tractor_length``) with its random rounds, and the validation of the options.

Seats 0-3 in turn order; team 0 is seats 0 and 2, team 1 seats 1 and 3. Cards are written as texts.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest
from test_reference_tractor_round import act, cards, legal, play_all  # the same directory: on the path
from test_reference_tractor_round import build_stack as round_stack

from tricktaker import tractor
from tricktaker.reference import tractor as ref

# ------------------------------------------------------------------------------------------------------------
# Helpers
# ------------------------------------------------------------------------------------------------------------

HEARTS_2 = ref.Trump("2", "H")
KITTY_30 = "KS 10H 5D 5C 9S 3D JC 8H"  # TV-T8, TV-F20: 30 points
FORCED_CHOICES = ("fewest_cards_then_lowest", "first_in_turn_smallest")
PENALTIES = ("per_card_taken_back", "per_attempt_10", "none")
MULTIPLIERS = ("seed_2c", "exp", "largest_unit_times2", "largest_unit_pow2")


def build_stack(prefix: dict[int, list[str]], talon: Sequence[str], rank: str, first: int = 0) -> list[str]:
    """A 108-card stack whose draw gives ``prefix[seat]`` as the first cards of each seat (seat ``first``
    drawing first) and whose talon starts with ``talon`` (the round tests' helper, without the hands)."""
    stack, _ = round_stack(prefix, talon, rank, first)
    return stack


def position(hands: Sequence[str], starter: int, declarers: int, **options: Any) -> ref.State:
    """A play-phase position (hearts trump, rank 2, no kitty) under some options."""
    return ref.State.from_cards(
        [cards(hand) for hand in hands], [], HEARTS_2, starter, declarers, rules=ref.Rules(**options)
    )


# ------------------------------------------------------------------------------------------------------------
# TV-F4: the declaration options (F8, F10), D = 2
# ------------------------------------------------------------------------------------------------------------

BID_OVERRIDES = ("standard", "higher_suit", "count_only")
FIRST_LANDLORDS = ("winning_declaration", "first_declaration")


def declaration(seat: int, text: str, rank: str = "2") -> ref.Declaration:
    return ref.Declaration(seat, ref.string_to_action(text, rank))


def declarations(hand: str, seat: int, standing: ref.Declaration | None, **options: Any) -> list[str]:
    actions = ref.legal_declarations(cards(hand), seat, "2", standing, ref.Rules(**options))
    return [ref.action_to_string(action, "2") for action in actions]


@pytest.mark.parametrize("bid_override", BID_OVERRIDES)
def test_tv_f4_pairs_of_rank_cards(bid_override: str) -> None:
    hearts = declaration(1, "declare 2H 2H")
    # Seat 2's 2♠2♠ over seat 1's 2♥2♥: only under higher_suit (♠ > ♥ in S-order).
    spades = declarations("2S 2S 3C", 2, hearts, bid_override=bid_override)
    assert spades == (["declare 2S 2S"] if bid_override == "higher_suit" else [])
    # After that, seat 3's 2♦2♦ is illegal under every value (a rank pair; ♦ is the lowest suit).
    standing = declaration(2, "declare 2S 2S") if bid_override == "higher_suit" else hearts
    assert declarations("2D 2D", 3, standing, bid_override=bid_override) == []
    # Seat 3's BJ BJ: legal under standard and higher_suit, illegal under count_only (equal count).
    jokers = declarations("BJ BJ 2D 2D", 3, standing, bid_override=bid_override)
    assert jokers == ([] if bid_override == "count_only" else ["declare BJ BJ"])


@pytest.mark.parametrize("bid_override", BID_OVERRIDES)
def test_tv_f4_singles_are_never_compared_by_suit(bid_override: str) -> None:
    # Seat 1 shows 2♥, seat 2 shows 2♠: illegal under every value. A pair or a joker pair still overrides.
    single = declaration(1, "declare 2H")
    assert declarations("2S", 2, single, bid_override=bid_override) == []
    assert declarations("2S 2S 2C", 2, single, bid_override=bid_override) == ["declare 2S 2S"]
    assert declarations("2D 2D RJ RJ", 0, single, bid_override=bid_override) == [
        "declare 2D 2D",
        "declare RJ RJ",
    ]
    for suit in "CDHS":  # a single under every suit: no single overrides it
        standing = declaration(1, f"declare 2{suit}")
        assert declarations("2C 2D 2H 2S", 3, standing, bid_override=bid_override) == []


def test_tv_f4_higher_suit_follows_the_s_order() -> None:
    order = "DCHS"  # ♦ < ♣ < ♥ < ♠
    for low, standing_suit in enumerate(order):
        standing = declaration(0, f"declare 2{standing_suit} 2{standing_suit}")
        for high, suit in enumerate(order):
            got = declarations(f"2{suit} 2{suit}", 1, standing, bid_override="higher_suit")
            assert got == ([f"declare 2{suit} 2{suit}"] if high > low else []), (standing_suit, suit)
            assert declarations(f"2{suit} 2{suit}", 1, standing) == []  # standard: never
    # The overriding player must be another one (F9): the standing declarer cannot raise its own suit.
    assert declarations("2S 2S", 0, declaration(0, "declare 2H 2H"), bid_override="higher_suit") == []
    # Jokers: as standard. Nothing beats a joker pair, and RJ RJ beats BJ BJ only with the option.
    black = declaration(2, "declare BJ BJ")
    assert declarations("2S 2S RJ RJ", 1, black, bid_override="higher_suit") == []
    assert declarations(
        "2S 2S RJ RJ", 1, black, bid_override="higher_suit", red_pair_overrides_black_pair=True
    ) == ["declare RJ RJ"]


def test_tv_f4_count_only() -> None:
    # Only more cards override: a single falls to a pair or a joker pair, a pair (rank cards or jokers) to
    # nothing, and red jokers never beat black ones, even with red_pair_overrides_black_pair.
    only = {"bid_override": "count_only"}
    assert declarations("2S 2S BJ BJ", 1, declaration(0, "declare 2H"), **only) == [
        "declare 2S 2S",
        "declare BJ BJ",
    ]
    assert declarations("2S 2S BJ BJ RJ RJ", 1, declaration(0, "declare 2H 2H"), **only) == []
    for red in (False, True):
        black = declaration(0, "declare BJ BJ")
        assert declarations("RJ RJ", 1, black, red_pair_overrides_black_pair=red, **only) == []
    assert declarations("RJ RJ", 1, declaration(0, "declare BJ BJ"), red_pair_overrides_black_pair=True) == [
        "declare RJ RJ"
    ]
    # allow_self_reinforce still turns the declarer's single into a pair of its suit (more cards).
    assert declarations("2H 2H", 0, declaration(0, "declare 2H"), allow_self_reinforce=True, **only) == [
        "declare 2H 2H"
    ]


def test_tv_f4_legal_declarations_keywords() -> None:
    hearts = declaration(1, "declare 2H 2H")
    hand = cards("2S 2S BJ BJ")
    assert ref.legal_declarations(hand, 2, 2, hearts) == [ref.DECLARE_BLACK_JOKERS]
    assert ref.legal_declarations(hand, 2, 2, hearts, bid_override="higher_suit") == [
        ref.DECLARE_PAIR + 3,
        ref.DECLARE_BLACK_JOKERS,
    ]
    assert ref.legal_declarations(hand, 2, 2, hearts, ref.Rules(bid_override="higher_suit")) == [
        ref.DECLARE_PAIR + 3,
        ref.DECLARE_BLACK_JOKERS,
    ]
    # The keyword replaces the option of ``rules``.
    rules = ref.Rules(bid_override="higher_suit")
    assert ref.legal_declarations(hand, 2, 2, hearts, rules, bid_override="count_only") == []
    # F7: with two decks, "two" and "decks" both need a joker pair; a single joker never declares.
    for minimum in ("two", "decks"):
        assert ref.legal_declarations(["BJ", "RJ"], 0, 2, joker_declaration_min=minimum) == []
        assert ref.legal_declarations(["BJ", "BJ"], 0, 2, joker_declaration_min=minimum) == [
            ref.DECLARE_BLACK_JOKERS
        ]
        rules = ref.Rules(joker_declaration_min=minimum)
        assert ref.legal_declarations(["RJ", "RJ", "BJ"], 0, 2, rules=rules) == [ref.DECLARE_RED_JOKERS]
    with pytest.raises(ValueError, match="bid_override"):
        ref.legal_declarations(hand, 2, 2, hearts, bid_override="highest")
    with pytest.raises(ValueError, match="joker_declaration_min"):
        ref.legal_declarations(hand, 2, 2, joker_declaration_min="three")


# Round 1, seat 0 drawing first (positions: seat s draws positions s, s + 4, ...). Seat 1 draws 2♥ at 1 and 5,
# seat 2 draws 2♠ at 6 and 10, seat 3 draws BJ at 11 and 15. The other 2s and RJ RJ are in the talon.
TV_F4_PREFIX = {1: cards("2H 2H"), 2: cards("3C 2S 2S"), 3: cards("4C 4C BJ BJ")}


@pytest.mark.parametrize("bid_override", BID_OVERRIDES)
def test_tv_f4_in_a_round(bid_override: str) -> None:
    stack = build_stack(TV_F4_PREFIX, [], "2")
    rules = ref.Rules(first_drawer_round1="seat0", bid_override=bid_override)
    state = ref.State.from_stack(stack, rules)
    assert (state.drawn, state.current_player, legal(state)) == (2, 1, ["declare 2H", "pass"])
    act(state, "pass")
    assert (state.drawn, state.current_player) == (6, 1)
    assert legal(state) == ["declare 2H", "declare 2H 2H", "pass"]
    act(state, "declare 2H 2H")
    if bid_override == "higher_suit":
        # The draw stops for seat 2 only where it may override: with 2♠2♠ (its single 2♠ may not).
        assert (state.drawn, state.current_player, legal(state)) == (11, 2, ["declare 2S 2S", "pass"])
        act(state, "declare 2S 2S")
    if bid_override == "count_only":
        # Nobody may override a pair: the draw runs to its end, no final window either.
        assert (state.phase, state.trump, state.starter, state.declarers) == ("kitty", HEARTS_2, 1, 1)
        return
    assert (state.drawn, state.current_player, legal(state)) == (16, 3, ["declare BJ BJ", "pass"])
    # Under higher_suit seat 3's 2♦2♦ could not override 2♠2♠ either: it holds only the jokers to declare.
    act(state, "declare BJ BJ")
    assert (state.phase, state.trump, state.starter, state.declarers) == (
        "kitty",
        ref.Trump(None, None),
        3,
        1,
    )


@pytest.mark.parametrize("bid_override", BID_OVERRIDES)
def test_tv_f4_resampled_draws_keep_the_turns(bid_override: str) -> None:
    # Seat 1's 2♥2♥ stands and every later turn passes: a resampled round must stop the draw for the same
    # seats at the same cards, so a seat that passed where it could override (seat 2's 2♠2♠ under
    # higher_suit, seat 3's BJ BJ but under count_only) still could, and the others still could not.
    stack = build_stack(TV_F4_PREFIX, [], "2")
    state = ref.State.from_stack(stack, ref.Rules(first_drawer_round1="seat0", bid_override=bid_override))
    act(state, "pass", "declare 2H 2H")
    while state.phase == "draw":
        act(state, "pass")
    for player in range(4):
        for seed in range(3):
            resampled = state.resample(player, seed)
            assert resampled.information_state_key(player) == state.information_state_key(player)
            assert resampled.history() == state.history() and resampled.starter == state.starter == 1
            assert resampled.hand(player) == state.hand(player)


def test_tv_f4_higher_suit_stands_without_the_jokers() -> None:
    # The same draw with seat 3 passing: the higher suit stands, its maker starts (R21).
    stack = build_stack(TV_F4_PREFIX, [], "2")
    state = ref.State.from_stack(stack, ref.Rules(first_drawer_round1="seat0", bid_override="higher_suit"))
    act(state, "pass", "declare 2H 2H", "declare 2S 2S")
    while state.phase == "draw":
        act(state, "pass")
    assert (state.trump, state.starter, state.declarers) == (ref.Trump("2", "S"), 2, 0)


# TV-T13's stack: seat 1 shows 2♠, seat 2 2♥2♥, seat 3 BJ BJ (seat 0 holds RJ RJ and 2♦).
TV_T13_PREFIX = {0: cards("RJ 2D RJ"), 1: cards("2S"), 2: cards("3C 2H 2H"), 3: cards("4C 4C BJ BJ")}
TV_T13_ACTIONS = ("declare 2S", "pass", "declare 2H 2H", "pass", "declare BJ BJ")


@pytest.mark.parametrize(
    ("first_landlord", "starter"), [("winning_declaration", 3), ("first_declaration", 1)]
)
def test_tv_f4_first_declaration_on_tv_t13(first_landlord: str, starter: int) -> None:
    stack = build_stack(TV_T13_PREFIX, [], "2")
    rules = ref.Rules(first_drawer_round1="seat0", first_landlord=first_landlord)
    state = ref.State.from_stack(stack, rules)
    act(state, *TV_T13_ACTIONS)
    # Seat 1 declared first: under first_declaration it starts and {1, 3} declare; seat 3's BJ BJ stands, so
    # the round is no-trump either way. By default seat 3 starts.
    assert state.phase == "kitty" and state.declaration == (3, "declare BJ BJ")
    assert (state.trump, state.starter, state.declarers, state.current_player) == (
        ref.Trump(None, None),
        starter,
        1,
        starter,
    )
    assert len(state.hand(starter)) == 33  # the starter took the talon (R23)
    # A save replays to the same starter; a resampled round too.
    loaded = ref.State.from_json(state.to_json())
    assert (loaded.starter, loaded.declarers, loaded.rules) == (starter, 1, rules)
    for player in range(4):
        resampled = state.resample(player, 7 + player)
        assert resampled.information_state_key(player) == state.information_state_key(player)
        assert (resampled.starter, resampled.declarers) == (starter, 1)


def test_tv_f4_first_declaration_gives_the_round_to_the_first_declarers_team() -> None:
    # TV-T13 without the jokers: seat 1's 2♠, then seat 2's 2♥2♥ stands. The trump is hearts either way; the
    # landlord is seat 2 (team 0) by default and seat 1 (team 1) under first_declaration.
    stack = build_stack(TV_T13_PREFIX, [], "2")
    for first_landlord, starter, declarers in (("winning_declaration", 2, 0), ("first_declaration", 1, 1)):
        rules = ref.Rules(first_drawer_round1="seat0", first_landlord=first_landlord)
        state = ref.State.from_stack(stack, rules)
        act(state, "declare 2S", "pass", "declare 2H 2H")
        while state.phase == "draw":
            act(state, "pass")
        assert (state.trump, state.starter, state.declarers) == (HEARTS_2, starter, declarers)


def test_first_declaration_leaves_later_rounds_and_redeals_alone() -> None:
    # Later rounds: the starter and the declarers are given (R22); an opponent's declaration only sets the
    # trump.
    stack = build_stack({0: ["5S"]}, [], "5", first=1)
    rules = ref.Rules(first_landlord="first_declaration")
    state = ref.State.from_stack(stack, rules, levels=(3, 5), declarers=1, starter=1)
    while state.phase == "draw":
        act(state, "declare 5S" if state.current_player == 0 and state.declaration is None else "pass")
    assert (state.trump, state.declarers, state.starter) == (ref.Trump("5", "S"), 1, 1)
    # Round 1 with a redeal (R19): the first declarer is the first one of the deal played.
    for seed in range(200):
        state = ref.State.new(
            seed, ref.Rules(first_drawer_round1="seat0", first_landlord="first_declaration")
        )
        while state.phase == "draw" and state.deals == 1:
            act(state, "pass")
        if state.deals == 2:
            break
    else:  # pragma: no cover
        pytest.fail("no seed redealt")
    first = None
    while state.phase == "draw":
        if first is None:
            first = state.current_player  # the draw stops only for a seat that may declare
        state.apply_action(state.legal_actions()[0])  # declare whenever one may, overriding if one can
    assert first is not None and state.deals == 2
    assert (state.starter, state.declarers) == (first, first % 2)


# ------------------------------------------------------------------------------------------------------------
# TV-F17: the failed-throw choice and the penalty (F26, F27)
# ------------------------------------------------------------------------------------------------------------

# Seat 0 throws J♠ + 9♠9♠. Seat 1's spades are 10♠10♠ 3♠ (it beats the pair only); seat 2 holds no spade above
# 9; seat 3's only spade above 9 is one Q♠ (it beats the single only).
TV_F17_HANDS = ("JS 9S 9S", "10S 10S 3S", "4S 5S 6S", "QS 7S 8S")
TV_F17_FORCED = {"fewest_cards_then_lowest": ("JS", 2), "first_in_turn_smallest": ("9S 9S", 1)}
TV_F17_TAKEN_BACK = {"fewest_cards_then_lowest": "9S 9S", "first_in_turn_smallest": "JS"}


@pytest.mark.parametrize("choice", FORCED_CHOICES)
def test_tv_f17_forced_component(choice: str) -> None:
    lead, *others = (cards(hand) for hand in TV_F17_HANDS)
    forced, taken_back = TV_F17_FORCED[choice]
    assert ref.check_throw(lead, others, HEARTS_2, failed_throw_forced=choice) == (cards(forced), taken_back)
    # Beatable: 9♠9♠ by seat 1 and J♠ by seat 3, whoever comes first for first_in_turn_smallest.
    assert ref.check_throw(lead, others[::-1], HEARTS_2, failed_throw_forced=choice) == (["JS"], 2)
    assert ref.check_throw(lead, [others[0], others[1], []], HEARTS_2, failed_throw_forced=choice) == (
        cards("9S 9S"),
        1,
    )
    # In a round: seat 0, an opponent (team 1 declares), leads the forced component.
    state = position(TV_F17_HANDS, 0, 1, failed_throw_forced=choice)
    play_all(state, "JS 9S 9S")
    assert state.current_trick() == [(0, cards(forced))]
    assert state.hand(0) == cards(TV_F17_TAKEN_BACK[choice])  # back in the hand, not played (F26)
    assert state.failed_throws == 1


@pytest.mark.parametrize(
    ("choice", "penalty", "change"),
    [
        ("fewest_cards_then_lowest", "per_card_taken_back", -20),
        ("first_in_turn_smallest", "per_card_taken_back", -10),
        ("fewest_cards_then_lowest", "per_attempt_10", -10),
        ("first_in_turn_smallest", "per_attempt_10", -10),
        ("fewest_cards_then_lowest", "none", 0),
        ("first_in_turn_smallest", "none", 0),
    ],
)
def test_tv_f17_penalties(choice: str, penalty: str, change: int) -> None:
    options = {"failed_throw_forced": choice, "throw_penalty": penalty}
    state = position(TV_F17_HANDS, 0, 1, negative_points="extra_levels", **options)
    play_all(state, "JS 9S 9S")
    assert (state.failed_throws, state.raw_points, state.points) == (1, change, change)
    clamped = position(TV_F17_HANDS, 0, 1, **options)  # negative_points = "clamp": reported as 0
    play_all(clamped, "JS 9S 9S")
    assert (clamped.raw_points, clamped.points) == (change, 0)
    # R42, F27: the same throw by a declarer (team 0 declares) raises P by as much.
    declarer = position(TV_F17_HANDS, 0, 0, **options)
    play_all(declarer, "JS 9S 9S")
    assert (declarer.raw_points, declarer.points) == (-change, -change)


@pytest.mark.parametrize("choice", FORCED_CHOICES)
def test_tv_f17_the_other_hands_in_turn_order(choice: str) -> None:
    # The same cards with seat 2 leading: seat 3 (next in turn) beats the pair, seat 1 (last) the single. Seat
    # order (0, 1, 3) would put seat 1 first; turn order after the leader is 3, 0, 1.
    hands = [TV_F17_HANDS[(seat + 2) % 4] for seat in range(4)]
    forced, taken_back = TV_F17_FORCED[choice]
    state = position(hands, 2, 0, failed_throw_forced=choice)
    play_all(state, "JS 9S 9S")
    assert state.current_trick() == [(2, cards(forced))]
    assert state.raw_points == 10 * taken_back  # a declarer's failed throw raises P


@pytest.mark.parametrize("choice", FORCED_CHOICES)
def test_tv_f17_equal_ranks_s_order(choice: str) -> None:
    # A trump throw 2♠ + 2♦ (hearts trump, rank 2); seat 2 alone holds a trump above the off-suit 2s (2♥);
    # seat 1's 2♣ is equal and beats nothing. Both singles are beatable: 2♦ is forced (S-order ♦ < ♣ < ♥ < ♠).
    others = [cards("2C 4C"), cards("2H 5C"), cards("6C 7C")]
    assert ref.check_throw(cards("2S 2D"), others, HEARTS_2, failed_throw_forced=choice) == (["2D"], 1)
    state = position(["2S 2D", "2C 4C", "2H 5C", "6C 7C"], 0, 0, failed_throw_forced=choice)
    play_all(state, "2S 2D")
    assert state.current_trick() == [(0, ["2D"])]
    assert (state.failed_throws, state.raw_points) == (1, 10)
    # The tie R34 left open: 2♣ and 2♦ both beatable -> 2♦ (not the lower id 2♣); 2♣ before 2♠.
    holder = [[], cards("2H"), []]
    assert ref.check_throw(cards("2C 2D"), holder, HEARTS_2, failed_throw_forced=choice) == (["2D"], 1)
    assert ref.check_throw(cards("2S 2C"), holder, HEARTS_2, failed_throw_forced=choice) == (["2C"], 1)
    pairs = cards("2C 2C 2D 2D")  # two pairs at one position, not a tractor (R12)
    pair_holder = [[], cards("2H 2H"), []]
    assert ref.check_throw(pairs, pair_holder, HEARTS_2, failed_throw_forced=choice) == (cards("2D 2D"), 2)


# ------------------------------------------------------------------------------------------------------------
# TV-F20: kitty multipliers (F32), the D = 2 rows
# ------------------------------------------------------------------------------------------------------------

# (row, the four plays of the last trick -- seat 1, an opponent, wins it --, the bonus per multiplier)
TV_F20_ROWS = [
    ("single", ["3S", "AS", "4S", "6S"], (60, 60, 60, 60)),
    ("pair", ["3S 3S", "AS AS", "4S 4S", "6S 6S"], (120, 120, 120, 120)),
    (
        "tractor of 2 pairs",
        ["3S 3S 4S 4S", "QS QS JS JS", "6S 6S 7S 7S", "8D 8D 9D 9D"],
        (240, 240, 240, 480),
    ),
    ("single + pair (throw)", ["AS AS KS", "3H 3H 4H", "6S 7S 8S", "6C 7C 8C"], (180, 120, 120, 120)),
    (
        "tractor of 3 pairs",
        ["3S 3S 4S 4S 5S 5S", "QS QS JS JS 10S 10S", "6C 6C 7C 7C 8C 8C", "6D 6D 7D 7D 8D 8D"],
        (360, 480, 360, 1920),
    ),
]


@pytest.mark.parametrize(("row", "plays", "bonuses"), TV_F20_ROWS, ids=[row[0] for row in TV_F20_ROWS])
def test_tv_f20_kitty_multipliers(row: str, plays: list[str], bonuses: tuple[int, ...]) -> None:
    for multiplier, bonus in zip(MULTIPLIERS, bonuses, strict=True):
        assert ref.kitty_bonus(cards(KITTY_30), cards(plays[0]), HEARTS_2, multiplier) == bonus, multiplier
        hands = [cards(play) for play in plays]
        rules = ref.Rules(kitty_multiplier=multiplier)
        state = ref.State.from_cards(hands, cards(KITTY_30), HEARTS_2, 0, 0, rules=rules)
        play_all(state, *plays)
        assert state.is_terminal and state.trick_winners() == [1]
        assert state.kitty_bonus == bonus, multiplier
        trick = sum(ref.trick_points(play) for play in hands)
        assert state.points == trick + bonus


# ------------------------------------------------------------------------------------------------------------
# TV-F21: negative_points and deadzone (F33), the D = 2 rows
# ------------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("points", "clamp", "extra_levels"),
    [(-80, 3, 5), (-40, 3, 4), (-35, 3, 3), (0, 3, 3)],
)
def test_tv_f21_negative_points(points: int, clamp: int, extra_levels: int) -> None:
    assert ref.level_outcome(points) == (True, clamp)
    assert ref.level_outcome(points, negative_points="clamp") == (True, clamp)
    assert ref.level_outcome(points, negative_points="extra_levels") == (True, extra_levels)
    for option, gain in (("clamp", clamp), ("extra_levels", extra_levels)):
        outcome = ref.round_outcome(points, (4, 9), 0, 0, ref.Rules(negative_points=option))
        assert (outcome.declarers_hold, outcome.levels_gained, outcome.levels) == (True, gain, (4 + gain, 9))


def test_tv_f21_extra_levels_windows() -> None:
    # 3 + ceil((5 - P) / 40) - 1: -35..0 -> 3, -75..-40 -> 4, -115..-80 -> 5, ...
    for points in range(-235, 1, 5):
        expected = 3 if points > -40 else 4 if points > -80 else 5 if points > -120 else None
        if expected is not None:
            assert ref.level_outcome(points, negative_points="extra_levels") == (True, expected), points
    assert ref.level_outcome(-120, negative_points="extra_levels") == (True, 6)
    for points in range(5, 80, 5):  # only P <= 0 changes
        assert ref.level_outcome(points, negative_points="extra_levels") == ref.level_outcome(points)


@pytest.mark.parametrize(
    ("points", "deadzone_yes", "deadzone_no"),
    [(80, 0, 1), (115, 0, 1), (120, 1, 2)],
)
def test_tv_f21_deadzone(points: int, deadzone_yes: int, deadzone_no: int) -> None:
    assert ref.level_outcome(points) == (False, deadzone_yes)
    assert ref.level_outcome(points, deadzone=True) == (False, deadzone_yes)
    assert ref.level_outcome(points, deadzone=False) == (False, deadzone_no)
    for deadzone, gain in ((True, deadzone_yes), (False, deadzone_no)):
        outcome = ref.round_outcome(points, (4, 9), 0, 0, ref.Rules(deadzone=deadzone))
        assert (outcome.declarers_hold, outcome.declarers, outcome.levels) == (False, 1, (4, 9 + gain))
    # floor((P - 80) / 40) + 1 further on; P < 80 is not concerned.
    for points in range(80, 400, 5):
        assert ref.level_outcome(points, deadzone=False) == (False, (points - 80) // 40 + 1)
    for points in range(-40, 80, 5):
        assert ref.level_outcome(points, deadzone=False) == ref.level_outcome(points)


# ------------------------------------------------------------------------------------------------------------
# TV-F22: checkpoints (F35, F36), the defend_points rows
# ------------------------------------------------------------------------------------------------------------

DEFEND = ref.Rules(defend_points=True)


def test_tv_f22_defend_points_declarers() -> None:
    # Declarers at 4, P = 0 (+3) -> stop at 5.
    first = ref.round_outcome(0, (4, 8), 0, 0, DEFEND)
    assert (first.declarers_hold, first.levels_gained, first.levels, first.winner) == (True, 3, (5, 8), None)
    assert ref.round_outcome(0, (4, 8), 0, 0).levels == (7, 8)  # no checkpoint by default
    # Next round, declarers at 5, P = 20 (+2) -> 7: a declarer starting on a checkpoint moves on.
    second = ref.round_outcome(20, first.levels, first.declarers, first.starter, DEFEND)
    assert (second.declarers, second.levels_gained, second.levels) == (0, 2, (7, 8))


def test_tv_f22_defend_points_opponents() -> None:
    # Opponents at 5, P = 160 (+2) -> stay at 5, but they take over.
    stay = ref.round_outcome(160, (9, 5), 0, 0, DEFEND)
    assert (stay.declarers_hold, stay.levels_gained, stay.levels, stay.declarers) == (False, 2, (9, 5), 1)
    assert stay.starter == 1
    # Opponents at 3, P = 200 (+3) -> 4, 5, stop.
    stop = ref.round_outcome(200, (9, 3), 0, 0, DEFEND)
    assert (stop.levels_gained, stop.levels, stop.declarers) == (3, (9, 5), 1)
    assert ref.round_outcome(200, (9, 3), 0, 0).levels == (9, 6)


def test_tv_f22_defend_points_ten_and_king() -> None:
    assert ref.round_outcome(0, (8, 2), 0, 0, DEFEND).levels == (10, 2)  # 9, 10, stop
    assert ref.round_outcome(0, (10, 2), 0, 0, DEFEND).levels == (13, 2)  # 11, 12, 13 (K: the last step)
    assert ref.round_outcome(200, (2, 10), 0, 0, DEFEND).levels == (2, 10)  # opponents on 10: stay
    king = ref.round_outcome(0, (12, 2), 0, 0, DEFEND)  # 13, stop: Q + 3 no longer wins
    assert (king.levels, king.winner) == ((13, 2), None)
    past = ref.round_outcome(0, (13, 2), 0, 0, DEFEND)  # declarers on K: 14, 15, 16 -> past A, they win
    assert (past.levels, past.winner) == ((16, 2), 0)
    defend_ace = ref.Rules(defend_points=True, game_end="must_defend_ace")
    assert ref.round_outcome(0, (13, 2), 0, 0, defend_ace).levels == (14, 2)  # 14, then A stops it
    assert ref.round_outcome(160, (2, 13), 0, 0, defend_ace).levels == (2, 13)  # opponents on K: stay


def old_round_outcome(
    points: int, levels: tuple[int, int], declarers: int, game_end: str
) -> tuple[object, ...]:
    """`round_outcome` as it was before the checkpoints of F35 (R43-R47 only): the gain added at once, the
    level capped at A under must_defend_ace, where only declarers holding at A win."""
    hold = points < 80
    gain = (3 if points <= 0 else 2 if points < 40 else 1) if hold else (points - 80) // 40
    team = declarers if hold else 1 - declarers
    after = levels[team] + gain
    winner = None
    if game_end == "pass_ace":
        winner = team if after > 14 else None
    else:
        winner = team if hold and levels[team] == 14 else None
        after = min(after, 14)
    new_levels = list(levels)
    new_levels[team] = after
    return hold, gain, tuple(new_levels), team, winner


@pytest.mark.parametrize("game_end", ["pass_ace", "must_defend_ace"])
def test_tv_f22_game_end_without_defend_points_is_unchanged(game_end: str) -> None:
    # A is the only checkpoint of must_defend_ace (F35): the stepping gives exactly R47's old results.
    rules = ref.Rules(game_end=game_end)
    for points in range(-40, 320, 5):
        for ours in range(2, 15):
            for theirs in (2, 13, 14):
                for declarers in (0, 1):
                    levels = (ours, theirs) if declarers == 0 else (theirs, ours)
                    outcome = ref.round_outcome(points, levels, declarers, declarers, rules)
                    got = (
                        outcome.declarers_hold,
                        outcome.levels_gained,
                        outcome.levels,
                        outcome.declarers,
                        outcome.winner,
                    )
                    assert got == old_round_outcome(points, levels, declarers, game_end), (points, levels)


# ------------------------------------------------------------------------------------------------------------
# TV-F23: the no-trump options (F11, F12), D = 2
# ------------------------------------------------------------------------------------------------------------


def test_tv_f23_default_no_trump_is_tv_t3() -> None:
    trump = ref.Trump(None, None)
    assert [card for card in ref.DECK if trump.is_trump(card)] == ["BJ", "RJ"]
    assert trump.strength("8S") == trump.strength("7S") + 1 == trump.strength("6S") + 2  # 7♠ is a spade


def test_tv_f23_keeps_rank_trump_order() -> None:
    trump = ref.Trump("7", None)  # a rank and no trump suit: what keeps_rank gives at level 7
    trumps = [card for card in ref.DECK if trump.is_trump(card)]
    assert sorted(trumps) == sorted(["7C", "7D", "7H", "7S", "BJ", "RJ"])
    assert 2 * len(trumps) == 12  # 12 cards: RJ RJ, BJ BJ and the eight 7s
    # RJ > BJ > (7♠ = 7♥ = 7♣ = 7♦).
    assert trump.strength("RJ") == trump.strength("BJ") + 1 == trump.strength("7S") + 2
    assert len({trump.strength(f"7{suit}") for suit in "CDHS"}) == 1
    assert trump.sort(["7D", "RJ", "7S", "BJ", "7C", "7H"]) == ["RJ", "BJ", "7C", "7D", "7H", "7S"]
    # Plain spades A K Q J 10 9 8 6 5 4 3 2, without 7, the gap closed.
    spades = [f"{rank}S" for rank in ref.RANKS if rank != "7"]
    assert trump.sort(spades) == [f"{rank}S" for rank in reversed(ref.RANKS) if rank != "7"]
    assert [trump.strength(card) for card in sorted(spades, key=trump.strength)] == list(range(1, 13))
    assert all(trump.suit_of(card) == "S" for card in spades)


@pytest.mark.parametrize(
    ("lead", "components"),
    [
        ("7C 7C BJ BJ RJ RJ", [("tractor", "RJ RJ BJ BJ 7C 7C")]),  # a 3-pair tractor
        ("7C 7C 7D 7D", [("pair", "7C 7C"), ("pair", "7D 7D")]),  # one position: not a tractor
        ("8S 8S 6S 6S", [("tractor", "8S 8S 6S 6S")]),  # 7 left out of spades
        ("7S 7S BJ BJ", [("tractor", "BJ BJ 7S 7S")]),  # a 7 of any suit is consecutive with BJ
    ],
)
def test_tv_f23_keeps_rank_tractors(lead: str, components: list[tuple[str, str]]) -> None:
    assert ref.decompose(cards(lead), ref.Trump("7", None)) == [
        (kind, cards(part)) for kind, part in components
    ]


@pytest.mark.parametrize(
    ("keeps_rank", "trump"), [(False, ref.Trump(None, None)), (True, ref.Trump("7", None))]
)
def test_tv_f23_joker_pair_declared(keeps_rank: bool, trump: ref.Trump) -> None:
    # Declarers' level 7 (team 1, starter 3), BJ BJ declared by seat 0 (an opponent: R22).
    stack = build_stack({0: cards("BJ BJ")}, [], "7", first=3)
    rules = ref.Rules(joker_pair_declaration_keeps_rank=keeps_rank)
    state = ref.State.from_stack(stack, rules, levels=(4, 7), declarers=1, starter=3)
    while state.phase == "draw":
        declare = state.current_player == 0 and "declare BJ BJ" in legal(state)
        act(state, "declare BJ BJ" if declare else "pass")
    assert (state.trump, state.declarers, state.starter, state.rank) == (trump, 1, 3, 7)
    assert state.declaration == (0, "declare BJ BJ")
    # The round plays to its end with that trump; a save keeps it, and so does a resample.
    chooser = random.Random(3)
    while not state.is_terminal:
        state.apply_action(chooser.choice(state.legal_actions()))
    assert ref.State.from_json(state.to_json()).trump == trump
    assert state.resample(1, 5).trump == trump


TV_F23_KITTY = "9C BJ 5H KD 3S 8C 10H 2D"


def test_tv_f23_kitty_flip_function() -> None:
    assert ref.flip_talon(cards(TV_F23_KITTY), 5) == ("H", 3)  # default: BJ is skipped, 5♥ -> hearts
    assert ref.flip_talon(cards(TV_F23_KITTY), 5, kitty_flip_joker_no_trump=False) == ("H", 3)
    assert ref.flip_talon(cards(TV_F23_KITTY), 5, kitty_flip_joker_no_trump=True) == (None, 2)
    # Either joker stops it, only before a trump-rank card; TV-T14 is unchanged by the option.
    assert ref.flip_talon(cards("RJ 9C 5H KD 3S 8C 10H 2D"), "5", kitty_flip_joker_no_trump=True) == (None, 1)
    assert ref.flip_talon(cards("9C 5H BJ KD 3S 8C 10H 2D"), "5", kitty_flip_joker_no_trump=True) == ("H", 2)
    assert ref.flip_talon(cards("KS 3C AD 3D AC 10H 7D RJ"), 5, kitty_flip_joker_no_trump=True) == (None, 8)
    assert ref.flip_talon(cards("KS 3C AD 3D AC 10H 7D 9S"), 5, kitty_flip_joker_no_trump=True) == ("D", 8)
    with pytest.raises(ValueError, match="kitty_flip_joker_no_trump"):
        ref.flip_talon(cards(TV_F23_KITTY), 5, kitty_flip_joker_no_trump=1)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("flip", "keeps_rank", "trump", "turned"),
    [
        (False, False, ref.Trump("5", "H"), 3),
        (False, True, ref.Trump("5", "H"), 3),
        (True, False, ref.Trump(None, None), 2),  # only the jokers are trumps
        (True, True, ref.Trump("5", None), 2),  # the jokers and all 5s
    ],
)
def test_tv_f23_kitty_flip_in_a_later_round(
    flip: bool, keeps_rank: bool, trump: ref.Trump, turned: int
) -> None:
    # Trump rank 5 (team 1 at 5, starter 3), nobody declares: the kitty is turned up (R20, F11).
    stack = build_stack({}, cards(TV_F23_KITTY), "5", first=3)
    rules = ref.Rules(kitty_flip_joker_no_trump=flip, joker_pair_declaration_keeps_rank=keeps_rank)
    state = ref.State.from_stack(stack, rules, levels=(3, 5), declarers=1, starter=3)
    while state.phase == "draw":
        act(state, "pass")
    assert (state.trump, state.turned, state.talon) == (trump, turned, cards(TV_F23_KITTY))
    assert (state.phase, state.current_player, state.declarers, state.starter) == ("kitty", 3, 1, 3)
    # Everyone sees the turned cards (R20), and only those: the observation's talon plane, a resample.
    for player in range(4):
        observation = state.observation(player)
        shown = [ref.DECK[kind] for kind in range(ref.NUM_KINDS) if observation[810 + kind]]
        assert sorted(shown) == sorted(cards(TV_F23_KITTY)[:turned])
        resampled = state.resample(player, 11 + player)
        assert resampled.information_state_key(player) == state.information_state_key(player)
        assert (resampled.trump, resampled.turned) == (trump, turned)
        assert resampled.talon[:turned] == cards(TV_F23_KITTY)[:turned]
    assert ref.State.from_json(state.to_json()).trump == trump


# ------------------------------------------------------------------------------------------------------------
# Whole random rounds under every value of the new options
# ------------------------------------------------------------------------------------------------------------

OPTION_VALUES: list[tuple[str, Any]] = [
    ("failed_throw_forced", "fewest_cards_then_lowest"),
    ("failed_throw_forced", "first_in_turn_smallest"),
    ("throw_penalty", "per_card_taken_back"),
    ("throw_penalty", "per_attempt_10"),
    ("throw_penalty", "none"),
    ("kitty_multiplier", "largest_unit_times2"),
    ("kitty_multiplier", "largest_unit_pow2"),
    ("negative_points", "clamp"),
    ("negative_points", "extra_levels"),
    ("deadzone", True),
    ("deadzone", False),
    ("defend_points", True),
    ("defend_points", False),
]
ROUNDS_PER_VALUE = 50
MAX_STEPS = 5000  # far more actions than a round takes


def expected_gain(points: int, rules: ref.Rules) -> tuple[bool, int]:
    """F33 with s = 40, T = 80, written out."""
    if points >= 80:
        return False, (points - 80) // 40 + (0 if rules.deadzone else 1)
    if points > 0:
        return True, 2 if points < 40 else 1
    if rules.negative_points == "clamp":
        return True, 3
    return True, 2 + -(-(5 - points) // 40)


def expected_level(before: int, gain: int, declared: bool, rules: ref.Rules) -> int:
    """F35, written out: the first checkpoint on the way that stops the team, else ``before + gain``."""
    checkpoints = ({5, 10, 13} if rules.defend_points else set()) | (
        {14} if rules.game_end == "must_defend_ace" else set()
    )
    for step, level in enumerate(range(before, before + gain)):
        if level in checkpoints and (step > 0 or not declared):
            return level
    return before + gain


def expected_multiplier(lead: list[str], trump: ref.Trump, multiplier: str) -> int:
    """F32, from the lead's decomposition."""
    parts = ref.decompose(lead, trump)
    largest = max(len(part) for _, part in parts)
    pairs = sum(len(part) // 2 for kind, part in parts if kind != "single")
    multipliers: dict[str, int] = {
        "seed_2c": 2 * len(lead),
        "exp": 2 ** (pairs + 1),
        "largest_unit_times2": 2 * largest,
        "largest_unit_pow2": 2**largest,
    }
    return multipliers[multiplier]


def random_options_round(seed: int, rules: ref.Rules) -> None:
    """A round (round 1 or a later one at random levels) played by random legal actions, checking the failed
    throws, the penalties, the kitty bonus, the reported points, the returns and the outcome."""
    chooser = random.Random(seed)
    if chooser.random() < 0.5:
        level = chooser.randint(2, 14)
        state = ref.State.new(seed, rules, levels=(level, level))
    else:
        declaring = chooser.randrange(2)
        levels = (chooser.randint(2, 14), chooser.randint(2, 14))
        state = ref.State.new(seed, rules, levels, declaring, declaring + 2 * chooser.randrange(2))
    penalties: list[tuple[int, int]] = []  # (leader, penalty) of each failed throw
    for _ in range(MAX_STEPS):
        if state.is_terminal:
            break
        action = chooser.choice(state.legal_actions())
        if action == ref.FINISH:
            leader, attempt, trump = state.leader, state.partial_play(), state.trump
            assert trump is not None
            others = [state.hand((leader + k) % 4) for k in range(1, 4)]  # turn order after the leader
            failed = ref.check_throw(attempt, others, trump, failed_throw_forced=rules.failed_throw_forced)
            state.apply_action(action)
            forced = state.current_trick()[0][1]
            if failed is None:
                assert sorted(forced) == sorted(attempt)
            else:
                assert sorted(forced) == sorted(failed[0]) and failed[1] == len(attempt) - len(forced) > 0
                assert sorted(forced) in [sorted(part) for _, part in ref.decompose(attempt, trump)]
                penalty = {"per_card_taken_back": 10 * failed[1], "per_attempt_10": 10, "none": 0}
                penalties.append((leader, penalty[rules.throw_penalty]))
        else:
            state.apply_action(action)
    assert state.is_terminal, "the round did not end"
    declarers, final_trump = state.declarers, state.trump
    assert declarers is not None and final_trump is not None and state.starter is not None
    assert state.failed_throws == len(penalties)
    signed = sum(penalty if leader % 2 == declarers else -penalty for leader, penalty in penalties)
    last_trick = state.completed_tricks()[-1]
    if state.trick_winners()[-1] % 2 != declarers:
        multiplier = expected_multiplier(last_trick[0][1], final_trump, rules.kitty_multiplier)
        assert state.kitty_bonus == ref.trick_points(state.kitty) * multiplier
    else:
        assert state.kitty_bonus == 0
    raw = state.trick_points[1 - declarers] + state.kitty_bonus + signed
    assert state.raw_points == raw
    assert state.points == (max(raw, 0) if rules.negative_points == "clamp" else raw)
    hold, gain = expected_gain(raw, rules)
    amount = gain if hold else -(1 + gain)
    assert state.returns() == [amount if seat % 2 == declarers else -amount for seat in range(4)]
    outcome = state.outcome()
    assert outcome is not None
    team = declarers if hold else 1 - declarers
    assert (outcome.declarers_hold, outcome.levels_gained, outcome.declarers) == (hold, gain, team)
    after = expected_level(state.levels[team], gain, hold, rules)
    assert outcome.levels[team] == after and outcome.levels[1 - team] == state.levels[1 - team]
    assert outcome.winner == (team if after > 14 else None)


@pytest.mark.parametrize(("field", "value"), OPTION_VALUES, ids=[f"{f}={v}" for f, v in OPTION_VALUES])
def test_random_rounds_under_each_option_value(field: str, value: Any) -> None:
    rules = ref.Rules(**{field: value})
    for seed in range(ROUNDS_PER_VALUE):
        random_options_round(1000 * OPTION_VALUES.index((field, value)) + seed, rules)


def test_random_rounds_under_the_options_together() -> None:
    chooser = random.Random(17)
    for seed in range(ROUNDS_PER_VALUE):
        rules = ref.Rules(
            failed_throw_forced=chooser.choice(FORCED_CHOICES),
            throw_penalty=chooser.choice(PENALTIES),
            kitty_multiplier=chooser.choice(MULTIPLIERS),
            negative_points=chooser.choice(["clamp", "extra_levels"]),
            deadzone=chooser.random() < 0.5,
            defend_points=chooser.random() < 0.5,
            game_end=chooser.choice(["pass_ace", "must_defend_ace"]),
        )
        random_options_round(50_000 + seed, rules)


# ------------------------------------------------------------------------------------------------------------
# Whole random rounds under every value of the declaration options (F7, F8, F10-F12)
# ------------------------------------------------------------------------------------------------------------

DECLARATION_OPTION_VALUES: list[tuple[str, Any]] = [
    ("first_landlord", "winning_declaration"),
    ("first_landlord", "first_declaration"),
    ("bid_override", "standard"),
    ("bid_override", "higher_suit"),
    ("bid_override", "count_only"),
    ("joker_declaration_min", "two"),
    ("joker_declaration_min", "decks"),
    ("joker_pair_declaration_keeps_rank", False),
    ("joker_pair_declaration_keeps_rank", True),
    ("kitty_flip_joker_no_trump", False),
    ("kitty_flip_joker_no_trump", True),
]
S_ORDER = "DCHS"  # ♦ < ♣ < ♥ < ♠
FULL_DECK = Counter({card: 2 for card in ref.DECK})


def shown(text: str, rules: ref.Rules) -> tuple[int, int, str | None]:
    """A declaration's F8 strength (m, kind) and suit: kind 0 for rank cards, 1 for jokers, 2 for RJ with
    red_pair_overrides_black_pair."""
    words = text.split()[1:]
    card = words[0]
    if card in ("BJ", "RJ"):
        return len(words), 2 if card == "RJ" and rules.red_pair_overrides_black_pair else 1, None
    return len(words), 0, card[-1]


def expected_declarations(
    hand: list[str], seat: int, rank: int, standing: tuple[int, str] | None, rules: ref.Rules
) -> list[str]:
    """F7-F9 written out from strengths (m, kind): the declarations ``seat`` may make now."""
    counts = Counter(hand)
    text = ref.RANKS[rank - 2]
    candidates = [
        f"declare {' '.join([card] * copies)}"
        for card in [f"{text}{suit}" for suit in "CDHS"]
        for copies in (1, 2)
        if counts[card] >= copies
    ]
    candidates += [f"declare {joker} {joker}" for joker in ("BJ", "RJ") if counts[joker] >= 2]  # F7, D = 2
    if standing is None:
        return candidates
    standing_seat, standing_text = standing
    old = shown(standing_text, rules)
    legal = []
    for candidate in candidates:
        new = shown(candidate, rules)
        if standing_seat == seat:  # F9: only allow_self_reinforce's single -> pair of the same suit
            ok = rules.allow_self_reinforce and old[:2] == (1, 0) and new[:2] == (2, 0) and new[2] == old[2]
        elif rules.bid_override == "count_only":
            ok = new[0] > old[0]
        else:
            ok = new[:2] > old[:2]
            if rules.bid_override == "higher_suit" and new[:2] == old[:2] == (2, 0):
                assert new[2] is not None and old[2] is not None
                ok = S_ORDER.index(new[2]) > S_ORDER.index(old[2])
        if ok:
            legal.append(candidate)
    return legal


def expected_flip(talon: list[str], rank: int, rules: ref.Rules) -> tuple[ref.Trump, int]:
    """R20, F11, F12 written out: the trump and the number of cards turned."""
    text = ref.RANKS[rank - 2]
    flag = rules.plain_suit_gap_closing
    no_trump = ref.Trump(text if rules.joker_pair_declaration_keeps_rank else None, None, flag)
    for turned, card in enumerate(talon, start=1):
        if card[:-1] == text and card not in ("BJ", "RJ"):
            return ref.Trump(text, card[-1], flag), turned
        if card in ("BJ", "RJ") and rules.kitty_flip_joker_no_trump:
            return no_trump, turned
    plain = [card for card in talon if card not in ("BJ", "RJ")]
    best = max(plain, key=lambda card: (ref.RANKS.index(card[:-1]), -plain.index(card)))
    return ref.Trump(text, best[-1], flag), len(talon)


def in_play(state: ref.State) -> Counter[str]:
    """Every card of the round once the draw is over: hands, tricks, the trick on the table, the kitty."""
    held = Counter(card for seat in range(4) for card in state.hand(seat))
    played = Counter(card for trick in state.completed_tricks() for _, play in trick for card in play)
    table = Counter(card for _, play in state.current_trick() for card in play)
    return held + played + table + Counter(state.kitty)


def random_declaration_round(seed: int, rules: ref.Rules) -> tuple[ref.State, int | None]:
    """A round (round 1, or a later one at random levels, declarers and starter) by random legal actions,
    every declaration turn checked against F7-F9, the trump and the starter against F10-F12 and R20, the
    cards conserved, the round ended and zero-sum. Returns the round and the first seat that declared in
    the deal played."""
    chooser = random.Random(seed)
    round1 = chooser.random() < 0.5
    if round1:
        level = chooser.randint(2, 14)
        state = ref.State.new(seed, rules, levels=(level, level))
        eagerness = 0.5  # how often a seat that may declare does (round 1 must see a declaration)
    else:
        declaring = chooser.randrange(2)
        levels = (chooser.randint(2, 14), chooser.randint(2, 14))
        state = ref.State.new(seed, rules, levels, declaring, declaring + 2 * chooser.randrange(2))
        eagerness = chooser.choice([0.0, 0.0, 0.0, 0.05, 0.5])  # 0: the kitty is turned up (R20, F11)
    rank = state.rank
    first: int | None = None  # the first seat that declared in this deal
    deals = state.deals
    for _ in range(MAX_STEPS):
        if state.is_terminal:
            break
        if state.phase == "draw":
            if state.deals != deals:  # R19: a redeal starts afresh
                deals, first = state.deals, None
            seat = state.current_player
            assert seat is not None
            actions = legal(state)
            assert actions[-1] == "pass"
            expected = expected_declarations(state.hand(seat), seat, rank, state.declaration, rules)
            ids = sorted(state.string_to_action(text) for text in expected)
            assert state.legal_actions()[:-1] == ids and ids, (state.declaration, actions)  # stops if legal
            standing = state.declaration
            if chooser.random() < eagerness:
                act(state, chooser.choice(actions[:-1]))
                first = seat if first is None else first
            else:
                act(state, "pass")
            if state.phase == "kitty":  # the draw is over: the trump is fixed
                assert state.trump is not None and state.starter is not None and state.declarers is not None
                final = state.declaration
                keeps = ref.RANKS[rank - 2] if rules.joker_pair_declaration_keeps_rank else None
                flag = rules.plain_suit_gap_closing
                if final is None:
                    assert not round1 and standing is None
                    assert (state.trump, state.turned) == expected_flip(state.talon, rank, rules)
                elif final[1].split()[1] in ("BJ", "RJ"):
                    assert (state.trump, state.turned) == (ref.Trump(keeps, None, flag), 0)  # R9, F12
                else:
                    assert state.trump == ref.Trump(ref.RANKS[rank - 2], final[1][-1], flag)
                if round1:  # R21, F10
                    assert final is not None and first is not None
                    landlord = first if rules.first_landlord == "first_declaration" else final[0]
                    assert (state.starter, state.declarers) == (landlord, landlord % 2)
                assert in_play(state) == FULL_DECK
        else:
            state.apply_action(chooser.choice(state.legal_actions()))
            if chooser.random() < 0.05:
                assert in_play(state) == FULL_DECK
    assert state.is_terminal, "the round did not end"
    assert in_play(state) == FULL_DECK and not any(state.hand(seat) for seat in range(4))
    assert len(state.kitty) == ref.TALON_SIZE
    returns = state.returns()
    assert sum(returns) == 0 and returns[0] == returns[2] == -returns[1] and returns[0] != 0
    loaded = ref.State.from_json(state.to_json())
    assert (loaded.history(), loaded.trump, loaded.starter, loaded.returns()) == (
        state.history(),
        state.trump,
        state.starter,
        returns,
    )
    return state, first


@pytest.mark.parametrize(
    ("field", "value"), DECLARATION_OPTION_VALUES, ids=[f"{f}={v}" for f, v in DECLARATION_OPTION_VALUES]
)
def test_random_rounds_under_each_declaration_option_value(field: str, value: Any) -> None:
    index = DECLARATION_OPTION_VALUES.index((field, value))
    seen: Counter[str] = Counter()
    for seed in range(ROUNDS_PER_VALUE):
        chooser = random.Random(seed)  # with or without the older declaration options, at random
        others: dict[str, Any] = {
            "allow_self_reinforce": chooser.random() < 0.3,
            "red_pair_overrides_black_pair": chooser.random() < 0.3,
        }
        rules = ref.Rules(**others, **{field: value})
        state, first = random_declaration_round(100_000 + 1000 * index + seed, rules)
        trump, declaration = state.trump, state.declaration
        assert trump is not None
        if declaration is None:
            seen["flip"] += 1
            seen["joker flip"] += trump.suit is None
        if trump.suit is None:
            seen["no trump, with the rank" if trump.rank is not None else "no trump"] += 1
        if declaration is not None and first is not None and first % 2 != declaration[0] % 2:
            seen["the first declarer's team overridden"] += 1
    # The rounds reach what the option is about.
    assert seen["flip"] and seen["no trump"] + seen["no trump, with the rank"], seen
    assert bool(seen["joker flip"]) == rules.kitty_flip_joker_no_trump, seen
    assert bool(seen["no trump, with the rank"]) == rules.joker_pair_declaration_keeps_rank, seen
    assert seen["the first declarer's team overridden"], seen


def test_random_rounds_under_the_declaration_options_together() -> None:
    chooser = random.Random(23)
    for seed in range(ROUNDS_PER_VALUE):
        rules = ref.Rules(
            allow_self_reinforce=chooser.random() < 0.5,
            red_pair_overrides_black_pair=chooser.random() < 0.5,
            first_landlord=chooser.choice(FIRST_LANDLORDS),
            bid_override=chooser.choice(BID_OVERRIDES),
            joker_declaration_min=chooser.choice(["two", "decks"]),
            joker_pair_declaration_keeps_rank=chooser.random() < 0.5,
            kitty_flip_joker_no_trump=chooser.random() < 0.5,
            plain_suit_gap_closing=chooser.random() < 0.8,
        )
        random_declaration_round(200_000 + seed, rules)


# ------------------------------------------------------------------------------------------------------------
# The options themselves
# ------------------------------------------------------------------------------------------------------------


def test_option_defaults_and_choices() -> None:
    rules = ref.Rules()
    assert (rules.failed_throw_forced, rules.throw_penalty, rules.kitty_multiplier) == (
        "fewest_cards_then_lowest",
        "per_card_taken_back",
        "seed_2c",
    )
    assert (rules.negative_points, rules.deadzone, rules.defend_points) == ("clamp", True, False)
    assert (rules.first_landlord, rules.bid_override, rules.joker_declaration_min) == (
        "winning_declaration",
        "standard",
        "two",
    )
    assert not rules.joker_pair_declaration_keeps_rank and not rules.kitty_flip_joker_no_trump
    assert rules.min_tractor_length == 2
    # The library's field order (its saves and the reference's must list the options alike).
    library = [option.name for option in tractor.Rules.options()]
    assert [field.name for field in dataclasses.fields(ref.Rules)] == library
    assert not hasattr(rules, "negative_points_as_zero")
    assert not hasattr(rules, "tractor_must_follow_tractor")
    assert (rules.tractor_follow, rules.new_adjacency, rules.format_based_draw) == ("none", "allow", True)
    assert (rules.throw_compare, rules.after_ace) == ("pairs_first", "game_over")
    assert ref.FAILED_THROW_CHOICES == FORCED_CHOICES
    assert ref.THROW_PENALTY_CHOICES == PENALTIES
    assert ref.KITTY_MULTIPLIER_CHOICES == MULTIPLIERS
    assert ref.NEGATIVE_POINTS_CHOICES == ("clamp", "extra_levels")
    assert ref.FIRST_LANDLORD_CHOICES == FIRST_LANDLORDS
    assert ref.BID_OVERRIDE_CHOICES == BID_OVERRIDES
    assert ref.JOKER_DECLARATION_MIN_CHOICES == ("two", "decks")
    for field, value in OPTION_VALUES + DECLARATION_OPTION_VALUES:
        assert getattr(ref.Rules(**{field: value}), field) == value


@pytest.mark.parametrize(
    ("field", "bad", "named"),
    [
        ("failed_throw_forced", "first_beatable", "first_in_turn_smallest"),
        ("throw_penalty", "per_card", "per_attempt_10"),
        ("throw_penalty", None, "none"),
        ("kitty_multiplier", "largest_unit", "largest_unit_pow2"),
        ("negative_points", "zero", "extra_levels"),
        ("negative_points", True, "clamp"),
        ("deadzone", "yes", "bool"),
        ("deadzone", 1, "bool"),
        ("defend_points", "on", "bool"),
        ("defend_points", 0, "bool"),
        ("first_landlord", "first", "first_declaration"),
        ("first_landlord", None, "winning_declaration"),
        ("bid_override", "higher", "higher_suit"),
        ("bid_override", "Standard", "count_only"),
        ("bid_override", 2, "standard"),
        ("joker_declaration_min", 2, "decks"),
        ("joker_declaration_min", "three", "two"),
        ("joker_pair_declaration_keeps_rank", "true", "bool"),
        ("joker_pair_declaration_keeps_rank", 1, "bool"),
        ("kitty_flip_joker_no_trump", "yes", "bool"),
        ("kitty_flip_joker_no_trump", None, "bool"),
    ],
)
def test_invalid_option_values_raise(field: str, bad: Any, named: str) -> None:
    with pytest.raises(ValueError, match=rf"Rules\.{field} must be .*{named}"):
        ref.Rules(**{field: bad})


def test_invalid_toolkit_arguments_raise() -> None:
    with pytest.raises(TypeError):
        ref.Rules(negative_points_as_zero=False)  # type: ignore[call-arg]  # replaced by negative_points
    with pytest.raises(ValueError, match="negative_points"):
        ref.level_outcome(-40, negative_points="zero")
    with pytest.raises(ValueError, match="deadzone"):
        ref.level_outcome(80, deadzone=0)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="kitty_multiplier"):
        ref.kitty_bonus(cards(KITTY_30), ["AS"], HEARTS_2, "largest_unit")
    with pytest.raises(ValueError, match=r"failed_throw_forced must be .*first_in_turn_smallest"):
        ref.check_throw(cards("AS KS"), [[], [], []], HEARTS_2, failed_throw_forced="first_beatable")


def test_options_are_coerced_saved_and_keyed() -> None:
    rules = ref.Rules(
        failed_throw_forced="first_in_turn_smallest",
        throw_penalty="none",
        kitty_multiplier="largest_unit_pow2",
        negative_points="extra_levels",
        deadzone=False,
        defend_points=True,
        first_landlord="first_declaration",
        bid_override="count_only",
        joker_declaration_min="decks",
        joker_pair_declaration_keeps_rank=True,
        kitty_flip_joker_no_trump=True,
        min_tractor_length=3,
    )
    # Any object with the nineteen attributes, enum-like values read through .value.
    fields = {
        **dataclasses.asdict(rules),
        "throw_penalty": type("Enum", (), {"value": "none"})(),
        "bid_override": type("Enum", (), {"value": "count_only"})(),
    }
    assert ref.Rules.coerce(type("Options", (), fields)()) == rules
    old = {key: value for key, value in dataclasses.asdict(ref.Rules()).items() if key != "negative_points"}
    with pytest.raises(TypeError, match="negative_points"):
        ref.Rules.coerce(type("Old", (), {**old, "negative_points_as_zero": True})())
    # A save keeps them; the information key tells them apart.
    state = ref.State.new(5, rules)
    chooser = random.Random(5)
    for _ in range(300):
        if state.is_terminal:
            break
        state.apply_action(chooser.choice(state.legal_actions()))
    loaded = ref.State.from_json(state.to_json())
    assert loaded.rules == rules and loaded.history() == state.history()
    assert (loaded.points, loaded.raw_points) == (state.points, state.raw_points)
    default = ref.State.new(5)
    assert default.information_state_key(0) != ref.State.new(5, rules).information_state_key(0)
    for field, value in DECLARATION_OPTION_VALUES:
        other = ref.State.new(5, ref.Rules(**{field: value}))
        same = getattr(ref.Rules(), field) == value
        assert (other.information_state_key(0) == default.information_state_key(0)) == same, field
        assert other.observation(0) == default.observation(0)  # the layout has no place for them
        assert len(other.observation(0)) == ref.OBSERVATION_SHAPE[0]
    # An options object without the new attributes (an older library's) is refused, naming the first one.
    before = {key: value for key, value in dataclasses.asdict(ref.Rules()).items() if key != "first_landlord"}
    with pytest.raises(TypeError, match="first_landlord"):
        ref.Rules.coerce(type("Older", (), before)())


# ------------------------------------------------------------------------------------------------------------
# TV-F15: min_tractor_length (F20, F21, F25), D = 2
# ------------------------------------------------------------------------------------------------------------

# Seat 0 leads 5♠5♠6♠6♠; seat 2 holds K♠K♠, which beats either pair; no other seat holds a spade pair.
TV_F15_HANDS = ("5S 5S 6S 6S 7S 7S", "3S 9S 3C 4C 6C 7C", "KS KS 8C 9C 10C JC", "4S QS 3D 4D 6D 7D")


def test_tv_f15_two_pairs_are_a_throw() -> None:
    lead = cards("5S 5S 6S 6S")
    others = [cards(hand) for hand in TV_F15_HANDS[1:]]  # seats 1, 2, 3: turn order after seat 0
    assert ref.decompose(lead, HEARTS_2, min_tractor_length=3) == [
        ("pair", cards("6S 6S")),
        ("pair", cards("5S 5S")),
    ]
    # Both pairs are beatable by seat 2's K♠K♠ (each thrown with the unbeatable A♠ is taken back for it).
    for pair in ("5S 5S", "6S 6S"):
        throw = [*cards(pair), "AS"]
        assert ref.check_throw(throw, others, HEARTS_2, min_tractor_length=3) == (cards(pair), 1)
    # Forced: 5♠5♠, of the same size and lower; two cards taken back.
    for choice in FORCED_CHOICES:
        failed = ref.check_throw(lead, others, HEARTS_2, failed_throw_forced=choice, min_tractor_length=3)
        assert failed == (cards("5S 5S"), 2)
    # With the default (2, 2) it is a tractor lead, not checked.
    assert ref.decompose(lead, HEARTS_2) == [("tractor", cards("6S 6S 5S 5S"))]
    assert ref.check_throw(lead, others, HEARTS_2) is None
    assert ref.check_throw(lead, others, HEARTS_2, min_tractor_length=2) is None
    # Three pairs are still a tractor under 3 (one component, never checked).
    three = cards("5S 5S 6S 6S 7S 7S")
    assert ref.decompose(three, HEARTS_2, min_tractor_length=3) == [("tractor", cards("7S 7S 6S 6S 5S 5S"))]
    assert ref.check_throw(three, others, HEARTS_2, min_tractor_length=3) is None


def test_tv_f15_in_a_round() -> None:
    # Seat 0 is an opponent (team 1 declares): the failed throw lowers P by 10 x 2 = 20.
    state = position(TV_F15_HANDS, 0, 1, min_tractor_length=3)
    play_all(state, "5S 5S 6S 6S")
    assert state.current_trick() == [(0, cards("5S 5S"))]
    assert sorted(state.hand(0)) == sorted(cards("6S 6S 7S 7S"))  # taken back, not played (F26)
    assert (state.failed_throws, state.raw_points) == (1, -20)
    # A declarer's throw raises P by as much.
    declarer = position(TV_F15_HANDS, 0, 0, min_tractor_length=3)
    play_all(declarer, "5S 5S 6S 6S")
    assert (declarer.failed_throws, declarer.raw_points) == (1, 20)
    # Under 3, three pairs are a tractor lead; under 2, two pairs are: neither is checked.
    for length, lead in ((3, "5S 5S 6S 6S 7S 7S"), (2, "5S 5S 6S 6S")):
        state = position(TV_F15_HANDS, 0, 1, min_tractor_length=length)
        play_all(state, lead)
        assert state.current_trick() == [(0, sorted(cards(lead), key=ref.DECK.index))]
        assert (state.failed_throws, state.raw_points) == (0, 0)


def test_tv_f15_trick_winner() -> None:
    # 5♠5♠6♠6♠ under 3 is won as a throw: only a ruff of two trump pairs beats it, a spade tractor does not.
    plays = [cards("5S 5S 6S 6S"), cards("7S 7S 8S 8S"), cards("3H 3H 9H 9H"), cards("4C 4C 5C 5C")]
    assert ref.trick_winner(plays, HEARTS_2, min_tractor_length=3) == 2
    assert ref.trick_winner(plays, HEARTS_2) == 1  # a tractor lead: the higher spade tractor wins (R38)
    # A tractor lead of L pairs still needs L consecutive pairs (R38, F28).
    lead = cards("5S 5S 6S 6S 7S 7S")
    ruffs = [lead, cards("3H 3H 9H 9H JH JH"), cards("3H 3H 4H 4H 5H 5H"), cards("8S 8S 9S 9S 10S 10S")]
    assert ref.trick_winner(ruffs, HEARTS_2, min_tractor_length=3) == 2
    assert ref.trick_winner([lead, ruffs[1], ruffs[3], ruffs[2]], HEARTS_2, min_tractor_length=3) == 3


def test_tv_f15_follow_duties_and_kitty() -> None:
    # tractor_follow = full: under 2 the lead 5♠5♠6♠6♠ is a tractor, so a follower holding 9♠9♠10♠10♠
    # must play it; under 3 it is two pairs, and any two of the follower's pairs will do.
    hand = cards("9S 9S 10S 10S QS QS 3C")
    lead = cards("5S 5S 6S 6S")
    duty = {"tractor_follow": "full"}
    assert ref.legal_follows(hand, lead, HEARTS_2, **duty) == [cards("9S 9S 10S 10S")]
    assert ref.legal_follows(hand, lead, HEARTS_2, **duty, min_tractor_length=3) == [
        cards("9S 9S 10S 10S"),
        cards("9S 9S QS QS"),
        cards("10S 10S QS QS"),
    ]
    assert not ref.is_legal_follow(hand, lead, cards("9S 9S QS QS"), HEARTS_2, **duty)
    assert ref.is_legal_follow(hand, lead, cards("9S 9S QS QS"), HEARTS_2, **duty, min_tractor_length=3)
    assert ref.follow_extensions(hand, lead, ["QS"], HEARTS_2, **duty) == []
    assert ref.follow_extensions(hand, lead, ["QS"], HEARTS_2, **duty, min_tractor_length=3) == cards(
        "9S 10S QS"
    )
    # In a round too: seat 1 follows under the rules' value.
    hands = ("5S 5S 6S 6S 3C 4C", "9S 9S 10S 10S QS QS", "5C 6C 7C 8C 9C 10C", "3D 4D 5D 6D 7D 8D")
    for length, offered in ((2, ["play 9S", "play 10S"]), (3, ["play 9S", "play 10S", "play QS"])):
        state = position(hands, 0, 1, min_tractor_length=length, **duty)
        play_all(state, "5S 5S 6S 6S")
        assert legal(state) == offered
    # F32: the kitty multiplier counts the lead's components under the option.
    kitty = cards(KITTY_30)
    assert ref.kitty_bonus(kitty, lead, HEARTS_2, "largest_unit_times2") == 30 * 2 * 4
    assert ref.kitty_bonus(kitty, lead, HEARTS_2, "largest_unit_times2", min_tractor_length=3) == 30 * 2 * 2
    assert ref.kitty_bonus(kitty, lead, HEARTS_2, "largest_unit_pow2", min_tractor_length=3) == 30 * 2**2
    assert ref.kitty_bonus(kitty, lead, HEARTS_2, "exp", min_tractor_length=3) == 30 * 2**3  # pairs count


@pytest.mark.parametrize(
    ("lead", "length", "expected"),
    [
        # A run of four pairs: a tractor up to 4, four pairs under 5.
        ("5S 5S 6S 6S 7S 7S 8S 8S", 2, [("tractor", "8S 8S 7S 7S 6S 6S 5S 5S")]),
        ("5S 5S 6S 6S 7S 7S 8S 8S", 4, [("tractor", "8S 8S 7S 7S 6S 6S 5S 5S")]),
        (
            "5S 5S 6S 6S 7S 7S 8S 8S",
            5,
            [("pair", "8S 8S"), ("pair", "7S 7S"), ("pair", "6S 6S"), ("pair", "5S 5S")],
        ),
        # A run of four and a run of two: under 3 one tractor and two pairs; under 2 two tractors.
        (
            "5S 5S 6S 6S 7S 7S 8S 8S JS JS QS QS AS",
            3,
            [("tractor", "8S 8S 7S 7S 6S 6S 5S 5S"), ("pair", "QS QS"), ("pair", "JS JS"), ("single", "AS")],
        ),
        (
            "5S 5S 6S 6S 7S 7S 8S 8S JS JS QS QS AS",
            2,
            [("tractor", "8S 8S 7S 7S 6S 6S 5S 5S"), ("tractor", "QS QS JS JS"), ("single", "AS")],
        ),
        (
            "5S 5S 6S 6S 7S 7S 8S 8S JS JS QS QS AS",
            5,
            [
                ("pair", "QS QS"),
                ("pair", "JS JS"),
                ("pair", "8S 8S"),
                ("pair", "7S 7S"),
                ("pair", "6S 6S"),
                ("pair", "5S 5S"),
                ("single", "AS"),
            ],
        ),
        # Trumps: RJ RJ BJ BJ 2♠2♠ (off-suit rank) 2♥2♥ A♥A♥ is a run of five; 12 takes none of it.
        ("RJ RJ BJ BJ 2H 2H 2S 2S AH AH", 5, [("tractor", "RJ RJ BJ BJ 2H 2H 2S 2S AH AH")]),
        (
            "RJ RJ BJ BJ 2H 2H 2S 2S AH AH",
            12,
            [("pair", "RJ RJ"), ("pair", "BJ BJ"), ("pair", "2H 2H"), ("pair", "2S 2S"), ("pair", "AH AH")],
        ),
    ],
)
def test_decompose_at_several_lengths(lead: str, length: int, expected: list[tuple[str, str]]) -> None:
    parts = ref.decompose(cards(lead), HEARTS_2, min_tractor_length=length)
    assert parts == [(kind, cards(part)) for kind, part in expected]
    # One component is a lead of its type; several are a throw (F21), checked against the other hands.
    nobody = [[], [], []]
    assert ref.check_throw(cards(lead), nobody, HEARTS_2, min_tractor_length=length) is None


def test_decompose_default_is_unchanged() -> None:
    for lead in ("5S 5S 6S 6S 9S", "AS KS KS QS QS", "2C 2C 2S 2S BJ BJ", "3H 3H 4H 4H 5H 5H 7H 7H 8H 8H"):
        assert ref.decompose(cards(lead), HEARTS_2) == ref.decompose(
            cards(lead), HEARTS_2, min_tractor_length=2
        )


def planned_lead(state: ref.State, chooser: random.Random) -> list[str]:
    """A run of consecutive pairs of the leader's hand (a tractor under the default), or ``[]``: random
    plays seldom lead one."""
    trump, seat = state.trump, state.current_player
    assert trump is not None and seat is not None
    by_suit: dict[str, list[str]] = {}
    for card, count in Counter(state.hand(seat)).items():
        if count == 2:
            by_suit.setdefault(trump.suit_of(card), []).extend([card, card])
    runs = [
        part for group in by_suit.values() for kind, part in ref.decompose(group, trump) if kind == "tractor"
    ]
    return chooser.choice(runs) if runs else []


def random_min_tractor_round(seed: int, rules: ref.Rules) -> int:
    """A round by random legal actions under ``rules``, leading runs of pairs when it can: every lead split
    and checked under its min_tractor_length, every trick's winner, the cards conserved, the round ended,
    zero-sum, saved and, now and then, resampled. Returns how many leads the option split differently."""
    length = rules.min_tractor_length
    chooser = random.Random(seed)
    plan: list[str] = []  # the rest of a planned lead, then "finish"
    changed = 0
    if chooser.random() < 0.5:
        state = ref.State.new(seed, rules)
    else:
        declaring = chooser.randrange(2)
        levels = (chooser.randint(2, 14), chooser.randint(2, 14))
        state = ref.State.new(seed, rules, levels, declaring, declaring + 2 * chooser.randrange(2))
    resample_at = chooser.randrange(60, 160) if seed % 10 == 0 else None
    for step in range(MAX_STEPS):
        if state.is_terminal:
            break
        if step == resample_at and state.current_player is not None:
            player = state.current_player
            resampled = state.resample(player, seed)
            assert resampled.information_state_key(player) == state.information_state_key(player)
            assert resampled.rules == rules
        leading = state.phase == "play" and not state.current_trick()
        if leading and not state.partial_play() and chooser.random() < 0.8:
            run = planned_lead(state, chooser)
            plan = [*run, "finish"] if run else []
        if leading and len(plan) > 1:
            action = state.string_to_action(f"play {plan.pop(0)}")
        elif leading and plan:
            action, plan = ref.FINISH, []
        else:
            action = chooser.choice(state.legal_actions())
        if action == ref.FINISH:
            leader, attempt, trump = state.leader, state.partial_play(), state.trump
            assert trump is not None
            parts = ref.decompose(attempt, trump, min_tractor_length=length)
            changed += parts != ref.decompose(attempt, trump)
            assert all(len(part) >= 2 * length for kind, part in parts if kind == "tractor")
            others = [state.hand((leader + k) % 4) for k in range(1, 4)]
            failed = ref.check_throw(
                attempt,
                others,
                trump,
                failed_throw_forced=rules.failed_throw_forced,
                min_tractor_length=length,
            )
            state.apply_action(action)
            forced = state.current_trick()[0][1]
            if failed is None:
                assert sorted(forced) == sorted(attempt)
            else:
                assert len(parts) > 1 and sorted(forced) == sorted(failed[0])
                assert sorted(forced) in [sorted(part) for _, part in parts]
        else:
            done = len(state.completed_tricks())
            state.apply_action(action)
            if len(state.completed_tricks()) > done:
                plays = [play for _, play in state.completed_tricks()[-1]]
                trump = state.trump
                assert trump is not None
                winner = ref.trick_winner(plays, trump, min_tractor_length=length)
                assert state.trick_winners()[-1] == state.completed_tricks()[-1][winner][0]
            if chooser.random() < 0.05 and state.phase != "draw":
                assert in_play(state) == FULL_DECK
    assert state.is_terminal, "the round did not end"
    assert in_play(state) == FULL_DECK and not any(state.hand(seat) for seat in range(4))
    returns = state.returns()
    assert sum(returns) == 0 and returns[0] == returns[2] == -returns[1] and returns[0] != 0
    loaded = ref.State.from_json(state.to_json())
    assert loaded.rules == rules and loaded.history() == state.history() and loaded.returns() == returns
    return changed


@pytest.mark.parametrize("length", [3, 12])
def test_random_rounds_under_min_tractor_length(length: int) -> None:
    chooser = random.Random(length)
    changed = 0
    for seed in range(ROUNDS_PER_VALUE):
        rules = ref.Rules(
            min_tractor_length=length,
            tractor_follow=chooser.choice(["none", "full", "fallback"]),
            failed_throw_forced=chooser.choice(FORCED_CHOICES),
            kitty_multiplier=chooser.choice(MULTIPLIERS),
        )
        changed += random_min_tractor_round(70_000 + 1000 * length + seed, rules)
    assert changed >= 10  # the option did split leads differently


@pytest.mark.parametrize("bad", [1, 13, 0, -2, True, False, "3", 3.0, None])
def test_invalid_min_tractor_length_raises(bad: Any) -> None:
    with pytest.raises(ValueError, match=r"Rules\.min_tractor_length must be an int from 2 to 12"):
        ref.Rules(min_tractor_length=bad)
    lead, hand = cards("5S 5S 6S 6S"), cards("9S 9S 10S 10S")
    calls = [
        lambda: ref.decompose(lead, HEARTS_2, min_tractor_length=bad),
        lambda: ref.check_throw(lead, [[], [], []], HEARTS_2, min_tractor_length=bad),
        lambda: ref.trick_winner([lead, hand, hand, hand], HEARTS_2, min_tractor_length=bad),
        lambda: ref.is_legal_follow(hand, lead, hand, HEARTS_2, min_tractor_length=bad),
        lambda: ref.legal_follows(hand, lead, HEARTS_2, min_tractor_length=bad),
        lambda: ref.follow_extensions(hand, lead, [], HEARTS_2, min_tractor_length=bad),
        lambda: ref.kitty_bonus(cards(KITTY_30), lead, HEARTS_2, "exp", min_tractor_length=bad),
    ]
    for call in calls:
        with pytest.raises(ValueError, match=r"min_tractor_length must be an int from 2 to 12"):
            call()
