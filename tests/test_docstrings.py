"""Every public name has a docstring: help() reads them, and so does the API reference (docs/api/*.md),
where a name without one renders bare.

The native classes' methods and properties carry docstrings written in Rust, and the protocol methods one
docstring each, the same for every game (written once in rust/py/src/game.rs). Everything else is checked the
way the reference reads it (griffe): a module, class or function by its own docstring, and data (a constant, a
type alias, a dataclass field, an attribute set in ``__init__``) by the string literal right after its
assignment or annotation in the source, the stubs ``_core/*.pyi`` for what the native module defines.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

import tricktaker
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


# ---- every public name of the documented modules ----

MODULES = [
    "tricktaker",
    "tricktaker.sheepshead",
    "tricktaker.tractor",
    "tricktaker.protocol",
    "tricktaker.bots",
    "tricktaker.bench",
    "tricktaker.envs",
    "tricktaker.envs.sheepshead_v0",
    "tricktaker.envs.tractor_v0",
    "tricktaker.openspiel",
    "tricktaker.selfplay",
    "tricktaker.distributed",
    "tricktaker.errors",
    "tricktaker.render",
    "tricktaker.record",
]
"""The modules whose public names must all be documented.

A class is checked for its own members; a public base is checked where it is defined.
"""

NEEDS = {"tricktaker.envs": "pettingzoo", "tricktaker.openspiel": "pyspiel"}
"""The modules (and their submodules) that import an optional extra's package: without it, importing them
fails, and their check is skipped (``pip install 'tricktaker[envs]'``, ``'tricktaker[openspiel]'`` to run
it)."""


def needs(module: str) -> None:
    """Skip the test when ``module`` cannot be imported without a missing optional package (:data:`NEEDS`)."""
    for prefix, package in NEEDS.items():
        if module == prefix or module.startswith(f"{prefix}."):
            pytest.importorskip(package)


CORE = Path(tricktaker.__file__).parent / "_core"


def source_file(module: str) -> Path | None:
    """A module's source, or for the native module its stub; ``None`` for other packages' modules."""
    if module == "tricktaker._core" or module.startswith("tricktaker._core."):
        return CORE / f"{module.removeprefix('tricktaker._core').lstrip('.') or '__init__'}.pyi"
    if module != "tricktaker" and not module.startswith("tricktaker."):
        return None
    file = getattr(importlib.import_module(module), "__file__", None)
    return Path(file) if file and file.endswith(".py") else None


def source_of(module: str) -> ast.Module | None:
    """A module's syntax tree (:func:`source_file`)."""
    file = source_file(module)
    return ast.parse(file.read_text()) if file is not None else None


def has_docstring(node: ast.stmt | None) -> bool:
    """Whether ``node`` is a non-empty string literal (a docstring where it stands)."""
    return isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and _text(node.value.value)


def _text(value: object) -> bool:
    return isinstance(value, str) and bool(value.strip())


def _targets(stmt: ast.stmt) -> list[ast.expr]:
    if isinstance(stmt, ast.Assign):
        return stmt.targets
    if isinstance(stmt, ast.AnnAssign):
        return [stmt.target]
    return []


def attributes(body: list[ast.stmt], *, of_self: bool = False) -> dict[str, bool]:
    """The names a block assigns (``self.<name>`` ones with ``of_self``), each with whether a string literal
    follows its first documented assignment: the attribute docstrings griffe reads."""
    found: dict[str, bool] = {}
    for i, stmt in enumerate(body):
        following = body[i + 1] if i + 1 < len(body) else None
        for target in _targets(stmt):
            if of_self and isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name):
                name = target.attr if target.value.id == "self" else None
            elif not of_self and isinstance(target, ast.Name):
                name = target.id
            else:
                name = None
            if name is not None:
                found[name] = found.get(name, False) or has_docstring(following)
        for block in ("body", "orelse", "finalbody"):  # if / with / try
            if not isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                for name, documented in attributes(getattr(stmt, block, []), of_self=of_self).items():
                    found[name] = found.get(name, False) or documented
    return found


def data_documented(module: str, name: str, seen: frozenset[str] = frozenset()) -> bool:
    """Whether data ``name`` of ``module`` has an attribute docstring where it is defined, following
    ``from … import`` to the module that defines it."""
    file = source_file(module)
    if file is None or module in seen:
        return False
    tree = ast.parse(file.read_text())
    documented = attributes(tree.body)
    if name in documented:
        return documented[name]
    for stmt in tree.body:
        if isinstance(stmt, ast.ImportFrom):
            for alias in stmt.names:
                if (alias.asname or alias.name) == name:
                    if stmt.level:  # relative: from the module's package, or the package itself
                        package = module if file.stem == "__init__" else module.rpartition(".")[0]
                        for _ in range(stmt.level - 1):
                            package = package.rpartition(".")[0]
                        origin = f"{package}.{stmt.module}" if stmt.module else package
                    else:
                        origin = stmt.module or ""
                    return data_documented(origin, alias.name, seen | {module})
    return False


def class_def(cls: type) -> ast.ClassDef | None:
    """The class statement of ``cls`` in its module's source; ``None`` for a native class."""
    tree = source_of(cls.__module__)
    if tree is None:
        return None
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and node.name == cls.__qualname__:
            return node
    return None


