"""Throws: validity and failed throws (R27, R33, R34, F25, F26).

A throw (a lead of several components) stands unless another player could beat one of its components in the
led suit; a failed throw leads its forced component instead (Rust: ``throw.rs``). Which component is forced is
the option ``failed_throw_forced`` (F26). The penalty of the option ``throw_penalty`` (R34, R42, F27) is
counted in `scoring`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Final

from .cards import CardLike, _ids, _printed_suit, _texts
from .format import _Component, _components, _highest_run_top, _pair_positions
from .trump import Trump

#: F26: the choices of ``failed_throw_forced``, the default first.
FAILED_THROW_CHOICES: Final = ("fewest_cards_then_lowest", "first_in_turn_smallest")

#: B.0, F26: the S-order, the tie-break of last resort: ♦ < ♣ < ♥ < ♠ (the jokers, never tied, after them).
_S_ORDER: Final = {"D": 0, "C": 1, "H": 2, "S": 3}


def _beats(part: _Component, led: str, hand: Counter[int], trump: Trump) -> bool:
    """R33, F25: whether one other player holding ``hand`` could beat this component of a throw within the
    led suit."""
    suit = Counter({kind: count for kind, count in hand.items() if trump._suit_of_id(kind) == led})
    if part.kind == "single":
        # A higher-positioned card; an equal one (the other copy, an equal off-suit rank card) does not.
        return any(trump._strength_of_id(kind) > part.top for kind in suit)
    if part.kind == "pair":
        return any(position > part.top for position in _pair_positions(suit, trump))
    top = _highest_run_top(_pair_positions(suit, trump), part.pairs)
    return top is not None and top > part.top


def _forced_order(part: _Component, trump: Trump) -> tuple[int, int, tuple[int, ...], tuple[int, ...]]:
    """R34, F26: the order in which a beatable component is forced: the fewest cards, then the lowest bottom
    position, then the lowest in S-order (♦ < ♣ < ♥ < ♠, card by card from the strongest: it only separates
    components of equal off-suit trump-rank cards, 2♦ before 2♣), then the ids (never reached)."""
    bottom = min(trump._strength_of_id(kind) for kind in part.cards)
    s_order = tuple(_S_ORDER.get(_printed_suit(kind) or "", len(_S_ORDER)) for kind in part.cards)
    return (len(part.cards), bottom, s_order, part.cards)


def check_throw(
    lead: Iterable[CardLike],
    other_hands: Sequence[Iterable[CardLike]],
    trump: Trump,
    *,
    failed_throw_forced: str = "fewest_cards_then_lowest",
    min_tractor_length: int = 2,
) -> tuple[list[str], int] | None:
    """R33, R34, F25, F26: ``None`` if the lead is a single, a pair, a tractor, or a throw none of whose
    components another player can beat; else ``(forced, taken_back)``: the beatable component to lead instead
    and the number of cards taken back (the penalty is the option ``throw_penalty``, F27: by default 10 points
    per card, R34/R42).

    ``other_hands`` are the hands of the other players in turn order after the leader: seats leader + 1,
    leader + 2 and leader + 3 (mod 4). Which component is forced, ``failed_throw_forced`` (F26):

    * ``"fewest_cards_then_lowest"`` (default, R34): among all the beatable components, the one with the
      fewest cards; ties -> the lowest bottom position; ties -> the lowest in S-order (♦ < ♣ < ♥ < ♠), so of
      two equal off-suit trump-rank singles 2♣ and 2♦ both beatable, 2♦ is forced.
    * ``"first_in_turn_smallest"``: the first of ``other_hands`` that can beat some component blocks the
      throw; among the components that player can beat, the same order (fewest cards, lowest bottom position,
      S-order).

    The lead is split by F21 under ``min_tractor_length`` (F20, an int from 2 to 12, default 2): with 3,
    5♠5♠6♠6♠ is two pairs, a throw, and checked (TV-F15).
    """
    if failed_throw_forced not in FAILED_THROW_CHOICES:
        expected = " or ".join(repr(choice) for choice in FAILED_THROW_CHOICES)
        raise ValueError(f"failed_throw_forced must be {expected}, got {failed_throw_forced!r}")
    ids = _ids(lead, "a lead")
    components = _components(ids, trump, min_tractor_length)
    if len(components) == 1:  # R27: a single, a pair or a tractor, not a throw
        return None
    led = trump._suit_of_id(ids[0])
    hands = [Counter(_ids(hand, "a hand")) for hand in other_hands]
    beatable: list[_Component] = []
    if failed_throw_forced == "first_in_turn_smallest":
        # F26: the first player in turn order after the leader who can beat some component blocks the throw.
        for hand in hands:
            beatable = [part for part in components if _beats(part, led, hand, trump)]
            if beatable:
                break
    else:
        # R34, F26: every component some other player can beat.
        beatable = [part for part in components if any(_beats(part, led, hand, trump) for hand in hands)]
    if not beatable:
        return None
    forced = min(beatable, key=lambda part: _forced_order(part, trump))
    return _texts(forced.cards), len(ids) - len(forced.cards)
