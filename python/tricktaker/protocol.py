"""The protocol every tricktaker game implements, and the registry of the games.

A game is a module (:mod:`tricktaker.sheepshead`, :mod:`tricktaker.tractor`) with the members of
:class:`GameModule`; its ``State`` implements :class:`GameState`, the search protocol. Code written against
these protocols works for every game, and :data:`GAMES` is the one place a game is added: the command line,
the bots' arena and the benchmarks find the games there.

Both protocols hold only what every game really has, with its exact types; what one game alone has (the
Sheepshead picker, the Tractor trump, ``tractor.State.legal_plays``…) stays in its module. A module is checked
against :class:`GameModule` by mypy where it is registered below (``mypy --strict`` proves that every
registered module and its ``State`` conform).

Code generic over the games takes a ``GameModule[S, R]`` with the type variables :data:`S` and :data:`R`, so
that the state and the rules it gets back keep the game's types::

    def first_actions(game: GameModule[S, R], seed: int) -> list[int]:
        state = game.State.new(seed)  # an S: a GameState
        return state.legal_actions()

    first_actions(GAMES["tractor"], 7)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final, Protocol, Self, TypeVar

import numpy as np
import numpy.typing as npt

if TYPE_CHECKING:
    from . import sheepshead as _sheepshead
    from . import tractor as _tractor

__all__ = [
    "GAMES",
    "GameMatch",
    "GameModule",
    "GameRules",
    "GameSimulation",
    "GameState",
    "GameVectorState",
    "MatchType",
    "R",
    "S",
    "StateType",
    "VectorStateType",
]


class GameRules(Protocol):
    """A game's rule options (``module.Rules(**options)``; every option keyword-only, with a default)."""

    def to_dict(self) -> dict[str, Any]:
        """The options as ``Rules(**options)`` keywords."""
        ...


class GameState(Protocol):
    """One deal of a game (a Sheepshead hand, a Tractor round): the search protocol.

    Actions are ids ``0 … NUM_ACTIONS - 1`` with a text form; seats are ``0 … num_players - 1``. An illegal
    action raises :class:`tricktaker.IllegalActionError` and changes nothing.
    """

    @property
    def num_players(self) -> int:
        """The number of seats at this game's table (the module's ``NUM_PLAYERS`` under the default rules)."""
        ...

    @property
    def observation_shape(self) -> tuple[int, ...]:
        """The shape of this game's observations (the module's ``OBSERVATION_SHAPE`` under the default
        rules)."""
        ...

    @property
    def current_player(self) -> int | None:
        """The seat to act; ``None`` once the deal is over."""
        ...

    @property
    def is_terminal(self) -> bool:
        """Whether the deal is over: no seat is to act, and :meth:`returns` are final."""
        ...

    @property
    def phase(self) -> str:
        """The phase's name (each game has its own; the last is ``"done"``)."""
        ...

    @property
    def rules(self) -> GameRules:
        """The rule options the deal is played under (the module's ``Rules``)."""
        ...

    def legal_actions(self) -> list[int]:
        """The legal action ids, ascending."""
        ...

    def legal_action_mask(self) -> npt.NDArray[np.bool_]:
        """``NUM_ACTIONS`` booleans, true at the legal actions."""
        ...

    def apply_action(self, action: int) -> None:
        """Apply action ``action`` (an id) for the seat to act; an illegal one raises
        :class:`tricktaker.IllegalActionError` (a ``ValueError``) and the state is unchanged."""
        ...

    def apply(self, action: int | str) -> None:
        """:meth:`apply_action` by id or by the action's text."""
        ...

    def undo(self) -> None:
        """Take back the last action (:class:`tricktaker.NothingToUndoError` if there is none)."""
        ...

    def clone(self) -> Self:
        """An independent copy: what is done to one does not change the other."""
        ...

    def returns(self) -> list[int]:
        """Each seat's return (zero-sum; zeros until the deal is over)."""
        ...

    def history(self) -> list[int]:
        """The action ids applied so far, in order."""
        ...

    def action_to_string(self, action: int) -> str:
        """The text form of action ``action`` in this state (``pick``, ``bury QC``, ``call AH``, ``play 10D``,
        ``declare 2H 2H``, ``discard 5S``, ``finish``…)."""
        ...

    def string_to_action(self, text: str) -> int:
        """The id of the action a text names (legal or not), the inverse of :meth:`action_to_string`; a text
        that names none raises :class:`tricktaker.IllegalActionError`."""
        ...

    def observation(self, player: int, out: npt.NDArray[np.float32] | None = None) -> npt.NDArray[np.float32]:
        """What ``player`` may know: float32 of the module's ``OBSERVATION_SHAPE`` (written into ``out``)."""
        ...

    def information_state_key(self, player: int) -> int:
        """A 64-bit key of what ``player`` may know: equal for states ``player`` cannot tell apart."""
        ...

    def resample(self, player: int, seed: int) -> Self:
        """A state ``player`` cannot tell from this one, with every card hidden from it dealt again."""
        ...

    def resamples(self, player: int, n: int, seed: int) -> list[Self]:
        """``n`` such states at once."""
        ...

    def to_json(self) -> str:
        """An exact save, read back by ``State.from_json``."""
        ...


