"""The cards (R1-R4): the 54 kinds of the two decks, their texts, and the sizes of the deal (R13).

A card is its text (``"10H"``, ``"BJ"``) in the public API and its kind id 0..53 inside: the id order of the
contract, clubs, diamonds, hearts, spades, each 2 up to A, then BJ = 52 and RJ = 53 (Rust: ``cards.rs``).

A hand, a lead or a play is a multiset of kinds with at most two copies of each (R2): a list of texts in the
API, a ``Counter`` of ids or a list of ids inside; `_ids` reads and checks one (Rust: ``tractor/hand.rs``,
the bitset ``Hand``). The sizes of the table -- four seats (R1), 25 cards each and a talon of 8 (R13) -- are
here too, since every later module counts with them (Rust: ``tractor/round.rs``), and the deal of another
kitty size (F5, option ``kitty_size``): `_Deal`, and `_take_out` for the cards it takes out of the stack.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final, Protocol, TypeAlias

SUITS: Final = ("C", "D", "H", "S")
RANKS: Final = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")  # R4: values 2..14
BLACK_JOKER: Final = 52
RED_JOKER: Final = 53
NUM_KINDS: Final = 54
MAX_COPIES: Final = 2  # R2: two decks, so two identical copies of every kind

#: The 54 card kinds in id order: ``DECK[i]`` is the text of kind ``i``.
DECK: Final[tuple[str, ...]] = (*(rank + suit for suit in SUITS for rank in RANKS), "BJ", "RJ")

# The deck and the table (R1, R2, R13): 108 cards, four seats each dealt 25 cards, a talon of 8. These are
# R13's numbers, the default ``kitty_size = 8``; another kitty size deals as `_Deal` says (F5).
NUM_PLAYERS: Final = 4  # R1
HAND_SIZE: Final = 25  # R13
TALON_SIZE: Final = 8  # R13
DRAWN_CARDS: Final = NUM_PLAYERS * HAND_SIZE  # the talon is stack positions 100..107
DECK_SIZE: Final = MAX_COPIES * NUM_KINDS  # R2: 108

#: F5: the bounds of the option ``kitty_size`` (k) for four players: 0 (no kitty) to 104 (one card each).
KITTY_SIZE_BOUNDS: Final = (0, DECK_SIZE - NUM_PLAYERS)
#: F5: the ranks whose cards may be taken out of the stack, lowest first: 2 upward, without 5, 10 and K
#: (the point ranks, R3).
_TAKE_OUT_RANKS: Final = (2, 3, 4, 6, 7, 8, 9, 11, 12, 14)

_SUIT_SYMBOLS: Final = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}


class _Textual(Protocol):
    """Anything whose ``str()`` is a card text, such as the library's ``Card``."""

    def __str__(self) -> str: ...


CardLike: TypeAlias = "str | _Textual"


def _kind_id(card: CardLike) -> int:
    """The kind id of a card; lenient on case, spaces, ``T`` for 10 and the suit symbols."""
    text = card if isinstance(card, str) else str(card)
    cleaned = text.strip().upper()
    if cleaned == "BJ":
        return BLACK_JOKER
    if cleaned == "RJ":
        return RED_JOKER
    if len(cleaned) >= 2:
        suit = _SUIT_SYMBOLS.get(cleaned[-1], cleaned[-1])
        rank = cleaned[:-1].strip()
        if rank == "T":
            rank = "10"
        if suit in SUITS and rank in RANKS:
            return len(RANKS) * SUITS.index(suit) + RANKS.index(rank)
    raise ValueError(f"not a Tractor card: {text!r}")


def _rank_value(kind: int) -> int | None:
    """The rank 2..14 of a kind (R4); ``None`` for the jokers."""
    return None if kind >= BLACK_JOKER else kind % len(RANKS) + 2


