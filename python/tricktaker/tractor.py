"""Tractor (Sheng Ji): the card-level rules (``shared/rules/tractor.md``, R1–R12 and R25–R39).

Cards are given as :class:`tricktaker.Card` objects or their text (``"10H"``, ``"BJ"``…); a hand, a lead or a
play is a multiset (any iterable, order ignored, at most two copies of a kind). Everything runs in Rust on
bitset hands, with the trump's tables computed once per :class:`Trump`.

>>> from tricktaker import tractor
>>> trump = tractor.Trump("2", "H")
>>> tractor.decompose(["AS", "KS", "KS"], trump)
[('pair', [Card('KS'), Card('KS')]), ('single', [Card('AS')])]
>>> tractor.trick_winner([["KS"], ["AS"], ["2C"], ["2D"]], trump)
2
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Literal

from . import _core
from ._core import Card

__all__ = [
    "CardLike",
    "Component",
    "Trump",
    "check_throw",
    "decompose",
    "follow_error",
    "follow_extensions",
    "is_legal_follow",
    "legal_follows",
    "trick_points",
    "trick_winner",
]

Trump = _core.TractorTrump
CardLike = Card | str
Component = tuple[Literal["tractor", "pair", "single"], list[Card]]


def decompose(cards: Iterable[CardLike], trump: Trump) -> list[Component]:
    """Split a lead into its components, canonically as R33 says.

    The longest tractors first (ties: the highest; one pair per position), then the pairs, then the singles,
    each kind from the highest; the cards of a component strongest first. Cards of two effective suits raise
    :class:`tricktaker.IllegalPlayError` (R27).
    """
    return _core.tractor_decompose(cards, trump)


def follow_error(
    hand: Iterable[CardLike],
    lead: Iterable[CardLike],
    play: Iterable[CardLike],
    trump: Trump,
    *,
    tractor_must_follow_tractor: bool = False,
) -> str | None:
    """Why ``play`` from ``hand`` does not follow ``lead`` (R26, R28–R32), or ``None`` if it does."""
    return _core.tractor_follow_error(
        hand, lead, play, trump, tractor_must_follow_tractor=tractor_must_follow_tractor
    )


def is_legal_follow(
    hand: Iterable[CardLike],
    lead: Iterable[CardLike],
    play: Iterable[CardLike],
    trump: Trump,
    *,
    tractor_must_follow_tractor: bool = False,
) -> bool:
    """Whether ``play``, drawn from ``hand`` (the follower's cards before playing), follows ``lead``.

    R32's rule: holding at least as many cards of the led suit as the lead, play only that suit with at least
    as many pairs as the lead has (or as the hand can give); holding fewer, play them all and fill up freely.
    """
    error = follow_error(hand, lead, play, trump, tractor_must_follow_tractor=tractor_must_follow_tractor)
    return error is None


def legal_follows(
    hand: Iterable[CardLike],
    lead: Iterable[CardLike],
    trump: Trump,
    *,
    tractor_must_follow_tractor: bool = False,
) -> list[list[Card]]:
    """Every distinct legal follow, each a list of cards in id order; the list sorted by card ids."""
    return _core.tractor_legal_follows(
        hand, lead, trump, tractor_must_follow_tractor=tractor_must_follow_tractor
    )


def follow_extensions(
    hand: Iterable[CardLike],
    lead: Iterable[CardLike],
    partial: Iterable[CardLike],
    trump: Trump,
    *,
    tractor_must_follow_tractor: bool = False,
) -> list[Card]:
    """The cards that can be added to ``partial`` so that a legal follow can still be completed.

    This is what the card-by-card action protocol offers: a random policy choosing among them never gets
    stuck.
    """
    return _core.tractor_follow_extensions(
        hand, lead, partial, trump, tractor_must_follow_tractor=tractor_must_follow_tractor
    )


def check_throw(
    lead: Iterable[CardLike],
    other_hands: Sequence[Iterable[CardLike]],
    trump: Trump,
    *,
    failed_throw_forced: Literal["fewest_cards_then_lowest"] = "fewest_cards_then_lowest",
) -> tuple[list[Card], int] | None:
    """Check a lead against the other players' hands (R33, R34).

    ``None`` when it stands: a single, a pair, a tractor, or a throw whose every component no other player
    can beat. Otherwise ``(forced, taken_back)``: the beatable component to lead instead (the fewest cards,
    ties to the lowest) and the number of cards taken back (the penalty is 10 points each, R42).
    """
    return _core.tractor_check_throw(lead, other_hands, trump, failed_throw_forced=failed_throw_forced)


def trick_winner(plays: Sequence[Iterable[CardLike]], trump: Trump) -> int:
    """The index of the winning play, ``plays[0]`` being the lead (R35–R39)."""
    return _core.tractor_trick_winner(plays, trump)


def trick_points(cards: Iterable[CardLike]) -> int:
    """Card points (R3): every K and 10 is worth 10, every 5 is worth 5."""
    return _core.tractor_trick_points(cards)
