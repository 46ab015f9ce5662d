"""Tests of the pure-Python Sheepshead reference engine for the variants chapter (``sheepshead-variants.md``).

One test per test vector (TV-V1 ... TV-V11, TV-S8 revised beyond five players), each on explicit cards and
explicit actions, then the options and the action strings, the exactness of `resample` in a variant (against
an enumeration written here), and property tests over sampled configurations: every player count and form,
every partner method, every all-pass game, cracking and blitzing on.

Tricks are written as the cards in play order, starting with the leader. The lines of the full hands were
found by a search over legal plays for the wanted P and are replayed here action by action.
"""

from __future__ import annotations

import itertools
import json
import math
import pickle
import random
from collections import Counter
from collections.abc import Hashable, Sequence
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_reference_resample import chi_square_p_value, partitions  # the same directory: on the path
from test_reference_sheepshead import act, legal, legal_cards, play_tricks

from tricktaker.errors import RulesError
from tricktaker.reference import sheepshead as ref

# ------------------------------------------------------------------------------------------------------------
# Helpers
# ------------------------------------------------------------------------------------------------------------


def deal(hands: Sequence[str], blind: str, dealer: int, **options: Any) -> ref.State:
    """A state from hands written as space-separated cards, ``hands[seat]``."""
    return ref.State.from_cards(
        [hand.split() for hand in hands], blind.split(), dealer=dealer, rules=ref.Rules(**options)
    )


def side_points(state: ref.State, side: Sequence[int]) -> int:
    """P: the side's trick points plus the bury (R26)."""
    return sum(state.points()[seat] for seat in side) + sum(ref.card_points(card) for card in state.buried)


def fill(fixed: dict[int, str], blind: str, players: int = 5, deck: Sequence[str] = ref.DECK) -> list[str]:
    """Hands of `players` seats: the seats in `fixed` get those cards, every other seat (in order) the rest of
    the deck in deck order, up to the size of the fixed hands."""
    size = len(next(iter(fixed.values())).split())
    used = {card for hand in fixed.values() for card in hand.split()} | set(blind.split())
    rest = iter(card for card in deck if card not in used)
    return [
        fixed[seat] if seat in fixed else " ".join(next(rest) for _ in range(size)) for seat in range(players)
    ]


def crack_window(state: ref.State) -> list[int]:
    """The seats that get a turn in the crack window, everyone passing (V25)."""
    seats = []
    while state.phase == "crack":
        seats.append(state.current_player)
        act(state, "pass")
    return [seat for seat in seats if seat is not None]


def pick_by(seed: int, picker: int, dealer: int, **options: Any) -> ref.State:
    """A seeded hand in which the seats before `picker` pass, `picker` picks, buries its first cards and goes
    alone (or has no partner step): the state at the crack window, or later when there is none."""
    state = ref.State.new(seed, ref.Rules(**options), dealer=dealer)
    while state.phase == "pick" and state.current_player != picker:
        act(state, "pass")
    act(state, "pick")
    while state.phase == "bury":
        state.apply_action(state.legal_actions()[0])
    if state.phase == "call":
        act(state, "alone")
    return state


# ------------------------------------------------------------------------------------------------------------
# TV-V1: the deals of every form
# ------------------------------------------------------------------------------------------------------------


def positions(*ranges: tuple[int, int]) -> list[int]:
    """Card numbers (#1 is the top card) as 0-based positions."""
    return [number - 1 for first, last in ranges for number in range(first, last + 1)]


def check_deal(options: dict[str, Any], rows: list[list[int]], blind: list[int], deck_size: int = 32) -> None:
    """TV-V1: with dealer n-1, seat i gets the cards of ``rows[i]`` of the shuffled sorted deck; with another
    dealer, seat (d+1+i) mod n takes row i (the sitting-out dealer's row is empty)."""
    rules = ref.Rules(**options)
    n = rules.players
    for seed in (7, 2024):
        for dealer in (n - 1, 1):
            state = ref.State.new(seed, rules, dealer=dealer)
            deck = [card for card in ref.DECK if deck_size == 32 or card not in ("7C", "7S")]
            assert len(deck) == deck_size
            ref.Rng(seed).shuffle(deck)  # the sorted list of the form's indices, as text in index order
            for i, row in enumerate(rows):
                seat = (dealer + 1 + i) % n
                assert state.hand(seat) == sorted((deck[p] for p in row), key=ref.DECK.index), (
                    seed,
                    dealer,
                    i,
                )
            assert state.blind == [deck[p] for p in blind]
            assert sum(len(row) for row in rows) + len(blind) == deck_size
            assert state.active_seats == [(dealer + 1 + i) % n for i in range(n) if rows[i]]
            assert state.next_dealer == (dealer + 1) % n


def test_tv_v1_deals_three() -> None:
    rows = [
        positions((3 * i + 1, 3 * i + 3), (12 + 4 * i, 15 + 4 * i), (24 + 3 * i, 26 + 3 * i))
        for i in range(3)
    ]
    assert rows[2] == positions((7, 9), (20, 23), (30, 32))
    check_deal({"players": 3}, rows, positions((10, 11)))
    assert ref.State.new(1, ref.Rules(players=3)).hand_size == 10


def test_tv_v1_deals_cutthroat() -> None:
    rows = [
        positions((2 * i + 1, 2 * i + 2), (11 + 3 * i, 13 + 3 * i), (25 + 2 * i, 26 + 2 * i))
        for i in range(4)
    ]
    assert rows[3] == positions((7, 8), (20, 22), (31, 32))
    check_deal({"players": 4}, rows, positions((9, 10), (23, 24)))


def test_tv_v1_deals_called_ace_30() -> None:
    rows = [
        positions((2 * i + 1, 2 * i + 2), (11 + 3 * i, 13 + 3 * i), (23 + 2 * i, 24 + 2 * i))
        for i in range(4)
    ]
    assert rows[3] == positions((7, 8), (20, 22), (29, 30))
    check_deal({"players": 4, "four_handed": "called_ace_30"}, rows, positions((9, 10)), deck_size=30)
    state = ref.State.new(3, ref.Rules(players=4, four_handed="called_ace_30"))
    cards = {card for seat in range(4) for card in state.hand(seat)} | set(state.blind)
    assert len(cards) == 30 and "7C" not in cards and "7S" not in cards
    # V1: 120 points in every form; clubs and spades have five cards, hearts six, trump 14.
    assert sum(ref.card_points(card) for card in cards) == 120
    suits = Counter(ref.card_suit(card) for card in cards)
    assert suits == {"T": 14, "H": 6, "C": 5, "S": 5}


def test_tv_v1_deals_black_queens_4() -> None:
    rows = [positions((4 * i + 1, 4 * i + 4), (17 + 4 * i, 20 + 4 * i)) for i in range(4)]
    check_deal({"players": 4, "four_handed": "black_queens"}, rows, [])


def test_tv_v1_deals_five() -> None:
    rows = [positions((3 * i + 1, 3 * i + 3), (18 + 3 * i, 20 + 3 * i)) for i in range(5)]
    check_deal({}, rows, positions((16, 17)))


def test_tv_v1_deals_dealer_sits_out() -> None:
    rows = [positions((3 * i + 1, 3 * i + 3), (18 + 3 * i, 20 + 3 * i)) for i in range(5)] + [[]]
    check_deal({"players": 6}, rows, positions((16, 17)))
    state = ref.State.new(5, ref.Rules(players=6), dealer=5)
    assert state.hand(5) == [] and state.active_seats == [0, 1, 2, 3, 4]
    assert ref.State.new(5, ref.Rules(players=6), dealer=0).hand(0) == []  # next hand: seat 0 sits out


def test_tv_v1_deals_five_each() -> None:
    rows = [positions((2 * i + 1, 2 * i + 2), (15 + 3 * i, 17 + 3 * i)) for i in range(6)]
    assert rows[5] == positions((11, 12), (30, 32))
    check_deal({"players": 6, "six_handed": "five_each"}, rows, positions((13, 14)))


def test_tv_v1_deals_seven() -> None:
    rows = [positions((2 * i + 1, 2 * i + 2), (19 + 2 * i, 20 + 2 * i)) for i in range(7)]
    assert rows[6] == positions((13, 14), (31, 32))
    check_deal({"players": 7}, rows, positions((15, 18)))


def test_tv_v1_deals_eight() -> None:
    rows = [positions((2 * i + 1, 2 * i + 2), (17 + 2 * i, 18 + 2 * i)) for i in range(8)]
    assert rows[7] == positions((15, 16), (31, 32))
    check_deal({"players": 8}, rows, [])


def test_tv_v1_the_first_seat_in_pick_order_leads() -> None:
    """V0: d+1 leads trick 1 in every form (here after all pass, or at once for black queens)."""
    for options in FORMS:
        rules = ref.Rules(**options)
        state = ref.State.new(11, rules, dealer=2)
        while state.phase in ("blitz", "pick"):
            act(state, "pass")
        assert state.phase == "play" and state.current_player == 3 % rules.players


# ------------------------------------------------------------------------------------------------------------
# TV-V2: settlement rows
# ------------------------------------------------------------------------------------------------------------

# (points, side tricks of 6) per row, and the rows in the table's column order: 1, 3, 4, 5, 6, 2.
ROW_CASES = [(120, 6), (95, 3), (70, 3), (50, 3), (20, 2), (10, 0)]
TV_V2: dict[str, tuple[str, int, list[tuple[int, ...]], tuple[int, int, int] | None]] = {
    # configuration: (side, k, rows as (first, second, each) with second 0 when alone, row 2 no_trick_split)
    "3 alone": ("alone", 2, [(6, -3), (4, -2), (2, -1), (-2, 1), (-4, 2), (-6, 3)], None),
    "4 alone": ("alone", 3, [(9, -3), (6, -2), (3, -1), (-3, 1), (-6, 2), (-9, 3)], None),
    "4 called_ace_30 partner": (
        "partner",
        2,
        [(3, 3, -3), (2, 2, -2), (1, 1, -1), (-1, -1, 1), (-2, -2, 2), (-6, 0, 3)],
        (-3, -3, 3),
    ),
    "4 black-queen pair": (
        "pair",
        2,
        [(3, 3, -3), (2, 2, -2), (1, 1, -1), (-1, -1, 1), (-2, -2, 2), (-3, -3, 3)],
        (-3, -3, 3),
    ),
    "5 partner": (
        "partner",
        3,
        [(6, 3, -3), (4, 2, -2), (2, 1, -1), (-2, -1, 1), (-4, -2, 2), (-9, 0, 3)],
        (-6, -3, 3),
    ),
    "5 alone": ("alone", 4, [(12, -3), (8, -2), (4, -1), (-4, 1), (-8, 2), (-12, 3)], None),
    "6 five_each partner": (
        "partner",
        4,
        [(9, 3, -3), (6, 2, -2), (3, 1, -1), (-3, -1, 1), (-6, -2, 2), (-12, 0, 3)],
        (-9, -3, 3),
    ),
    "6 five_each alone": ("alone", 5, [(15, -3), (10, -2), (5, -1), (-5, 1), (-10, 2), (-15, 3)], None),
    "7 partner": (
        "partner",
        5,
        [(12, 3, -3), (8, 2, -2), (4, 1, -1), (-4, -1, 1), (-8, -2, 2), (-15, 0, 3)],
        (-12, -3, 3),
    ),
    "7 alone": ("alone", 6, [(18, -3), (12, -2), (6, -1), (-6, 1), (-12, 2), (-18, 3)], None),
    "8 black-queen pair": (
        "pair",
        6,
        [(9, 9, -3), (6, 6, -2), (3, 3, -1), (-3, -3, 1), (-6, -6, 2), (-9, -9, 3)],
        (-9, -9, 3),
    ),
    "8 both black queens": ("alone", 7, [(21, -3), (14, -2), (7, -1), (-7, 1), (-14, 2), (-21, 3)], None),
}


