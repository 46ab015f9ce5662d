"""Tractor rounds, measured (never asserted): ``python -m pytest benches/bench_tractor.py --benchmark-only``.

Each result carries its throughput in ``extra_info`` (rounds/s, steps/s, clones/s).
"""

from __future__ import annotations

import os
import random
from typing import Any

import pytest
from throughput import per_second

from tricktaker import tractor

ROUNDS = 20_000


@pytest.mark.parametrize("threads", [1, 2] if (os.cpu_count() or 1) >= 2 else [1])
def test_random_playouts(benchmark: Any, threads: int) -> None:
    result = benchmark.pedantic(
        tractor.random_playouts, args=(ROUNDS, 1), kwargs={"threads": threads}, rounds=5, warmup_rounds=1
    )
    assert result.shape == (ROUNDS, 4)
    per_second(benchmark, ROUNDS, "rounds_per_second")


def play_rounds_through_the_protocol(n: int) -> int:
    """Rounds through legal_actions + apply_action, as a Python search loop would drive them."""
    steps = 0
    for seed in range(n):
        state = tractor.State.new(seed)
        while not state.is_terminal:
            actions = state.legal_actions()
            state.apply_action(actions[steps % len(actions)])
            steps += 1
    return steps


def test_protocol_steps(benchmark: Any) -> None:
    steps = benchmark.pedantic(play_rounds_through_the_protocol, args=(100,), rounds=5, warmup_rounds=1)
    per_second(benchmark, steps, "steps_per_second")


def test_clone(benchmark: Any) -> None:
    state = tractor.State.new(5)
    for _ in range(60):
        state.apply_action(state.legal_actions()[-1])

    def clones() -> None:
        for _ in range(100_000):
            state.clone()

    benchmark.pedantic(clones, rounds=5, warmup_rounds=1)
    per_second(benchmark, 100_000, "clones_per_second")


def random_round_at(seed: int, depth: int) -> tractor.State:
    """A later round (declarers 1, starter 3) ``depth`` actions in, chosen by a seeded generator."""
    state = tractor.State.new(seed, levels=(5, 3), declarers=1, starter=3)
    rng = random.Random(seed)
    for _ in range(depth):
        if not state.is_terminal:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize(("depth", "player"), [(10, 0), (60, 0), (60, 3), (140, 0)])
def test_resample(benchmark: Any, depth: int, player: int) -> None:
    """Resampling for one seat: in the draw (10), mid-play (60: a defender, the starter), late (140)."""
    states = [random_round_at(seed, depth) for seed in range(16)]

    def resamples() -> None:
        for seed in range(2_000):
            states[seed % 16].resample(player, seed)

    benchmark.pedantic(resamples, rounds=3, warmup_rounds=1)
    per_second(benchmark, 2_000, "resamples_per_second")


def test_resamples_batch(benchmark: Any) -> None:
    """100 resamples of one mid-play state at a time, for a defender: what a PIMC search asks for."""
    states = [random_round_at(seed, 60) for seed in range(16)]

    def resamples() -> None:
        for seed in range(20):
            states[seed % 16].resamples(0, 100, seed)

    benchmark.pedantic(resamples, rounds=3, warmup_rounds=1)
    per_second(benchmark, 2_000, "resamples_per_second")
