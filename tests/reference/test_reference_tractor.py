"""Tests of the pure-Python Tractor reference (card-level rules) on its own.

One test per test vector of ``docs/rules/tractor.md`` that concerns the card-level rules (TV-T1 ... TV-T7,
TV-T11, TV-T12, TV-T17), each on explicit cards, then the API details of ``docs/tractor-toolkit.md`` and
property tests over random deals.

Cards are written as space-separated texts; a trick is a list of plays in play order, the lead first.
"""

from __future__ import annotations

import itertools
import pickle
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tricktaker.reference import tractor as ref

# ------------------------------------------------------------------------------------------------------------
# Helpers
# ------------------------------------------------------------------------------------------------------------

HEARTS_2 = ref.Trump("2", "H")
CLUBS_7 = ref.Trump("7", "C")
NO_TRUMP = ref.Trump(None, None)


def cards(text: str) -> list[str]:
    return text.split()


def follows(hand: str, lead: str, trump: ref.Trump, **options: Any) -> list[list[str]]:
    return ref.legal_follows(cards(hand), cards(lead), trump, **options)


def winner(trick: list[str], trump: ref.Trump) -> int:
    return ref.trick_winner([cards(play) for play in trick], trump)


def is_tractor(text: str, trump: ref.Trump) -> bool:
    """R12: the cards form one tractor."""
    parts = ref.decompose(cards(text), trump)
    return len(parts) == 1 and parts[0][0] == "tractor"


def order_of(texts: list[str], trump: ref.Trump) -> list[list[str]]:
    """Cards grouped by equal strength, strongest group first."""
    groups: dict[int, list[str]] = {}
    for card in texts:
        groups.setdefault(trump.strength(card), []).append(card)
    return [sorted(groups[strength]) for strength in sorted(groups, reverse=True)]


# ------------------------------------------------------------------------------------------------------------
# Test vectors
# ------------------------------------------------------------------------------------------------------------


def test_tv_t1_trump_order_rank_2_hearts() -> None:
    trump = HEARTS_2
    trumps = [card for card in ref.DECK if trump.is_trump(card)]
    expected = [["RJ"], ["BJ"], ["2H"], ["2C", "2D", "2S"]]
    expected += [[rank + "H"] for rank in ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3")]
    assert order_of(trumps, trump) == expected
    assert len(expected) == 16  # 16 positions
    assert [trump.strength(group[0]) for group in expected] == list(range(16, 0, -1))
    assert 2 * len(trumps) == 36  # two copies of each kind
    spades = [card for card in ref.DECK if trump.suit_of(card) == "S"]
    assert "2S" not in spades
    assert order_of(spades, trump) == [
        [rank + "S"] for rank in ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3")
    ]
    assert 2 * len(spades) == 24
    assert 36 + 3 * 24 == 2 * len(ref.DECK) == 108
    assert sum(1 for card in ref.DECK if trump.suit_of(card) == "H") == 0  # hearts are all trumps


def test_tv_t2_trump_order_rank_7_clubs() -> None:
    trump = CLUBS_7
    trumps = [card for card in ref.DECK if trump.is_trump(card)]
    expected = [["RJ"], ["BJ"], ["7C"], ["7D", "7H", "7S"]]
    expected += [[rank + "C"] for rank in ("A", "K", "Q", "J", "10", "9", "8", "6", "5", "4", "3", "2")]
    assert order_of(trumps, trump) == expected
    hearts = [card for card in ref.DECK if trump.suit_of(card) == "H"]
    plain = ("A", "K", "Q", "J", "10", "9", "8", "6", "5", "4", "3", "2")
    assert order_of(hearts, trump) == [[rank + "H"] for rank in plain]
    # Consecutive positions differ by 1: 8♥ and 6♥ are adjacent.
    assert trump.strength("8H") == trump.strength("6H") + 1


def test_tv_t3_no_trump_round() -> None:
    trump = NO_TRUMP
    assert [card for card in ref.DECK if trump.is_trump(card)] == ["BJ", "RJ"]
    assert trump.strength("RJ") > trump.strength("BJ")
    assert trump.suit_of("7S") == "S"
    assert trump.strength("8S") == trump.strength("7S") + 1 == trump.strength("6S") + 2
    assert trump.strength("2S") == 1 and trump.strength("AS") == 13
    assert winner(["BJ", "RJ", "AS", "2C"], trump) == 1


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("8S 8S 6S 6S", True),  # 7 removed from spades
        ("10S 10S 8S 8S", False),
        ("7S 7S 7H 7H", False),  # equal position
        ("7C 7C 7S 7S", True),
        ("7S 7S AC AC", True),
        ("BJ BJ RJ RJ", True),
        ("BJ BJ 7C 7C", True),
        ("8C 8C 6C 6C", True),
        ("KC KC AC AC", True),
    ],
)
def test_tv_t4_tractor_validity(text: str, expected: bool) -> None:
    assert is_tractor(text, CLUBS_7) is expected