def test_tv_v2_settlement_rows() -> None:
    for name, (side, k, rows, split_row_2) in TV_V2.items():
        for (points, tricks), expected in zip(ROW_CASES, rows, strict=True):
            got = ref.settle_hand(points, tricks, defenders=k, side=side)
            assert (got if side != "alone" else (got[0], got[2])) == expected, (name, points)
            members = 1 if side == "alone" else 2
            assert got[0] + (got[1] if members == 2 else 0) + k * got[2] == 0, name  # every row sums to 0
        if split_row_2 is not None:
            assert ref.settle_hand(10, 0, defenders=k, side=side, no_trick_split=True) == split_row_2, name
    # The five-player rows are R27, R29 and R30 exactly, with their options.
    assert ref.settle_hand(10, 0, defenders=3, double_on_the_bump=True) == (-18, 0, 6)
    assert ref.settle_hand(10, 0, defenders=3, double_on_the_bump=True, no_trick_split=True) == (-12, -6, 6)
    assert ref.settle_hand(120, 5, defenders=3) == (4, 2, -2)
    assert ref.settle_hand(120, 5, defenders=3, trick_points=120, schwarz="points") == (6, 3, -3)
    assert ref.settle_hand(14, 2, defenders=3) == (-4, -2, 2)
    assert ref.settle_hand(14, 2, defenders=3, trick_points=0, schwarz="points") == (-9, 0, 3)
    # Other hand sizes: "every trick" is the form's number of tricks.
    assert ref.settle_hand(120, 10, defenders=2, side="alone", num_tricks=10) == (6, 0, -3)
    assert ref.settle_hand(120, 6, defenders=2, side="alone", num_tricks=10) == (4, 0, -2)
    with pytest.raises(ValueError, match="even"):
        ref.settle_hand(70, 3, defenders=3, side="pair")
    with pytest.raises(ValueError, match="side"):
        ref.settle_hand(70, 3, defenders=3, side="team")


def test_tv_v2_six_dealer_sits_out_uses_the_five_rows_and_the_dealer_gets_nothing() -> None:
    rules = ref.Rules(players=6)
    checked = 0
    for seed in range(60):
        state = ref.State.new(seed, rules, dealer=seed % 6)
        chooser = random.Random(seed)
        while not state.is_terminal:
            state.apply_action(chooser.choice(state.legal_actions()))
        returns = state.returns()
        assert returns[state.dealer] == 0 and sum(returns) == 0
        if state.picker is not None:
            checked += 1
            alone = state.partner is None
            side = [state.picker] if alone else [state.picker, state.partner]
            p = side_points(state, [seat for seat in side if seat is not None])
            tricks = sum(state.tricks_won()[seat] for seat in side if seat is not None)
            if alone:
                picker, each = ref.settle_alone(p, tricks)
                assert returns[state.picker] == picker
            else:
                picker, partner, each = ref.settle_with_partner(p, tricks)
                assert state.partner is not None and returns[state.partner] == partner
                assert returns[state.picker] == picker
            assert all(returns[seat] == each for seat in state.active_seats if seat not in side)
    assert checked > 10


# ------------------------------------------------------------------------------------------------------------
# TV-V3: a full called-ace hand with crack and re-crack
# ------------------------------------------------------------------------------------------------------------

TV_V3_HANDS = [
    "AC KC AS 10S 7D 9H",
    "QC JC JH AD 8H 7C",
    "QH JS 8D 9S 8S KH",
    "AH 10H QD KD 9C 7S",
    "JD 10D 9D 8C KS 7H",
]


def tv_v3_start(**options: Any) -> ref.State:
    state = deal(TV_V3_HANDS, "QS 10C", 4, cracking=True, **options)
    act(state, "pass", "pick", "bury 10C", "bury 7C")
    assert legal(state) == ["call AH", "alone"]  # the only call: the picker holds no club or spade
    act(state, "call AH")
    return state


def test_tv_v3_full_called_ace_hand_with_crack_and_recrack() -> None:
    state = tv_v3_start()
    # The crack window: seats 2, 3, 4 (after the picker in pick order); seat 0 is not eligible. Seat 3, the
    # partner, may only pass.
    assert (state.phase, state.current_player, legal(state)) == ("crack", 2, ["pass", "crack"])
    act(state, "pass")
    assert (state.phase, state.current_player, legal(state)) == ("crack", 3, ["pass"])
    act(state, "pass")
    assert (state.phase, state.current_player, legal(state)) == ("crack", 4, ["pass", "crack"])
    act(state, "crack")
    assert (state.phase, state.current_player, legal(state)) == ("recrack", 1, ["pass", "recrack"])
    act(state, "recrack")
    assert (state.phase, state.current_player, state.stake) == ("play", 0, 4)
    assert (state.cracked_by, state.recracked_by, state.partner) == (4, 1, None)

    play_tricks(state, "AC")
    assert "JH" in legal_cards(state) and "8H" not in legal_cards(state)  # void in clubs, 8H held back
    play_tricks(state, "JH 8S 9C 8C")
    assert state.trick_winners() == [1] and state.points()[1] == 13
    play_tricks(state, "8H KH")  # the hold card led: the first heart lead
    assert legal_cards(state) == {"AH"}
    play_tricks(state, "AH 7H 9H")
    assert state.partner == 3
    play_tricks(state, "KD 9D 7D AD QH", "9S 7S KS 10S JC", "QC 8D QD JD KC", "QS JS 10H 10D AS")
    assert state.trick_winners() == [1, 3, 2, 1, 1, 1]
    assert [sum(ref.card_points(c) for _, c in trick) for trick in state.completed_tricks()] == [
        13,
        15,
        18,
        16,
        12,
        36,
    ]
    assert side_points(state, [1, 3]) == 102 and state.points()[2] == 18
    assert state.returns() == [-8, 16, -8, 8, -8]


def test_tv_v3_forbidden_hold_card_lead() -> None:
    state = tv_v3_start(hold_card_lead="forbidden")
    act(state, "pass", "pass", "crack", "recrack")
    play_tricks(state, "AC JH 8S 9C 8C")
    assert legal_cards(state) == {"QC", "QS", "JC", "AD"}


def test_tv_v3_recrack_around_the_corner() -> None:
    """V26: the picker passes; every seat but the picker and the cracker gets a turn from the picker's left,
    only the partner with RECRACK, which reveals it."""
    state = tv_v3_start()
    act(state, "pass", "pass", "crack")
    act(state, "pass")  # the picker
    order = []
    while state.phase == "recrack":
        order.append((state.current_player, legal(state)))
        if state.current_player == 3:
            act(state, "recrack")
        else:
            act(state, "pass")
    assert order == [(2, ["pass"]), (3, ["pass", "recrack"])]
    assert (state.recracked_by, state.partner, state.stake) == (3, 3, 4)
    # With recrack_by = "picker" the window ends with the picker.
    state = tv_v3_start(recrack_by="picker")
    act(state, "pass", "pass", "crack", "pass")
    assert state.phase == "play" and state.stake == 2
    # With recrack_by = "none" there is no re-crack window.
    state = tv_v3_start(recrack_by="none")
    act(state, "pass", "pass", "crack")
    assert state.phase == "play"
    # After ALONE the window ends with the picker.
    state = deal(TV_V3_HANDS, "QS 10C", 4, cracking=True)
    act(state, "pass", "pick", "bury 10C", "bury 7C", "alone", "pass", "crack", "pass")
    assert state.phase == "play"


# ------------------------------------------------------------------------------------------------------------
# TV-S8 (revised) beyond five players: the hold card in every called-ace form
# ------------------------------------------------------------------------------------------------------------

CALLED_ACE_FORMS = [
    {"players": 5},
    {"players": 4, "four_handed": "called_ace_30"},
    {"players": 6},
    {"players": 6, "six_handed": "five_each"},
    {"players": 5, "hold_card_lead": "forbidden"},
    {"players": 6, "six_handed": "five_each", "hold_card_lead": "forbidden"},
]


@pytest.mark.parametrize(
    "options", CALLED_ACE_FORMS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items())
)
def test_tv_s8_revised_in_every_called_ace_form(options: dict[str, Any]) -> None:
    """TV-S8 (revised): with an ordinary ace call and one card of its suit, the picker may not discard it
    before the suit is led, may lead it unless ``forbidden``, always may in the last trick; whoever first
    leads the suit, the partner must play the called ace."""
    rules = ref.Rules(**options)
    forbidden = rules.hold_card_lead == "forbidden"
    seen: Counter[str] = Counter()
    for seed in range(300):
        state = ref.State.new(seed, rules, dealer=seed % rules.players)
        chooser = random.Random(seed)
        while state.phase == "pick":
            act(state, "pick" if chooser.random() < 0.4 else "pass")
        if state.picker is None:
            continue
        while state.phase == "bury":
            state.apply_action(chooser.choice(state.legal_actions()))
        picker = state.picker
        aces = [
            text
            for text in legal(state)
            if text[-2:] in ("AC", "AS", "AH")
            and any(ref.card_suit(card) == text[-1] for card in state.hand(picker))
            and text[-2:] not in state.hand(picker)
        ]
        if not aces:
            continue  # alone: no hold card
        act(state, chooser.choice(aces))
        while not state.is_terminal:
            check_hold_card(state, forbidden, seen)
            state.apply_action(chooser.choice(state.legal_actions()))
    assert seen["discard"] and seen["lead"] and seen["last"] and seen["partner"], seen


def check_hold_card(state: ref.State, forbidden: bool, seen: Counter[str]) -> None:
    called, picker = state.called_card, state.picker
    assert called is not None and picker is not None
    suit = called[-1]
    earlier_leads = [trick[0][1] for trick in state.completed_tricks()]
    trick = state.current_trick()
    led_before = any(ref.card_suit(card) == suit for card in earlier_leads)
    led_now = bool(trick) and ref.card_suit(trick[0][1]) == suit
    last = len(earlier_leads) == state.hand_size - 1
    seat = state.current_player
    assert seat is not None
    cards = legal_cards(state)
    hold = [card for card in state.hand(seat) if ref.card_suit(card) == suit]
    if seat == picker and len(hold) == 1 and not led_before and not led_now:
        if last:
            assert hold[0] in cards  # in the last trick the hold card is always playable
            seen["last"] += 1
        elif trick:
            assert hold[0] not in cards  # never thrown off on another suit
            seen["discard"] += 1
        else:
            assert (hold[0] in cards) != forbidden  # led under "allowed" only
            seen["lead"] += 1
    if led_now and not led_before and called in state.hand(seat):
        assert cards == {called}  # whoever led the suit first, the called ace goes to it
        seen["partner"] += 1


# ------------------------------------------------------------------------------------------------------------
# TV-V4: called 10 and under
# ------------------------------------------------------------------------------------------------------------

# Seat 1 picks the blind AC AH and buries it: it holds all three fail aces (AS in hand) and calls 10S.
TEN_HANDS = [
    "9S 7C 8C 9C 10C KC",
    "AS 8S QC QS QH QD",
    "KS 7H 8H 9H KH 10H",
    "10S JC JS JH JD AD",
    "7S 10D KD 9D 8D 7D",
]


def ten_hand(hands: Sequence[str], **options: Any) -> ref.State:
    state = deal(hands, "AC AH", 4, **options)
    act(state, "pass", "pick", "bury AC", "bury AH")
    assert legal(state) == ["call 10S", "alone"]
    act(state, "call 10S")
    return state


