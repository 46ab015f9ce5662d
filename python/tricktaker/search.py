"""Native search for every game: perfect-information Monte Carlo (PIMC) and information-set MCTS (ISMCTS),
run in Rust on threads with the GIL released, written once over the game protocol.

Both search the decision of ``player`` (the seat to act) from what it knows: every world they look at is a
``state.resample(player, …)``, a full deal it cannot tell from the real one.

* :func:`pimc` values each legal action (or each candidate line of actions: a whole Tractor play) in
  ``worlds`` sampled deals, the same deals for every candidate (common random numbers), with an
  ``evaluator``: random or greedy ``"rollouts"`` for every game, or for Sheepshead's card play the exact
  solver (``"solver"``: the return under perfect play of both sides, from the settlement class of
  :func:`tricktaker.sheepshead.settlement_class`; ``"win"``: +1 if the seat's side makes 61, else -1, the
  fastest; ``"points"``: the seat's side's card points), and for Tractor's last tricks ``"solver"`` (the
  return under perfect play, from :func:`tricktaker.tractor.solve`). Each value comes with its standard
  error over the worlds.
* :func:`ismcts` (Cowling, Powley & Whitehouse, 2012, single observer) determinizes every simulation with a
  resample, descends a tree of actions by UCB with availability counts, expands one action, rolls out to the
  end with a policy and backs up each seat's return. It searches every phase: the pick, the bury, the call,
  Tractor's declarations and kitty, the card play.

Results depend on the seed and the thread count only (PIMC's not even on the threads); a ``seconds`` limit on
ISMCTS makes it depend on the machine.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from . import _args, sheepshead, tractor
from ._core import search as _native
from ._core import sheepshead as _sheepshead_native
from ._core import tractor as _tractor_native
from .errors import ArgumentTypeError
from .protocol import GameState

__all__ = [
    "DEFAULT_EXPLORATION",
    "MAX_SIMULATIONS",
    "MAX_WORLDS",
    "IsmctsResult",
    "PimcResult",
    "ismcts",
    "pimc",
]

MAX_WORLDS: int = _native.MAX_WORLDS
"""The most worlds one :func:`pimc` samples."""
MAX_SIMULATIONS: int = _native.MAX_SIMULATIONS
"""The most simulations one :func:`ismcts` runs."""
DEFAULT_EXPLORATION: float = _native.DEFAULT_EXPLORATION
"""ISMCTS's exploration constant, applied to returns scaled by the largest return seen."""


@dataclass(frozen=True)
class PimcResult:
    """What :func:`pimc` found: each candidate line's mean value over the worlds, with its standard error."""

    lines: tuple[tuple[int, ...], ...]
    """The candidate lines (each legal action alone, unless lines were given)."""
    mean: npt.NDArray[np.float64] = field(compare=False)
    """Each line's mean value for the player over the worlds."""
    stderr: npt.NDArray[np.float64] = field(compare=False)
    """The standard error of each mean (0 with one world)."""
    worlds: int
    """The worlds sampled."""
    values: npt.NDArray[np.float64] = field(compare=False, repr=False)
    """``(worlds, lines)``: every line's value in every world."""

    @property
    def best(self) -> tuple[int, ...]:
        """The line of the highest mean (ties: the first)."""
        return self.lines[int(np.argmax(self.mean))]


@dataclass(frozen=True)
class IsmctsResult:
    """What :func:`ismcts` found at the root: every legal action's visits and mean value."""

    actions: tuple[int, ...]
    """The legal actions, in increasing order."""
    visits: npt.NDArray[np.int64] = field(compare=False)
    """How many simulations went through each action."""
    values: npt.NDArray[np.float64] = field(compare=False)
    """The mean return for the player of the simulations through each action (0 if never visited)."""
    simulations: int
    """Simulations run (fewer than asked when ``seconds`` ran out)."""
    nodes: int
    """Tree nodes made, over every thread's tree."""

    @property
    def best(self) -> int:
        """The most visited action (ties: the lowest id)."""
        return self.actions[int(np.argmax(self.visits))]


def _game(state: object) -> object:
    if isinstance(state, sheepshead.State):
        return _sheepshead_native
    if isinstance(state, tractor.State):
        return _tractor_native
    raise ArgumentTypeError(f"state must be a sheepshead.State or a tractor.State, not {_args.shown(state)}")


def pimc(
    state: GameState,
    player: int | None = None,
    worlds: int = 100,
    *,
    evaluator: str = "rollouts",
    policy: str = "random",
    rollouts: int = 1,
    lines: Sequence[Sequence[int]] | None = None,
    seed: int = 0,
    threads: int | None = None,
) -> PimcResult:
    """Value ``player``'s options (default: the seat to act, which it must be) in ``worlds`` sampled deals.

    ``evaluator`` is ``"rollouts"`` (``rollouts`` finishes by ``policy`` per candidate and world: the mean
    return) or a game's solver (see the module documentation); ``lines`` are candidate lines of action ids
    (default: each legal action alone), each legal from ``state``. ``threads=None``: one per core; the
    result is the same on any number."""
    module = _game(state)
    found = module.pimc(  # type: ignore[attr-defined]
        state,
        player,
        worlds,
        evaluator=evaluator,
        policy=policy,
        rollouts=rollouts,
        lines=lines,
        seed=seed,
        threads=threads,
    )
    got_lines, mean, stderr, n, values = found
    return PimcResult(tuple(tuple(line) for line in got_lines), mean, stderr, n, values)


def ismcts(
    state: GameState,
    player: int | None = None,
    *,
    simulations: int = 10_000,
    seconds: float | None = None,
    exploration: float = DEFAULT_EXPLORATION,
    policy: str = "random",
    seed: int = 0,
    threads: int | None = 1,
) -> IsmctsResult:
    """Search ``player``'s decision (default: the seat to act, which it must be) with ``simulations``
    ISMCTS simulations, stopping early after ``seconds`` if given, on ``threads`` threads (one tree each,
    their root statistics merged; ``None``: one per core). ``policy`` plays the rollouts."""
    module = _game(state)
    actions, visits, values, done, nodes = module.ismcts(  # type: ignore[attr-defined]
        state,
        player,
        simulations=simulations,
        seconds=_args.seconds(seconds),
        exploration=_args.real(exploration, "exploration"),
        policy=policy,
        seed=seed,
        threads=threads,
    )
    return IsmctsResult(tuple(actions), visits, values, done, nodes)
