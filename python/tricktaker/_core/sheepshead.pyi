# The Sheepshead submodule of the native module (`tricktaker._core.sheepshead`).

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
    "SUMMARY_COLUMNS",
    "Rules",
    "State",
    "VectorState",
    "bidding_action",
    "card_points",
    "ismcts",
    "leaster_values",
    "observations",
    "pimc",
    "playout_summaries",
    "playouts",
    "random_playouts",
    "random_summaries",
    "reaches",
    "settlement_class",
    "solve",
    "solver_refusal",
    "suit_of",
    "table",
    "trick_winner",
    "trumps",
]

_CardLike = Card | str
_Phase = Literal["blitz", "pick", "bury", "call", "under", "crack", "recrack", "play", "done"]
_Pair = Literal["black_queens", "red_queens", "black_jacks"]
_AllPass = Literal["leaster", "doubler", "redeal", "forced_pick", "moster", "schneidster", "schwanzer"]
_BlitzPairs = Literal[
    "black_queens",
    "red_queens",
    "black_jacks",
    "black_queens+red_queens",
    "black_queens+black_jacks",
    "red_queens+black_jacks",
    "black_queens+red_queens+black_jacks",
]

@final
class Rules(_GameRules):
    """The rule options of B.4 and of the variants chapter (V.C.1; keyword-only; every default is the
    specification's, the five-handed called-ace game)."""

    def __new__(
        cls,
        *,
        jack_order: Literal["standard", "seed"] = "standard",
        all_pass: _AllPass = "leaster",
        double_on_the_bump: bool = False,
        no_trick_split: bool = False,
        schwarz: Literal["tricks", "points"] = "tricks",
        no_legal_call: Literal["alone", "unknown"] = "alone",
        hold_card_lead: Literal["allowed", "forbidden"] = "allowed",
        called_card_no_discard: bool = True,
        no_ace_face_trump_redeal: bool = False,
        hands_per_game: int = 15,
        players: int = 5,
        four_handed: Literal["cutthroat", "called_ace_30", "black_queens"] = "cutthroat",
        six_handed: Literal["dealer_sits_out", "five_each"] = "dealer_sits_out",
        partner: Literal["auto", "called_ace", "jack", "first_trick", "black_queens", "none"] = "auto",
        partner_jack: Literal["JD", "JC"] = "JD",
        jack_picker_holds: Literal["auto", "alone", "call_up", "call_ace"] = "auto",
        called_ten_wins: bool = True,
        call_own_ace: bool = False,
        leaster_blind: Literal["last_trick", "first_trick"] = "last_trick",
        leaster_tie: Literal["tiebreak", "wash", "split"] = "tiebreak",
        doubler_stacking: Literal["count", "multiply", "single"] = "count",
        schwanzer_tie: Literal["highest_trump", "split"] = "highest_trump",
        cracking: bool = False,
        crack_by: Literal["after_picker", "any_defender"] = "after_picker",
        recrack_by: Literal["picker_or_partner", "picker", "none"] = "picker_or_partner",
        blitz: bool = False,
        blitz_pairs: _BlitzPairs = "black_queens+red_queens",
        multiplier_cap: int = 0,
    ) -> Rules: ...
    @property
    def jack_order(self) -> Literal["standard", "seed"]: ...
    @property
    def all_pass(self) -> _AllPass: ...
    @property
    def double_on_the_bump(self) -> bool: ...
    @property
    def no_trick_split(self) -> bool: ...
    @property
    def schwarz(self) -> Literal["tricks", "points"]: ...
    @property
    def no_legal_call(self) -> Literal["alone", "unknown"]: ...
    @property
    def hold_card_lead(self) -> Literal["allowed", "forbidden"]: ...
    @property
    def called_card_no_discard(self) -> bool: ...
    @property
    def no_ace_face_trump_redeal(self) -> bool: ...
    @property
    def hands_per_game(self) -> int: ...
    @property
    def players(self) -> int: ...
    @property
    def four_handed(self) -> Literal["cutthroat", "called_ace_30", "black_queens"]: ...
    @property
    def six_handed(self) -> Literal["dealer_sits_out", "five_each"]: ...
    @property
    def partner(self) -> Literal["auto", "called_ace", "jack", "first_trick", "black_queens", "none"]: ...
    @property
    def partner_jack(self) -> Literal["JD", "JC"]: ...
    @property
    def jack_picker_holds(self) -> Literal["auto", "alone", "call_up", "call_ace"]: ...
    @property
    def called_ten_wins(self) -> bool: ...
    @property
    def call_own_ace(self) -> bool: ...
    @property
    def leaster_blind(self) -> Literal["last_trick", "first_trick"]: ...
    @property
    def leaster_tie(self) -> Literal["tiebreak", "wash", "split"]: ...
    @property
    def doubler_stacking(self) -> Literal["count", "multiply", "single"]: ...
    @property
    def schwanzer_tie(self) -> Literal["highest_trump", "split"]: ...
    @property
    def cracking(self) -> bool: ...
    @property
    def crack_by(self) -> Literal["after_picker", "any_defender"]: ...
    @property
    def recrack_by(self) -> Literal["picker_or_partner", "picker", "none"]: ...
    @property
    def blitz(self) -> bool: ...
    @property
    def blitz_pairs(self) -> _BlitzPairs: ...
    @property
    def multiplier_cap(self) -> int: ...