def missing_in_class(cls: type, path: str) -> Iterator[str]:
    """The class ``cls`` (at ``path``) if it has no docstring, and its public members without one."""
    node = class_def(cls)
    if node is None:  # native: the docstrings written in Rust, which help() shows
        if not (cls.__doc__ or "").strip():
            yield path
        for name, member in vars(cls).items():
            if not name.startswith("_") and not (inspect.getdoc(member) or "").strip():
                yield f"{path}.{name}"
        return
    if not ast.get_docstring(node):  # not cls.__doc__: a dataclass makes one up
        yield path
    data = attributes(node.body)  # fields and class attributes, annotated or assigned
    init = next((n for n in node.body if isinstance(n, ast.FunctionDef) and n.name == "__init__"), None)
    for name, documented in (attributes(init.body, of_self=True) if init else {}).items():
        data[name] = data.get(name, False) or documented
    for name, documented in data.items():
        if not name.startswith("_") and not documented:
            yield f"{path}.{name}"
    for name, member in vars(cls).items():
        if name.startswith("_") or name in data:
            continue
        if inspect.isclass(member):
            yield from missing_in_class(member, f"{path}.{name}")
            continue
        function = getattr(member, "__func__", member)  # a classmethod or staticmethod
        if not _text(getattr(function, "__doc__", None)):
            yield f"{path}.{name}"


def public_names(module: ModuleType) -> list[str]:
    """What the module's page shows: ``__all__``, and every public name the module itself defines."""
    names = list(getattr(module, "__all__", []))
    tree = source_of(module.__name__)
    for stmt in tree.body if tree is not None else []:
        if isinstance(stmt, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            defined = [stmt.name]
        else:
            defined = [t.id for t in _targets(stmt) if isinstance(t, ast.Name)]
        names += [n for n in defined if not n.startswith("_") and n not in names]
    return names


def missing(module_name: str) -> list[str]:
    """The public names of a module, and the public members of its public classes, without a docstring."""
    module = importlib.import_module(module_name)
    out = [] if _text(module.__doc__) else [module_name]
    for name in public_names(module):
        obj = getattr(module, name)
        path = f"{module_name}.{name}"
        if inspect.ismodule(obj) or inspect.isroutine(obj):
            out += [] if _text(obj.__doc__) else [path]
        elif inspect.isclass(obj):
            out += list(missing_in_class(obj, path))
        elif not data_documented(module_name, name):
            out.append(path)
    return out


@pytest.mark.parametrize("module", MODULES)
def test_every_public_name_has_a_docstring(module: str) -> None:
    needs(module)
    found = missing(module)
    assert not found, "without a docstring: " + ", ".join(found)


def test_the_check_sees_what_it_checks() -> None:
    """The check finds the docstrings of every kind of name, and tells a name without one."""
    assert data_documented("tricktaker.sheepshead", "NUM_ACTIONS")  # in the stub, through an import
    assert data_documented("tricktaker", "__version__")
    assert data_documented("tricktaker.tractor", "CardLike")
    assert not data_documented("tricktaker.bots", "_MASK64")
    sheepshead_match = class_def(sheepshead.Match)
    assert sheepshead_match is not None and attributes(sheepshead_match.body)["pending_doublers"]
    assert "tricktaker.tractor.State" not in missing("tricktaker.tractor")  # native: Rust's docstrings
    names = public_names(importlib.import_module("tricktaker.bots"))
    assert {"arena", "MAX_SAMPLES", "AnyState"} <= set(names) and "_mix" not in names
    tree = ast.parse('class A:\n    """A."""\n\n    x: int\n    y: int = 0\n    """Y."""\n')
    assert isinstance(tree.body[0], ast.ClassDef)
    assert attributes(tree.body[0].body) == {"x": False, "y": True}


SHOWN_ALONE = ["tricktaker._core.MAX_THREADS", "tricktaker._core.MAX_BATCH_BYTES"]
"""What a page of the reference shows by itself (``::: tricktaker._core.MAX_THREADS`` in
``docs/api/tricktaker.md``), outside the modules of :data:`MODULES`."""


def test_the_reference_shows_a_docstring_for_every_name() -> None:
    """Read as the API reference reads them (griffe, through the site's extension in ``mkdocs.yml``), the same
    names have docstrings: the check above sees what the reference shows."""
    griffe = pytest.importorskip("griffe")
    root = Path(__file__).resolve().parent.parent
    loader = griffe.GriffeLoader(
        extensions=griffe.load_extensions(f"{root}/docs/hooks/griffe_tricktaker.py:RuntimeDocstrings"),
        search_paths=[str(root / "python"), *(p for p in sys.path if p)],
        docstring_parser=None,
    )
    loader.load("tricktaker", try_relative_path=False)
    loader.resolve_aliases(implicit=False, external=None)
    package = loader.modules_collection["tricktaker"]
    bare: set[str] = set()

    def walk(obj: griffe.Object | griffe.Alias, path: str) -> None:
        target = obj.final_target if obj.is_alias else obj
        if target.docstring is None or not target.docstring.value.strip():
            bare.add(path)
        if target.is_class:
            for name, member in target.all_members.items():
                if not name.startswith("_"):
                    walk(member, f"{path}.{name}")

    for module_name in MODULES:
        module = package if module_name == "tricktaker" else package[module_name.removeprefix("tricktaker.")]
        names = [str(e) for e in module.exports or ()]
        names += [n for n, m in module.members.items() if not n.startswith("_") and not m.is_alias]
        for name in dict.fromkeys(names):
            walk(module.members[name], f"{module_name}.{name}")
    for path in SHOWN_ALONE:
        walk(package[path.removeprefix("tricktaker.")], path)
    assert not bare, "shown without a docstring: " + ", ".join(sorted(bare))