def test_tv_t4_tractor_validity_mixed_suits_and_no_trump() -> None:
    with pytest.raises(ref.IllegalPlayError):  # 2♣2♣ A♠A♠: different effective suits
        ref.decompose(cards("2C 2C AS AS"), CLUBS_7)
    assert is_tractor("7S 7S 6S 6S", NO_TRUMP)
    assert not is_tractor("8S 8S 6S 6S", NO_TRUMP)
    # A run of three through both kinds of trump-rank cards; the second off-suit rank pair is left over.
    assert ref.decompose(cards("7C 7C 7H 7H 7S 7S AC AC"), CLUBS_7) == [
        ("tractor", cards("7C 7C 7H 7H AC AC")),
        ("pair", cards("7S 7S")),
    ]


def test_tv_t5_effective_suit_when_following() -> None:
    trump = HEARTS_2
    # Lead 5♠: the only "spade" 2♠ is a trump, so the player is void and may play anything.
    assert follows("2S 3H KD", "5S", trump) == [["KD"], ["3H"], ["2S"]]
    # Lead 2♣ (a trump): 3♥ must be played.
    assert follows("3H KS", "2C", trump) == [["3H"]]
    assert not ref.is_legal_follow(cards("3H KS"), ["2C"], ["KS"], trump)


@pytest.mark.parametrize(
    ("trick", "expected"),
    [
        (["KS", "AS", "2C", "2D"], 2),  # the first of two equal trumps
        (["2S", "2C", "2H", "AH"], 2),
        (["AS", "AS", "KS", "QS"], 0),  # identical cards: the first played
        (["KS", "3H", "RJ", "BJ"], 2),
    ],
)
def test_tv_t6_single_trick_winners(trick: list[str], expected: int) -> None:
    assert winner(trick, HEARTS_2) == expected


@pytest.mark.parametrize(
    ("trick", "expected"),
    [
        (["9S 9S", "AS KS", "3H 4H", "10S 10S"], 3),  # A♠K♠ no pair; 3♥4♥ two unpaired trumps
        (["9S 9S", "3H 3H", "2C 2C", "10S 10S"], 2),  # the highest trump pair
        (["9S 9S", "2C 2C", "2D 2D", "10S 10S"], 1),  # equal positions: the first played
    ],
)
def test_tv_t7_pair_trick_winners(trick: list[str], expected: int) -> None:
    assert winner(trick, HEARTS_2) == expected


def test_tv_t11_failed_throws() -> None:
    trump = HEARTS_2
    # (a) A♠ + Q♠Q♠ with K♠K♠ at seat 2 (the leader is seat 1): lead Q♠Q♠, one card taken back.
    assert ref.check_throw(cards("AS QS QS"), [[], cards("KS KS"), []], trump) == (cards("QS QS"), 1)
    # (b) A♠A♠ + K♠ + J♠, Q♠ at seat 3: lead J♠, three taken back.
    assert ref.check_throw(cards("AS AS KS JS"), [[], [], ["QS"]], trump) == (["JS"], 3)
    # (c) A♠ + Q♠Q♠ + 9♠, K♠K♠ and 10♠ held: both beatable, the single has the fewest cards.
    assert ref.check_throw(cards("AS QS QS 9S"), [cards("KS KS"), [], ["10S"]], trump) == (["9S"], 3)
    # (d) A trump throw with the single 2♣: 2♠ is equal and does not beat it; 2♥, BJ and RJ do.
    throw = cards("2C AH AH")
    assert ref.check_throw(throw, [["2S"], ["2D"], ["3S"]], trump) is None
    for beater in ("2H", "BJ", "RJ"):
        assert ref.check_throw(throw, [[], [beater], []], trump) == (["2C"], 2)


