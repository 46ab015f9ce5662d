"""Shared pytest options."""

from __future__ import annotations

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--diff-games",
        type=int,
        default=1000,
        help="random games per option set in the differential tests (CI size 1000; try 20000 for a long run)",
    )
    parser.addoption(
        "--fuzz-minutes",
        type=float,
        default=0.0,
        help="run tests/fuzz for about this many minutes, with random draws (default 0: the CI size)",
    )


@pytest.fixture
def diff_games(request: pytest.FixtureRequest) -> int:
    return int(request.config.getoption("--diff-games"))
