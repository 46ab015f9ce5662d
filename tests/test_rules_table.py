"""Each game's rule options are declared once, in the core's table (``Rules.options()``); the getters,
``to_dict``, ``repr``, pickling, the stub, the command line's flags and the rules documents agree with it."""

from __future__ import annotations

import ast
import pickle
import re
from pathlib import Path
from typing import Any

import pytest

from tricktaker import RulesError, cli
from tricktaker.protocol import GAMES

ROOT = Path(__file__).resolve().parent.parent
OPTIONS_SECTION = {"sheepshead": "B.4", "tractor": "A.4"}


@pytest.fixture(params=list(GAMES))
def game(request: pytest.FixtureRequest) -> Any:
    return GAMES[request.param]


def _other_values(option: Any) -> list[Any]:
    if option.kind == "bool":
        return [not option.default]
    if option.kind == "int":
        return [option.default + 1]
    return [c for c in option.choices if c != option.default]


def _another_value(game: Any, option: Any) -> Any:
    """The first other value of ``option`` the default rules take on their own (some need another option
    with them, V.C: ``recrack_by="picker"`` needs ``cracking``)."""
    for value in _other_values(option):
        try:
            game.Rules().replace(**{option.name: value})
        except RulesError:
            continue
        return value
    assert not _other_values(option), f"no other value of {option.name} goes with the defaults"
    return option.default  # an option of one choice


def test_every_option_has_a_well_formed_row(game: Any) -> None:
    options = game.Rules.options()
    names = [o.name for o in options]
    assert len(names) == len(set(names)) and names
    for o in options:
        # A rule of the game's chapter (R…) or of its variants chapter (V… for Sheepshead, F… for Tractor).
        assert o.kind in ("choice", "bool", "int") and o.description and re.fullmatch(r"[RVF]\d+", o.rule)
        if o.kind == "choice":
            assert o.default in o.choices
        if o.kind == "int":
            assert o.minimum is not None and o.maximum is not None and o.minimum <= o.default <= o.maximum


def test_getters_dict_repr_and_pickling_follow_the_table(game: Any) -> None:
    options = game.Rules.options()
    defaults = game.Rules()
    assert list(defaults.to_dict()) == [o.name for o in options]
    for o in options:
        assert getattr(defaults, o.name) == o.default, o.name
        other = _another_value(game, o)
        changed = defaults.replace(**{o.name: other})
        assert getattr(changed, o.name) == other
        assert game.Rules(**changed.to_dict()) == changed == game.Rules.from_dict(changed.to_dict())
        assert pickle.loads(pickle.dumps(changed)) == changed
        assert f"{o.name}=" in repr(changed)
    public = {n for n in dir(game.Rules) if not n.startswith("_")}
    methods = {"to_dict", "from_dict", "replace", "options", "preset", "presets"}
    assert public - {o.name for o in options} == methods


def test_bad_options_are_refused_naming_them(game: Any) -> None:
    with pytest.raises(RulesError, match=r"no rule option .colour."):
        game.Rules(colour="red")
    for o in game.Rules.options():
        bad: Any = {"choice": "nonsense", "bool": "yes", "int": -1}[o.kind]
        with pytest.raises(RulesError, match=o.name):
            game.Rules(**{o.name: bad})
        with pytest.raises(RulesError, match=o.name):
            game.Rules(**{o.name: 1.5})


def test_the_stub_declares_every_option_with_its_default(game: Any) -> None:
    name = game.__name__.rsplit(".", 1)[1]
    tree = ast.parse((ROOT / "python" / "tricktaker" / "_core" / f"{name}.pyi").read_text())
    rules = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Rules")
    new = next(n for n in rules.body if isinstance(n, ast.FunctionDef) and n.name == "__new__")
    stub = {
        a.arg: ast.literal_eval(d) for a, d in zip(new.args.kwonlyargs, new.args.kw_defaults, strict=True)
    }
    assert stub == {o.name: o.default for o in game.Rules.options()}
    properties = {n.name for n in rules.body if isinstance(n, ast.FunctionDef) and n.name != "__new__"}
    assert properties == {o.name for o in game.Rules.options()}


def test_the_command_line_offers_every_option(game: Any) -> None:
    name = game.__name__.rsplit(".", 1)[1]
    plugin = cli.GAMES[name]
    parser = cli.build_parser()
    base = ["simulate", name, "--games", "1", "--seed", "1"]
    assert plugin.module.Rules(**plugin.rules_dict(parser.parse_args(base))) == game.Rules()
    for o in game.Rules.options():
        if o.name == "hands_per_game":  # play --hands
            continue
        flag = "--" + o.name.replace("_", "-")
        value = _another_value(game, o)
        words = (
            [flag if value else "--no-" + o.name.replace("_", "-")]
            if o.kind == "bool"
            else [flag, str(value)]
        )
        rules = plugin.module.Rules(**plugin.rules_dict(parser.parse_args(base + words)))
        assert getattr(rules, o.name) == value, flag


def test_the_rules_document_lists_every_option_and_its_choices(game: Any) -> None:
    name = game.__name__.rsplit(".", 1)[1]
    text = (ROOT / "docs" / "rules" / f"{name}.md").read_text()
    section = text[text.index(OPTIONS_SECTION[name]) :]
    for o in game.Rules.options():
        if o.name == "hands_per_game":
            assert "hands_per_game" in text
            continue
        assert o.name in section, o.name
        for choice in o.choices:
            assert choice in section, (o.name, choice)