@final
class State(_GameState[Rules]):
    """One Sheepshead hand: the search protocol and a readable view of the table."""

    @staticmethod
    def new(seed: int, rules: Rules | None = None, dealer: int = 0, multiplier: int = 1) -> State: ...
    @staticmethod
    def from_cards(
        hands: Sequence[Iterable[_CardLike]],
        blind: Iterable[_CardLike],
        dealer: int = 0,
        rules: Rules | None = None,
        multiplier: int = 1,
        seed: int | None = None,
    ) -> State: ...
    @staticmethod
    def from_position(
        hands: Sequence[Iterable[_CardLike]],
        leader: int,
        *,
        trick: Iterable[_CardLike] | None = None,
        picker: int | None = None,
        called: _CardLike | None = None,
        partner: int | None = None,
        bury: Iterable[_CardLike] | None = None,
        blind: Iterable[_CardLike] | None = None,
        under: _CardLike | None = None,
        called_suit_led: bool = False,
        points: Sequence[int] | None = None,
        tricks_won: Sequence[int] | None = None,
        first_tricks: Sequence[int | None] | None = None,
        dealer: int = 0,
        multiplier: int = 1,
        rules: Rules | None = None,
        seed: int | None = None,
    ) -> State: ...
    def position(self) -> dict[str, Any] | None: ...
    def next_hand(self, multiplier: int = 1) -> State: ...
    @property
    def phase(self) -> _Phase: ...
    @property
    def dealer(self) -> int: ...
    @property
    def multiplier(self) -> int: ...
    def hand(self, seat: int) -> Hand:
        """The cards of ``seat``, strongest first: trumps, then clubs, spades, hearts; a
        :class:`tricktaker.render.Hand` (a ``list`` of cards that Jupyter draws, ``game="sheepshead"``)."""
    def hands(self) -> list[Hand]:
        """Every seat's hand, by seat: a list of :class:`tricktaker.render.Hand`, one per seat."""
    @property
    def blind(self) -> list[Card]: ...
    @property
    def bury(self) -> list[Card]: ...
    @property
    def picker(self) -> int | None: ...
    @property
    def called_card(self) -> Card | None: ...
    @property
    def partner(self) -> int | None: ...
    @property
    def secret_partner(self) -> int | None: ...
    @property
    def under(self) -> Card | None: ...
    @property
    def is_leaster(self) -> bool: ...
    @property
    def is_doubler(self) -> bool: ...
    @property
    def trick_number(self) -> int: ...
    def current_trick(self) -> list[tuple[int, Card]]: ...
    def tricks(self) -> list[tuple[int, list[tuple[int, Card]], int]]: ...
    def points(self) -> list[int]: ...
    def tricks_won(self) -> list[int]: ...
    @property
    def picking_side_points(self) -> int | None: ...
    @property
    def active_seats(self) -> list[int]: ...
    @property
    def hand_size(self) -> int: ...
    @property
    def partner_method(self) -> Literal["called_ace", "jack", "first_trick", "black_queens", "none"]: ...
    @property
    def stake(self) -> int: ...
    @property
    def cracked_by(self) -> int | None: ...
    @property
    def recracked_by(self) -> int | None: ...
    @property
    def blitzes(self) -> list[tuple[int, _Pair]]: ...
    @property
    def all_pass_game(
        self,
    ) -> Literal["leaster", "moster", "schneidster", "schwanzer", "doubler", "redeal"] | None: ...
    @property
    def is_alone(self) -> bool: ...
    @property
    def black_queen_side(self) -> list[int] | None: ...
    @property
    def rng_state(self) -> tuple[int, int, int, int]: ...
    @rng_state.setter
    def rng_state(self, words: Sequence[int]) -> None: ...
    def dealt_hands(self) -> list[list[Card]]: ...

