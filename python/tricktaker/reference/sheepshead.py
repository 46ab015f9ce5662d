"""Sheepshead: the pure-Python reference engine.

An executable form of ``docs/rules/sheepshead.md`` (rules R1-R34) and of its variants chapter (V0-V28, with
R18 revised), cited as ``# R18`` or ``# V13`` next to the code that implements them. It follows the engine
contract of ``docs/sheepshead-protocol.md`` bit for bit: the same card indices, action ids and strings, the
same options, phases and seeded shuffle and deal as the Rust engine, so the two can be compared action by
action. It was written from the rules documents alone, independently of the Rust code.

It is written to be read, not to be fast. Everything is plain Python from the standard library.

Quick tour::

    >>> from tricktaker.reference import sheepshead as ref
    >>> state = ref.State.new(seed=7)
    >>> state.phase, state.current_player
    ('pick', 1)
    >>> [state.action_to_string(a) for a in state.legal_actions()]
    ['pick', 'pass']
    >>> three = ref.State.new(seed=7, rules=ref.Rules(players=3), dealer=2)
    >>> three.num_players, three.hand_size, three.active_seats
    (3, 10, [0, 1, 2])

Besides the moves, a `State` answers what one seat knows (`State.information_state_key`,
`State.observation`, `State.resample`) and saves itself as JSON in the Rust engine's format (`State.to_json`,
`State.from_json`), so a save made by either engine loads in the other.

The default game is five players with a called ace. A hand runs through the phases ``pick`` -> ``bury`` ->
``call`` -> (``under``) -> ``play`` -> ``done``; when all five pass, a leaster is played (R31) or, with
``all_pass="doubler"``, the hand ends at once (R32). The options of the variants chapter (`Rules`, V.C.1) add
the player counts 3-8 and their forms (V1), the partner methods (V9-V16), the other all-pass games (V18-V23),
cracking, re-cracking and blitzing (V24-V27), and the phases ``blitz``, ``crack`` and ``recrack`` in the
decision order of V.C.2: ``blitz`` -> ``pick`` -> ``bury`` -> ``call`` -> ``under`` -> ``crack`` ->
``blitz`` -> ``recrack`` -> ``blitz`` -> ``play`` -> ``done``, each skipped when it has no decision.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import json
import random
import struct
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal, Protocol, TypeVar

# The one import from the rest of the package: the exceptions a bad option or a corrupted save raises, shared
# with the Rust engine (``tricktaker.errors`` is plain Python).
from ..errors import InvalidStateError, RulesError

__all__ = [
    "ALONE",
    "BLITZ",
    "BLITZ_PAIRS",
    "BURY",
    "CALL",
    "CALL_UP",
    "CRACK",
    "DECK",
    "FIRST_TRICK",
    "JACK_PARTNER",
    "NO_BLITZ",
    "NUM_ACTIONS",
    "NUM_PLAYERS",
    "OBSERVATION_SHAPE",
    "PASS",
    "PICK",
    "PLAY",
    "RECRACK",
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
    "doubler_factors",
    "fail_order",
    "leaster_winner",
    "observation_size",
    "parse_card",
    "random_playout",
    "random_playouts",
    "schwanzer_count",
    "settle_alone",
    "settle_hand",
    "settle_with_partner",
    "string_to_action",
    "trump_order",
]

# The default game's counts (R1, R8, R21); a hand's own are `State.num_players` and `State.hand_size` (V1).
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

NUM_ACTIONS: Final = 114
#: The shape of `State.observation` in the default game (its layout is the table of the protocol page). Other
#: configurations have other sizes: see `observation_size` and `State.observation_shape`.
OBSERVATION_SHAPE: Final = (537,)
PICK: Final = 0  # take the blind (R10)
PASS: Final = 1  # pass (R10), also the pass of the crack and re-crack windows (V25, V26)
BURY: Final = 2  # BURY + card: bury that card (R11), ids 2..33
CALL: Final = 34  # CALL + i: call _CALLABLE[i] (R14, R15, V11, V12, V13 call_ace), ids 34..39
ALONE: Final = 40  # go alone (R16, R20)
UNDER: Final = 41  # UNDER + card: lay that card face down as the hold card (R16, V11), ids 41..72
PLAY: Final = 73  # PLAY + card: play that card (R21-R24), ids 73..104
BLITZ: Final = 105  # BLITZ + i: blitz the pair BLITZ_PAIRS[i] (V27), ids 105..107
NO_BLITZ: Final = 108  # decline the pair being decided (V27)
CRACK: Final = 109  # double the stakes (V25)
RECRACK: Final = 110  # double them again (V26)
JACK_PARTNER: Final = 111  # play with the partner jack's holder (V13)
CALL_UP: Final = 112  # call up the lowest trump above the partner jack the picker does not hold (V13)
FIRST_TRICK: Final = 113  # the winner of trick 1 becomes the partner (V14)

#: The pairs that can be blitzed (V27), in action order and in the order a seat decides them.
BLITZ_PAIRS: Final = ("black_queens", "red_queens", "black_jacks")
_PAIR_CARDS: Final = {
    "black_queens": (_index("QC"), _index("QS")),
    "red_queens": (_index("QH"), _index("QD")),
    "black_jacks": (_index("JC"), _index("JS")),
}

# The cards that can be called, in action order: the fail aces (R14), then the fail tens (R15).
_CALLABLE: Final = tuple(_index(card) for card in ("AC", "AS", "AH", "10C", "10S", "10H"))
_ACES: Final = _CALLABLE[:3]
_TENS: Final = _CALLABLE[3:]


# The actions written as words only.
_WORD_ACTIONS: Final = {
    ("pick",): PICK,
    ("pass",): PASS,
    ("alone",): ALONE,
    ("no", "blitz"): NO_BLITZ,
    ("crack",): CRACK,
    ("recrack",): RECRACK,
    ("jack", "partner"): JACK_PARTNER,
    ("call", "up"): CALL_UP,
    ("first", "trick"): FIRST_TRICK,
}
_ACTION_WORDS: Final = {action: " ".join(words) for words, action in _WORD_ACTIONS.items()}


def action_to_string(action: int) -> str:
    """The text of an action id: ``pick``, ``pass``, ``bury QC``, ``call AH``, ``alone``, ``under 7C``,
    ``play 10D``, ``blitz black_queens``, ``no blitz``, ``crack``, ``recrack``, ``jack partner``, ``call up``,
    ``first trick``."""
    if isinstance(action, bool) or not isinstance(action, int) or not 0 <= action < NUM_ACTIONS:
        raise ValueError(f"not a Sheepshead action id: {action!r} (expected 0..{NUM_ACTIONS - 1})")
    if action in _ACTION_WORDS:
        return _ACTION_WORDS[action]
    if action < CALL:
        return f"bury {DECK[action - BURY]}"
    if action < ALONE:
        return f"call {DECK[_CALLABLE[action - CALL]]}"
    if action < PLAY:
        return f"under {DECK[action - UNDER]}"
    if action < BLITZ:
        return f"play {DECK[action - PLAY]}"
    return f"blitz {BLITZ_PAIRS[action - BLITZ]}"


def string_to_action(text: str) -> int:
    """The action id of a text as written by `action_to_string`; lenient on case, spaces and card spelling."""
    words = text.strip().lower().split()
    if tuple(words) in _WORD_ACTIONS:
        return _WORD_ACTIONS[tuple(words)]
    if len(words) == 2 and words[0] == "blitz":
        if words[1] in BLITZ_PAIRS:
            return BLITZ + BLITZ_PAIRS.index(words[1])
        raise ValueError(f"not a Sheepshead action: {text!r} (the pairs are {', '.join(BLITZ_PAIRS)})")
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


# ------------------------------------------------------------------------------------------------------------
# Forms by player count (V1) and their deals (V2)
# ------------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Form:
    """One form of V1: its deck, hand and blind sizes, deal packets (V2) and partner methods (V.C)."""

    name: str  # "3", "4 cutthroat", "4 called_ace_30", "4 black_queens", "5", "6 dealer_sits_out", ...
    players: int
    deck: tuple[int, ...]  # the form's card indices in increasing order
    hand_size: int  # also the number of tricks
    blind_size: int  # also the size of the bury
    # The deal packets in order: ("each", k) is k cards to every active seat in pick order, ("blind", k).
    packets: tuple[tuple[str, int], ...]
    dealer_sits_out: bool  # V6 (a): the dealer gets no cards and takes no decision
    partners: tuple[str, ...]  # the partner methods the form allows, its default first (V.C)


_DECK_32: Final = tuple(range(32))
# V1 called_ace_30: 7♣ and 7♠ are removed.
_DECK_30: Final = tuple(card for card in range(32) if card not in (_index("7C"), _index("7S")))
_EACH_3_BLIND_2_EACH_3: Final = (("each", 3), ("blind", 2), ("each", 3))  # R8
_FIVE_PLUS: Final = ("called_ace", "jack", "first_trick")

_FORMS: Final = {
    (3, ""): _Form(
        "3", 3, _DECK_32, 10, 2, (("each", 3), ("blind", 2), ("each", 4), ("each", 3)), False, ("none",)
    ),
    (4, "cutthroat"): _Form(
        "4 cutthroat",
        4,
        _DECK_32,
        7,
        4,
        (("each", 2), ("blind", 2), ("each", 3), ("blind", 2), ("each", 2)),
        False,
        ("none",),
    ),
    (4, "called_ace_30"): _Form(
        "4 called_ace_30",
        4,
        _DECK_30,
        7,
        2,
        (("each", 2), ("blind", 2), ("each", 3), ("each", 2)),
        False,
        ("called_ace", "jack"),
    ),
    (4, "black_queens"): _Form(
        "4 black_queens", 4, _DECK_32, 8, 0, (("each", 4), ("each", 4)), False, ("black_queens",)
    ),
    (5, ""): _Form("5", 5, _DECK_32, 6, 2, _EACH_3_BLIND_2_EACH_3, False, _FIVE_PLUS),
    (6, "dealer_sits_out"): _Form(
        "6 dealer_sits_out", 6, _DECK_32, 6, 2, _EACH_3_BLIND_2_EACH_3, True, _FIVE_PLUS
    ),
    (6, "five_each"): _Form(
        "6 five_each", 6, _DECK_32, 5, 2, (("each", 2), ("blind", 2), ("each", 3)), False, _FIVE_PLUS
    ),
    (7, ""): _Form("7", 7, _DECK_32, 4, 4, (("each", 2), ("blind", 4), ("each", 2)), False, ("jack",)),
    (8, ""): _Form("8", 8, _DECK_32, 4, 0, (("each", 2), ("each", 2)), False, ("black_queens",)),
}


def _pick_order(form: _Form, dealer: int) -> tuple[int, ...]:
    """V0: the active seats clockwise from the dealer's left, ending with the dealer (or with the dealer's
    right when the dealer sits out, V6)."""
    seats = [(dealer + offset) % form.players for offset in range(1, form.players + 1)]
    if form.dealer_sits_out:
        seats.remove(dealer)
    return tuple(seats)


def _deal(deck: Sequence[int], form: _Form, dealer: int) -> tuple[list[list[int]], list[int]]:
    """V2 (R8 for five players): the form's packets, each "each" over the active seats in pick order.

    ``deck[0]`` is the top card (#1). Returns the hands (a sitting-out dealer's is empty) and the blind.
    """
    order = _pick_order(form, dealer)
    hands: list[list[int]] = [[] for _ in range(form.players)]
    blind: list[int] = []
    position = 0
    for kind, size in form.packets:
        if kind == "blind":
            blind.extend(deck[position : position + size])
            position += size
            continue
        for seat in order:
            hands[seat].extend(deck[position : position + size])
            position += size
    assert position == len(deck) == len(form.deck)
    return hands, blind


def _seat_without_ace_face_trump(hands: Sequence[Sequence[int]], seats: Iterable[int]) -> int | None:
    """V28: the first of these (active) seats whose hand holds no ace, no king and no trump (every queen, jack
    and diamond is trump), so only fail sevens, eights, nines and tens; None if every hand holds one."""
    for seat in seats:
        if all(DECK[card][-1] != "D" and DECK[card][:-1] in ("7", "8", "9", "10") for card in hands[seat]):
            return seat
    return None


# ------------------------------------------------------------------------------------------------------------
# Options (B.4, V.C.1)
# ------------------------------------------------------------------------------------------------------------


class RulesLike(Protocol):
    """Anything with the ten option attributes of B.4 can be passed as ``rules`` (e.g. the library's own
    Rules); the options of the variants chapter are read too when the object has them (see `Rules.coerce`)."""

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
        raise RulesError(f"Rules.{field} must be {expected}, got {value!r}")


def _check_bool(field: str, value: object) -> None:
    if not isinstance(value, bool):
        raise RulesError(f"Rules.{field} must be a bool, got {value!r}")  # options raise ValueError


_FOUR_HANDED: Final = ("cutthroat", "called_ace_30", "black_queens")
_SIX_HANDED: Final = ("dealer_sits_out", "five_each")
_PARTNER_METHODS: Final = ("called_ace", "jack", "first_trick", "black_queens", "none")
_ALL_PASS: Final = ("leaster", "doubler", "redeal", "forced_pick", "moster", "schneidster", "schwanzer")
#: The all-pass games, in the order of `State.all_pass_game` (forced_pick never lets all pass).
_ALL_PASS_GAMES: Final = ("leaster", "moster", "schneidster", "schwanzer", "doubler", "redeal")
_TRICK_GAMES: Final = ("leaster", "moster", "schneidster")
_MAX_CAP: Final = 2**20


@dataclass(frozen=True)
class Rules:
    """The house-rule options of B.4 and of the variants chapter (V.C.1); the defaults are the
    specification's, so ``Rules()`` is the default game: five players with a called ace.

    Invalid values raise `tricktaker.errors.RulesError` (a ValueError) naming the option; the combinations
    V.C refuses raise it naming both options. Options that a form does not read are accepted and ignored
    (``four_handed`` with other than 4 players, the jack options without the jack partner, cracking and
    blitzing in a black-queens game, ``all_pass`` there...).
    """

    jack_order: str = "standard"  # R3: "standard" (J♣ > J♠) or "seed" (J♠ > J♣)
    all_pass: str = "leaster"  # R12, V18: or doubler, redeal, forced_pick, moster, schneidster, schwanzer
    double_on_the_bump: bool = False  # R29
    no_trick_split: bool = False  # V17 row 2: the partner pays its share (2:1) instead of going free
    schwarz: str = "tricks"  # V17: by "tricks" (every trick / none) or "points" (120 / none in tricks)
    no_legal_call: str = "alone"  # R16: "alone" or "unknown" (call an under, V11)
    hold_card_lead: str = "allowed"  # R18 (revised): "allowed" or "forbidden" (the hold card may not be led)
    called_card_no_discard: bool = True  # R19
    no_ace_face_trump_redeal: bool = False  # V28: a hand with no ace, king or trump is dealt again
    hands_per_game: int = 15  # R34
    players: int = 5  # V1: 3..8
    four_handed: str = "cutthroat"  # V4: "cutthroat", "called_ace_30" or "black_queens" (4 players only)
    six_handed: str = "dealer_sits_out"  # V6: "dealer_sits_out" or "five_each" (6 players only)
    partner: str = "auto"  # V9-V16: "auto" (the form's default, V.C), "called_ace", "jack", ...
    partner_jack: str = "JD"  # V13: "JD" or "JC"
    jack_picker_holds: str = "auto"  # V13: "auto" (7: call_up, else alone), "alone", "call_up", "call_ace"
    called_ten_wins: bool = True  # V10: the called 10 beats the ace in the first trick of its suit
    call_own_ace: bool = False  # V12
    leaster_blind: str = "last_trick"  # V18: the blind goes to the last (or "first_trick") trick's winner
    leaster_tie: str = "tiebreak"  # V18: "tiebreak" (R31), "wash" or "split"
    doubler_stacking: str = "count"  # V19: "count", "multiply" or "single" (read by a Match)
    schwanzer_tie: str = "highest_trump"  # V23: "highest_trump" or "split"
    cracking: bool = False  # V25
    crack_by: str = "after_picker"  # V25: "after_picker" or "any_defender"
    recrack_by: str = "picker_or_partner"  # V26: "picker_or_partner", "picker" or "none"
    blitz: bool = False  # V27
    blitz_pairs: str = "black_queens+red_queens"  # V27: a "+"-joined subset of BLITZ_PAIRS, in that order
    multiplier_cap: int = 0  # V24: 0 for no cap, else a power of two 1..2**20

    def __post_init__(self) -> None:
        _check_choice("jack_order", self.jack_order, ("standard", "seed"))
        _check_choice("all_pass", self.all_pass, _ALL_PASS)
        _check_bool("double_on_the_bump", self.double_on_the_bump)
        _check_bool("no_trick_split", self.no_trick_split)
        _check_choice("schwarz", self.schwarz, ("tricks", "points"))
        _check_choice("no_legal_call", self.no_legal_call, ("alone", "unknown"))
        _check_choice("hold_card_lead", self.hold_card_lead, ("allowed", "forbidden"))
        _check_bool("called_card_no_discard", self.called_card_no_discard)
        _check_bool("no_ace_face_trump_redeal", self.no_ace_face_trump_redeal)
        hands = self.hands_per_game
        if isinstance(hands, bool) or not isinstance(hands, int) or hands < 1:
            raise RulesError(f"Rules.hands_per_game must be an int >= 1, got {hands!r}")
        players = self.players
        if isinstance(players, bool) or not isinstance(players, int) or not 3 <= players <= 8:
            raise RulesError(f"Rules.players must be an int 3..8, got {players!r}")
        _check_choice("four_handed", self.four_handed, _FOUR_HANDED)
        _check_choice("six_handed", self.six_handed, _SIX_HANDED)
        _check_choice("partner", self.partner, ("auto", *_PARTNER_METHODS))
        _check_choice("partner_jack", self.partner_jack, ("JD", "JC"))
        _check_choice("jack_picker_holds", self.jack_picker_holds, ("auto", "alone", "call_up", "call_ace"))
        _check_bool("called_ten_wins", self.called_ten_wins)
        _check_bool("call_own_ace", self.call_own_ace)
        _check_choice("leaster_blind", self.leaster_blind, ("last_trick", "first_trick"))
        _check_choice("leaster_tie", self.leaster_tie, ("tiebreak", "wash", "split"))
        _check_choice("doubler_stacking", self.doubler_stacking, ("count", "multiply", "single"))
        _check_choice("schwanzer_tie", self.schwanzer_tie, ("highest_trump", "split"))
        _check_bool("cracking", self.cracking)
        _check_choice("crack_by", self.crack_by, ("after_picker", "any_defender"))
        _check_choice("recrack_by", self.recrack_by, ("picker_or_partner", "picker", "none"))
        _check_bool("blitz", self.blitz)
        pairs = self.blitz_pairs
        names = pairs.split("+") if isinstance(pairs, str) else []
        if (
            not names
            or any(name not in BLITZ_PAIRS for name in names)
            or names != sorted(set(names), key=BLITZ_PAIRS.index)
        ):
            raise RulesError(
                "Rules.blitz_pairs must be a non-empty '+'-joined subset of 'black_queens', 'red_queens',"
                f" 'black_jacks' in that order, got {pairs!r}"
            )
        cap = self.multiplier_cap
        if (
            isinstance(cap, bool)
            or not isinstance(cap, int)
            or not 0 <= cap <= _MAX_CAP
            or (cap != 0 and cap & (cap - 1) != 0)
        ):
            raise RulesError(
                f"Rules.multiplier_cap must be 0 (no cap) or a power of two 1..2**20, got {cap!r}"
            )
        # V.C: the invalid combinations.
        form = _form_of(self)
        if self.partner != "auto" and self.partner not in form.partners:
            where = f"players={players}"
            if players == 4:
                where += f" and four_handed={self.four_handed!r}"
            elif players == 6:
                where += f" and six_handed={self.six_handed!r}"
            allowed = " or ".join(repr(method) for method in form.partners)
            raise RulesError(
                f"Rules.partner={self.partner!r} is not allowed with Rules.{where}: that form takes"
                f" partner {allowed} (V.C)"
            )
        if self.recrack_by == "picker" and not self.cracking:
            # V.C: a re-crack needs a crack. (The default "picker_or_partner" is allowed without cracking,
            # as the protocol page says: the re-crack is then never reached.)
            raise RulesError("Rules.recrack_by='picker' needs Rules.cracking=True (V.C)")

    @classmethod
    def coerce(cls, rules: RulesLike | None) -> Rules:
        """These options as a `Rules`: ``None`` gives the defaults, any object with the ten attributes of B.4
        is copied (an enum-like value is read through its ``.value``). The options of the variants chapter
        are read when the object has them and take their defaults otherwise; ``blitz_pairs`` may also be a
        collection of pair names."""
        if rules is None:
            return cls()
        if isinstance(rules, Rules):
            return rules
        values: dict[str, object] = {}
        for field in _FIELDS:
            if not hasattr(rules, field):
                if field in _B4_FIELDS:
                    raise TypeError(f"rules object {rules!r} has no attribute {field!r}")
                continue
            value = getattr(rules, field)
            inner = getattr(value, "value", None)
            if isinstance(inner, str | int):
                value = inner
            if field == "blitz_pairs" and isinstance(value, set | frozenset | list | tuple):
                names = [str(getattr(name, "value", name)) for name in value]
                if len(names) == len(set(names)) and set(names) <= set(BLITZ_PAIRS):
                    names = [name for name in BLITZ_PAIRS if name in names]  # the canonical order
                value = "+".join(names)  # anything else is refused by __post_init__, naming the option
            values[field] = value
        return cls(**values)  # type: ignore[arg-type]  # the values are checked by __post_init__


_FIELDS: Final = tuple(field.name for field in dataclasses.fields(Rules))
_B4_FIELDS: Final = _FIELDS[:10]  # the options of B.4, before the variants chapter


@functools.lru_cache(maxsize=64)
def _form_of(rules: Rules) -> _Form:
    """The form of V1 these options choose."""
    if rules.players == 4:
        return _FORMS[(4, rules.four_handed)]
    if rules.players == 6:
        return _FORMS[(6, rules.six_handed)]
    return _FORMS[(rules.players, "")]


def _partner_method(rules: Rules) -> str:
    """The partner option resolved: ``auto`` is the form's default (V.C)."""
    return _form_of(rules).partners[0] if rules.partner == "auto" else rules.partner


def _jack_rule(rules: Rules) -> str:
    """V13 ``jack_picker_holds`` resolved: ``auto`` is ``call_up`` with seven players, else ``alone``."""
    if rules.jack_picker_holds != "auto":
        return rules.jack_picker_holds
    return "call_up" if rules.players == 7 else "alone"


def _has_variants_block(rules: Rules) -> bool:
    """Whether the observation carries the variants block (protocol page): always, but in the five-handed
    called-ace game without cracking, blitz, ``call_own_ace`` or an all-pass game other than the leaster and
    the doubler (so the default rules keep the 537 floats of ``OBSERVATION_SHAPE``)."""
    return not (
        rules.players == 5
        and _partner_method(rules) == "called_ace"
        and not rules.cracking
        and not rules.blitz
        and not rules.call_own_ace
        and rules.all_pass in ("leaster", "doubler")
    )


# ------------------------------------------------------------------------------------------------------------
# Settlement (R26-R31, V17-V23), as plain functions of the totals
# ------------------------------------------------------------------------------------------------------------


def _check_totals(points: int, tricks: int, num_tricks: int) -> None:
    if isinstance(num_tricks, bool) or not isinstance(num_tricks, int) or num_tricks < 1:
        raise ValueError(f"num_tricks must be an int >= 1, got {num_tricks!r}")
    if not 0 <= points <= TOTAL_POINTS:
        raise ValueError(f"points must be in 0..{TOTAL_POINTS}, got {points}")
    if not 0 <= tricks <= num_tricks:
        raise ValueError(f"tricks must be in 0..{num_tricks}, got {tricks}")


def _row(
    points: int, tricks: int, trick_points: int | None, schwarz: str, num_tricks: int = NUM_TRICKS
) -> int:
    """V17: the settlement row's unit u per defender, rows checked top to bottom: +3 and -3 are schwarz,
    counted by tricks (every trick, none) or, with ``schwarz="points"``, by card points (P = 120; no card
    point in the side's tricks, ``trick_points`` being P without the bury)."""
    _check_totals(points, tricks, num_tricks)
    _check_choice("schwarz", schwarz, ("tricks", "points"))
    if schwarz == "tricks":
        every, none = tricks == num_tricks, tricks == 0
    else:
        if trick_points is None or not 0 <= trick_points <= points:
            raise ValueError(f"schwarz='points' needs trick_points in 0..{points}, got {trick_points!r}")
        every, none = points == TOTAL_POINTS, trick_points == 0
    if every:
        return 3
    if none:
        return -3
    if points >= 91:
        return 2  # defenders schneidered: fewer than 30
    if points >= 61:
        return 1
    if points >= 31:
        return -1  # includes the 60-60 tie, which the picker loses (R28)
    return -2  # picking side schneidered: 30 or less


def settle_hand(
    points: int,
    tricks: int,
    *,
    defenders: int,
    side: str = "partner",
    num_tricks: int = NUM_TRICKS,
    double_on_the_bump: bool = False,
    trick_points: int | None = None,
    no_trick_split: bool = False,
    schwarz: str = "tricks",
) -> tuple[int, int, int]:
    """V17 (R27-R30 generalised), before the stake multiplier M: ``(picker, partner, each defender)`` for
    ``side="partner"``, ``(picker, 0, each defender)`` for ``"alone"`` and ``(member, member, each
    defender)`` for the black-queen pair (``"pair"``, V15).

    `points` is P (trick points plus the bury, R26; a pair has no bury), `tricks` the side's tricks out of
    `num_tricks`, `defenders` is k and `trick_points` P without the bury (needed by ``schwarz="points"``).
    With `double_on_the_bump` the losing rows are doubled (R29, the factor B).
    """
    _check_choice("side", side, ("partner", "alone", "pair"))
    if isinstance(defenders, bool) or not isinstance(defenders, int) or defenders < 1:
        raise ValueError(f"defenders must be an int >= 1, got {defenders!r}")
    if side == "pair" and defenders % 2:
        raise ValueError(f"a black-queen pair has an even number of defenders (V15), got {defenders}")
    row = _row(points, tricks, trick_points, schwarz, num_tricks)
    u = 2 * row if double_on_the_bump and row < 0 else row  # R29: the losing rows are doubled (B = 2)
    if side == "alone":
        return (defenders * u, 0, -u)  # the picker k·u (R30)
    if side == "pair":
        return (defenders * u // 2, defenders * u // 2, -u)  # each member k·u/2, row 2 split equally too
    if row == -3 and not no_trick_split:
        return (defenders * u, 0, -u)  # row 2: the partner goes free (R27) unless no_trick_split (V17)
    return ((defenders - 1) * u, u, -u)  # the partner u, the picker (k-1)·u


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
    bury included) and `tricks` tricks of 6 (and `trick_points`, P without the bury, for
    ``schwarz="points"``). The five-player case of `settle_hand`."""
    return settle_hand(
        points,
        tricks,
        defenders=3,
        double_on_the_bump=double_on_the_bump,
        trick_points=trick_points,
        no_trick_split=no_trick_split,
        schwarz=schwarz,
    )


def settle_alone(
    points: int,
    tricks: int,
    double_on_the_bump: bool = False,
    *,
    trick_points: int | None = None,
    schwarz: str = "tricks",
) -> tuple[int, int]:
    """R30, V17: (picker, each of the 4 opponents) for a picker alone with `points` (bury included) and
    `tricks` tricks of 6 (and `trick_points` for ``schwarz="points"``). The five-player case of
    `settle_hand`."""
    picker, _, each = settle_hand(
        points,
        tricks,
        defenders=4,
        side="alone",
        double_on_the_bump=double_on_the_bump,
        trick_points=trick_points,
        schwarz=schwarz,
    )
    return (picker, each)


def leaster_winner(points: Sequence[int], trick_winners: Sequence[int]) -> int:
    """R31: the seat with the fewest card points among the seats that took a trick.

    `points` are per seat (blind included for the seat that received it); `trick_winners` lists the winner
    of each trick in order. Ties go to fewer tricks taken, then to the seat whose first trick came latest
    (engine choice; V18 ``leaster_tie="tiebreak"``).
    """
    takers = sorted(set(trick_winners))
    if not takers:
        raise ValueError("a leaster needs at least one trick taken")

    def standing(seat: int) -> tuple[int, int, int]:
        tricks_taken = trick_winners.count(seat)
        first_trick = trick_winners.index(seat)
        return (points[seat], tricks_taken, -first_trick)

    return min(takers, key=standing)


def schwanzer_count(cards: Iterable[str]) -> int:
    """V23: the schwanzer count of a hand: each queen 3, each jack 2, each other diamond 1, fail 0."""
    return sum(_schwanzer_value(_index(card)) for card in cards)


def _schwanzer_value(card: int) -> int:
    rank = _rank(card)
    if rank == "Q":
        return 3
    if rank == "J":
        return 2
    return 1 if _printed_suit(card) == "D" else 0


def _one_against_the_rest(seats: Sequence[int], seat: int, amount: int, num_seats: int) -> list[int]:
    """``amount`` x (n_a - 1) to `seat`, ``-amount`` to every other of these seats, 0 to the others."""
    result = [0] * num_seats
    for other in seats:
        result[other] = -amount
    result[seat] = amount * (len(seats) - 1)
    return result


def _groups_against_the_rest(
    seats: Sequence[int], group: Sequence[int], amount: int, num_seats: int
) -> list[int]:
    """Each of the t seats of `group` ``amount`` x (n_a - t), every other of these seats ``-amount`` x t
    (the ``split`` ties of V18 and V23)."""
    result = [0] * num_seats
    for seat in seats:
        result[seat] = amount * (len(seats) - len(group)) if seat in group else -amount * len(group)
    return result


def doubler_factors(stacking: str, thrown_in: Sequence[bool]) -> list[int]:
    """V19: the doubler factor D of each hand of a sequence, hand ``i`` thrown in by a doubler when
    ``thrown_in[i]`` (nobody pays, so its factor is only the one it was dealt with). A counter D_p counts the
    thrown-in hands; only settled hands use it up:

    * ``count``: while D_p > 0, each settled hand is x2 and lowers D_p by 1;
    * ``multiply``: the next settled hand is x2^D_p, then D_p = 0;
    * ``single``: the next settled hand is x2 however many hands were thrown in, then D_p = 0.

    TV-V10: ``doubler_factors("count", [True, True, False, False, False])[2:] == [2, 2, 1]``.
    """
    _check_choice("doubler_stacking", stacking, ("count", "multiply", "single"))
    factors = []
    pending = 0
    for thrown in thrown_in:
        if stacking == "multiply":
            factors.append(2**pending)
        else:
            factors.append(2 if pending else 1)
        if thrown:
            pending += 1
        elif stacking == "count":
            pending = max(0, pending - 1)
        else:
            pending = 0
    return factors


# ------------------------------------------------------------------------------------------------------------
# The hand
# ------------------------------------------------------------------------------------------------------------

Phase = Literal["blitz", "pick", "bury", "call", "under", "crack", "recrack", "play", "done"]
# The phases of the default game, in the order of the observation's phase block (protocol page) ...
_PHASES: Final[tuple[Phase, ...]] = ("pick", "bury", "call", "under", "play", "done")
# ... and those the variants chapter adds (V.C.2), in the order of the extension's phase block.
_MORE_PHASES: Final[tuple[Phase, ...]] = ("blitz", "crack", "recrack")


@functools.lru_cache(maxsize=64)
def _observation_layout(num_players: int, extended: bool) -> tuple[dict[str, int], int]:
    """The offset of each block of the observation, and its size; see `State.observation`."""
    n = num_players
    blocks = [
        ("hand", 32),
        ("bury", 32),
        ("blind", 32),
        ("played", 32 * n),
        ("trick", 32 * n),
        ("leader", n),
        ("picker", n + 1),
        ("passed", n),
        ("called", 32),
        ("call_kind", 2),
        ("under", 32),
        ("partner", n),
        ("phase", len(_PHASES)),
        ("dealer", n),
        ("to_act", n),
        ("points", n),
        ("tricks_won", n),
        ("tricks_done", 1),
        ("multiplier", 1),
        ("called_suit_led", 1),
        ("options", 5),
    ]
    if extended:
        blocks += [
            ("more_phase", len(_MORE_PHASES)),
            ("partner_card", 32),
            ("first_trick", 1),
            ("cracked", n),
            ("recracked", n),
            ("blitzed", len(BLITZ_PAIRS) * n),
            ("stake", 1),
            ("all_pass_game", len(_ALL_PASS_GAMES)),
            ("pair_pending", len(BLITZ_PAIRS)),
        ]
    offsets: dict[str, int] = {}
    position = 0
    for name, size in blocks:
        offsets[name] = position
        position += size
    return offsets, position


def observation_size(rules: RulesLike | None = None) -> int:
    """The length of `State.observation` under these options (protocol page): ``177 + 72 n`` for n players,
    537 in the default game, and ``46 + 5 n`` more with the variants block."""
    resolved = Rules.coerce(rules)
    return _observation_layout(resolved.players, _has_variants_block(resolved))[1]


assert observation_size() == OBSERVATION_SHAPE[0]


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

# One entry of a state's public log per action: the seat that acted and, in a blitz window, the pair it
# decided (V27; the table knows what is being decided, since a seat is asked only about a pair it holds).
_LogEntry = tuple[int, str | None]


class State:
    """One hand of Sheepshead, from the deal to the settlement, in any form of the variants chapter.

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
        resolved = Rules.coerce(rules)
        form = _form_of(resolved)
        n = form.players
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < n:
            raise ValueError(f"dealer must be a seat 0..{n - 1}, got {dealer!r}")
        if isinstance(hands, str) or len(hands) != n:
            raise ValueError(f"expected {n} hands, got {len(hands)}")
        for seat, hand in enumerate(hands):
            sits_out = form.dealer_sits_out and seat == dealer
            expected = 0 if sits_out else form.hand_size
            if isinstance(hand, str) or len(hand) != expected:
                note = " (the dealer sits out, V6)" if sits_out else ""
                raise ValueError(f"the hand of seat {seat} has {len(hand)} cards, expected {expected}{note}")
        if isinstance(blind, str) or len(blind) != form.blind_size:
            raise ValueError(f"the blind has {len(blind)} cards, expected {form.blind_size}")
        parsed_hands = [sorted(_index(card) for card in hand) for hand in hands]
        parsed_blind = [_index(card) for card in blind]
        seen: set[int] = set()
        for card in [card for hand in parsed_hands for card in hand] + parsed_blind:
            if card in seen:
                raise ValueError(f"card {DECK[card]} is dealt twice")
            if card not in form.deck:
                raise ValueError(
                    f"card {DECK[card]} is not in the {len(form.deck)}-card deck of this form (V1)"
                )
            seen.add(card)
        # As many distinct cards of the form's deck as it has: every card is dealt exactly once (R2, V1).
        if isinstance(multiplier, bool) or not isinstance(multiplier, int) or multiplier < 1:
            raise ValueError(f"multiplier must be an int >= 1, got {multiplier!r}")
        order = _pick_order(form, dealer)
        weak = (
            _seat_without_ace_face_trump(parsed_hands, order) if resolved.no_ace_face_trump_redeal else None
        )
        if weak is not None:
            raise ValueError(
                f"seat {weak} holds no ace, king or trump: under no_ace_face_trump_redeal the deal is dealt"
                " again (V28)"
            )
        self._setup(resolved, dealer, multiplier, parsed_hands, parsed_blind)
        # The generator a later deal would continue from (saved with the state, protocol page): explicit cards
        # carry the generator of seed 0, as in the Rust engine; `new` keeps the one that shuffled the deck.
        self._rng_state = Rng(0).state
        self._reset()

    def _setup(
        self, rules: Rules, dealer: int, multiplier: int, hands: Sequence[Sequence[int]], blind: Sequence[int]
    ) -> None:
        """The fixed part of a hand: options, form, seats and deal (already checked)."""
        self._rules = rules
        self._form = _form_of(rules)
        self._method = _partner_method(rules)
        self._jack_rule = _jack_rule(rules)
        self._partner_jack = _index(rules.partner_jack)
        self._pairs = tuple(rules.blitz_pairs.split("+"))
        self._dealer = dealer
        self._multiplier = multiplier
        self._order = _pick_order(self._form, dealer)  # V0: pick order, also the clockwise order of play
        self._dealt_hands = tuple(tuple(sorted(hand)) for hand in hands)
        self._blind = tuple(blind)

    @classmethod
    def new(cls, seed: int, rules: RulesLike | None = None, dealer: int = 0, multiplier: int = 1) -> State:
        """A fresh hand: the form's card indices in increasing order (``[0, 1, ..., 31]``, or the 30 cards of
        ``called_ace_30``) shuffled by ``Rng(seed)`` and dealt by the form's packets (V2; R8 for five
        players) over the active seats in pick order. Under ``no_ace_face_trump_redeal`` a deal leaving an
        active seat no ace, king or trump is dealt again from a fresh sorted list by the same generator
        (V28). `multiplier` is the doubler factor D of V19."""
        resolved = Rules.coerce(rules)
        form = _form_of(resolved)
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < form.players:
            raise ValueError(f"dealer must be a seat 0..{form.players - 1}, got {dealer!r}")
        rng = Rng(seed)
        order = _pick_order(form, dealer)
        while True:
            deck = list(form.deck)
            rng.shuffle(deck)
            hands, blind = _deal(deck, form, dealer)
            if not resolved.no_ace_face_trump_redeal or _seat_without_ace_face_trump(hands, order) is None:
                break  # V28: otherwise the same dealer deals again, the generator going on
        state = cls(
            [[DECK[card] for card in hand] for hand in hands],
            [DECK[card] for card in blind],
            dealer=dealer,
            rules=resolved,
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
        """A hand about to start from explicit cards: n hands (``hands[seat]``) of the form's hand size (the
        dealer's empty under ``six_handed="dealer_sits_out"``) and the form's blind (empty for the
        black-queens forms), all distinct cards of the form's deck (V1; five hands of six and a blind of two
        in the default game). `multiplier` is the doubler factor D (V19, R32). Raises ValueError naming the
        problem."""
        return cls(hands, blind, dealer=dealer, rules=rules, multiplier=multiplier)

    def _reset(self) -> None:
        """Back to the start of the hand: the deal made, no action taken."""
        n = self._form.players
        self._history: list[int] = []
        self._log: list[_LogEntry] = []
        self._phase: Phase = "pick"
        self._hands: list[list[int]] = [list(hand) for hand in self._dealt_hands]
        self._passes = 0
        self._picker: int | None = None
        self._buried: list[int] = []
        self._alone = False  # the picker announced ALONE (R20)
        self._called: int | None = None  # the card of a CALL: ace or ten (R14, R15), or V13 call_ace's ace
        self._call_up: int | None = None  # V13 call_up: the trump called up
        self._jack_partner = False  # V13: JACK_PARTNER was chosen
        self._first_trick = False  # V14: FIRST_TRICK was chosen
        # The seat of the secret partner: the holder of the called card, of the partner jack or of the card
        # called up (R17, V13), the winner of trick 1 (V14). The picker itself for a secret alone (V12, V13).
        self._partner_seat: int | None = None
        self._under: int | None = None  # the card laid face down after an "unknown" call (R16, V11)
        self._all_pass_game: str | None = None  # V18-V23, once all passed
        self._blitzes: list[tuple[int, str]] = []  # (seat, pair) in the order blitzed (V27)
        # The decisions still to come in the current blitz, crack or re-crack window: (seat, pair or None).
        self._queue: list[_LogEntry] = []
        self._window: Phase | None = None  # the phase a blitz window belongs to: pick, crack or recrack
        self._cracked_by: int | None = None  # V25
        self._recracked_by: int | None = None  # V26
        self._leader = self._order[0]  # V0, R21: d+1 leads trick 1 in every form
        self._trick: list[tuple[int, int]] = []
        self._tricks: list[list[tuple[int, int]]] = []
        self._trick_winners: list[int] = []
        self._points = [0] * n
        self._tricks_won = [0] * n
        if self._method == "black_queens":
            self._phase = "play"  # V15: no pick, no blind, no bury, no call, no doubling (V.C.2: 1 -> 9)
        else:
            self._open_blitz(list(self._order), "pick")  # V27.1: the blitz window before the pick

    # ---- the phases of V.C.2 -------------------------------------------------------------------------------

    def _open_blitz(self, seats: Sequence[int], window: Phase) -> None:
        """A blitz window (V27): each of these seats in turn, for each enabled pair it holds that has not been
        blitzed, in the order of BLITZ_PAIRS. `window` is the phase it belongs to (the pick, or the crack or
        re-crack it follows); with no decision it is skipped."""
        queue: list[_LogEntry] = []
        if self._rules.blitz and self._method != "black_queens":  # V15: no blitz
            done = {pair for _, pair in self._blitzes}
            for seat in seats:
                for pair in self._pairs:
                    if pair not in done and all(card in self._hands[seat] for card in _PAIR_CARDS[pair]):
                        queue.append((seat, pair))
        if queue:
            self._queue, self._window, self._phase = queue, window, "blitz"
        else:
            self._close_blitz(window)

    def _close_blitz(self, window: Phase) -> None:
        self._queue, self._window = [], None
        if window == "pick":
            self._phase = "pick"  # V.C.2: 2 -> 3
        elif window == "crack":
            self._open_recrack()  # V.C.2: 7 -> 8
        else:
            self._phase = "play"  # V.C.2: 8 -> 9

    def _after_picker(self) -> list[int]:
        """The active seats clockwise from the picker's left, the picker left out."""
        assert self._picker is not None
        at = self._order.index(self._picker)
        return [*self._order[at + 1 :], *self._order[:at]]

    def _real_partner(self) -> int | None:
        """The secret partner's seat, or None when there is none (yet): alone, secretly alone, V14 before
        trick 1, no picker."""
        if self._partner_seat is None or self._partner_seat == self._picker:
            return None
        return self._partner_seat

    def _open_crack(self) -> None:
        """V25: after the partner step (or the bury where there is none), the crack window: the eligible seats
        clockwise from the picker's left, each once."""
        if not self._rules.cracking:
            self._phase = "play"
            return
        assert self._picker is not None
        after = self._after_picker()
        if self._rules.crack_by == "after_picker":
            # The seats after the picker in pick order, who never had the chance to pick.
            eligible = set(self._order[self._order.index(self._picker) + 1 :])
        else:
            eligible = set(after)  # any_defender: every seat but the picker (the partner passes only)
        self._queue = [(seat, None) for seat in after if seat in eligible]
        self._phase = "crack" if self._queue else "play"

    def _open_recrack(self) -> None:
        """V26: after a crack, the picker decides first."""
        if self._rules.recrack_by == "none":
            self._phase = "play"
            return
        assert self._picker is not None
        self._queue, self._phase = [(self._picker, None)], "recrack"

    # ---- the search protocol -------------------------------------------------------------------------------

    @property
    def num_players(self) -> int:
        """The number of seats n (`Rules.players`; 5 in the default game, R1), active or not."""
        return self._form.players

    @property
    def current_player(self) -> int | None:
        """The seat to act, or None once the hand is over."""
        phase = self._phase
        if phase in ("blitz", "crack", "recrack"):
            return self._queue[0][0]
        if phase == "pick":
            return self._order[self._passes]  # R10: in pick order, from the dealer's left
        if phase in ("bury", "call", "under"):
            return self._picker
        if phase == "play":
            # R21: clockwise over the active seats from the leader.
            at = self._order.index(self._leader) + len(self._trick)
            return self._order[at % len(self._order)]
        return None

    @property
    def is_terminal(self) -> bool:
        """Whether the hand is over (every trick played, a schwanzer counted, or the cards thrown in)."""
        return self._phase == "done"

    def legal_actions(self) -> list[int]:
        """The legal action ids, in increasing order (empty once the hand is over)."""
        phase = self._phase
        if phase == "blitz":
            pair = self._queue[0][1]
            assert pair is not None
            return [BLITZ + BLITZ_PAIRS.index(pair), NO_BLITZ]  # V27
        if phase == "pick":
            if self._rules.all_pass == "forced_pick" and self._passes == len(self._order) - 1:
                return [PICK]  # V20: the last seat may not pass
            return [PICK, PASS]
        if phase == "bury":
            return [BURY + card for card in self._picker_hand()]  # R11: any card, blind cards included
        if phase == "call":
            return self._partner_step_actions()
        if phase == "under":
            return [UNDER + card for card in self._picker_hand()]  # V11.1: any card may be named
        if phase == "crack":
            # V25: the partner, who knows its role, may only pass.
            return [PASS] if self._queue[0][0] == self._real_partner() else [PASS, CRACK]
        if phase == "recrack":
            seat = self._queue[0][0]
            # V26: the picker, then (the round after it passed) only the partner may re-crack.
            return [PASS, RECRACK] if seat in (self._picker, self._real_partner()) else [PASS]
        if phase == "play":
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
        other._log = list(self._log)
        other._hands = [list(hand) for hand in self._hands]
        other._buried = list(self._buried)
        other._blitzes = list(self._blitzes)
        other._queue = list(self._queue)
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
        """The settlement per seat (n ints; a sitting-out dealer gets 0): V17-V23 times the stake M of V24
        (`stake`, which includes the doubler factor D); zeros until the hand is over, and for a hand thrown in
        (doubler, redeal). Sums to 0."""
        n = self._form.players
        game = self._all_pass_game
        if self._phase != "done" or game in ("doubler", "redeal"):  # V19, R32: a throw-in pays nothing now
            return [0] * n
        units = self._all_pass_units() if game is not None else self._settle_units()
        return [amount * self.stake for amount in units]

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
        uniformly among the deals (with another picker's bury and under) under which the whole public record
        is the same.

        Hidden from a seat are the others' unplayed cards, the blind unless the seat picked it (or an all-pass
        trick game is over, V18), another picker's bury and under (R11, V11), and with them the partner (R17,
        V12, V13). Public, and kept, are the cards each seat played and the pairs each seat was asked about in
        a blitz window (V27: a seat is asked only about a pair it holds, and a blitzed pair is shown); at the
        end of a schwanzer every dealt hand (V23 counts them). The cards unknown to `player` are shuffled and
        dealt into the places left: each other hand up to its size and, for another picker, its hand and
        blind together split uniformly into hand and blind, the bury and the under (unless played) drawn
        uniformly from its unplayed cards and written into the history. A hand is built from that deal with
        the same options, dealer and multiplier, and the whole history is replayed with every legality check
        (the voids of R22-R24, the hold card of R18, the duties of R19, V10 and V12, the partner's only pass
        in a crack window...) and the same seat acting at every step (which pair it decides in a blitz
        window), ending in the same phase; a deal on which this fails is dealt again. Rejection from a uniform
        proposal keeps the result uniform.

        The randomness comes from ``random.Random(seed)``. Raises `UnreachableStateError` after
        `RESAMPLE_TRIES` deals, which never happens to a state reached by play.
        """
        self._check_seat(player)
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= _MASK64:
            raise ValueError(f"seed must be an int in 0..2**64-1, got {seed!r}")
        chooser = random.Random(seed)
        form = self._form
        picker = self._picker if self._picker != player else None  # another seat's picked hand
        played = self._played_cards()
        # The cards that stay where they are: those played, and those of a pair a seat was asked about.
        fixed = [list(cards) for cards in played]
        for (seat, pair), _ in zip(self._log, self._history, strict=True):
            if pair is not None:
                fixed[seat] += [card for card in _PAIR_CARDS[pair] if card not in fixed[seat]]
        if self._hands_shown():
            fixed = [list(hand) for hand in self._dealt_hands]
        known = set(self._dealt_hands[player])
        if self._knows_blind(player):
            known.update(self._blind)
        for seat, cards in enumerate(fixed):
            if seat != player:
                known.update(cards)
        pool = [card for card in form.deck if card not in known]  # the cards `player` cannot place
        # The hidden actions: another picker's bury (R11) and its under (V11) unless it has been played.
        buries = [i for i, action in enumerate(self._history) if BURY <= action < CALL]
        under_at = next((i for i, action in enumerate(self._history) if UNDER <= action < PLAY), None)
        if self._under is not None and any(self._under in cards for cards in played):
            under_at = None  # the under was seen when played
        if picker is None:
            buries = []  # the seat buried itself, or nobody picked
            under_at = None
        blind_hidden = self._picker is None and not self._knows_blind(player)
        size = form.hand_size

        for _ in range(RESAMPLE_TRIES):
            chooser.shuffle(pool)
            hands = [list(hand) for hand in self._dealt_hands]
            blind = list(self._blind)
            dealt = 0
            for seat in self._order:
                if seat != player and seat != picker:
                    need = size - len(fixed[seat])
                    hands[seat] = fixed[seat] + pool[dealt : dealt + need]
                    dealt += need
            history = list(self._history)
            if picker is not None:
                # R10, R11: the picker's cards, split uniformly into its dealt hand and the blind.
                need = size + form.blind_size - len(fixed[picker])
                cards = fixed[picker] + pool[dealt : dealt + need]
                dealt += need
                chooser.shuffle(cards)
                blind, hands[picker] = cards[: form.blind_size], cards[form.blind_size :]
                unplayed = [card for card in cards if card not in played[picker]]
                chooser.shuffle(unplayed)  # the bury, then the under, from the cards not played
                for i, at in enumerate(buries):
                    history[at] = BURY + unplayed[i]
                if under_at is not None:
                    history[under_at] = UNDER + unplayed[len(buries)]
            elif blind_hidden:
                blind = pool[dealt : dealt + form.blind_size]
            if (
                self._rules.no_ace_face_trump_redeal
                and _seat_without_ace_face_trump(hands, self._order) is not None
            ):
                continue  # V28: such a deal is never played, as every seat knows
            state = State._from_deal(hands, blind, self._dealer, self._rules, self._multiplier)
            state._rng_state = self._rng_state  # the generator is not part of what is hidden
            # The phase too: the same call is an ordinary one or an "unknown" one (V11) by the picker's cards.
            if state._replay(history, self._log) and state._public_now() == self._public_now():
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
        state._setup(rules, dealer, multiplier, hands, blind)
        state._rng_state = Rng(0).state
        state._reset()
        return state

    def _pending_pair(self) -> str | None:
        """The pair being decided in a blitz window, else None."""
        return self._queue[0][1] if self._phase == "blitz" else None

    def _public_now(self) -> tuple[Phase, int | None, str | None]:
        """What the table sees of the present: the phase, the seat to act and the pair it decides."""
        return (self._phase, self.current_player, self._pending_pair())

    def _replay(self, history: Sequence[int], log: Sequence[_LogEntry] | None = None) -> bool:
        """Apply these actions, each only if legal (and, given a `log`, only by the same seat deciding the
        same pair as there); False (the state part-way) at the first that is not."""
        for i, action in enumerate(history):
            if log is not None and (self.current_player, self._pending_pair()) != log[i]:
                return False
            if action not in self.legal_actions():
                return False
            self._do(action)
        return True

    def _played_cards(self) -> list[list[int]]:
        """The cards each seat has played so far (completed tricks and the trick on the table)."""
        played: list[list[int]] = [[] for _ in range(self._form.players)]
        for trick in [*self._tricks, self._trick]:
            for seat, card in trick:
                played[seat].append(card)
        return played

    def _knows_blind(self, seat: int) -> bool:
        """Whether `seat` has seen the blind: it picked it (R10), an all-pass trick game is over (R31, V18),
        or a schwanzer is counted (V23: every hand is shown, so the blind is the rest)."""
        if self._picker == seat or self._hands_shown():
            return True
        return self._all_pass_game in _TRICK_GAMES and self._phase == "done"

    def _hands_shown(self) -> bool:
        """Whether every dealt hand has been shown: a schwanzer is over (V23 counts them)."""
        return self._all_pass_game == "schwanzer" and self._phase == "done"

    # ---- what a seat knows: its information state and its observation -------------------------------------

    def _hides_card_from(self, action: int, player: int) -> bool:
        """Whether the card of this action is hidden from `player`: another picker's bury (R11) or under
        (V11). (An under is seen when it is played: its ``play`` action is public.)"""
        return self._picker != player and (BURY <= action < CALL or UNDER <= action < PLAY)

    def information_state_key(self, player: int) -> int:
        """A 64-bit int, equal for two states exactly when `player`'s information is equal (up to hash
        collisions).

        What the seat knows (protocol page, "What a seat knows"): the seat itself, the options, the dealer,
        the multiplier, its dealt hand, the blind once known (picked by the seat, or an all-pass trick game
        over), every dealt hand once a schwanzer is counted, the history of actions with the cards of another
        picker's bury and under masked, who took each action (and which pair a blitz decision was about), and
        the phase with the seat to act. The key is the first 8 bytes of a BLAKE2b digest of a canonical text
        of these, so it is the same in every run and on every machine (Python's own ``hash`` of a str is
        randomized per process). It is not the Rust engine's key: only the equality of keys is shared.
        """
        self._check_seat(player)
        history: list[str] = []
        for action in self._history:
            if self._hides_card_from(action, player):
                # R11, V11: another picker's bury and under are face down; only the verb is seen.
                history.append(action_to_string(action).split()[0] + " ?")
            else:
                history.append(action_to_string(action))
        blind = sorted(self._blind) if self._knows_blind(player) else None
        shown = [sorted(hand) for hand in self._dealt_hands] if self._hands_shown() else None
        known = (
            "sheepshead",
            player,
            tuple(getattr(self._rules, field) for field in _FIELDS),
            self._dealer,
            self._multiplier,
            sorted(self._dealt_hands[player]),
            blind,
            shown,
            history,
            self._log,
            self._public_now(),  # an "unknown" call (V11) shows in the phase before its under is laid
        )
        digest = hashlib.blake2b(repr(known).encode(), digest_size=8).digest()
        return int.from_bytes(digest, "little")

    @property
    def observation_shape(self) -> tuple[int]:
        """The shape of `observation`: ``(537,)`` in the default game (`OBSERVATION_SHAPE`), see
        `observation_size`."""
        return (_observation_layout(self._form.players, _has_variants_block(self._rules))[1],)

    def observation(self, player: int) -> list[float]:
        """What `player` may know, as ``observation_shape[0]`` floats; seats are relative to the player
        (``r = (seat - player) % n``, r = 0 is the player). Blocks of 32 are indexed by card.

        The layout is the protocol page's ("What a seat knows", and its variants section): the default
        game's table of 537 floats written for n seats, so ``177 + 72 n`` floats (each block of 5 has n
        entries, the tricks are counted against the hand size)::

            hand 32 | own bury 32 | blind if known 32 | cards played by each seat n x 32 |
            the trick on the table, by seat n x 32 | trick leader n | picker n + 1 (last: nobody) |
            seats that passed n | the called card 32 (the called ace or ten, V13's ace or card called up) |
            alone announced, unknown call 2 | own under 32 | partner if known to the player n (black
            queens: the whole side once both are played) | phase 6 (pick, bury, call, under, play, done) |
            dealer n | seat to act n | card points / 120 n | tricks / hand size n |
            tricks done / hand size 1 | doubler factor D 1 | the called suit has led a completed trick 1 |
            options 5 (seed jack order, doubler, double on the bump, unknown call, no discard)

        then the variants block of ``46 + 5 n`` floats, unless the rules are the five-handed called-ace game
        without cracking, blitz, ``call_own_ace`` or an all-pass game other than the leaster and the doubler
        (so the default rules keep ``OBSERVATION_SHAPE = (537,)``, equal element for element to the Rust
        engine's float32 array, ``array.tolist()``)::

            phase 3 (blitz, crack, recrack) | the partner jack after JACK_PARTNER or the card called up 32 |
            first trick chosen 1 | cracked by n | re-cracked by n | blitzed pairs 3 x n (pair i of
            BLITZ_PAIRS at 3-block i, by the seat that blitzed it) | the stake M of V24 1 |
            all-pass game 6 (leaster, moster, schneidster, schwanzer, doubler, redeal) |
            pair being decided 3

        A plain list of Python floats (standard library only), each rounded to float32.
        """
        self._check_seat(player)
        n = self._form.players
        offsets, size = _observation_layout(n, _has_variants_block(self._rules))
        obs = [0.0] * size

        def relative(seat: int) -> int:
            return (seat - player) % n

        for card in self._hands[player]:
            obs[offsets["hand"] + card] = 1.0  # the hand now: the picker's includes the blind until buried
        if self._picker == player:
            for card in self._buried:
                obs[offsets["bury"] + card] = 1.0  # R11: the seat's own bury
        if self._knows_blind(player):
            for card in self._blind:
                obs[offsets["blind"] + card] = 1.0  # R10 picked, or R31, V18 an all-pass trick game is over
        for seat, cards in enumerate(self._played_cards()):
            for card in cards:
                obs[offsets["played"] + 32 * relative(seat) + card] = 1.0
        for seat, card in self._trick:
            obs[offsets["trick"] + 32 * relative(seat) + card] = 1.0
        if self._phase == "play":
            obs[offsets["leader"] + relative(self._leader)] = 1.0
        # The picker: one of n relative seats, or the last place for nobody (yet, all passed, V15).
        obs[offsets["picker"] + (n if self._picker is None else relative(self._picker))] = 1.0
        for seat in self._order[: self._passes]:  # R10: the passes go round in pick order
            obs[offsets["passed"] + relative(seat)] = 1.0
        called = self._called if self._called is not None else self._call_up
        if called is not None:
            obs[offsets["called"] + called] = 1.0  # R14, R15, V11, V12; V13 call_ace and call_up
        if self._alone:
            obs[offsets["call_kind"]] = 1.0  # R20
        if self._under is not None:
            obs[offsets["call_kind"] + 1] = 1.0  # V11: set once the under is laid, not while it is chosen
        if self._under is not None and self._picker == player:
            obs[offsets["under"] + self._under] = 1.0
        if self._method == "black_queens":
            # V15: the side, the player included, once both queens are played.
            for seat in self._black_queen_side() or []:
                obs[offsets["partner"] + relative(seat)] = 1.0
        else:
            partner = self._real_partner()
            if partner is not None and (partner == player or self.partner is not None):
                obs[offsets["partner"] + relative(partner)] = 1.0  # R17: known once revealed
        if self._phase in _PHASES:
            obs[offsets["phase"] + _PHASES.index(self._phase)] = 1.0
        obs[offsets["dealer"] + relative(self._dealer)] = 1.0
        to_act = self.current_player
        if to_act is not None:
            obs[offsets["to_act"] + relative(to_act)] = 1.0
        tricks = self._form.hand_size
        for seat in range(n):
            obs[offsets["points"] + relative(seat)] = _float32(self._points[seat] / TOTAL_POINTS)
            obs[offsets["tricks_won"] + relative(seat)] = _float32(self._tricks_won[seat] / tricks)
        obs[offsets["tricks_done"]] = _float32(len(self._tricks) / tricks)
        obs[offsets["multiplier"]] = _float32(self._multiplier)
        if self._called is not None:
            # R18, R19: a completed trick was led with the called suit (the trick on the table is shown above,
            # so its lead is not counted here until the trick is complete).
            called_suit = _printed_suit(self._called)
            if any(self._suit(trick[0][1]) == called_suit for trick in self._tricks):
                obs[offsets["called_suit_led"]] = 1.0
        rules = self._rules
        options = (
            rules.jack_order == "seed",
            rules.all_pass == "doubler",
            rules.double_on_the_bump,
            rules.no_legal_call == "unknown",
            rules.called_card_no_discard,
        )
        for i, flag in enumerate(options):
            obs[offsets["options"] + i] = 1.0 if flag else 0.0
        if "more_phase" not in offsets:
            return obs
        # The variants block (protocol page).
        if self._phase in _MORE_PHASES:
            obs[offsets["more_phase"] + _MORE_PHASES.index(self._phase)] = 1.0
        # V13: the partner jack after JACK_PARTNER, or the card called up.
        partner_card = self._call_up if self._call_up is not None else None
        if partner_card is None and self._jack_partner:
            partner_card = self._partner_jack
        if partner_card is not None:
            obs[offsets["partner_card"] + partner_card] = 1.0
        if self._first_trick:
            obs[offsets["first_trick"]] = 1.0  # V14
        if self._cracked_by is not None:
            obs[offsets["cracked"] + relative(self._cracked_by)] = 1.0
        if self._recracked_by is not None:
            obs[offsets["recracked"] + relative(self._recracked_by)] = 1.0
        for seat, pair in self._blitzes:
            obs[offsets["blitzed"] + n * BLITZ_PAIRS.index(pair) + relative(seat)] = 1.0
        obs[offsets["stake"]] = _float32(self.stake)
        if self._all_pass_game is not None:
            obs[offsets["all_pass_game"] + _ALL_PASS_GAMES.index(self._all_pass_game)] = 1.0
        pending = self._pending_pair()
        if pending is not None:
            obs[offsets["pair_pending"] + BLITZ_PAIRS.index(pending)] = 1.0
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
        the dealt hands (n of them) and the blind, the generator's state, and the history as action
        strings::

            {"game": "sheepshead", "format": 1, "rules": {...}, "dealer": 0, "multiplier": 1,
             "hands": [["7C", ...], ...], "blind": ["8S", "KH"], "rng": [w0, w1, w2, w3],
             "history": ["pass", "pick", "bury 7C", ...]}

        The options are every field of `Rules`, in field order (a save without the options of the variants
        chapter, as made before it, loads with their defaults).
        """
        rules = self._rules
        saved_rules: dict[str, object] = {field: getattr(rules, field) for field in _FIELDS}
        saved = {
            "game": "sheepshead",
            "format": _SAVE_FORMAT,
            "rules": saved_rules,
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
        saved cards and options (an option missing from the save takes its default), then the history is
        replayed with every legality check. Anything missing, of the wrong type or inconsistent raises
        ``tricktaker.errors.InvalidStateError`` (a ValueError) saying what."""
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

    # Pickling needs nothing more: the state is plain data (ints, lists, tuples, the frozen `Rules` and the
    # module's frozen form record), which pickle copies and restores exactly.

    # ---- friendly read-only accessors ----------------------------------------------------------------------

    @property
    def rules(self) -> Rules:
        """The options of this hand."""
        return self._rules

    @property
    def phase(self) -> Phase:
        """``"blitz"``, ``"pick"``, ``"bury"``, ``"call"``, ``"under"``, ``"crack"``, ``"recrack"``,
        ``"play"`` or ``"done"`` (V.C.2)."""
        return self._phase

    @property
    def dealer(self) -> int:
        """The dealer's seat."""
        return self._dealer

    @property
    def next_dealer(self) -> int:
        """Who deals the next hand: the deal passes to the left (R9)."""
        return (self._dealer + 1) % self._form.players

    @property
    def multiplier(self) -> int:
        """The doubler factor D this hand was dealt with (V19, R32: 1 unless doublers are pending)."""
        return self._multiplier

    @property
    def stake(self) -> int:
        """The stake multiplier M of V24 so far: ``min(cap, 2^(c + r + b) * D)``, c and r 1 once the hand is
        cracked and re-cracked, b the pairs blitzed, D the doubler factor (`multiplier`), the cap
        ``multiplier_cap`` (0: none). Every amount of V17-V23 is multiplied by it (the bump B of R29
        apart)."""
        exponent = (self._cracked_by is not None) + (self._recracked_by is not None) + len(self._blitzes)
        stake: int = (1 << exponent) * self._multiplier
        cap = self._rules.multiplier_cap
        return min(cap, stake) if cap else stake

    @property
    def active_seats(self) -> list[int]:
        """The seats that take part, in pick order: clockwise from the dealer's left, ending with the dealer,
        or with the dealer's right when the dealer sits out (V0, V6)."""
        return list(self._order)

    @property
    def hand_size(self) -> int:
        """The cards dealt to each active seat, also the number of tricks (V1)."""
        return self._form.hand_size

    @property
    def partner_method(self) -> str:
        """The partner method in force (V9-V16): ``called_ace``, ``jack``, ``first_trick``,
        ``black_queens`` or ``none``; the option ``partner="auto"`` resolved to the form's default."""
        return self._method

    @property
    def cracked_by(self) -> int | None:
        """The seat that cracked (V25), or None."""
        return self._cracked_by

    @property
    def recracked_by(self) -> int | None:
        """The seat that re-cracked (V26): the picker or the partner, or None."""
        return self._recracked_by

    @property
    def blitzes(self) -> list[tuple[int, str]]:
        """The pairs blitzed (V27), as (seat, pair name) in the order made."""
        return list(self._blitzes)

    @property
    def all_pass_game(self) -> str | None:
        """Once all passed (V18): ``"leaster"``, ``"moster"``, ``"schneidster"``, ``"schwanzer"``,
        ``"doubler"`` or ``"redeal"``; None before, or when somebody picked."""
        return self._all_pass_game

    def hand(self, seat: int) -> list[str]:
        """The cards `seat` holds now (the picker's include the blind until buried), in index order."""
        self._check_seat(seat)
        return [DECK[card] for card in sorted(self._hands[seat])]

    @property
    def blind(self) -> list[str]:
        """The blind cards as dealt (none in the black-queens forms)."""
        return [DECK[card] for card in self._blind]

    @property
    def buried(self) -> list[str]:
        """The cards buried so far, in the order buried (R11)."""
        return [DECK[card] for card in self._buried]

    @property
    def picker(self) -> int | None:
        """The picker's seat, or None (before a pick, when all passed, and always in the black-queens forms
        of V15)."""
        return self._picker

    @property
    def called_card(self) -> str | None:
        """The card whose holder is the partner, once called: the called ace or ten (R14, R15, V11, V12), the
        ace of V13 ``call_ace`` or the trump called up (V13 ``call_up``); None otherwise (no call yet, alone,
        JACK_PARTNER, first trick, no picker)."""
        card = self._called if self._called is not None else self._call_up
        return None if card is None else DECK[card]

    @property
    def under_card(self) -> str | None:
        """The card the picker laid face down after an "unknown" call (V11), or None."""
        return None if self._under is None else DECK[self._under]

    @property
    def is_alone(self) -> bool:
        """Whether the picker announced ALONE (R20), by choice or for want of a legal call (R16), or plays in
        a form without a partner (V16). A secret alone (V12, V13) is not told."""
        return self._alone or (self._picker is not None and self._method == "none")

    @property
    def partner(self) -> int | None:
        """The partner once known to the table, else None: revealed when it plays the called card (R17), the
        partner jack or the card called up (V13), by its re-crack (V26), as the winner of trick 1 (V14). For
        black queens (V15), the holder of Q♠ once both black queens are played, if another seat than the
        holder of Q♣. None for a picker alone, also secretly (V12, V13)."""
        if self._method == "black_queens":
            side = self._black_queen_side()
            return side[1] if side is not None and len(side) == 2 else None
        partner = self._real_partner()
        if partner is None:
            return None
        if self._first_trick or self._recracked_by == partner:
            return partner  # V14: known once trick 1 is taken; V26: a partner's re-crack reveals it
        card = self._partner_card()
        if card is not None and card not in self._hands[partner]:
            return partner  # the card that makes the partner has been played
        return None

    @property
    def is_leaster(self) -> bool:
        """Whether all passed and a leaster is being played (R31, V18)."""
        return self._all_pass_game == "leaster"

    @property
    def is_doubler(self) -> bool:
        """Whether all passed with ``all_pass="doubler"``: the hand was thrown in (R32, V19)."""
        return self._all_pass_game == "doubler"

    def points(self) -> list[int]:
        """Card points taken in tricks so far, per seat. In an all-pass trick game the seat that receives the
        blind (V18 ``leaster_blind``) also has its points once the last trick is complete. The bury is not
        included (see `buried`)."""
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
        n = self._form.players
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            raise ValueError(f"seat must be 0..{n - 1}, got {seat!r}")

    def _picker_hand(self) -> list[int]:
        assert self._picker is not None
        return sorted(self._hands[self._picker])

    def _suit(self, card: int) -> str:
        """The effective suit of a card in this hand (R5); the under card belongs to the called suit (V11)."""
        if card == self._under and self._called is not None:
            return _printed_suit(self._called)
        return _SUIT_OF[card]

    def _holds_suit(self, seat: int, suit: str) -> bool:
        return any(self._suit(card) == suit for card in self._hands[seat])

    def _holder_at_deal(self, card: int) -> int | None:
        """The seat dealt this card, or None (the blind)."""
        return next((seat for seat in self._order if card in self._dealt_hands[seat]), None)

    def _holder(self, card: int) -> int:
        """The seat holding this card now (before any card is played); the picker's bury counts as its own."""
        seat = next((seat for seat in self._order if card in self._hands[seat]), None)
        if seat is None:
            assert self._picker is not None and card in self._buried
            return self._picker
        return seat

    def _black_queen_side(self) -> list[int] | None:
        """V15: the seats of the pair once both black queens are played (the holder of Q♣, then of Q♠; one
        seat if it was dealt both), else None."""
        played = {card for trick in [*self._tricks, self._trick] for _, card in trick}
        if not all(card in played for card in _PAIR_CARDS["black_queens"]):
            return None
        holders = [self._holder_at_deal(card) for card in _PAIR_CARDS["black_queens"]]
        return sorted({seat for seat in holders if seat is not None}, key=holders.index)

    def _partner_card(self) -> int | None:
        """The card whose holder is the partner: the called card, the card called up, or the partner jack
        after JACK_PARTNER (V13); None otherwise."""
        if self._called is not None:
            return self._called
        if self._call_up is not None:
            return self._call_up
        return self._partner_jack if self._jack_partner else None

    def _ace_calls(self) -> list[int]:
        """R14: the aces of fail suits in which the picker keeps a card in hand (the hold card) and whose ace
        it holds neither in hand nor in the bury."""
        assert self._picker is not None
        held = set(self._hands[self._picker]) | set(self._buried)
        return [
            ace for ace in _ACES if ace not in held and self._holds_suit(self._picker, _printed_suit(ace))
        ]

    def _callable_cards(self) -> list[int]:
        """The cards the picker may call with the called ace (R14-R16, V11, V12, protocol page)."""
        assert self._picker is not None
        picker = self._picker
        hand = self._hands[picker]
        held = set(hand) | set(self._buried)
        # R15: holding all three fail aces (in hand or bury), the picker calls a ten instead.
        if all(ace in held for ace in _ACES):
            calls = [ten for ten in _TENS if ten not in held and self._holds_suit(picker, _printed_suit(ten))]
        else:
            calls = self._ace_calls()
        if not calls and self._rules.no_legal_call == "unknown":
            # V11 (R16 "unknown"): the ace of a fail suit the picker is void in and has not buried.
            calls = [
                ace
                for ace in _ACES
                if ace not in self._buried and not self._holds_suit(picker, _printed_suit(ace))
            ]
        if self._rules.call_own_ace:
            calls += [ace for ace in _ACES if ace in hand]  # V12: an ace in the hand, not the bury
        return sorted(calls, key=_CALLABLE.index)

    def _call_up_target(self) -> int | None:
        """V13 call_up: the lowest trump above the partner jack in the trump order of R3 (with the rules'
        jack order: V13's lists are the standard order's) that is in neither the picker's hand nor its bury;
        None if there is none."""
        assert self._picker is not None
        held = set(self._hands[self._picker]) | set(self._buried)
        strength = _TRUMP_STRENGTH[self._rules.jack_order]
        above = sorted(
            (c for c in strength if strength[c] > strength[self._partner_jack]), key=strength.__getitem__
        )
        return next((card for card in above if card not in held), None)

    def _partner_step_actions(self) -> list[int]:
        """The decisions of the partner step (R13, V.C.2 phase 6), in increasing id order."""
        assert self._picker is not None
        if self._method == "called_ace":
            # R14-R16, V11, V12; going alone is always the picker's choice (R13).
            return sorted([*(CALL + _CALLABLE.index(card) for card in self._callable_cards()), ALONE])
        if self._method == "first_trick":
            return [ALONE, FIRST_TRICK]  # V14
        # V13, the jack partner.
        held = set(self._hands[self._picker]) | set(self._buried)
        if self._partner_jack not in held or self._jack_rule == "alone":
            return [ALONE, JACK_PARTNER]  # holding the jack, JACK_PARTNER is a secret alone
        if self._jack_rule == "call_up":
            return [ALONE, CALL_UP] if self._call_up_target() is not None else [ALONE]
        return sorted([*(CALL + _CALLABLE.index(ace) for ace in self._ace_calls()), ALONE])  # call_ace

    def _playable_cards(self) -> list[int]:
        """The cards the player to act may play now (R22-R24, then R18 revised, R19, V10 and V12 when a card
        was called)."""
        seat = self.current_player
        assert seat is not None
        hand = self._hands[seat]
        leading = not self._trick
        led_suit = None if leading else self._suit(self._trick[0][1])
        if leading:
            cards = list(hand)  # any card may be led (R21) ...
        else:
            # R22, R24: follow the led effective suit if able; R23: otherwise any card.
            cards = [card for card in hand if self._suit(card) == led_suit] or list(hand)

        if self._called is None:
            return cards  # alone, the jack partner, first trick, black queens, an all-pass game: no duties
        called = self._called
        called_suit = _printed_suit(called)
        last_trick = len(self._tricks) == self._form.hand_size - 1
        led_before = any(self._suit(trick[0][1]) == called_suit for trick in self._tricks)
        first_lead_now = led_suit == called_suit and not led_before  # this trick is the first of C
        suit_led = led_before or first_lead_now
        duties = self._method == "called_ace"  # V13 call_ace: the ace's holder has no duty

        if duties and seat == self._partner_seat and called in hand:
            # The holder of the called card: the partner (R19), or the picker itself under V12.
            if leading and not suit_led:
                # R19: the called card may be led, but no other card of the called suit before the suit has
                # been led: that lead would be the suit's first, without the called card.
                cards = [card for card in cards if card == called or self._suit(card) != called_suit]
            elif first_lead_now:
                cards = [called]  # R19: the first time the called suit is led, the called card is played
            elif self._rules.called_card_no_discard and not leading and not suit_led and not last_trick:
                # R19 (called_card_no_discard): no discarding the called card on a trick of another suit
                # before the called suit is led, except in the last trick.
                cards = [card for card in cards if card != called]

        if seat == self._picker:
            ace = 8 * SUITS.index(called_suit) + RANKS.index("A")
            if duties and _rank(called) == "10" and ace in hand:
                # V10.1: after a called 10, the picker plays the ace of C in the first trick of C; so it may
                # lead no other card of C before C has been led.
                if first_lead_now:
                    cards = [ace]
                elif leading and not suit_led:
                    cards = [card for card in cards if card == ace or self._suit(card) != called_suit]
            if not suit_led and not last_trick:
                # R18 (revised) 1: until the called suit is led, the picker may not discard its last card of
                # the called suit, except in the last trick; 2: nor lead it under hold_card_lead="forbidden".
                # Under V12 the picker's own called ace is a called card, which R19 lets its holder lead at
                # any time: "forbidden" does not hold it back.
                hold_cards = [card for card in hand if self._suit(card) == called_suit]
                own_ace = duties and seat == self._partner_seat and hold_cards == [called]
                forbidden = self._rules.hold_card_lead == "forbidden" and not own_ace
                if len(hold_cards) == 1 and (not leading or forbidden):
                    cards = [card for card in cards if card != hold_cards[0]]
        return cards

    def _trick_winner(self, trick: Sequence[tuple[int, int]], first_of_called_suit: bool) -> int:
        """R25: the highest trump if any trump was played, else the highest card of the led fail suit; V10.2:
        in the first trick of a called 10's suit the called 10 beats the ace; V11.3: the under ranks below
        every card of the called suit."""
        trumps = [(seat, card) for seat, card in trick if self._suit(card) == TRUMP]
        if trumps:
            strength = _TRUMP_STRENGTH[self._rules.jack_order]
            return max(trumps, key=lambda play: strength[play[1]])[0]
        led_suit = self._suit(trick[0][1])
        # V11.3: the under never wins; led, and followed by no card of its suit, the first card after it does.
        followers = [
            (seat, card) for seat, card in trick if self._suit(card) == led_suit and card != self._under
        ]
        if not followers:
            return trick[1][0]
        called = self._called
        if (
            called is not None
            and self._method == "called_ace"
            and _rank(called) == "10"
            and self._rules.called_ten_wins
            and first_of_called_suit
        ):
            ten = [seat for seat, card in followers if card == called]
            if ten:
                return ten[0]
        return max(followers, key=lambda play: self._fail_strength(play[1]))[0]

    def _fail_strength(self, card: int) -> int:
        # R4; the under card counts as a card of the called suit below its 7 (V11.3, protocol page).
        return _UNDER_STRENGTH if card == self._under else _FAIL_STRENGTH[card]

    def _settle_units(self) -> list[int]:
        """V17 for a picked hand or a black-queens hand: base x B, before the stake M."""
        result = [0] * self._form.players
        if self._method == "black_queens":
            # V15: the holders of Q♣ and Q♠ (one seat if it was dealt both); P is their trick points.
            holders = {self._holder_at_deal(card) for card in _PAIR_CARDS["black_queens"]}
            side = sorted(seat for seat in holders if seat is not None)
            bury_points = 0
        else:
            assert self._picker is not None
            partner = self._real_partner()
            side = [self._picker] if partner is None else [self._picker, partner]
            bury_points = sum(_POINTS_OF[card] for card in self._buried)  # R26: the bury counts for the side
        trick_points = sum(self._points[seat] for seat in side)
        if len(side) == 1:
            kind = "alone"
        else:
            kind = "pair" if self._method == "black_queens" else "partner"
        rules = self._rules
        first, second, each = settle_hand(
            trick_points + bury_points,
            sum(self._tricks_won[seat] for seat in side),
            defenders=len(self._order) - len(side),
            side=kind,
            num_tricks=self._form.hand_size,
            double_on_the_bump=rules.double_on_the_bump,
            trick_points=trick_points,
            no_trick_split=rules.no_trick_split,
            schwarz=rules.schwarz,
        )
        for seat in self._order:
            result[seat] = each
        result[side[0]] = first
        if len(side) == 2:
            result[side[1]] = second
        return result

    def _all_pass_units(self) -> list[int]:
        """V18, V21-V23: the settlement of an all-pass game, before the stake M."""
        n, seats, rules = self._form.players, self._order, self._rules
        game = self._all_pass_game
        points = self._points
        takers = [seat for seat in seats if self._tricks_won[seat] > 0]
        if game == "schwanzer":
            # V23: the highest count of the dealt hand pays.
            counts = {seat: sum(_schwanzer_value(card) for card in self._dealt_hands[seat]) for seat in seats}
            high = max(counts.values())
            tied = [seat for seat in seats if counts[seat] == high]
            if len(tied) > 1 and rules.schwanzer_tie == "split":
                return _groups_against_the_rest(seats, tied, -1, n)
            strength = _TRUMP_STRENGTH[rules.jack_order]

            def best_trump(seat: int) -> int:
                return max(
                    (strength[card] for card in self._dealt_hands[seat] if card in strength), default=0
                )

            return _one_against_the_rest(seats, max(tied, key=best_trump), -1, n)  # highest_trump loses
        if len(takers) == 1 and game in ("leaster", "moster"):
            # V18, V21: a seat that took every trick wins.
            return _one_against_the_rest(seats, takers[0], 1, n)
        if game == "leaster":
            low = min(points[seat] for seat in takers)
            tied = [seat for seat in takers if points[seat] == low]
            if len(tied) == 1 or rules.leaster_tie == "tiebreak":
                return _one_against_the_rest(seats, leaster_winner(points, self._trick_winners), 1, n)  # R31
            if rules.leaster_tie == "wash":
                return [0] * n
            return _groups_against_the_rest(seats, tied, 1, n)  # split
        if game == "moster":
            high = max(points[seat] for seat in seats)
            tied = [seat for seat in seats if points[seat] == high]
            return [0] * n if len(tied) > 1 else _one_against_the_rest(seats, tied[0], -1, n)  # V21
        # V22, schneidster: the only seat with the highest total of at most 30 wins; no trick needed.
        low_enough = [points[seat] for seat in seats if points[seat] <= 30]
        if not low_enough:
            return [0] * n
        best = [seat for seat in seats if points[seat] == max(low_enough)]
        return [0] * n if len(best) > 1 else _one_against_the_rest(seats, best[0], 1, n)

    # ---- applying an action (already known to be legal) ----------------------------------------------------

    def _do(self, action: int) -> None:
        seat = self.current_player
        assert seat is not None
        self._log.append((seat, self._pending_pair()))
        self._history.append(action)
        phase = self._phase
        if phase == "blitz":
            self._do_blitz(action)
        elif phase == "pick":
            self._do_pick(seat, action)
        elif phase == "bury":
            self._do_bury(action - BURY)
        elif phase == "call":
            self._do_call(action)
        elif phase == "under":
            self._under = action - UNDER
            self._open_crack()
        elif phase == "crack":
            self._do_crack(seat, action)
        elif phase == "recrack":
            self._do_recrack(seat, action)
        elif phase == "play":
            self._do_play(seat, action - PLAY)
        else:  # pragma: no cover - legal_actions() is empty when the hand is over
            raise AssertionError(f"no action can be applied in phase {phase!r}")

    def _do_blitz(self, action: int) -> None:
        seat, pair = self._queue.pop(0)
        assert pair is not None
        if action != NO_BLITZ:
            self._blitzes.append((seat, pair))  # V27: shown to the table, b += 1
        if not self._queue:
            assert self._window is not None
            self._close_blitz(self._window)

    def _do_pick(self, seat: int, action: int) -> None:
        if action == PICK:
            # R10, R11: the first to pick takes the blind.
            self._picker = seat
            self._hands[seat].extend(self._blind)
            self._phase = "bury"
            return
        self._passes += 1
        if self._passes < len(self._order):
            return
        # R12, V18: all passed.
        game = self._rules.all_pass
        self._all_pass_game = game
        if game in _TRICK_GAMES:
            self._phase = "play"  # the blind waits face down; d+1 leads
        else:
            self._phase = "done"  # V23 schwanzer: counted at once; V19 doubler, redeal: thrown in

    def _do_bury(self, card: int) -> None:
        assert self._picker is not None
        self._hands[self._picker].remove(card)
        self._buried.append(card)
        if len(self._buried) < self._form.blind_size:
            return
        if self._method == "none":
            self._open_crack()  # V16: no partner step
        else:
            self._phase = "call"

    def _do_call(self, action: int) -> None:
        assert self._picker is not None
        if action == ALONE:
            self._alone = True  # R20
        elif action == JACK_PARTNER:
            self._jack_partner = True  # V13: the partner jack's holder, the picker itself if it holds it
            self._partner_seat = self._holder(self._partner_jack)
        elif action == CALL_UP:
            target = self._call_up_target()
            assert target is not None
            self._call_up = target  # V13: the holder of the card called up is the secret partner
            self._partner_seat = self._holder(target)
        elif action == FIRST_TRICK:
            self._first_trick = True  # V14: the partner is known when trick 1 is taken
        else:
            called = _CALLABLE[action - CALL]
            self._called = called
            # R14: whoever holds the called card is the partner; the picker itself under V12.
            self._partner_seat = self._holder(called)
            if self._method == "called_ace" and not self._holds_suit(self._picker, _printed_suit(called)):
                self._phase = "under"  # V11: a picker void in the called suit names an under next
                return
        self._open_crack()

    def _do_crack(self, seat: int, action: int) -> None:
        self._queue.pop(0)
        if action == CRACK:
            self._cracked_by = seat  # V25: the first crack closes the window
            self._queue = []
            self._open_blitz([seat], "crack")  # V27.2: the cracker's blitz decisions
        elif not self._queue:
            self._phase = "play"  # no crack, so no re-crack

    def _do_recrack(self, seat: int, action: int) -> None:
        self._queue.pop(0)
        if action == RECRACK:
            self._recracked_by = seat  # V26: at most one re-crack; a partner's reveals it
            self._queue = []
            self._open_blitz([seat], "recrack")
            return
        if seat == self._picker and self._rules.recrack_by == "picker_or_partner":
            # V26: the picker passed; "crack around the corner": one turn for every seat but the picker and
            # the cracker, only the partner holding RECRACK. Not after ALONE, without a partner (V16) or
            # under V14, where the partner does not exist yet. A secret alone gets the round all the same.
            if not self._alone and self._method not in ("none", "first_trick"):
                self._queue = [(other, None) for other in self._after_picker() if other != self._cracked_by]
        if not self._queue:
            self._phase = "play"

    def _do_play(self, seat: int, card: int) -> None:
        self._hands[seat].remove(card)
        self._trick.append((seat, card))
        if len(self._trick) < len(self._order):
            return
        # The trick is complete: its winner takes its points and leads the next (R21, R25).
        first_of_called_suit = self._called is not None and not any(
            self._suit(trick[0][1]) == _printed_suit(self._called) for trick in self._tricks
        )
        winner = self._trick_winner(self._trick, first_of_called_suit)
        self._points[winner] += sum(_POINTS_OF[played] for _, played in self._trick)
        self._tricks_won[winner] += 1
        self._tricks.append(self._trick)
        self._trick_winners.append(winner)
        self._trick = []
        self._leader = winner
        if self._first_trick and len(self._tricks) == 1 and winner != self._picker:
            self._partner_seat = winner  # V14: the winner of trick 1 is the partner; the picker's: alone
        if len(self._tricks) < self._form.hand_size:
            return
        if self._all_pass_game in _TRICK_GAMES:
            # V18: the blind goes to the winner of the last trick, or of the first under leaster_blind.
            taker = winner if self._rules.leaster_blind == "last_trick" else self._trick_winners[0]
            self._points[taker] += sum(_POINTS_OF[card] for card in self._blind)
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
