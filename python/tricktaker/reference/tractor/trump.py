"""The trump of a round: trump order, effective suits, positions (R5-R11).

`Trump` gives every card kind its effective suit (the trumps ``"T"`` or its printed suit, R10) and its
position inside that suit (R11), with the option ``plain_suit_gap_closing`` of R12 (Rust: ``trump.rs``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from .cards import (
    _SUIT_SYMBOLS,
    NUM_KINDS,
    RANKS,
    RED_JOKER,
    SUITS,
    CardLike,
    _kind_id,
    _printed_suit,
    _rank_value,
    _texts,
)

#: The effective suit of trumps (R10).
TRUMPS: Final = "T"


def _parse_rank(rank: int | str | None) -> int | None:
    if rank is None:
        return None
    if isinstance(rank, bool):
        raise ValueError(f"not a trump rank: {rank!r}")
    if isinstance(rank, int):
        if 2 <= rank <= 14:
            return rank
        raise ValueError(f"not a trump rank: {rank!r} (expected 2..14)")
    if isinstance(rank, str):
        text = rank.strip().upper()
        if text == "T":
            text = "10"
        if text in RANKS:
            return RANKS.index(text) + 2
    raise ValueError(f"not a trump rank: {rank!r} (expected '2'..'10', 'J', 'Q', 'K', 'A' or 2..14)")


def _parse_suit(suit: str | None) -> str | None:
    if suit is None:
        return None
    if isinstance(suit, str):
        text = suit.strip()
        text = _SUIT_SYMBOLS.get(text, text.upper())
        if text in SUITS:
            return text
    raise ValueError(f"not a trump suit: {suit!r} (expected 'C', 'D', 'H', 'S' or None)")


class Trump:
    """The trump of a round: a trump rank and a trump suit (R5, R6).

    ``Trump("2", "H")`` is rank 2 with hearts trump; ``Trump(None, None)`` is the no-trump round of R9, whose
    only trumps are the four jokers; ``Trump("7", None)`` (a rank but no suit) makes the jokers and the four
    7s trumps, the 7s all equal. A suit without a rank is refused. Immutable, hashable, compared by value.

    ``plain_suit_gap_closing`` is the A.4 option of R12 (default on): on, a plain suit closes the gap the
    trump rank leaves (rank 7: 8♠ and 6♠ are adjacent); off, the positions of a plain suit keep that gap, so
    the two cards on either side of the trump rank are not adjacent (8♠8♠-6♠6♠ is no tractor). Only the
    plain suits are concerned: the trump suit always closes its gap (TV-T4: 8♣8♣-6♣6♣ with clubs trump).
    Positions only move apart, so which card beats which never changes.
    """

    __slots__ = ("_gap_closing", "_rank", "_strength", "_suit", "_suit_of")

    _rank: int | None
    _suit: str | None
    _gap_closing: bool
    _suit_of: tuple[str, ...]
    _strength: tuple[int, ...]

    def __init__(self, rank: int | str | None, suit: str | None, plain_suit_gap_closing: bool = True) -> None:
        parsed_rank = _parse_rank(rank)
        parsed_suit = _parse_suit(suit)
        if parsed_rank is None and parsed_suit is not None:
            raise ValueError(f"a trump suit needs a trump rank, got Trump({rank!r}, {suit!r})")
        if not isinstance(plain_suit_gap_closing, bool):
            raise ValueError(f"plain_suit_gap_closing must be a bool, got {plain_suit_gap_closing!r}")
        suit_of = tuple(self._effective_suit(kind, parsed_rank, parsed_suit) for kind in range(NUM_KINDS))
        strength = tuple(
            self._position(kind, parsed_rank, parsed_suit, plain_suit_gap_closing)
            for kind in range(NUM_KINDS)
        )
        object.__setattr__(self, "_rank", parsed_rank)
        object.__setattr__(self, "_suit", parsed_suit)
        object.__setattr__(self, "_gap_closing", plain_suit_gap_closing)
        object.__setattr__(self, "_suit_of", suit_of)
        object.__setattr__(self, "_strength", strength)

    @staticmethod
    def _effective_suit(kind: int, rank: int | None, suit: str | None) -> str:
        """R10: jokers, trump-rank cards and trump-suit cards are in T; any other card in its printed suit."""
        printed = _printed_suit(kind)
        if printed is None or _rank_value(kind) == rank or printed == suit:
            return TRUMPS
        return printed

    @staticmethod
    def _position(kind: int, rank: int | None, suit: str | None, gap_closing: bool = True) -> int:
        """R11: the position of a kind inside its effective suit, counted from the bottom (the lowest card is
        1), consecutive positions differing by 1, equal cards sharing one."""
        value = _rank_value(kind)
        # Plain ranks in play, R6 step 5 and R8: 2..14 without the trump rank (R9: all of them if no rank).
        plain_ranks = 13 if rank is None else 12
        if value is None:  # R6 steps 1-2, R9: RJ > BJ on top of everything else
            base = plain_ranks if suit is not None else 0
            if rank is not None:
                base += 2 if suit is not None else 1
            return base + (2 if kind == RED_JOKER else 1)
        if value == rank:
            if suit is None:
                return 1  # a rank but no suit: the four rank cards are the lowest trumps, all equal
            # R6 steps 3-4 and R7: the rank card of the trump suit above the three equal off-suit ones.
            return plain_ranks + (2 if _printed_suit(kind) == suit else 1)
        # R6 step 5, R8, R9: A high ... 2 low, the trump rank left out.
        if not gap_closing and _printed_suit(kind) != suit:
            return value - 1  # R12 with plain_suit_gap_closing off: a plain suit keeps the trump rank's gap
        return value - 1 - (1 if rank is not None and rank < value else 0)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Trump is immutable")

    @property
    def rank(self) -> int | None:
        """The trump rank 2..14, or ``None`` in a no-trump round (R9)."""
        return self._rank

    @property
    def suit(self) -> str | None:
        """The trump suit ``"C"``, ``"D"``, ``"H"``, ``"S"``, or ``None``."""
        return self._suit

    @property
    def plain_suit_gap_closing(self) -> bool:
        """Whether plain suits close the trump rank's gap for tractors (A.4, R12; default True)."""
        return self._gap_closing

    def __repr__(self) -> str:
        rank = None if self._rank is None else RANKS[self._rank - 2]
        flag = "" if self._gap_closing else ", plain_suit_gap_closing=False"
        return f"Trump({rank!r}, {self._suit!r}{flag})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Trump):
            return NotImplemented
        return (self._rank, self._suit, self._gap_closing) == (other._rank, other._suit, other._gap_closing)

    def __hash__(self) -> int:
        if self._gap_closing:
            return hash((Trump, self._rank, self._suit))
        return hash((Trump, self._rank, self._suit, False))

    def __reduce__(self) -> tuple[type[Trump], tuple[int | None, str | None, bool]]:
        return (Trump, (self._rank, self._suit, self._gap_closing))

    # The public, text-based API.

    def is_trump(self, card: CardLike) -> bool:
        """R6, R9, R10: whether a card is a trump."""
        return self._suit_of[_kind_id(card)] == TRUMPS

    def suit_of(self, card: CardLike) -> str:
        """R10: the effective suit of a card, ``"T"`` for trumps, else its printed suit."""
        return self._suit_of[_kind_id(card)]

    def strength(self, card: CardLike) -> int:
        """R11: the position of a card inside its effective suit; higher wins, equal cards are equal, the
        lowest card of a suit is 1 and adjacent positions differ by 1."""
        return self._strength[_kind_id(card)]

    def sort(self, cards: Iterable[CardLike]) -> list[str]:
        """Cards in play order: trumps first, then clubs, diamonds, hearts, spades; strongest first within a
        suit, ties (equal off-suit trump-rank cards, copies) in id order."""
        return _texts(sorted((_kind_id(card) for card in cards), key=self._sort_key))

    # The id-based helpers the rules below use.

    def _sort_key(self, kind: int) -> tuple[int, int, int]:
        suit = self._suit_of[kind]
        suit_index = 0 if suit == TRUMPS else 1 + SUITS.index(suit)
        return (suit_index, -self._strength[kind], kind)

    def _suit_of_id(self, kind: int) -> str:
        return self._suit_of[kind]

    def _strength_of_id(self, kind: int) -> int:
        return self._strength[kind]
