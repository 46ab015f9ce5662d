"""Everything the project cites opens in the checkout: paths in code, docs, help and errors, and the rule
numbers cited by the code exist in the project's rules documents (docs/rules/)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ["README.md", "pyproject.toml", ".ci/run", "docs", "rust", "python", "tests", "benches", "examples"]
SUFFIXES = {".md", ".rs", ".py", ".pyi", ".toml", ""}
# A path into the checkout: a top-level folder (or ../ above the checkout) and a file name with an ending.
PATH = re.compile(
    r"(?<![\w/.-])((?:\.\./)+[\w.-]+(?:/[\w.-]+)*"
    r"|(?:docs|rust|python|tests|benches|examples|shared)/[\w./-]*\w\.\w+)"
)
RULE = re.compile(r"\b(R\d{1,2})\b")


def _files() -> list[Path]:
    out = []
    for name in SOURCES:
        path = ROOT / name
        if path.is_file():
            out.append(path)
        elif path.is_dir():
            out += [
                p for p in path.rglob("*") if p.is_file() and p.suffix in SUFFIXES and "target" not in p.parts
            ]
    return [p for p in out if p.name != Path(__file__).name]


def _cited_paths(text: str) -> set[str]:
    return {m.rstrip(".,;:)") for m in PATH.findall(text)}


def test_every_cited_path_is_in_the_checkout() -> None:
    missing = []
    for path in _files():
        try:
            text = path.read_text()
        except UnicodeDecodeError:
            continue
        for cited in _cited_paths(text):
            # Paths are relative to the checkout, or to the citing file (links inside docs/).
            if not ((ROOT / cited).exists() or (path.parent / cited).exists()):
                missing.append(f"{path.relative_to(ROOT)} cites {cited}")
    assert not missing, "\n".join(sorted(missing))


def test_nothing_cites_the_specification_outside_the_checkout() -> None:
    outside = re.compile(r"shared/(rules|DESIGN)|(?<![\w/])DESIGN\.md")
    found = [str(p.relative_to(ROOT)) for p in _files() if outside.search(p.read_text(errors="replace"))]
    assert not found, found


def test_the_check_finds_a_missing_path() -> None:
    assert _cited_paths("see `docs/rules/nothing.md`, and ../shared/rules/tractor.md.") == {
        "docs/rules/nothing.md",
        "../shared/rules/tractor.md",
    }


@pytest.mark.parametrize("game", ["sheepshead", "tractor"])
def test_every_rule_the_code_cites_is_in_the_rules_document(game: str) -> None:
    rules = set(RULE.findall((ROOT / "docs" / "rules" / f"{game}.md").read_text()))
    cited: dict[str, set[str]] = {}
    for path in _files():
        if game in path.name or game in path.parts:
            for rule in RULE.findall(path.read_text(errors="replace")):
                cited.setdefault(rule, set()).add(str(path.relative_to(ROOT)))
    unknown = {rule: sorted(where) for rule, where in cited.items() if rule not in rules}
    assert not unknown, unknown


@pytest.mark.parametrize("game", ["sheepshead", "tractor"])
def test_the_command_line_help_cites_only_the_checkout(game: str) -> None:
    for command in ("simulate", "play"):
        result = subprocess.run(
            [sys.executable, "-m", "tricktaker", command, game, "--help"], capture_output=True, text=True
        )
        assert result.returncode == 0, result.stderr
        for cited in _cited_paths(result.stdout):
            assert (ROOT / cited).exists(), f"{command} {game} --help cites {cited}"
