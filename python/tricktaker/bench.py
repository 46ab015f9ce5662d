"""``tricktaker bench``: the Rust engines against the pure-Python reference engines, measured in one run.

Each line times the same work on both engines (whole random games, steps through the search protocol, legal
move generation, clones, resampling the hidden cards) and reports throughput per second and the ratio; the
"all cores" lines compare the Rust batch on every core with the reference on one (the reference has no
parallel batch). The reference engines are plain Python by design, so the ratios say what the Rust core buys.
Nothing here asserts a speed.
"""

from __future__ import annotations

import json
import platform
import random
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any

from . import __version__, sheepshead, tractor
from ._core import Card
from .reference import sheepshead as ref_sheepshead
from .reference import tractor as ref_tractor

__all__ = ["Measurement", "format_table", "run", "to_json"]


@dataclass(frozen=True)
class Measurement:
    """One line of the comparison: the same work done by both engines."""

    game: str
    work: str
    unit: str
    rust_per_second: float
    reference_per_second: float

    @property
    def ratio(self) -> float:
        return self.rust_per_second / self.reference_per_second


def _rate(count: int, work: Callable[[], Any], min_seconds: float) -> float:
    """``count`` units of ``work`` per call; repeats the call until ``min_seconds`` have passed."""
    calls, start = 0, time.perf_counter()
    while True:
        work()
        calls += 1
        elapsed = time.perf_counter() - start
        if elapsed >= min_seconds:
            return count * calls / elapsed


def _protocol_steps(new_state: Callable[[int], Any], games: int) -> Callable[[], int]:
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


def _count_steps(new_state: Callable[[int], Any], games: int) -> int:
    return _protocol_steps(new_state, games)()


def _midgame_states(new_state: Callable[[int], Any], count: int, depth: int) -> list[Any]:
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


def run(quick: bool = False) -> list[Measurement]:
    """Measure both engines on the same work; ``quick`` keeps the whole run to a few seconds."""
    t = 0.2 if quick else 1.0
    scale = 1 if quick else 5
    out: list[Measurement] = []

    def add(game: str, work: str, unit: str, rust: float, reference: float) -> None:
        out.append(Measurement(game, work, unit, rust, reference))

    # ---- Sheepshead ----
    n_fast, n_ref = 200_000 * scale, 300 * scale
    add(
        "sheepshead",
        "random playouts (1 thread)",
        "hands",
        _rate(n_fast, lambda: sheepshead.random_playouts(n_fast, 1, threads=1), t),
        _rate(n_ref, lambda: ref_sheepshead.random_playouts(n_ref, 1), t),
    )
    add(
        "sheepshead",
        "random playouts (all cores)",
        "hands",
        _rate(n_fast, lambda: sheepshead.random_playouts(n_fast, 1), t),
        out[-1].reference_per_second,
    )
    games = 20 * scale
    steps = _count_steps(lambda s: sheepshead.State.new(s), games)
    add(
        "sheepshead",
        "protocol steps (legal_actions + apply_action)",
        "steps",
        _rate(steps, _protocol_steps(lambda s: sheepshead.State.new(s), games), t),
        _rate(
            _count_steps(lambda s: ref_sheepshead.State.new(s), games),
            _protocol_steps(lambda s: ref_sheepshead.State.new(s), games),
            t,
        ),
    )
    fast_states = _midgame_states(lambda s: sheepshead.State.new(s), 50, 15)
    ref_states = _midgame_states(lambda s: ref_sheepshead.State.new(s), 50, 15)
    add(
        "sheepshead",
        "legal_actions on mid-game states",
        "calls",
        _rate(len(fast_states), lambda: [s.legal_actions() for s in fast_states], t),
        _rate(len(ref_states), lambda: [s.legal_actions() for s in ref_states], t),
    )
    add(
        "sheepshead",
        "clone",
        "clones",
        _rate(len(fast_states), lambda: [s.clone() for s in fast_states], t),
        _rate(len(ref_states), lambda: [s.clone() for s in ref_states], t),
    )
    add(
        "sheepshead",
        "resample (mid-game, for the seat to act)",
        "resamples",
        _rate(len(fast_states), _resamples(fast_states), t),
        _rate(len(ref_states), _resamples(ref_states), t),
    )

    # ---- Tractor ----
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
    add(
        "tractor",
        "legal_follows (25-card hands)",
        "calls",
        _rate(len(cases), lambda: [tractor.legal_follows(h, lead, trump) for h, lead in cases], t),
        _rate(len(cases), lambda: [ref_tractor.legal_follows(h, lead, ref_trump) for h, lead in cases], t),
    )
    n_fast, n_ref = 20_000 * scale, 2 * scale
    add(
        "tractor",
        "random playouts (1 thread)",
        "rounds",
        _rate(n_fast, lambda: tractor.random_playouts(n_fast, 1, threads=1), t),
        _rate(n_ref, lambda: ref_tractor.random_playouts(n_ref, 1), t),
    )
    add(
        "tractor",
        "random playouts (all cores)",
        "rounds",
        _rate(n_fast, lambda: tractor.random_playouts(n_fast, 1), t),
        out[-1].reference_per_second,
    )
    games = 2 * scale
    add(
        "tractor",
        "protocol steps (legal_actions + apply_action)",
        "steps",
        _rate(
            _count_steps(lambda s: tractor.State.new(s), games),
            _protocol_steps(lambda s: tractor.State.new(s), games),
            t,
        ),
        _rate(
            _count_steps(lambda s: ref_tractor.State.new(s), games),
            _protocol_steps(lambda s: ref_tractor.State.new(s), games),
            t,
        ),
    )
    fast_rounds = _midgame_states(lambda s: tractor.State.new(s), 10, 120)
    ref_rounds = _midgame_states(lambda s: ref_tractor.State.new(s), 10, 120)
    add(
        "tractor",
        "clone",
        "clones",
        _rate(len(fast_rounds), lambda: [s.clone() for s in fast_rounds], t),
        _rate(len(ref_rounds), lambda: [s.clone() for s in ref_rounds], t),
    )
    add(
        "tractor",
        "resample (mid-play, for the seat to act)",
        "resamples",
        _rate(len(fast_rounds), _resamples(fast_rounds), t),
        _rate(len(ref_rounds), _resamples(ref_rounds), t),
    )
    return out


def _resamples(states: list[Any]) -> Callable[[], None]:
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
