"""The fuzz suite's driver: :class:`Fuzzer` draws calls with Hypothesis (the CI matrix and random calls of a
group's entry points), runs them in the pool of child processes and fails a test with its findings."""

from __future__ import annotations

import random
import time
import zlib
from typing import Any

import pytest
from harness import Call, FindingLog, FuzzConfig, Outcome, WorkerPool
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import seed as hypothesis_seed
from hypothesis import strategies as st
from strategies import Entry, entries_strategy

__all__ = ["LOGS", "PER_GAME", "WEIGHTS", "Fuzzer", "draw_examples"]

WEIGHTS = {
    "batch functions": 1.5,
    "State": 2.0,
    "saves": 1.5,
    "Rules and Match": 0.5,
    "VectorState": 0.7,
    "tractor toolkit": 1.5,
    "sheepshead helpers and Card": 0.4,
    "envs": 0.8,
    "bots": 0.8,
    "cli (in process)": 1.0,
    "cli (process)": 1.0,
    "threads": 0.8,
    "memory": 0.3,
}
"""Each test's share of ``--fuzz-minutes`` (in proportion to the sum)."""
PER_GAME = {"batch functions", "State", "saves", "Rules and Match", "VectorState", "envs"}
"""The groups tested once per game."""

LOGS: list[tuple[str, FindingLog]] = []


def draw_examples(strategy: st.SearchStrategy[Any], n: int, seed: int) -> list[Any]:
    """``n`` examples of ``strategy`` (fewer if it has fewer), drawn by Hypothesis from ``seed``."""
    out: list[Any] = []

    @hypothesis_seed(seed)
    @settings(
        max_examples=n,
        database=None,
        deadline=None,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
        derandomize=False,
    )
    @given(strategy)
    def collect(example: Any) -> None:
        out.append(example)

    collect()
    return out


class Fuzzer:
    """Draws calls of one entry-point group and runs them; :meth:`check` fails the test with the findings."""

    def __init__(self, config: FuzzConfig, pool: WorkerPool, name: str) -> None:
        self.config, self.pool, self.name = config, pool, name
        self.log = FindingLog()
        LOGS.append((name, self.log))

    def budget(self, group: str) -> float:
        """Seconds of a long run for one test of ``group`` (a group tested once per game has two)."""
        total = sum(w * (2 if g in PER_GAME else 1) for g, w in WEIGHTS.items())
        return float(self.config.minutes * 60 * WEIGHTS.get(group, 1.0) / total)

    def run(self, calls: list[Call]) -> list[Outcome]:
        outcomes: list[Outcome] = self.pool.run(calls)
        self.log.add_all(calls, outcomes)
        return outcomes

    def explore(self, group: str, strategy: st.SearchStrategy[Call], examples: int) -> FindingLog:
        """CI size: ``examples`` calls drawn from a seed fixed by the test's name. A long run: rounds of
        ``examples`` calls from fresh random seeds until the group's share of the time is spent."""
        if self.config.ci:
            self.run(draw_examples(strategy, examples, zlib.crc32(self.name.encode())))
            return self.log
        deadline = time.monotonic() + self.budget(group)
        while True:
            self.run(draw_examples(strategy, examples, random.getrandbits(64)))
            if time.monotonic() >= deadline:
                return self.log

    def matrix(self, entries: list[Entry], seed: int) -> list[Call]:
        """Every curated abusive value of every parameter of every entry point, the other arguments sane
        (drawn from ``seed``, one draw per entry point and parameter)."""
        calls: list[Call] = []
        for entry in entries:
            for i in range(entry.arity):
                key = zlib.crc32(f"{entry.name}/{i}".encode()) ^ seed
                calls += entry.matrix(draw_examples(entry.base(), 4, key), i)
        return calls

    def explore_entries(self, group: str, entries: list[Entry], examples: int) -> FindingLog:
        """The CI matrix of ``entries`` and ``examples`` random calls of them (CI size: once, from seeds
        fixed by the test's name; a long run: rounds from fresh seeds until the group's time is spent)."""
        strategy = entries_strategy(entries)
        if self.config.ci:
            seed = zlib.crc32(self.name.encode())
            self.run(self.matrix(entries, seed) + draw_examples(strategy, examples, seed))
            return self.log
        deadline = time.monotonic() + self.budget(group)
        while True:
            seed = random.getrandbits(32)
            self.run(self.matrix(entries, seed) + draw_examples(strategy, examples * 4, seed))
            if time.monotonic() >= deadline:
                return self.log

    def check(self) -> None:
        if self.log.findings:
            pytest.fail(self.log.report(self.name), pytrace=False)
