"""Sheepshead speed, measured (never asserted): ``python -m pytest benches --benchmark-only``.

Each benchmark reports its own throughput in ``extra_info`` (hands/s, steps/s, clones/s), so the figures can
be compared with the targets of docs/design.md.
"""

from __future__ import annotations

import os
from typing import Any

import numpy as np
import pytest
from throughput import per_second

from tricktaker import sheepshead as ss

HANDS = 200_000


@pytest.mark.parametrize("threads", [1, 2] if (os.cpu_count() or 1) >= 2 else [1])
def test_random_playouts(benchmark: Any, threads: int) -> None:
    result = benchmark.pedantic(
        ss.random_playouts, args=(HANDS, 1), kwargs={"threads": threads}, rounds=5, warmup_rounds=1
    )
    assert result.shape == (HANDS, 5)
    per_second(benchmark, HANDS, "hands_per_second")


def play_hands_through_the_protocol(n: int) -> int:
    """Random-ish hands through legal_actions + apply_action, as a Python search loop would drive them."""
    steps = 0
    for seed in range(n):
        state = ss.State.new(seed)
        while not state.is_terminal:
            actions = state.legal_actions()
            state.apply_action(actions[steps % len(actions)])
            steps += 1
    return steps


def test_protocol_steps(benchmark: Any) -> None:
    steps = benchmark.pedantic(play_hands_through_the_protocol, args=(2000,), rounds=5, warmup_rounds=1)
    per_second(benchmark, steps, "steps_per_second")


def test_clone(benchmark: Any) -> None:
    state = ss.State.new(5)
    for _ in range(10):
        state.apply_action(state.legal_actions()[-1])

    def clones() -> None:
        for _ in range(100_000):
            state.clone()

    benchmark.pedantic(clones, rounds=5, warmup_rounds=1)
    per_second(benchmark, 100_000, "clones_per_second")


def test_undo(benchmark: Any) -> None:
    state = ss.State.new(5)
    for _ in range(20):
        state.apply_action(state.legal_actions()[0])
    action = state.legal_actions()[0]

    def apply_and_undo() -> None:
        for _ in range(100_000):
            state.apply_action(action)
            state.undo()

    benchmark.pedantic(apply_and_undo, rounds=5, warmup_rounds=1)
    per_second(benchmark, 100_000, "apply_undo_per_second")


@pytest.mark.parametrize("depth", [4, 20, 35])
def test_resample(benchmark: Any, depth: int) -> None:
    """Resampling the hidden cards for one seat, early, mid and late in a hand."""
    state = ss.State.new(9)
    for step in range(depth):
        if not state.is_terminal:
            actions = state.legal_actions()
            state.apply_action(actions[step % len(actions)])
    player = (state.current_player or 0) if not state.is_terminal else 0

    def resamples() -> None:
        for seed in range(10_000):
            state.resample(player, seed)

    benchmark.pedantic(resamples, rounds=3, warmup_rounds=1)
    per_second(benchmark, 10_000, "resamples_per_second")


def test_observation(benchmark: Any) -> None:
    state = ss.State.new(9)
    for step in range(15):
        state.apply_action(state.legal_actions()[step % len(state.legal_actions())])
    buffer = np.zeros(ss.OBSERVATION_SHAPE, dtype=np.float32)

    def observations() -> None:
        for _ in range(100_000):
            state.observation(1, out=buffer)

    benchmark.pedantic(observations, rounds=3, warmup_rounds=1)
    per_second(benchmark, 100_000, "observations_per_second")