def test_tv_t12_throw_ruffs() -> None:
    trump = HEARTS_2
    lead = "AS KS KS"
    assert ref.check_throw(cards(lead), [["AS"], ["QS", "QS"], ["JS"]], trump) is None
    assert winner([lead, "3H 4H 4H", "5H 5H 6H", "3S 4S 5S"], trump) == 2  # 5♥5♥ above 4♥4♥
    assert winner([lead, "3H 4H 4H", "5H 6H 8H", "3S 4S 5S"], trump) == 1  # no pair: seat 2 does not qualify


def test_tv_t17_follow_obligations() -> None:
    trump = HEARTS_2
    lead = "9S 9S 10S 10S"
    assert follows("4S 4S JS JS 3S 8H", lead, trump) == [cards("4S 4S JS JS")]
    assert follows("4S 4S 3S 7S 8H 9D", lead, trump) == [cards("3S 4S 4S 7S")]
    expected = [["3S", *rest] for rest in (cards("9D 8H 8H"), cards("9D 8H KC"), cards("8H 8H KC"))]
    assert sorted(map(Counter, follows("3S 8H 8H 9D KC", lead, trump)), key=sorted) == sorted(
        map(Counter, expected), key=sorted
    )
    assert len(follows("3S 8H 8H 9D KC", lead, trump)) == 3


# ------------------------------------------------------------------------------------------------------------
# Cards, Trump and the API details
# ------------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [("10H", "10H"), ("th", "10H"), ("A♠", "AS"), ("qc", "QC"), ("10♥", "10H"), ("bj", "BJ"), (" RJ ", "RJ")],
)
def test_lenient_parsing(text: str, expected: str) -> None:
    assert ref.parse_card(text) == expected


@pytest.mark.parametrize("text", ["", "11H", "1H", "QX", "H", "10", "JJ", "AH AH"])
def test_bad_card_text_raises(text: str) -> None:
    with pytest.raises(ValueError, match="not a Tractor card"):
        ref.parse_card(text)


def test_deck_ids_and_points() -> None:
    assert ref.DECK[0] == "2C" and ref.DECK[12] == "AC" and ref.DECK[13] == "2D"
    assert ref.DECK[51] == "AS" and ref.DECK[52:] == ("BJ", "RJ")
    assert ref.trick_points(ref.DECK) * 2 == 200  # R3
    assert ref.trick_points(cards("KS 10D 5H RJ 2C")) == 25


def test_trump_construction_and_value_semantics() -> None:
    assert ref.Trump(2, "H") == ref.Trump("2", "h") == HEARTS_2
    assert ref.Trump("10", "S") == ref.Trump(10, "♠") == ref.Trump("T", "S")
    assert hash(ref.Trump("A", "D")) == hash(ref.Trump(14, "D"))
    assert pickle.loads(pickle.dumps(CLUBS_7)) == CLUBS_7
    assert repr(CLUBS_7) == "Trump('7', 'C')" and repr(NO_TRUMP) == "Trump(None, None)"
    assert (CLUBS_7.rank, CLUBS_7.suit, NO_TRUMP.rank, NO_TRUMP.suit) == (7, "C", None, None)
    for bad in [(1, "H"), (15, "H"), ("X", "H"), ("2", "X"), (None, "H")]:
        with pytest.raises(ValueError):
            ref.Trump(*bad)  # type: ignore[arg-type]
    with pytest.raises(AttributeError):
        CLUBS_7.foo = 1


