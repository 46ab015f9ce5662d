"""``tricktaker bench``: the Rust engines against the pure-Python reference engines, measured in one run.

Each line times the same work on both engines (whole random games, steps through the search protocol, legal
move generation, clones, resampling the hidden cards) and reports throughput per second and the ratio; the
"all cores" lines compare the Rust batch on every core with the reference on one (the reference has no
parallel batch). The reference engines are plain Python by design, so the ratios say what the Rust core buys.
Nothing here asserts a speed.
"""

from __future__ import annotations

import importlib
import json
import platform
import random
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any, Protocol, cast

from . import __version__, reference, tractor
from ._core import Card
from .protocol import GAMES, GameModule, S
from .reference import tractor as ref_tractor

__all__ = ["Measurement", "format_table", "run", "to_json"]


@dataclass(frozen=True)
class Measurement:
    """One line of the comparison: the same work done by both engines."""

    game: str
    """The game's name (a key of :data:`tricktaker.protocol.GAMES`)."""
    work: str
    """What was timed: ``"random playouts (1 thread)"``, ``"clone"``…"""
    unit: str
    """What the rates count: ``hands``, ``rounds``, ``steps``, ``calls``, ``clones`` or ``resamples``."""
    rust_per_second: float
    """Units per second on the Rust engine (on every core in the "all cores" line, else on one)."""
    reference_per_second: float
    """Units per second on the pure-Python reference engine (``tricktaker.reference``), on one core."""

    @property
    def ratio(self) -> float:
        """How many times faster the Rust engine was: ``rust_per_second / reference_per_second``."""
        return self.rust_per_second / self.reference_per_second


class _Steppable(Protocol):
    """The part of the search protocol (:class:`~tricktaker.protocol.GameState`) timed on both engines."""

    @property
    def current_player(self) -> int | None: ...
    @property
    def is_terminal(self) -> bool: ...
    def legal_actions(self) -> list[int]: ...
    def apply_action(self, action: int) -> None: ...
    def clone(self) -> object: ...
    def resample(self, player: int, seed: int) -> object: ...


class _Deals(Protocol):
    """A ``State`` class of either engine."""

    def new(self, seed: int) -> _Steppable: ...


class _ReferenceEngine(Protocol):
    """What the benchmarks use of a reference engine's module."""

    @property
    def State(self) -> _Deals: ...
    def random_playouts(self, n: int, seed: int) -> object: ...


def _rate(count: int, work: Callable[[], Any], min_seconds: float) -> float:
    """``count`` units of ``work`` per call; repeats the call until ``min_seconds`` have passed."""
    calls, start = 0, time.perf_counter()
    while True:
        work()
        calls += 1
        elapsed = time.perf_counter() - start
        if elapsed >= min_seconds:
            return count * calls / elapsed


def _protocol_steps(new_state: Callable[[int], _Steppable], games: int) -> Callable[[], int]:
    """Whole games through ``legal_actions`` + ``apply_action``, choosing by a fixed rule."""

    def run() -> int:
        steps = 0
        for seed in range(games):
            state = new_state(seed)
            while not state.is_terminal:
                actions = state.legal_actions()
                state.apply_action(actions[steps % len(actions)])
                steps += 1
        return steps

    return run


def _count_steps(new_state: Callable[[int], _Steppable], games: int) -> int:
    return _protocol_steps(new_state, games)()


def _midgame_states(new_state: Callable[[int], _Steppable], count: int, depth: int) -> list[_Steppable]:
    states = []
    for seed in range(count):
        state = new_state(seed)
        rng = random.Random(seed)
        for _ in range(depth):
            if state.is_terminal:
                break
            state.apply_action(rng.choice(state.legal_actions()))
        states.append(state)
    return states