def test_tv_v4_called_ten() -> None:
    for called_ten_wins, winner in ((True, 3), (False, 1)):
        state = ten_hand(TEN_HANDS, called_ten_wins=called_ten_wins)
        play_tricks(state, "9S")
        assert legal_cards(state) == {"AS"}  # V10.1: the picker must play the ace of the called suit
        play_tricks(state, "AS KS")
        assert legal_cards(state) == {"10S"}  # R19: the partner the called 10
        play_tricks(state, "10S 7S")
        assert state.trick_winners() == [winner] and state.points()[winner] == 25
    # Seat 4 void in spades plays 7D: it wins either way.
    hands = list(TEN_HANDS)
    hands[0] = "9S 7S 8C 9C 10C KC"
    hands[4] = "7C 10D KD 9D 8D 7D"
    for called_ten_wins in (True, False):
        state = ten_hand(hands, called_ten_wins=called_ten_wins)
        play_tricks(state, "9S AS KS 10S 7D")
        assert state.trick_winners() == [4] and state.points()[4] == 25


def test_tv_v4_called_ten_the_picker_leads_only_the_ace_of_the_suit() -> None:
    """V10.1: a picker holding the ace of a called 10's suit plays it in the first trick of the suit, so it
    may lead no other card of that suit before then."""
    hands = list(TEN_HANDS)
    hands[0] = "QC 7C 8C 9C 10C KC"
    hands[1] = "AS 8S 9S QS QH QD"
    state = ten_hand(hands)
    play_tricks(state, "7C")
    assert legal_cards(state) == {"AS", "8S", "9S", "QS", "QH", "QD"}  # void in clubs: any card
    play_tricks(state, "QS 7H JC 7D")
    assert state.trick_winners() == [1]
    assert legal_cards(state) == {"AS", "QH", "QD"}  # 8S and 9S may not be led before spades are led
    play_tricks(state, "AS KS 10S 7S 8C")
    assert state.trick_winners() == [1, 3]  # called_ten_wins: the 10 beats the ace


UNDER_HANDS = [
    "7D 7H 9C 8C 10C KC",
    "QC JC AD KD AC AS",
    "10H 8D 9S 8S 10S KS",
    "AH 9D 9H KH QS JS",
    "8H 10D JD JH QD QH",
]


def under_hand(hands: Sequence[str], **options: Any) -> ref.State:
    state = deal(hands, "7C 7S", 4, no_legal_call="unknown", **options)
    act(state, "pass", "pick", "bury 7C", "bury 7S")
    # No heart, A♣ and A♠ held: no R14 call, and R15 does not apply; A♥ is called as an under.
    assert legal(state) == ["call AH", "alone"]
    act(state, "call AH")
    assert state.phase == "under"
    act(state, "under KD")
    assert state.under_card == "KD"
    assert set(state.hand(1)) == {"QC", "JC", "AD", "KD", "AC", "AS"}  # U stays in the hand, face down
    return state


def test_tv_v4_under() -> None:
    state = under_hand(UNDER_HANDS)
    play_tricks(state, "7D QC 8D 9D 10D")
    assert state.trick_winners() == [1]
    assert "KD" in legal_cards(state)  # U may be led at any time: the first lead of hearts
    play_tricks(state, "KD 10H")
    assert legal_cards(state) == {"AH"}  # the called ace goes to U's lead (V11.4)
    play_tricks(state, "AH 8H 7H")
    assert state.trick_winners() == [1, 3] and state.points()[3] == 25

    # Seat 4 void in hearts plays 7D and takes the 25, though K♦ outranks 7♦: U never wins.
    hands = [
        "8H 7H 9C 8C 10C 8D",
        UNDER_HANDS[1],
        "10H KC 9S 8S 10S KS",
        UNDER_HANDS[3],
        "7D 10D JD JH QD QH",
    ]
    state = under_hand(hands)
    play_tricks(state, "8D QC 9S 9D 10D", "KD 10H AH 7D 7H")
    assert state.trick_winners() == [1, 4] and state.points()[4] == 25

    # hold_card_lead = forbidden: U may not be led in trick 2.
    state = under_hand(UNDER_HANDS, hold_card_lead="forbidden")
    play_tricks(state, "7D QC 8D 9D 10D")
    assert "KD" not in legal_cards(state)


def test_v11_3_a_led_under_that_nothing_follows_gives_the_trick_to_the_next_card() -> None:
    """Every heart is gone (two buried, the called ace discarded under ``called_card_no_discard = False``) and
    nobody trumps U's lead: the first card after U takes the trick and U's points (the Rust engine's test of
    the same name plays the same hand)."""
    hands = [
        "7C 9C KC AD 10D KD",
        "QC QS JC JS AC AS",
        "8C 10C 7S QH QD JH",
        "9H 10H 8S 9S JD 9D",
        "KH AH KS 10S 8D 7D",
    ]
    state = deal(hands, "7H 8H", 4, no_legal_call="unknown", called_card_no_discard=False)
    act(state, "pass", "pick", "bury 7H", "bury 8H", "call AH", "under JS")
    play_tricks(state, "7C AC 8C 9H KH", "QC QH JD 8D AD", "QS QD 9D 7D 10D", "JC JH 10H AH KD")
    assert state.trick_winners() == [1, 1, 1, 1]
    play_tricks(state, "JS 7S 8S KS KC")
    assert state.trick_winners()[4] == 2 and state.points()[2] == 2 + 4 + 4
    play_tricks(state, "10C 9S 10S 9C AS")
    assert state.is_terminal and sum(state.returns()) == 0


# ------------------------------------------------------------------------------------------------------------
# TV-V5: jack partner
# ------------------------------------------------------------------------------------------------------------

JACK_HANDS = [
    "QC QS 7C 8C 9C 10C",
    "JD QH KC AC 7S 8S",
    "QD JC 9S 10S KS AS",
    "JS JH 7H 8H 9H 10H",
    "AD 10D KD 9D 8D 7D",
]
JACK_LINES = [
    "8S 10S 8H 9D QC",
    "8C AC 9S JH 8D",
    "10H KD 7C JD AS",
    "7S KS 7H 7D QS",
    "9C KC QD 9H 10D",
    "JC JS AD 10C QH",
]


def test_tv_v5a_the_picker_holds_the_jack_and_plays_alone() -> None:
    for announce in ("jack partner", "alone"):
        state = deal(JACK_HANDS, "KH AH", 0, partner="jack")
        act(state, "pick", "bury KH", "bury AH")
        assert legal(state) == ["alone", "jack partner"]
        act(state, announce)
        # The table is not told unless the picker announced ALONE.
        assert state.is_alone == (announce == "alone")
        play_tricks(state, *JACK_LINES)
        assert side_points(state, [1]) == 70
        assert state.partner is None
        assert state.returns() == [-1, 4, -1, -1, -1]


def test_tv_v5a_the_jack_holder_is_the_secret_partner() -> None:
    hands = list(JACK_HANDS)
    hands[1], hands[3] = "JS QH KC AC 7S 8S", "JD JH 7H 8H 9H 10H"
    state = deal(hands, "KH AH", 0, partner="jack")
    act(state, "pick", "bury KH", "bury AH")
    assert legal(state) == ["alone", "jack partner"]
    act(state, "jack partner")
    assert state.called_card is None and state.partner is None
    while "JD" in state.hand(3):
        state.apply_action(
            state.legal_actions()[-1] if state.current_player == 3 else state.legal_actions()[0]
        )
    assert state.partner == 3  # playing the jack reveals the partner


def call_up_target(picker_hand: str, blind: str, bury: str, **options: Any) -> str | None:
    """The card called up by seat 1 (dealer 0) with this hand and blind after burying `bury`; None if only
    ALONE is offered."""
    hands = fill({1: picker_hand}, blind)
    state = deal(hands, blind, 0, partner="jack", jack_picker_holds="call_up", **options)
    act(state, "pick", *(f"bury {card}" for card in bury.split()))
    if legal(state) == ["alone"]:
        return None
    assert legal(state) == ["alone", "call up"]
    act(state, "call up")
    holder = next(seat for seat in range(5) if state.called_card in state.hand(seat))
    assert holder != 1 and state.partner is None
    return state.called_card


def test_tv_v5b_call_up() -> None:
    assert call_up_target("JD JH 7C 8C 9C 10C", "JS KC", "JS KC") == "JC"
    assert call_up_target("JD 7H 7C 8C 9C 10C", "KS KC", "KS KC") == "JH"
    assert call_up_target("JD JH JS JC 9C 10C", "KS KC", "KS KC") == "QD"
    assert call_up_target("JD JH JS JC QD 10C", "QS QC", "10C QC") == "QH"
    assert call_up_target("JD JH JS JC QD QH", "QS QC", "JD JH") is None  # all jacks and queens: alone
    # V13 lists the order, whatever the jack order of R3.
    assert call_up_target("JD JH 7C 8C 9C 10C", "JS KC", "JS KC", jack_order="seed") == "JC"
    assert call_up_target("JD JH JC 8C 9C 10C", "KS KC", "KS KC", jack_order="seed") == "JS"
    # Partner jack J♣: above it are the queens only.
    assert call_up_target("JC 7H 7C 8C 9C 10C", "KS KC", "KS KC", partner_jack="JC") == "QD"
    # Not holding the partner jack: JACK_PARTNER or ALONE, as always.
    state = deal(
        fill({1: "QC 7H 7C 8C 9C 10C"}, "KS KC"), "KS KC", 0, partner="jack", jack_picker_holds="call_up"
    )
    act(state, "pick", "bury KS", "bury KC")
    assert legal(state) == ["alone", "jack partner"]


def test_tv_v5c_call_ace() -> None:
    hands = [
        "7H 8H 9H 10H KH AH",
        "JD KS QC QS QH QD",
        "10S JC JS JH AD 10D",
        "AS 9S 7D 8D 9D KD",
        "7S 8S AC 10C KC 9C",
    ]
    state = deal(hands, "7C 8C", 0, partner="jack", jack_picker_holds="call_ace")
    act(state, "pick", "bury 7C", "bury 8C")
    assert legal(state) == ["call AS", "alone"]  # R14's conditions: K♠ held, A♠ not; no club, no heart
    act(state, "call AS")
    assert state.called_card == "AS" and state.partner is None
    play_tricks(state, "KS 10S")  # the picker may lead its hold card (R18 revised)
    assert state.current_player == 3
    assert legal_cards(state) == {"AS", "9S"}  # no R19 duty: the ace may be held back
    play_tricks(state, "9S 7S 7H")
    assert state.partner is None and state.trick_winners() == [2]  # 10S beats KS
    # No legal ace call: ALONE only.
    hands[1], hands[3] = "JD QC QS QH QD KD", "AS 9S 7D 8D 9D KS"
    state = deal(hands, "7C 8C", 0, partner="jack", jack_picker_holds="call_ace")
    act(state, "pick", "bury 7C", "bury 8C")
    assert legal(state) == ["alone"]


SEVEN_HANDS = [
    "AC 10C 9D 7H",
    "QH KC 9S 8H",
    "QS JD AD 9C",
    "JC AS 10S 7C",
    "QD 8D AH 8C",
    "JH KD 10H KS",
    "JS 7D 9H 8S",
]