def test_rank_without_suit() -> None:
    trump = ref.Trump("7", None)
    assert [card for card in ref.DECK if trump.is_trump(card)] == ["7C", "7D", "7H", "7S", "BJ", "RJ"]
    assert trump.strength("7C") == trump.strength("7S") == 1
    assert (trump.strength("BJ"), trump.strength("RJ")) == (2, 3)
    assert trump.strength("8S") == trump.strength("6S") + 1
    assert is_tractor("7S 7S BJ BJ", trump) and not is_tractor("7S 7S 7H 7H", trump)


def test_sort_play_order() -> None:
    assert HEARTS_2.sort(cards("3S 2S 4D AH 2C BJ KC 2H RJ")) == cards("RJ BJ 2H 2C 2S AH KC 4D 3S")
    assert CLUBS_7.sort(cards("AD 2H 3C 7C 7H")) == cards("7C 7H 3C AD 2H")


def test_decompose_canonical_order() -> None:
    trump = HEARTS_2
    lead = cards("3S 5S 5S 6S 6S 7S 7S 9S 9S 10S 10S KS AS AS")
    assert ref.decompose(lead, trump) == [
        ("tractor", cards("7S 7S 6S 6S 5S 5S")),
        ("tractor", cards("10S 10S 9S 9S")),
        ("pair", cards("AS AS")),
        ("single", cards("KS")),
        ("single", cards("3S")),
    ]
    # Equal off-suit rank pairs share a position: only one of them sits in the tractor (the lowest id).
    assert ref.decompose(cards("2S 2S 2C 2C 2D 2D AH AH BJ"), trump) == [
        ("tractor", cards("2C 2C AH AH")),
        ("pair", cards("2D 2D")),
        ("pair", cards("2S 2S")),
        ("single", cards("BJ")),
    ]
    assert ref.decompose(["KS"], trump) == [("single", ["KS"])]


def test_bad_leads_and_multisets_raise() -> None:
    with pytest.raises(ref.IllegalPlayError):
        ref.decompose(cards("AS AH"), HEARTS_2)
    with pytest.raises(ref.IllegalPlayError):
        ref.decompose([], HEARTS_2)
    assert issubclass(ref.IllegalPlayError, ValueError)
    with pytest.raises(ValueError, match="copies"):
        ref.decompose(cards("AS AS AS"), HEARTS_2)
    with pytest.raises(ValueError, match="failed_throw_forced"):
        ref.check_throw(cards("AS KS"), [[], [], []], HEARTS_2, failed_throw_forced="first_beatable")
    with pytest.raises(ref.IllegalPlayError):
        ref.trick_winner([cards("AS"), cards("KS QS")], HEARTS_2)


def test_is_legal_follow_basics() -> None:
    trump = HEARTS_2
    hand = cards("AS KS KS 3D")
    assert ref.is_legal_follow(hand, cards("QS QS"), cards("KS KS"), trump)  # R30: a pair if held
    assert not ref.is_legal_follow(hand, cards("QS QS"), cards("AS KS"), trump)
    assert not ref.is_legal_follow(hand, cards("QS QS"), cards("KS"), trump)  # wrong size
    assert not ref.is_legal_follow(hand, cards("QS QS"), cards("AS AS"), trump)  # not in the hand
    # R30: one card of the suit plus any card.
    assert follows("AS 3D 4D", "QS QS", trump) == [cards("3D AS"), cards("4D AS")]


def test_pair_obligations_of_a_throw() -> None:
    # R32 seed example: single + two pairs led, enough cards of the suit -> two pairs + one single.
    trump = HEARTS_2
    legal = follows("3S 3S 4S 4S 6S 8S 9D", "AS KS KS QS QS", trump)
    assert legal == [cards("3S 3S 4S 4S 6S"), cards("3S 3S 4S 4S 8S")]
    # Off-suit trump-rank cards that are equal are not a pair: 2♣ 2♠ does not count as one.
    assert follows("2C 2S 3H 3H", "AH AH", trump) == [cards("3H 3H")]


