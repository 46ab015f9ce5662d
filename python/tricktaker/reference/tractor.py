"""Tractor (Sheng Ji): the pure-Python reference for the card-level rules.

An executable form of the card-level rules of ``shared/rules/tractor.md`` -- cards, trump order, effective
suits, positions, pairs and tractors (R1-R12), card points (R3), leads, following, throws and trick winners
(R25-R39) -- behind the toolkit contract of ``docs/tractor-toolkit.md``: the same names, argument forms and
canonical orders as the Rust engine's ``tricktaker.tractor``, so the two can be compared on random hands.
Rule numbers are cited as ``# R32`` next to the code that implements them.

It is written to be read, not to be fast, and uses the standard library only.

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
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Final, Literal, Protocol, TypeAlias

__all__ = [
    "DECK",
    "IllegalPlayError",
    "Trump",
    "card_points",
    "check_throw",
    "decompose",
    "is_legal_follow",
    "legal_follows",
    "parse_card",
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


class IllegalPlayError(ValueError):
    """A lead or play that breaks the rules, e.g. cards of more than one effective suit in one lead (R27)."""


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
    """

    __slots__ = ("_rank", "_strength", "_suit", "_suit_of")

    _rank: int | None
    _suit: str | None
    _suit_of: tuple[str, ...]
    _strength: tuple[int, ...]

    def __init__(self, rank: int | str | None, suit: str | None) -> None:
        parsed_rank = _parse_rank(rank)
        parsed_suit = _parse_suit(suit)
        if parsed_rank is None and parsed_suit is not None:
            raise ValueError(f"a trump suit needs a trump rank, got Trump({rank!r}, {suit!r})")
        suit_of = tuple(self._effective_suit(kind, parsed_rank, parsed_suit) for kind in range(NUM_KINDS))
        strength = tuple(self._position(kind, parsed_rank, parsed_suit) for kind in range(NUM_KINDS))
        object.__setattr__(self, "_rank", parsed_rank)
        object.__setattr__(self, "_suit", parsed_suit)
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
    def _position(kind: int, rank: int | None, suit: str | None) -> int:
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

    def __repr__(self) -> str:
        rank = None if self._rank is None else RANKS[self._rank - 2]
        return f"Trump({rank!r}, {self._suit!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Trump):
            return NotImplemented
        return (self._rank, self._suit) == (other._rank, other._suit)

    def __hash__(self) -> int:
        return hash((Trump, self._rank, self._suit))

    def __reduce__(self) -> tuple[type[Trump], tuple[int | None, str | None]]:
        return (Trump, (self._rank, self._suit))

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