@dataclass(frozen=True)
class _Workload:
    """What :func:`run` measures of one game (counts are per unit of the run's scale, 1 quick and 5 full)."""

    unit: str
    """What one game is called: ``hands``, ``rounds``."""
    playouts: tuple[int, int]
    """Random games per batch of ``random_playouts``: the Rust engine's, the reference's."""
    protocol_games: int
    """Whole games stepped through ``legal_actions`` + ``apply_action``."""
    midgame: tuple[int, int]
    """How many mid-game states ``clone`` and ``resample`` are timed on, and the random actions into each."""
    stage: str
    """What those states are called in the ``resample`` line: ``mid-game``, ``mid-play``."""
    legal_actions: bool = False
    """Time ``legal_actions`` on the mid-game states too."""
    toolkit: Callable[[float], list[Measurement]] | None = None
    """The game's own lines (its card-level toolkit), measured first, given the seconds per measurement."""
    toolkit_lines: int = 0
    """How many lines ``toolkit`` measures (for the progress of :func:`run`)."""


def _tractor_toolkit(t: float) -> list[Measurement]:
    trump = tractor.Trump("2", "H")
    ref_trump = ref_tractor.Trump("2", "H")
    deck = [c for c in Card.all() for _ in range(2)]
    rng = random.Random(1)
    cases = []
    for _ in range(20):
        rng.shuffle(deck)
        hand = deck[:25]
        suit = trump.suit_of(hand[0])
        lead = [c for c in deck[25:50] if trump.suit_of(c) == suit][:3]
        cases.append(([str(c) for c in hand], [str(c) for c in lead]))
    return [
        Measurement(
            "tractor",
            "legal_follows (25-card hands)",
            "calls",
            _rate(len(cases), lambda: [tractor.legal_follows(h, lead, trump) for h, lead in cases], t),
            _rate(
                len(cases), lambda: [ref_tractor.legal_follows(h, lead, ref_trump) for h, lead in cases], t
            ),
        )
    ]


_WORKLOADS: dict[str, _Workload] = {
    "sheepshead": _Workload(
        "hands",
        playouts=(200_000, 300),
        protocol_games=20,
        midgame=(50, 15),
        stage="mid-game",
        legal_actions=True,
    ),
    "tractor": _Workload(
        "rounds",
        playouts=(20_000, 2),
        protocol_games=2,
        midgame=(10, 120),
        stage="mid-play",
        toolkit=_tractor_toolkit,
        toolkit_lines=1,
    ),
}
"""Each game's workload: the reference engines differ in speed by orders of magnitude, and so do the games."""
_DEFAULT_WORKLOAD = _Workload(
    "games", playouts=(20_000, 2), protocol_games=2, midgame=(10, 40), stage="mid-game"
)
"""The workload of a game without an entry in :data:`_WORKLOADS`."""


Progress = Callable[[int, int, str], None]
"""A hook of :func:`run`: ``progress(done, total, work)`` after each measured line, ``work`` naming it."""


def run(quick: bool = False, *, progress: Progress | None = None) -> list[Measurement]:
    """Measure both engines on the same work; ``quick`` keeps the whole run to a few seconds.

    Every game of :data:`tricktaker.protocol.GAMES` that has a reference engine (``tricktaker.reference``'s
    module of the same name) is measured, in the registry's order, with its :data:`_WORKLOADS` entry.
    ``progress(done, total, work)``, when given, is called after each line is measured (``done`` from 1 to
    ``total``, the number of lines the run measures; ``work`` is ``"game: work"``).
    """
    t = 0.2 if quick else 1.0
    scale = 1 if quick else 5
    out: list[Measurement] = []
    engines = [(name, game, _reference_engine(name)) for name, game in GAMES.items()]
    measured = [(name, game, engine) for name, game, engine in engines if engine is not None]
    total = sum(_line_count(_WORKLOADS.get(name, _DEFAULT_WORKLOAD)) for name, _, _ in measured)

    def measured_one(m: Measurement) -> None:
        out.append(m)
        if progress is not None:
            progress(len(out), max(total, len(out)), f"{m.game}: {m.work}")

    for name, game, engine in measured:
        assert engine is not None
        _measure(name, game, engine, _WORKLOADS.get(name, _DEFAULT_WORKLOAD), t, scale, measured_one)
    return out


def _line_count(w: _Workload) -> int:
    """How many lines :func:`_measure` measures with workload ``w``."""
    return w.toolkit_lines + 5 + (1 if w.legal_actions else 0)


