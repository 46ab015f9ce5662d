"""Card points (R3) and who wins a trick (R35-R39) (Rust: ``trick.rs``).

Against a single, a pair or a tractor only the same combination in the led suit or in trumps can win
(R36-R38); a throw is won by its leader unless a follower plays its layout entirely in trumps (R39, F29).
Which of several such ruffs wins is the option ``throw_compare`` (F30).
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Final

from .cards import BLACK_JOKER, MAX_COPIES, RANKS, CardLike, _ids, _kind_id
from .errors import IllegalPlayError
from .format import _Component, _components, _runs
from .rules import THROW_COMPARE_CHOICES
from .trump import TRUMPS, Trump

_POINTS_BY_RANK: Final = {"5": 5, "10": 10, "K": 10}  # R3; every other card, jokers included, is worth 0
TOTAL_POINTS: Final = 200  # R3


def card_points(card: CardLike) -> int:
    """R3: every K and every 10 is worth 10, every 5 is worth 5, every other card (jokers too) 0."""
    kind = _kind_id(card)
    return 0 if kind >= BLACK_JOKER else _POINTS_BY_RANK.get(RANKS[kind % len(RANKS)], 0)


def trick_points(cards: Iterable[CardLike]) -> int:
    """R3: the card points of some cards (a trick, a kitty...)."""
    return sum(card_points(card) for card in cards)


def _combination_key(play: Sequence[int], lead: _Component, led: str, trump: Trump) -> tuple[int, int] | None:
    """R36-R38: how a play ranks against a single, pair or tractor lead, or ``None`` if it cannot win. Only
    plays of one effective suit, the led one or trumps, of the lead's combination can win; trumps rank above
    the led suit (R35), then the position of the top card."""
    suits = {trump._suit_of_id(kind) for kind in play}
    if len(suits) != 1:
        return None
    suit = suits.pop()
    if suit not in (led, TRUMPS):
        return None  # R36: cards of other plain suits never win
    counts = Counter(play)
    if lead.kind == "pair" and (len(counts) != 1 or len(play) != 2):
        return None  # R37: only a pair (two identical cards) wins a pair lead
    if lead.kind == "tractor":
        # R38: only a tractor of the same number of pairs, one pair per consecutive position.
        positions = [trump._strength_of_id(kind) for kind, count in counts.items() if count == MAX_COPIES]
        if len(positions) != lead.pairs or 2 * len(positions) != len(play):
            return None
        if _runs(positions) != [(max(positions), lead.pairs)]:
            return None
    top = max(trump._strength_of_id(kind) for kind in play)
    return (1 if suit == TRUMPS else 0, top)


_NO_BOUND: Final = 1 << 30  # above every position (R11)


def _shapes(components: Sequence[_Component]) -> list[tuple[int, int]]:
    """F19-F21, F30: the lead's components as shapes ``(w, L)`` -- a single (1, 1), a pair (2, 1), a tractor
    of L pairs (2, L) -- largest first: more cards first, equal card counts larger w first."""
    shapes = [(1, 1) if part.kind == "single" else (MAX_COPIES, part.pairs) for part in components]
    return sorted(shapes, key=lambda shape: (-shape[0] * shape[1], -shape[0]))


def _readings(play: Sequence[int], shapes: Sequence[tuple[int, int]], trump: Trump) -> set[tuple[int, ...]]:
    """F29: every reading of a play as the lead's components ``shapes`` (in `_shapes` order): a way to assign
    all its cards to them, a component (w, L) receiving w copies of each of L cards at consecutive positions.
    A reading is written as the top positions of its components in the order of ``shapes``, those of one
    shape highest first. No reading (an empty set): the play does not have the lead's layout.

    At two decks w is 1 or 2. The pair and tractor components take whole pairs (both copies of a kind; a
    tractor one pair at each of L consecutive positions, so two pairs may come from a tractor, never a tractor
    from pairs that are not consecutive); every card left is a single, so copies of one card may go to
    different components. Cards sharing a position (R11) are interchangeable here, so only positions count.
    """
    strength = trump._strength_of_id
    counts = Counter(play)
    tuples = [shape for shape in shapes if shape[0] > 1]
    singles = len(shapes) - len(tuples)
    pair_tops = tuple(sorted((strength(kind) for kind, n in counts.items() if n == MAX_COPIES), reverse=True))

    @functools.cache
    def fill(free: tuple[int, ...], index: int, bound: int) -> frozenset[tuple[int, ...]]:
        """The top positions of ``tuples[index:]`` filled from the pairs at positions ``free`` (one entry a
        pair, highest first), the top of a component at most ``bound`` (the previous one of its shape)."""
        if index == len(tuples):
            return frozenset({()})
        length = tuples[index][1]
        repeat = index + 1 < len(tuples) and tuples[index + 1] == tuples[index]
        found: set[tuple[int, ...]] = set()
        for top in set(free):
            if top > bound:
                continue
            rest = list(free)
            span = range(top, top - length, -1)
            if not all(position in rest for position in span):
                continue
            for position in span:
                rest.remove(position)
            for tail in fill(tuple(rest), index + 1, top if repeat else _NO_BOUND):
                found.add((top, *tail))
        return frozenset(found)

    readings: set[tuple[int, ...]] = set()
    for tops in fill(pair_tops, 0, _NO_BOUND):
        left = Counter(strength(kind) for kind in play)  # the copies at each position not yet assigned
        for (width, length), top in zip(tuples, tops, strict=True):
            left.subtract({position: width for position in range(top, top - length, -1)})
        single_tops = tuple(sorted(left.elements(), reverse=True))
        if len(single_tops) == singles:  # always, when the play has the lead's size
            readings.add(tops + single_tops)
    return readings


def _pairs_first_strength(play: Sequence[int], shapes: Sequence[tuple[int, int]], trump: Trump) -> int:
    """F30 ``pairs_first`` (R39): with w* the largest w among the lead's components and L* the greatest L of
    those, the top position of the play's highest run of L* consecutive positions each held at least w* times
    (D = 2: the highest run of L* pairs, L* the lead's longest tractor; else the highest pair; with no pair in
    the lead the highest card). Only called for a play with a reading, which holds such a run."""
    most = max(width for width, _ in shapes)
    length = max(run for width, run in shapes if width == most)
    held = [trump._strength_of_id(kind) for kind, count in Counter(play).items() if count >= most]
    return max(top for top, run in _runs(held) if run >= length)


def _componentwise_higher(reading: tuple[int, ...], other: tuple[int, ...]) -> bool:
    """F30 ``all_components``: each component of one reading strictly higher than the component of the same
    shape and place in another (both in `_readings` order)."""
    return all(mine > theirs for mine, theirs in zip(reading, other, strict=True))


def _stronger(
    challenger: Sequence[int],
    challenger_readings: set[tuple[int, ...]],
    best: Sequence[int],
    best_readings: set[tuple[int, ...]],
    shapes: Sequence[tuple[int, int]],
    throw_compare: str,
    trump: Trump,
) -> bool:
    """F29, F30: whether a qualifying ruff takes a throw from the best qualifying ruff so far, both given with
    their readings (`_readings`). Only strictly stronger takes it; the best so far is read in its most
    favourable way."""
    strength = trump._strength_of_id
    if throw_compare == "pairs_first":
        return _pairs_first_strength(challenger, shapes, trump) > _pairs_first_strength(best, shapes, trump)
    if throw_compare == "highest":  # the highest card
        return max(map(strength, challenger)) > max(map(strength, best))
    if throw_compare == "all_components":
        # A reading of the challenger whose every component is strictly higher than the component of the
        # same shape and place (readings list them in the same order) in every reading of the best.
        return any(
            all(_componentwise_higher(reading, other) for other in best_readings)
            for reading in challenger_readings
        )
    # unit_length: the top positions, largest components first, singles left out if the lead has a larger
    # component; a ruff's key is the greatest over its readings, compared lexicographically.
    kept = len(shapes)
    if len(shapes) >= 2 and any(width * length >= 2 for width, length in shapes):
        kept = sum(1 for width, length in shapes if width * length >= 2)
    return max(reading[:kept] for reading in challenger_readings) > max(
        reading[:kept] for reading in best_readings
    )


def trick_winner(
    plays: Sequence[Iterable[CardLike]],
    trump: Trump,
    *,
    min_tractor_length: int = 2,
    throw_compare: str = "pairs_first",
) -> int:
    """The index of the play that wins a trick (R35-R39, F28-F30), ``plays[0]`` being the lead.

    A trump beats any plain card, a higher position a lower one, and of equal plays the first played wins
    (R35). Against a single, a pair or a tractor only the same combination in the led suit or in trumps can
    win (R36-R38). The lead is split by F21 under ``min_tractor_length`` (F20, an int from 2 to 12, default
    2), so with 3 a lead 5♠5♠6♠6♠ is two pairs, won as a throw is.

    A throw in trumps always wins for the leader. Against a throw in a plain suit only a *qualifying ruff*
    can win (R39, F29): a play wholly in trumps that has a reading as the lead's components -- a tractor
    component takes a trump tractor of its length, a pair component a trump pair (two pair components may
    take a tractor), a single any trump, and copies of one card may go to different components. The first
    qualifying ruff beats the throw; a later one takes the trick from the best so far only if it is strictly
    stronger under ``throw_compare`` (F30; it has no effect on other leads):

    * ``"pairs_first"`` (default, R39): the top of the highest run of L pairs anywhere in the ruff, L the
      lead's longest tractor; with no tractor in the lead the highest pair, with no pair the highest card.
    * ``"all_components"``: the challenger has a reading whose components are each strictly higher than
      those of the same shape and place (highest first) in every reading of the best so far.
    * ``"highest"``: the challenger's highest card is strictly higher.
    * ``"unit_length"``: a ruff's key is the greatest, over its readings, list of its components' top
      positions, largest components first and each shape highest first, singles left out when the lead has
      a pair or a tractor; the greater key (lexicographically) is stronger.

    A bad ``throw_compare`` raises ValueError.
    """
    if throw_compare not in THROW_COMPARE_CHOICES:
        expected = " or ".join(repr(choice) for choice in THROW_COMPARE_CHOICES)
        raise ValueError(f"throw_compare must be {expected}, got {throw_compare!r}")
    ids = [_ids(play, "a play") for play in plays]
    if not ids:
        raise ValueError("a trick needs at least the lead")
    components = _components(ids[0], trump, min_tractor_length)
    size = len(ids[0])
    for index, play in enumerate(ids):
        if len(play) != size:
            raise IllegalPlayError(f"play {index} has {len(play)} cards, the lead {size} (R26)")
    led = trump._suit_of_id(ids[0][0])

    winner = 0
    if len(components) == 1:  # R36-R38
        best = _combination_key(ids[0], components[0], led, trump)
        for index in range(1, len(ids)):
            key = _combination_key(ids[index], components[0], led, trump)
            if key is not None and (best is None or key > best):  # R35: ties go to the first played
                winner, best = index, key
        return winner
    if led == TRUMPS:  # R39, F29: a trump throw always wins for the leader
        return 0
    shapes = _shapes(components)
    best_readings: set[tuple[int, ...]] = set()
    for index in range(1, len(ids)):
        play = ids[index]
        if any(trump._suit_of_id(kind) != TRUMPS for kind in play):
            continue  # F29: only a play wholly in trumps can win
        readings = _readings(play, shapes, trump)
        if not readings:
            continue  # not the lead's layout: no qualifying ruff
        if winner == 0 or _stronger(play, readings, ids[winner], best_readings, shapes, throw_compare, trump):
            winner, best_readings = index, readings  # the first qualifying ruff beats the throw
    return winner
