"""The native search and solvers, measured (never asserted): ``python -m pytest benches/bench_search.py
--benchmark-only``. Each benchmark records its throughput in ``extra_info`` (solves/s, simulations/s,
decisions/s) and, for the solvers, the mean nodes per solve (machine-independent), to compare with the targets
of docs/design.md. The Rust-level figures without Python are in ``cargo bench`` (benches ``solver``,
``search``) and the ignored measuring tests of ``rust/core``.
"""

from __future__ import annotations

import os
import random
from typing import Any

import pytest
from throughput import per_second

from tricktaker import bots, search, sheepshead, tractor

DEALS = 40
THREADS = [1, 2] if (os.cpu_count() or 1) >= 2 else [1]


def after_the_bury(seed: int) -> sheepshead.State:
    """A picked hand at its first lead (the heuristic bot picks, buries and calls)."""
    while True:
        state = sheepshead.State.new(seed)
        heuristic = bots.SheepsheadHeuristicBot()
        while state.phase not in ("play", "done"):
            state.apply_action(heuristic.act(state))
        if state.phase == "play" and not state.is_leaster:
            return state
        seed += 10_000


def tricks_left(state: sheepshead.State, left: int, seed: int) -> sheepshead.State:
    rng = random.Random(seed)
    state = state.clone()
    while state.trick_number < 6 - left:
        state.apply_action(rng.choice(state.legal_actions()))
    return state


FULL = [after_the_bury(s) for s in range(DEALS)]
ENDGAMES = [tricks_left(s, 3, i) for i, s in enumerate(FULL)]


def record_nodes(benchmark: Any, nodes: list[int]) -> None:
    benchmark.extra_info["nodes_per_solve"] = sum(nodes) / len(nodes)


@pytest.mark.parametrize(
    "question",
    ["solve", "reaches_61", "settlement_class"],
)
def test_sheepshead_solver_full_deal(benchmark: Any, question: str) -> None:
    ask = {
        "solve": sheepshead.solve,
        "reaches_61": lambda s: sheepshead.reaches(s, 61),
        "settlement_class": sheepshead.settlement_class,
    }[question]
    nodes: list[int] = []
    benchmark.pedantic(lambda: nodes.extend(ask(s).nodes for s in FULL), rounds=3, warmup_rounds=0)
    per_second(benchmark, len(FULL), "solves_per_second")
    record_nodes(benchmark, nodes)


def test_sheepshead_solver_three_tricks_left(benchmark: Any) -> None:
    nodes: list[int] = []
    benchmark.pedantic(lambda: nodes.extend(sheepshead.solve(s).nodes for s in ENDGAMES * 25), rounds=3)
    per_second(benchmark, 25 * len(ENDGAMES), "solves_per_second")
    record_nodes(benchmark, nodes)


@pytest.mark.parametrize("threads", THREADS)
def test_pimc_with_the_61_solver_at_the_first_lead(benchmark: Any, threads: int) -> None:
    states = FULL[:10]
    benchmark.pedantic(
        lambda: [search.pimc(s, worlds=100, evaluator="win", seed=1, threads=threads) for s in states],
        rounds=3,
    )
    per_second(benchmark, len(states), "decisions_per_second")


@pytest.mark.parametrize("threads", THREADS)
@pytest.mark.parametrize("game", ["sheepshead", "tractor"])
def test_ismcts_simulations(benchmark: Any, game: str, threads: int) -> None:
    state = sheepshead.State.new(1) if game == "sheepshead" else tractor.State.new(1)
    n = 100_000 if game == "sheepshead" else 10_000
    benchmark.pedantic(lambda: search.ismcts(state, simulations=n, seed=1, threads=threads), rounds=3)
    per_second(benchmark, n, "simulations_per_second")


def tractor_endgame(seed: int, cards: int) -> tractor.State:
    rng = random.Random(seed)
    state = tractor.State.new(seed)
    while (
        state.phase != "play" or len(state.hand(0)) > cards or state.partial_play() or state.current_trick()
    ):
        state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("cards", [2, 3])
def test_tractor_solver_last_tricks(benchmark: Any, cards: int) -> None:
    states = [tractor_endgame(s, cards) for s in range(20)]
    nodes: list[int] = []
    benchmark.pedantic(lambda: nodes.extend(tractor.solve(s).nodes for s in states), rounds=3)
    per_second(benchmark, len(states), "solves_per_second")
    record_nodes(benchmark, nodes)
