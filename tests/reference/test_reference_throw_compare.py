"""Tests of the option ``throw_compare`` (F29, F30 of ``tractor-variants.md``) in the pure-Python Tractor
reference: which qualifying ruff wins a throw.

The vector TV-F19 (a) for every value; hand-made tricks where the values differ (tractors in the lead, ties,
ruffs with several readings); the rules shared by every value (the first qualifying ruff beats the throw, a
play that does not qualify never wins, a trump throw always wins for the leader, other leads ignore the
option); and random throw tricks checked against a brute-force oracle written from F29, F30 and R39 alone.

Cards are written as space-separated texts; a trick is a list of plays in play order, the lead first.
"""

from __future__ import annotations

import functools
import itertools
import random
import time
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tricktaker.reference import tractor as ref

# ------------------------------------------------------------------------------------------------------------
# Helpers
# ------------------------------------------------------------------------------------------------------------

CHOICES = ("pairs_first", "all_components", "highest", "unit_length")

HEARTS_2 = ref.Trump("2", "H")  # RJ > BJ > 2♥ > 2♣ = 2♦ = 2♠ > A♥ > K♥ > ... > 3♥
DIAMONDS_2 = ref.Trump("2", "D")
SEVENS = ref.Trump("7", None)  # the jokers, then the four 7s, all equal, as the lowest trumps


def cards(text: str) -> list[str]:
    return text.split()


def winner(trick: list[str], trump: ref.Trump, throw_compare: str, min_tractor_length: int = 2) -> int:
    return ref.trick_winner(
        [cards(play) for play in trick],
        trump,
        min_tractor_length=min_tractor_length,
        throw_compare=throw_compare,
    )


def winners(trick: list[str], trump: ref.Trump, min_tractor_length: int = 2) -> dict[str, int]:
    """The winner of a trick under each value of ``throw_compare``."""
    return {choice: winner(trick, trump, choice, min_tractor_length) for choice in CHOICES}


def each(pairs_first: int, all_components: int, highest: int, unit_length: int) -> dict[str, int]:
    return {
        "pairs_first": pairs_first,
        "all_components": all_components,
        "highest": highest,
        "unit_length": unit_length,
    }


# ------------------------------------------------------------------------------------------------------------
# An oracle written from F29, F30 and R39 alone, by brute force over the kinds of a play
# ------------------------------------------------------------------------------------------------------------

Shape = tuple[int, int]  # (w, L): a single (1, 1), a pair (2, 1), a tractor of L pairs (2, L)
Reading = dict[Shape, tuple[int, ...]]  # the top positions of the components of each shape, highest first