def test_tv_v5d_full_hand_seven_players() -> None:
    state = deal(SEVEN_HANDS, "QC 10D KH 7S", 6, players=7)
    assert state.partner_method == "jack" and state.active_seats == [0, 1, 2, 3, 4, 5, 6]
    act(state, "pass", "pass", "pick", "bury KH", "bury 7S", "bury 9C", "bury 10D")
    assert set(state.hand(2)) == {"QC", "AD", "JD", "QS"}
    assert legal(state) == ["alone", "call up"]  # the default for seven: call up (V7)
    act(state, "call up")
    assert state.called_card == "JH"
    play_tricks(state, "AC KC QS 7C 8C 10H 8S", "QC JC 8D KD 7D 9D QH", "AD 10S QD JH JS 10C 9S")
    assert state.partner == 5  # J♥ played
    play_tricks(state, "AH KS 9H 7H 8H JD AS")
    assert state.trick_winners() == [2, 2, 4, 2]
    assert [sum(ref.card_points(c) for _, c in trick) for trick in state.completed_tricks()] == [
        28,
        12,
        38,
        28,
    ]
    assert side_points(state, [2, 5]) == 82
    assert state.returns() == [-1, -1, 4, -1, -1, 1, -1]


# ------------------------------------------------------------------------------------------------------------
# TV-V6: three players; TV-V7: black queens
# ------------------------------------------------------------------------------------------------------------


def test_tv_v6_three_players_full_hand() -> None:
    hands = [
        "QS JH KD 9D AC 10C KC AH 10H 8S",
        "QC QH JC JS AD 10D AS 10S KH 7C",
        "JD 8D 7D 9C 8C KS 9S 7S 8H 7H",
    ]
    state = deal(hands, "QD 9H", 2, players=3)
    assert state.partner_method == "none"
    act(state, "pass", "pick", "bury KH", "bury 9H")
    assert state.phase == "play" and state.current_player == 0 and state.is_alone  # no partner step (V3)
    play_tricks(
        state,
        "AH JS 7H",
        "QC 7D 9D",
        "QH 8D JH",
        "QD JD QS",
        "AC 7C 8C",
        "10C JC 9C",
        "AD 9S KD",
        "10D 7S 8S",
        "AS KS KC",
        "10S 8H 10H",
    )
    assert state.trick_winners() == [1, 1, 1, 0, 0, 1, 1, 1, 1, 1]
    assert state.points()[1] == 97 and side_points(state, [1]) == 101
    assert state.returns() == [-2, 4, -2]


EIGHT_HANDS = [
    "QC 7D AC 7H",
    "JS 9D 10C 8S",
    "AD KC AS 9H",
    "QS 8D 9C 10H",
    "QH JD 8C KS",
    "JC 10D 7C AH",
    "QD KD 10S 9S",
    "JH 7S KH 8H",
]


def test_tv_v7a_black_queens_eight_players() -> None:
    state = deal(EIGHT_HANDS, "", 7, players=8)
    assert (state.phase, state.current_player, state.picker, state.partner_method) == (
        "play",
        0,
        None,
        "black_queens",
    )
    play_tricks(state, "AC 10C KC 9C 8C 7C QD 7S", "10S 8H QC 8S AS 10H KS JC")
    assert state.partner is None  # Q♠ not yet played
    play_tricks(state, "7D 9D AD 8D QH 10D KD JH", "JD AH 9S KH 7H JS 9H QS")
    assert state.partner == 3  # both black queens played: the pair is known
    assert state.trick_winners() == [6, 0, 4, 3]
    assert [sum(ref.card_points(c) for _, c in trick) for trick in state.completed_tricks()] == [
        28,
        40,
        30,
        22,
    ]
    assert state.points()[0] + state.points()[3] == 62
    assert state.returns() == [3, -1, -1, 3, -1, -1, -1, -1]


def test_tv_v7b_black_queens_four_players_both_queens_alone() -> None:
    hands = [
        "QC QS 7C 8C AH 10S 9D 7H",
        "JC JS JH JD AD 10D 9C KC",
        "QH QD 8D 7D 7S 8S 9S AC",
        "KS AS 10C 8H 9H 10H KH KD",
    ]
    state = deal(hands, "", 3, players=4, four_handed="black_queens")
    assert state.legal_actions() and state.phase == "play" and state.current_player == 0
    play_tricks(state, "9D JD QD KD", "8D KS QC AD", "AH KC AC 8H", "8C 9C 8S 10C")
    play_tricks(state, "9H 7H JH 7S", "10D QH 10H QS", "7C JC 9S KH", "JS 7D AS 10S")
    assert state.points()[0] == 70 and state.partner is None
    assert state.returns() == [3, -1, -1, -1]


def test_tv_v7_no_blind_no_pick_no_doubling() -> None:
    for options in ({"players": 8}, {"players": 4, "four_handed": "black_queens"}):
        state = ref.State.new(3, ref.Rules(cracking=True, blitz=True, all_pass="schwanzer", **options))
        assert state.blind == [] and state.phase == "play"
        chooser = random.Random(3)
        phases = set()
        while not state.is_terminal:
            phases.add(state.phase)
            state.apply_action(chooser.choice(state.legal_actions()))
        assert phases == {"play"} and state.stake == 1 and state.all_pass_game is None


# ------------------------------------------------------------------------------------------------------------
# TV-V8: the all-pass games on one deal
# ------------------------------------------------------------------------------------------------------------

ALL_PASS_HANDS = [
    "KC 9D 9H 10C AC KH",
    "9C JD 7H KD 8S JH",
    "7C 8D 8H 10D 10S QD",
    "8C AD AH JC AS QH",
    "7S 7D QC QS 9S JS",
]
ALL_PASS_LINES = [
    "KC 9C 7C 8C 7S",
    "9D JD 8D AD 7D",
    "7H 8H AH QC 9H",
    "QS 10C KD 10D JC",
    "9S AC 8S 10S AS",
    "QH JS KH JH QD",
]


def all_passed(hands: Sequence[str] = ALL_PASS_HANDS, **options: Any) -> ref.State:
    state = deal(hands, "10H KS", 4, **options)
    act(state, "pass", "pass", "pass", "pass", "pass")
    return state


@pytest.mark.parametrize(
    ("game", "blind", "points", "result"),
    [
        ("leaster", "last_trick", [4, 13, 0, 60, 43], [4, -1, -1, -1, -1]),
        ("leaster", "first_trick", [18, 13, 0, 46, 43], [-1, 4, -1, -1, -1]),
        ("moster", "last_trick", [4, 13, 0, 60, 43], [1, 1, 1, -4, 1]),
        ("moster", "first_trick", [18, 13, 0, 46, 43], [1, 1, 1, -4, 1]),
        ("schneidster", "last_trick", [4, 13, 0, 60, 43], [-1, 4, -1, -1, -1]),
        ("schneidster", "first_trick", [18, 13, 0, 46, 43], [4, -1, -1, -1, -1]),
    ],
)
def test_tv_v8_all_pass_trick_games(game: str, blind: str, points: list[int], result: list[int]) -> None:
    state = all_passed(all_pass=game, leaster_blind=blind)
    assert (state.all_pass_game, state.phase, state.current_player) == (game, "play", 0)
    play_tricks(state, *ALL_PASS_LINES)
    assert state.trick_winners() == [0, 1, 4, 4, 3, 3] and state.tricks_won()[2] == 0
    assert state.points() == points and state.returns() == result


def test_tv_v8_schwanzer() -> None:
    for tie in ("highest_trump", "split"):
        state = all_passed(all_pass="schwanzer", schwanzer_tie=tie)
        assert state.is_terminal and state.all_pass_game == "schwanzer" and state.completed_tricks() == []
        assert [ref.schwanzer_count(state.hand(seat)) for seat in range(5)] == [1, 5, 5, 6, 9]
        assert state.returns() == [1, 1, 1, 1, -4]
    # The tie: J♠ and 8♣ exchanged between seats 4 and 3, A♦ and K♣ between seats 3 and 0.
    hands = list(ALL_PASS_HANDS)
    hands[4], hands[3] = hands[4].replace("JS", "8C"), hands[3].replace("8C", "JS")
    hands[3], hands[0] = hands[3].replace("AD", "KC"), hands[0].replace("KC", "AD")
    for tie, result in (("highest_trump", [1, 1, 1, 1, -4]), ("split", [2, 2, 2, -3, -3])):
        state = all_passed(hands, all_pass="schwanzer", schwanzer_tie=tie)
        assert [ref.schwanzer_count(state.hand(seat)) for seat in range(5)] == [2, 5, 5, 7, 7]
        assert state.returns() == result


def test_tv_v8_leaster_after_a_blitz_before_the_pick() -> None:
    state = deal(ALL_PASS_HANDS, "10H KS", 4, blitz=True)
    assert (state.phase, state.current_player, legal(state)) == (
        "blitz",
        4,
        ["blitz black_queens", "no blitz"],
    )
    act(state, "blitz black_queens")
    assert state.blitzes == [(4, "black_queens")] and state.stake == 2
    act(state, "pass", "pass", "pass", "pass", "pass")
    play_tricks(state, *ALL_PASS_LINES)
    assert state.returns() == [8, -2, -2, -2, -2]


def test_tv_v8_throw_ins() -> None:
    for game in ("doubler", "redeal"):
        state = all_passed(all_pass=game)
        assert state.is_terminal and state.all_pass_game == game and state.returns() == [0] * 5
        assert state.is_doubler == (game == "doubler") and not state.is_leaster


def test_leaster_tie_options() -> None:
    """V18 ties: tiebreak (R31), wash, split (+(n_a - t) to each of the t tied seats, -t to the others)."""
    found = 0
    for seed in range(3000):
        state = ref.State.new(seed, ref.Rules(players=3))
        act(state, "pass", "pass", "pass")
        chooser = random.Random(seed)
        while not state.is_terminal:
            state.apply_action(chooser.choice(state.legal_actions()))
        takers = [seat for seat in range(3) if state.tricks_won()[seat]]
        low = min(state.points()[seat] for seat in takers)
        tied = [seat for seat in takers if state.points()[seat] == low]
        if len(tied) < 2:
            continue
        found += 1
        results = {}
        for tie in ("tiebreak", "wash", "split"):
            again = ref.State.new(seed, ref.Rules(players=3, leaster_tie=tie))
            for action in state.history():
                again.apply_action(action)
            results[tie] = again.returns()
        winner = ref.leaster_winner(state.points(), state.trick_winners())
        assert results["tiebreak"] == [2 if seat == winner else -1 for seat in range(3)]
        assert results["wash"] == [0, 0, 0]
        t = len(tied)
        assert results["split"] == [3 - t if seat in tied else -t for seat in range(3)]
        if found == 3:
            break
    assert found


# ------------------------------------------------------------------------------------------------------------
# TV-V9: crack and blitz
# ------------------------------------------------------------------------------------------------------------


def test_tv_v9_crack_eligibility() -> None:
    cracking = {"cracking": True}
    assert crack_window(pick_by(1, 0, 4, **cracking)) == [1, 2, 3, 4]
    assert crack_window(pick_by(1, 2, 4, **cracking)) == [3, 4]
    state = pick_by(1, 4, 4, **cracking)
    assert state.phase == "play" and crack_window(state) == []  # the last in pick order leaves nobody
    assert crack_window(pick_by(1, 2, 4, crack_by="any_defender", **cracking)) == [3, 4, 0, 1]
    assert crack_window(pick_by(1, 1, 5, players=6, **cracking)) == [2, 3, 4]
    assert crack_window(pick_by(1, 1, 5, players=6, crack_by="any_defender", **cracking)) == [2, 3, 4, 0]
    for seed in range(20):  # the sitting-out dealer never has a turn
        state = ref.State.new(
            seed, ref.Rules(players=6, cracking=True, crack_by="any_defender", blitz=True), dealer=5
        )
        chooser = random.Random(seed)
        while not state.is_terminal:
            assert state.current_player != 5
            state.apply_action(chooser.choice(state.legal_actions()))
        assert state.returns()[5] == 0


