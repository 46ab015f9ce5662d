"""The package's typing holds: the stub matches the native module, and the package passes mypy --strict."""

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


@pytest.mark.parametrize("target", ["python/tricktaker"])
def test_package_is_mypy_strict_clean(target: str) -> None:
    result = run("mypy", "--strict", target)
    assert result.returncode == 0, result.stdout + result.stderr