S = TypeVar("S", bound=GameState)
"""A game's state type, in code generic over the games."""
R = TypeVar("R", bound=GameRules)
"""A game's rules type, in code generic over the games."""
_S_co = TypeVar("_S_co", bound=GameState, covariant=True)
_R_co = TypeVar("_R_co", bound=GameRules, covariant=True)
_R_contra = TypeVar("_R_contra", bound=GameRules, contravariant=True)


class StateType(Protocol[_S_co, _R_contra]):
    """A game's ``State`` class: how a deal is made or loaded."""

    def new(self, seed: int, rules: _R_contra | None = None) -> _S_co:
        """A fresh deal from ``seed`` (each game takes more options after ``rules``)."""
        ...

    def from_json(self, text: str | bytes) -> _S_co:
        """Load a state saved by ``to_json`` (:class:`tricktaker.InvalidStateError` if it is not one)."""
        ...


class GameVectorState(Protocol[_S_co]):
    """Many deals stepped together (``module.VectorState``); a deal that ends is recorded and dealt again."""

    @property
    def num_envs(self) -> int:
        """The number of deals stepped together (``n``)."""
        ...

    def current_players(self) -> npt.NDArray[np.int8]:
        """The seat to act in each deal: int8, shape ``(num_envs,)``."""
        ...

    def legal_action_masks(self) -> npt.NDArray[np.bool_]:
        """Each deal's legal-action mask: bool, shape ``(num_envs, NUM_ACTIONS)``."""
        ...

    def observations(self) -> npt.NDArray[np.float32]:
        """Each deal's observation for its seat to act: float32, shape ``(num_envs, *OBSERVATION_SHAPE)``."""
        ...

    def step(self, actions: npt.NDArray[np.int64]) -> tuple[npt.NDArray[np.bool_], npt.NDArray[np.int32]]:
        """Apply ``actions[i]`` to deal ``i`` for every ``i``, all checked first (an illegal one raises
        :class:`tricktaker.IllegalActionError` and no deal changes). Returns ``(done, returns)``: which deals
        ended (bool, ``(num_envs,)``) and their returns (int32, ``(num_envs, NUM_PLAYERS)``, zeros where
        none ended); the deals that ended are dealt again."""
        ...

    def state(self, i: int) -> _S_co:
        """A copy of deal ``i`` as a ``State`` (changing it does not change the vector)."""
        ...


class VectorStateType(Protocol[_S_co, _R_contra]):
    """A game's ``VectorState`` class."""

    def __call__(self, n: int, seed: int, *, rules: _R_contra | None = None) -> GameVectorState[_S_co]: ...


class GameSimulation(Protocol):
    """What ``module.simulate`` returns: one row per deal (each game adds its own columns)."""

    @property
    def returns(self) -> npt.NDArray[np.int32]:
        """``(n, NUM_PLAYERS)``: each seat's return."""
        ...

    def __len__(self) -> int: ...


class GameMatch(Protocol[_S_co, _R_co]):
    """A game of several deals (``module.Match``); each game has its own way to the next deal."""

    @property
    def seed(self) -> int:
        """The match's seed: it fixes every deal of the match."""
        ...

    @property
    def rules(self) -> _R_co:
        """The rule options of every deal."""
        ...

    @property
    def state(self) -> _S_co:
        """The deal in progress."""
        ...

    @property
    def is_over(self) -> bool:
        """Whether the match has ended (by the game's own rule: Sheepshead's number of hands, Tractor's
        passing the ace)."""
        ...

    @property
    def record(self) -> Sequence[object]:
        """The finished deals, one record each (of the game's own record type)."""
        ...


