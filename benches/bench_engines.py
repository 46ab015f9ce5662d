"""Both engines on the same work, side by side (measured, never asserted):
``python -m pytest benches/bench_engines.py --benchmark-only --benchmark-group-by=func``.

Each benchmark runs once per engine (``rust``, ``reference``) and records its throughput in ``extra_info``;
``tricktaker bench`` prints the same comparison as a table with the ratios.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from throughput import per_second

from tricktaker import sheepshead, tractor
from tricktaker.reference import sheepshead as ref_sheepshead
from tricktaker.reference import tractor as ref_tractor

SHEEPSHEAD = {"rust": sheepshead, "reference": ref_sheepshead}
TRACTOR = {"rust": tractor, "reference": ref_tractor}
ENGINES = ["rust", "reference"]


@pytest.mark.parametrize("engine", ENGINES)
def test_sheepshead_random_playouts(benchmark: Any, engine: str) -> None:
    n = 100_000 if engine == "rust" else 300
    module = SHEEPSHEAD[engine]
    if engine == "rust":
        benchmark.pedantic(sheepshead.random_playouts, args=(n, 1), kwargs={"threads": 1}, rounds=3)
    else:
        benchmark.pedantic(module.random_playouts, args=(n, 1), rounds=3)
    per_second(benchmark, n, "hands_per_second")


def steps(module: Any, games: int) -> int:
    count = 0
    for seed in range(games):
        state = module.State.new(seed)
        while not state.is_terminal:
            actions = state.legal_actions()
            state.apply_action(actions[count % len(actions)])
            count += 1
    return count


@pytest.mark.parametrize("engine", ENGINES)
def test_sheepshead_protocol_steps(benchmark: Any, engine: str) -> None:
    count = benchmark.pedantic(steps, args=(SHEEPSHEAD[engine], 100), rounds=3)
    per_second(benchmark, count, "steps_per_second")


def midgame(module: Any, count: int, depth: int) -> list[Any]:
    states = []
    for seed in range(count):
        state = module.State.new(seed)
        rng = random.Random(seed)
        for _ in range(depth):
            if not state.is_terminal:
                state.apply_action(rng.choice(state.legal_actions()))
        states.append(state)
    return states


@pytest.mark.parametrize("engine", ENGINES)
def test_sheepshead_legal_actions(benchmark: Any, engine: str) -> None:
    states = midgame(SHEEPSHEAD[engine], 100, 15)
    benchmark.pedantic(lambda: [s.legal_actions() for s in states], rounds=20)
    per_second(benchmark, len(states), "calls_per_second")


@pytest.mark.parametrize("engine", ENGINES)
def test_sheepshead_clone(benchmark: Any, engine: str) -> None:
    states = midgame(SHEEPSHEAD[engine], 100, 15)
    benchmark.pedantic(lambda: [s.clone() for s in states], rounds=20)
    per_second(benchmark, len(states), "clones_per_second")


@pytest.mark.parametrize("engine", ENGINES)
def test_tractor_legal_follows(benchmark: Any, engine: str) -> None:
    module = TRACTOR[engine]
    trump = module.Trump("2", "H")
    rng = random.Random(1)
    deck = [str(c) for c in tractor.Card.all() for _ in range(2)]
    cases = []
    for _ in range(20):
        rng.shuffle(deck)
        suit = tractor.Trump("2", "H").suit_of(deck[0])
        lead = [c for c in deck[25:60] if tractor.Trump("2", "H").suit_of(c) == suit][:3]
        cases.append((deck[:25], lead))
    benchmark.pedantic(lambda: [module.legal_follows(h, lead, trump) for h, lead in cases], rounds=5)
    per_second(benchmark, len(cases), "calls_per_second")


@pytest.mark.parametrize("engine", ENGINES)
def test_tractor_random_playouts(benchmark: Any, engine: str) -> None:
    if engine == "rust":
        n = 10_000
        benchmark.pedantic(tractor.random_playouts, args=(n, 1), kwargs={"threads": 1}, rounds=3)
    else:
        n = 5
        benchmark.pedantic(ref_tractor.random_playouts, args=(n, 1), rounds=3)
    per_second(benchmark, n, "rounds_per_second")


@pytest.mark.parametrize("engine", ENGINES)
def test_tractor_protocol_steps(benchmark: Any, engine: str) -> None:
    count = benchmark.pedantic(steps, args=(TRACTOR[engine], 3), rounds=3)
    per_second(benchmark, count, "steps_per_second")


def resample_each(states: list[Any]) -> None:
    """Resample every state once for the seat to act (seat 0 once it is over)."""
    for i, state in enumerate(states):
        player = state.current_player if state.current_player is not None else 0
        state.resample(player, i)


@pytest.mark.parametrize("engine", ENGINES)
def test_sheepshead_resample(benchmark: Any, engine: str) -> None:
    states = midgame(SHEEPSHEAD[engine], 100, 15)
    benchmark.pedantic(resample_each, args=(states,), rounds=5)
    per_second(benchmark, len(states), "resamples_per_second")


@pytest.mark.parametrize("engine", ENGINES)
def test_tractor_resample(benchmark: Any, engine: str) -> None:
    states = midgame(TRACTOR[engine], 10, 120)
    benchmark.pedantic(resample_each, args=(states,), rounds=3)
    per_second(benchmark, len(states), "resamples_per_second")
