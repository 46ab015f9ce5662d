# The Tractor submodule of the native module (`tricktaker._core.tractor`).

from collections.abc import Iterable, Sequence
from typing import Any, Literal, final

import numpy as np
import numpy.typing as npt

from ..render import Hand
from . import Card, _GameRules, _GameState, _GameVector

__all__ = [
    "EVALUATORS",
    "NAME",
    "NUM_ACTIONS",
    "NUM_PLAYERS",
    "OBSERVATION_SIZE",
    "SOLVE_NODES",
    "SUMMARY_COLUMNS",
    "Rules",
    "State",
    "Trump",
    "VectorState",
    "check_throw",
    "count_legal_follows",
    "decompose",
    "follow_error",
    "follow_extensions",
    "ismcts",
    "legal_follows",
    "level_outcome",
    "next_round",
    "observations",
    "pimc",
    "playout_summaries",
    "playouts",
    "random_playouts",
    "random_summaries",
    "solve",
    "table",
    "trick_points",
    "trick_winner",
]

_CardLike = Card | str

@final
class Trump:
    """The trump of a Tractor round: a rank and a suit, a rank only, or neither (no trump, R9)."""

    def __new__(cls, rank: int | str | None, suit: str | None) -> Trump: ...
    @property
    def rank(self) -> str | None: ...
    @property
    def suit(self) -> str | None: ...
    def is_trump(self, card: _CardLike) -> bool: ...
    def suit_of(self, card: _CardLike) -> Literal["T", "C", "D", "H", "S"]: ...
    def strength(self, card: _CardLike) -> int: ...
    def sort(self, cards: Iterable[_CardLike]) -> list[Card]: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __getnewargs__(self) -> tuple[str | None, str | None]: ...

def decompose(
    cards: Iterable[_CardLike], trump: Trump, *, min_tractor_length: int = 2
) -> list[tuple[Literal["tractor", "pair", "single"], list[Card]]]: ...
def follow_error(
    hand: Iterable[_CardLike],
    lead: Iterable[_CardLike],
    play: Iterable[_CardLike],
    trump: Trump,
    *,
    tractor_follow: str = "none",
    new_adjacency: str = "allow",
    format_based_draw: bool = True,
    min_tractor_length: int = 2,
) -> str | None: ...
def legal_follows(
    hand: Iterable[_CardLike],
    lead: Iterable[_CardLike],
    trump: Trump,
    *,
    tractor_follow: str = "none",
    new_adjacency: str = "allow",
    format_based_draw: bool = True,
    limit: int | None = None,
    min_tractor_length: int = 2,
) -> list[list[Card]]: ...
def count_legal_follows(
    hand: Iterable[_CardLike],
    lead: Iterable[_CardLike],
    trump: Trump,
    *,
    tractor_follow: str = "none",
    new_adjacency: str = "allow",
    format_based_draw: bool = True,
    min_tractor_length: int = 2,
) -> int: ...
def follow_extensions(
    hand: Iterable[_CardLike],
    lead: Iterable[_CardLike],
    partial: Iterable[_CardLike],
    trump: Trump,
    *,
    tractor_follow: str = "none",
    new_adjacency: str = "allow",
    format_based_draw: bool = True,
    min_tractor_length: int = 2,
) -> list[Card]: ...
def check_throw(
    lead: Iterable[_CardLike],
    other_hands: Iterable[Iterable[_CardLike]],
    trump: Trump,
    *,
    failed_throw_forced: str = "fewest_cards_then_lowest",
    min_tractor_length: int = 2,
) -> tuple[list[Card], int] | None: ...
def trick_winner(
    plays: Iterable[Iterable[_CardLike]],
    trump: Trump,
    *,
    min_tractor_length: int = 2,
    throw_compare: str = "pairs_first",
) -> int: ...
def trick_points(cards: Iterable[_CardLike]) -> int: ...

