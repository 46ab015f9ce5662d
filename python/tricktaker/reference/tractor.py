"""Tractor (Sheng Ji): the pure-Python reference for the card-level rules and the whole round.

An executable form of ``shared/rules/tractor.md``. First the card-level rules -- cards, trump order, effective
suits, positions, pairs and tractors (R1-R12), card points (R3), leads, following, throws and trick winners
(R25-R39) -- behind the toolkit contract of ``docs/tractor-toolkit.md``: the same names, argument forms and
canonical orders as the Rust engine's ``tricktaker.tractor``, so the two can be compared on random hands.
Then a whole round -- the seeded draw with declarations, the final window, redeals and the talon flip
(R13-R22), the kitty (R23-R24), card-by-card play, scoring and progression (R40-R48) -- as `State`, following
the round contract of ``docs/tractor-protocol.md`` bit for bit (action ids and strings, the deal, the order
of the decisions, `random_playouts`), so the two engines can be compared action by action.
Rule numbers are cited as ``# R32`` next to the code that implements them.

It is written to be read, not to be fast, and uses the standard library only (and ``tricktaker.errors``, pure
Python, for the `InvalidStateError` of a corrupted save). `State` also has the rest of the search protocol:
`State.legal_action_mask` (a list of bools), `State.information_state_key`, `State.observation` (a list of
939 floats, the Rust engine's layout and values) and `State.to_json` / `State.from_json` (the Rust engine's
save format: each engine loads the other's saves).

Quick tour::

    >>> from tricktaker.reference import tractor as ref
    >>> trump = ref.Trump("2", "H")
    >>> trump.sort(["3H", "2S", "AS", "RJ", "2C"])
    ['RJ', '2C', '2S', '3H', 'AS']
    >>> ref.decompose(["AS", "KS", "KS", "QS", "QS"], trump)
    [('tractor', ['KS', 'KS', 'QS', 'QS']), ('single', ['AS'])]
    >>> ref.trick_winner([["KS"], ["AS"], ["2C"], ["2D"]], trump)
    2

Cards are text (``"10H"``, ``"th"``, ``"A♠"``, ``"BJ"``) or any object whose ``str()`` is such a text (the
library's ``Card``); results are canonical card texts. A hand, a lead or a play is a multiset given as a list:
at most two copies of each of the 54 kinds (R2).

Readings where the rules or the contract leave a choice:

* R11/R12: equal off-suit trump-rank cards share one position; two of them (2♣ 2♠) are no pair, and two such
  pairs at one position are not consecutive. When a tractor runs through a shared position, `decompose`
  puts the pair of the lowest id in it.
* R33/contract: tractors are listed in extraction order, longest first, then the highest top (so a long low
  tractor comes before a short high one).
* R32, option ``tractor_must_follow_tractor``: for each tractor of k pairs in the lead, a follower whose
  led-suit cards hold k pairs at consecutive positions (possibly inside a longer tractor) must play cards
  that contain such a tractor; it only applies when the follower has at least n cards of the led suit.
* R34: among beatable components of the same size and position (2♣2♣ and 2♠2♠) the lowest ids are forced.
* R39: a follower's play counts as a ruff only if all its cards are trumps; it is then compared by the
  highest run of L pairs (L the longest tractor of the lead), else the highest pair, else the highest card.
* ``Trump(rank, None)`` (accepted by the contract) makes the jokers and the four rank cards trumps, the rank
  cards equal and lowest; ``Trump(None, suit)`` is refused.
* R12, option ``plain_suit_gap_closing`` off: only the plain suits keep the trump rank's gap (8♠ and 6♠ at
  rank 7 are not adjacent); the trump suit always closes it (TV-T4: 8♣8♣-6♣6♣ with clubs trump).

Readings of the round:

* R16/R17: every override needs another player than the one whose declaration stands, the partner
  included; ``allow_self_reinforce`` only lets that player turn a single into a pair of the same suit, and
  ``red_pair_overrides_black_pair`` only lets another player's RJ RJ beat a standing BJ BJ.
* Contract: after each card drawn, its drawer is asked whenever it has *any* legal declaration (not only one
  that uses the new card); the drawer of the 100th card is asked again in the final window if it still has
  one. A redeal (R19) shuffles the stack in its current order with the same generator.
* A card added to a play being built stays in `State.hand` until the play is complete (contract).
* R43, option ``negative_points_as_zero`` (default): `State.points` reports a negative P as 0 and
  `State.raw_points` gives P as it runs (R42); the level outcome is the same either way (P <= 0: +3).
* R41, ``exp``: the pairs of the last lead are counted inside its tractors too.
* R47: under ``pass_ace`` the winner's level in `round_outcome` is left above 14 (A); under
  ``must_defend_ace`` levels stop at A and only declarers holding at A win.
* `State.from_cards` takes any seat as the first leader (a play-phase position); it has 0 deals and 100
  cards drawn.
* `State.resample` counts deals with the two copies of a card told apart, as a shuffle does. Another
  starter's kitty may hold cards it exposed to declare, never a card seen in its hand since; once the round
  is over the kitty is known to all and the discards are kept as they were.
"""

from __future__ import annotations

import array
import copy
import dataclasses
import hashlib
import itertools
import json
import math
import random
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Final, Literal, Protocol, TypeAlias

from ..errors import InvalidStateError
from .sheepshead import Rng

__all__ = [
    "DECK",
    "DECLARE_BLACK_JOKERS",
    "DECLARE_PAIR",
    "DECLARE_RED_JOKERS",
    "DECLARE_SINGLE",
    "DISCARD",
    "FINISH",
    "NUM_ACTIONS",
    "NUM_PLAYERS",
    "OBSERVATION_SHAPE",
    "PASS",
    "PLAY",
    "RESAMPLE_TRIES",
    "Declaration",
    "IllegalActionError",
    "IllegalPlayError",
    "NothingToUndoError",
    "Phase",
    "Rng",
    "RoundOutcome",
    "Rules",
    "RulesLike",
    "State",
    "Trump",
    "UnreachableStateError",
    "action_to_string",
    "card_points",
    "check_throw",
    "decompose",
    "derive_seed",
    "flip_talon",
    "follow_extensions",
    "is_legal_follow",
    "kitty_bonus",
    "legal_declarations",
    "legal_follows",
    "level_outcome",
    "parse_card",
    "random_playout",
    "random_playouts",
    "round_outcome",
    "string_to_action",
    "trick_points",
    "trick_winner",
]

# ------------------------------------------------------------------------------------------------------------
# Cards (R2, R3)
#
# A card is its text ("10H", "BJ") in the public API and its kind id 0..53 inside: the id order of the
# contract, clubs, diamonds, hearts, spades, each 2 up to A, then BJ = 52 and RJ = 53.
# ------------------------------------------------------------------------------------------------------------

SUITS: Final = ("C", "D", "H", "S")
RANKS: Final = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")  # R4: values 2..14
BLACK_JOKER: Final = 52
RED_JOKER: Final = 53
NUM_KINDS: Final = 54
MAX_COPIES: Final = 2  # R2: two decks, so two identical copies of every kind

#: The 54 card kinds in id order: ``DECK[i]`` is the text of kind ``i``.
DECK: Final[tuple[str, ...]] = (*(rank + suit for suit in SUITS for rank in RANKS), "BJ", "RJ")

#: The effective suit of trumps (R10).
TRUMPS: Final = "T"

_SUIT_SYMBOLS: Final = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}
_POINTS_BY_RANK: Final = {"5": 5, "10": 10, "K": 10}  # R3; every other card, jokers included, is worth 0


class _Textual(Protocol):
    """Anything whose ``str()`` is a card text, such as the library's ``Card``."""

    def __str__(self) -> str: ...


CardLike: TypeAlias = "str | _Textual"
Kind: TypeAlias = Literal["tractor", "pair", "single"]


class IllegalActionError(ValueError):
    """An action that is not legal in the current state of a round; the state is left unchanged."""


class NothingToUndoError(ValueError):
    """`State.undo` on a state to which no action has been applied."""


class IllegalPlayError(IllegalActionError):
    """A lead or play that breaks the rules, e.g. cards of more than one effective suit in one lead (R27)."""


class UnreachableStateError(ValueError):
    """`State.resample` found no deal under which the round is seen as it is: no play reaches this state."""


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


def parse_card(card: CardLike) -> str:
    """The canonical text of a card: ``parse_card("t♥") == "10H"``. Raises ValueError for anything else."""
    return DECK[_kind_id(card)]


def card_points(card: CardLike) -> int:
    """R3: every K and every 10 is worth 10, every 5 is worth 5, every other card (jokers too) 0."""
    kind = _kind_id(card)
    return 0 if kind >= BLACK_JOKER else _POINTS_BY_RANK.get(RANKS[kind % len(RANKS)], 0)


def trick_points(cards: Iterable[CardLike]) -> int:
    """R3: the card points of some cards (a trick, a kitty...)."""
    return sum(card_points(card) for card in cards)


def _ids(cards: Iterable[CardLike], what: str) -> list[int]:
    """The kind ids of a multiset; ValueError if a kind occurs more than twice (R2)."""
    ids = [_kind_id(card) for card in cards]
    for kind, count in Counter(ids).items():
        if count > MAX_COPIES:
            raise ValueError(f"{what} holds {count} copies of {DECK[kind]} (the deck has {MAX_COPIES})")
    return ids


def _texts(ids: Iterable[int]) -> list[str]:
    return [DECK[kind] for kind in ids]


# ------------------------------------------------------------------------------------------------------------
# The trump of a round: trump order, effective suits, positions (R5-R11)
# ------------------------------------------------------------------------------------------------------------


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


# ------------------------------------------------------------------------------------------------------------
# Pairs, tractors and the canonical split of a lead (R12, R27, R33)
# ------------------------------------------------------------------------------------------------------------


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


def _components(ids: Sequence[int], trump: Trump) -> list[_Component]:
    """R33 (engine choice), canonically: repeatedly the longest tractor (ties: the highest top), one pair per
    position; then the pairs; then the singles; each kind from the highest to the lowest."""
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
        if length < 2:  # R12: a tractor has two or more pairs
            break
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


def decompose(cards: Iterable[CardLike], trump: Trump) -> list[tuple[str, list[str]]]:
    """The components of a lead (R12, R27, R33), canonically: repeatedly the longest tractor (ties: the
    highest top position; one pair per position), then the pairs, then the singles, each kind from the highest
    to the lowest, the cards of a component strongest first (ties by id).

    A single pair or tractor gives one component; a throw gives several. Cards of more than one effective
    suit raise `IllegalPlayError`.
    """
    return [(part.kind, _texts(part.cards)) for part in _components(_ids(cards, "a lead"), trump)]


# ------------------------------------------------------------------------------------------------------------
# Following (R26, R28-R32)
# ------------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _FollowRule:
    """What R32 asks of one follower facing one lead; ``allows`` tests a play."""

    hand: Counter[int]
    size: int  # n, R26
    led: str
    suit_cards: Counter[int]  # S: the follower's cards of the led suit
    pairs_needed: int  # min(P_L, P_S)
    run_needed: int  # tractor_must_follow_tractor: pairs in the tractor the play must contain (0: none)

    @property
    def enough_of_suit(self) -> bool:
        return sum(self.suit_cards.values()) >= self.size

    def allows(self, play: Counter[int], trump: Trump) -> bool:
        if sum(play.values()) != self.size:  # R26
            return False
        if any(count > self.hand[kind] for kind, count in play.items()):
            return False  # not drawn from the hand
        if not self.enough_of_suit:
            # R32, |S| < n: all of S, plus any other cards (R28: void -> anything).
            return all(play[kind] == count for kind, count in self.suit_cards.items())
        # R32, |S| >= n: n cards of the led suit, with at least min(P_L, P_S) disjoint pairs.
        if any(trump._suit_of_id(kind) != self.led for kind in play):
            return False
        if sum(1 for count in play.values() if count == MAX_COPIES) < self.pairs_needed:
            return False
        return self.run_needed == 0 or _longest_run(_pair_positions(play, trump)) >= self.run_needed