TV_V9_HANDS = [
    "QC QS 7C 8C 9H 8H",
    "JC JS 9C 10C 7H 10H",
    "JH JD AD 10D KC 7S",
    "QH QD 8D 7D AH KH",
    "AS 10S KS 9S 8S AC",
]


def tv_v9_hand(**options: Any) -> ref.State:
    state = deal(TV_V9_HANDS, "KD 9D", 4, cracking=True, blitz=True, **options)
    assert (state.phase, state.current_player, legal(state)) == (
        "blitz",
        0,
        ["blitz black_queens", "no blitz"],
    )
    act(state, "blitz black_queens")
    assert (state.phase, state.current_player, legal(state)) == ("blitz", 3, ["blitz red_queens", "no blitz"])
    act(state, "no blitz")
    assert state.phase == "pick"
    act(state, "pass", "pass", "pick", "bury KD", "bury 9D", "call AS")
    assert (state.phase, state.current_player) == ("crack", 3)
    act(state, "crack")
    assert (state.phase, state.current_player, legal(state)) == ("blitz", 3, ["blitz red_queens", "no blitz"])
    act(state, "blitz red_queens")
    assert (state.phase, state.current_player) == ("recrack", 2)
    act(state, "recrack")
    assert (state.phase, state.cracked_by, state.recracked_by) == ("play", 3, 2)
    assert state.blitzes == [(0, "black_queens"), (3, "red_queens")]
    return state


TV_V9_LINES_70 = [
    "QC JS AD QH 9S",
    "QS JC JD 8D 10S",
    "8H 10H JH AH 8S",
    "7S QD AS 8C 7H",
    "7D AC 9H 10C 10D",
    "KC KH KS 7C 9C",
]
TV_V9_LINES_50 = [
    "9H 7H 10D AH 9S",
    "KC 7D AC 8C 9C",
    "QD 10S QS JS JH",
    "8H 10H AD KH 8S",
    "7S QH AS 7C JC",
    "8D KS QC 10C JD",
]


def test_tv_v9_multiplier() -> None:
    for cap, m in ((0, 16), (8, 8)):
        state = tv_v9_hand(multiplier_cap=cap)
        assert state.stake == m
        play_tricks(state, *TV_V9_LINES_70)
        assert side_points(state, [2, 4]) == 70
        assert state.returns() == [-m, -m, 2 * m, -m, m]
        state = tv_v9_hand(multiplier_cap=cap, double_on_the_bump=True)
        play_tricks(state, *TV_V9_LINES_50)
        assert side_points(state, [2, 4]) == 50
        assert state.returns() == [2 * m, 2 * m, -4 * m, 2 * m, -2 * m]  # B = 2 is not capped
    # A stake is also multiplied by the doubler factor D (the State's multiplier), under the cap (V24).
    hands = [hand.split() for hand in TV_V9_HANDS]
    assert ref.State.from_cards(hands, ["KD", "9D"], 4, multiplier=4).stake == 4
    assert ref.State.from_cards(hands, ["KD", "9D"], 4, ref.Rules(multiplier_cap=2), multiplier=4).stake == 2


def test_tv_v9_double_blitz_and_black_jacks() -> None:
    """V27: a seat holding all four queens blitzes both pairs (x4); black jacks only when enabled; a pair is
    blitzed once; the cracker decides its pairs at once."""
    hands = fill({0: "QC QS QH QD JC JS"}, "7C 8C")
    state = deal(
        hands, "7C 8C", 4, blitz=True, blitz_pairs="black_queens+red_queens+black_jacks", cracking=True
    )
    for pair in ("black_queens", "red_queens", "black_jacks"):
        assert (state.current_player, legal(state)) == (0, [f"blitz {pair}", "no blitz"])
        act(state, f"blitz {pair}")
    assert state.stake == 8 and state.phase == "pick"
    state = deal(hands, "7C 8C", 4, blitz=True, blitz_pairs="black_jacks")
    assert legal(state) == ["blitz black_jacks", "no blitz"]
    # The cracker's blitz: seat 2 cracks holding the red queens it declined before the pick.
    hands = fill({0: "7C 8C 9C 10C KC AC", 2: "QH QD 7H 8H 9H 10H"}, "7S 8S")
    state = deal(hands, "7S 8S", 4, blitz=True, cracking=True)
    act(state, "no blitz", "pass", "pick", "bury 7S", "bury 8S")
    state.apply_action(ref.ALONE)
    assert (state.phase, state.current_player) == ("crack", 2)
    act(state, "crack")
    assert legal(state) == ["blitz red_queens", "no blitz"]
    act(state, "no blitz")
    assert (state.phase, state.current_player, state.stake) == ("recrack", 1, 2)


def test_v26_a_secret_alone_gets_the_full_round_without_recrack() -> None:
    """V26: after an own-ace call (V12) or a JACK_PARTNER by the jack's holder (V13), the re-crack round goes
    to every seat but the picker and the cracker, and nobody holds RECRACK."""
    state = own_ace_hand(cracking=True)
    assert crack_window(state.clone()) == [2, 3, 4]  # nobody is a partner: nobody is held to passing
    act(state, "crack", "pass")  # seat 2 cracks, the picker passes
    turns = []
    while state.phase == "recrack":
        turns.append((state.current_player, legal(state)))
        act(state, "pass")
    assert turns == [(3, ["pass"]), (4, ["pass"]), (0, ["pass"])]
    assert state.phase == "play" and state.stake == 2
    # The picker buries the partner jack: JACK_PARTNER is a secret alone.
    state = deal(JACK_HANDS, "KH AH", 0, partner="jack", cracking=True)
    act(state, "pick", "bury JD", "bury AH")
    assert legal(state) == ["alone", "jack partner"]
    act(state, "jack partner")
    assert crack_window(state.clone()) == [2, 3, 4, 0]
    act(state, "pass", "crack", "pass")  # seat 3 cracks, the picker passes
    assert (state.phase, state.current_player, legal(state)) == ("recrack", 2, ["pass"])
    act(state, "pass")
    assert (state.current_player, legal(state)) == (4, ["pass"])
    act(state, "pass")
    assert (state.current_player, legal(state)) == (0, ["pass"])
    act(state, "pass")
    assert state.phase == "play" and state.partner is None
    # The partner jack's holder knows itself: it may only pass in the crack window.
    hands = list(JACK_HANDS)
    hands[1], hands[3] = "JS QH KC AC 7S 8S", "JD JH 7H 8H 9H 10H"
    state = deal(hands, "KH AH", 0, partner="jack", cracking=True)
    act(state, "pick", "bury KH", "bury AH", "jack partner", "pass")
    assert (state.current_player, legal(state)) == (3, ["pass"])


# ------------------------------------------------------------------------------------------------------------
# TV-V10: doubler
# ------------------------------------------------------------------------------------------------------------


def test_tv_v10_doubler() -> None:
    thrown = [True, True, False, False, False]
    assert ref.doubler_factors("count", thrown)[2:] == [2, 2, 1]
    assert ref.doubler_factors("multiply", thrown)[2:4] == [4, 1]
    assert ref.doubler_factors("single", thrown)[2:4] == [2, 1]
    with pytest.raises(ValueError, match="doubler_stacking"):
        ref.doubler_factors("twice", thrown)
    # The factor is the State's multiplier D: a 5-handed row-4 win in H3 under count pays +4/+2/-2.
    state = ref.State.from_cards(
        [hand.split() for hand in TV_V9_HANDS],
        ["KD", "9D"],
        4,
        multiplier=ref.doubler_factors("count", thrown)[2],
    )
    act(state, "pass", "pass", "pick", "bury KD", "bury 9D", "call AS")
    play_tricks(state, *TV_V9_LINES_70)
    assert side_points(state, [2, 4]) == 70 and state.stake == 2
    assert state.returns() == [-2, -2, 4, -2, 2]


# ------------------------------------------------------------------------------------------------------------
# TV-V11: own ace, first trick, forced pick
# ------------------------------------------------------------------------------------------------------------

OWN_ACE_HANDS = [
    "8C 9C 10C KC AC 8S",
    "QC JC AD 10D AH KH",
    "9S 10S KS AS JS 7H",
    "8H 9H 10H QS QH QD",
    "JH JD KD 9D 8D 7D",
]


def own_ace_hand(**options: Any) -> ref.State:
    state = deal(OWN_ACE_HANDS, "7C 7S", 4, call_own_ace=True, **options)
    act(state, "pass", "pick", "bury 7C", "bury 7S")
    assert set(state.hand(1)) == {"QC", "JC", "AD", "10D", "AH", "KH"}
    assert legal(state) == ["call AH", "alone"]
    act(state, "call AH")
    assert state.phase == ("crack" if state.rules.cracking else "play")
    assert state.called_card == "AH" and not state.is_alone
    return state


def test_tv_v11_own_ace() -> None:
    state = own_ace_hand()
    play_tricks(state, "8C")
    assert legal_cards(state) == {"QC", "JC", "AD", "10D", "KH"}  # A♥ is not discarded
    play_tricks(state, "KH KS QH JH", "9H JD 9C")
    assert legal_cards(state) == {"AH"}  # the first heart trick
    play_tricks(state, "AH 7H", "8D AC QC JS QS", "JC 9S QD KD 10C", "8H 9D 8S AD 10S", "10D AS 10H 7D KC")
    assert state.partner is None  # the truth: the picker was alone
    assert side_points(state, [1]) == 75
    assert state.returns() == [-1, 4, -1, -1, -1]
    # Before hearts are led, the picker may not lead K♥ (nor any heart but A♥).
    state = own_ace_hand()
    play_tricks(state, "8C QC 9S 8H 7D")
    assert state.trick_winners() == [1]
    assert legal_cards(state) == {"JC", "AD", "10D", "AH"}
    # Under hold_card_lead = "forbidden" the own ace, a called card, may still be led (R19), K♥ not.
    state = own_ace_hand(hold_card_lead="forbidden")
    play_tricks(state, "8C QC 9S 8H 7D")
    assert legal_cards(state) == {"JC", "AD", "10D", "AH"}
    # Without the option the picker goes alone.
    state = deal(OWN_ACE_HANDS, "7C 7S", 4)
    act(state, "pass", "pick", "bury 7C", "bury 7S")
    assert legal(state) == ["alone"]


def test_tv_v11_own_ace_is_not_told() -> None:
    """V12: nobody learns that the picker holds the ace; a resample by another seat gives the ace to any
    seat consistent with the play."""
    state = own_ace_hand()
    holders: Counter[int] = Counter()
    for seed in range(30):
        world = state.resample(2, seed)
        holders[next(seat for seat in range(5) if "AH" in world.hand(seat))] += 1
        assert world.information_state_key(2) == state.information_state_key(2)
        assert world.observation(2) == state.observation(2)
    assert holders[1] and len(holders) > 1


FIRST_TRICK_HANDS = [
    "7C 8S 9H 8H KD 7D",
    "8C 9C 9S 7S 10D 8D",
    "QC QS JC JS AD 7H",
    "AC 10C KC AS 10S KS",
    "QH QD JH JD 9D AH",
]


def first_trick_hand(**options: Any) -> ref.State:
    state = deal(FIRST_TRICK_HANDS, "10H KH", 4, partner="first_trick", **options)
    act(state, "pass", "pass", "pick", "bury 10H", "bury KH")
    assert legal(state) == ["alone", "first trick"]
    act(state, "first trick")
    return state