@final
class Rules(_GameRules):
    """Every option of A.4 and of A.5 for four players and two decks (keyword-only; every default is the
    specification's)."""

    def __new__(
        cls,
        *,
        first_drawer_round1: Literal["random", "seat0"] = "random",
        allow_self_reinforce: bool = False,
        red_pair_overrides_black_pair: bool = False,
        first_landlord: Literal["winning_declaration", "first_declaration"] = "winning_declaration",
        bid_override: Literal["standard", "higher_suit", "count_only"] = "standard",
        joker_declaration_min: Literal["two", "decks"] = "two",
        joker_pair_declaration_keeps_rank: bool = False,
        kitty_flip_joker_no_trump: bool = False,
        kitty_size: int = 8,
        min_tractor_length: int = 2,
        plain_suit_gap_closing: bool = True,
        tractor_follow: Literal["none", "full", "fallback"] = "none",
        new_adjacency: Literal["allow", "forbid"] = "allow",
        format_based_draw: bool = True,
        throw_compare: Literal["pairs_first", "all_components", "highest", "unit_length"] = "pairs_first",
        failed_throw_forced: Literal[
            "fewest_cards_then_lowest", "first_in_turn_smallest"
        ] = "fewest_cards_then_lowest",
        throw_penalty: Literal["per_card_taken_back", "per_attempt_10", "none"] = "per_card_taken_back",
        negative_points: Literal["clamp", "extra_levels"] = "clamp",
        deadzone: bool = True,
        over_240: Literal["per40_from_80"] = "per40_from_80",
        kitty_multiplier: Literal["seed_2c", "exp", "largest_unit_times2", "largest_unit_pow2"] = "seed_2c",
        game_end: Literal["pass_ace", "must_defend_ace"] = "pass_ace",
        after_ace: Literal["game_over", "no_trump_level"] = "game_over",
        defend_points: bool = False,
    ) -> Rules: ...
    @property
    def first_drawer_round1(self) -> Literal["random", "seat0"]: ...
    @property
    def allow_self_reinforce(self) -> bool: ...
    @property
    def red_pair_overrides_black_pair(self) -> bool: ...
    @property
    def first_landlord(self) -> Literal["winning_declaration", "first_declaration"]: ...
    @property
    def bid_override(self) -> Literal["standard", "higher_suit", "count_only"]: ...
    @property
    def joker_declaration_min(self) -> Literal["two", "decks"]: ...
    @property
    def joker_pair_declaration_keeps_rank(self) -> bool: ...
    @property
    def kitty_flip_joker_no_trump(self) -> bool: ...
    @property
    def kitty_size(self) -> int: ...
    @property
    def min_tractor_length(self) -> int: ...
    @property
    def plain_suit_gap_closing(self) -> bool: ...
    @property
    def tractor_follow(self) -> Literal["none", "full", "fallback"]: ...
    @property
    def new_adjacency(self) -> Literal["allow", "forbid"]: ...
    @property
    def format_based_draw(self) -> bool: ...
    @property
    def throw_compare(self) -> Literal["pairs_first", "all_components", "highest", "unit_length"]: ...
    @property
    def failed_throw_forced(self) -> Literal["fewest_cards_then_lowest", "first_in_turn_smallest"]: ...
    @property
    def throw_penalty(self) -> Literal["per_card_taken_back", "per_attempt_10", "none"]: ...
    @property
    def negative_points(self) -> Literal["clamp", "extra_levels"]: ...
    @property
    def deadzone(self) -> bool: ...
    @property
    def over_240(self) -> Literal["per40_from_80"]: ...
    @property
    def kitty_multiplier(self) -> Literal["seed_2c", "exp", "largest_unit_times2", "largest_unit_pow2"]: ...
    @property
    def game_end(self) -> Literal["pass_ace", "must_defend_ace"]: ...
    @property
    def after_ace(self) -> Literal["game_over", "no_trump_level"]: ...
    @property
    def defend_points(self) -> bool: ...

_Plays = list[tuple[int, list[Card]]]

@final
class State(_GameState[Rules]):
    """One Tractor round: the search protocol and a readable view of the table."""

    @staticmethod
    def new(
        seed: int,
        rules: Rules | None = None,
        levels: tuple[int, int] = (2, 2),
        declarers: int | None = None,
        starter: int | None = None,
    ) -> State: ...
    @staticmethod
    def from_stack(
        stack: Iterable[_CardLike],
        seed: int = 0,
        rules: Rules | None = None,
        levels: tuple[int, int] = (2, 2),
        declarers: int | None = None,
        starter: int | None = None,
    ) -> State: ...
    @staticmethod
    def from_cards(
        hands: Sequence[Iterable[_CardLike]],
        kitty: Iterable[_CardLike],
        trump: Trump,
        starter: int,
        declarers: int,
        rules: Rules | None = None,
        levels: tuple[int, int] | None = None,
    ) -> State: ...
    @staticmethod
    def from_position(
        hands: Sequence[Iterable[_CardLike]],
        *,
        trump: Trump,
        declarers: int,
        starter: int,
        leader: int | None = None,
        kitty: Iterable[_CardLike] | None = None,
        levels: tuple[int, int] | None = None,
        table: Sequence[Iterable[_CardLike]] | None = None,
        partial: Iterable[_CardLike] | None = None,
        tricks: int = 0,
        points: int = 0,
        penalties: int = 0,
        failed_throws: int = 0,
        deals: int = 0,
        rules: Rules | None = None,
    ) -> State: ...
    def position(self) -> dict[str, Any] | None: ...
    def legal_plays(self, *, limit: int | None = None) -> list[list[Card]]:
        """Every whole play now; a long suit on lead has very many (use ``legal_actions`` in search)."""
    def count_legal_plays(self) -> int: ...
    def play(self, cards: str | Iterable[_CardLike]) -> None: ...
    @property
    def phase(self) -> Literal["draw", "kitty", "play", "done"]: ...
    @property
    def trump(self) -> Trump | None: ...
    @property
    def rank(self) -> str: ...
    @property
    def levels(self) -> tuple[int, int]: ...
    @property
    def declarers(self) -> int | None: ...
    @property
    def starter(self) -> int | None: ...
    @property
    def declaration(self) -> tuple[int, Literal["single", "pair", "jokers"], list[Card]] | None: ...
    def exposed(self) -> list[list[Card]]: ...
    @property
    def drawn(self) -> int: ...
    @property
    def hand_size(self) -> int: ...
    def taken_out(self) -> list[Card]: ...
    def stack(self) -> list[Card]: ...
    @property
    def deals(self) -> int: ...
    def hand(self, seat: int) -> Hand:
        """A seat's cards, in play order once the trump is fixed; a :class:`tricktaker.render.Hand` (a
        ``list`` of cards that Jupyter draws, ``game="tractor"``, carrying the trump once it is fixed)."""
    def hands(self) -> list[Hand]:
        """Every seat's cards, by seat: a list of :class:`tricktaker.render.Hand`, one per seat."""
    @property
    def kitty(self) -> list[Card]: ...
    def current_trick(self) -> _Plays: ...
    def partial_play(self) -> list[Card]: ...
    def last_trick(self) -> tuple[int, _Plays, int] | None: ...
    @property
    def tricks_played(self) -> int: ...
    @property
    def points(self) -> int: ...
    @property
    def trick_points(self) -> tuple[int, int]: ...
    @property
    def kitty_bonus(self) -> int: ...
    def failed_throw(self) -> tuple[int, list[Card], list[Card], int] | None: ...
    @property
    def failed_throws(self) -> int: ...

