"""How the package is built and what it depends on: one stable-ABI extension, a light core install, and a
``[test]`` extra with what the tests need and no optional integration (those have extras of their own, whose
tests skip without them; ``.ci/run`` installs them all)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import tricktaker

ROOT = Path(__file__).resolve().parent.parent
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]


def names(requirements: list[str]) -> set[str]:
    return {re.split(r"[\s\[<>=!~;]", r, maxsplit=1)[0].lower() for r in requirements}


def test_the_extension_is_built_against_the_stable_abi() -> None:
    # A checkout that still holds an older per-version build (_core.cpython-311-*.so) imports that one
    # first: delete it and rebuild (pip install -e . --no-deps --no-build-isolation).
    assert Path(tricktaker._core.__file__).name == "_core.abi3.so", tricktaker._core.__file__
    cargo = (ROOT / "Cargo.toml").read_text()
    assert '"abi3-py311"' in cargo
    assert PROJECT["requires-python"] == ">=3.11"


def test_the_core_install_is_light() -> None:
    assert names(PROJECT["dependencies"]) == {"numpy", "rich"}


def test_the_test_extra_holds_no_optional_integration() -> None:
    extras = PROJECT["optional-dependencies"]
    optional = names(extras["envs"] + extras["ray"] + extras["docs"] + extras["browser"])
    assert not names(extras["test"]) & optional
    assert {"pytest", "hypothesis", "pytest-benchmark", "mypy", "cairosvg", "pillow"} <= names(extras["test"])


def test_the_dev_extra_is_every_extra_and_the_tools() -> None:
    extras = PROJECT["optional-dependencies"]
    (everything,) = [r for r in extras["dev"] if r.startswith("tricktaker[")]
    listed = set(everything.removeprefix("tricktaker[").removesuffix("]").split(","))
    assert listed == set(extras) - {"dev"}
    assert {"ruff", "maturin"} <= names(extras["dev"])
