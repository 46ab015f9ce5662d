"""Fixtures of the fuzz suite: the run's size (``--fuzz-minutes``, declared in ``tests/conftest.py``), a
tricktaker that imports, the pool of child processes, and the ``fuzz`` fixture (a :class:`fuzzer.Fuzzer`).
Every finding of the run is printed at the end and stored in the pytest cache (``fuzz/findings``)."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from typing import Any

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from fuzzer import LOGS, Fuzzer
from harness import FuzzConfig, WorkerPool, wait_for_library


@pytest.fixture(scope="session")
def fuzz_config(request: pytest.FixtureRequest) -> FuzzConfig:
    minutes = request.config.getoption("--fuzz-minutes", default=0.0)
    return FuzzConfig(minutes=float(minutes or 0.0))


@pytest.fixture(scope="session", autouse=True)
def library_imports() -> None:
    """Every test here needs a tricktaker that imports: wait while the native module is rebuilt."""
    error = wait_for_library()
    if error is not None:
        pytest.fail(f"tricktaker does not import: {error}", pytrace=False)


@pytest.fixture(scope="session")
def pool(fuzz_config: FuzzConfig) -> Iterator[WorkerPool]:
    workers = WorkerPool(fuzz_config)
    yield workers
    workers.close()


@pytest.fixture
def fuzz(fuzz_config: FuzzConfig, pool: WorkerPool, request: pytest.FixtureRequest) -> Fuzzer:
    return Fuzzer(fuzz_config, pool, request.node.name)


def pytest_terminal_summary(terminalreporter: Any, exitstatus: int, config: pytest.Config) -> None:
    logs = [(name, log) for name, log in LOGS if log.calls or log.findings]
    if not logs:
        return
    total = sum(len(log.findings) for _, log in logs)
    calls = sum(log.calls for _, log in logs)
    terminalreporter.section(f"tricktaker fuzz: {total} distinct finding(s) in {calls} calls")
    for name, log in logs:
        if log.findings:
            terminalreporter.write_line(log.brief(name))
    cache = getattr(config, "cache", None)
    if cache is not None:
        cache.set("fuzz/findings", {name: log.as_json() for name, log in logs})
