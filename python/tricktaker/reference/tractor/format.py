"""Pairs, tractors and the canonical split of a lead (R12, R27, R33, F20, F21).

A lead is of one effective suit (R27) and splits into tractors, pairs and singles, canonically: `decompose`
(Rust: ``format.rs``). The runs of consecutive pair positions here serve following, throws and trick winners.
Option ``min_tractor_length`` (F20's L_min; at two decks the width is always 2): a run of fewer consecutive
pairs is no tractor, and a lead splits it into separate pairs (F21).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final, Literal, TypeAlias

from .cards import MAX_COPIES, CardLike, _ids, _texts
from .errors import IllegalPlayError
from .trump import Trump

Kind: TypeAlias = Literal["tractor", "pair", "single"]

#: F20: the bounds of ``min_tractor_length`` (L_min) at two decks: a hand of 25 cards (R13) holds at most 12
#: pairs (the 27 of ``kitty_size = 0`` hold 13, but the option's bounds are the library's).
MIN_TRACTOR_LENGTH_BOUNDS: Final = (2, 12)


def _check_min_tractor_length(value: object, name: str = "min_tractor_length") -> int:
    """F20: ``value`` if it is an int (a bool is not) from 2 to 12, else ValueError naming ``name``."""
    low, high = MIN_TRACTOR_LENGTH_BOUNDS
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(f"{name} must be an int from {low} to {high}, got {value!r}")
    return value


@dataclass(frozen=True)
class _Component:
    """One component of a lead: a tractor, a pair or a single, its cards strongest first."""

    kind: Kind
    cards: tuple[int, ...]
    top: int  # the position of its highest card (R11)

    @property
    def pairs(self) -> int:
        return len(self.cards) // 2 if self.kind != "single" else 0


def _pair_positions(counts: Counter[int], trump: Trump) -> Counter[int]:
    """How many pairs (R12: two identical cards) sit at each position. Several pairs can share a position: the
    equal off-suit trump-rank cards (R7), e.g. 2♣2♣ and 2♠2♠, which are not consecutive (R12)."""
    return Counter(trump._strength_of_id(kind) for kind, count in counts.items() if count == MAX_COPIES)


def _runs(positions: Iterable[int]) -> list[tuple[int, int]]:
    """The maximal runs of consecutive positions, as ``(top, length)``, highest first."""
    runs: list[tuple[int, int]] = []
    for position in sorted(set(positions), reverse=True):
        if runs and runs[-1][0] - runs[-1][1] == position:
            top, length = runs[-1]
            runs[-1] = (top, length + 1)
        else:
            runs.append((position, 1))
    return runs


def _longest_run(positions: Iterable[int]) -> int:
    """R12: the number of pairs in the longest tractor among pairs at these positions (1 = no tractor)."""
    return max((length for _, length in _runs(positions)), default=0)


def _highest_run_top(positions: Iterable[int], length: int) -> int | None:
    """R39: the top position of the highest run of ``length`` consecutive pairs, if any."""
    tops = [top for top, run_length in _runs(positions) if run_length >= length]
    return max(tops, default=None)


def _led_suit(ids: Sequence[int], trump: Trump) -> str:
    """R27: the one effective suit of a lead; IllegalPlayError if it is empty or mixes effective suits."""
    if not ids:
        raise IllegalPlayError("a lead needs at least one card (R26)")
    suits = {trump._suit_of_id(kind) for kind in ids}
    if len(suits) > 1:
        texts = " ".join(trump.sort(_texts(ids)))
        raise IllegalPlayError(f"the cards of a lead must be of one effective suit (R27), got {texts}")
    return suits.pop()


def _components(ids: Sequence[int], trump: Trump, min_tractor_length: int = 2) -> list[_Component]:
    """R33 (engine choice), F21, canonically: repeatedly the longest tractor of at least
    ``min_tractor_length`` pairs (ties: the highest top), one pair per position; then the pairs; then the
    singles; each kind from the highest to the lowest."""
    _check_min_tractor_length(min_tractor_length)
    _led_suit(ids, trump)
    strength = trump._strength_of_id
    counts = Counter(ids)
    # The pair kinds at each position, lowest id first: a tractor takes the first one of a shared position.
    pairs_at: dict[int, list[int]] = {}
    for kind in sorted(kind for kind, count in counts.items() if count == MAX_COPIES):
        pairs_at.setdefault(strength(kind), []).append(kind)

    components: list[_Component] = []
    while True:
        runs = _runs(position for position, kinds in pairs_at.items() if kinds)
        if not runs:
            break
        top, length = max(runs, key=lambda run: (run[1], run[0]))
        if length < min_tractor_length:  # R12, F20: a tractor has L_min (default 2) or more pairs
            break  # F21: the shorter runs are separate pairs
        cards: list[int] = []
        for position in range(top, top - length, -1):
            kind = pairs_at[position].pop(0)
            cards += [kind, kind]
        components.append(_Component("tractor", tuple(cards), top))
    # Extraction order is already longest first, then highest first (a later run cannot be longer or, at the
    # same length, higher: it would have been part of an earlier choice).

    pair_kinds = sorted((kind for kinds in pairs_at.values() for kind in kinds), key=trump._sort_key)
    components += [_Component("pair", (kind, kind), strength(kind)) for kind in pair_kinds]
    single_kinds = sorted((kind for kind, count in counts.items() if count == 1), key=trump._sort_key)
    components += [_Component("single", (kind,), strength(kind)) for kind in single_kinds]
    return components


def decompose(
    cards: Iterable[CardLike], trump: Trump, *, min_tractor_length: int = 2
) -> list[tuple[str, list[str]]]:
    """The components of a lead (R12, R27, R33, F21), canonically: repeatedly the longest tractor (ties: the
    highest top position; one pair per position), then the pairs, then the singles, each kind from the highest
    to the lowest, the cards of a component strongest first (ties by id).

    A single pair or tractor gives one component; a throw gives several. Cards of more than one effective
    suit raise `IllegalPlayError`. ``min_tractor_length`` (F20, an int from 2 to 12, default 2): a run of
    fewer consecutive pairs is no tractor but that many separate pairs.
    """
    components = _components(_ids(cards, "a lead"), trump, min_tractor_length)
    return [(part.kind, _texts(part.cards)) for part in components]