def test_tv_v11_first_trick() -> None:
    state = first_trick_hand()
    play_tricks(state, "7C 8C 7H AC")
    assert state.partner is None
    play_tricks(state, "AH")
    assert state.partner == 3  # known to all once trick 1 is taken
    play_tricks(
        state, "10S JD 8S 7S QC", "JS AS QD KD 8D", "JH 7D 10D AD KS", "9D 9H 9C QS 10C", "JC KC QH 8H 9S"
    )
    assert side_points(state, [2, 3]) == 64
    assert state.returns() == [-1, -1, 2, 1, -1]
    state = first_trick_hand()
    play_tricks(
        state, "7C 8C QC AC AH", "AD 10S QD KD 8D", "JH 7D 10D JC KC", "JS KS 9D 8S 7S", "7H AS QH 8H 9S"
    )
    play_tricks(state, "JD 9H 9C QS 10C")
    assert state.partner is None and side_points(state, [2]) == 78
    assert state.returns() == [-1, -1, 4, -1, -1]  # the picker won trick 1: alone


def test_tv_v11_first_trick_only_the_picker_recracks() -> None:
    state = first_trick_hand(cracking=True, crack_by="any_defender")
    assert crack_window(state.clone()) == [3, 4, 0, 1]
    act(state, "crack", "pass")  # seat 3 cracks, the picker passes: V14 ends the window
    assert state.phase == "play"


def test_tv_v11_forced_pick() -> None:
    state = ref.State.new(8, ref.Rules(all_pass="forced_pick", cracking=True), dealer=4)
    act(state, "pass", "pass", "pass", "pass")
    assert state.current_player == 4 and legal(state) == ["pick"]
    act(state, "pick")
    while state.phase == "bury":
        state.apply_action(state.legal_actions()[0])
    state.apply_action(state.legal_actions()[0])
    assert state.phase in ("play", "under")  # after_picker: no seat can crack
    if state.phase == "under":
        state.apply_action(state.legal_actions()[0])
    assert state.phase == "play"
    # Under dealer_sits_out the last seat is the dealer's right.
    state = ref.State.new(8, ref.Rules(players=6, all_pass="forced_pick"), dealer=2)
    act(state, "pass", "pass", "pass", "pass")
    assert state.current_player == 1 and legal(state) == ["pick"]


def test_tv_v11_v28_in_other_forms() -> None:
    """V28 checks the active seats only (a sitting-out dealer's empty hand does not count) and every form."""
    for options in FORMS:
        rules = ref.Rules(no_ace_face_trump_redeal=True, **options)
        for seed in range(30):
            state = ref.State.new(seed, rules, dealer=seed % rules.players)
            for seat in state.active_seats:
                assert any(c[-1] == "D" or c[:-1] in ("J", "Q", "K", "A") for c in state.hand(seat)), (
                    options,
                    seed,
                )


# ------------------------------------------------------------------------------------------------------------
# Options, actions, construction
# ------------------------------------------------------------------------------------------------------------

FORMS: list[dict[str, Any]] = [
    {"players": 3},
    {"players": 4},
    {"players": 4, "four_handed": "called_ace_30"},
    {"players": 4, "four_handed": "black_queens"},
    {"players": 5},
    {"players": 6},
    {"players": 6, "six_handed": "five_each"},
    {"players": 7},
    {"players": 8},
]


def test_rules_validation_of_the_variant_options() -> None:
    for field, value in (
        ("players", 2),
        ("players", 9),
        ("players", True),
        ("players", "5"),
        ("four_handed", "first_two_queens"),
        ("six_handed", "three_against_three"),
        ("partner", "queen"),
        ("partner_jack", "JH"),
        ("jack_picker_holds", "never"),
        ("called_ten_wins", "yes"),
        ("call_own_ace", 0),
        ("all_pass", "mittler"),
        ("leaster_blind", "dealer"),
        ("leaster_tie", "coin"),
        ("doubler_stacking", "twice"),
        ("schwanzer_tie", "lowest"),
        ("cracking", None),
        ("crack_by", "partner"),
        ("recrack_by", "anyone"),
        ("blitz", 1),
        ("blitz_pairs", ""),
        ("blitz_pairs", "red_queens+black_queens"),
        ("blitz_pairs", "black_queens+black_queens"),
        ("blitz_pairs", "red_jacks"),
        ("blitz_pairs", ["black_queens"]),
        ("multiplier_cap", 3),
        ("multiplier_cap", -2),
        ("multiplier_cap", 2**21),
        ("multiplier_cap", True),
    ):
        options: dict[str, Any] = {field: value}
        with pytest.raises(RulesError, match=field):
            ref.Rules(**options)
    for cap in (0, 1, 2, 4, 2**20):
        assert ref.Rules(multiplier_cap=cap).multiplier_cap == cap
    assert issubclass(RulesError, ValueError)


@pytest.mark.parametrize(
    ("options", "names"),
    [
        ({"players": 5, "partner": "black_queens"}, ("partner", "players")),
        ({"players": 4, "partner": "black_queens"}, ("partner", "four_handed")),
        ({"players": 8, "partner": "called_ace"}, ("partner", "players")),
        ({"players": 4, "four_handed": "black_queens", "partner": "none"}, ("partner", "four_handed")),
        ({"players": 5, "partner": "none"}, ("partner", "players")),
        ({"players": 3, "partner": "called_ace"}, ("partner", "players")),
        ({"players": 4, "partner": "jack"}, ("partner", "four_handed")),
        ({"players": 6, "six_handed": "five_each", "partner": "none"}, ("partner", "six_handed")),
        ({"players": 7, "partner": "called_ace"}, ("partner", "players")),
        (
            {"players": 4, "four_handed": "called_ace_30", "partner": "first_trick"},
            ("partner", "four_handed"),
        ),
        ({"players": 7, "partner": "first_trick"}, ("partner", "players")),
        ({"recrack_by": "picker"}, ("recrack_by", "cracking")),
    ],
)
def test_rules_refuse_invalid_combinations(options: dict[str, Any], names: tuple[str, str]) -> None:
    with pytest.raises(RulesError) as error:
        ref.Rules(**options)
    assert all(name in str(error.value) for name in names), str(error.value)


def test_rules_valid_combinations_and_partner_methods() -> None:
    expected = {
        (3, "cutthroat", "dealer_sits_out"): ["none"],
        (4, "cutthroat", "dealer_sits_out"): ["none"],
        (4, "called_ace_30", "dealer_sits_out"): ["called_ace", "jack"],
        (4, "black_queens", "dealer_sits_out"): ["black_queens"],
        (5, "cutthroat", "dealer_sits_out"): ["called_ace", "jack", "first_trick"],
        (6, "cutthroat", "dealer_sits_out"): ["called_ace", "jack", "first_trick"],
        (6, "cutthroat", "five_each"): ["called_ace", "jack", "first_trick"],
        (7, "cutthroat", "dealer_sits_out"): ["jack"],
        (8, "cutthroat", "dealer_sits_out"): ["black_queens"],
    }
    for (players, four, six), methods in expected.items():
        base: dict[str, Any] = {"players": players, "four_handed": four, "six_handed": six}
        assert ref.State.new(1, ref.Rules(**base)).partner_method == methods[0]  # auto: the default
        for method in methods:
            assert ref.State.new(1, ref.Rules(partner=method, **base)).partner_method == method
    # Options that a form does not read are accepted.
    ref.Rules(players=8, cracking=True, blitz=True, all_pass="moster")
    ref.Rules(players=5, four_handed="black_queens", six_handed="five_each", jack_picker_holds="call_ace")
    ref.Rules(cracking=False)  # the default recrack_by needs no cracking
    assert ref.Rules().players == 5 and ref.Rules().partner == "auto"


def test_rules_field_order_and_coerce() -> None:
    names = [field for field in ref.Rules.__dataclass_fields__]
    assert names[:10] == [
        "jack_order",
        "all_pass",
        "double_on_the_bump",
        "no_trick_split",
        "schwarz",
        "no_legal_call",
        "hold_card_lead",
        "called_card_no_discard",
        "no_ace_face_trump_redeal",
        "hands_per_game",
    ]
    assert names[10:] == [
        "players",
        "four_handed",
        "six_handed",
        "partner",
        "partner_jack",
        "jack_picker_holds",
        "called_ten_wins",
        "call_own_ace",
        "leaster_blind",
        "leaster_tie",
        "doubler_stacking",
        "schwanzer_tie",
        "cracking",
        "crack_by",
        "recrack_by",
        "blitz",
        "blitz_pairs",
        "multiplier_cap",
    ]

    class Value:
        def __init__(self, value: object) -> None:
            self.value = value

    full = ref.Rules(
        players=6,
        six_handed="five_each",
        partner="jack",
        partner_jack="JC",
        jack_picker_holds="call_ace",
        called_ten_wins=False,
        call_own_ace=True,
        all_pass="schneidster",
        leaster_blind="first_trick",
        leaster_tie="split",
        doubler_stacking="single",
        schwanzer_tie="split",
        cracking=True,
        crack_by="any_defender",
        recrack_by="picker",
        blitz=True,
        blitz_pairs="red_queens+black_jacks",
        multiplier_cap=16,
    )

    def wrapped(value: object) -> object:
        """Strings and ints as enum-like objects, booleans as they are."""
        return value if isinstance(value, bool) else Value(value)

    duck: Any = SimpleNamespace(**{name: wrapped(getattr(full, name)) for name in names})
    assert ref.Rules.coerce(duck) == full
    # A collection of pair names is read in the canonical order.
    pairs: Any = SimpleNamespace(**{**vars(duck), "blitz_pairs": {"black_jacks", "red_queens"}})
    assert ref.Rules.coerce(pairs) == full
    # An object with only the ten options of B.4 takes the defaults of the chapter's options.
    old: Any = SimpleNamespace(**{name: getattr(ref.Rules(), name) for name in names[:10]})
    assert ref.Rules.coerce(old) == ref.Rules()
    bad: Any = SimpleNamespace(**{**vars(old), "players": Value(9)})
    with pytest.raises(RulesError, match="players"):
        ref.Rules.coerce(bad)


def test_new_action_strings() -> None:
    texts = {
        105: "blitz black_queens",
        106: "blitz red_queens",
        107: "blitz black_jacks",
        108: "no blitz",
        109: "crack",
        110: "recrack",
        111: "jack partner",
        112: "call up",
        113: "first trick",
    }
    assert ref.NUM_ACTIONS == 114
    for action, text in texts.items():
        assert ref.action_to_string(action) == text
        assert ref.string_to_action(text) == action
        assert ref.string_to_action(f"  {text.upper()} ") == action
    assert (ref.BLITZ, ref.NO_BLITZ, ref.CRACK, ref.RECRACK) == (105, 108, 109, 110)
    assert (ref.JACK_PARTNER, ref.CALL_UP, ref.FIRST_TRICK) == (111, 112, 113)
    for bad in ("blitz red_jacks", "blitz", "call down", "no", "jack", "first"):
        with pytest.raises(ValueError):
            ref.string_to_action(bad)
    with pytest.raises(ValueError):
        ref.action_to_string(114)


