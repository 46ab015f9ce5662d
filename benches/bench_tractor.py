"""Tractor rounds, measured (never asserted): ``python -m pytest benches/bench_tractor.py --benchmark-only``.

Each result carries its throughput in ``extra_info`` (rounds/s, steps/s, clones/s).
"""

from __future__ import annotations

import os
from typing import Any

import pytest

from tricktaker import tractor

ROUNDS = 20_000


@pytest.mark.parametrize("threads", [1, 2] if (os.cpu_count() or 1) >= 2 else [1])
def test_random_playouts(benchmark: Any, threads: int) -> None:
    result = benchmark.pedantic(
        tractor.random_playouts, args=(ROUNDS, 1), kwargs={"threads": threads}, rounds=5, warmup_rounds=1
    )
    assert result.shape == (ROUNDS, 4)
    benchmark.extra_info["rounds_per_second"] = ROUNDS / benchmark.stats.stats.mean


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
    benchmark.extra_info["steps_per_second"] = steps / benchmark.stats.stats.mean


def test_clone(benchmark: Any) -> None:
    state = tractor.State.new(5)
    for _ in range(60):
        state.apply_action(state.legal_actions()[-1])

    def clones() -> None:
        for _ in range(100_000):
            state.clone()

    benchmark.pedantic(clones, rounds=5, warmup_rounds=1)
    benchmark.extra_info["clones_per_second"] = 100_000 / benchmark.stats.stats.mean