def test_tractor_follow_full_option() -> None:
    trump = HEARTS_2
    hand = "3S 3S 4S 4S 8S 8S"  # a tractor 4♠4♠3♠3♠ and a loose pair 8♠8♠
    lead = "9S 9S 10S 10S"
    assert len(follows(hand, lead, trump)) == 3  # any two of the three pairs
    assert follows(hand, lead, trump, tractor_follow="full") == [cards("3S 3S 4S 4S")]
    with pytest.warns(DeprecationWarning, match="tractor_must_follow_tractor is deprecated"):
        assert follows(hand, lead, trump, tractor_must_follow_tractor=True) == [cards("3S 3S 4S 4S")]
    # Holding a longer tractor obliges a tractor of the lead's length inside it.
    longer = "3S 3S 4S 4S 5S 5S 8S 8S"
    forced = follows(longer, lead, trump, tractor_follow="full")
    assert forced == [cards("3S 3S 4S 4S"), cards("4S 4S 5S 5S")]
    # Without a tractor in the hand the option changes nothing.
    assert follows("3S 3S 8S 8S 9D", lead, trump, tractor_follow="full") == [cards("3S 3S 8S 8S")]


def test_pair_lead_winners_need_identical_cards() -> None:
    trump = HEARTS_2
    assert winner(["9S 9S", "2C 2S", "KD KD", "3S 4S"], trump) == 0  # 2♣2♠ is not a pair; K♦K♦ off-suit
    assert winner(["3H 3H", "4H 4H", "2C 2C", "BJ RJ"], trump) == 2  # trump lead


def test_tractor_lead_winners() -> None:
    trump = HEARTS_2
    lead = "9S 9S 10S 10S"
    assert winner([lead, "JS JS QS QS", "3H 3H 4H 4H", "AS AS KS KS"], trump) == 2  # any trump tractor
    assert winner([lead, "JS JS QS QS", "3H 3H 5H 5H", "AS AS KS KS"], trump) == 3  # not a tractor
    assert winner([lead, "JS JS KS KS", "2C 2C 2S 2S", "3S 3S 4S 4S"], trump) == 0  # equal positions
    assert winner([lead, "2C 2C 2H 2H", "AH AH 2S 2S", "BJ BJ RJ RJ"], trump) == 3


def test_throw_ruff_layouts() -> None:
    trump = HEARTS_2
    # Two separate pairs may be matched by a trump tractor ...
    assert winner(["AS AS KS", "4H 4H 5D", "3S 4S 5S", "6S 7S 8S"], trump) == 0  # not all trumps: no win
    assert winner(["AS AS QS QS", "3H 3H 4H 4H", "6S 7S 8S 9S", "3D 4D 5D 6D"], trump) == 1
    # ... but a tractor cannot be matched by separate pairs.
    assert winner(["AS AS KS KS 3S", "3H 3H 5H 5H 7H", "6S 7S 8S 9S 10S", "4D 5D 6D 7D 8D"], trump) == 0
    # The highest run of L pairs decides, not the highest card.
    ruffs = ["AS AS KS KS 3S", "3H 3H 4H 4H RJ", "5H 5H 6H 6H 7H", "4D 5D 6D 7D 8D"]
    assert winner(ruffs, trump) == 2
    # A trump throw always wins for the leader.
    assert winner(["AH KH KH", "BJ RJ RJ", "3S 4S 5S", "6S 7S 8S"], trump) == 0
    # Only strictly higher takes the trick: equal pairs 2♣2♣ and 2♠2♠, the first ruff keeps it.
    assert winner(["AS KS KS", "3H 2C 2C", "4H 2S 2S", "3S 4S 5S"], trump) == 1


# ------------------------------------------------------------------------------------------------------------
# Property tests over random deals
# ------------------------------------------------------------------------------------------------------------


@st.composite
def trumps(draw: st.DrawFn) -> ref.Trump:
    rank = draw(st.one_of(st.none(), st.integers(2, 14)))
    suit = None if rank is None else draw(st.sampled_from(["C", "D", "H", "S", None]))
    return ref.Trump(rank, suit)