def test_from_cards_validation_in_other_forms() -> None:
    six = ref.State.new(4, ref.Rules(players=6), dealer=2)
    hands = [six.hand(seat) for seat in range(6)]
    ref.State.from_cards(hands, six.blind, dealer=2, rules=ref.Rules(players=6))
    with pytest.raises(ValueError, match="6 hands"):
        ref.State.from_cards(hands[:5], six.blind, dealer=2, rules=ref.Rules(players=6))
    with pytest.raises(ValueError, match="seat 2 has 0 cards, expected 6"):
        ref.State.from_cards(hands, six.blind, dealer=3, rules=ref.Rules(players=6))
    with pytest.raises(ValueError, match="dealer"):
        ref.State.from_cards(hands, six.blind, dealer=6, rules=ref.Rules(players=6))
    thirty = ref.State.new(4, ref.Rules(players=4, four_handed="called_ace_30"))
    hands = [thirty.hand(seat) for seat in range(4)]
    hands[0] = ["7C", *hands[0][1:]]
    with pytest.raises(ValueError, match=r"7C .*30-card"):
        ref.State.from_cards(hands, thirty.blind, rules=ref.Rules(players=4, four_handed="called_ace_30"))
    eight = ref.State.new(4, ref.Rules(players=8))
    with pytest.raises(ValueError, match="blind"):
        ref.State.from_cards([eight.hand(s) for s in range(8)], ["7C"], rules=ref.Rules(players=8))
    with pytest.raises(ValueError, match=r"seat must be 0\.\.7"):
        eight.hand(8)
    assert ref.State.new(4, ref.Rules(players=8)).num_players == 8


# ------------------------------------------------------------------------------------------------------------
# resample in the variants: exact uniformity against an enumeration
# ------------------------------------------------------------------------------------------------------------


def public_record(state: ref.State) -> list[tuple[Any, ...]]:
    """What the table sees of each step of a replay from the deal: the seat to act, the phase, and in a blitz
    window the pair asked about."""
    replay = ref.State.from_json(json.dumps({**json.loads(state.to_json()), "history": []}))
    record = []
    for action in [*state.history(), None]:
        blitz = [a for a in replay.legal_actions() if ref.BLITZ <= a < ref.NO_BLITZ]
        record.append((replay.current_player, replay.phase, tuple(blitz)))
        if action is not None:
            replay.apply_action(action)
    return record


def places_of(
    state: ref.State, player: int
) -> tuple[list[str], list[list[str]], list[int], list[int], list[str]]:
    """The cards `player` cannot place, the cards each seat played, the places (seats, -1 for a hidden blind)
    and their sizes, and the player's own dealt hand."""
    picker = state.picker
    played: list[list[str]] = [[] for _ in range(state.num_players)]
    for trick in [*state.completed_tricks(), state.current_trick()]:
        for seat, card in trick:
            played[seat].append(card)
    own = [*state.hand(player), *played[player]]
    if picker == player:
        own = [card for card in [*own, *state.buried] if card not in state.blind]
    known = {card for cards in played for card in cards} | set(own)
    if picker == player:
        known |= set(state.blind)
    deck = [card for card in ref.DECK if state.rules.four_handed != "called_ace_30" or state.num_players != 4]
    deck = [card for card in deck if len(deck) == 32 or card not in ("7C", "7S")]
    unknown = [card for card in deck if card not in known]
    places = [seat for seat in state.active_seats if seat != player]
    blind_size = len(state.blind)
    sizes = [state.hand_size + (blind_size if seat == picker else 0) - len(played[seat]) for seat in places]
    if picker is None and blind_size:
        places.append(-1)
        sizes.append(blind_size)
    return unknown, played, places, sizes, own


def worlds_by_enumeration(state: ref.State, player: int) -> Counter[Hashable]:
    """Every world `player` cannot tell from `state`, by brute force: the unknown cards split in every way
    among the other seats' unplayed places (and a hidden blind); another picker's cards with a fixed blind
    among them (nothing after the deal tells its hand from the blind when nobody blitzes) and its bury in
    every choice from its unplayed cards; kept if the history replays with the same public record."""
    picker = state.picker
    other_picker = picker is not None and picker != player
    assert not other_picker or not (state.rules.blitz or state.rules.no_ace_face_trump_redeal)
    unknown, played, places, sizes, own = places_of(state, player)
    history = state.history()
    buries = [i for i, action in enumerate(history) if ref.BURY <= action < ref.CALL] if other_picker else []
    target = public_record(state)
    worlds: Counter[Hashable] = Counter()
    for parts in partitions(unknown, sizes):
        holding = dict(zip(places, parts, strict=True))
        hands = [[*played[seat], *holding.get(seat, ())] for seat in range(state.num_players)]
        hands[player] = own
        blind = list(holding.get(-1, state.blind))
        choices: list[list[int]] = [history]
        if other_picker:
            assert picker is not None
            blind, hands[picker] = hands[picker][: len(blind)], hands[picker][len(blind) :]
            choices = []
            # The bury in deck order: every order of the same cards is as consistent, so the counts keep their
            # ratios (the key below holds the bury as a set).
            for bury in itertools.combinations(holding[picker], len(buries)):
                actions = list(history)
                for at, card in zip(buries, bury, strict=True):
                    actions[at] = ref.BURY + ref.DECK.index(card)
                choices.append(actions)
        for actions in choices:
            try:
                world = ref.State.from_cards(hands, blind, state.dealer, state.rules, state.multiplier)
                for action in actions:
                    world.apply_action(action)
            except ValueError:
                continue
            if public_record(world) == target:
                worlds[world_key(world, player)] += 1
    return worlds


def world_key(state: ref.State, player: int) -> Hashable:
    others = tuple(tuple(state.hand(seat)) for seat in range(state.num_players) if seat != player)
    return (others, tuple(sorted(state.buried, key=ref.DECK.index)))


def enumeration_size(state: ref.State, player: int) -> int:
    """How many candidate worlds `worlds_by_enumeration` replays."""
    unknown, _, places, sizes, _ = places_of(state, player)
    count = math.factorial(len(unknown))
    for size in sizes:
        count //= math.factorial(size)
    if state.picker is not None and state.picker != player:
        mine = sizes[places.index(state.picker)]
        count *= math.comb(mine, len(state.buried))
    return count


def variant_endgames() -> list[tuple[ref.State, int]]:
    """Positions with few unknown cards and several consistent worlds: three-handed with blitz and cracking
    seen by the picker, four-handed black queens, three-handed and cut-throat seen by a defender (the picker's
    2 and 4 buried cards hidden)."""
    found: list[tuple[ref.State, int]] = []
    configs = [
        ref.Rules(players=3, blitz=True, cracking=True, blitz_pairs="black_queens+red_queens+black_jacks"),
        ref.Rules(players=4, four_handed="black_queens"),
        ref.Rules(players=3, cracking=True),
        ref.Rules(players=4, cracking=True, crack_by="any_defender"),
    ]
    for seed in itertools.count():
        rules = configs[len(found)]
        rng = random.Random(seed)
        state = ref.State.new(rng.getrandbits(64), rules, dealer=rng.randrange(rules.players))
        while state.phase != "play" and not state.is_terminal:
            legal_ids = state.legal_actions()
            choice = ref.PICK if ref.PICK in legal_ids and rng.random() < 0.5 else rng.choice(legal_ids)
            state.apply_action(choice)
        if state.is_terminal or (len(found) >= 2 and state.picker is None):
            continue
        if len(found) in (0, 1):
            player = state.picker if state.picker is not None else rng.randrange(rules.players)
        else:
            player = next(seat for seat in state.active_seats if seat != state.picker)
        target = rng.randrange(16, 30)
        while not state.is_terminal and sum(map(len, places_of(state, player)[1])) < target:
            state.apply_action(rng.choice(state.legal_actions()))
        if state.is_terminal or not 20 <= enumeration_size(state, player) <= 2500:
            continue
        worlds = worlds_by_enumeration(state, player)
        hand_sets = {key[0] for key in worlds if isinstance(key, tuple)}
        if 3 <= len(worlds) <= 60 and len(hand_sets) >= 3:  # the hands differ, not only the bury
            found.append((state, player))
            if len(found) == len(configs):
                return found
    raise AssertionError("unreachable")


@pytest.mark.parametrize(("state", "player"), variant_endgames())
def test_resample_is_uniform_in_variants(state: ref.State, player: int) -> None:
    worlds = worlds_by_enumeration(state, player)
    total = sum(worlds.values())
    expected = {key: count / total for key, count in worlds.items()}
    samples = max(200, 12 * len(worlds))
    rng = random.Random(len(state.history()))
    observed = Counter(world_key(state.resample(player, rng.getrandbits(64)), player) for _ in range(samples))
    assert chi_square_p_value(observed, expected) > 1e-4


def test_resample_keeps_shown_pairs_and_crack_turns() -> None:
    """Blitzed and declined pairs stay with their seats; a partner's re-crack and the jack's reveal stay."""
    state = tv_v9_hand()
    for player in (1, 4):
        for seed in range(5):
            world = state.resample(player, seed)
            assert {"QC", "QS"} <= set(world.hand(0)) and {"QH", "QD"} <= set(world.hand(3))
            assert world.information_state_key(player) == state.information_state_key(player)
            assert world.observation(player) == state.observation(player)
    state = tv_v3_start()
    act(state, "pass", "pass", "crack", "pass", "pass", "recrack")
    for seed in range(5):
        world = state.resample(0, seed)
        assert "AH" in world.hand(3) and world.partner == 3  # the partner's re-crack shows it


# ------------------------------------------------------------------------------------------------------------
# Property tests over sampled configurations
# ------------------------------------------------------------------------------------------------------------


@st.composite
def configurations(draw: st.DrawFn) -> ref.Rules:
    """Any valid set of options: every form and partner method, every all-pass game, doubling on or off."""
    form = draw(st.sampled_from(FORMS))
    methods = {
        (3, None): ["none"],
        (4, None): ["none"],
        (4, "called_ace_30"): ["called_ace", "jack"],
        (4, "black_queens"): ["black_queens"],
        (5, None): ["called_ace", "jack", "first_trick"],
        (6, None): ["called_ace", "jack", "first_trick"],
        (6, "five_each"): ["called_ace", "jack", "first_trick"],
        (7, None): ["jack"],
        (8, None): ["black_queens"],
    }[(form["players"], form.get("four_handed", form.get("six_handed")))]
    cracking = draw(st.booleans())
    return ref.Rules(
        **form,
        partner=draw(st.sampled_from(["auto", *methods])),
        partner_jack=draw(st.sampled_from(["JD", "JC"])),
        jack_picker_holds=draw(st.sampled_from(["auto", "alone", "call_up", "call_ace"])),
        jack_order=draw(st.sampled_from(["standard", "seed"])),
        all_pass=draw(
            st.sampled_from(
                ["leaster", "doubler", "redeal", "forced_pick", "moster", "schneidster", "schwanzer"]
            )
        ),
        leaster_blind=draw(st.sampled_from(["last_trick", "first_trick"])),
        leaster_tie=draw(st.sampled_from(["tiebreak", "wash", "split"])),
        schwanzer_tie=draw(st.sampled_from(["highest_trump", "split"])),
        no_legal_call=draw(st.sampled_from(["alone", "unknown"])),
        hold_card_lead=draw(st.sampled_from(["allowed", "forbidden"])),
        called_card_no_discard=draw(st.booleans()),
        called_ten_wins=draw(st.booleans()),
        call_own_ace=draw(st.booleans()),
        double_on_the_bump=draw(st.booleans()),
        no_trick_split=draw(st.booleans()),
        schwarz=draw(st.sampled_from(["tricks", "points"])),
        cracking=cracking,
        crack_by=draw(st.sampled_from(["after_picker", "any_defender"])),
        recrack_by=draw(
            st.sampled_from(
                ["picker_or_partner", "picker", "none"] if cracking else ["picker_or_partner", "none"]
            )
        ),
        blitz=draw(st.booleans()),
        blitz_pairs=draw(
            st.sampled_from(["black_queens+red_queens", "black_queens+red_queens+black_jacks", "black_jacks"])
        ),
        multiplier_cap=draw(st.sampled_from([0, 0, 1, 4, 8])),
        no_ace_face_trump_redeal=draw(st.booleans()),
    )


