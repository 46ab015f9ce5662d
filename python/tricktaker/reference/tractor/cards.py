"""The cards (R1-R4): the 54 kinds of the two decks, their texts, and the sizes of the deal (R13).

A card is its text (``"10H"``, ``"BJ"``) in the public API and its kind id 0..53 inside: the id order of the
contract, clubs, diamonds, hearts, spades, each 2 up to A, then BJ = 52 and RJ = 53 (Rust: ``cards.rs``).

A hand, a lead or a play is a multiset of kinds with at most two copies of each (R2): a list of texts in the
API, a ``Counter`` of ids or a list of ids inside; `_ids` reads and checks one (Rust: ``tractor/hand.rs``,
the bitset ``Hand``). The sizes of the table -- four seats (R1), 25 cards each and a talon of 8 (R13) -- are
here too, since every later module counts with them (Rust: ``tractor/round.rs``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Final, Protocol, TypeAlias

SUITS: Final = ("C", "D", "H", "S")
RANKS: Final = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")  # R4: values 2..14
BLACK_JOKER: Final = 52
RED_JOKER: Final = 53
NUM_KINDS: Final = 54
MAX_COPIES: Final = 2  # R2: two decks, so two identical copies of every kind

#: The 54 card kinds in id order: ``DECK[i]`` is the text of kind ``i``.
DECK: Final[tuple[str, ...]] = (*(rank + suit for suit in SUITS for rank in RANKS), "BJ", "RJ")

# The deck and the table (R1, R2, R13): 108 cards, four seats each dealt 25 cards, a talon of 8.
NUM_PLAYERS: Final = 4  # R1
HAND_SIZE: Final = 25  # R13
TALON_SIZE: Final = 8  # R13
DRAWN_CARDS: Final = NUM_PLAYERS * HAND_SIZE  # the talon is stack positions 100..107
DECK_SIZE: Final = MAX_COPIES * NUM_KINDS  # R2: 108

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
