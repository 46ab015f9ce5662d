"""Every public method and property of the native classes has a docstring (``help()`` reads them), and the
protocol methods have one docstring each, the same for every game (written once in rust/py/src/game.rs)."""

from __future__ import annotations

import inspect

import pytest

from tricktaker import Card, RuleOption, sheepshead, tractor
from tricktaker.protocol import GAMES, GameState

CLASSES = [Card, RuleOption, tractor.Trump] + [
    getattr(GAMES[name], cls) for name in GAMES for cls in ("State", "Rules", "VectorState")
]


@pytest.mark.parametrize("cls", CLASSES, ids=lambda c: f"{c.__module__}.{c.__name__}")
def test_every_public_member_has_a_docstring(cls: type) -> None:
    assert inspect.getdoc(cls), cls
    missing = [
        name
        for name, member in vars(cls).items()
        if not name.startswith("_") and not (inspect.getdoc(member) or "").strip()
    ]
    assert not missing, f"{cls.__qualname__}: {missing}"


DOCUMENTED_SPECIAL = ["__copy__", "__deepcopy__", "__reduce__", "_repr_svg_"]
"""The special methods ``help()`` lists whose meaning is the library's own, documented like any method."""


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("name", DOCUMENTED_SPECIAL)
def test_the_special_methods_of_a_state_have_docstrings(game: str, name: str) -> None:
    assert (inspect.getdoc(getattr(GAMES[game].State, name)) or "").strip(), name


def test_the_protocol_methods_are_documented_once_for_every_game() -> None:
    protocol = {n for n in dir(GameState) if not n.startswith("_")} - {"phase"}  # the phases are the game's
    assert {"legal_actions", "apply_action", "undo", "resample", "to_json", "observation"} <= protocol
    for name in protocol:
        assert inspect.getdoc(getattr(sheepshead.State, name)) == inspect.getdoc(
            getattr(tractor.State, name)
        ), name