def _reference_engine(name: str) -> _ReferenceEngine | None:
    """The reference engine of game ``name``, or ``None`` if it has none."""
    module_name = f"{reference.__name__}.{name}"
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        if error.name != module_name:
            raise
        return None
    return cast(_ReferenceEngine, module)


def _measure(
    name: str,
    game: GameModule[S, Any],
    engine: _ReferenceEngine,
    w: _Workload,
    t: float,
    scale: int,
    measured: Callable[[Measurement], None],
) -> None:
    """Game ``name``'s lines: its toolkit's, then the same work on both engines (``engine`` the reference),
    each given to ``measured`` as soon as it is measured."""
    out: list[Measurement] = []

    def add_line(m: Measurement) -> None:
        out.append(m)
        measured(m)

    for m in w.toolkit(t) if w.toolkit is not None else []:
        add_line(m)

    def add(work: str, unit: str, rust: float, ref: float) -> None:
        add_line(Measurement(name, work, unit, rust, ref))

    n_fast, n_ref = w.playouts[0] * scale, w.playouts[1] * scale
    add(
        "random playouts (1 thread)",
        w.unit,
        _rate(n_fast, lambda: game.random_playouts(n_fast, 1, threads=1), t),
        _rate(n_ref, lambda: engine.random_playouts(n_ref, 1), t),
    )
    add(
        "random playouts (all cores)",
        w.unit,
        _rate(n_fast, lambda: game.random_playouts(n_fast, 1), t),
        out[-1].reference_per_second,
    )
    fast_new: Callable[[int], _Steppable] = game.State.new
    ref_new = engine.State.new
    games = w.protocol_games * scale
    add(
        "protocol steps (legal_actions + apply_action)",
        "steps",
        _rate(_count_steps(fast_new, games), _protocol_steps(fast_new, games), t),
        _rate(_count_steps(ref_new, games), _protocol_steps(ref_new, games), t),
    )
    count, depth = w.midgame
    fast_states = _midgame_states(fast_new, count, depth)
    ref_states = _midgame_states(ref_new, count, depth)
    if w.legal_actions:
        add(
            "legal_actions on mid-game states",
            "calls",
            _rate(len(fast_states), lambda: [s.legal_actions() for s in fast_states], t),
            _rate(len(ref_states), lambda: [s.legal_actions() for s in ref_states], t),
        )
    add(
        "clone",
        "clones",
        _rate(len(fast_states), lambda: [s.clone() for s in fast_states], t),
        _rate(len(ref_states), lambda: [s.clone() for s in ref_states], t),
    )
    add(
        f"resample ({w.stage}, for the seat to act)",
        "resamples",
        _rate(len(fast_states), _resamples(fast_states), t),
        _rate(len(ref_states), _resamples(ref_states), t),
    )


def _resamples(states: list[_Steppable]) -> Callable[[], None]:
    """Resample each state once for the seat to act (seat 0 once it is over), with a fresh seed each run."""
    runs = iter(range(1 << 62))

    def run() -> None:
        k = next(runs)
        for i, state in enumerate(states):
            player = state.current_player if state.current_player is not None else 0
            state.resample(player, k * len(states) + i)

    return run


def format_table(measurements: list[Measurement]) -> str:
    """A table: game, work, Rust per second, reference per second, ratio."""
    head = f"{'game':<11} {'work':<46} {'rust /s':>14} {'reference /s':>14} {'ratio':>9}"
    lines = [head, "-" * len(head)]
    for m in measurements:
        lines.append(
            f"{m.game:<11} {m.work:<46} {m.rust_per_second:>14,.0f} {m.reference_per_second:>14,.1f} "
            f"{m.ratio:>8,.0f}x"
        )
    return "\n".join(lines)


def to_json(measurements: list[Measurement]) -> str:
    """The measurements with the machine and version, for tracking over time."""
    return json.dumps(
        {
            "tricktaker": __version__,
            "python": platform.python_version(),
            "machine": platform.machine(),
            "measurements": [{**asdict(m), "ratio": m.ratio} for m in measurements],
        },
        indent=2,
    )
