"""The benchmark suites of ``benches/`` are collected and run: ``python -m pytest benches --benchmark-only``
measures them; here each runs once with timing off (``--benchmark-disable``), so that a suite that no longer
runs, or is no longer collected (pytest's exit 5), fails the tests."""

from __future__ import annotations

import pathlib
import re
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent


def test_every_benchmark_is_collected_and_runs_once() -> None:
    pytest.importorskip("pytest_benchmark")
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "benches", "--benchmark-disable", "-p", "no:cacheprovider"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    passed = re.search(r"(\d+) passed", done.stdout)
    assert passed and int(passed.group(1)) >= 30, done.stdout[-3000:]