class MatchType(Protocol[_S_co, R]):
    """A game's ``Match`` class."""

    def __call__(self, seed: int, rules: R = ...) -> GameMatch[_S_co, R]: ...


class GameModule(Protocol[S, R]):
    """A game: the members every game's module has (``S`` its ``State``, ``R`` its ``Rules``)."""

    @property
    def NUM_ACTIONS(self) -> int:
        """The number of action ids: actions are ``0 … NUM_ACTIONS - 1``."""
        ...

    @property
    def NUM_PLAYERS(self) -> int:
        """The number of seats under the default rules (a state's own is its ``num_players``)."""
        ...

    @property
    def OBSERVATION_SHAPE(self) -> tuple[int, ...]:
        """The shape of ``State.observation(player)`` under the default rules (a state's own is its
        ``observation_shape``)."""
        ...

    def table(self, rules: R | None = None) -> tuple[int, int, list[str]]:
        """What ``rules`` (default: the defaults) make: the number of seats, the length of an observation and
        the summary columns."""
        ...

    @property
    def State(self) -> StateType[S, R]:
        """The state class (:class:`StateType`): ``State.new(seed)`` deals, ``State.from_json`` loads."""
        ...

    @property
    def Rules(self) -> Callable[..., R]:
        """The rules class: ``Rules(**options)``, every option keyword-only with a default."""
        ...

    @property
    def VectorState(self) -> VectorStateType[S, R]:
        """The vector class (:class:`VectorStateType`): ``VectorState(n, seed)`` steps ``n`` deals at once."""
        ...

    @property
    def Match(self) -> MatchType[S, R]:
        """The match class (:class:`MatchType`): ``Match(seed)``, a game of several deals."""
        ...

    def random_playouts(
        self, n: int, seed: int, *, threads: int | None = None, rules: R | None = None
    ) -> npt.NDArray[np.int32]:
        """``n`` random deals played in Rust: an ``(n, NUM_PLAYERS)`` int32 array of the returns."""
        ...

    def simulate(
        self, n: int, seed: int, *, threads: int | None = None, rules: R | None = None
    ) -> GameSimulation:
        """The deals of :meth:`random_playouts`, with what happened in each."""
        ...

    def playouts(self, state: S, n: int, seed: int, *, threads: int | None = None) -> npt.NDArray[np.int32]:
        """``state`` finished at random ``n`` times: an ``(n, NUM_PLAYERS)`` int32 array of the returns."""
        ...

    def observations(
        self, states: Sequence[S], players: Sequence[int], out: npt.NDArray[np.float32] | None = None
    ) -> npt.NDArray[np.float32]:
        """``players[i]``'s observation of ``states[i]`` for every i, in one call."""
        ...


# ---- the registry ----
#
# A game is added here and nowhere else: a loader that imports its module (on first use, so that a game
# module may itself import this one) and returns it as a GameModule of its own State and Rules, which is
# where mypy checks that the module conforms.


def _load_sheepshead() -> GameModule[_sheepshead.State, _sheepshead.Rules]:
    from . import sheepshead

    return sheepshead


def _load_tractor() -> GameModule[_tractor.State, _tractor.Rules]:
    from . import tractor

    return tractor


class _Registry(Mapping[str, "GameModule[Any, Any]"]):
    """A read-only mapping of game names to modules, each imported when first looked up."""

    def __init__(self, loaders: Mapping[str, Callable[[], GameModule[Any, Any]]]) -> None:
        self._loaders = dict(loaders)

    def __getitem__(self, name: str) -> GameModule[Any, Any]:
        return self._loaders[name]()

    def __iter__(self) -> Iterator[str]:
        return iter(self._loaders)

    def __len__(self) -> int:
        return len(self._loaders)

    def __repr__(self) -> str:
        return f"<tricktaker games: {', '.join(self._loaders)}>"


GAMES: Final[Mapping[str, GameModule[Any, Any]]] = _Registry(
    {"sheepshead": _load_sheepshead, "tractor": _load_tractor}
)
"""Every game by name, in a fixed order: ``GAMES["sheepshead"]`` is :mod:`tricktaker.sheepshead`."""