def lead_shapes(lead: list[str], trump: ref.Trump, min_tractor_length: int) -> list[Shape]:
    """F21 (``decompose``): the lead's components as shapes."""
    parts = ref.decompose(lead, trump, min_tractor_length=min_tractor_length)
    return [(1, 1) if kind == "single" else (2, len(part) // 2) for kind, part in parts]


def oracle_readings(play: list[str], shapes: list[Shape], trump: ref.Trump) -> list[Reading]:
    """F29: every reading of a play, trying every ordered choice of its pairs for the lead's pair and tractor
    components (a tractor component takes pairs at consecutive positions, one a position); every card left is
    a single."""
    counts = Counter(play)
    pair_kinds = sorted(card for card, count in counts.items() if count == 2)
    lengths = [length for width, length in shapes if width == 2]
    readings: list[Reading] = []
    for chosen in itertools.permutations(pair_kinds, sum(lengths)):
        tops: dict[Shape, list[int]] = {shape: [] for shape in shapes}
        start = 0
        for length in lengths:
            run = sorted((trump.strength(card) for card in chosen[start : start + length]), reverse=True)
            start += length
            if run != list(range(run[0], run[0] - length, -1)):
                break
            tops[(2, length)].append(run[0])
        else:
            left = counts - Counter(card for card in chosen for _ in range(2))
            tops[(1, 1)] = [trump.strength(card) for card in left.elements()]
            if len(tops[(1, 1)]) == shapes.count((1, 1)):
                readings.append({shape: tuple(sorted(tops[shape], reverse=True)) for shape in shapes})
    return readings


def oracle_r39_strength(play: list[str], lead: list[str], trump: ref.Trump, min_tractor_length: int) -> int:
    """R39 as written: L the length of the lead's longest tractor; the top position of the highest run of L
    consecutive pairs anywhere in the play; with no tractor in the lead the highest pair, with no pair the
    highest single."""
    parts = ref.decompose(lead, trump, min_tractor_length=min_tractor_length)
    pairs = {trump.strength(card) for card, count in Counter(play).items() if count == 2}
    if any(kind == "tractor" for kind, _ in parts):
        length = max(len(part) // 2 for kind, part in parts if kind == "tractor")
        return max(top for top in pairs if all(top - i in pairs for i in range(length)))
    if any(kind == "pair" for kind, _ in parts):
        return max(pairs)
    return max(trump.strength(card) for card in play)


def oracle_beats(
    challenger: tuple[list[str], list[Reading]],
    best: tuple[list[str], list[Reading]],
    lead: list[str],
    shapes: list[Shape],
    trump: ref.Trump,
    throw_compare: str,
    min_tractor_length: int,
) -> bool:
    """F30: whether a qualifying ruff takes the trick from the best qualifying ruff so far."""
    (play, readings), (best_play, best_readings) = challenger, best
    if throw_compare == "pairs_first":
        return oracle_r39_strength(play, lead, trump, min_tractor_length) > oracle_r39_strength(
            best_play, lead, trump, min_tractor_length
        )
    if throw_compare == "highest":
        return max(map(trump.strength, play)) > max(map(trump.strength, best_play))
    if throw_compare == "all_components":
        return any(
            all(
                all(
                    mine > theirs for shape in shapes for mine, theirs in zip(x[shape], w[shape], strict=True)
                )
                for w in best_readings
            )
            for x in readings
        )
    assert throw_compare == "unit_length"
    order = sorted(set(shapes), key=lambda shape: (-shape[0] * shape[1], -shape[0]))
    if len(shapes) >= 2 and any(width * length >= 2 for width, length in shapes):
        order = [shape for shape in order if shape != (1, 1)]

    def key(reading: Reading) -> list[int]:
        return [top for shape in order for top in reading[shape]]

    return max(map(key, readings)) > max(map(key, best_readings))


def qualifies(play: list[str], shapes: list[Shape], trump: ref.Trump) -> bool:
    """F29: a qualifying ruff is wholly in trumps and has a reading."""
    return all(trump.is_trump(card) for card in play) and bool(oracle_readings(play, shapes, trump))


def oracle_winner(
    plays: list[list[str]], trump: ref.Trump, throw_compare: str, min_tractor_length: int = 2
) -> int:
    """F29: the winner of a throw trick."""
    lead = plays[0]
    shapes = lead_shapes(lead, trump, min_tractor_length)
    assert len(shapes) >= 2, "a throw"
    if trump.is_trump(lead[0]):
        return 0
    won, best = 0, ([], [])
    for index, play in enumerate(plays[1:], start=1):
        if not qualifies(play, shapes, trump):
            continue
        readings = oracle_readings(play, shapes, trump)
        if won == 0 or oracle_beats(
            (play, readings), best, lead, shapes, trump, throw_compare, min_tractor_length
        ):
            won, best = index, (play, readings)
    return won


# ------------------------------------------------------------------------------------------------------------
# Random throw tricks
# ------------------------------------------------------------------------------------------------------------

TWO_DECKS = [card for card in ref.DECK for _ in range(2)]


def random_trump(rng: random.Random) -> ref.Trump:
    rank = rng.choice([None, *range(2, 15)])
    suit = None if rank is None else rng.choice(["C", "D", "H", "S", "C", "D", "H", "S", None])
    return ref.Trump(rank, suit, rng.random() < 0.8)


def random_throw_trick(
    rng: random.Random, max_lead: int = 9
) -> tuple[ref.Trump, list[list[str]], int] | None:
    """A trump, a trick of four plays of one size (no kind more than twice in all, R2) whose lead is a throw
    in one effective suit, and ``min_tractor_length``; ``None`` when the draw fails. Each follower either
    follows in the led suit or, as if void in it, ruffs (shaped like the lead's components when it can),
    plays random trumps or discards cards of other suits. A tenth of the leads are in trumps."""
    trump = random_trump(rng)
    min_tractor_length = rng.choice([2, 2, 2, 3])
    suits = sorted({trump.suit_of(card) for card in ref.DECK})
    plain = [suit for suit in suits if suit != "T"]
    led = "T" if rng.random() < 0.1 else rng.choice(plain)
    kinds = [card for card in trump.sort(ref.DECK) if trump.suit_of(card) == led]
    start = rng.randrange(len(kinds))
    lead: list[str] = []
    for card in kinds[start:] + kinds[:start]:
        roll = rng.random()
        lead += [card, card] if roll < 0.45 else [card] if roll < 0.7 else []
    lead = lead[: rng.randint(2, max_lead)]
    if len(lead) < 2 or len(ref.decompose(lead, trump, min_tractor_length=min_tractor_length)) < 2:
        return None
    pool = Counter(TWO_DECKS) - Counter(lead)
    size = len(lead)
    plays = [lead]
    for _ in range(3):
        of_suit = {suit: [card for card in pool.elements() if trump.suit_of(card) == suit] for suit in suits}
        trumps = of_suit["T"]
        mode = rng.choice(["ruff", "ruff", "ruff", "trumps", "follow", "discard"])
        play: list[str] | None = None
        if mode == "ruff" and led != "T":
            play = shaped_ruff(rng, lead, trumps, trump, min_tractor_length)
        if play is None and mode in ("ruff", "trumps") and len(trumps) >= size:
            play = rng.sample(trumps, size)
        if play is None and mode == "follow" and len(of_suit[led]) >= size:
            play = rng.sample(of_suit[led], size)
        if play is None:
            others = [card for card in pool.elements() if trump.suit_of(card) != led]
            if len(others) < size:
                return None
            play = rng.sample(others, size)
        pool -= Counter(play)
        plays.append(play)
    return trump, plays, min_tractor_length


def is_run(group: tuple[str, ...], trump: ref.Trump) -> bool:
    """Cards at consecutive positions, one a position."""
    low = min(map(trump.strength, group))
    return sorted(map(trump.strength, group)) == list(range(low, low + len(group)))


def shaped_ruff(
    rng: random.Random, lead: list[str], trumps: list[str], trump: ref.Trump, min_tractor_length: int
) -> list[str] | None:
    """Trumps shaped like the lead's components (a tractor for a tractor, a pair for a pair), or ``None``."""
    available = Counter(trumps)
    play: list[str] = []
    for width, length in lead_shapes(lead, trump, min_tractor_length):
        if width == 1:
            left = sorted(available.elements())
            if not left:
                return None
            card = rng.choice(left)
            available[card] -= 1
            play.append(card)
            continue
        pairs = sorted((card for card, count in available.items() if count >= 2), key=trump.strength)
        runs = [group for group in itertools.combinations(pairs, length) if is_run(group, trump)]
        if not runs:
            return None
        for card in rng.choice(runs):
            available[card] -= 2
            play += [card, card]
    return play


# ------------------------------------------------------------------------------------------------------------
# TV-F19 (a)
# ------------------------------------------------------------------------------------------------------------

TV_F19A = ["AS AS KS", "3D 3D 8D", "4D 4D 6D", "3S 4S 5S"]


@pytest.mark.parametrize(
    ("throw_compare", "expected"),
    [("pairs_first", 2), ("all_components", 1), ("highest", 1), ("unit_length", 2)],
)
def test_tv_f19a_throw_compare(throw_compare: str, expected: int) -> None:
    # Seat 0 leads A♠A♠ K♠ (diamonds trump); seats 1 and 2, void, ruff 3♦3♦ 8♦ and 4♦4♦ 6♦.
    assert ref.check_throw(cards(TV_F19A[0]), [cards(play) for play in TV_F19A[1:]], DIAMONDS_2) is None
    assert winner(TV_F19A, DIAMONDS_2, throw_compare) == expected


def test_tv_f19a_default_is_pairs_first() -> None:
    assert ref.trick_winner([cards(play) for play in TV_F19A], DIAMONDS_2) == 2


# ------------------------------------------------------------------------------------------------------------
# Where the values differ
# ------------------------------------------------------------------------------------------------------------


def test_only_highest_looks_at_the_highest_card() -> None:
    # 4♥4♥ beats 3♥3♥ (pairs, the only component left in unit_length); RJ is the highest card.
    trick = ["AS AS KS", "4H 4H 5H", "3H 3H RJ", "3S 4S 5S"]
    assert winners(trick, HEARTS_2) == each(1, 1, 2, 1)


def test_only_all_components_asks_every_component() -> None:
    # Q♥Q♥ beats 3♥3♥ and Q♥ beats 8♥, but the single 6♥ does not beat 8♥.
    trick = ["AS AS KS", "3H 3H 8H", "QH QH 6H", "3S 4S 5S"]
    assert winners(trick, HEARTS_2) == each(2, 1, 2, 2)


def test_tractor_in_the_lead() -> None:
    # The lead A♠A♠K♠K♠ 9♠ is a tractor and a single: the tractor 6♥6♥5♥5♥ beats 4♥4♥3♥3♥, the single 7♥
    # does not beat A♥. Seat 3's two separate pairs 8♥8♥ 10♥10♥ are higher but not a tractor: no reading.
    trick = ["AS AS KS KS 9S", "3H 3H 4H 4H AH", "5H 5H 6H 6H 7H", "8H 8H 10H 10H JH"]
    assert winners(trick, HEARTS_2) == each(2, 1, 1, 2)


def test_pairs_first_compares_the_highest_run_of_the_longest_tractor() -> None:
    # Lead: a tractor of three pairs, a tractor of two, a single (the split of F21, longest first). Seat 2's
    # best run of three (J♥-9♥) is higher than seat 1's (6♥-4♥), though seat 1 holds the higher pairs.
    lead = "AS AS KS KS QS QS 9S 9S 8S 8S 3S"
    seat1 = "4H 4H 5H 5H 6H 6H 2H 2H BJ BJ 3H"
    seat2 = "9H 9H 10H 10H JH JH 7H 7H 8H 8H 3H"
    trick = [lead, seat1, seat2, "4C 5C 6C 7C 8C 9C 10C JC QC KC AC"]
    assert winners(trick, HEARTS_2) == each(2, 1, 1, 2)


def test_unit_length_breaks_a_tie_of_the_highest_pair() -> None:
    # 2♣2♣ and 2♠2♠ share a position (R11); the second pairs 4♥4♥ > 3♥3♥ decide under unit_length only.
    trick = ["AS AS QS QS", "3H 3H 2S 2S", "4H 4H 2C 2C", "3S 4S 5S 6S"]
    assert winners(trick, HEARTS_2) == each(1, 1, 1, 2)


def test_unit_length_takes_the_best_reading() -> None:
    # Two pairs and two singles led; seat 2's 2♠2♠ 9♥9♥ 3♥3♥ can be read with the pairs 2♠ and 9♥ (key
    # (2, 9♥), above seat 1's (2, 8♥)), or 2♠ and 3♥, or 9♥ and 3♥: the greatest list counts.
    trick = ["AS AS QS QS 9S 8S", "2C 2C 8H 8H 5H 6H", "2S 2S 9H 9H 3H 3H", "3C 4C 5C 6C 7C 8C"]
    assert winners(trick, HEARTS_2) == each(1, 1, 1, 2)


def test_unit_length_compares_every_single_of_an_all_singles_lead() -> None:
    # No component has two cards, so no single is left out: (RJ, 5♥, 3♥) > (RJ, 4♥, 3♥).
    trick = ["AS QS 9S", "RJ 3H 4H", "RJ 5H 3H", "3C 4C 5C"]
    assert winners(trick, HEARTS_2) == each(1, 1, 1, 2)


def test_all_components_uses_any_reading_of_the_challenger() -> None:
    # Seat 1 (4♥4♥ 8♥8♥ 3♥3♥) reads as pairs 8♥ 4♥ with singles 3♥ 3♥, pairs 8♥ 3♥ with 4♥ 4♥, or pairs
    # 4♥ 3♥ with 8♥ 8♥. Seat 2 (5♥5♥ 9♥9♥ K♥K♥) beats all three only when K♥K♥ serves as two singles:
    # pairs 9♥ 5♥, singles K♥ K♥ (pairs K♥ 9♥ with singles 5♥ 5♥ loses to pairs 4♥ 3♥ with 8♥ 8♥).
    lead = "AS AS QS QS 9S 8S"
    low, high = "4H 4H 8H 8H 3H 3H", "5H 5H 9H 9H KH KH"
    assert winners([lead, low, high, "3C 4C 5C 6C 7C 8C"], HEARTS_2) == each(2, 2, 2, 2)
    assert winners([lead, high, low, "3C 4C 5C 6C 7C 8C"], HEARTS_2) == each(1, 1, 1, 1)


def test_all_components_reads_the_best_so_far_in_its_most_favourable_way() -> None:
    # Seat 2 (pairs 9♥ 5♥, singles 7♥ 6♥) beats seat 1 read as pairs 8♥ 4♥ with singles 3♥ 3♥, and read as
    # pairs 8♥ 3♥ with 4♥ 4♥, but not read as pairs 4♥ 3♥ with singles 8♥ 8♥ (7♥ < 8♥): seat 1 keeps it.
    trick = ["AS AS QS QS 9S 8S", "4H 4H 8H 8H 3H 3H", "5H 5H 9H 9H 6H 7H", "3C 4C 5C 6C 7C 8C"]
    assert winners(trick, HEARTS_2) == each(2, 1, 2, 2)


def test_a_tractor_serves_as_two_pairs() -> None:
    # Lead: two pairs and a single. 6♥6♥7♥7♥ is read as the pairs 7♥ and 6♥; under all_components it beats
    # 5♥5♥ 3♥3♥ (7♥ > 5♥, 6♥ > 3♥, 8♥ > 4♥).
    trick = ["AS AS QS QS 9S", "3H 3H 5H 5H 4H", "6H 6H 7H 7H 8H", "3S 4S 5S 6S 7S"]
    assert winners(trick, HEARTS_2) == each(2, 2, 2, 2)


def test_min_tractor_length_decides_the_lead_components() -> None:
    # With L_min = 3, 5♠5♠6♠6♠ K♠ is two pairs and a single, so two separate pairs qualify; with 2 it is a
    # tractor and a single, which they cannot match.
    trick = ["5S 5S 6S 6S KS", "3H 3H 8H 8H 4H", "3C 4C 5C 6C 7C", "JD QD KD AD 3D"]
    assert winners(trick, HEARTS_2, min_tractor_length=3) == each(1, 1, 1, 1)
    assert winners(trick, HEARTS_2) == each(0, 0, 0, 0)


# ------------------------------------------------------------------------------------------------------------
# What every value shares
# ------------------------------------------------------------------------------------------------------------


def test_equal_ruffs_go_to_the_first() -> None:
    # The four 7s are equal trumps (a rank without a suit): every component ties.
    assert winners(["AS AS QS QS", "7C 7C 7D 7D", "7H 7H 7S 7S", "3S 4S 5S 6S"], SEVENS) == each(1, 1, 1, 1)
    assert winners(["AS KS QS", "7C 7D BJ", "7H 7S BJ", "3S 4S 5S"], SEVENS) == each(1, 1, 1, 1)


def test_the_first_qualifying_ruff_wins_even_if_weak() -> None:
    # Seat 1's 3♥3♥ 4♥ is the weakest ruff there is; seat 2's jokers and 2♥ have no pair; seat 3 follows.
    trick = ["AS AS KS", "3H 3H 4H", "RJ BJ 2H", "QS JS 10S"]
    assert winners(trick, HEARTS_2) == each(1, 1, 1, 1)
    # Seat 1 discards, seat 2 follows with higher spades, seat 3 ruffs weakly.
    trick = ["AS AS KS", "3C 3C 4D", "QS QS JS", "3H 3H 4H"]
    assert winners(trick, HEARTS_2) == each(3, 3, 3, 3)


def test_a_play_that_does_not_qualify_never_wins() -> None:
    # Against a tractor and a single: two trump pairs that are not consecutive, trumps without a pair, and a
    # tractor of jokers with a plain card. Cards of the led suit never win a throw either.
    lead = "AS AS KS KS 9S"
    trick = [lead, "RJ RJ AH AH 2H", "3H 4H 5H 6H 7H", "BJ BJ RJ 3C 4C"]
    assert winners(trick, HEARTS_2) == each(0, 0, 0, 0)
    trick = [lead, "QS QS JS JS 10S", "BJ BJ 3C 4C 5C", "3H 3H 4H 4H 6D"]
    assert winners(trick, HEARTS_2) == each(0, 0, 0, 0)
    # A non-qualifying play after a qualifying one does not take the trick, however high.
    trick = ["AS AS KS", "3H 3H 4H", "RJ RJ 3C", "BJ 2H AH"]
    assert winners(trick, HEARTS_2) == each(1, 1, 1, 1)


def test_a_trump_throw_always_wins_for_the_leader() -> None:
    trick = ["AH KH KH", "RJ RJ BJ", "2H 2H 2C", "3S 4S 5S"]
    assert winners(trick, HEARTS_2) == each(0, 0, 0, 0)


@pytest.mark.parametrize(
    ("trick", "expected"),
    [
        (["9S", "3H", "AS", "RJ"], 3),
        (["9S 9S", "3H 3H", "4H 4H", "AS AS"], 2),
        (["9S 9S 10S 10S", "3H 3H 4H 4H", "5H 5H 6H 6H", "AS AS KS KS"], 2),
        (["9S 9S 10S 10S", "3H 3H 4H 4H", "5H 5H 7H 7H", "JS JS QS QS"], 1),
    ],
)
def test_other_leads_ignore_the_option(trick: list[str], expected: int) -> None:
    assert winners(trick, HEARTS_2) == each(expected, expected, expected, expected)


def test_a_bad_throw_compare_raises() -> None:
    for bad in ("pairs-first", "", "PAIRS_FIRST", None, 1):
        with pytest.raises(ValueError, match="throw_compare") as raised:
            ref.trick_winner([["9S"], ["3H"]], HEARTS_2, throw_compare=bad)  # type: ignore[arg-type]
        assert all(repr(choice) in str(raised.value) for choice in CHOICES)


def test_throw_compare_is_keyword_only() -> None:
    with pytest.raises(TypeError):
        ref.trick_winner([["9S"], ["3H"]], HEARTS_2, 2, "highest")  # type: ignore[misc]


def test_the_round_passes_the_option() -> None:
    # TV-F19 (a) played out in a round from the play phase.
    hands = [cards(play) for play in TV_F19A]
    expected = each(2, 1, 1, 2)
    for choice in CHOICES:
        state = ref.State.from_cards(
            hands, [], DIAMONDS_2, starter=0, declarers=0, rules=ref.Rules(throw_compare=choice)
        )
        for index, play in enumerate(TV_F19A):
            for card in cards(play):
                state.apply_action(state.string_to_action(f"play {card}"))
            if index == 0:
                state.apply_action(state.string_to_action("finish"))
        assert state.trick_winners() == [expected[choice]]


def test_the_worst_throws_take_well_under_a_second() -> None:
    # Ruffs of many pairs against leads of many pairs and singles: many readings each.
    def doubled(text: str) -> list[str]:
        return [card for card in cards(text) for _ in range(2)]

    discard = cards("3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC 3D 4D 5D 6D 7D 8D")
    tricks = [
        (12, doubled("3S 4S 5S 6S 7S 8S") + cards("9S 10S JS QS KS AS"), "3H 4H 5H 6H 7H 8H 9H 10H JH"),
        (2, doubled("AS KS 10S 8S 6S") + cards("QS 9S 7S 5S 4S 3S"), "3H 4H 5H 6H 7H 8H 9H 10H"),
    ]
    for min_tractor_length, lead, low in tricks:
        high = [card for card in doubled("JH QH KH AH 2C 2D 2S 2H BJ RJ") if card not in doubled(low)]
        plays = [lead, doubled(low), high[: len(lead)], discard[: len(lead)]]
        for choice in CHOICES:
            start = time.perf_counter()
            won = ref.trick_winner(
                plays, HEARTS_2, min_tractor_length=min_tractor_length, throw_compare=choice
            )
            assert time.perf_counter() - start < 1.0
            assert won == 2  # every component of seat 2 is above every one of seat 1


# ------------------------------------------------------------------------------------------------------------
# Random throw tricks against the oracle
# ------------------------------------------------------------------------------------------------------------


@functools.cache
def seeded_tricks(count: int = 400) -> list[tuple[ref.Trump, list[list[str]], int]]:
    """Random throw tricks of a fixed seed."""
    rng = random.Random(20240611)
    found: list[tuple[ref.Trump, list[list[str]], int]] = []
    while len(found) < count:
        trick = random_throw_trick(rng)
        if trick is not None:
            found.append(trick)
    return found


def test_random_tricks_have_qualifying_ruffs_and_ties() -> None:
    """The random tricks exercise the rules: many qualifying ruffs, several in one trick, trump throws."""
    qualifying = [
        sum(qualifies(play, lead_shapes(plays[0], trump, lmin), trump) for play in plays[1:])
        for trump, plays, lmin in seeded_tricks()
        if not trump.is_trump(plays[0][0])
    ]
    assert sum(count >= 1 for count in qualifying) >= 150
    assert sum(count >= 2 for count in qualifying) >= 50
    assert any(trump.is_trump(plays[0][0]) for trump, plays, _ in seeded_tricks())
    differing = 0  # tricks whose winner depends on the value
    for trump, plays, min_tractor_length in seeded_tricks():
        texts = [" ".join(play) for play in plays]
        differing += len(set(winners(texts, trump, min_tractor_length).values())) > 1
    assert differing >= 10


def test_pairs_first_is_r39() -> None:
    """The default is R39 exactly: checked against R39 as written on random throw tricks."""
    for trump, plays, min_tractor_length in seeded_tricks():
        expected = oracle_winner(plays, trump, "pairs_first", min_tractor_length)
        assert ref.trick_winner(plays, trump, min_tractor_length=min_tractor_length) == expected, (
            trump,
            plays,
        )
        assert (
            ref.trick_winner(plays, trump, min_tractor_length=min_tractor_length, throw_compare="pairs_first")
            == expected
        )


@pytest.mark.parametrize("throw_compare", CHOICES[1:])
def test_every_value_matches_the_oracle(throw_compare: str) -> None:
    for trump, plays, min_tractor_length in seeded_tricks():
        expected = oracle_winner(plays, trump, throw_compare, min_tractor_length)
        got = ref.trick_winner(
            plays, trump, min_tractor_length=min_tractor_length, throw_compare=throw_compare
        )
        assert got == expected, (trump, plays, min_tractor_length)


@st.composite
def throw_tricks(draw: st.DrawFn) -> tuple[ref.Trump, list[list[str]], int]:
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    while True:
        trick = random_throw_trick(rng)
        if trick is not None:
            return trick


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(throw_tricks(), st.sampled_from(CHOICES))
def test_a_throw_goes_to_the_leader_or_a_qualifying_ruff(
    trick: tuple[ref.Trump, list[list[str]], int], throw_compare: str
) -> None:
    trump, plays, min_tractor_length = trick
    won = ref.trick_winner(plays, trump, min_tractor_length=min_tractor_length, throw_compare=throw_compare)
    assert won in range(4)
    shapes = lead_shapes(plays[0], trump, min_tractor_length)
    ruffs = [index for index in range(1, 4) if qualifies(plays[index], shapes, trump)]
    if trump.is_trump(plays[0][0]) or not ruffs:
        assert won == 0
    else:
        assert won in ruffs  # the first qualifying ruff beats the throw; only another one takes it
