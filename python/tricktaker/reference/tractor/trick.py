"""Card points (R3) and who wins a trick (R35-R39) (Rust: ``trick.rs``).

Against a single, a pair or a tractor only the same combination in the led suit or in trumps can win
(R36-R38); a throw is won by its leader unless a follower plays its layout entirely in trumps (R39).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Final

from .cards import BLACK_JOKER, MAX_COPIES, RANKS, CardLike, _ids, _kind_id
from .errors import IllegalPlayError
from .format import _Component, _components, _highest_run_top, _pair_positions, _runs
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


def _fits_layout(pairs_at: Counter[int], tractors: Sequence[int], pairs: int) -> bool:
    """R39: whether pairs (a count per position) contain disjoint tractors of the given lengths (one pair per
    position each) and then ``pairs`` more pairs. Separate pairs may come from a tractor, not vice versa."""
    if not tractors:
        return sum(pairs_at.values()) >= pairs
    length = tractors[0]
    for top in sorted(pairs_at):
        span = range(top, top - length, -1)
        if all(pairs_at[position] > 0 for position in span):
            rest = pairs_at.copy()
            rest.subtract(span)
            if _fits_layout(+rest, tractors[1:], pairs):
                return True
    return False


def _throw_ruff_key(play: Sequence[int], components: Sequence[_Component], trump: Trump) -> int | None:
    """R39: the rank of a follower's play against a plain-suit throw, or ``None`` unless it is the same layout
    entirely in trumps. Ranked by the highest run of L consecutive pairs (L the lead's longest tractor), else
    the highest pair, else the highest single."""
    if any(trump._suit_of_id(kind) != TRUMPS for kind in play):
        return None
    pairs_at = _pair_positions(Counter(play), trump)
    tractors = sorted((part.pairs for part in components if part.kind == "tractor"), reverse=True)
    pairs = sum(1 for part in components if part.kind == "pair")
    if not _fits_layout(pairs_at, tractors, pairs):
        return None
    if tractors:
        return _highest_run_top(pairs_at, tractors[0])
    if pairs:
        return max(pairs_at)
    return max(trump._strength_of_id(kind) for kind in play)


def trick_winner(plays: Sequence[Iterable[CardLike]], trump: Trump, *, min_tractor_length: int = 2) -> int:
    """The index of the play that wins a trick (R35-R39), ``plays[0]`` being the lead.

    A trump beats any plain card, a higher position a lower one, and of equal plays the first played wins
    (R35). Against a single, a pair or a tractor only the same combination in the led suit or in trumps can
    win (R36-R38). A throw is won by the leader unless it is in a plain suit and a follower plays the same
    layout entirely in trumps (R39). The lead is split by F21 under ``min_tractor_length`` (F20, an int from
    2 to 12, default 2), so with 3 a lead 5♠5♠6♠6♠ is two pairs, won as a throw is.
    """
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
    if led == TRUMPS:  # R39: a trump throw always wins for the leader
        return 0
    best_ruff: int | None = None
    for index in range(1, len(ids)):
        ruff = _throw_ruff_key(ids[index], components, trump)
        if ruff is not None and (best_ruff is None or ruff > best_ruff):  # only strictly higher takes it
            winner, best_ruff = index, ruff
    return winner