@st.composite
def deals(
    draw: st.DrawFn, max_hand: int = 12, max_lead: int = 5
) -> tuple[ref.Trump, list[list[str]], list[str]]:
    """A trump, four hands (seat 0 leads) and a lead of one effective suit drawn from seat 0's hand.

    Half the time ("rich") the cards are dealt from a window of kinds adjacent in play order, copies often
    kept together, so that pairs, tractors and long suits are common, and the lead takes the leader's pairs
    first.
    """
    trump = draw(trumps())
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    kinds = trump.sort(ref.DECK)
    rich = rng.random() < 0.5
    width = rng.randint(6, 24) if rich else len(kinds)
    start = rng.randint(0, len(kinds) - width)
    # When rich, the two copies of a kind often stay together as one unit (pairs, tractors).
    together = rng.choice([0.5, 0.9]) if rich else 0.0
    units = [[card, card] if rng.random() < together else [card] for card in kinds[start : start + width]]
    units += [[unit[0]] for unit in units if len(unit) == 1]
    rng.shuffle(units)
    if rich and rng.random() < 0.5:  # the kept pairs first, in play order: tractors in the first hands
        units.sort(key=lambda unit: (-len(unit), kinds.index(unit[0])) if len(unit) == 2 else (0, 0))
    deck = [card for unit in units for card in unit]
    largest = min(max_hand, len(deck) // 4)
    size = largest if rich or rng.random() < 0.3 else rng.randint(1, largest)
    hands = [deck[i * size : (i + 1) * size] for i in range(4)]
    suits = sorted({trump.suit_of(card) for card in hands[0]})
    with_pairs = [
        suit
        for suit in suits
        if any(n == 2 and trump.suit_of(c) == suit for c, n in Counter(hands[0]).items())
    ]
    suit = rng.choice(with_pairs if rich and with_pairs else suits)
    pool = [card for card in hands[0] if trump.suit_of(card) == suit]
    rng.shuffle(pool)
    if rich:  # the held pairs first, each together
        copies = Counter(pool)
        first = {card: pool.index(card) for card in copies}
        by_strength = rng.random() < 0.5  # adjacent pairs together: tractors
        pool.sort(
            key=lambda card: (-copies[card], -trump.strength(card) if by_strength else first[card], card)
        )
    most = min(max_lead, len(pool))
    return trump, hands, pool[: most if rng.random() < 0.5 else rng.randint(1, most)]


def distinct_multisets(hand: list[str], size: int) -> set[tuple[str, ...]]:
    return {tuple(sorted(combo)) for combo in itertools.combinations(hand, size)}


FAST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FAST
@given(deals(max_hand=10, max_lead=5), st.booleans())
def test_legal_follows_agrees_with_is_legal_follow(
    deal: tuple[ref.Trump, list[list[str]], list[str]], option: bool
) -> None:
    trump, hands, lead = deal
    hand = hands[1]
    if len(hand) < len(lead):
        return
    tractor_follow = "full" if option else "none"
    listed = ref.legal_follows(hand, lead, trump, tractor_follow=tractor_follow)
    brute = {
        play
        for play in distinct_multisets(hand, len(lead))
        if ref.is_legal_follow(hand, lead, list(play), trump, tractor_follow=tractor_follow)
    }
    assert {tuple(sorted(play)) for play in listed} == brute
    assert len(listed) == len(brute) > 0  # distinct, and there is always a legal follow
    ids = [[ref.DECK.index(card) for card in play] for play in listed]
    assert all(play == sorted(play) for play in ids) and ids == sorted(ids)  # the contract's orders


@FAST
@given(deals(max_hand=25, max_lead=4))
def test_legal_follows_have_the_lead_size_and_come_from_the_hand(
    deal: tuple[ref.Trump, list[list[str]], list[str]],
) -> None:
    trump, hands, lead = deal
    hand = hands[2]
    if len(hand) < len(lead):
        return
    led = trump.suit_of(lead[0])
    in_suit = [card for card in hand if trump.suit_of(card) == led]
    legal = ref.legal_follows(hand, lead, trump)
    assert legal
    for play in legal:
        assert len(play) == len(lead)
        assert not Counter(play) - Counter(hand)
        # R32: enough of the suit -> only that suit; else all of it.
        if len(in_suit) >= len(lead):
            assert all(trump.suit_of(card) == led for card in play)
        else:
            assert not Counter(in_suit) - Counter(play)


@FAST
@given(deals(max_hand=12, max_lead=4))
def test_a_void_hand_may_play_any_cards(deal: tuple[ref.Trump, list[list[str]], list[str]]) -> None:
    trump, hands, lead = deal
    led = trump.suit_of(lead[0])
    hand = [card for card in hands[3] if trump.suit_of(card) != led]  # void in the led suit (R28)
    if len(hand) < len(lead):
        return
    legal = {tuple(sorted(play)) for play in ref.legal_follows(hand, lead, trump)}
    assert legal == distinct_multisets(hand, len(lead))


@FAST
@given(deals(max_hand=25, max_lead=12), st.randoms(use_true_random=False))
def test_decompose_ignores_card_order(
    deal: tuple[ref.Trump, list[list[str]], list[str]], rng: random.Random
) -> None:
    trump, _, lead = deal
    parts = ref.decompose(lead, trump)
    shuffled = lead[:]
    rng.shuffle(shuffled)
    assert ref.decompose(shuffled, trump) == parts
    assert sorted(card for _, part in parts for card in part) == sorted(lead)
    for kind, part in parts:
        assert part == trump.sort(part)
        assert len(part) == {"single": 1, "pair": 2}.get(kind, len(part))
        if kind == "tractor":
            assert len(part) >= 4
            strengths = [trump.strength(card) for card in part[::2]]
            assert strengths == list(range(strengths[0], strengths[0] - len(strengths), -1))


@st.composite
def tricks(draw: st.DrawFn, max_hand: int = 10, max_lead: int = 4) -> tuple[ref.Trump, list[list[str]]]:
    """A trump and a trick: the lead and three legal follows from a random deal."""
    trump, hands, lead = draw(deals(max_hand=max_hand, max_lead=max_lead))
    plays = [lead]
    for hand in hands[1:]:
        legal = ref.legal_follows(hand, lead, trump)
        plays.append(legal[draw(st.integers(0, len(legal) - 1))])
    return trump, plays


@FAST
@given(tricks(), st.randoms(use_true_random=False))
def test_trick_winner_ignores_card_order_within_plays(
    trick: tuple[ref.Trump, list[list[str]]], rng: random.Random
) -> None:
    trump, plays = trick
    expected = ref.trick_winner(plays, trump)
    shuffled = [play[:] for play in plays]
    for play in shuffled:
        rng.shuffle(play)
    assert ref.trick_winner(shuffled, trump) == expected


@FAST
@given(tricks(max_lead=1))
def test_a_trump_never_loses_to_a_plain_card_in_a_single_trick(
    trick: tuple[ref.Trump, list[list[str]]],
) -> None:
    trump, plays = trick
    played = [play[0] for play in plays]
    won = ref.trick_winner(plays, trump)
    if any(trump.is_trump(card) for card in played):
        assert trump.is_trump(played[won])
        assert trump.strength(played[won]) == max(
            trump.strength(card) for card in played if trump.is_trump(card)
        )
    else:
        assert trump.suit_of(played[won]) == trump.suit_of(played[0])
    # R35: the first of the strongest wins.
    assert all(
        trump.strength(card) < trump.strength(played[won])
        for card in played[:won]
        if trump.suit_of(card) == trump.suit_of(played[won])
    )


@FAST
@given(tricks(max_lead=6))
def test_exactly_one_winner(trick: tuple[ref.Trump, list[list[str]]]) -> None:
    trump, plays = trick
    won = ref.trick_winner(plays, trump)
    assert won in range(len(plays))
    assert ref.trick_winner(plays, trump) == won  # deterministic
    # The winner is the leader, or played cards of one effective suit: the led suit or trumps.
    suits = {trump.suit_of(card) for card in plays[won]}
    assert won == 0 or suits in ({"T"}, {trump.suit_of(plays[0][0])})