def solve(
    state: State, *, max_nodes: int = 10000000
) -> tuple[int, list[int], list[tuple[list[int], int]], int]: ...
def level_outcome(
    points: int, *, negative_points: str = "clamp", deadzone: bool = True
) -> tuple[bool, int]: ...
def next_round(
    levels: tuple[int, int], declarers: int, starter: int, points: int, rules: Rules
) -> tuple[tuple[int, int], int, int, int | None]: ...
def table(rules: Rules | None = None) -> tuple[int, int, list[str]]: ...
def random_playouts(
    n: int, seed: int, *, threads: int | None = None, rules: Rules | None = None
) -> npt.NDArray[np.int32]: ...
def random_summaries(
    n: int, seed: int, *, threads: int | None = None, rules: Rules | None = None
) -> npt.NDArray[np.int32]: ...

_PimcFound = tuple[
    list[list[int]], npt.NDArray[np.float64], npt.NDArray[np.float64], int, npt.NDArray[np.float64]
]

def pimc(
    state: State,
    player: int | None = None,
    worlds: int = 100,
    *,
    evaluator: str = "rollouts",
    policy: str = "random",
    rollouts: int = 1,
    lines: Sequence[Sequence[int]] | None = None,
    seed: int = 0,
    threads: int | None = None,
) -> tuple[
    list[list[int]], npt.NDArray[np.float64], npt.NDArray[np.float64], int, npt.NDArray[np.float64]
]: ...
def ismcts(
    state: State,
    player: int | None = None,
    *,
    simulations: int = 10000,
    seconds: float | None = None,
    exploration: float = 0.7,
    policy: str = "random",
    seed: int = 0,
    threads: int | None = 1,
) -> tuple[list[int], npt.NDArray[np.uint64], npt.NDArray[np.float64], int, int]: ...
def playouts(
    state: State, n: int, seed: int, *, threads: int | None = None, policy: str = "random"
) -> npt.NDArray[np.int32]: ...
def playout_summaries(
    state: State, n: int, seed: int, *, threads: int | None = None, policy: str = "random"
) -> npt.NDArray[np.int32]: ...
def observations(
    states: Sequence[State], players: Sequence[int], out: npt.NDArray[np.float32] | None = None
) -> npt.NDArray[np.float32]: ...

@final
class VectorState(_GameVector[State]):
    def __new__(cls, n: int, seed: int, *, rules: Rules | None = None) -> VectorState: ...

EVALUATORS: list[str]
"""The evaluators ``pimc`` takes by name: ``"rollouts"`` (the mean return of finishes by the policy),
``"points"`` (the same finishes scored by the team's card points: P for the opponents, -P for the declarers)
and ``"solver"`` (the return under perfect play of the last tricks)."""
SOLVE_NODES: int
"""The most positions ``solve`` searches unless told otherwise (10,000,000: about ten seconds)."""
NAME: str
"""The game's name, ``"tractor"``: its key in :data:`tricktaker.protocol.GAMES` and in saves."""
NUM_ACTIONS: int
"""How many action ids there are, 120 (``0 … 119``): ``play``, ``finish``, ``discard``, ``declare`` and
``pass`` (``docs/tractor-protocol.md`` numbers them)."""
NUM_PLAYERS: int
"""The number of seats, 4, in two teams of partners sitting opposite (R1)."""
OBSERVATION_SIZE: int
"""The length of an observation, 939 (``OBSERVATION_SHAPE`` is ``(939,)``; ``docs/tractor-protocol.md``
describes it)."""
SUMMARY_COLUMNS: list[str]
"""The columns of ``random_summaries`` and ``playout_summaries``: the four returns, then ``declarers``,
``starter``, ``points``, ``failed_throws``, ``deals`` and ``no_trump``."""
