"""The package's typing holds: the stub matches the native module, and the package passes mypy --strict
(the PettingZoo environments where their extra is installed)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def run(*args: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", *args]
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)


def test_stub_matches_the_native_module() -> None:
    result = run("mypy.stubtest", "tricktaker._core")
    assert result.returncode == 0, result.stdout + result.stderr


def test_package_is_mypy_strict_clean() -> None:
    """Everything but the PettingZoo environments, which are checked with their extra below."""
    result = run("mypy", "--strict", "--exclude", "^python/tricktaker/envs/", "python/tricktaker")
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_envs_are_mypy_strict_clean() -> None:
    """``tricktaker.envs`` against PettingZoo's and Gymnasium's own types (the ``[envs]`` extra)."""
    pytest.importorskip("pettingzoo")
    pytest.importorskip("gymnasium")
    result = run("mypy", "--strict", "python/tricktaker/envs")
    assert result.returncode == 0, result.stdout + result.stderr