def _printed_suit(kind: int) -> str | None:
    """The printed suit of a kind; ``None`` for the jokers."""
    return None if kind >= BLACK_JOKER else SUITS[kind // len(RANKS)]


def _rank_text(rank: int) -> str:
    return RANKS[rank - 2]


def _rank_card(rank: int, suit_index: int) -> int:
    """The kind id of the trump-rank card ``rank`` of a suit."""
    return len(RANKS) * suit_index + rank - 2


def parse_card(card: CardLike) -> str:
    """The canonical text of a card: ``parse_card("t♥") == "10H"``. Raises ValueError for anything else."""
    return DECK[_kind_id(card)]


def _ids(cards: Iterable[CardLike], what: str) -> list[int]:
    """The kind ids of a multiset; ValueError if a kind occurs more than twice (R2)."""
    ids = [_kind_id(card) for card in cards]
    for kind, count in Counter(ids).items():
        if count > MAX_COPIES:
            raise ValueError(f"{what} holds {count} copies of {DECK[kind]} (the deck has {MAX_COPIES})")
    return ids


def _texts(ids: Iterable[int]) -> list[str]:
    return [DECK[kind] for kind in ids]


@dataclass(frozen=True)
class _Deal:
    """The deal of a round (R13; F4-F6 for four players and two decks under ``kitty_size``): ``hand`` cards
    to each seat, a talon (kitty) of ``kitty`` cards, and the cards ``taken_out`` of the deck (F5: r = (108 -
    k) mod 4 of them, in no hand, no kitty, never played, holding no points).

    The stack stays 108 cards long: positions 0 .. 4h - 1 are drawn (`drawn` of them), 4h .. 4h + k - 1 are
    the talon, and the taken-out cards fill the last r positions in their order (`_take_out`). R13's deal,
    ``kitty_size = 8``, is h = 25, k = 8, nothing taken out."""

    hand: int
    kitty: int
    taken_out: tuple[int, ...]

    @property
    def drawn(self) -> int:
        """The cards drawn into the hands, 4h (100 under R13): the talon starts at this stack position."""
        return NUM_PLAYERS * self.hand

    @property
    def talon_end(self) -> int:
        """The stack position after the talon, 4h + k (108 under R13): the taken-out cards start here."""
        return self.drawn + self.kitty


def _deal(kitty_size: int, rank: int) -> _Deal:
    """F5 for four players: the deal of a kitty of ``kitty_size`` cards in a round whose rank (the declarers'
    level, R5; 15 at the level NT, which has none) is ``rank``. r = (108 - k) mod 4 cards of rank rho are
    taken out, one copy of each suit in the order clubs, diamonds, hearts; rho is the lowest of 2, 3, 4, 6,
    7, 8, 9, J, Q, A that is not ``rank``. Each seat gets h = (108 - k - r) / 4 cards."""
    removed = (DECK_SIZE - kitty_size) % NUM_PLAYERS
    low = next(value for value in _TAKE_OUT_RANKS if value != rank)
    taken_out = tuple(_rank_card(low, suit_index) for suit_index in range(removed))  # C, D, H
    return _Deal((DECK_SIZE - kitty_size - removed) // NUM_PLAYERS, kitty_size, taken_out)


def _take_out(stack: Sequence[int], taken_out: Sequence[int]) -> list[int]:
    """F5: ``stack`` with the cards ``taken_out`` (c_0 .. c_{r-1}) moved to its end in that order. From the
    last of them to the first, each marks the last position of the stack that holds it and is not marked
    yet; the unmarked cards keep their order, and c_0 .. c_{r-1} follow them. A stack that already ends with
    c_0 .. c_{r-1} is unchanged, and so is every stack when nothing is taken out."""
    marked: set[int] = set()
    for kind in reversed(taken_out):
        position = max(k for k, card in enumerate(stack) if card == kind and k not in marked)
        marked.add(position)
    return [card for k, card in enumerate(stack) if k not in marked] + list(taken_out)
