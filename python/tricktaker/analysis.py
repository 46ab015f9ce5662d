"""A game annotated as a chess engine annotates one: every decision with the search's value of each option,
the best option, and what the choice made cost.

Each decision is searched from what the seat to act knew then (the search samples the cards hidden from it
with ``resample``), never from the cards it could not see:

* Sheepshead's card play: :func:`tricktaker.search.pimc` with the exact solver in every sampled world
  (``evaluator="solver"``: each card's value is the return the seat's side gets under perfect play from
  there, averaged over the worlds);
* every other decision (Sheepshead's pick, bury and call, all of Tractor): :func:`tricktaker.search.ismcts`
  (values are mean returns of the simulations through each action; Tractor's rollouts play greedily).

A value is in the game's returns (Sheepshead: points of a hand's settlement, x the multiplier; Tractor:
levels). A decision with one legal action is marked forced and not searched.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from . import _args, search, sheepshead, tractor
from .errors import ArgumentError, ArgumentTypeError
from .protocol import GameState

__all__ = ["MAX_STEPS", "Annotation", "Method", "Option", "annotate"]

MAX_STEPS = 10_000
"""The most actions :func:`annotate` reads (a Tractor round has at most a few hundred)."""

Method = Literal["auto", "pimc", "ismcts"]
"""How each decision is searched: ``"auto"`` (as the module documentation says), or always PIMC (the
solver for Sheepshead's card play, rollouts otherwise) or always ISMCTS."""


@dataclass(frozen=True)
class Option:
    """One legal action of a decision, as the search valued it."""

    action: int
    """The action id."""
    text: str
    """The action as text (``"play QC"``)."""
    value: float
    """Its value for the seat to act, in the game's returns."""
    detail: float
    """PIMC: the standard error of the value; ISMCTS: the visits of the action."""


@dataclass(frozen=True)
class Annotation:
    """One decision of a game: who chose what, and what the search thinks of every option."""

    step: int
    """The decision's place in the game, from 1 (action ``step - 1`` of the history)."""
    seat: int
    """The seat that chose."""
    phase: str
    """The phase of the game then (``"pick"``, ``"play"``…)."""
    action: int
    """The action chosen."""
    text: str
    """The action chosen, as text."""
    options: tuple[Option, ...]
    """Every legal action, best first (empty for a forced decision)."""
    method: str
    """How it was searched (``"pimc solver, 40 worlds"``, ``"ismcts, 2,000 simulations"``, ``"forced"``)."""

    @property
    def forced(self) -> bool:
        """Whether there was only one legal action."""
        return not self.options

    @property
    def best(self) -> Option | None:
        """The option the search values most (``None`` for a forced decision)."""
        return self.options[0] if self.options else None

    @property
    def chosen(self) -> Option | None:
        """The option chosen, as the search valued it (``None`` for a forced decision)."""
        return next((o for o in self.options if o.action == self.action), None)

    @property
    def loss(self) -> float:
        """What the choice cost by the search's values: the best value less the chosen one (0 if forced)."""
        best, chosen = self.best, self.chosen
        return 0.0 if best is None or chosen is None else best.value - chosen.value

    def to_dict(self) -> dict[str, object]:
        """The annotation as JSON-ready data."""
        return {
            "step": self.step,
            "seat": self.seat,
            "phase": self.phase,
            "action": self.text,
            "method": self.method,
            "best": None if self.best is None else self.best.text,
            "loss": self.loss,
            "options": [
                {
                    "action": o.text,
                    "value": o.value,
                    "stderr" if "pimc" in self.method else "visits": o.detail,
                }
                for o in self.options
            ],
        }


def _num_actions(state: GameState) -> int:
    return sheepshead.NUM_ACTIONS if isinstance(state, sheepshead.State) else tractor.NUM_ACTIONS


def _method_of(state: GameState, method: Method) -> Literal["pimc", "ismcts"]:
    if method != "auto":
        return method
    if isinstance(state, sheepshead.State) and state.phase == "play":
        return "pimc"
    return "ismcts"


def annotate(
    start: GameState,
    actions: Sequence[int],
    *,
    seats: Sequence[int] | None = None,
    method: Method = "auto",
    worlds: int = 40,
    simulations: int = 2000,
    seed: int = 0,
    threads: int | None = 1,
    progress: Callable[[int, int], None] | None = None,
) -> list[Annotation]:
    """Annotate the game that plays ``actions`` (ids) from ``start``: one :class:`Annotation` per decision of
    the ``seats`` given (default: every seat), in order.

    ``worlds`` are PIMC's sampled deals per decision and ``simulations`` ISMCTS's per decision; ``seed``
    (mixed with the step) makes every search reproducible for a given ``threads``. ``progress(done, total)``
    is called after each action. An action that is not legal where it stands is refused with
    :class:`~tricktaker.errors.IllegalActionError` (``start`` is not changed)."""
    if not isinstance(start, sheepshead.State | tractor.State):
        raise ArgumentTypeError(
            f"start must be a sheepshead.State or a tractor.State, not {_args.shown(start)}"
        )
    if method not in ("auto", "pimc", "ismcts"):
        raise ArgumentError(f"method must be 'auto', 'pimc' or 'ismcts', not {_args.shown(method)}")
    ids = [_args.whole(a, "an action", 0, 255) for a in actions]
    if len(ids) > MAX_STEPS:
        raise ArgumentError(f"at most {MAX_STEPS:,} actions are annotated, not {len(ids):,}")
    chosen_seats = (
        None if seats is None else {_args.whole(s, "a seat", 0, start.num_players - 1) for s in seats}
    )
    worlds = _args.whole(worlds, "worlds", 1, search.MAX_WORLDS)
    simulations = _args.whole(simulations, "simulations", 1, search.MAX_SIMULATIONS)
    seed = _args.seed(seed)
    state = start.clone()
    out: list[Annotation] = []
    for step, action in enumerate(ids, start=1):
        seat = state.current_player
        if seat is None:
            raise ArgumentError(f"action {step} ({action}) comes after the end of the game")
        text = state.action_to_string(action) if action < _num_actions(state) else str(action)
        legal = state.legal_actions()
        if seat in (chosen_seats if chosen_seats is not None else {seat}):
            out.append(
                _annotate_one(
                    state, step, seat, action, text, legal, method, worlds, simulations, seed, threads
                )
            )
        state.apply_action(action)
        if progress is not None:
            progress(step, len(ids))
    return out


def _annotate_one(
    state: GameState,
    step: int,
    seat: int,
    action: int,
    text: str,
    legal: list[int],
    method: Method,
    worlds: int,
    simulations: int,
    seed: int,
    threads: int | None,
) -> Annotation:
    phase = str(getattr(state, "phase", ""))
    if len(legal) == 1:
        return Annotation(step, seat, phase, action, text, (), "forced")
    how = _method_of(state, method)
    search_seed = (seed * 1_000_003 + step) & _args.MAX_SEED
    policy = "greedy" if isinstance(state, tractor.State) else "random"
    options: list[Option]
    if how == "pimc":
        evaluator = "solver" if isinstance(state, sheepshead.State) and state.phase == "play" else "rollouts"
        found = search.pimc(
            state, seat, worlds, evaluator=evaluator, policy=policy, seed=search_seed, threads=threads
        )
        options = [
            Option(line[0], state.action_to_string(line[0]), float(v), float(e))
            for line, v, e in zip(found.lines, found.mean, found.stderr, strict=True)
        ]
        label = f"pimc {evaluator}, {worlds:,} worlds"
    else:
        tree = search.ismcts(
            state, seat, simulations=simulations, policy=policy, seed=search_seed, threads=threads
        )
        options = [
            Option(a, state.action_to_string(a), float(v), float(n))
            for a, v, n in zip(tree.actions, tree.values, tree.visits, strict=True)
        ]
        label = f"ismcts, {simulations:,} simulations"
    options.sort(key=lambda o: (-o.value, o.action))
    return Annotation(step, seat, phase, action, text, tuple(options), label)
