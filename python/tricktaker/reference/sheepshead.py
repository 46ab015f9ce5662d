"""Sheepshead: the pure-Python reference engine.

An executable form of ``docs/rules/sheepshead.md`` (rules R1-R34, cited as ``# R18`` next to the code that
implements them) that follows the engine contract of ``docs/sheepshead-protocol.md`` bit for bit: the same
card indices, action ids and strings, and the same seeded shuffle and deal as the Rust engine, so the two can
be compared action by action.

It is written to be read, not to be fast. Everything is plain Python from the standard library.

Quick tour::

    >>> from tricktaker.reference import sheepshead as ref
    >>> state = ref.State.new(seed=7)
    >>> state.phase, state.current_player
    ('pick', 1)
    >>> [state.action_to_string(a) for a in state.legal_actions()]
    ['pick', 'pass']

Besides the moves, a `State` answers what one seat knows (`State.information_state_key`,
`State.observation`, `State.resample`) and saves itself as JSON in the Rust engine's format (`State.to_json`,
`State.from_json`), so a save made by either engine loads in the other.

A hand runs through the phases ``pick`` -> ``bury`` -> ``call`` -> (``under``) -> ``play`` -> ``done``. When
all five players pass, a leaster is played (R31) or, with ``all_pass="doubler"``, the hand ends at once (R32).
"""

from __future__ import annotations

import hashlib
import json
import random
import struct
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal, Protocol, TypeVar

# The one import from the rest of the package: the exception a corrupted save raises, shared with the Rust
# engine (``tricktaker.errors`` is plain Python).
from ..errors import InvalidStateError

__all__ = [
    "ALONE",
    "BURY",
    "CALL",
    "DECK",
    "NUM_ACTIONS",
    "NUM_PLAYERS",
    "OBSERVATION_SHAPE",
    "PASS",
    "PICK",
    "PLAY",
    "RESAMPLE_TRIES",
    "UNDER",
    "IllegalActionError",
    "NothingToUndoError",
    "Phase",
    "Rng",
    "Rules",
    "RulesLike",
    "State",
    "UnreachableStateError",
    "action_to_string",
    "card_points",
    "card_suit",
    "fail_order",
    "leaster_winner",
    "parse_card",
    "random_playout",
    "random_playouts",
    "settle_alone",
    "settle_with_partner",
    "string_to_action",
    "trump_order",
]

NUM_PLAYERS: Final = 5  # R1
HAND_SIZE: Final = 6  # R8
NUM_TRICKS: Final = 6  # R21
TOTAL_POINTS: Final = 120  # R6

# ------------------------------------------------------------------------------------------------------------
# Cards (R2-R6)
#
# A card is its text ("QC", "10D") in the public API and its Sheepshead index 0..31 inside the engine: index =
# 8 * suit + rank, suits C=0, D=1, H=2, S=3, ranks 7=0, 8=1, 9=2, 10=3, J=4, Q=5, K=6, A=7 (protocol page).
# ------------------------------------------------------------------------------------------------------------

SUITS: Final = ("C", "D", "H", "S")
RANKS: Final = ("7", "8", "9", "10", "J", "Q", "K", "A")

#: The 32 cards in index order (R2): DECK[i] is the text of card i.
DECK: Final[tuple[str, ...]] = tuple(rank + suit for suit in SUITS for rank in RANKS)

#: The effective suits (R5): the trump suit "T" and the three fail suits.
TRUMP: Final = "T"
FAIL_SUITS: Final = ("C", "S", "H")

# R6: card points by rank, the same in every suit.
_RANK_POINTS: Final = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}

# R4: a fail suit, high to low.
_FAIL_RANKS_HIGH_TO_LOW: Final = ("A", "10", "K", "9", "8", "7")

# Suit letters accepted when parsing, besides C, D, H, S in any case (protocol page).
_SUIT_SYMBOLS: Final = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}


def _index(text: str) -> int:
    """The index of a card given as text; lenient on case, spaces, ``T`` for 10 and suit symbols."""
    cleaned = text.strip()
    if len(cleaned) < 2:
        raise ValueError(f"not a Sheepshead card: {text!r}")
    suit = _SUIT_SYMBOLS.get(cleaned[-1], cleaned[-1].upper())
    rank = cleaned[:-1].strip().upper()
    if rank == "T":
        rank = "10"
    if suit not in SUITS or rank not in RANKS:
        raise ValueError(f"not a Sheepshead card: {text!r}")
    return 8 * SUITS.index(suit) + RANKS.index(rank)


def _rank(card: int) -> str:
    return RANKS[card % 8]