def all_cards(state: ref.State) -> list[str]:
    """Every card exactly once: in a hand, buried, played, or (without a picker) the blind."""
    cards = [card for seat in range(state.num_players) for card in state.hand(seat)]
    cards += state.buried
    cards += [card for trick in state.completed_tricks() for _, card in trick]
    cards += [card for _, card in state.current_trick()]
    if state.picker is None:
        cards += state.blind
    return cards


def check_illegal_refused(state: ref.State, chooser: random.Random, every: bool) -> None:
    legal_ids = state.legal_actions()
    assert legal_ids == sorted(set(legal_ids)) and legal_ids
    before = state.clone()
    candidates = range(ref.NUM_ACTIONS) if every else chooser.sample(range(ref.NUM_ACTIONS), 12)
    for action in candidates:
        if action not in legal_ids:
            with pytest.raises(ref.IllegalActionError):
                state.apply_action(action)
    for bad in (-1, ref.NUM_ACTIONS, True):  # True is not an action id
        with pytest.raises(ref.IllegalActionError):
            state.apply_action(bad)
    assert state == before
    assert state.legal_action_mask() == [action in legal_ids for action in range(ref.NUM_ACTIONS)]


def play_and_check(rules: ref.Rules, seed: int, full: bool) -> ref.State:
    n = rules.players
    chooser = random.Random(seed)
    state = ref.State.new(seed, rules, dealer=seed % n, multiplier=1 + seed % 2)
    deck_size = 30 if (n, rules.four_handed) == (4, "called_ace_30") else 32
    assert state.num_players == n and len(state.active_seats) in (n, n - 1)
    steps = 0
    while not state.is_terminal:
        cards = all_cards(state)
        assert len(cards) == len(set(cards)) == deck_size
        assert state.returns() == [0] * n
        assert state.current_player in state.active_seats
        assert len(state.observation(state.current_player)) == state.observation_shape[0]
        check_illegal_refused(state, chooser, every=full and steps % 7 == 0)
        legal_ids = state.legal_actions()
        # Pass more often than not, so that all-pass games are played too.
        if state.phase == "pick" and ref.PASS in legal_ids and chooser.random() < 0.6:
            action = ref.PASS
        else:
            action = chooser.choice(legal_ids)
        snapshot = state.clone()
        state.apply_action(action)
        if chooser.random() < 0.3:
            state.undo()
            assert state == snapshot
            state.apply_action(action)
        if chooser.random() < 0.15:
            assert ref.State.from_json(state.to_json()) == state
        steps += 1
    assert state.current_player is None and state.legal_actions() == []
    assert not any(state.legal_action_mask())
    returns = state.returns()
    assert len(returns) == n and sum(returns) == 0
    assert all(returns[seat] == 0 for seat in range(n) if seat not in state.active_seats)
    if state.all_pass_game in ("doubler", "redeal"):
        assert returns == [0] * n
    elif state.all_pass_game != "schwanzer":
        assert len(state.trick_winners()) == sum(state.tricks_won()) == state.hand_size
        assert sum(state.points()) + sum(ref.card_points(card) for card in state.buried) == 120
        assert all(amount % state.stake == 0 for amount in returns)
    if state.partner_method == "black_queens":
        assert state.picker is None and state.blind == []
    assert ref.State.from_json(state.to_json()) == state
    assert pickle.loads(pickle.dumps(state)) == state
    replay = ref.State.new(seed, rules, dealer=seed % n, multiplier=1 + seed % 2)
    for action in state.history():
        replay.apply_action(action)
    assert replay == state and replay.returns() == returns
    return state


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=configurations(), seed=st.integers(0, 2**64 - 1))
def test_property_random_hands(rules: ref.Rules, seed: int) -> None:
    play_and_check(rules, seed, full=seed % 5 == 0)


@pytest.mark.parametrize("options", FORMS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
def test_every_form_with_cracking_and_blitz(options: dict[str, Any]) -> None:
    rules = ref.Rules(cracking=True, blitz=True, blitz_pairs="black_queens+red_queens+black_jacks", **options)
    games: Counter[str | None] = Counter()
    for seed in range(25):
        state = play_and_check(rules, seed, full=seed == 0)
        games[state.all_pass_game] += 1
    assert games[None]


@pytest.mark.parametrize("game", ["leaster", "moster", "schneidster", "schwanzer", "doubler", "redeal"])
def test_every_all_pass_game_in_every_form(game: str) -> None:
    for options in FORMS:
        rules = ref.Rules(all_pass=game, blitz=True, **options)
        if rules.players == 8 or options.get("four_handed") == "black_queens":
            continue  # V15: no all-pass game
        state = ref.State.new(5, rules, dealer=1)
        while state.phase in ("blitz", "pick"):
            act(state, "pass" if state.phase == "pick" else "no blitz")
        assert state.all_pass_game == game
        chooser = random.Random(5)
        while not state.is_terminal:
            state.apply_action(chooser.choice(state.legal_actions()))
        assert sum(state.returns()) == 0 and len(state.returns()) == rules.players


FEATURES = (
    "phase blitz",
    "phase crack",
    "phase recrack",
    "phase under",
    "phase call",
    "method called_ace",
    "method jack",
    "method first_trick",
    "method black_queens",
    "method none",
    "game leaster",
    "game moster",
    "game schneidster",
    "game schwanzer",
    "game doubler",
    "game redeal",
    "crack",
    "recrack by the picker",
    "recrack by the partner",
    "blitz before the pick",
    "blitz after a crack",
    "call up",
    "jack partner",
    "first trick",
    "own ace",
    "called ten",
    "a partner",
    "alone",
)


def test_seeded_hands_cover_every_feature() -> None:
    """The random hands of these property tests reach every phase, partner method, all-pass game and kind of
    doubling (so that the invariants above are checked on them)."""
    seen: Counter[str] = Counter()
    rng = random.Random(99)
    for game in range(2000):
        form = FORMS[game % len(FORMS)]
        rules = ref.Rules(
            **form,
            partner=rng.choice(["auto", "auto", "jack", "first_trick"])
            if form["players"] in (5, 6)
            else "auto",
            jack_picker_holds=rng.choice(["auto", "alone", "call_up", "call_ace"]),
            all_pass=rng.choice(
                ["leaster", "doubler", "redeal", "forced_pick", "moster", "schneidster", "schwanzer"]
            ),
            no_legal_call=rng.choice(["alone", "unknown"]),
            call_own_ace=rng.random() < 0.5,
            cracking=True,
            crack_by=rng.choice(["after_picker", "any_defender"]),
            blitz=True,
            blitz_pairs="black_queens+red_queens+black_jacks",
        )
        state = ref.State.new(rng.getrandbits(64), rules, dealer=rng.randrange(rules.players))
        seen[f"method {state.partner_method}"] += 1
        while not state.is_terminal:
            seen[f"phase {state.phase}"] += 1
            legal_ids = state.legal_actions()
            favourite = [
                a for a in legal_ids if a in (ref.CRACK, ref.RECRACK) or ref.BLITZ <= a < ref.NO_BLITZ
            ]
            if state.phase == "pick" and ref.PASS in legal_ids:
                action = ref.PASS if rng.random() < 0.6 else ref.PICK
            elif favourite and rng.random() < 0.5:
                action = favourite[0]
            else:
                action = rng.choice(legal_ids)
            text = state.action_to_string(action)
            if state.phase == "blitz" and action != ref.NO_BLITZ:
                seen["blitz before the pick" if state.picker is None else "blitz after a crack"] += 1
            if action == ref.RECRACK:
                seen[
                    "recrack by the picker"
                    if state.current_player == state.picker
                    else "recrack by the partner"
                ] += 1
            seen["crack"] += action == ref.CRACK
            seen["call up"] += action == ref.CALL_UP
            seen["jack partner"] += action == ref.JACK_PARTNER
            seen["first trick"] += action == ref.FIRST_TRICK
            if text.startswith("call ") and state.picker is not None:
                seen["own ace"] += text[5:] in state.hand(state.picker)
                seen["called ten"] += text.startswith("call 10")
            state.apply_action(action)
        if state.all_pass_game is not None:
            seen[f"game {state.all_pass_game}"] += 1
        elif state.picker is not None:
            seen["a partner" if state.partner is not None else "alone"] += 1
        assert sum(state.returns()) == 0
    missing = [feature for feature in FEATURES if not seen[feature]]
    assert not missing, (missing, seen)


def test_resample_and_keys_in_every_configuration() -> None:
    """At random depths of hands in sampled configurations: a resample looks the same to its seat (key,
    observation, its hand, the cards played, the phase), play goes on from it to the end."""
    rng = random.Random(2026)
    for game in range(60):
        form = FORMS[game % len(FORMS)]
        rules = ref.Rules(cracking=True, blitz=True, call_own_ace=game % 2 == 0, partner="auto", **form)
        state = ref.State.new(rng.getrandbits(64), rules, dealer=rng.randrange(rules.players))
        for _ in range(rng.randrange(60)):
            if state.is_terminal:
                break
            legal_ids = state.legal_actions()
            state.apply_action(
                ref.PASS
                if state.phase == "pick" and ref.PASS in legal_ids and rng.random() < 0.5
                else rng.choice(legal_ids)
            )
        for player in rng.sample(state.active_seats, 2):
            world = state.resample(player, rng.getrandbits(64))
            assert world.information_state_key(player) == state.information_state_key(player)
            assert world.observation(player) == state.observation(player)
            assert world.hand(player) == state.hand(player)
            assert (world.phase, world.current_player, world.stake, world.blitzes) == (
                state.phase,
                state.current_player,
                state.stake,
                state.blitzes,
            )
            assert world.completed_tricks() == state.completed_tricks()
            copy = world.clone()
            while not copy.is_terminal:
                copy.apply_action(rng.choice(copy.legal_actions()))
            assert sum(copy.returns()) == 0


def test_observation_sizes() -> None:
    """The protocol page's layout: 177 + 72 n floats, and a variants block of 46 + 5 n unless the rules are
    the five-handed called-ace game without cracking, blitz, call_own_ace or another all-pass game."""
    for options in FORMS:
        n = options["players"]
        state = ref.State.new(2, ref.Rules(**options))
        block = 0 if n == 5 else 46 + 5 * n
        assert state.observation_shape == (177 + 72 * n + block,) == (ref.observation_size(state.rules),)
        assert all(len(state.observation(seat)) == state.observation_shape[0] for seat in range(n))
    assert ref.observation_size() == ref.OBSERVATION_SHAPE[0] == 537
    for options in ({"all_pass": "doubler"}, {"called_ten_wins": False, "leaster_tie": "split"}):
        assert ref.observation_size(ref.Rules(**options)) == 537
    for options in ({"cracking": True}, {"blitz": True}, {"call_own_ace": True}, {"all_pass": "moster"}):
        assert ref.observation_size(ref.Rules(**options)) == 537 + 46 + 25
    # The variants block shows the crack, the stake and the blitzed pair (TV-V9), from each seat's side.
    state = tv_v9_hand()
    offset = 537
    for player in range(5):
        obs = state.observation(player)
        cracked = obs[offset + 3 + 32 + 1 : offset + 3 + 32 + 1 + 5]
        assert cracked == [1.0 if (3 - player) % 5 == r else 0.0 for r in range(5)]
        assert obs[offset + 3 + 32 + 1 + 5 + 5 + 15] == 16.0
