"""Tests of the reference's follow options at two decks (``docs/rules/tractor.md`` A.5, F22-F24):
``tractor_follow`` ("none", "full", "fallback"), ``new_adjacency`` ("allow", "forbid"), ``format_based_draw``,
and ``min_tractor_length`` under them.

The test vectors TV-F11 and TV-F14 on explicit cards (TV-F13 needs four decks; at two it has no analogue, so
a property test checks that ``new_adjacency`` changes nothing), hand-made throws with two tractors, the
trump suit's equal off-suit rank pairs, the defaults against R32's ``min(P_L, P_S)`` pairs and ``full``
against A.4's old reading where the two agree, property tests of `follow_extensions` against
`legal_follows`, the deprecated ``tractor_must_follow_tractor`` and bad values.

Cards are space-separated texts. With the trump ``HEARTS_2`` (rank 2, hearts) the spades 3 ... A sit at the
positions 1 ... 12, so 9♠ and 10♠ are consecutive and 8♠ and J♠ are not.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tricktaker.reference import tractor as ref

HEARTS_2 = ref.Trump("2", "H")
TRUMPS = [
    HEARTS_2,
    ref.Trump("7", "C"),
    ref.Trump("7", "C", plain_suit_gap_closing=False),
    ref.Trump(None, None),
    ref.Trump("A", "S"),
    ref.Trump("5", None),  # the four 5s share the lowest trump position
]
TRACTOR_FOLLOW = ["none", "full", "fallback"]
NEW_ADJACENCY = ["allow", "forbid"]

FAST = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def cards(text: str) -> list[str]:
    return text.split()


def canon(*plays: str) -> list[list[str]]:
    """Plays in the order `legal_follows` lists them: each in id order, the list sorted by ids."""
    ids = sorted(sorted(ref.DECK.index(card) for card in cards(play)) for play in plays)
    return [[ref.DECK[i] for i in play] for play in ids]


def follows(hand: str, lead: str, **options: Any) -> list[list[str]]:
    return ref.legal_follows(cards(hand), cards(lead), HEARTS_2, **options)


def multisets(counts: Counter[str], size: int) -> Iterator[Counter[str]]:
    """Every distinct sub-multiset of ``counts`` with ``size`` cards."""
    kinds = sorted(counts)
    for takes in itertools.product(*(range(counts[kind] + 1) for kind in kinds)):
        if sum(takes) == size:
            yield Counter({kind: take for kind, take in zip(kinds, takes, strict=True) if take})


def as_set(plays: list[list[str]]) -> set[tuple[str, ...]]:
    return {tuple(sorted(play)) for play in plays}


def expected_extensions(legal: list[list[str]], partial: list[str]) -> list[str]:
    """The cards some legal play containing ``partial`` has beyond it, in id order."""
    chosen = Counter(partial)
    found = {card for play in map(Counter, legal) if not chosen - play for card in play - chosen}
    return sorted(found, key=ref.DECK.index)


# ------------------------------------------------------------------------------------------------------------
# Test vectors
# ------------------------------------------------------------------------------------------------------------

TV_F11_FOLLOWER = "3S 3S 9S 9S 10S 10S KS KS 4H 8C"


def test_tv_f11_three_pair_tractor_lead() -> None:
    lead = "5S 5S 6S 6S 7S 7S"
    any_three = canon(
        "3S 3S 9S 9S 10S 10S", "3S 3S 9S 9S KS KS", "3S 3S 10S 10S KS KS", "9S 9S 10S 10S KS KS"
    )
    # none: any three of the four pairs; 3♠3♠ 9♠9♠ K♠K♠ is legal.
    assert follows(TV_F11_FOLLOWER, lead, tractor_follow="none") == any_three
    assert ref.is_legal_follow(cards(TV_F11_FOLLOWER), cards(lead), cards("3S 3S 9S 9S KS KS"), HEARTS_2)
    # full: no 3-pair tractor is held, so the same as none.
    assert follows(TV_F11_FOLLOWER, lead, tractor_follow="full") == any_three
    # fallback: k* = ([2,2,2], [2,1]): 9♠9♠10♠10♠ plus 3♠3♠ or K♠K♠.
    fallback: dict[str, Any] = {"tractor_follow": "fallback"}
    assert follows(TV_F11_FOLLOWER, lead, **fallback) == canon("3S 3S 9S 9S 10S 10S", "9S 9S 10S 10S KS KS")
    assert not ref.is_legal_follow(
        cards(TV_F11_FOLLOWER), cards(lead), cards("3S 3S 9S 9S KS KS"), HEARTS_2, **fallback
    )
    # Card by card: 3♠ can be completed only by the run, K♠ no more.
    assert ref.follow_extensions(cards(TV_F11_FOLLOWER), cards(lead), [], HEARTS_2, **fallback) == cards(
        "3S 9S 10S KS"
    )
    assert ref.follow_extensions(cards(TV_F11_FOLLOWER), cards(lead), ["3S"], HEARTS_2, **fallback) == cards(
        "3S 9S 10S"
    )
    assert ref.follow_extensions(cards(TV_F11_FOLLOWER), cards(lead), ["3S"], HEARTS_2) == cards(
        "3S 9S 10S KS"
    )


def test_tv_f11_two_pair_tractor_lead() -> None:
    lead = "5S 5S 6S 6S"
    pairs = ["3S 3S", "9S 9S", "10S 10S", "KS KS"]
    # none: any two pairs; full and fallback: 9♠9♠10♠10♠ only.
    assert follows(TV_F11_FOLLOWER, lead) == canon(*(f"{a} {b}" for a, b in itertools.combinations(pairs, 2)))
    for option in ("full", "fallback"):
        assert follows(TV_F11_FOLLOWER, lead, tractor_follow=option) == canon("9S 9S 10S 10S")
        assert (
            ref.follow_extensions(
                cards(TV_F11_FOLLOWER), cards(lead), ["KS"], HEARTS_2, tractor_follow=option
            )
            == []
        )


def test_tv_f14_format_based_draw() -> None:
    hand, lead = cards("4S 4S 7S 3H 3H AH"), cards("9S 9S")
    # yes -> 4♠4♠ only.
    assert ref.legal_follows(hand, lead, HEARTS_2) == canon("4S 4S")
    assert ref.legal_follows(hand, lead, HEARTS_2, format_based_draw=True) == canon("4S 4S")
    # no -> any two spades (4♠7♠ is legal); 7♠ + a heart is still illegal.
    for option in TRACTOR_FOLLOW:
        no_draw: dict[str, Any] = {"format_based_draw": False, "tractor_follow": option}
        assert ref.legal_follows(hand, lead, HEARTS_2, **no_draw) == canon("4S 4S", "4S 7S")
        assert ref.is_legal_follow(hand, lead, cards("4S 7S"), HEARTS_2, **no_draw)
        assert not ref.is_legal_follow(hand, lead, cards("7S 3H"), HEARTS_2, **no_draw)
        assert ref.follow_extensions(hand, lead, ["7S"], HEARTS_2, **no_draw) == ["4S"]
    # With |S| < n nothing changes: all of S plus any cards.
    short = cards("4S 3H 3H AH")
    assert (
        ref.legal_follows(short, lead, HEARTS_2, format_based_draw=False)
        == ref.legal_follows(short, lead, HEARTS_2)
        == canon("4S 3H", "4S AH")
    )


def test_format_based_draw_off_on_a_tractor_lead() -> None:
    # Any four spades, even with the run 9♠9♠10♠10♠ in the hand and under full.
    hand = "9S 9S 10S 10S 3S 4C"
    lead = "5S 5S 6S 6S"
    got = follows(hand, lead, tractor_follow="full", format_based_draw=False)
    assert as_set(got) == as_set(canon("9S 9S 10S 10S", "3S 9S 10S 10S", "3S 9S 9S 10S"))


# ------------------------------------------------------------------------------------------------------------
# Throws with two tractors (F23: one candidate per component, united)
# ------------------------------------------------------------------------------------------------------------

TWO_TRACTORS = "3S 3S 4S 4S 5S 5S 9S 9S 10S 10S"  # tractors 3♠-5♠ (3 pairs) and 9♠-10♠ (2 pairs)


def test_throw_with_two_tractors_follower_holding_both_runs() -> None:
    # Runs 6♠-8♠ (3 pairs) and J♠-Q♠ (2 pairs), and a loose A♠A♠.
    hand = "6S 6S 7S 7S 8S 8S JS JS QS QS AS AS 4H"
    both = canon("6S 6S 7S 7S 8S 8S JS JS QS QS")
    assert len(follows(hand, TWO_TRACTORS)) == 6  # none: any five of the six pairs
    # full: k* = ([2]*5, [3, 2]), each tractor itself: only the two runs.
    assert follows(hand, TWO_TRACTORS, tractor_follow="full") == both
    # A.4's old reading (the longest lead tractor held, here 3, plus the pairs) allowed two more plays.
    old = canon(
        "6S 6S 7S 7S 8S 8S JS JS QS QS", "6S 6S 7S 7S 8S 8S JS JS AS AS", "6S 6S 7S 7S 8S 8S QS QS AS AS"
    )
    assert not ref.is_legal_follow(cards(hand), cards(TWO_TRACTORS), old[1], HEARTS_2, tractor_follow="full")
    # fallback: the same key is the greatest.
    assert follows(hand, TWO_TRACTORS, tractor_follow="fallback") == both
    # Under min_tractor_length 3 the lead is the 3-pair tractor and two pairs: key ([2]*5, [3, 1, 1]) for
    # full and fallback alike, which is the old reading.
    for option in ("full", "fallback"):
        assert follows(hand, TWO_TRACTORS, tractor_follow=option, min_tractor_length=3) == old


def test_throw_with_two_tractors_follower_holding_two_short_runs() -> None:
    # Two 2-pair runs 6♠-7♠ and J♠-Q♠, loose 3♠3♠ and A♠A♠: no 3-pair run.
    hand = "3S 3S 6S 6S 7S 7S JS JS QS QS AS AS 8C"
    pairs = ["3S 3S", "6S 6S", "7S 7S", "JS JS", "QS QS", "AS AS"]
    any_five = canon(*(" ".join(five) for five in itertools.combinations(pairs, 5)))
    assert follows(hand, TWO_TRACTORS) == any_five
    # full: the 3-pair tractor is not held, so k* = ([2]*5, [2, 1, 1, 1]) (the 2-pair tractor itself and
    # three pairs); every five of the six pairs hold a 2-pair run.
    assert follows(hand, TWO_TRACTORS, tractor_follow="full") == any_five
    # fallback: the 3-pair tractor may ask for a run of 2 and a pair: k* = ([2]*5, [2, 2, 1]), two
    # disjoint runs of two pairs and one more pair.
    fallback = canon("3S 3S 6S 6S 7S 7S JS JS QS QS", "6S 6S 7S 7S JS JS QS QS AS AS")
    assert follows(hand, TWO_TRACTORS, tractor_follow="fallback") == fallback
    assert ref.follow_extensions(
        cards(hand), cards(TWO_TRACTORS), ["3S"], HEARTS_2, tractor_follow="fallback"
    ) == (cards("3S 6S 7S JS QS"))
    # min_tractor_length 3: no run of 2 may be asked for, so any five pairs again.
    assert follows(hand, TWO_TRACTORS, tractor_follow="fallback", min_tractor_length=3) == any_five


def test_throw_with_two_tractors_follower_holding_one_long_run() -> None:
    # One run 6♠-10♠ of five pairs: full asks for a 3-pair and a disjoint 2-pair run, which it fills.
    hand = "6S 6S 7S 7S 8S 8S 9S 9S 10S 10S QS QS KS"
    five = canon("6S 6S 7S 7S 8S 8S 9S 9S 10S 10S")
    for option in ("full", "fallback"):
        assert follows(hand, TWO_TRACTORS, tractor_follow=option) == five
    assert len(follows(hand, TWO_TRACTORS)) == 6


def test_fallback_with_min_tractor_length_3() -> None:
    lead = "3S 3S 4S 4S 5S 5S"  # a tractor under 2 and under 3
    hand = "6S 6S 7S 7S 9S 9S KS KS 2C"
    with_run = canon("6S 6S 7S 7S 9S 9S", "6S 6S 7S 7S KS KS")
    assert follows(hand, lead, tractor_follow="fallback") == with_run  # ([2,2,2], [2,1])
    assert follows(hand, lead, tractor_follow="fallback", min_tractor_length=3) == follows(hand, lead)
    assert len(follows(hand, lead)) == 4
    assert ref.follow_extensions(
        cards(hand), cards(lead), ["9S"], HEARTS_2, tractor_follow="fallback"
    ) == cards("6S 7S 9S")
    assert ref.follow_extensions(
        cards(hand), cards(lead), ["9S"], HEARTS_2, tractor_follow="fallback", min_tractor_length=3
    ) == cards("6S 7S 9S KS")
    # A run of three held: under 3 the requirement may still be the 3-pair run itself.
    longer = "6S 6S 7S 7S 8S 8S KS KS 2C"
    assert follows(longer, lead, tractor_follow="fallback", min_tractor_length=3) == canon(
        "6S 6S 7S 7S 8S 8S"
    )
    # Under 4 the lead is three pairs: no run is asked for.
    assert len(follows(longer, lead, tractor_follow="fallback", min_tractor_length=4)) == 4


# ------------------------------------------------------------------------------------------------------------
# The trump suit: equal off-suit rank pairs share a position (R11, R12)
# ------------------------------------------------------------------------------------------------------------


def test_equal_rank_pairs_sit_in_different_runs_never_in_one() -> None:
    # Trumps (rank 2, hearts): ... K♥ < A♥ < 2♠ = 2♣ = 2♦ < 2♥ < BJ < RJ.
    hand = "AH AH 2S 2S 2C 2C 2H 2H 7H 9C"
    lead = "3H 3H 4H 4H 5H 5H"
    # The runs of three are A♥-2♠-2♥ and A♥-2♣-2♥; 2♠2♠2♣2♣ is no run.
    runs = canon("AH AH 2S 2S 2H 2H", "AH AH 2C 2C 2H 2H")
    for option in ("full", "fallback"):
        assert follows(hand, lead, tractor_follow=option) == runs
        assert (
            ref.follow_extensions(cards(hand), cards(lead), ["2S", "2C"], HEARTS_2, tractor_follow=option)
            == []
        )
    assert len(follows(hand, lead)) == 4
    assert ref.follow_extensions(cards(hand), cards(lead), ["2S", "2C"], HEARTS_2) == cards("2C 2H AH 2S")
    # A lead of two 2-pair tractors: a follower with K♥ A♥ 2♠ 2♣ 2♥ (pairs) needs two disjoint runs, so
    # A♥-2♠ and 2♣-2♥ may go together (one position, two runs), K♥-A♥ with 2♠-2♥ or 2♣-2♥ too; dropping
    # A♥A♥ or 2♥2♥ leaves one run only.
    hand = "KH KH AH AH 2S 2S 2C 2C 2H 2H 9C"
    lead = "5H 5H 6H 6H 9H 9H 10H 10H"
    two_runs = canon("AH AH 2S 2S 2C 2C 2H 2H", "KH KH AH AH 2C 2C 2H 2H", "KH KH AH AH 2S 2S 2H 2H")
    for option in ("full", "fallback"):
        assert follows(hand, lead, tractor_follow=option) == two_runs
    assert len(follows(hand, lead)) == 5


def test_equal_rank_pairs_without_a_trump_suit() -> None:
    # Rank 5, no suit: the four 5s share the lowest trump position, below BJ and RJ.
    trump = ref.Trump("5", None)
    lead = cards("BJ BJ RJ RJ")
    hand = cards("5S 5S 5C 5C 5D 3S")
    # No run: 5♠5♠5♣5♣ are two pairs at one position; every option asks for two pairs.
    for option in TRACTOR_FOLLOW:
        assert ref.legal_follows(hand, lead, trump, tractor_follow=option) == [cards("5C 5C 5S 5S")]


# ------------------------------------------------------------------------------------------------------------
# Random hands: the defaults, full against the old reading, new_adjacency
# ------------------------------------------------------------------------------------------------------------


@st.composite
def follow_cases(draw: st.DrawFn) -> tuple[ref.Trump, list[str], list[str]]:
    """A trump, a lead of one effective suit (at most 9 cards) and a follower's hand (at most 15 cards).

    Half the time the lead is one or two blocks of consecutive pairs (tractors, or pairs under L_min), maybe
    with a single, and the follower's led-suit cards are up to four blocks of pairs and a few singles of
    the rest of a window of the suit: runs of pairs of several lengths. Otherwise the cards of a window of
    the suit are shared out at random."""
    trump = draw(st.sampled_from(TRUMPS))
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    suit = rng.choice(sorted({trump.suit_of(card) for card in ref.DECK}))
    kinds = sorted((card for card in ref.DECK if trump.suit_of(card) == suit), key=trump.strength)
    width = rng.randint(min(5, len(kinds)), min(14, len(kinds)))
    start = rng.randint(0, len(kinds) - width)
    window = kinds[start : start + width]
    together = rng.choice([0.5, 0.8, 1.0])
    lead: list[str] = []
    suit_hand: list[str] = []
    if rng.random() < 0.5:
        taken: list[str] = []
        for _ in range(rng.randint(1, 2)):
            top = rng.randrange(len(window))
            taken += [
                card for card in window[top : top + rng.choice([1, 2, 2, 3, 3, 4])] if card not in taken
            ]
        taken = taken[:4]
        lead = [card for card in taken for _ in range(2)]
        rest = [card for card in window if card not in taken]
        if rest and rng.random() < 0.3:
            lead.append(rest.pop(rng.randrange(len(rest))))
        held: Counter[str] = Counter()
        for _ in range(rng.randint(1, 4) if rest else 0):  # blocks of pairs, and a few singles
            top = rng.randrange(len(rest))
            held.update({card: 2 for card in rest[top : top + rng.randint(1, 4)]})
        held.update({card: 1 for card in rng.sample(rest, min(len(rest), rng.randint(0, 3)))})
        suit_hand = [card for card in rest for _ in range(min(2, held[card]))][:13]
    else:
        units = [[card, card] if rng.random() < together else [card] for card in window]
        units += [[unit[0]] for unit in units if len(unit) == 1]
        rng.shuffle(units)
        cap = rng.randint(1, 6)
        for unit in units:
            if len(lead) + len(unit) <= cap and rng.random() < 0.6:
                lead += unit
            else:
                suit_hand += unit
        if not lead:
            lead = [suit_hand.pop()]
        suit_hand = suit_hand[: rng.randint(0, 11)]
    off_suit = [card for card in ref.DECK if trump.suit_of(card) != suit for _ in range(2)]
    rng.shuffle(off_suit)
    return trump, lead, suit_hand + off_suit[: max(rng.randint(0, 3), len(lead) - len(suit_hand))]


def pairs_in(counts: Counter[str]) -> int:
    return sum(1 for count in counts.values() if count == 2)


def longest_run(counts: Counter[str], trump: ref.Trump) -> int:
    """R12: the most pairs at consecutive positions (positions shared by equal cards count once)."""
    positions = {trump.strength(card) for card, count in counts.items() if count == 2}
    return max(
        (
            sum(1 for _ in itertools.takewhile(lambda p: p in positions, itertools.count(top, -1)))
            for top in positions
        ),
        default=0,
    )


def r32_oracle(
    hand: list[str], lead: list[str], trump: ref.Trump, old_full: bool = False, min_tractor_length: int = 2
) -> set[tuple[str, ...]]:
    """The legal follows by R32 (at least min(P_L, P_S) pairs), and with ``old_full`` A.4's old reading of
    ``tractor_must_follow_tractor``: also a run of the longest lead tractor the led-suit cards hold."""
    led = trump.suit_of(lead[0])
    counts = Counter(hand)
    suit = Counter({card: n for card, n in counts.items() if trump.suit_of(card) == led})
    size = len(lead)
    need = min(pairs_in(Counter(lead)), pairs_in(suit))
    run = 0
    if old_full:
        held = longest_run(suit, trump)
        lengths = [
            len(part) // 2
            for kind, part in ref.decompose(lead, trump, min_tractor_length=min_tractor_length)
            if kind == "tractor"
        ]
        run = max((length for length in lengths if length <= held), default=0)
    legal = set()
    for play in multisets(counts, size):
        if sum(suit.values()) >= size:
            ok = not play - suit and pairs_in(play) >= need and (run == 0 or longest_run(play, trump) >= run)
        else:
            ok = all(play[card] == n for card, n in suit.items())
        if ok:
            legal.add(tuple(sorted(play.elements())))
    return legal


@FAST
@given(follow_cases())
def test_defaults_are_r32_min_pairs(case: tuple[ref.Trump, list[str], list[str]]) -> None:
    trump, lead, hand = case
    expected = r32_oracle(hand, lead, trump)
    assert as_set(ref.legal_follows(hand, lead, trump)) == expected
    for length in (2, 3):  # L_min changes no pair obligation under "none"
        got = ref.legal_follows(
            hand,
            lead,
            trump,
            tractor_follow="none",
            new_adjacency="allow",
            format_based_draw=True,
            min_tractor_length=length,
        )
        assert as_set(got) == expected


@FAST
@given(follow_cases(), st.sampled_from([2, 3]))
def test_full_is_the_old_reading_on_leads_with_one_tractor(
    case: tuple[ref.Trump, list[str], list[str]], length: int
) -> None:
    trump, lead, hand = case
    tractors = [
        kind for kind, _ in ref.decompose(lead, trump, min_tractor_length=length) if kind == "tractor"
    ]
    got = as_set(ref.legal_follows(hand, lead, trump, tractor_follow="full", min_tractor_length=length))
    if len(tractors) <= 1:
        assert got == r32_oracle(hand, lead, trump, old_full=True, min_tractor_length=length)
    else:
        assert got <= r32_oracle(hand, lead, trump)  # never fewer pairs than R32 asks for


@FAST
@given(follow_cases(), st.sampled_from(TRACTOR_FOLLOW), st.sampled_from([2, 3]), st.booleans())
def test_new_adjacency_changes_nothing_at_two_decks(
    case: tuple[ref.Trump, list[str], list[str]], tractor_follow: str, length: int, format_based_draw: bool
) -> None:
    # TV-F13 needs four decks (a quad lead); at two a tuple is a pair or a single, too small for a run.
    trump, lead, hand = case
    options: dict[str, Any] = {
        "tractor_follow": tractor_follow,
        "min_tractor_length": length,
        "format_based_draw": format_based_draw,
    }
    allow = ref.legal_follows(hand, lead, trump, new_adjacency="allow", **options)
    assert ref.legal_follows(hand, lead, trump, new_adjacency="forbid", **options) == allow
    assert ref.follow_extensions(hand, lead, [], trump, new_adjacency="forbid", **options) == (
        ref.follow_extensions(hand, lead, [], trump, new_adjacency="allow", **options)
    )


# ------------------------------------------------------------------------------------------------------------
# Card by card against legal_follows, under every option value
# ------------------------------------------------------------------------------------------------------------


@FAST
@given(
    follow_cases(),
    st.sampled_from(TRACTOR_FOLLOW),
    st.sampled_from(NEW_ADJACENCY),
    st.booleans(),
    st.sampled_from([2, 3, 4]),
    st.randoms(use_true_random=False),
)
def test_follow_extensions_offer_exactly_the_cards_of_legal_completions(
    case: tuple[ref.Trump, list[str], list[str]],
    tractor_follow: str,
    new_adjacency: str,
    format_based_draw: bool,
    length: int,
    chooser: random.Random,
) -> None:
    trump, lead, hand = case
    options: dict[str, Any] = {
        "tractor_follow": tractor_follow,
        "new_adjacency": new_adjacency,
        "format_based_draw": format_based_draw,
        "min_tractor_length": length,
    }
    legal = ref.legal_follows(hand, lead, trump, **options)
    assert legal, "there is always a legal follow"
    # Exactly the distinct plays is_legal_follow accepts.
    brute = {
        tuple(sorted(play.elements()))
        for play in multisets(Counter(hand), len(lead))
        if ref.is_legal_follow(hand, lead, list(play.elements()), trump, **options)
    }
    assert as_set(legal) == brute and len(legal) == len(brute)
    for play in legal:
        assert ref.is_legal_follow(hand, lead, play, trump, **options)
    # A random path: at every step the offered cards are those of the legal completions.
    partial: list[str] = []
    while len(partial) < len(lead):
        offered = ref.follow_extensions(hand, lead, partial, trump, **options)
        assert offered == expected_extensions(legal, partial), (partial, offered)
        assert offered, "the offer never dead-ends"
        partial.append(chooser.choice(offered))
    assert ref.is_legal_follow(hand, lead, partial, trump, **options)
    assert ref.follow_extensions(hand, lead, partial, trump, **options) == []
    # Any partial play, completable or not.
    pool = list(hand)
    chooser.shuffle(pool)
    stray = pool[: chooser.randrange(len(lead))]
    assert ref.follow_extensions(hand, lead, stray, trump, **options) == expected_extensions(legal, stray)


# ------------------------------------------------------------------------------------------------------------
# In a round: State offers what follow_extensions does under its rules
# ------------------------------------------------------------------------------------------------------------

ROUND_OPTIONS: list[dict[str, Any]] = [
    {"tractor_follow": "full"},
    {"tractor_follow": "fallback"},
    {"tractor_follow": "fallback", "min_tractor_length": 3, "new_adjacency": "forbid"},
    {"format_based_draw": False},
]


@pytest.mark.parametrize("options", ROUND_OPTIONS)
def test_rounds_follow_under_the_options(options: dict[str, Any]) -> None:
    rules = ref.Rules(**options)
    follow_options: dict[str, Any] = {
        "tractor_follow": rules.tractor_follow,
        "new_adjacency": rules.new_adjacency,
        "format_based_draw": rules.format_based_draw,
        "min_tractor_length": rules.min_tractor_length,
    }
    for seed in range(3):
        state = ref.State.new(seed, rules)
        chooser = random.Random(seed)
        while not state.is_terminal:
            actions = state.legal_actions()
            trick = state.current_trick()
            if state.phase == "play" and trick:
                seat = state.current_player
                assert seat is not None and state.trump is not None
                offered = [state.action_to_string(action).removeprefix("play ") for action in actions]
                expected = ref.follow_extensions(
                    state.hand(seat), trick[0][1], state.partial_play(), state.trump, **follow_options
                )
                assert sorted(offered, key=ref.DECK.index) == expected
            state.apply_action(chooser.choice(actions))


def test_tv_f11_in_a_round() -> None:
    hands = (
        "5S 5S 6S 6S 7S 7S 3C 4C 5C 6C",
        "3S 3S 9S 9S 10S 10S KS KS 4H 8C",
        "5D 6D 7D 8D 9D 10D JD QD KD AD",
        "3D 3D 4D 4D 5H 6H 7H 8H 9H 10H",
    )
    for option, after_3s in (("none", "3S 9S 10S KS"), ("fallback", "3S 9S 10S")):
        state = ref.State.from_cards(
            [cards(hand) for hand in hands], [], HEARTS_2, 0, 0, rules=ref.Rules(tractor_follow=option)
        )
        for card in cards("5S 5S 6S 6S 7S 7S"):
            state.apply_action(state.string_to_action(f"play {card}"))
        state.apply_action(state.string_to_action("finish"))
        state.apply_action(state.string_to_action("play 3S"))
        offered = [state.action_to_string(action) for action in state.legal_actions()]
        assert offered == [f"play {card}" for card in cards(after_3s)]


# ------------------------------------------------------------------------------------------------------------
# The deprecated keyword and bad values
# ------------------------------------------------------------------------------------------------------------

DEPRECATED = r"tractor_must_follow_tractor is deprecated; use tractor_follow='full' or 'none'"


def test_deprecated_tractor_must_follow_tractor() -> None:
    hand, lead = cards(TV_F11_FOLLOWER), cards("5S 5S 6S 6S")
    for old, new in ((True, "full"), (False, "none")):
        with pytest.warns(DeprecationWarning, match=DEPRECATED) as record:
            got = ref.legal_follows(hand, lead, HEARTS_2, tractor_must_follow_tractor=old)
        assert record[0].filename == __file__  # the warning points at the caller
        assert got == ref.legal_follows(hand, lead, HEARTS_2, tractor_follow=new)
        play = cards("3S 3S KS KS")
        with pytest.warns(DeprecationWarning, match=DEPRECATED):
            legal = ref.is_legal_follow(hand, lead, play, HEARTS_2, tractor_must_follow_tractor=old)
        assert legal == ref.is_legal_follow(hand, lead, play, HEARTS_2, tractor_follow=new) == (not old)
        with pytest.warns(DeprecationWarning, match=DEPRECATED):
            offered = ref.follow_extensions(hand, lead, ["9S"], HEARTS_2, tractor_must_follow_tractor=old)
        assert offered == ref.follow_extensions(hand, lead, ["9S"], HEARTS_2, tractor_follow=new)
    # Both given (even the default value): a ValueError.
    for value in TRACTOR_FOLLOW:
        with pytest.warns(DeprecationWarning), pytest.raises(ValueError, match="not both"):
            ref.legal_follows(hand, lead, HEARTS_2, tractor_follow=value, tractor_must_follow_tractor=True)
    with (
        pytest.warns(DeprecationWarning),
        pytest.raises(ValueError, match="tractor_must_follow_tractor must be a bool"),
    ):
        ref.legal_follows(hand, lead, HEARTS_2, tractor_must_follow_tractor="yes")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("option", "bad", "message"),
    [
        *[
            ("tractor_follow", bad, r"tractor_follow must be one of 'none', 'full', 'fallback'")
            for bad in ["partial", "", "None", "FULL", None, True, 1]
        ],
        *[
            ("new_adjacency", bad, r"new_adjacency must be one of 'allow', 'forbid'")
            for bad in ["deny", "", None, False]
        ],
        *[("format_based_draw", bad, r"format_based_draw must be a bool") for bad in [1, 0, "yes", None]],
    ],
)
def test_bad_option_values_raise(option: str, bad: Any, message: str) -> None:
    lead = cards("5S 5S 6S 6S")
    given: dict[str, Any] = {option: bad}
    for hand in (cards(TV_F11_FOLLOWER), cards("3H 4H 5H 6H")):  # |S| >= n and a void: checked alike
        with pytest.raises(ValueError, match=message):
            ref.is_legal_follow(hand, lead, hand[:4], HEARTS_2, **given)
        with pytest.raises(ValueError, match=message):
            ref.legal_follows(hand, lead, HEARTS_2, **given)
        with pytest.raises(ValueError, match=message):
            ref.follow_extensions(hand, lead, [], HEARTS_2, **given)