def table(rules: Rules | None = None) -> tuple[int, int, list[str]]: ...
def trick_winner(cards: Iterable[_CardLike], jack_order: Literal["standard", "seed"] = "standard") -> int: ...
def suit_of(card: _CardLike) -> Literal["T", "C", "S", "H"]: ...
def card_points(card: _CardLike) -> int: ...
def bidding_action(state: State) -> int | None: ...
def trumps(jack_order: Literal["standard", "seed"] = "standard") -> list[Card]: ...
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
def solver_refusal(state: State) -> str | None: ...
def solve(state: State, *, moves: bool = True) -> tuple[int, int, list[tuple[int, int]], int]: ...
def reaches(
    state: State, target: int, *, moves: bool = True
) -> tuple[bool, int, list[tuple[int, bool]], int]: ...
def settlement_class(state: State, *, moves: bool = True) -> tuple[int, int, list[tuple[int, int]], int]: ...
def leaster_values(
    state: State, seat: int, *, moves: bool = True
) -> tuple[int, int, list[tuple[int, int]], int]: ...
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
"""The evaluators ``pimc`` takes by name: ``"rollouts"`` (the mean return of random finishes), ``"solver"``
(the return under perfect play), ``"win"`` (+1 when the seat's side makes 61 under perfect play, else -1)
and ``"points"`` (its side's card points under perfect play)."""
NAME: str
"""The game's name, ``"sheepshead"``: its key in :data:`tricktaker.protocol.GAMES` and in saves."""
NUM_ACTIONS: int
"""How many action ids there are, 114 (``0 … 113``) in every configuration: ``pick``, ``pass``, ``bury``,
``call``, ``alone``, ``under`` and ``play`` (0-104), then the variants' ``blitz``, ``no blitz``, ``crack``,
``recrack``, ``jack partner``, ``call up`` and ``first trick`` (``docs/sheepshead-protocol.md`` numbers
them)."""
NUM_PLAYERS: int
"""The number of seats under the default rules, 5 (R1); ``table(rules)`` or ``state.num_players`` for
others."""
OBSERVATION_SIZE: int
"""The length of an observation under the default rules, 537 (``OBSERVATION_SHAPE`` is ``(537,)``;
``docs/sheepshead-protocol.md`` lays it out); ``table(rules)`` or ``state.observation_shape`` for others."""
SUMMARY_COLUMNS: list[str]
"""The columns of ``random_summaries`` and ``playout_summaries`` under the default rules: the five returns,
then ``picker``, ``partner``, ``called``, ``picking_side_points``, ``picking_side_tricks`` and ``leaster``;
``table(rules)`` for others (one return a seat)."""