def _printed_suit(card: int) -> str:
    return SUITS[card // 8]


def _natural_suit(card: int) -> str:
    """R5: every queen, every jack and every diamond is trump and not in its printed suit."""
    if _rank(card) in ("Q", "J") or _printed_suit(card) == "D":
        return TRUMP
    return _printed_suit(card)


def parse_card(text: str) -> str:
    """The canonical text of a card: ``parse_card("t♦") == "10D"``. Raises ValueError for anything else."""
    return DECK[_index(text)]


def card_suit(card: str) -> str:
    """The effective suit of a card (R5): ``"T"`` for trump, else ``"C"``, ``"S"`` or ``"H"``."""
    return _natural_suit(_index(card))


def card_points(card: str) -> int:
    """The card points of a card (R6): A 11, 10 10, K 4, Q 3, J 2, 9/8/7 nothing."""
    return _RANK_POINTS[_rank(_index(card))]


def trump_order(jack_order: str = "standard") -> list[str]:
    """The 14 trumps, high to low (R3); ``jack_order="seed"`` puts J♠ above J♣ (TV-S1)."""
    if jack_order == "standard":
        jacks = ["JC", "JS", "JH", "JD"]
    elif jack_order == "seed":
        jacks = ["JS", "JC", "JH", "JD"]
    else:
        raise ValueError(f"jack_order must be 'standard' or 'seed', got {jack_order!r}")
    return ["QC", "QS", "QH", "QD", *jacks, "AD", "10D", "KD", "9D", "8D", "7D"]


def fail_order(suit: str) -> list[str]:
    """The six cards of a fail suit (``"C"``, ``"S"`` or ``"H"``), high to low (R4)."""
    if suit not in FAIL_SUITS:
        raise ValueError(f"not a fail suit: {suit!r} (expected 'C', 'S' or 'H')")
    return [rank + suit for rank in _FAIL_RANKS_HIGH_TO_LOW]


# Lookup tables by card index, derived from the functions above.
_SUIT_OF: Final = tuple(_natural_suit(card) for card in range(32))
_POINTS_OF: Final = tuple(_RANK_POINTS[_rank(card)] for card in range(32))
# Strength of a trump (higher wins, R3/R25), one table per jack order.
_TRUMP_STRENGTH: Final = {
    order: {_index(card): 14 - position for position, card in enumerate(trump_order(order))}
    for order in ("standard", "seed")
}
# Strength of a fail card within its suit (higher wins, R4/R25); the under card ranks below the 7.
_FAIL_STRENGTH: Final = {
    _index(card): 6 - position for suit in FAIL_SUITS for position, card in enumerate(fail_order(suit))
}
_UNDER_STRENGTH: Final = -1

# ------------------------------------------------------------------------------------------------------------
# Actions (protocol page)
# ------------------------------------------------------------------------------------------------------------

NUM_ACTIONS: Final = 105
#: The shape of `State.observation` (its layout is the table of the protocol page).
OBSERVATION_SHAPE: Final = (537,)
PICK: Final = 0  # take the blind (R10)
PASS: Final = 1  # pass (R10)
BURY: Final = 2  # BURY + card: bury that card (R11), ids 2..33
CALL: Final = 34  # CALL + i: call _CALLABLE[i] (R14, R15), ids 34..39
ALONE: Final = 40  # go alone (R16, R20)
UNDER: Final = 41  # UNDER + card: lay that card face down as the hold card (R16, "unknown"), ids 41..72
PLAY: Final = 73  # PLAY + card: play that card (R21-R24), ids 73..104

# The cards that can be called, in action order: the fail aces (R14), then the fail tens (R15).
_CALLABLE: Final = tuple(_index(card) for card in ("AC", "AS", "AH", "10C", "10S", "10H"))
_ACES: Final = _CALLABLE[:3]
_TENS: Final = _CALLABLE[3:]


def action_to_string(action: int) -> str:
    """The text of an action id: ``pick``, ``pass``, ``bury QC``, ``call AH``, ``alone``, ``under 7C``,
    ``play 10D``."""
    if isinstance(action, bool) or not isinstance(action, int) or not 0 <= action < NUM_ACTIONS:
        raise ValueError(f"not a Sheepshead action id: {action!r} (expected 0..{NUM_ACTIONS - 1})")
    if action == PICK:
        return "pick"
    if action == PASS:
        return "pass"
    if action < CALL:
        return f"bury {DECK[action - BURY]}"
    if action < ALONE:
        return f"call {DECK[_CALLABLE[action - CALL]]}"
    if action == ALONE:
        return "alone"
    if action < PLAY:
        return f"under {DECK[action - UNDER]}"
    return f"play {DECK[action - PLAY]}"


def string_to_action(text: str) -> int:
    """The action id of a text as written by `action_to_string`; lenient on case, spaces and card spelling."""
    words = text.strip().lower().split()
    if words == ["pick"]:
        return PICK
    if words == ["pass"]:
        return PASS
    if words == ["alone"]:
        return ALONE
    if len(words) == 2 and words[0] in ("bury", "call", "under", "play"):
        verb, card_text = words
        try:
            card = _index(card_text)
        except ValueError:
            raise ValueError(f"not a Sheepshead action: {text!r} (unknown card {card_text!r})") from None
        if verb == "bury":
            return BURY + card
        if verb == "under":
            return UNDER + card
        if verb == "play":
            return PLAY + card
        if card in _CALLABLE:
            return CALL + _CALLABLE.index(card)
        raise ValueError(f"not a Sheepshead action: {text!r} (only AC, AS, AH, 10C, 10S, 10H can be called)")
    raise ValueError(f"not a Sheepshead action: {text!r}")


# ------------------------------------------------------------------------------------------------------------
# The random deal: xoshiro256++ seeded by SplitMix64 (protocol page)
# ------------------------------------------------------------------------------------------------------------

_MASK64: Final = (1 << 64) - 1
_T = TypeVar("_T")


def _rotl(x: int, k: int) -> int:
    return ((x << k) | (x >> (64 - k))) & _MASK64


def _splitmix64(x: int) -> tuple[int, int]:
    """One SplitMix64 step: (new state, output)."""
    x = (x + 0x9E3779B97F4A7C15) & _MASK64
    z = x
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return x, z ^ (z >> 31)


class Rng:
    """The engine's random generator: xoshiro256++, its four state words the first four SplitMix64 outputs of
    the 64-bit seed. Same seed, same numbers as the Rust engine."""

    def __init__(self, seed: int) -> None:
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= _MASK64:
            raise ValueError(f"seed must be an int in 0..2**64-1, got {seed!r}")
        words = []
        x = seed
        for _ in range(4):
            x, word = _splitmix64(x)
            words.append(word)
        self._s = (words[0], words[1], words[2], words[3])

    @property
    def state(self) -> tuple[int, int, int, int]:
        """The four 64-bit state words."""
        return self._s

    @state.setter
    def state(self, words: tuple[int, int, int, int]) -> None:
        values = tuple(words)
        if len(values) != 4 or not all(
            isinstance(w, int) and not isinstance(w, bool) and 0 <= w <= _MASK64 for w in values
        ):
            raise ValueError(f"state must be four ints in 0..2**64-1, got {words!r}")
        if not any(values):
            raise ValueError("state must not be all zero (xoshiro256++ would only produce zeros)")
        self._s = (values[0], values[1], values[2], values[3])

    def next_u64(self) -> int:
        """The next 64-bit output (xoshiro256++)."""
        s0, s1, s2, s3 = self._s
        result = (_rotl((s0 + s3) & _MASK64, 23) + s0) & _MASK64
        t = (s1 << 17) & _MASK64
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s3 = _rotl(s3, 45)
        self._s = (s0, s1, s2, s3)
        return result

    def below(self, n: int) -> int:
        """A uniform integer in ``0..n-1`` (Lemire's unbiased multiply-and-reject method), ``n >= 1``."""
        if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= _MASK64:
            raise ValueError(f"below() needs 1 <= n < 2**64, got {n!r}")
        m = self.next_u64() * n
        low = m & _MASK64
        if low < n:
            threshold = ((1 << 64) - n) % n
            while low < threshold:
                m = self.next_u64() * n
                low = m & _MASK64
        return m >> 64

    def shuffle(self, items: list[_T]) -> None:
        """Shuffle a list in place (Fisher-Yates from the end, as the protocol page fixes it)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


def _seat_without_ace_face_trump(hands: Sequence[Sequence[int]]) -> int | None:
    """V28: the first seat whose hand holds no ace, no king and no trump (every queen, jack and diamond is
    trump), so only fail sevens, eights, nines and tens; None if every hand holds one."""
    for seat, hand in enumerate(hands):
        if all(DECK[card][-1] != "D" and DECK[card][:-1] in ("7", "8", "9", "10") for card in hand):
            return seat
    return None


def _deal(deck: Sequence[int], dealer: int) -> tuple[list[list[int]], list[int]]:
    """R8: packets of 3 clockwise from the dealer's left, then 2 to the blind, then packets of 3 again.

    ``deck[0]`` is the top card (#1). Returns the five hands and the blind.
    """
    hands: list[list[int]] = [[] for _ in range(NUM_PLAYERS)]
    position = 0
    blind: list[int] = []
    for round_number in range(2):
        for offset in range(1, NUM_PLAYERS + 1):
            seat = (dealer + offset) % NUM_PLAYERS
            hands[seat].extend(deck[position : position + 3])
            position += 3
        if round_number == 0:
            blind = list(deck[position : position + 2])
            position += 2
    return hands, blind


# ------------------------------------------------------------------------------------------------------------
# Options (B.4)
# ------------------------------------------------------------------------------------------------------------


class RulesLike(Protocol):
    """Anything with the ten option attributes can be passed as ``rules`` (e.g. the library's own Rules)."""

    @property
    def jack_order(self) -> str: ...
    @property
    def all_pass(self) -> str: ...
    @property
    def double_on_the_bump(self) -> bool: ...
    @property
    def no_trick_split(self) -> bool: ...
    @property
    def schwarz(self) -> str: ...
    @property
    def no_legal_call(self) -> str: ...
    @property
    def hold_card_lead(self) -> str: ...
    @property
    def called_card_no_discard(self) -> bool: ...
    @property
    def no_ace_face_trump_redeal(self) -> bool: ...
    @property
    def hands_per_game(self) -> int: ...


def _check_choice(field: str, value: object, choices: tuple[str, ...]) -> None:
    if not isinstance(value, str) or value not in choices:
        expected = " or ".join(repr(choice) for choice in choices)
        raise ValueError(f"Rules.{field} must be {expected}, got {value!r}")


def _check_bool(field: str, value: object) -> None:
    if not isinstance(value, bool):
        raise ValueError(f"Rules.{field} must be a bool, got {value!r}")  # options raise ValueError


@dataclass(frozen=True)
class Rules:
    """The house-rule options of B.4; the defaults are the specification's."""

    jack_order: str = "standard"  # R3: "standard" (J♣ > J♠) or "seed" (J♠ > J♣)
    all_pass: str = "leaster"  # R12: "leaster" (R31) or "doubler" (R32)
    double_on_the_bump: bool = False  # R29
    no_trick_split: bool = False  # V17 row 2: the partner pays its share (2:1) instead of going free
    schwarz: str = "tricks"  # V17: by "tricks" (every trick / none) or "points" (120 / none in tricks)
    no_legal_call: str = "alone"  # R16: "alone" or "unknown" (call an under)
    hold_card_lead: str = "allowed"  # R18 (revised): "allowed" or "forbidden" (the hold card may not be led)
    called_card_no_discard: bool = True  # R19
    no_ace_face_trump_redeal: bool = False  # V28: a hand with no ace, king or trump is dealt again
    hands_per_game: int = 15  # R34

    def __post_init__(self) -> None:
        _check_choice("jack_order", self.jack_order, ("standard", "seed"))
        _check_choice("all_pass", self.all_pass, ("leaster", "doubler"))
        _check_bool("double_on_the_bump", self.double_on_the_bump)
        _check_bool("no_trick_split", self.no_trick_split)
        _check_choice("schwarz", self.schwarz, ("tricks", "points"))
        _check_choice("no_legal_call", self.no_legal_call, ("alone", "unknown"))
        _check_choice("hold_card_lead", self.hold_card_lead, ("allowed", "forbidden"))
        _check_bool("called_card_no_discard", self.called_card_no_discard)
        _check_bool("no_ace_face_trump_redeal", self.no_ace_face_trump_redeal)
        hands = self.hands_per_game
        if isinstance(hands, bool) or not isinstance(hands, int) or hands < 1:
            raise ValueError(f"Rules.hands_per_game must be an int >= 1, got {hands!r}")

    @classmethod
    def coerce(cls, rules: RulesLike | None) -> Rules:
        """These options as a `Rules`: ``None`` gives the defaults, any object with the ten attributes is
        copied (an enum-like value is read through its ``.value``)."""
        if rules is None:
            return cls()
        if isinstance(rules, Rules):
            return rules
        values: dict[str, object] = {}
        for field in (
            "jack_order",
            "all_pass",
            "double_on_the_bump",
            "no_trick_split",
            "schwarz",
            "no_legal_call",
            "hold_card_lead",
            "called_card_no_discard",
            "no_ace_face_trump_redeal",
            "hands_per_game",
        ):
            if not hasattr(rules, field):
                raise TypeError(f"rules object {rules!r} has no attribute {field!r}")
            value = getattr(rules, field)
            if isinstance(getattr(value, "value", None), str):
                value = value.value
            values[field] = value
        return cls(**values)  # type: ignore[arg-type]  # the values are checked by __post_init__


# ------------------------------------------------------------------------------------------------------------
# Settlement (R26-R31), as plain functions of the totals
# ------------------------------------------------------------------------------------------------------------


def _check_totals(points: int, tricks: int) -> None:
    if not 0 <= points <= TOTAL_POINTS:
        raise ValueError(f"points must be in 0..{TOTAL_POINTS}, got {points}")
    if not 0 <= tricks <= NUM_TRICKS:
        raise ValueError(f"tricks must be in 0..{NUM_TRICKS}, got {tricks}")


def _row(points: int, tricks: int, trick_points: int | None, schwarz: str) -> int:
    """V17: the settlement row's unit u per defender, rows checked top to bottom: +3 and -3 are schwarz,
    counted by tricks (every trick, none) or, with ``schwarz="points"``, by card points (P = 120; no card
    point in the side's tricks, ``trick_points`` being P without the bury)."""
    _check_totals(points, tricks)
    _check_choice("schwarz", schwarz, ("tricks", "points"))
    if schwarz == "tricks":
        every, none = tricks == NUM_TRICKS, tricks == 0
    else:
        if trick_points is None or not 0 <= trick_points <= points:
            raise ValueError(f"schwarz='points' needs trick_points in 0..{points}, got {trick_points!r}")
        every, none = points == TOTAL_POINTS, trick_points == 0
    if every:
        return 3
    if none:
        return -3
    if points >= 91:
        return 2  # opponents schneidered: fewer than 30
    if points >= 61:
        return 1
    if points >= 31:
        return -1  # includes the 60-60 tie, which the picker loses (R28)
    return -2  # picking side schneidered: 30 or less


def settle_with_partner(
    points: int,
    tricks: int,
    double_on_the_bump: bool = False,
    *,
    trick_points: int | None = None,
    no_trick_split: bool = False,
    schwarz: str = "tricks",
) -> tuple[int, int, int]:
    """R27-R29, V17: (picker, partner, each of the 3 opponents) for a picking side with `points` (P of R26,
    bury included) and `tricks` tricks (and `trick_points`, P without the bury, for ``schwarz="points"``)."""
    row = _row(points, tricks, trick_points, schwarz)
    u = 2 * row if double_on_the_bump and row < 0 else row  # R29: the losing rows are doubled
    if row == -3 and not no_trick_split:
        return (3 * u, 0, -u)  # schwarz: the partner pays nothing (R27), unless no_trick_split (V17)
    return (2 * u, u, -u)


def settle_alone(
    points: int,
    tricks: int,
    double_on_the_bump: bool = False,
    *,
    trick_points: int | None = None,
    schwarz: str = "tricks",
) -> tuple[int, int]:
    """R30, V17: (picker, each of the 4 opponents) for a picker alone with `points` (bury included) and
    `tricks` tricks (and `trick_points` for ``schwarz="points"``)."""
    row = _row(points, tricks, trick_points, schwarz)
    u = 2 * row if double_on_the_bump and row < 0 else row  # R29, R30: the losing rows are doubled
    return (4 * u, -u)


def leaster_winner(points: Sequence[int], trick_winners: Sequence[int]) -> int:
    """R31: the seat with the fewest card points among the seats that took a trick.

    `points` are per seat (blind included for the last trick's taker); `trick_winners` lists the winner of
    each trick in order. Ties go to fewer tricks taken, then to the seat whose first trick came latest (engine
    choice).
    """
    takers = sorted(set(trick_winners))
    if not takers:
        raise ValueError("a leaster needs at least one trick taken")

    def standing(seat: int) -> tuple[int, int, int]:
        tricks_taken = trick_winners.count(seat)
        first_trick = trick_winners.index(seat)
        return (points[seat], tricks_taken, -first_trick)

    return min(takers, key=standing)


# ------------------------------------------------------------------------------------------------------------
# The hand
# ------------------------------------------------------------------------------------------------------------

Phase = Literal["pick", "bury", "call", "under", "play", "done"]
_PHASES: Final[tuple[Phase, ...]] = ("pick", "bury", "call", "under", "play", "done")

# The observation (protocol page, "What a seat knows"): the offset of each block.
_OBS_HAND: Final = 0  # 32: the player's hand
_OBS_BURY: Final = 32  # 32: the bury, if the player buried it
_OBS_BLIND: Final = 64  # 32: the blind, if known
_OBS_PLAYED: Final = 96  # 5 x 32: the cards played so far by each relative seat
_OBS_TRICK: Final = 256  # 5 x 32: the card each relative seat played to the trick on the table
_OBS_LEADER: Final = 416  # 5: the trick's leader (play phase)
_OBS_PICKER: Final = 421  # 6: the picker (5), or nobody yet / all passed (1)
_OBS_PASSED: Final = 427  # 5: the seats that passed
_OBS_CALLED: Final = 432  # 32: the called card
_OBS_CALL_KIND: Final = 464  # 2: the picker went alone; an unknown call (once the under is laid)
_OBS_UNDER: Final = 466  # 32: the under, if the player laid it
_OBS_PARTNER: Final = 498  # 5: the partner, if known to the player
_OBS_PHASE: Final = 503  # 6: the phase, in the order of _PHASES
_OBS_DEALER: Final = 509  # 5: the dealer
_OBS_TO_ACT: Final = 514  # 5: the seat to act
_OBS_POINTS: Final = 519  # 5: card points taken by each relative seat / 120
_OBS_TRICKS_WON: Final = 524  # 5: tricks taken by each relative seat / 6
_OBS_TRICKS_DONE: Final = 529  # 1: tricks completed / 6
_OBS_MULTIPLIER: Final = 530  # 1: the multiplier
_OBS_CALLED_SUIT_LED: Final = 531  # 1: the called suit has led a completed trick
_OBS_OPTIONS: Final = 532  # 5: seed jack order, doubler, double on the bump, unknown call, no discard
assert _OBS_OPTIONS + 5 == OBSERVATION_SHAPE[0]


def _float32(value: float) -> float:
    """`value` rounded to the nearest float32, as the Rust engine's observation stores it."""
    rounded: float = struct.unpack("<f", struct.pack("<f", value))[0]
    return rounded


#: The version of the JSON save format (``tricktaker_core::save::FORMAT``, rust/core/src/save.rs).
_SAVE_FORMAT: Final = 1


def _card_texts(value: Any, what: str) -> list[str]:
    """A saved list of card texts, checked to be one (the cards themselves are checked by `State`)."""
    if not isinstance(value, list) or not all(isinstance(card, str) for card in value):
        raise InvalidStateError(f"{what} must be a list of card strings, got {value!r}")
    return value


class IllegalActionError(ValueError):
    """An action that is not legal in the current state; the state is left unchanged."""


class NothingToUndoError(ValueError):
    """`State.undo` on a state to which no action has been applied."""


class UnreachableStateError(ValueError):
    """`State.resample` found no deal under which the history is legal: no play reaches this state."""


#: How many deals `State.resample` tries before it gives up. A state reached by play never needs them all: its
#: own deal is consistent, so every try succeeds with a fixed positive probability.
RESAMPLE_TRIES: Final = 1_000_000


class State:
    """One hand of Sheepshead, from the deal to the settlement.

    Build it with `State.new` (a seeded random deal) or `State.from_cards` (explicit cards); ``State(...)``
    takes the same arguments as `from_cards`. Play it with `legal_actions` / `apply_action`; `undo` takes an
    action back.

    The whole state is a function of the deal, the options and `history`: `undo` simply replays the history
    without its last action.
    """

    # ---- construction --------------------------------------------------------------------------------------

    def __init__(
        self,
        hands: Sequence[Sequence[str]],
        blind: Sequence[str],
        dealer: int = 0,
        rules: RulesLike | None = None,
        multiplier: int = 1,
    ) -> None:
        """A hand about to start from explicit cards; see `from_cards`."""
        if isinstance(hands, str) or len(hands) != NUM_PLAYERS:
            raise ValueError(f"expected {NUM_PLAYERS} hands, got {len(hands)}")
        for seat, hand in enumerate(hands):
            if isinstance(hand, str) or len(hand) != HAND_SIZE:
                raise ValueError(f"the hand of seat {seat} has {len(hand)} cards, expected {HAND_SIZE}")
        if isinstance(blind, str) or len(blind) != 2:
            raise ValueError(f"the blind has {len(blind)} cards, expected 2")
        parsed_hands = [sorted(_index(card) for card in hand) for hand in hands]
        parsed_blind = [_index(card) for card in blind]
        seen: set[int] = set()
        for card in [card for hand in parsed_hands for card in hand] + parsed_blind:
            if card in seen:
                raise ValueError(f"card {DECK[card]} is dealt twice")
            seen.add(card)
        # 30 + 2 distinct cards out of 32: every card is dealt exactly once (R2).
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < NUM_PLAYERS:
            raise ValueError(f"dealer must be a seat 0..{NUM_PLAYERS - 1}, got {dealer!r}")
        if isinstance(multiplier, bool) or not isinstance(multiplier, int) or multiplier < 1:
            raise ValueError(f"multiplier must be an int >= 1, got {multiplier!r}")

        self._rules = Rules.coerce(rules)
        weak = _seat_without_ace_face_trump(parsed_hands) if self._rules.no_ace_face_trump_redeal else None
        if weak is not None:
            raise ValueError(
                f"seat {weak} holds no ace, king or trump: under no_ace_face_trump_redeal the deal is dealt"
                " again (V28)"
            )
        self._dealer = dealer
        self._multiplier = multiplier
        self._dealt_hands = tuple(tuple(hand) for hand in parsed_hands)
        self._blind = tuple(parsed_blind)
        # The generator a later deal would continue from (saved with the state, protocol page): explicit cards
        # carry the generator of seed 0, as in the Rust engine; `new` keeps the one that shuffled the deck.
        self._rng_state = Rng(0).state
        self._reset()

    @classmethod
    def new(cls, seed: int, rules: RulesLike | None = None, dealer: int = 0, multiplier: int = 1) -> State:
        """A fresh hand: the 32 indices ``[0, 1, ..., 31]`` shuffled by ``Rng(seed)`` and dealt as R8."""
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < NUM_PLAYERS:
            raise ValueError(f"dealer must be a seat 0..{NUM_PLAYERS - 1}, got {dealer!r}")
        rng = Rng(seed)
        redeal = Rules.coerce(rules).no_ace_face_trump_redeal
        while True:
            deck = list(range(32))
            rng.shuffle(deck)
            hands, blind = _deal(deck, dealer)
            if not redeal or _seat_without_ace_face_trump(hands) is None:
                break  # V28: otherwise the same dealer deals again, the generator going on
        state = cls(
            [[DECK[card] for card in hand] for hand in hands],
            [DECK[card] for card in blind],
            dealer=dealer,
            rules=rules,
            multiplier=multiplier,
        )
        state._rng_state = rng.state
        return state

    @classmethod
    def from_cards(
        cls,
        hands: Sequence[Sequence[str]],
        blind: Sequence[str],
        dealer: int = 0,
        rules: RulesLike | None = None,
        multiplier: int = 1,
    ) -> State:
        """A hand about to start from explicit cards: five hands of six (``hands[seat]``) and a blind of two,
        all 32 cards distinct. `multiplier` scales the settlement (pending doublers, R32). Raises ValueError
        naming the problem."""
        return cls(hands, blind, dealer=dealer, rules=rules, multiplier=multiplier)

    def _reset(self) -> None:
        """Back to the start of the hand: the deal made, no action taken."""
        self._history: list[int] = []
        self._phase: Phase = "pick"
        self._hands: list[list[int]] = [list(hand) for hand in self._dealt_hands]
        self._passes = 0
        self._picker: int | None = None
        self._buried: list[int] = []
        self._alone = False
        self._called: int | None = None  # the called card (R14/R15)
        self._partner_seat: int | None = None  # who holds the called card: secret until it is played (R17)
        self._under: int | None = None  # the card laid face down after an "unknown" call (R16)
        self._leaster = False
        self._doubler = False
        self._leader = (self._dealer + 1) % NUM_PLAYERS  # R21
        self._trick: list[tuple[int, int]] = []
        self._tricks: list[list[tuple[int, int]]] = []
        self._trick_winners: list[int] = []
        self._points = [0] * NUM_PLAYERS
        self._tricks_won = [0] * NUM_PLAYERS

    # ---- the search protocol -------------------------------------------------------------------------------

    @property
    def num_players(self) -> int:
        """Always 5 (R1)."""
        return NUM_PLAYERS

    @property
    def current_player(self) -> int | None:
        """The seat to act, or None once the hand is over."""
        if self._phase == "pick":
            return (self._dealer + 1 + self._passes) % NUM_PLAYERS  # R10: from the dealer's left
        if self._phase in ("bury", "call", "under"):
            return self._picker
        if self._phase == "play":
            return (self._leader + len(self._trick)) % NUM_PLAYERS  # R21: clockwise from the leader
        return None

    @property
    def is_terminal(self) -> bool:
        """Whether the hand is over (six tricks played, or a doubler thrown in)."""
        return self._phase == "done"

    def legal_actions(self) -> list[int]:
        """The legal action ids, in increasing order (empty once the hand is over)."""
        if self._phase == "pick":
            return [PICK, PASS]
        if self._phase == "bury":
            return [BURY + card for card in self._picker_hand()]  # R11: any card, blind cards included
        if self._phase == "call":
            calls = [CALL + _CALLABLE.index(card) for card in self._callable_cards()]
            return sorted([*calls, ALONE])  # going alone is always the picker's choice (R13)
        if self._phase == "under":
            return [UNDER + card for card in self._picker_hand()]
        if self._phase == "play":
            return sorted(PLAY + card for card in self._playable_cards())
        return []

    def legal_action_mask(self) -> list[bool]:
        """``NUM_ACTIONS`` bools, True at the legal action ids (all False once the hand is over).

        A plain list, not the Rust engine's numpy bool array: this engine uses the standard library only
        (``numpy.array(state.legal_action_mask())`` gives the same array).
        """
        mask = [False] * NUM_ACTIONS
        for action in self.legal_actions():
            mask[action] = True
        return mask

    def apply_action(self, action: int) -> None:
        """Take a legal action. An illegal or unknown action raises `IllegalActionError`, changing nothing."""
        if isinstance(action, bool) or not isinstance(action, int) or not 0 <= action < NUM_ACTIONS:
            raise IllegalActionError(
                f"not a Sheepshead action id: {action!r} (expected 0..{NUM_ACTIONS - 1})"
            )
        if action not in self.legal_actions():
            raise IllegalActionError(
                f"illegal action {action} ({action_to_string(action)}) in phase {self._phase!r}"
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
        other.__dict__.update(self.__dict__)
        other._history = list(self._history)
        other._hands = [list(hand) for hand in self._hands]
        other._buried = list(self._buried)
        other._trick = list(self._trick)
        other._tricks = [list(trick) for trick in self._tricks]
        other._trick_winners = list(self._trick_winners)
        other._points = list(self._points)
        other._tricks_won = list(self._tricks_won)
        return other

    def __copy__(self) -> State:
        return self.clone()

    def __deepcopy__(self, memo: dict[int, object]) -> State:
        return self.clone()

    def returns(self) -> list[int]:
        """The settlement per seat, times the hand's multiplier; zeros until the hand is over. Sums to 0."""
        if self._phase != "done" or self._doubler:  # R32: a doubler pays nothing now
            return [0] * NUM_PLAYERS
        if self._leaster:
            winner = leaster_winner(self._points, self._trick_winners)  # R31
            result = [-1] * NUM_PLAYERS
            result[winner] = 4
        else:
            result = self._settle_picker()
        return [amount * self._multiplier for amount in result]

    def history(self) -> list[int]:
        """The actions applied so far."""
        return list(self._history)

    def action_to_string(self, action: int) -> str:
        """See the module function `action_to_string`."""
        return action_to_string(action)

    def string_to_action(self, text: str) -> int:
        """See the module function `string_to_action`."""
        return string_to_action(text)

    # ---- what a seat cannot see ----------------------------------------------------------------------------

    def resample(self, player: int, seed: int) -> State:
        """A state `player` cannot tell from this one: every card hidden from it dealt again at random,
        uniformly among the deals (with another picker's bury and under) under which the whole history is
        legal.

        Hidden from a seat are the others' unplayed cards, the blind unless the seat picked it (or a leaster
        is over, R31), another picker's bury and under (R11, R16), and with them the partner (R17). Every seat
        keeps the cards it played; the cards unknown to `player` are shuffled and dealt into the places left:
        each other hand up to its six cards and, for another picker, its eight cards (hand and blind) split
        uniformly into hand and blind, the bury and the under (unless played) drawn uniformly from its
        unplayed cards and written into the history. A hand is built from that deal with the same options,
        dealer and multiplier, and the whole history is replayed with every legality check (the voids of
        R22-R24, the hold card of R18, the partner's duties of R19); a deal on which an action is illegal is
        dealt again. Rejection from a uniform proposal keeps the result uniform.

        The randomness comes from ``random.Random(seed)``. Raises `UnreachableStateError` after
        `RESAMPLE_TRIES` deals, which never happens to a state reached by play.
        """
        self._check_seat(player)
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= _MASK64:
            raise ValueError(f"seed must be an int in 0..2**64-1, got {seed!r}")
        chooser = random.Random(seed)
        picker = self._picker if self._picker != player else None  # another seat's picked hand
        played = self._played_cards()
        known = set(self._dealt_hands[player])
        if self._knows_blind(player):
            known.update(self._blind)
        for seat, cards in enumerate(played):
            if seat != player:
                known.update(cards)
        pool = [card for card in range(len(DECK)) if card not in known]  # the cards `player` cannot place
        # The hidden actions: another picker's bury (R11) and its under (R16) unless it has been played.
        buries = [i for i, action in enumerate(self._history) if BURY <= action < CALL]
        under_at = next((i for i, action in enumerate(self._history) if UNDER <= action < PLAY), None)
        if self._under is not None and any(self._under in cards for cards in played):
            under_at = None  # the under was seen when played
        if picker is None:
            buries = []  # the seat buried itself, or nobody picked
            under_at = None
        blind_hidden = self._picker is None and not self._knows_blind(player)

        for _ in range(RESAMPLE_TRIES):
            chooser.shuffle(pool)
            hands = [list(hand) for hand in self._dealt_hands]
            blind = list(self._blind)
            dealt = 0
            for seat in range(NUM_PLAYERS):
                if seat != player and seat != picker:
                    need = HAND_SIZE - len(played[seat])
                    hands[seat] = played[seat] + pool[dealt : dealt + need]
                    dealt += need
            history = list(self._history)
            if picker is not None:
                # R10, R11: the picker's eight cards, split uniformly into its dealt hand and the blind.
                need = HAND_SIZE + 2 - len(played[picker])
                eight = played[picker] + pool[dealt : dealt + need]
                dealt += need
                chooser.shuffle(eight)
                blind, hands[picker] = eight[:2], eight[2:]
                unplayed = [card for card in eight if card not in played[picker]]
                chooser.shuffle(unplayed)  # the bury, then the under, from the cards not played
                for i, at in enumerate(buries):
                    history[at] = BURY + unplayed[i]
                if under_at is not None:
                    history[under_at] = UNDER + unplayed[len(buries)]
            elif blind_hidden:
                blind = pool[dealt : dealt + 2]
            if self._rules.no_ace_face_trump_redeal and _seat_without_ace_face_trump(hands) is not None:
                continue  # V28: such a deal is never played, as every seat knows
            state = State._from_deal(hands, blind, self._dealer, self._rules, self._multiplier)
            state._rng_state = self._rng_state  # the generator is not part of what is hidden
            # The phase too: the same call is an ordinary one or an "unknown" one (R16) by the picker's cards.
            if state._replay(history) and state.phase == self.phase:
                return state
        raise UnreachableStateError(
            f"no deal found in {RESAMPLE_TRIES} tries under which the history is legal for seat {player}:"
            " the state cannot be reached by play"
        )

    @classmethod
    def _from_deal(
        cls, hands: Sequence[Sequence[int]], blind: Sequence[int], dealer: int, rules: Rules, multiplier: int
    ) -> State:
        """A hand about to start from a deal given as card indices, already checked (see `from_cards`)."""
        state = object.__new__(cls)
        state._rules = rules
        state._dealer = dealer
        state._multiplier = multiplier
        state._dealt_hands = tuple(tuple(sorted(hand)) for hand in hands)
        state._blind = tuple(blind)
        state._rng_state = Rng(0).state
        state._reset()
        return state

    def _replay(self, history: Sequence[int]) -> bool:
        """Apply these actions, each only if legal; False (the state part-way) at the first illegal one."""
        for action in history:
            if action not in self.legal_actions():
                return False
            self._do(action)
        return True

    def _played_cards(self) -> list[list[int]]:
        """The cards each seat has played so far (completed tricks and the trick on the table)."""
        played: list[list[int]] = [[] for _ in range(NUM_PLAYERS)]
        for trick in [*self._tricks, self._trick]:
            for seat, card in trick:
                played[seat].append(card)
        return played

    def _knows_blind(self, seat: int) -> bool:
        """Whether `seat` has seen the blind: it picked it (R10), or a leaster is over (R31)."""
        return self._picker == seat or (self._leaster and self._phase == "done")

    # ---- what a seat knows: its information state and its observation -------------------------------------

    def _hides_card_from(self, action: int, player: int) -> bool:
        """Whether the card of this action is hidden from `player`: another picker's bury (R11) or under
        (R16). (An under is seen when it is played: its ``play`` action is public.)"""
        return self._picker != player and (BURY <= action < CALL or UNDER <= action < PLAY)

    def information_state_key(self, player: int) -> int:
        """A 64-bit int, equal for two states exactly when `player`'s information is equal (up to hash
        collisions).

        What the seat knows (protocol page, "What a seat knows"): the seat itself, the options, the dealer,
        the multiplier, its dealt hand, the blind once known (picked by the seat, or a leaster over, R31),
        the history of actions with the cards of another picker's bury and under masked, and the phase. The
        key is the first 8 bytes of a BLAKE2b digest of a canonical text of these, so it is the same in every
        run and on every machine (Python's own ``hash`` of a str is randomized per process). It is not the
        Rust engine's key: only the equality of keys is shared.
        """
        self._check_seat(player)
        history: list[str] = []
        for action in self._history:
            if self._hides_card_from(action, player):
                # R11, R16: another picker's bury and under are face down; only the verb is seen.
                history.append(action_to_string(action).split()[0] + " ?")
            else:
                history.append(action_to_string(action))
        blind = sorted(self._blind) if self._knows_blind(player) else None
        rules = self._rules
        known = (
            "sheepshead",
            player,
            (
                rules.jack_order,
                rules.all_pass,
                rules.double_on_the_bump,
                rules.no_trick_split,
                rules.schwarz,
                rules.no_legal_call,
                rules.hold_card_lead,
                rules.called_card_no_discard,
                rules.no_ace_face_trump_redeal,
                rules.hands_per_game,
            ),
            self._dealer,
            self._multiplier,
            sorted(self._dealt_hands[player]),
            blind,
            history,
            self.phase,  # an "unknown" call (R16) shows in the phase before its under is laid
        )
        digest = hashlib.blake2b(repr(known).encode(), digest_size=8).digest()
        return int.from_bytes(digest, "little")

    def observation(self, player: int) -> list[float]:
        """What `player` may know, as ``OBSERVATION_SHAPE[0]`` = 537 floats laid out as the table of the
        protocol page; seats are relative to the player (``r = (seat - player) % 5``, r = 0 is the player).

        A plain list of Python floats (standard library only), each rounded to float32, so it equals the Rust
        engine's float32 numpy array element for element (``array.tolist()``). Blocks of 32 are indexed by
        card.
        """
        self._check_seat(player)
        obs = [0.0] * OBSERVATION_SHAPE[0]

        def relative(seat: int) -> int:
            return (seat - player) % NUM_PLAYERS

        for card in self._hands[player]:
            obs[_OBS_HAND + card] = 1.0  # the hand now: the picker's includes the blind until buried
        if self._picker == player:
            for card in self._buried:
                obs[_OBS_BURY + card] = 1.0  # R11: the seat's own bury
        if self._knows_blind(player):
            for card in self._blind:
                obs[_OBS_BLIND + card] = 1.0  # R10 picked, or R31 a leaster is over
        for seat, cards in enumerate(self._played_cards()):
            for card in cards:
                obs[_OBS_PLAYED + 32 * relative(seat) + card] = 1.0
        for seat, card in self._trick:
            obs[_OBS_TRICK + 32 * relative(seat) + card] = 1.0
        if self._phase == "play":
            obs[_OBS_LEADER + relative(self._leader)] = 1.0
        # The picker: one of five relative seats, or the sixth place for nobody (yet, or all passed).
        obs[_OBS_PICKER + (NUM_PLAYERS if self._picker is None else relative(self._picker))] = 1.0
        first = (self._dealer + 1) % NUM_PLAYERS  # R10: the passes go round from the dealer's left
        for i in range(self._passes):
            obs[_OBS_PASSED + relative(first + i)] = 1.0
        if self._called is not None:
            obs[_OBS_CALLED + self._called] = 1.0
        if self._alone:
            obs[_OBS_CALL_KIND] = 1.0  # R20
        if self._under is not None:
            obs[_OBS_CALL_KIND + 1] = 1.0  # R16 "unknown": set once the under is laid, not while it is chosen
        if self._under is not None and self._picker == player:
            obs[_OBS_UNDER + self._under] = 1.0
        partner = self._partner_seat
        if partner is not None and (partner == player or self.partner is not None):
            obs[_OBS_PARTNER + relative(partner)] = 1.0  # R17: known once the called card is played
        obs[_OBS_PHASE + _PHASES.index(self._phase)] = 1.0
        obs[_OBS_DEALER + relative(self._dealer)] = 1.0
        to_act = self.current_player
        if to_act is not None:
            obs[_OBS_TO_ACT + relative(to_act)] = 1.0
        for seat in range(NUM_PLAYERS):
            obs[_OBS_POINTS + relative(seat)] = _float32(self._points[seat] / TOTAL_POINTS)
            obs[_OBS_TRICKS_WON + relative(seat)] = _float32(self._tricks_won[seat] / NUM_TRICKS)
        obs[_OBS_TRICKS_DONE] = _float32(len(self._tricks) / NUM_TRICKS)
        obs[_OBS_MULTIPLIER] = _float32(self._multiplier)
        if self._called is not None:
            # R18, R19: a completed trick was led with the called suit (the trick on the table is shown above,
            # so its lead is not counted here until the trick is complete).
            called_suit = _printed_suit(self._called)
            if any(self._suit(trick[0][1]) == called_suit for trick in self._tricks):
                obs[_OBS_CALLED_SUIT_LED] = 1.0
        rules = self._rules
        options = (
            rules.jack_order == "seed",
            rules.all_pass == "doubler",
            rules.double_on_the_bump,
            rules.no_legal_call == "unknown",
            rules.called_card_no_discard,
        )
        for i, flag in enumerate(options):
            obs[_OBS_OPTIONS + i] = 1.0 if flag else 0.0
        return obs

    # ---- saving: JSON and pickling -------------------------------------------------------------------------

    @property
    def rng_state(self) -> tuple[int, int, int, int]:
        """The four words of the generator a next deal would continue from: after `new`, the one that
        shuffled the deck; for explicit cards, the generator of seed 0 (as the Rust engine). Saved by
        `to_json`."""
        return self._rng_state

    @rng_state.setter
    def rng_state(self, words: tuple[int, int, int, int]) -> None:
        rng = Rng(0)
        rng.state = words  # checks the four words
        self._rng_state = rng.state

    def to_json(self) -> str:
        """The state as JSON, in the same format as the Rust engine's ``to_json`` (a save made by either
        engine loads in the other): the game, the format version, the options, the dealer, the multiplier,
        the dealt hands and the blind, the generator's state, and the history as action strings::

            {"game": "sheepshead", "format": 1, "rules": {...}, "dealer": 0, "multiplier": 1,
             "hands": [["7C", ...], ...], "blind": ["8S", "KH"], "rng": [w0, w1, w2, w3],
             "history": ["pass", "pick", "bury 7C", ...]}
        """
        rules = self._rules
        saved = {
            "game": "sheepshead",
            "format": _SAVE_FORMAT,
            "rules": {
                "jack_order": rules.jack_order,
                "all_pass": rules.all_pass,
                "double_on_the_bump": rules.double_on_the_bump,
                "no_trick_split": rules.no_trick_split,
                "schwarz": rules.schwarz,
                "no_legal_call": rules.no_legal_call,
                "hold_card_lead": rules.hold_card_lead,
                "called_card_no_discard": rules.called_card_no_discard,
                "no_ace_face_trump_redeal": rules.no_ace_face_trump_redeal,
                "hands_per_game": rules.hands_per_game,
            },
            "dealer": self._dealer,
            "multiplier": self._multiplier,
            "hands": [[DECK[card] for card in hand] for hand in self._dealt_hands],
            "blind": [DECK[card] for card in self._blind],
            "rng": list(self._rng_state),
            "history": [action_to_string(action) for action in self._history],
        }
        return json.dumps(saved)

    @classmethod
    def from_json(cls, text: str | bytes) -> State:
        """Rebuild a state saved by `to_json` (of this engine or the Rust one): the hand is dealt from the
        saved cards and options, then the history is replayed with every legality check. Anything missing,
        of the wrong type or inconsistent raises ``tricktaker.errors.InvalidStateError`` (a ValueError) saying
        what."""
        try:
            return cls._load(text)
        except InvalidStateError as error:
            raise InvalidStateError(f"corrupted saved game: {error}") from None
        except (ValueError, TypeError, KeyError, OverflowError) as error:
            raise InvalidStateError(f"corrupted saved game: {type(error).__name__}: {error}") from None

    @classmethod
    def _load(cls, text: str | bytes) -> State:
        """`from_json` without the wrapping of errors."""
        if not isinstance(text, str | bytes | bytearray):
            raise TypeError(f"expected JSON text (str or bytes), got {type(text).__name__}")
        data = json.loads(text)
        if not isinstance(data, dict) or data.get("game") != "sheepshead":
            raise InvalidStateError("not a saved sheepshead state")
        if data.get("format") != _SAVE_FORMAT:
            raise InvalidStateError(f"unknown save format {data.get('format')!r}")
        options = data["rules"]
        if not isinstance(options, dict):
            raise InvalidStateError(f"rules must be an object, got {options!r}")
        if "hold_card_lead" not in options:
            # Saved before the option existed, so played under R18 as it then was: no hold-card lead.
            options = {**options, "hold_card_lead": "forbidden"}
        try:
            rules = Rules(**options)
        except TypeError as error:  # an unknown option
            raise InvalidStateError(f"bad rule options {options!r}: {error}") from None
        hands = data["hands"]
        if not isinstance(hands, list):
            raise InvalidStateError(f"hands must be a list, got {hands!r}")
        state = cls.from_cards(
            [_card_texts(hand, "a hand") for hand in hands],
            _card_texts(data["blind"], "the blind"),
            dealer=data["dealer"],
            rules=rules,
            multiplier=data["multiplier"],
        )
        words = data["rng"]
        if not isinstance(words, list):
            raise InvalidStateError(f"rng must be a list of four ints, got {words!r}")
        state.rng_state = (*words,)  # the setter checks the four words
        history = data["history"]
        if not isinstance(history, list):
            raise InvalidStateError(f"history must be a list, got {history!r}")
        for i, text_action in enumerate(history):
            if not isinstance(text_action, str):
                raise InvalidStateError(f"action {i} is not a string: {text_action!r}")
            try:
                state.apply_action(string_to_action(text_action))
            except ValueError as error:  # unknown or illegal
                raise InvalidStateError(f"action {i} ({text_action!r}) cannot be replayed: {error}") from None
        return state

    # Pickling needs nothing more: the state is plain data (ints, lists, tuples and the frozen `Rules`), which
    # pickle copies and restores exactly.

    # ---- friendly read-only accessors ----------------------------------------------------------------------

    @property
    def rules(self) -> Rules:
        """The options of this hand."""
        return self._rules

    @property
    def phase(self) -> Phase:
        """``"pick"``, ``"bury"``, ``"call"``, ``"under"``, ``"play"`` or ``"done"``."""
        return self._phase

    @property
    def dealer(self) -> int:
        """The dealer's seat."""
        return self._dealer

    @property
    def next_dealer(self) -> int:
        """Who deals the next hand: the deal passes to the left (R9)."""
        return (self._dealer + 1) % NUM_PLAYERS

    @property
    def multiplier(self) -> int:
        """The factor applied to the settlement (1 unless doublers are pending, R32)."""
        return self._multiplier

    def hand(self, seat: int) -> list[str]:
        """The cards `seat` holds now (the picker's include the blind until buried), in index order."""
        self._check_seat(seat)
        return [DECK[card] for card in sorted(self._hands[seat])]

    @property
    def blind(self) -> list[str]:
        """The two blind cards as dealt."""
        return [DECK[card] for card in self._blind]

    @property
    def buried(self) -> list[str]:
        """The cards buried so far, in the order buried (R11)."""
        return [DECK[card] for card in self._buried]

    @property
    def picker(self) -> int | None:
        """The picker's seat, or None (before a pick, or when all passed)."""
        return self._picker

    @property
    def called_card(self) -> str | None:
        """The called ace or ten, or None (no call yet, alone, or no picker)."""
        return None if self._called is None else DECK[self._called]

    @property
    def under_card(self) -> str | None:
        """The card the picker laid face down after an "unknown" call (R16), or None."""
        return None if self._under is None else DECK[self._under]

    @property
    def is_alone(self) -> bool:
        """Whether the picker went alone (R20), by choice or for want of a legal call (R16)."""
        return self._alone

    @property
    def partner(self) -> int | None:
        """The partner's seat once the called card has been played (R17); None before that or without a
        call."""
        if self._called is None or self._partner_seat is None:
            return None
        if self._called in self._hands[self._partner_seat]:
            return None
        return self._partner_seat

    @property
    def is_leaster(self) -> bool:
        """Whether all five passed and a leaster is being played (R31)."""
        return self._leaster

    @property
    def is_doubler(self) -> bool:
        """Whether all five passed with ``all_pass="doubler"``: the hand was thrown in (R32)."""
        return self._doubler

    def points(self) -> list[int]:
        """Card points taken in tricks so far, per seat. In a leaster the taker of the last trick also has the
        blind once that trick is complete (R31). The bury is not included (see `buried`)."""
        return list(self._points)

    def tricks_won(self) -> list[int]:
        """The number of tricks taken so far, per seat."""
        return list(self._tricks_won)

    def current_trick(self) -> list[tuple[int, str]]:
        """The trick being played, as (seat, card) in play order."""
        return [(seat, DECK[card]) for seat, card in self._trick]

    def completed_tricks(self) -> list[list[tuple[int, str]]]:
        """The tricks played so far, each as (seat, card) in play order."""
        return [[(seat, DECK[card]) for seat, card in trick] for trick in self._tricks]

    def trick_winners(self) -> list[int]:
        """The winner of each completed trick, in order."""
        return list(self._trick_winners)

    # ---- equality and display ------------------------------------------------------------------------------

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return self.__dict__ == other.__dict__

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        actions = ", ".join(action_to_string(action) for action in self._history)
        return f"<sheepshead.State dealer={self._dealer} phase={self._phase} history=[{actions}]>"

    # ---- the rules -----------------------------------------------------------------------------------------

    def _check_seat(self, seat: int) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < NUM_PLAYERS:
            raise ValueError(f"seat must be 0..{NUM_PLAYERS - 1}, got {seat!r}")

    def _picker_hand(self) -> list[int]:
        assert self._picker is not None
        return sorted(self._hands[self._picker])

    def _suit(self, card: int) -> str:
        """The effective suit of a card in this hand (R5); the under card belongs to the called suit (R16)."""
        if card == self._under and self._called is not None:
            return _printed_suit(self._called)
        return _SUIT_OF[card]

    def _holds_suit(self, seat: int, suit: str) -> bool:
        return any(self._suit(card) == suit for card in self._hands[seat])

    def _callable_cards(self) -> list[int]:
        """The cards the picker may call, once the bury is done (R14-R16, protocol page)."""
        assert self._picker is not None
        picker = self._picker
        held = set(self._hands[picker]) | set(self._buried)
        # R15: holding all three fail aces (in hand or bury), the picker calls a ten instead.
        targets = _TENS if all(ace in held for ace in _ACES) else _ACES
        # R14: a fail suit in which the picker keeps a card in hand (the hold card), its ace/ten not held.
        calls = [
            card for card in targets if card not in held and self._holds_suit(picker, _printed_suit(card))
        ]
        if not calls and self._rules.no_legal_call == "unknown":
            # R16 "unknown": the ace of a fail suit the picker is void in and has not buried.
            calls = [
                ace
                for ace in _ACES
                if ace not in self._buried and not self._holds_suit(picker, _printed_suit(ace))
            ]
        return calls

    def _called_suit_led(self) -> bool:
        """Whether a trick (the current one included) has been led with the called suit (R18, R19)."""
        assert self._called is not None
        called_suit = _printed_suit(self._called)
        leads = [trick[0][1] for trick in self._tricks]
        if self._trick:
            leads.append(self._trick[0][1])
        return any(self._suit(card) == called_suit for card in leads)

    def _playable_cards(self) -> list[int]:
        """The cards the player to act may play now (R22-R24, then R18 and R19 when a card was called)."""
        seat = self.current_player
        assert seat is not None
        hand = self._hands[seat]
        leading = not self._trick
        if leading:
            cards = list(hand)  # any card may be led (R21) ...
            follows_led_suit = False
        else:
            led_suit = self._suit(self._trick[0][1])
            same_suit = [card for card in hand if self._suit(card) == led_suit]
            follows_led_suit = bool(same_suit)
            # R22, R24: follow the led effective suit if able; R23: otherwise any card.
            cards = same_suit if same_suit else list(hand)

        if self._called is None:
            return cards  # alone, or a leaster: no further duties
        called = self._called
        called_suit = _printed_suit(called)
        last_trick = len(self._tricks) == NUM_TRICKS - 1
        suit_led = self._called_suit_led()

        if seat == self._partner_seat and called in hand:
            if leading and not suit_led:
                # R19: the partner may lead the called card, but no other card of the called suit, before the
                # suit has been led: that lead would be the suit's first, without the called card.
                cards = [card for card in cards if card == called or self._suit(card) != called_suit]
            elif follows_led_suit and self._suit(self._trick[0][1]) == called_suit:
                # R19: the first time the called suit is led, the partner must play the called card.
                cards = [called]
            elif self._rules.called_card_no_discard and not leading and not suit_led and not last_trick:
                # R19 (called_card_no_discard): no discarding the called card on a trick of another suit
                # before the called suit is led, except in the last trick.
                cards = [card for card in cards if card != called]

        if seat == self._picker and not suit_led and not last_trick:
            # R18 (revised): until the called suit is led, the picker may not discard the last card of the
            # called suit, except in the last trick; nor lead it, under hold_card_lead = "forbidden". (A
            # picker following the called suit follows normally.)
            hold_cards = [card for card in hand if self._suit(card) == called_suit]
            if len(hold_cards) == 1 and (not leading or self._rules.hold_card_lead == "forbidden"):
                cards = [card for card in cards if card != hold_cards[0]]
        return cards

    def _trick_winner(self, trick: Sequence[tuple[int, int]]) -> int:
        """R25: the highest trump if any trump was played, else the highest card of the led fail suit."""
        trumps = [(seat, card) for seat, card in trick if self._suit(card) == TRUMP]
        if trumps:
            strength = _TRUMP_STRENGTH[self._rules.jack_order]
            return max(trumps, key=lambda play: strength[play[1]])[0]
        led_suit = self._suit(trick[0][1])
        followers = [(seat, card) for seat, card in trick if self._suit(card) == led_suit]
        return max(followers, key=lambda play: self._fail_strength(play[1]))[0]

    def _fail_strength(self, card: int) -> int:
        # R4; the under card counts as a card of the called suit below its 7 (R16, protocol page).
        return _UNDER_STRENGTH if card == self._under else _FAIL_STRENGTH[card]

    def _settle_picker(self) -> list[int]:
        """R26-R30 for a hand with a picker."""
        assert self._picker is not None
        side = [self._picker] if self._partner_seat is None else [self._picker, self._partner_seat]
        # R26: P is the side's trick points plus the bury.
        bury_points = sum(_POINTS_OF[card] for card in self._buried)
        side_points = sum(self._points[seat] for seat in side) + bury_points
        side_tricks = sum(self._tricks_won[seat] for seat in side)
        double, schwarz = self._rules.double_on_the_bump, self._rules.schwarz
        trick_points = side_points - bury_points
        if self._partner_seat is None:  # R30: alone
            picker_amount, opponent_amount = settle_alone(
                side_points, side_tricks, double, trick_points=trick_points, schwarz=schwarz
            )
            result = [opponent_amount] * NUM_PLAYERS
            result[self._picker] = picker_amount
            return result
        # R27: with a partner
        picker_amount, partner_amount, opponent_amount = settle_with_partner(
            side_points,
            side_tricks,
            double,
            trick_points=trick_points,
            no_trick_split=self._rules.no_trick_split,
            schwarz=schwarz,
        )
        result = [opponent_amount] * NUM_PLAYERS
        result[self._picker] = picker_amount
        result[self._partner_seat] = partner_amount
        return result

    # ---- applying an action (already known to be legal) ----------------------------------------------------

    def _do(self, action: int) -> None:
        self._history.append(action)
        if self._phase == "pick":
            self._do_pick(action)
        elif self._phase == "bury":
            self._do_bury(action - BURY)
        elif self._phase == "call":
            self._do_call(action)
        elif self._phase == "under":
            self._under = action - UNDER
            self._phase = "play"
        elif self._phase == "play":
            self._do_play(action - PLAY)
        else:  # pragma: no cover - legal_actions() is empty when the hand is over
            raise AssertionError(f"no action can be applied in phase {self._phase!r}")

    def _do_pick(self, action: int) -> None:
        seat = self.current_player
        assert seat is not None
        if action == PICK:
            # R10, R11: the first to pick takes the blind.
            self._picker = seat
            self._hands[seat].extend(self._blind)
            self._phase = "bury"
            return
        self._passes += 1
        if self._passes == NUM_PLAYERS:  # R12: all passed
            if self._rules.all_pass == "doubler":
                self._doubler = True  # R32: thrown in, no play
                self._phase = "done"
            else:
                self._leaster = True  # R31: the blind waits for the last trick
                self._phase = "play"

    def _do_bury(self, card: int) -> None:
        assert self._picker is not None
        self._hands[self._picker].remove(card)
        self._buried.append(card)
        if len(self._buried) == 2:
            self._phase = "call"

    def _do_call(self, action: int) -> None:
        assert self._picker is not None
        if action == ALONE:
            self._alone = True  # R20
            self._phase = "play"
            return
        called = _CALLABLE[action - CALL]
        self._called = called
        # R14: whoever holds the called card is the partner (never the picker, who may not hold it).
        self._partner_seat = next(seat for seat in range(NUM_PLAYERS) if called in self._hands[seat])
        # R16 "unknown": a picker void in the called suit lays an under card face down next.
        unknown = not self._holds_suit(self._picker, _printed_suit(called))
        self._phase = "under" if unknown else "play"

    def _do_play(self, card: int) -> None:
        seat = self.current_player
        assert seat is not None
        self._hands[seat].remove(card)
        self._trick.append((seat, card))
        if len(self._trick) < NUM_PLAYERS:
            return
        # The trick is complete: its winner takes its points and leads the next (R21, R25).
        winner = self._trick_winner(self._trick)
        self._points[winner] += sum(_POINTS_OF[played] for _, played in self._trick)
        self._tricks_won[winner] += 1
        self._tricks.append(self._trick)
        self._trick_winners.append(winner)
        self._trick = []
        self._leader = winner
        if len(self._tricks) == NUM_TRICKS:
            if self._leaster:  # R31: the blind goes to the taker of the last trick
                self._points[winner] += sum(_POINTS_OF[card] for card in self._blind)
            self._phase = "done"


# ------------------------------------------------------------------------------------------------------------
# Random playouts
# ------------------------------------------------------------------------------------------------------------


def random_playout(seed: int, rules: RulesLike | None = None) -> list[int]:
    """Play one hand of ``State.new(seed, rules)`` choosing uniformly among the legal actions with
    ``random.Random(seed)``; return its `State.returns`."""
    state = State.new(seed, rules)
    chooser = random.Random(seed)
    while not state.is_terminal:
        state.apply_action(chooser.choice(state.legal_actions()))
    return state.returns()


def random_playouts(n: int, seed: int, rules: RulesLike | None = None) -> list[list[int]]:
    """`n` random hands: hand ``i`` is ``random_playout((seed + i) mod 2**64, rules)``."""
    if n < 0:
        raise ValueError(f"n must be >= 0, got {n}")
    if not 0 <= seed <= _MASK64:
        raise ValueError(f"seed must be an int in 0..2**64-1, got {seed!r}")
    return [random_playout((seed + i) & _MASK64, rules) for i in range(n)]