def _follow_rule(
    hand: Counter[int], lead: Sequence[int], trump: Trump, tractor_must_follow_tractor: bool
) -> _FollowRule:
    if not isinstance(tractor_must_follow_tractor, bool):
        raise ValueError(f"tractor_must_follow_tractor must be a bool, got {tractor_must_follow_tractor!r}")
    components = _components(lead, trump)  # R27: raises on a mixed lead
    led = trump._suit_of_id(lead[0])
    suit_cards = Counter({kind: count for kind, count in hand.items() if trump._suit_of_id(kind) == led})
    lead_pairs = sum(part.pairs for part in components)  # P_L: pairs inside tractors count
    suit_pairs = sum(1 for count in suit_cards.values() if count == MAX_COPIES)  # P_S
    run_needed = 0
    if tractor_must_follow_tractor:
        # A.4 option, our reading: for each tractor of k pairs in the lead, a follower whose led-suit cards
        # hold a tractor of k pairs (k pairs at consecutive positions, possibly inside a longer one) must
        # play cards containing one. With several lengths that is one obligation: the longest such k.
        held = _longest_run(_pair_positions(suit_cards, trump))
        lengths = [len(part.cards) // 2 for part in components if part.kind == "tractor"]
        run_needed = max((length for length in lengths if length <= held), default=0)
    return _FollowRule(
        hand=hand,
        size=len(lead),
        led=led,
        suit_cards=suit_cards,
        pairs_needed=min(lead_pairs, suit_pairs),
        run_needed=run_needed,
    )


def is_legal_follow(
    hand: Iterable[CardLike],
    lead: Iterable[CardLike],
    play: Iterable[CardLike],
    trump: Trump,
    *,
    tractor_must_follow_tractor: bool = False,
) -> bool:
    """Whether a follower holding ``hand`` (before playing) may answer ``lead`` with ``play`` (R26, R28-R32).

    The play must come from the hand and have the lead's size n. Let S be the hand's cards of the led
    effective suit: if ``|S| >= n`` the play is n cards of S with at least ``min(P_L, P_S)`` pairs (pairs in
    the lead, pairs in S); otherwise it is all of S plus any other cards (R32, which gives R29-R31 too).
    """
    rule = _follow_rule(
        Counter(_ids(hand, "a hand")), _ids(lead, "a lead"), trump, tractor_must_follow_tractor
    )
    return rule.allows(Counter(_ids(play, "a play")), trump)


def _sub_multisets(items: Sequence[tuple[int, int]], size: int, min_pairs: int) -> Iterator[tuple[int, ...]]:
    """Every multiset of ``size`` cards from ``items`` (kind, copies held) with at least ``min_pairs`` pairs,
    each once, as ids in the order of ``items``."""
    capacity = [0] * (len(items) + 1)  # cards held from items[i:]
    pair_kinds = [0] * (len(items) + 1)  # pairs held from items[i:]
    for i in range(len(items) - 1, -1, -1):
        capacity[i] = capacity[i + 1] + items[i][1]
        pair_kinds[i] = pair_kinds[i + 1] + (items[i][1] == MAX_COPIES)
    chosen: list[int] = []

    def extend(i: int, missing: int, pairs: int) -> Iterator[tuple[int, ...]]:
        if missing == 0:
            if pairs >= min_pairs:
                yield tuple(chosen)
            return
        if capacity[i] < missing or pairs + min(pair_kinds[i], missing // 2) < min_pairs:
            return
        kind, held = items[i]
        for take in range(min(held, missing), -1, -1):
            chosen.extend([kind] * take)
            yield from extend(i + 1, missing - take, pairs + (take == MAX_COPIES))
            del chosen[len(chosen) - take :]

    return extend(0, size, 0)


def legal_follows(
    hand: Iterable[CardLike],
    lead: Iterable[CardLike],
    trump: Trump,
    *,
    tractor_must_follow_tractor: bool = False,
) -> list[list[str]]:
    """Every distinct legal answer to ``lead`` from ``hand`` (R26, R28-R32), each a multiset in id order, the
    list sorted by ids; exactly the plays for which `is_legal_follow` is true."""
    hand_counts = Counter(_ids(hand, "a hand"))
    rule = _follow_rule(hand_counts, _ids(lead, "a lead"), trump, tractor_must_follow_tractor)
    # Candidates, a superset of the legal plays, then filtered by the rule itself.
    candidates: Iterator[tuple[int, ...]]
    if rule.enough_of_suit:
        # R32: only cards of the led suit, with the required pairs.
        candidates = _sub_multisets(sorted(rule.suit_cards.items()), rule.size, rule.pairs_needed)
    else:
        # R32: all of S, the rest from the other cards (R28: any of them).
        forced = tuple(kind for kind, count in rule.suit_cards.items() for _ in range(count))
        others = sorted((kind, count) for kind, count in hand_counts.items() if kind not in rule.suit_cards)
        candidates = (forced + rest for rest in _sub_multisets(others, rule.size - len(forced), 0))
    plays = sorted(sorted(play) for play in candidates if rule.allows(Counter(play), trump))
    return [_texts(play) for play in plays]


# ------------------------------------------------------------------------------------------------------------
# Throws: validity and failed throws (R27, R33, R34)
# ------------------------------------------------------------------------------------------------------------

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


# ------------------------------------------------------------------------------------------------------------
# Trick winners (R35-R39)
# ------------------------------------------------------------------------------------------------------------


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


def trick_winner(plays: Sequence[Iterable[CardLike]], trump: Trump) -> int:
    """The index of the play that wins a trick (R35-R39), ``plays[0]`` being the lead.

    A trump beats any plain card, a higher position a lower one, and of equal plays the first played wins
    (R35). Against a single, a pair or a tractor only the same combination in the led suit or in trumps can
    win (R36-R38). A throw is won by the leader unless it is in a plain suit and a follower plays the same
    layout entirely in trumps (R39).
    """
    ids = [_ids(play, "a play") for play in plays]
    if not ids:
        raise ValueError("a trick needs at least the lead")
    components = _components(ids[0], trump)
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


# ------------------------------------------------------------------------------------------------------------
# Following card by card (R26, R28-R32)
#
# A follow is chosen one card at a time. The cards offered are exactly those that some legal follow (the
# plays of `legal_follows`) containing the cards chosen so far also contains, so a follow never dead-ends.
# They are computed in closed form from R32, because enumerating the legal follows of a 25-card hand is too
# slow (a void follower answering a 10-card lead has millions of them).
# ------------------------------------------------------------------------------------------------------------


def _run_completions(
    chosen: Counter[int], avail: Counter[int], length: int, trump: Trump
) -> Iterator[Counter[int]]:
    """Option ``tractor_must_follow_tractor``: every way to make a play contain ``length`` pairs at
    consecutive positions (one pair kind per position), as the copies still to add to ``chosen`` from
    ``avail``."""
    kinds_at: dict[int, list[int]] = {}
    for kind in sorted(set(chosen) | set(avail)):
        if chosen[kind] + avail[kind] == MAX_COPIES:  # a pair of this kind is still possible
            kinds_at.setdefault(trump._strength_of_id(kind), []).append(kind)
    for top in sorted(kinds_at, reverse=True):
        span = range(top, top - length, -1)
        if not all(position in kinds_at for position in span):
            continue
        for choice in itertools.product(*(kinds_at[position] for position in span)):
            yield Counter({kind: MAX_COPIES - chosen[kind] for kind in choice if chosen[kind] < MAX_COPIES})


def _can_complete(
    chosen: Counter[int], avail: Counter[int], missing: int, pairs_needed: int, run_needed: int, trump: Trump
) -> bool:
    """R32 with ``|S| >= n``: whether ``missing`` more cards taken from ``avail`` (the follower's led-suit
    cards not chosen yet) can complete ``chosen`` to a play with at least ``pairs_needed`` pairs (and, with
    ``run_needed``, a tractor of that many pairs)."""
    if missing < 0 or sum(avail.values()) < missing:
        return False
    extras: Iterable[Counter[int]] = (
        [Counter()] if run_needed == 0 else _run_completions(chosen, avail, run_needed, trump)
    )
    for extra in extras:
        cost = sum(extra.values())
        if cost > missing:
            continue
        play, rest, left = chosen + extra, avail - extra, missing - cost
        # The most pairs `left` more cards can give: first complete the halves (1 card per pair), then take
        # whole pairs (2 cards per pair); any cards left over are fillers, and there are enough of them.
        pairs = sum(1 for count in play.values() if count == MAX_COPIES)
        halves = sum(1 for kind, count in play.items() if count == 1 and rest[kind] > 0)
        wholes = sum(1 for count in rest.values() if count == MAX_COPIES)
        completed = min(halves, left)
        if pairs + completed + min(wholes, (left - completed) // 2) >= pairs_needed:
            return True
    return False


def _follow_next(
    hand: Counter[int],
    lead: Sequence[int],
    partial: Counter[int],
    trump: Trump,
    tractor_must_follow_tractor: bool,
) -> list[int]:
    """The card kinds that can be added to the partial follow ``partial`` (R26, R28-R32): those contained in
    some legal follow that contains ``partial`` too. ``hand`` is the follower's hand, ``partial`` included."""
    rule = _follow_rule(hand, lead, trump, tractor_must_follow_tractor)
    missing = rule.size - sum(partial.values())
    if missing <= 0 or sum(hand.values()) < rule.size or any(partial[k] > hand[k] for k in partial):
        return []
    suit_total = sum(rule.suit_cards.values())
    result: list[int] = []
    for kind in sorted(hand):
        if hand[kind] - partial[kind] <= 0:
            continue
        chosen = partial.copy()
        chosen[kind] += 1
        if rule.enough_of_suit:
            # R32, |S| >= n: n cards of the led suit with min(P_L, P_S) pairs (and the option's tractor).
            if any(trump._suit_of_id(card) != rule.led for card in chosen):
                continue
            if _can_complete(
                chosen, rule.suit_cards - chosen, missing - 1, rule.pairs_needed, rule.run_needed, trump
            ):
                result.append(kind)
        else:
            # R32, |S| < n: all of S plus n - |S| other cards; the other cards chosen must leave room for S.
            others = sum(count for card, count in chosen.items() if trump._suit_of_id(card) != rule.led)
            if others <= rule.size - suit_total:
                result.append(kind)
    return result


def follow_extensions(
    hand: Iterable[CardLike],
    lead: Iterable[CardLike],
    partial: Iterable[CardLike],
    trump: Trump,
    *,
    tractor_must_follow_tractor: bool = False,
) -> list[str]:
    """The cards a follower holding ``hand`` (``partial`` included) may add to the partial follow ``partial``
    of ``lead``: exactly the cards that some legal follow containing ``partial`` also contains (R26,
    R28-R32), each kind once, in id order. Empty once ``partial`` has the lead's size or is no part of a
    legal follow."""
    hand_counts = Counter(_ids(hand, "a hand"))
    partial_counts = Counter(_ids(partial, "a partial play"))
    kinds = _follow_next(
        hand_counts, _ids(lead, "a lead"), partial_counts, trump, tractor_must_follow_tractor
    )
    return _texts(kinds)


# ------------------------------------------------------------------------------------------------------------
# Actions (docs/tractor-protocol.md)
# ------------------------------------------------------------------------------------------------------------

NUM_PLAYERS: Final = 4  # R1
NUM_ACTIONS: Final = 120
#: The shape of `State.observation` (a list of 939 floats here; see its layout there).
OBSERVATION_SHAPE: Final = (939,)
_SAVE_FORMAT: Final = 1  # the "format" of a JSON save, as python/tricktaker/_saving.py writes it
PLAY: Final = 0  # PLAY + card (0..53): add a card to the play being built
FINISH: Final = 54  # end a lead
DISCARD: Final = 55  # DISCARD + card (55..108): put a card in the kitty (R23)
DECLARE_SINGLE: Final = 109  # DECLARE_SINGLE + suit (109..112): expose one trump-rank card (R15a)
DECLARE_PAIR: Final = 113  # DECLARE_PAIR + suit (113..116): expose a pair of them (R15b)
DECLARE_BLACK_JOKERS: Final = 117  # expose BJ BJ (R15c)
DECLARE_RED_JOKERS: Final = 118  # expose RJ RJ (R15c)
PASS: Final = 119  # do not declare now

HAND_SIZE: Final = 25  # R13
TALON_SIZE: Final = 8  # R13
DRAWN_CARDS: Final = NUM_PLAYERS * HAND_SIZE  # the talon is stack positions 100..107
DECK_SIZE: Final = MAX_COPIES * NUM_KINDS  # R2: 108
TOTAL_POINTS: Final = 200  # R3
PENALTY_PER_CARD: Final = 10  # R34, R42


def _rank_text(rank: int) -> str:
    return RANKS[rank - 2]


def _rank_card(rank: int, suit_index: int) -> int:
    """The kind id of the trump-rank card ``rank`` of a suit."""
    return len(RANKS) * suit_index + rank - 2


def action_to_string(action: int, rank: int | str = 2) -> str:
    """The text of an action id: ``play 10H``, ``finish``, ``discard BJ``, ``declare 2H``, ``declare 2H 2H``,
    ``declare BJ BJ``, ``pass``. The declarations name the trump rank of the round, ``rank`` (R5)."""
    if isinstance(action, bool) or not isinstance(action, int) or not 0 <= action < NUM_ACTIONS:
        raise ValueError(f"not a Tractor action id: {action!r} (expected 0..{NUM_ACTIONS - 1})")
    parsed_rank = _parse_rank(rank)
    assert parsed_rank is not None  # a declaration names a rank; None is refused just below
    if action < FINISH:
        return f"play {DECK[action]}"
    if action == FINISH:
        return "finish"
    if action < DECLARE_SINGLE:
        return f"discard {DECK[action - DISCARD]}"
    if action < DECLARE_PAIR:
        return f"declare {_rank_text(parsed_rank)}{SUITS[action - DECLARE_SINGLE]}"
    if action < DECLARE_BLACK_JOKERS:
        card = f"{_rank_text(parsed_rank)}{SUITS[action - DECLARE_PAIR]}"
        return f"declare {card} {card}"
    if action == DECLARE_BLACK_JOKERS:
        return "declare BJ BJ"
    if action == DECLARE_RED_JOKERS:
        return "declare RJ RJ"
    return "pass"


def string_to_action(text: str, rank: int | str | None = None) -> int:
    """The action id of a text as `action_to_string` writes it; lenient on case, spaces and card spelling
    (``play t♥``). With ``rank``, a declaration must name a card of that rank."""
    words = text.strip().split()
    verb = words[0].lower() if words else ""
    parsed_rank = _parse_rank(rank)
    try:
        if words and len(words) == 1 and verb in ("finish", "pass"):
            return FINISH if verb == "finish" else PASS
        if len(words) == 2 and verb in ("play", "discard"):
            card = _kind_id(words[1])
            return PLAY + card if verb == "play" else DISCARD + card
        if verb == "declare" and len(words) in (2, 3):
            cards = [_kind_id(word) for word in words[1:]]
            if len(cards) == 2 and cards[0] != cards[1]:
                raise ValueError("the two cards of a pair must be identical (R12)")
            card = cards[0]
            if card >= BLACK_JOKER:
                if len(cards) == 1:
                    raise ValueError("a single joker cannot declare (R15)")
                return DECLARE_BLACK_JOKERS if card == BLACK_JOKER else DECLARE_RED_JOKERS
            if parsed_rank is not None and _rank_value(card) != parsed_rank:
                raise ValueError(f"the trump rank of this round is {_rank_text(parsed_rank)}")
            suit_index = card // len(RANKS)
            return (DECLARE_SINGLE if len(cards) == 1 else DECLARE_PAIR) + suit_index
    except ValueError as error:
        raise ValueError(f"not a Tractor action: {text!r} ({error})") from None
    raise ValueError(f"not a Tractor action: {text!r}")


# ------------------------------------------------------------------------------------------------------------
# The generator (docs/sheepshead-protocol.md: xoshiro256++ seeded by SplitMix64) and seeds
# ------------------------------------------------------------------------------------------------------------

_MASK64: Final = (1 << 64) - 1
_SEED_STRIDE: Final = 0xD1B54A32D192ED03  # docs/tractor-protocol.md, "Random playouts"
_CHOOSER_SALT: Final = 0x5DEECE66D1CE5EED


def derive_seed(seed: int, index: int) -> int:
    """The seed of round ``index`` of a batch: the SplitMix64 output of ``seed ^ index * 0xD1B54A32D192ED03``
    (all modulo 2**64)."""
    x = (seed ^ (index * _SEED_STRIDE)) & _MASK64
    x = (x + 0x9E3779B97F4A7C15) & _MASK64
    z = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return z ^ (z >> 31)


def _check_seed(seed: object) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= _MASK64:
        raise ValueError(f"seed must be an int in 0..2**64-1, got {seed!r}")
    return seed


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _words(value: object) -> tuple[int, int, int, int]:
    """The four 64-bit state words of a saved generator."""
    if not isinstance(value, list) or len(value) != 4 or not all(_is_int(word) for word in value):
        raise ValueError(f"a generator state is four 64-bit ints, got {value!r}")
    return (value[0], value[1], value[2], value[3])


def _generator(seed: int, words: tuple[int, int, int, int] | None = None) -> Rng:
    """``Rng(seed)``, or, given its four state ``words`` (a saved round), the generator in that state."""
    rng = Rng(seed)
    if words is not None:
        rng.state = words  # checked: four 64-bit words, not all zero
    return rng


# ------------------------------------------------------------------------------------------------------------
# Options (A.4)
# ------------------------------------------------------------------------------------------------------------

_RULE_FIELDS: Final = (
    "first_drawer_round1",
    "allow_self_reinforce",
    "red_pair_overrides_black_pair",
    "plain_suit_gap_closing",
    "tractor_must_follow_tractor",
    "failed_throw_forced",
    "negative_points_as_zero",
    "over_240",
    "kitty_multiplier",
    "game_end",
)


class RulesLike(Protocol):
    """Anything with the ten option attributes of A.4 can be passed as ``rules`` (the library's Rules)."""

    @property
    def first_drawer_round1(self) -> str: ...
    @property
    def allow_self_reinforce(self) -> bool: ...
    @property
    def red_pair_overrides_black_pair(self) -> bool: ...
    @property
    def plain_suit_gap_closing(self) -> bool: ...
    @property
    def tractor_must_follow_tractor(self) -> bool: ...
    @property
    def failed_throw_forced(self) -> str: ...
    @property
    def negative_points_as_zero(self) -> bool: ...
    @property
    def over_240(self) -> str: ...
    @property
    def kitty_multiplier(self) -> str: ...
    @property
    def game_end(self) -> str: ...


def _check_choice(field: str, value: object, choices: tuple[str, ...]) -> None:
    if not isinstance(value, str) or value not in choices:
        expected = " or ".join(repr(choice) for choice in choices)
        raise ValueError(f"Rules.{field} must be {expected}, got {value!r}")


def _check_bool(field: str, value: object) -> None:
    if not isinstance(value, bool):
        raise ValueError(f"Rules.{field} must be a bool, got {value!r}")


@dataclass(frozen=True)
class Rules:
    """The options of A.4; the defaults are the specification's."""

    first_drawer_round1: str = "random"  # R14: "random" (below(4)) or "seat0"
    allow_self_reinforce: bool = False  # R17: the standing declarer may turn a single into a pair, same suit
    red_pair_overrides_black_pair: bool = False  # R17: RJ RJ may override a standing BJ BJ
    plain_suit_gap_closing: bool = True  # R12: plain suits close the trump rank's gap for tractors
    tractor_must_follow_tractor: bool = False  # R32
    failed_throw_forced: str = "fewest_cards_then_lowest"  # R34
    negative_points_as_zero: bool = True  # R43: a negative P is reported as 0
    over_240: str = "per40_from_80"  # R43: one more level per 40 points from 80 on
    kitty_multiplier: str = "seed_2c"  # R41: "seed_2c" (2 x cards per player) or "exp" (2^(pairs + 1))
    game_end: str = "pass_ace"  # R47: "pass_ace" or "must_defend_ace"

    def __post_init__(self) -> None:
        _check_choice("first_drawer_round1", self.first_drawer_round1, ("random", "seat0"))
        _check_bool("allow_self_reinforce", self.allow_self_reinforce)
        _check_bool("red_pair_overrides_black_pair", self.red_pair_overrides_black_pair)
        _check_bool("plain_suit_gap_closing", self.plain_suit_gap_closing)
        _check_bool("tractor_must_follow_tractor", self.tractor_must_follow_tractor)
        _check_choice("failed_throw_forced", self.failed_throw_forced, FAILED_THROW_CHOICES)
        _check_bool("negative_points_as_zero", self.negative_points_as_zero)
        _check_choice("over_240", self.over_240, ("per40_from_80",))
        _check_choice("kitty_multiplier", self.kitty_multiplier, ("seed_2c", "exp"))
        _check_choice("game_end", self.game_end, ("pass_ace", "must_defend_ace"))

    @classmethod
    def coerce(cls, rules: RulesLike | None) -> Rules:
        """These options as a `Rules`: ``None`` gives the defaults, any object with the ten attributes is
        copied (an enum-like value is read through its ``.value``)."""
        if rules is None:
            return cls()
        if isinstance(rules, Rules):
            return rules
        values: dict[str, object] = {}
        for field in _RULE_FIELDS:
            if not hasattr(rules, field):
                raise TypeError(f"rules object {rules!r} has no attribute {field!r}")
            value = getattr(rules, field)
            if isinstance(getattr(value, "value", None), str):
                value = value.value
            values[field] = value
        return cls(**values)  # type: ignore[arg-type]  # the values are checked by __post_init__


# ------------------------------------------------------------------------------------------------------------
# Declarations (R15-R20)
# ------------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Declaration:
    """A standing declaration: the seat that exposed the cards and the action it took (109..118)."""

    seat: int
    action: int

    def __post_init__(self) -> None:
        if isinstance(self.seat, bool) or not isinstance(self.seat, int) or not 0 <= self.seat < NUM_PLAYERS:
            raise ValueError(f"Declaration.seat must be a seat 0..3, got {self.seat!r}")
        if not DECLARE_SINGLE <= self.action <= DECLARE_RED_JOKERS:
            raise ValueError(f"Declaration.action must be a declaration id 109..118, got {self.action!r}")

    @property
    def strength(self) -> int:
        """1 for one rank card (R15a), 2 for a pair of them (R15b), 3 for a joker pair (R15c)."""
        return _declaration_strength(self.action)

    @property
    def suit(self) -> str | None:
        """The suit it makes trump, ``None`` for a joker pair (no trump suit and no trump rank, R9)."""
        if self.action < DECLARE_PAIR:
            return SUITS[self.action - DECLARE_SINGLE]
        if self.action < DECLARE_BLACK_JOKERS:
            return SUITS[self.action - DECLARE_PAIR]
        return None


def _declaration_strength(action: int) -> int:
    if action < DECLARE_PAIR:
        return 1
    return 2 if action < DECLARE_BLACK_JOKERS else 3


def _may_declare(action: int, seat: int, standing: Declaration | None, rules: Rules) -> bool:
    """R16, R17: whether ``seat`` may make declaration ``action`` over the standing one."""
    if standing is None:
        return True  # R15: any declaration while none stands
    strength = _declaration_strength(action)
    if standing.seat == seat:
        # R17: the overriding player must be another one; option allow_self_reinforce lets the declarer turn
        # its single into a pair of the same suit.
        return (
            rules.allow_self_reinforce
            and standing.strength == 1
            and strength == 2
            and action - DECLARE_PAIR == standing.action - DECLARE_SINGLE
        )
    if standing.strength == 1:
        return strength >= 2  # R16: a single falls to a pair or a joker pair, never to a single
    if standing.strength == 2:
        return strength == 3  # R16: a rank pair falls only to a joker pair
    # R16: a joker pair stands for good; option red_pair_overrides_black_pair lets RJ RJ beat BJ BJ (R17).
    return (
        rules.red_pair_overrides_black_pair
        and standing.action == DECLARE_BLACK_JOKERS
        and action == DECLARE_RED_JOKERS
    )


def _declaration_ids(
    hand: Counter[int], seat: int, rank: int, standing: Declaration | None, rules: Rules
) -> list[int]:
    """The declarations ``seat`` may make now with the cards of ``hand`` (R15-R17), in id order."""
    candidates: list[int] = []
    for suit_index in range(len(SUITS)):
        copies = hand[_rank_card(rank, suit_index)]
        if copies >= 1:
            candidates.append(DECLARE_SINGLE + suit_index)  # R15a
        if copies == MAX_COPIES:
            candidates.append(DECLARE_PAIR + suit_index)  # R15b
    if hand[BLACK_JOKER] == MAX_COPIES:
        candidates.append(DECLARE_BLACK_JOKERS)  # R15c; a single joker declares nothing
    if hand[RED_JOKER] == MAX_COPIES:
        candidates.append(DECLARE_RED_JOKERS)
    return sorted(action for action in candidates if _may_declare(action, seat, standing, rules))


def legal_declarations(
    hand: Iterable[CardLike],
    seat: int,
    rank: int | str,
    standing: Declaration | None = None,
    rules: RulesLike | None = None,
) -> list[int]:
    """The declaration actions (109..118) a player at ``seat`` holding ``hand`` may make in a round of trump
    rank ``rank`` while ``standing`` stands (R15-R17), in id order; `action_to_string` names them."""
    parsed_rank = _parse_rank(rank)
    if parsed_rank is None:
        raise ValueError("a declaration needs the round's trump rank")
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < NUM_PLAYERS:
        raise ValueError(f"seat must be 0..3, got {seat!r}")
    counts = Counter(_ids(hand, "a hand"))
    return _declaration_ids(counts, seat, parsed_rank, standing, Rules.coerce(rules))


def _flip_talon_ids(talon: Sequence[int], rank: int) -> tuple[str, int]:
    """R20 on kind ids: (the trump suit, how many cards were turned)."""
    for turned, kind in enumerate(talon, start=1):
        if _rank_value(kind) == rank:
            suit = _printed_suit(kind)
            assert suit is not None
            return suit, turned  # the first trump-rank card turned sets the suit; turning stops
    best: int | None = None
    for kind in talon:
        value = _rank_value(kind)
        if value is None:
            continue  # jokers do not count
        best_value = None if best is None else _rank_value(best)
        if best_value is None or value > best_value:  # strictly higher: on a tie the first exposed counts
            best = kind
    if best is None:
        raise ValueError("the talon holds no card that is not a joker (R20 cannot choose a suit)")
    suit = _printed_suit(best)
    assert suit is not None
    return suit, len(talon)


def flip_talon(talon: Sequence[CardLike], rank: int | str) -> tuple[str, int]:
    """R20: turn the talon over in stack order. The first card of trump rank ``rank`` sets the trump suit and
    turning stops; if there is none, the suit of the highest-ranked non-joker card (A high ... 2 low; on a
    tie the one exposed first). Returns ``(suit, cards turned)``."""
    parsed_rank = _parse_rank(rank)
    if parsed_rank is None:
        raise ValueError("the talon flip needs the round's trump rank")
    return _flip_talon_ids(_ids(talon, "a talon"), parsed_rank)


# ------------------------------------------------------------------------------------------------------------
# Scoring and progression (R40-R48)
# ------------------------------------------------------------------------------------------------------------


def level_outcome(points: int) -> tuple[bool, int]:
    """R43: ``(declarers_hold, levels)`` for the opponents' final points P. P < 80: the declarers hold and
    gain 3 (P <= 0; a negative P counts as 0), 2 (P < 40) or 1; P >= 80: the opponents take over and gain
    ``(P - 80) // 40`` (0 for 80-115, one more per 40 points, also past 240)."""
    if isinstance(points, bool) or not isinstance(points, int):
        raise ValueError(f"points must be an int, got {points!r}")
    if points < 80:
        if points <= 0:
            return True, 3
        return True, 2 if points < 40 else 1
    return False, (points - 80) // 40


def kitty_bonus(
    kitty: Iterable[CardLike], last_lead: Iterable[CardLike], trump: Trump, kitty_multiplier: str = "seed_2c"
) -> int:
    """R41: what the kitty adds to P when an opponent wins the last trick, whose lead was ``last_lead``:
    ``seed_2c`` = kitty points x 2 x the cards per player; ``exp`` = kitty points x 2^(pairs + 1), the pairs
    of the lead counted inside its tractors too."""
    _check_choice("kitty_multiplier", kitty_multiplier, ("seed_2c", "exp"))
    lead = _ids(last_lead, "a lead")
    points = trick_points(_texts(_ids(kitty, "a kitty")))
    if kitty_multiplier == "seed_2c":
        return points * 2 * len(lead)
    pairs = sum(part.pairs for part in _components(lead, trump))
    return points * (1 << (pairs + 1))


@dataclass(frozen=True)
class RoundOutcome:
    """What a round's result means for the next one (R43-R47)."""

    declarers_hold: bool  # P < 80 (R44); else the opponents take over (R45)
    levels_gained: int  # by the declarers when they hold, else by the opponents (R43)
    levels: tuple[int, int]  # the teams' levels afterwards; under pass_ace the winner's may exceed 14 (A)
    declarers: int  # the declaring team of the next round
    starter: int  # the starter of the next round
    winner: int | None  # the team that has won the game (R47), else None


def round_outcome(
    points: int, levels: Sequence[int], declarers: int, starter: int, rules: RulesLike | None = None
) -> RoundOutcome:
    """R43-R47: the result of a round with opponents' points ``points``, team levels ``levels`` (team 0,
    team 1), declaring team ``declarers`` and starter ``starter``."""
    parsed = Rules.coerce(rules)
    if len(levels) != 2:
        raise ValueError(f"levels must be two team levels, got {levels!r}")
    current = [_check_level(level) for level in levels]
    if declarers not in (0, 1) or isinstance(declarers, bool):
        raise ValueError(f"declarers must be a team 0 or 1, got {declarers!r}")
    if isinstance(starter, bool) or not isinstance(starter, int) or not 0 <= starter < NUM_PLAYERS:
        raise ValueError(f"starter must be a seat 0..3, got {starter!r}")
    hold, gain = level_outcome(points)
    if hold:  # R44: the declarers rise and stay; the starter's partner starts
        team, next_starter = declarers, (starter + 2) % NUM_PLAYERS
    else:  # R45: the opponents rise (0 for 80-115) and declare; the player to the starter's right starts
        team, next_starter = 1 - declarers, (starter + 1) % NUM_PLAYERS
    before = current[team]
    after = before + gain  # R48: levels may skip, never decrease; only this team's level changes
    winner: int | None = None
    if parsed.game_end == "pass_ace":
        if after > 14:  # R47: going past the ace, by any advance, wins
            winner = team
    else:
        if hold and before == 14:  # must_defend_ace: only holding as declarers at A wins
            winner = team
        after = min(after, 14)
    current[team] = after
    return RoundOutcome(
        declarers_hold=hold,
        levels_gained=gain,
        levels=(current[0], current[1]),
        declarers=team,
        starter=next_starter,
        winner=winner,
    )


def _check_level(level: object) -> int:
    if isinstance(level, str):
        parsed = _parse_rank(level)
        assert parsed is not None
        return parsed
    if isinstance(level, bool) or not isinstance(level, int) or not 2 <= level <= 14:
        raise ValueError(f"a level must be a rank 2..14, got {level!r}")
    return level


# ------------------------------------------------------------------------------------------------------------
# The round
# ------------------------------------------------------------------------------------------------------------

Phase = Literal["draw", "kitty", "play", "done"]


@dataclass(frozen=True)
class _Restack:
    """One deal of a resampled round (`State.resample`) drawn from an explicit stack: deal number ``deal``
    (1 for the first) uses ``stack``, and a redeal after it (R19) shuffles with a generator whose four state
    words are ``after`` (the ``"after"`` of a save, as the Rust engine writes it)."""

    deal: int
    stack: tuple[int, ...]
    after: tuple[int, int, int, int]


@dataclass(frozen=True)
class _Setup:
    """What a round starts from; `State._reset` rebuilds the start from it (`undo` replays the history)."""

    levels: tuple[int, int]
    declarers: int | None  # None: round 1, decided by the declaration (R21)
    starter: int | None
    seed: int = 0
    stack: tuple[int, ...] | None = None  # an explicit stack (from_stack), else shuffled from the seed
    first_drawer: int = 0  # round 1 with an explicit stack
    hands: tuple[tuple[int, ...], ...] | None = None  # from_cards: a play-phase position
    kitty: tuple[int, ...] = ()
    trump: Trump | None = None
    restacks: tuple[_Restack, ...] = ()  # resampled deals; the others come from the seed or the stack
    rng: tuple[int, int, int, int] | None = None  # a generator state given instead of the seed (from_json)


class State:
    """One round of Tractor, from the draw to the scoring (docs/tractor-protocol.md).

    Build it with `State.new` (a seeded random round), `State.from_cards` (a play-phase position) or
    `State.from_stack` (a draw from an explicit stack). Play it with `legal_actions` / `apply_action`; `undo`
    takes an action back. The whole state is a function of the setup, the options and `history`.
    """

    # ---- construction --------------------------------------------------------------------------------------

    def __init__(
        self,
        seed: int = 0,
        rules: RulesLike | None = None,
        levels: Sequence[int] = (2, 2),
        declarers: int | None = None,
        starter: int | None = None,
    ) -> None:
        """The same as `State.new`."""
        self._rules = Rules.coerce(rules)
        parsed_levels, declarers, starter = _check_round(levels, declarers, starter)
        self._setup = _Setup(parsed_levels, declarers, starter, seed=_check_seed(seed))
        self._reset()

    @classmethod
    def new(
        cls,
        seed: int,
        rules: RulesLike | None = None,
        levels: Sequence[int] = (2, 2),
        declarers: int | None = None,
        starter: int | None = None,
    ) -> State:
        """A fresh round from a seeded shuffle. ``declarers=None`` is round 1: both levels equal, the trump
        rank is that level and the declaration decides the declarers (R21). Otherwise ``declarers`` is a team
        (0: seats 0 and 2, 1: seats 1 and 3), ``starter`` a seat of it, the trump rank that team's level."""
        return cls(seed, rules, levels, declarers, starter)

    @classmethod
    def from_stack(
        cls,
        stack: Sequence[CardLike],
        rules: RulesLike | None = None,
        levels: Sequence[int] = (2, 2),
        declarers: int | None = None,
        starter: int | None = None,
        first_drawer: int = 0,
        seed: int = 0,
    ) -> State:
        """A round drawn from an explicit stack of all 108 cards (``stack[0]`` is drawn first, by
        ``first_drawer`` in round 1, by ``starter`` in later rounds, R14). A redeal (R19) shuffles it with
        ``Rng(seed)``."""
        ids = _ids(stack, "the stack")
        if len(ids) != DECK_SIZE or set(Counter(ids).values()) != {MAX_COPIES}:
            raise ValueError(f"the stack must hold all {DECK_SIZE} cards, each kind twice (R2)")
        if isinstance(first_drawer, bool) or not isinstance(first_drawer, int) or not 0 <= first_drawer < 4:
            raise ValueError(f"first_drawer must be a seat 0..3, got {first_drawer!r}")
        state = object.__new__(cls)
        state._rules = Rules.coerce(rules)
        parsed_levels, declarers, starter = _check_round(levels, declarers, starter)
        state._setup = _Setup(
            parsed_levels,
            declarers,
            starter,
            seed=_check_seed(seed),
            stack=tuple(ids),
            first_drawer=first_drawer,
        )
        state._reset()
        return state

    @classmethod
    def from_cards(
        cls,
        hands: Sequence[Sequence[CardLike]],
        kitty: Sequence[CardLike],
        trump: Trump,
        starter: int,
        declarers: int,
        rules: RulesLike | None = None,
        levels: Sequence[int] | None = None,
    ) -> State:
        """A play-phase position: four hands of one size 1..25 (``hands[seat]``), a kitty of at most 8 cards,
        the trump, the seat that leads first (``starter``) and the declaring team. No kind more than twice in
        all (R2). Default levels: the declarers at the trump rank (2 without one), the opponents at 2. The
        trump's ``plain_suit_gap_closing`` is taken from the rules."""
        parsed_rules = Rules.coerce(rules)
        if isinstance(hands, str) or len(hands) != NUM_PLAYERS:
            raise ValueError(f"expected {NUM_PLAYERS} hands, got {len(hands)}")
        parsed_hands = tuple(tuple(sorted(_ids(hand, f"hand {seat}"))) for seat, hand in enumerate(hands))
        sizes = {len(hand) for hand in parsed_hands}
        if len(sizes) != 1 or not 1 <= sizes.pop() <= HAND_SIZE:
            raise ValueError(f"the hands must have one size 1..{HAND_SIZE}, got {[len(h) for h in hands]}")
        parsed_kitty = tuple(_ids(kitty, "the kitty"))
        if len(parsed_kitty) > TALON_SIZE:
            raise ValueError(f"the kitty has {len(parsed_kitty)} cards, at most {TALON_SIZE}")
        _ids(_texts([*(card for hand in parsed_hands for card in hand), *parsed_kitty]), "the cards")
        if not isinstance(trump, Trump):
            raise ValueError(f"trump must be a Trump, got {trump!r}")
        trump = Trump(trump.rank, trump.suit, parsed_rules.plain_suit_gap_closing)
        if isinstance(starter, bool) or not isinstance(starter, int) or not 0 <= starter < NUM_PLAYERS:
            raise ValueError(f"starter must be a seat 0..3, got {starter!r}")
        if isinstance(declarers, bool) or declarers not in (0, 1):
            raise ValueError(f"declarers must be a team 0 or 1, got {declarers!r}")
        if levels is None:
            own = 2 if trump.rank is None else trump.rank
            parsed_levels = (own, 2) if declarers == 0 else (2, own)
        else:
            parsed_levels, _, _ = _check_round(levels, None, None, equal=False)
        state = object.__new__(cls)
        state._rules = parsed_rules
        state._setup = _Setup(
            parsed_levels, declarers, starter, hands=parsed_hands, kitty=parsed_kitty, trump=trump
        )
        state._reset()
        return state

    def _reset(self) -> None:
        """Back to the start of the round: no action taken."""
        setup = self._setup
        self._history: list[int] = []
        self._levels = setup.levels
        self._round1 = setup.declarers is None
        self._declarers: int | None = setup.declarers
        self._starter: int | None = setup.starter
        self._rank = setup.levels[0] if setup.declarers is None else setup.levels[setup.declarers]  # R5
        self._rng = _generator(setup.seed, setup.rng)
        self._stack: list[int] = []
        self._first = 0
        self._deals = 0
        self._drawn = 0
        self._window = 0  # final-window seats already called (R18)
        self._decider: int | None = None  # the seat that may declare or pass now
        self._standing: Declaration | None = None
        self._hands: list[Counter[int]] = [Counter() for _ in range(NUM_PLAYERS)]
        self._talon: list[int] = []
        self._turned = 0  # talon cards turned over by R20
        self._kitty: list[int] = []
        self._trump: Trump | None = None
        self._leader = 0
        self._trick: list[tuple[int, list[int]]] = []  # completed plays of the trick in progress
        self._partial: list[int] = []  # the play being built, in the order the cards were added
        self._tricks: list[list[tuple[int, list[int]]]] = []
        self._trick_winners: list[int] = []
        self._points = 0  # P, R40-R42, as it runs (it may go below 0, R42)
        self._trick_points = [0, 0]
        self._kitty_bonus = 0
        self._failed_throws = 0
        self._phase: Phase = "draw"
        # What the history does not say (information_state_key, observation): where this deal's draw stopped
        # for a seat to declare or pass, as (cards drawn, final-window turns), and the cards each seat
        # exposed to declare in this deal (R15, R18: they stay in the hand, but everyone has seen them).
        self._stops: list[tuple[int, int]] = []
        self._exposed: list[Counter[int]] = [Counter() for _ in range(NUM_PLAYERS)]

        if setup.hands is not None:  # from_cards: straight to the play
            assert setup.trump is not None and setup.starter is not None
            self._hands = [Counter(hand) for hand in setup.hands]
            self._kitty = list(setup.kitty)
            self._trump = setup.trump
            if setup.trump.rank is not None:
                self._rank = setup.trump.rank
            self._leader = setup.starter
            self._first = setup.starter
            self._drawn = DRAWN_CARDS  # the draw is over
            self._phase = "play"
            return

        if setup.stack is None:
            if not self._round1:
                self._first = self._starter_seat()  # R14: in later rounds the starter draws first
            elif self._rules.first_drawer_round1 == "random":
                self._first = self._rng.below(NUM_PLAYERS)  # R14: by lot, before the shuffle
            self._stack = [kind for kind in range(NUM_KINDS) for _ in range(MAX_COPIES)]
            self._rng.shuffle(self._stack)  # R13
        else:
            self._first = setup.first_drawer if self._round1 else self._starter_seat()
            self._stack = list(setup.stack)
        self._start_deal()
        self._advance_draw()

    def _starter_seat(self) -> int:
        assert self._starter is not None
        return self._starter

    def _start_deal(self) -> None:
        """A (re)deal from the current stack: empty hands, nothing declared."""
        self._deals += 1
        for restack in self._setup.restacks:
            if restack.deal == self._deals:
                # A resampled round (`resample`): this deal's stack was dealt again, and a later redeal
                # draws from a fresh generator.
                self._stack = list(restack.stack)
                self._rng = _generator(0, restack.after)
        self._drawn = 0
        self._window = 0
        self._decider = None
        self._standing = None
        self._hands = [Counter() for _ in range(NUM_PLAYERS)]
        self._talon = self._stack[DRAWN_CARDS:]  # R13: the last 8 cards
        self._stops = []
        self._exposed = [Counter() for _ in range(NUM_PLAYERS)]

    # ---- the search protocol -------------------------------------------------------------------------------

    @property
    def num_players(self) -> int:
        """Always 4 (R1)."""
        return NUM_PLAYERS

    @property
    def current_player(self) -> int | None:
        """The seat to act, or None once the round is over."""
        if self._phase == "draw":
            return self._decider
        if self._phase == "kitty":
            return self._starter
        if self._phase == "play":
            return (self._leader + len(self._trick)) % NUM_PLAYERS  # R25: counterclockwise
        return None

    @property
    def is_terminal(self) -> bool:
        """Whether the round is over (all hands played out)."""
        return self._phase == "done"

    def legal_actions(self) -> list[int]:
        """The legal action ids, in increasing order (empty once the round is over)."""
        if self._phase == "draw":
            seat = self._decider
            assert seat is not None
            return [*_declaration_ids(self._hands[seat], seat, self._rank, self._standing, self._rules), PASS]
        if self._phase == "kitty":
            hand = self._hands[self._starter_seat()]
            return [DISCARD + kind for kind in sorted(hand)]  # R23: any card
        if self._phase == "play":
            return self._play_actions()
        return []

    def apply_action(self, action: int) -> None:
        """Take a legal action. An illegal or unknown action raises `IllegalActionError`, changing nothing."""
        if isinstance(action, bool) or not isinstance(action, int) or not 0 <= action < NUM_ACTIONS:
            raise IllegalActionError(f"not a Tractor action id: {action!r} (expected 0..{NUM_ACTIONS - 1})")
        if action not in self.legal_actions():
            raise IllegalActionError(
                f"illegal action {action} ({self.action_to_string(action)}) in phase {self._phase!r}"
                f" for seat {self.current_player}"
            )
        self._do(action)

    def undo(self) -> None:
        """Take back the last action; `NothingToUndoError` if there is none."""
        if not self._history:
            raise NothingToUndoError("no action to undo")
        earlier = self._history[:-1]
        self._reset()
        for action in earlier:
            self._do(action)

    def clone(self) -> State:
        """An independent copy."""
        other = object.__new__(State)
        memo: dict[int, object] = {id(self._rules): self._rules, id(self._setup): self._setup}
        if self._trump is not None:
            memo[id(self._trump)] = self._trump
        other.__dict__.update(copy.deepcopy(self.__dict__, memo))
        return other

    def __copy__(self) -> State:
        return self.clone()

    def __deepcopy__(self, memo: dict[int, object]) -> State:
        return self.clone()

    def returns(self) -> list[int]:
        """Per seat, zero before the end; at the end, with R43's outcome of P, each declarer gets ``+levels``
        when the declarers hold and ``-(1 + levels)`` when the opponents take over, each opponent the
        negation. Sums to 0."""
        if self._phase != "done":
            return [0] * NUM_PLAYERS
        hold, levels = level_outcome(self._points)
        amount = levels if hold else -(1 + levels)
        declarers = self._declaring_team()
        return [amount if seat % 2 == declarers else -amount for seat in range(NUM_PLAYERS)]

    def history(self) -> list[int]:
        """The actions applied so far."""
        return list(self._history)

    def action_to_string(self, action: int) -> str:
        """See the module function `action_to_string`; declarations name this round's trump rank."""
        return action_to_string(action, self._rank)

    def string_to_action(self, text: str) -> int:
        """See the module function `string_to_action`; a declaration must name this round's trump rank."""
        return string_to_action(text, self._rank)

    def legal_action_mask(self) -> list[bool]:
        """``mask[a]`` is whether action ``a`` is legal now, for every id ``0..NUM_ACTIONS - 1``. A plain
        ``list[bool]`` (this module uses the standard library only); the Rust engine returns the same values
        as a numpy bool array."""
        legal = set(self.legal_actions())
        return [action in legal for action in range(NUM_ACTIONS)]

    # ---- what a seat knows (docs/tractor-protocol.md, "What a seat knows") --------------------------------

    def _knows_kitty(self, player: int) -> bool:
        """The starter knows the kitty it discards (R23); everyone once the round is over (R41)."""
        return self._phase == "done" or (self._starter == player and self._phase in ("kitty", "play"))

    def information_state_key(self, player: int) -> int:
        """A 64-bit int equal for two rounds exactly when ``player``'s information in them is equal (up
        to hash collisions): the setup and options, the cards it drew and where, after which draws the
        draw stopped for someone to declare or pass (R18), the talon if it is the starter (R23) and the
        talon cards turned over (R20), the kitty once it knows it, every card played and what each lead
        really led (a failed throw's forced component, R34), and the history with another starter's
        discards hidden. For a `from_cards` position: its cards there and the trump. The cards of a deal
        abandoned by a redeal (R19) are not part of it. It is a blake2b hash of a canonical repr, stable
        across runs and processes; not the Rust engine's value, but the same equivalence."""
        self._check_seat(player)
        setup = self._setup
        seen: list[object] = [
            "tractor information",
            player,
            setup.levels,
            (setup.declarers, setup.starter),
            dataclasses.astuple(self._rules),
            self._first,
            self._deals,
        ]
        if setup.hands is not None:  # a position from explicit cards
            trump = self._current_trump()
            seen.append(("position", setup.hands[player], trump.rank, trump.suit))
        else:
            # Its own draws of this deal, in order (R13); the talon if it took it; the turned talon (R20).
            own = tuple(
                (k, self._stack[k]) for k in range(self._drawn) if (self._first + k) % NUM_PLAYERS == player
            )
            talon = tuple(self._talon) if self._starter == player and self._phase != "draw" else None
            seen.append(("deal", own, talon, tuple(self._talon[: self._turned])))
        seen.append(tuple(sorted(self._kitty)) if self._knows_kitty(player) else None)
        seen.append(tuple(self._stops))
        # Every play, as it was completed: a failed throw shows as the forced lead (R34).
        seen.append(
            tuple(
                tuple((seat, tuple(cards)) for seat, cards in trick) for trick in [*self._tricks, self._trick]
            )
        )
        hide_discards = self._starter != player  # another seat's discards are face down (R23)
        seen.append(
            tuple(
                DISCARD if hide_discards and DISCARD <= action < DECLARE_SINGLE else action
                for action in self._history
            )
        )
        digest = hashlib.blake2b(repr(seen).encode(), digest_size=8).digest()
        return int.from_bytes(digest, "little")

    def observation(self, player: int) -> list[float]:
        """What ``player`` may know as ``OBSERVATION_SHAPE[0] == 939`` numbers, in the layout of the Rust
        engine's ``observe`` (``rust/core/src/tractor/information.rs``), element for element: the same values
        rounded to float32, in a plain list (the Rust engine returns a numpy float32 array).

        Seats are counted from ``player`` (relative seat r is ``player + r``); a card plane is 54 numbers,
        one per card id, holding copies / 2.

        ======  =====  ==================================================================================
        offset  size   what
        ======  =====  ==================================================================================
        0       54     the player's hand (a play being built is still in it)
        54      4x54   cards played in completed tricks, by relative seat
        270     4x54   the completed plays of the trick on the table, by relative seat
        486     54     the play being built, if the player is to act
        540     4x54   cards exposed to declare in this deal (R15), by relative seat
        756     54     the kitty, if the player is the starter (kitty and play phases) or the round is over
        810     54     the talon cards turned over (R20)
        864     14     the trump's rank 2..A, or none (no trump rank, R9)
        878     5      the trump suit C D H S, or none
        883     13     the round's rank (the one declarations name, R5)
        896     4      the phase: draw, kitty, play, done
        900     2      levels / 14: the player's team, the other
        902     3      the declarers: the player's team, the other, not known yet
        905     4      the starter, by relative seat
        909     4      the trick's leader (play phase only)
        913     4      the seat to act
        917     7      the standing declaration: its maker (4), single / pair / joker pair (3)
        924     4      P / 200 (as it runs, R42); trick points us / 200, them / 200; kitty bonus / 200
        928     1      cards drawn / 100
        929     4      the trick's lead: cards / 25, pairs / 12, longest tractor / 12 (0: none), a throw
        933     1      failed throws so far / 25
        934     5      options: self-reinforce, red over black, gap closing, tractor must follow, exp kitty
        ======  =====  ==================================================================================
        """
        self._check_seat(player)
        out = [0.0] * OBSERVATION_SHAPE[0]

        def relative(seat: int) -> int:
            return (seat - player) % NUM_PLAYERS

        def plane(base: int, cards: Iterable[int]) -> None:
            for kind, count in Counter(cards).items():
                out[base + kind] = count / MAX_COPIES

        plane(0, self._hands[player].elements())
        for trick in self._tricks:
            for seat, cards in trick:
                for kind in cards:
                    out[54 + NUM_KINDS * relative(seat) + kind] += 1 / MAX_COPIES
        for seat, cards in self._trick:
            plane(270 + NUM_KINDS * relative(seat), cards)
        if self.current_player == player:
            plane(486, self._partial)
        for seat in range(NUM_PLAYERS):
            plane(540 + NUM_KINDS * relative(seat), self._exposed[seat].elements())
        if self._knows_kitty(player):
            plane(756, self._kitty)
        plane(810, self._talon[: self._turned])
        if self._trump is not None:
            rank, suit = self._trump.rank, self._trump.suit
            out[864 + (13 if rank is None else rank - 2)] = 1.0
            out[878 + (4 if suit is None else SUITS.index(suit))] = 1.0
        out[883 + self._rank - 2] = 1.0
        out[896 + ("draw", "kitty", "play", "done").index(self._phase)] = 1.0
        us = player % 2
        out[900] = self._levels[us] / 14
        out[901] = self._levels[1 - us] / 14
        out[902 + (2 if self._declarers is None else int(self._declarers != us))] = 1.0
        if self._starter is not None:
            out[905 + relative(self._starter)] = 1.0
        if self._phase == "play":
            out[909 + relative(self._leader)] = 1.0
        if self.current_player is not None:
            out[913 + relative(self.current_player)] = 1.0
        if self._standing is not None:
            out[917 + relative(self._standing.seat)] = 1.0
            out[921 + self._standing.strength - 1] = 1.0  # single, pair, joker pair
        out[924] = self._points / TOTAL_POINTS
        out[925] = self._trick_points[us] / TOTAL_POINTS
        out[926] = self._trick_points[1 - us] / TOTAL_POINTS
        out[927] = self._kitty_bonus / TOTAL_POINTS
        out[928] = self._drawn / DRAWN_CARDS
        if self._trick:  # the lead (a failed throw's forced component, R34) until the trick is decided
            components = _components(self._trick[0][1], self._current_trump())
            out[929] = len(self._trick[0][1]) / HAND_SIZE
            out[930] = sum(part.pairs for part in components) / 12
            out[931] = max((part.pairs for part in components if part.kind == "tractor"), default=0) / 12
            out[932] = float(len(components) > 1)
        out[933] = self._failed_throws / HAND_SIZE
        rules = self._rules
        options = (
            rules.allow_self_reinforce,
            rules.red_pair_overrides_black_pair,
            rules.plain_suit_gap_closing,
            rules.tractor_must_follow_tractor,
            rules.kitty_multiplier == "exp",
        )
        for i, option in enumerate(options):
            out[934 + i] = float(option)
        return array.array("f", out).tolist()  # float32, as the Rust engine computes them

    # ---- saving: the JSON of the Rust engine, pickling -----------------------------------------------------

    def to_json(self) -> str:
        """This round as the JSON text the Rust engine's ``to_json`` writes (see ``_state_to_json`` in
        ``python/tricktaker/tractor.py``), so that either engine loads the other's saves with the same
        history::

            {"game": "tractor", "format": 1, "rules": {...}, "levels": [a, b], "start": ...,
             "history": ["declare 2H", "discard 5S", ...]}

        ``start`` is ``{"deal": {"rng": [4 generator state words], "declarers": ..., "starter": ...}}``
        for a dealt round, with ``"restacks": [{"deal": n, "stack": "108 cards", "after": [4 words]}]``
        for the deals of a resampled round drawn from given stacks, or ``{"position": {"hands", "kitty",
        "trump": [rank, suit], "starter", "declarers"}}`` for `from_cards`.

        A round from `from_stack` is written as a dealt round whose first deal is restacked (its redeals
        keep the ``Rng(seed)`` generator); a round-1 first drawer other than seat 0 under
        ``first_drawer_round1 = "seat0"`` cannot be written that way and raises ValueError."""
        setup = self._setup
        start: dict[str, object]
        if setup.hands is not None:
            trump = self._current_trump()
            start = {
                "position": {
                    "hands": [_texts(hand) for hand in setup.hands],
                    "kitty": _texts(sorted(setup.kitty)),
                    "trump": [None if trump.rank is None else _rank_text(trump.rank), trump.suit],
                    "starter": setup.starter,
                    "declarers": setup.declarers,
                }
            }
        else:
            words, restacks = self._dealt_origin()
            deal: dict[str, object] = {
                "rng": list(words),
                "declarers": setup.declarers,
                "starter": setup.starter,
            }
            if restacks:
                deal["restacks"] = [
                    {"deal": r.deal, "stack": " ".join(_texts(r.stack)), "after": list(r.after)}
                    for r in restacks
                ]
            start = {"deal": deal}
        return json.dumps(
            {
                "game": "tractor",
                "format": _SAVE_FORMAT,
                "rules": dataclasses.asdict(self._rules),
                "levels": list(setup.levels),
                "start": start,
                "history": [self.action_to_string(action) for action in self._history],
            }
        )

    def _dealt_origin(self) -> tuple[tuple[int, int, int, int], tuple[_Restack, ...]]:
        """The generator state a dealt round starts from and its restacked deals, as a save has them."""
        setup = self._setup
        if setup.stack is None:
            return _generator(setup.seed, setup.rng).state, setup.restacks
        # from_stack: deal 1 draws from the given stack; the generator then is Rng(seed) (R19 redeals).
        restacks = setup.restacks
        if all(restack.deal != 1 for restack in restacks):
            restacks = (_Restack(1, setup.stack, Rng(setup.seed).state), *restacks)
        if setup.declarers is not None:  # a later round: the starter draws first (R14)
            return Rng(setup.seed).state, restacks
        if self._rules.first_drawer_round1 == "seat0":
            if setup.first_drawer != 0:
                raise ValueError(
                    f"a round from from_stack with first drawer {setup.first_drawer} under"
                    " first_drawer_round1 = 'seat0' has no save format"
                )
            return Rng(setup.seed).state, restacks
        # R14 by lot: a generator whose first below(4) (drawn before the shuffle) is the first drawer.
        seed = next(s for s in itertools.count() if Rng(s).below(NUM_PLAYERS) == setup.first_drawer)
        return Rng(seed).state, restacks

    @classmethod
    def from_json(cls, text: str | bytes) -> State:
        """The round saved by `to_json` (by either engine): its start rebuilt, then its history replayed
        action by action with every legality check. Anything inconsistent raises
        ``tricktaker.errors.InvalidStateError`` saying what."""
        try:
            data = json.loads(text)
            if not isinstance(data, dict) or data.get("game") != "tractor":
                raise ValueError("not a saved tractor state")
            if data.get("format") != _SAVE_FORMAT:
                raise ValueError(f"unknown save format {data.get('format')!r}")
            state = cls._saved_start(data)
            history = data["history"]
            if not isinstance(history, list):
                raise ValueError("the history must be a list of action texts")
            for i, text_action in enumerate(history):
                if not isinstance(text_action, str):
                    raise ValueError(f"action {i} is not a text: {text_action!r}")
                try:
                    state.apply_action(state.string_to_action(text_action))
                except ValueError as error:
                    raise ValueError(f"action {i} ({text_action!r}) cannot be replayed: {error}") from None
            return state
        except (ValueError, TypeError, KeyError, AttributeError, OverflowError) as error:
            raise InvalidStateError(f"corrupted saved game: {type(error).__name__}: {error}") from None

    @classmethod
    def _saved_start(cls, data: dict[str, object]) -> State:
        """The round a save starts from, before its history."""
        rules_data = data["rules"]
        if not isinstance(rules_data, dict):
            raise ValueError("the rules must be an object")
        rules = Rules(**rules_data)
        levels = data["levels"]
        if not isinstance(levels, list) or not all(_is_int(level) for level in levels):
            raise ValueError(f"levels must be two ints, got {levels!r}")
        start = data["start"]
        if not isinstance(start, dict) or len(start) != 1:
            raise ValueError("start must hold one of 'deal' or 'position'")
        if "position" in start:
            pos = start["position"]
            rank, suit = pos["trump"]
            return cls.from_cards(
                pos["hands"],
                pos["kitty"],
                Trump(rank, suit),
                pos["starter"],
                pos["declarers"],
                rules,
                levels,
            )
        deal = start["deal"]
        if not isinstance(deal, dict):
            raise ValueError("the deal must be an object")
        parsed_levels, declarers, starter = _check_round(levels, deal["declarers"], deal["starter"])
        restacks: list[_Restack] = []
        for saved in deal.get("restacks", []):
            number = saved["deal"]
            if not _is_int(number) or number < 1 or (restacks and number <= restacks[-1].deal):
                raise ValueError("restacked deals are numbered from 1, in increasing order")
            stack = _ids(saved["stack"].split(), f"the stack of deal {number}")
            if len(stack) != DECK_SIZE or set(Counter(stack).values()) != {MAX_COPIES}:
                raise ValueError(
                    f"the stack of deal {number} must hold all {DECK_SIZE} cards, each twice (R2)"
                )
            restacks.append(_Restack(number, tuple(stack), _generator(0, _words(saved["after"])).state))
        state = object.__new__(cls)
        state._rules = rules
        state._setup = _Setup(
            parsed_levels,
            declarers,
            starter,
            rng=_generator(0, _words(deal["rng"])).state,
            restacks=tuple(restacks),
        )
        state._reset()
        return state

    # ---- what a seat cannot see ----------------------------------------------------------------------------

    def resample(self, player: int, seed: int) -> State:
        """A round `player` cannot tell from this one: every card hidden from it dealt again at random among
        the deals consistent with everything it saw.

        Hidden from a seat are the cards the others drew (and where in the stack), the undrawn stack, and the
        talon and the kitty of another starter (R23, R24; the kitty is shown once the round is over, R41).
        Everything the seat saw constrains them: the cards each seat played, the voids they showed (R28),
        follows that kept no pair or tractor where the hand had one (R30-R32), the throws that failed or
        stood (R33, R34), the cards exposed to declare (R15) and thrown and taken back, the talon turned over
        (R20), and, during the draw, after which cards each drawer could declare and when it could not (R18).

        How: the cards no seat is known to hold are shuffled and dealt into the places left (each other
        seat's draws, the undrawn stack, the kitty); a deal that gives a seat a card of a suit it showed void
        in is dealt again. Each other seat's cards are then put in its draw positions in an order drawn
        uniformly among the orders that make it stop to declare exactly where it did (counted exactly over
        its trump-rank cards and jokers, the only cards that decide it). Another starter's kitty is drawn
        uniformly from its unplayed cards, and its discards in the history rewritten with it. The whole
        history is then replayed with every legality check, and the deal kept only if the same seats stopped
        at the same draws and the same throws failed the same way. (Cheap checks of the voids, follows and
        throws turn down some deals before the replay would; a kitty that would hold a card seen in the
        starter's hand since is turned down as it is drawn: see `_draw_kitty`.)

        Rejection from a uniform proposal keeps the result uniform: a position from `from_cards` is resampled
        uniformly over the deals consistent with what the seat saw; after a draw, the hands are uniform among
        those consistent with everything seen and, given the hands, the stack order is uniform among the
        consistent ones. The deals abandoned by a redeal (R19) are kept, and a later redeal of the resampled
        round draws from a fresh generator. After 64 uniform deals have broken a shown void, the cards are
        dealt around the voids instead: the cards fewest seats may hold first, each to a place that may hold
        it with odds proportional to the room left there.

        The randomness comes from ``random.Random(seed)``. Raises `UnreachableStateError` after
        `RESAMPLE_TRIES` deals, which never happens to a round reached by play.
        """
        self._check_seat(player)
        chooser = random.Random(_check_seed(seed))
        hidden = _HiddenCards(self, player)
        void_misses = 0  # uniform deals that broke a shown void
        for _ in range(RESAMPLE_TRIES):
            try:
                return hidden.propose(chooser, around_voids=void_misses >= _UNIFORM_VOID_TRIES)
            except _Rejected as rejected:
                if rejected.void:
                    void_misses += 1
        raise UnreachableStateError(
            f"no deal found in {RESAMPLE_TRIES} tries under which seat {player} would see this round as it"
            " is: the round cannot be reached by play"
        )

    def _rebuilt(self, setup: _Setup) -> State:
        """A round of these options at the start of ``setup``, no action taken."""
        state = object.__new__(State)
        state._rules = self._rules
        state._setup = setup
        state._reset()
        return state

    # ---- read-only views -----------------------------------------------------------------------------------

    @property
    def rules(self) -> Rules:
        """The options of this round."""
        return self._rules

    @property
    def phase(self) -> Phase:
        """``"draw"`` (drawing and declaring), ``"kitty"``, ``"play"`` or ``"done"``."""
        return self._phase

    @property
    def levels(self) -> tuple[int, int]:
        """The teams' levels (team 0, team 1) at the start of the round."""
        return self._levels

    @property
    def rank(self) -> int:
        """The round's trump rank (R5), the one declarations name; the trump has none after a joker pair."""
        return self._rank

    @property
    def declarers(self) -> int | None:
        """The declaring team (0: seats 0 and 2, 1: seats 1 and 3); None in round 1 until the trump is
        fixed."""
        return self._declarers

    @property
    def starter(self) -> int | None:
        """The starter's seat (takes the talon, leads the first trick); None in round 1 until it is known."""
        return self._starter

    @property
    def first_drawer(self) -> int:
        """The seat that drew the first card (R14)."""
        return self._first

    @property
    def trump(self) -> Trump | None:
        """The trump of the round, None while the draw goes on."""
        return self._trump

    @property
    def declaration(self) -> tuple[int, str] | None:
        """The standing declaration as ``(seat, action text)``, or None."""
        if self._standing is None:
            return None
        return self._standing.seat, self.action_to_string(self._standing.action)

    @property
    def points(self) -> int:
        """P so far (R40-R42): the opponents' trick points, the throw penalties and the kitty bonus. With
        ``negative_points_as_zero`` (default) a negative P is reported as 0 (R43); see `raw_points`."""
        if self._rules.negative_points_as_zero:
            return max(self._points, 0)
        return self._points

    @property
    def raw_points(self) -> int:
        """P so far as it runs, possibly negative (R42)."""
        return self._points

    @property
    def trick_points(self) -> tuple[int, int]:
        """The card points (R3) in the tricks each team has taken (team 0, team 1); no penalties, no kitty."""
        return (self._trick_points[0], self._trick_points[1])

    @property
    def kitty_bonus(self) -> int:
        """R41: what the kitty added to P (0 until an opponent wins the last trick)."""
        return self._kitty_bonus

    @property
    def failed_throws(self) -> int:
        """How many throws failed so far (R34)."""
        return self._failed_throws

    @property
    def deals(self) -> int:
        """The number of deals made, redeals included (R19); 0 for a position from `from_cards`."""
        return self._deals

    @property
    def drawn(self) -> int:
        """How many cards of the current deal have been drawn (100 once the draw is over, and for
        `from_cards`)."""
        return self._drawn

    def hand(self, seat: int) -> list[str]:
        """The cards ``seat`` holds now, in id order; the cards of a play being built are still in it."""
        self._check_seat(seat)
        return _texts(sorted(self._hands[seat].elements()))

    @property
    def kitty(self) -> list[str]:
        """The cards discarded into the kitty so far, in the order discarded (R23, R24)."""
        return _texts(self._kitty)

    @property
    def talon(self) -> list[str]:
        """The 8 talon cards of the current deal in stack order (empty for `from_cards`)."""
        return _texts(self._talon)

    @property
    def turned(self) -> int:
        """How many talon cards R20 turned over (0 when a declaration fixed the trump)."""
        return self._turned

    @property
    def leader(self) -> int:
        """The seat that leads (or led) the trick in progress."""
        return self._leader

    def current_trick(self) -> list[tuple[int, list[str]]]:
        """The completed plays of the trick in progress, lead first, as ``(seat, cards in id order)``. A
        failed throw shows as the forced lead."""
        return [(seat, _texts(cards)) for seat, cards in self._trick]

    def partial_play(self) -> list[str]:
        """The cards of the play being built, in the order they were added."""
        return _texts(self._partial)

    def completed_tricks(self) -> list[list[tuple[int, list[str]]]]:
        """The tricks played so far, each as its plays ``(seat, cards)`` from the lead."""
        return [[(seat, _texts(cards)) for seat, cards in trick] for trick in self._tricks]

    def trick_winners(self) -> list[int]:
        """The seat that won each completed trick."""
        return list(self._trick_winners)

    def outcome(self) -> RoundOutcome | None:
        """R43-R47 applied to this round once it is over (None before)."""
        if self._phase != "done":
            return None
        return round_outcome(
            self._points, self._levels, self._declaring_team(), self._starter_seat(), self._rules
        )

    def __repr__(self) -> str:
        return (
            f"<tractor.State phase={self._phase} rank={_rank_text(self._rank)} trump={self._trump!r}"
            f" declarers={self._declarers} starter={self._starter} actions={len(self._history)}>"
        )

    # ---- the rules -----------------------------------------------------------------------------------------

    def _check_seat(self, seat: int) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < NUM_PLAYERS:
            raise ValueError(f"seat must be 0..{NUM_PLAYERS - 1}, got {seat!r}")

    def _declaring_team(self) -> int:
        assert self._declarers is not None
        return self._declarers

    def _current_trump(self) -> Trump:
        assert self._trump is not None
        return self._trump

    def _advance_draw(self) -> None:
        """Draw on until a player has a declaration to make or decline, or the draw is over (R13-R20)."""
        while self._phase == "draw":
            if self._drawn < DRAWN_CARDS:
                # R13: card k of the stack goes to seat first + k, counterclockwise.
                seat = (self._first + self._drawn) % NUM_PLAYERS
                self._hands[seat][self._stack[self._drawn]] += 1
                self._drawn += 1
            elif self._window < NUM_PLAYERS:
                # R18: the final window, each seat once from the first drawer on.
                seat = (self._first + self._window) % NUM_PLAYERS
                self._window += 1
            else:
                self._end_draw()
                continue
            if _declaration_ids(self._hands[seat], seat, self._rank, self._standing, self._rules):
                self._decider = seat  # R15-R18: this player may declare now
                self._stops.append((self._drawn, self._window))  # seen by all: the draw stopped here
                return

    def _end_draw(self) -> None:
        """The trump is fixed (R18-R22), or the cards are redealt (R19); then the starter takes the talon."""
        standing = self._standing
        flag = self._rules.plain_suit_gap_closing
        if standing is None:
            if self._round1:
                # R19: the current stack is shuffled again with the same generator; same first drawer.
                self._rng.shuffle(self._stack)
                self._start_deal()
                return
            suit, self._turned = _flip_talon_ids(self._talon, self._rank)  # R20
            self._trump = Trump(self._rank, suit, flag)
        elif standing.suit is None:
            self._trump = Trump(None, None, flag)  # R15c, R9: no trump suit and no trump rank
        else:
            self._trump = Trump(self._rank, standing.suit, flag)  # R15a/b
        if self._round1 and standing is not None:
            # R21: the team of the declaration that stands declares, and its maker starts.
            self._declarers = standing.seat % 2
            self._starter = standing.seat
        starter = self._starter_seat()
        self._hands[starter].update(self._talon)  # R23: the starter takes the talon (33 cards)
        self._phase = "kitty"

    def _play_actions(self) -> list[int]:
        seat = (self._leader + len(self._trick)) % NUM_PLAYERS
        hand = self._hands[seat]
        partial = Counter(self._partial)
        trump = self._current_trump()
        if not self._trick:
            # A lead (R27): any first card, then more cards of its effective suit; `finish` ends it.
            if not self._partial:
                return sorted(hand)
            led = trump._suit_of_id(self._partial[0])
            more = [kind for kind in hand if hand[kind] > partial[kind] and trump._suit_of_id(kind) == led]
            return [*sorted(more), FINISH]
        lead = self._trick[0][1]
        return _follow_next(hand, lead, partial, trump, self._rules.tractor_must_follow_tractor)

    def _do(self, action: int) -> None:
        """Apply an action already known to be legal."""
        self._history.append(action)
        if self._phase == "draw":
            seat = self._decider
            assert seat is not None
            if action != PASS:
                self._standing = Declaration(seat, action)  # the cards stay in the hand (R18)
                self._exposed[seat] |= _declared_cards(action, self._rank)  # ... shown to all (R15)
            self._decider = None
            self._advance_draw()
        elif self._phase == "kitty":
            starter = self._starter_seat()
            self._take(starter, [action - DISCARD])
            self._kitty.append(action - DISCARD)  # R23
            if len(self._kitty) == TALON_SIZE:
                self._phase = "play"
                self._leader = starter  # R25: the starter leads the first trick
        elif self._phase == "play":
            if action == FINISH:
                self._finish_lead()
            else:
                self._partial.append(action - PLAY)
                if self._trick and len(self._partial) == len(self._trick[0][1]):
                    self._complete_play(list(self._partial))  # a follow ends at the lead's size (R26)
        else:  # pragma: no cover - legal_actions() is empty when the round is over
            raise AssertionError(f"no action can be applied in phase {self._phase!r}")

    def _take(self, seat: int, cards: Iterable[int]) -> None:
        hand = self._hands[seat]
        for kind in cards:
            hand[kind] -= 1
            if hand[kind] == 0:
                del hand[kind]

    def _finish_lead(self) -> None:
        """A lead is complete: a throw is checked against the three other hands (R33); a failed one is taken
        back for its forced component, at 10 points per card taken back (R34, R42)."""
        trump = self._current_trump()
        leader = self._leader
        lead = list(self._partial)
        others = [_texts(self._hands[seat].elements()) for seat in range(NUM_PLAYERS) if seat != leader]
        failed = check_throw(_texts(lead), others, trump, failed_throw_forced=self._rules.failed_throw_forced)
        if failed is not None:
            forced, taken_back = failed
            lead = [_kind_id(card) for card in forced]
            penalty = PENALTY_PER_CARD * taken_back
            # R42: a declarer's failed throw raises P, an opponent's lowers it.
            self._points += penalty if leader % 2 == self._declaring_team() else -penalty
            self._failed_throws += 1
        self._complete_play(lead)

    def _complete_play(self, cards: list[int]) -> None:
        """A play is complete: its cards leave the hand; after the fourth play the trick is decided."""
        seat = (self._leader + len(self._trick)) % NUM_PLAYERS
        self._take(seat, cards)
        self._trick.append((seat, sorted(cards)))
        self._partial = []
        if len(self._trick) == NUM_PLAYERS:
            self._finish_trick()

    def _finish_trick(self) -> None:
        """R35-R39 decide the trick; R40 counts it; R41 adds the kitty after the last trick."""
        trump = self._current_trump()
        plays = [cards for _, cards in self._trick]
        winner = self._trick[trick_winner([_texts(cards) for cards in plays], trump)][0]
        points = sum(card_points(DECK[kind]) for cards in plays for kind in cards)
        team = winner % 2
        opponents_won = team != self._declaring_team()
        self._trick_points[team] += points
        if opponents_won:
            self._points += points  # R40: only the opponents collect card points
        self._tricks.append(self._trick)
        self._trick_winners.append(winner)
        self._trick = []
        self._leader = winner  # R25: the winner leads the next trick
        if not any(self._hands):
            if opponents_won:  # R41
                bonus = kitty_bonus(
                    _texts(self._kitty), _texts(plays[0]), trump, self._rules.kitty_multiplier
                )
                self._kitty_bonus = bonus
                self._points += bonus
            self._phase = "done"


def _check_round(
    levels: Sequence[int], declarers: int | None, starter: int | None, equal: bool = True
) -> tuple[tuple[int, int], int | None, int | None]:
    """The arguments of a round: team levels, the declaring team (None: round 1) and the starter."""
    if isinstance(levels, str) or len(levels) != 2:
        raise ValueError(f"levels must be two team levels, got {levels!r}")
    parsed = (_check_level(levels[0]), _check_level(levels[1]))
    if declarers is None:
        if starter is not None:
            raise ValueError("a starter needs the declaring team (declarers=None is round 1)")
        if equal and parsed[0] != parsed[1]:
            raise ValueError(f"round 1 (declarers=None) needs equal levels, got {levels!r}")
        return parsed, None, None
    if isinstance(declarers, bool) or declarers not in (0, 1):
        raise ValueError(f"declarers must be a team 0 or 1, got {declarers!r}")
    if isinstance(starter, bool) or not isinstance(starter, int) or not 0 <= starter < NUM_PLAYERS:
        raise ValueError(f"starter must be a seat 0..3 of the declaring team, got {starter!r}")
    if starter % 2 != declarers:
        raise ValueError(f"the starter (seat {starter}) must belong to the declaring team {declarers}")
    return parsed, declarers, starter


# ------------------------------------------------------------------------------------------------------------
# Resampling what a seat cannot see (State.resample)
# ------------------------------------------------------------------------------------------------------------

#: How many deals `State.resample` tries before it gives up. A round reached by play never needs them all: its
#: own deal is consistent, so every try succeeds with a fixed positive probability.
RESAMPLE_TRIES: Final = 1_000_000

# After this many uniform deals have broken a shown void, `State.resample` deals around the voids instead.
_UNIFORM_VOID_TRIES: Final = 64


class _Rejected(Exception):
    """A proposed deal that `State.resample` turns down; ``void``: it gave a seat a card of a suit the seat
    showed void in."""

    def __init__(self, void: bool = False) -> None:
        super().__init__()
        self.void = void


def _declared_cards(action: int, rank: int) -> Counter[int]:
    """The cards a declaration exposes (R15): one or two trump-rank cards of a suit, or a joker pair."""
    if action == DECLARE_BLACK_JOKERS:
        return Counter({BLACK_JOKER: MAX_COPIES})
    if action == DECLARE_RED_JOKERS:
        return Counter({RED_JOKER: MAX_COPIES})
    if action < DECLARE_PAIR:
        return Counter({_rank_card(rank, action - DECLARE_SINGLE): 1})
    return Counter({_rank_card(rank, action - DECLARE_PAIR): MAX_COPIES})


def _pick(weights: Sequence[int], chooser: random.Random) -> int:
    """An index drawn with odds proportional to ``weights`` (their sum is positive)."""
    target = chooser.randrange(sum(weights))
    for index, weight in enumerate(weights):
        if target < weight:
            return index
        target -= weight
    raise AssertionError("the target is below the sum of the weights")


def _draw_kitty(
    cards: Counter[int],
    kept: Counter[int],
    size: int,
    chooser: random.Random,
    must_go: frozenset[int] = frozenset(),
    bound: int = 0,
) -> list[int] | None:
    """Another starter's kitty (R23): ``size`` of its unplayed ``cards``, uniform among the choices (copies
    told apart) that keep the cards ``kept`` in its hand and take every card of a kind in ``must_go``, in an
    order drawn uniformly; None if there is none.

    With ``bound`` (no less than the number of such choices for any ``cards`` of this many cards), None is
    also returned with probability 1 - choices / bound. A kitty drawn uniformly from all the choices and
    turned down unless it keeps ``kept`` in the hand is accepted with a probability proportional to the
    number of choices that do, and is then uniform among them; this is the same in one draw, instead of
    thousands when the starter has shown many cards since.
    """
    kinds = sorted(cards)
    # For each kind, how many of its copies the kitty may take, and in how many ways.
    options = [
        [(taken, math.comb(cards[kind], taken)) for taken in range(low, cards[kind] - kept[kind] + 1)]
        for kind in kinds
        for low in [cards[kind] if kind in must_go else 0]
    ]
    # ways[i][r]: the choices of r cards among the kinds i, i+1, ...
    ways = [[0] * (size + 1) for _ in range(len(kinds) + 1)]
    ways[len(kinds)][0] = 1
    for i in range(len(kinds) - 1, -1, -1):
        for r in range(size + 1):
            ways[i][r] = sum(count * ways[i + 1][r - taken] for taken, count in options[i] if taken <= r)
    choices = ways[0][size]
    if choices == 0 or (bound and chooser.randrange(bound) >= choices):
        return None
    kitty: list[int] = []
    left = size
    for i, kind in enumerate(kinds):
        weights = [count * ways[i + 1][left - taken] if taken <= left else 0 for taken, count in options[i]]
        taken = options[i][_pick(weights, chooser)][0]
        kitty += [kind] * taken
        left -= taken
    chooser.shuffle(kitty)  # the order of the discards
    return kitty


def _kitty_choices_bound(unplayed: int, kept: Counter[int], size: int) -> int:
    """The most choices `_draw_kitty` can have for ``size`` of ``unplayed`` cards keeping ``kept``: each kind
    kept once whose other copy is among the cards lets the kitty take either copy, and that is the best
    case."""
    free = unplayed - kept.total()
    doubles = min(sum(1 for count in kept.values() if count == 1), free)
    return sum(
        math.comb(doubles, taken) * 2**taken * math.comb(free - doubles, size - taken)
        for taken in range(min(doubles, size) + 1)
    )


@dataclass(frozen=True)
class _Turn:
    """A seat's turn at the draw as everyone saw it (R15-R18): after its card ``slot`` (counted from 0 in its
    own drawing order; 24 in the final window), with ``standing`` standing, it could declare or not, and made
    the declaration ``declared`` if it did."""

    slot: int
    standing: Declaration | None
    could_declare: bool
    declared: int | None = None

    def agrees(self, held: Counter[int], seat: int, rank: int, rules: Rules) -> bool:
        """Whether ``seat`` holding ``held`` (what it drew of the trump-rank cards and jokers, the only cards
        that decide it) would have done what it did."""
        if self.declared is not None:
            needed = _declared_cards(self.declared, rank)
            return all(held[kind] >= count for kind, count in needed.items())
        return bool(_declaration_ids(held, seat, rank, self.standing, rules)) == self.could_declare


class _DrawOrders:
    """The orders of one seat's cards over its ``n`` stack slots that agree with its turns at the draw,
    counted exactly, and drawn uniformly among.

    Only its trump-rank cards and jokers decide a turn (``most[i]`` copies of ``kinds[i]``), so the count runs
    over which of them have been drawn: a state ``x`` says how many copies of each are drawn so far (in mixed
    radix), and ``ways[t][x]`` is the number of ways to fill slots t, t+1, ... from state x, every copy and
    every other card told apart (dynamic programming from the last slot).
    """

    def __init__(
        self,
        kinds: Sequence[int],
        most: Sequence[int],
        n: int,
        turns: Sequence[_Turn],
        seat: int,
        rank: int,
        rules: Rules,
    ) -> None:
        self._kinds = tuple(kinds)
        self._most = tuple(most)
        self._n = n
        self._strides: list[int] = []
        states = 1
        for copies in most:
            self._strides.append(states)
            states *= copies + 1
        self._digits = [
            tuple(x // stride % (copies + 1) for stride, copies in zip(self._strides, most, strict=True))
            for x in range(states)
        ]
        self._sizes = [sum(digits) for digits in self._digits]
        self._others = n - sum(most)  # the seat's cards that decide nothing
        # ok[t][x]: the turn after slot t (if any) agrees with the declarable cards of state x. Many turns ask
        # the same question (the same standing declaration, the same answer): each is answered once.
        self._ok = [[True] * states for _ in range(n)]
        answers: dict[tuple[Declaration | None, bool, int | None], list[bool]] = {}
        for turn in turns:
            question = (turn.standing, turn.could_declare, turn.declared)
            if question not in answers:
                answers[question] = [turn.agrees(self._held(x), seat, rank, rules) for x in range(states)]
            row = self._ok[turn.slot]
            for x, agrees in enumerate(answers[question]):
                row[x] = row[x] and agrees
        self._ways = [[0] * states for _ in range(n + 1)]
        self._ways[n][states - 1] = 1  # every card placed
        for t in range(n - 1, -1, -1):
            for x in range(states):
                if self._sizes[x] <= t <= self._sizes[x] + self._others:
                    self._ways[t][x] = sum(weight for _, weight in self._moves(t, x))

    @property
    def possible(self) -> bool:
        """Whether some order agrees with the turns."""
        return self._ways[0][0] > 0

    def _held(self, x: int) -> Counter[int]:
        return Counter(
            {kind: count for kind, count in zip(self._kinds, self._digits[x], strict=True) if count}
        )

    def _moves(self, t: int, x: int) -> list[tuple[int | None, int]]:
        """The cards that may fill slot ``t`` from state ``x``, each with the number of orders it leads to:
        ``None`` for a card that decides nothing, else the index of a declarable kind."""
        after = self._ways[t + 1]
        ok = self._ok[t]
        moves: list[tuple[int | None, int]] = []
        others_left = self._others - (t - self._sizes[x])
        if others_left > 0 and ok[x] and after[x]:
            moves.append((None, others_left * after[x]))
        for index, stride in enumerate(self._strides):
            drawn = self._digits[x][index]
            y = x + stride
            if drawn < self._most[index] and ok[y] and after[y]:
                moves.append((index, (self._most[index] - drawn) * after[y]))
        return moves

    def sample(self, others: list[int], chooser: random.Random) -> list[int]:
        """One agreeing order, uniformly: the declarable kinds slot by slot, ``others`` (the cards that
        decide nothing, shuffled) in the other slots."""
        chooser.shuffle(others)
        rest = iter(others)
        order: list[int] = []
        x = 0
        for t in range(self._n):
            moves = self._moves(t, x)
            index = moves[_pick([weight for _, weight in moves], chooser)][0]
            if index is None:
                order.append(next(rest))
            else:
                order.append(self._kinds[index])
                x += self._strides[index]
        return order


# What a completed follow showed (R28-R32): the seat, the lead, its play, and what it had played before.
_Follow: TypeAlias = tuple[int, list[int], Counter[int], Counter[int]]
# What a throw showed (R33, R34): the leader, the cards thrown, the forced lead if it failed, and what each
# seat had played before.
_Throw: TypeAlias = tuple[int, list[int], tuple[int, ...] | None, list[Counter[int]]]
# A turn at the draw: (deal, cards drawn, final-window turns begun).
_Stop: TypeAlias = tuple[int, int, int]


class _HiddenCards:
    """What ``player`` cannot see in a round, worked out once per `State.resample` call, and the deals that
    fill it in (see `State.resample`)."""

    def __init__(self, state: State, player: int) -> None:
        self._state = state
        self._player = player
        self._others = [seat for seat in range(NUM_PLAYERS) if seat != player]
        self._dealt_round = state._setup.hands is None
        self._rank = state._rank
        starter = state._starter
        phase = state._phase
        # Another starter who took the talon (R23): its draws and its talon are hidden as one lot.
        self._talon_owner = (
            starter if self._dealt_round and starter not in (None, player) and phase != "draw" else None
        )
        # The kitty is known to the starter who made it (or got it, from_cards) and to all at the end (R41).
        self._kitty_hidden = not (phase == "done" or (starter == player and phase != "draw"))
        self._watch()

        known = [held.copy() for held in self._held]
        if phase == "play":
            mover = state.current_player
            assert mover is not None
            known[mover] |= Counter(state._partial)  # the play being built is still in the hand
        owner = self._talon_owner
        if owner is not None and not self._kitty_hidden:
            known[owner] |= Counter(state._kitty)  # its known cards may be in the kitty
        # Another starter's cards seen in its hand since it discarded (R34, a play being built) are not in
        # the kitty; the cards it exposed to declare (R15) may be.
        self._kept = Counter[int]() if owner is None else self._held_in_play[owner].copy()
        if owner is not None and phase == "play" and state.current_player == owner:
            self._kept |= Counter(state._partial)
        self._turned = Counter(state._talon[: state._turned])  # R20: seen by all, in their places
        # The cards known to be among each other seat's cards: those it played or is known to hold.
        self._fixed = [Counter[int]() for _ in range(NUM_PLAYERS)]
        for seat in self._others:
            self._fixed[seat] = self._played[seat] + known[seat]
        count = [0] * NUM_PLAYERS
        pool: Counter[int] = Counter()
        self._slots: list[list[int]] = [[] for _ in range(NUM_PLAYERS)]  # stack positions, dealt rounds
        self._rest_places: list[int] = []
        self._turns: list[list[_Turn]] = [[] for _ in range(NUM_PLAYERS)]
        if self._dealt_round:
            self._slots, self._rest_places = self._stack_places()
            if owner is not None:
                self._fixed[owner] -= self._fixed[owner] & self._turned  # the turned cards keep their places
            pool.update(state._stack[k] for places in [*self._slots, self._rest_places] for k in places)
            count = [len(places) for places in self._slots]
            self._turns = self._draw_turns()
        else:
            setup = state._setup
            assert setup.hands is not None
            if self._kitty_hidden:
                pool.update(setup.kitty)
            for seat in self._others:
                pool.update(setup.hands[seat])
                count[seat] = len(setup.hands[seat])
        for seat in self._others:
            if self._fixed[seat] - pool:
                raise UnreachableStateError(
                    f"seat {seat} shows cards that seat {player} holds or saw elsewhere"
                )
            pool -= self._fixed[seat]
            count[seat] -= self._fixed[seat].total()
        self._kitty_bound = 0  # see _draw_kitty
        if owner is not None and self._kitty_hidden:
            unplayed = len(self._slots[owner]) + self._turned.total() - self._played[owner].total()
            self._kitty_bound = _kitty_choices_bound(unplayed, self._kept, len(state._kitty))
        self._free = sorted(pool.elements())  # the cards no seat is known to hold
        self._count = count  # how many of them go to each seat; the rest fill the other places
        trump = state._trump
        self._void_kinds = [
            frozenset(
                kind for kind in range(NUM_KINDS) if trump is not None and trump._suit_of_id(kind) in voids
            )
            for voids in self._voids
        ]
        self._declarable = (
            *(_rank_card(self._rank, suit) for suit in range(len(SUITS))),
            BLACK_JOKER,
            RED_JOKER,
        )
        self._orders: dict[tuple[int, tuple[int, ...]], _DrawOrders] = {}

    def _watch(self) -> None:
        """Replay the round from its start and note what every seat showed."""
        state = self._state
        replay = state._rebuilt(state._setup)
        self._played = [Counter[int]() for _ in range(NUM_PLAYERS)]  # cards of finished plays
        self._held = [Counter[int]() for _ in range(NUM_PLAYERS)]  # cards shown and still in the hand
        self._held_in_play = [Counter[int]() for _ in range(NUM_PLAYERS)]  # the same, shown in the play
        self._voids: list[set[str]] = [set() for _ in range(NUM_PLAYERS)]
        self._follows: list[_Follow] = []
        self._throws: list[_Throw] = []
        self._stops: list[_Stop] = []
        self._leads: list[tuple[int, ...]] = []
        # The turns of the current deal's draw at which the drawer could declare, and what it did (None: not
        # yet), by (cards drawn, final-window turns begun).
        self._decisions: dict[tuple[int, int], int | None] = {}
        deal = replay._deals
        for action in state._history:
            if replay._phase == "draw":
                seat = replay._decider
                assert seat is not None
                self._stops.append((replay._deals, replay._drawn, replay._window))
                self._decisions[(replay._drawn, replay._window)] = action
                if action != PASS:
                    self._held[seat] |= _declared_cards(action, replay._rank)  # R15, R18: shown, kept
                replay._do(action)
                if replay._deals != deal:  # R19: a redeal; what the old deal showed no longer counts
                    deal = replay._deals
                    self._decisions = {}
                    self._held = [Counter() for _ in range(NUM_PLAYERS)]
            elif replay._phase == "play":
                self._watch_play(replay, action)
            else:
                replay._do(action)
        if replay._phase == "draw":  # the turn being decided now: the drawer could declare
            self._stops.append((replay._deals, replay._drawn, replay._window))
            self._decisions[(replay._drawn, replay._window)] = None

    def _watch_play(self, replay: State, action: int) -> None:
        """Apply a play action to ``replay``, noting the throws, follows and voids it shows (R28-R34)."""
        seat = (replay._leader + len(replay._trick)) % NUM_PLAYERS
        trump = replay._current_trump()
        if action == FINISH:
            lead = list(replay._partial)
            before = [played.copy() for played in self._played]
            replay._do(action)
            led = replay._trick[0][1]
            self._leads.append(tuple(led))
            if len(_components(lead, trump)) > 1:  # a throw (R27, R33); a failed one leads `led` (R34)
                self._throws.append((seat, lead, None if sorted(lead) == led else tuple(led), before))
            self._note_play(seat, Counter(lead), Counter(led))
            return
        completes = bool(replay._trick) and len(replay._partial) + 1 == len(replay._trick[0][1])
        if not completes:
            replay._do(action)
            return
        lead = replay._trick[0][1]
        play = Counter([*replay._partial, action - PLAY])
        if seat != self._player:
            self._follows.append((seat, lead, play, self._played[seat].copy()))
        led_suit = trump._suit_of_id(lead[0])
        if any(trump._suit_of_id(kind) != led_suit for kind in play):
            self._voids[seat].add(led_suit)  # R28, R32: it played all it had of the led suit
        replay._do(action)
        self._note_play(seat, play, play)

    def _note_play(self, seat: int, shown: Counter[int], played: Counter[int]) -> None:
        """A play of ``seat`` is complete: ``shown`` was seen in its hand (all of a failed throw), ``played``
        left it."""
        self._held[seat] = (self._held[seat] | shown) - played
        self._held_in_play[seat] = (self._held_in_play[seat] | shown) - played
        self._played[seat] += played

    def _stack_places(self) -> tuple[list[list[int]], list[int]]:
        """The stack positions hidden from the player: each other seat's draws in order (another starter's
        talon positions after them), and the rest (undrawn, or the talon before it is taken)."""
        state = self._state
        slots: list[list[int]] = [[] for _ in range(NUM_PLAYERS)]
        for k in range(state._drawn):
            seat = (state._first + k) % NUM_PLAYERS  # R13
            if seat != self._player:
                slots[seat].append(k)
        rest = list(range(state._drawn, DRAWN_CARDS))
        talon = range(DRAWN_CARDS + state._turned, DECK_SIZE)
        if state._phase == "draw":
            rest.extend(talon)
        elif self._talon_owner is not None:
            slots[self._talon_owner].extend(talon)
        return slots, rest

    def _draw_turns(self) -> list[list[_Turn]]:
        """What every turn of the current deal's draw told about each other seat (R15-R18)."""
        state = self._state
        first = state._first
        visits = [((k + 1, 0), (first + k) % NUM_PLAYERS, k // NUM_PLAYERS) for k in range(state._drawn)]
        visits += [
            ((DRAWN_CARDS, w + 1), (first + w) % NUM_PLAYERS, HAND_SIZE - 1) for w in range(state._window)
        ]
        turns: list[list[_Turn]] = [[] for _ in range(NUM_PLAYERS)]
        standing: Declaration | None = None
        for key, seat, slot in visits:
            if key not in self._decisions:
                turn = _Turn(slot, standing, could_declare=False)  # the draw went on by itself
            else:
                action = self._decisions[key]
                declared = action if action is not None and action != PASS else None
                turn = _Turn(slot, standing, could_declare=True, declared=declared)
            if seat != self._player:
                turns[seat].append(turn)
            if turn.declared is not None:
                standing = Declaration(seat, turn.declared)
        return turns

    # ---- one proposal ----------------------------------------------------------------------------------

    def propose(self, chooser: random.Random, around_voids: bool) -> State:
        """One consistent round, or `_Rejected`. ``around_voids``: deal around the shown voids instead of
        uniformly."""
        state = self._state
        lots, rest = self._deal_around_voids(chooser) if around_voids else self._deal_uniformly(chooser)
        dealt = [self._fixed[seat] + Counter(lots[seat]) for seat in range(NUM_PLAYERS)]
        hands = [dealt[seat] - self._played[seat] for seat in range(NUM_PLAYERS)]
        kitty: list[int] = []
        owner = self._talon_owner
        if owner is not None:
            # Another starter's draws and talon hold its hand, what it played and the kitty (R23).
            cards = dealt[owner] + self._turned - self._played[owner]
            if self._kitty_hidden:
                if around_voids:  # its cards of suits it showed void in must be in the kitty
                    drawn = _draw_kitty(
                        cards, self._kept, len(state._kitty), chooser, self._void_kinds[owner]
                    )
                else:
                    drawn = _draw_kitty(
                        cards, self._kept, len(state._kitty), chooser, bound=self._kitty_bound
                    )
                if drawn is None:
                    raise _Rejected
                kitty = drawn
                hands[owner] = cards - Counter(kitty)
            else:
                hands[owner] = cards - Counter(state._kitty)
        for seat in self._others:
            if any(kind in self._void_kinds[seat] for kind in hands[seat]):
                raise _Rejected(void=True)
        hands[self._player] = state._hands[self._player]
        if not self._shown_agrees(hands):
            raise _Rejected
        history = list(state._history)
        if owner is not None and self._kitty_hidden:
            discards = iter(kitty)  # R23: the discards, hidden, are the new kitty's cards
            for i, action in enumerate(history):
                if DISCARD <= action < DECLARE_SINGLE:
                    history[i] = DISCARD + next(discards)
        start = self._restacked(dealt, rest, chooser) if self._dealt_round else self._position(dealt, rest)
        if not self._replays(start, history):
            raise _Rejected
        return start

    def _deal_uniformly(self, chooser: random.Random) -> tuple[list[list[int]], list[int]]:
        """The unknown cards shuffled and dealt into the places left: each other seat's, then the rest."""
        free = list(self._free)
        chooser.shuffle(free)
        lots: list[list[int]] = []
        dealt = 0
        for seat in range(NUM_PLAYERS):
            lots.append(free[dealt : dealt + self._count[seat]])
            dealt += self._count[seat]
        return lots, free[dealt:]

    def _deal_around_voids(self, chooser: random.Random) -> tuple[list[list[int]], list[int]]:
        """The unknown cards dealt around the voids: the cards fewest seats may hold first, each to a place
        that may hold it with odds proportional to the room left there (the rest, and another starter's
        hidden kitty, may hold anything)."""
        free = list(self._free)
        chooser.shuffle(free)
        room = list(self._count)
        rest_room = len(free) - sum(room)
        owner = self._talon_owner
        kitty_room = len(self._state._kitty) if owner is not None and self._kitty_hidden else 0
        free.sort(key=lambda kind: sum(kind in barred for barred in self._void_kinds), reverse=True)
        lots: list[list[int]] = [[] for _ in range(NUM_PLAYERS)]
        rest: list[int] = []
        for kind in free:
            weights = []
            for seat in range(NUM_PLAYERS):
                if kind not in self._void_kinds[seat]:
                    weights.append(room[seat])
                elif seat == owner:
                    weights.append(min(room[seat], kitty_room))  # only into its kitty
                else:
                    weights.append(0)
            weights.append(rest_room)
            if not any(weights):
                raise _Rejected(void=True)
            place = _pick(weights, chooser)
            if place == NUM_PLAYERS:
                rest_room -= 1
                rest.append(kind)
                continue
            if kind in self._void_kinds[place]:
                kitty_room -= 1
            room[place] -= 1
            lots[place].append(kind)
        return lots, rest

    def _shown_agrees(self, hands: Sequence[Counter[int]]) -> bool:
        """Whether seats holding ``hands`` now would have followed and thrown as they did (R28-R34)."""
        trump = self._state._trump
        if trump is None:
            return True
        rules = self._state._rules

        def then(seat: int, before: Counter[int]) -> Counter[int]:
            return hands[seat] + (self._played[seat] - before)

        for seat, lead, play, before in self._follows:
            if not _follow_rule(then(seat, before), lead, trump, rules.tractor_must_follow_tractor).allows(
                play, trump
            ):
                return False
        for seat, lead, forced, before_all in self._throws:
            others = [_texts(then(other, before_all[other]).elements()) for other in range(NUM_PLAYERS)]
            del others[seat]
            failed = check_throw(_texts(lead), others, trump, failed_throw_forced=rules.failed_throw_forced)
            if (None if failed is None else tuple(sorted(_kind_id(card) for card in failed[0]))) != forced:
                return False
        return True

    def _arrange(self, seat: int, cards: Counter[int], chooser: random.Random) -> list[int]:
        """An order of ``cards`` over ``seat``'s stack slots, uniform among those that agree with its turns
        at the draw."""
        most = tuple(cards[kind] for kind in self._declarable)
        key = (seat, most)
        if key not in self._orders:
            self._orders[key] = _DrawOrders(
                self._declarable,
                most,
                len(self._slots[seat]),
                self._turns[seat],
                seat,
                self._rank,
                self._state._rules,
            )
        orders = self._orders[key]
        if not orders.possible:
            raise _Rejected
        return orders.sample([kind for kind in cards.elements() if kind not in self._declarable], chooser)

    def _restacked(self, dealt: Sequence[Counter[int]], rest: Sequence[int], chooser: random.Random) -> State:
        """The round with the current deal's stack dealt again: the player's draws (and seen talon) in place,
        each other seat's cards over its draws, the rest over the places left."""
        state = self._state
        stack = list(state._stack)
        for seat in self._others:
            for k, kind in zip(self._slots[seat], self._arrange(seat, dealt[seat], chooser), strict=True):
                stack[k] = kind
        for k, kind in zip(self._rest_places, rest, strict=True):
            stack[k] = kind
        setup = state._setup
        earlier = tuple(restack for restack in setup.restacks if restack.deal < state._deals)
        restack = _Restack(state._deals, tuple(stack), Rng(chooser.getrandbits(64)).state)
        return state._rebuilt(dataclasses.replace(setup, restacks=(*earlier, restack)))

    def _position(self, dealt: Sequence[Counter[int]], rest: Sequence[int]) -> State:
        """The position from explicit cards with the other hands (and a hidden kitty) dealt again."""
        state = self._state
        setup = state._setup
        assert setup.hands is not None
        hands = tuple(
            setup.hands[seat] if seat == self._player else tuple(sorted(dealt[seat].elements()))
            for seat in range(NUM_PLAYERS)
        )
        kitty = tuple(rest) if self._kitty_hidden else setup.kitty
        return state._rebuilt(dataclasses.replace(setup, hands=hands, kitty=kitty))

    def _replays(self, start: State, history: Sequence[int]) -> bool:
        """Apply the history to ``start`` with every legality check; whether it went through and the round
        was seen as the real one: the same turns at the draw, the same throws failed the same way."""
        stops: list[_Stop] = []
        leads: list[tuple[int, ...]] = []
        for action in history:
            if action not in start.legal_actions():
                return False
            if start._phase == "draw":
                stops.append((start._deals, start._drawn, start._window))
            start._do(action)
            if action == FINISH:
                leads.append(tuple(start._trick[0][1]))
        if start._phase == "draw":
            stops.append((start._deals, start._drawn, start._window))
        return stops == self._stops and leads == self._leads


# ------------------------------------------------------------------------------------------------------------
# Random playouts (docs/tractor-protocol.md, "Random playouts")
# ------------------------------------------------------------------------------------------------------------


def random_playout(seed: int, rules: RulesLike | None = None) -> list[int]:
    """One round 1 at levels (2, 2) from ``State.new(seed, rules)``, each action
    ``legal[rng.below(len(legal))]`` of the sorted legal actions with ``rng = Rng(seed ^
    0x5DEECE66D1CE5EED)``; returns its `State.returns`."""
    state = State.new(seed, rules)
    chooser = Rng(_check_seed(seed) ^ _CHOOSER_SALT)
    while not state.is_terminal:
        legal = state.legal_actions()
        state._do(legal[chooser.below(len(legal))])
    return state.returns()


def random_playouts(n: int, seed: int, rules: RulesLike | None = None) -> list[list[int]]:
    """``n`` random rounds: round ``i`` is `random_playout` from ``derive_seed(seed, i)``."""
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise ValueError(f"n must be an int >= 0, got {n!r}")
    _check_seed(seed)
    return [random_playout(derive_seed(seed, i), rules) for i in range(n)]
