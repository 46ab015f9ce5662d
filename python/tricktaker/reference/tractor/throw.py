"""Throws: validity and failed throws (R27, R33, R34).

A throw (a lead of several components) stands unless another player could beat one of its components in the
led suit; a failed throw leads its forced component instead (Rust: ``throw.rs``). The penalty, 10 points per
card taken back (R34, R42), is counted in `scoring`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Final

from .cards import CardLike, _ids, _texts
from .format import _Component, _components, _highest_run_top, _pair_positions
from .trump import Trump

FAILED_THROW_CHOICES: Final = ("fewest_cards_then_lowest",)


def _beatable(part: _Component, led: str, hands: Sequence[Counter[int]], trump: Trump) -> bool:
    """R33: whether some one other player could beat this component of a throw within the led suit."""
    for hand in hands:
        suit = Counter({kind: count for kind, count in hand.items() if trump._suit_of_id(kind) == led})
        if part.kind == "single":
            # A higher-positioned card; an equal one (the other copy, an equal off-suit rank card) does not.
            if any(trump._strength_of_id(kind) > part.top for kind in suit):
                return True
        elif part.kind == "pair":
            if any(position > part.top for position in _pair_positions(suit, trump)):
                return True
        else:
            top = _highest_run_top(_pair_positions(suit, trump), part.pairs)
            if top is not None and top > part.top:
                return True
    return False


def check_throw(
    lead: Iterable[CardLike],
    other_hands: Sequence[Iterable[CardLike]],
    trump: Trump,
    *,
    failed_throw_forced: str = "fewest_cards_then_lowest",
) -> tuple[list[str], int] | None:
    """R33, R34: ``None`` if the lead is a single, a pair, a tractor, or a throw none of whose components
    another player can beat; else ``(forced, taken_back)``: the beatable component to lead instead (the one
    with the fewest cards, ties -> the lowest-ranked, then the lowest ids) and the number of cards taken back
    (the penalty of R34/R42 is 10 points per card)."""
    if failed_throw_forced not in FAILED_THROW_CHOICES:
        raise ValueError(
            f"failed_throw_forced must be 'fewest_cards_then_lowest', got {failed_throw_forced!r}"
        )
    ids = _ids(lead, "a lead")
    components = _components(ids, trump)
    if len(components) == 1:  # R27: a single, a pair or a tractor, not a throw
        return None
    led = trump._suit_of_id(ids[0])
    hands = [Counter(_ids(hand, "a hand")) for hand in other_hands]
    beatable = [part for part in components if _beatable(part, led, hands, trump)]
    if not beatable:
        return None
    # R34 (engine choice): fewest cards, then the lowest-ranked; equal positions (2♣2♣ and 2♠2♠) by id.
    forced = min(beatable, key=lambda part: (len(part.cards), part.top, part.cards))
    return _texts(forced.cards), len(ids) - len(forced.cards)
