"""The documentation works as written: every code block of README.md and docs/ runs, and the site builds.

* ```python blocks run, those of one page in order in one namespace (like a doctest session), in a
  temporary directory of their own. A block that raises fails, named by its page and line.
* ```sh, ```bash, ```shell and ```console blocks (in ```console, only the lines after ``$ ``): every
  ``tricktaker …`` or ``python -m tricktaker …`` command runs (as ``sys.executable -m tricktaker``, with an
  empty stdin, so ``play`` starts and says goodbye) and must exit 0. The commands this test does not run
  (installs, builds, the test suite itself, linters: ``NOT_RUN`` says why for each program) are checked
  against the project instead: the extras a ``pip install`` names exist in pyproject.toml, the crates of a
  ``cargo -p`` exist, the paths exist, the options of a ``pytest`` line are pytest's or the project's, and so
  on. A command this test knows no check for fails, so no block escapes.
* ```text, ```json and the other languages of ``SHOWN_ONLY`` show output or files and are not run; a block
  with no language, or one this test does not know, fails.
* A block is left out only with a visible reason, an HTML comment on the line before its fence:
  ``<!-- not run: needs a Ray cluster -->``. ``SKIPPED`` lists every such block, and the test fails when the
  pages and the list disagree (at most ``MAX_SKIPPED``), so skips cannot grow silently.

``test_the_docs_build_strict`` builds the site with ``mkdocs build --strict`` (the API reference, the pictures
drawn at build time, every link checked) and looks at a few pages. Without mkdocs it is skipped, unless
``TRICKTAKER_REQUIRE_DOCS=1`` (CI), where a missing mkdocs fails.
"""

from __future__ import annotations

import contextlib
import functools
import importlib.util
import os
import re
import shlex
import subprocess
import sys
import tempfile
import tomllib
import traceback
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = ["README.md", *sorted(str(p.relative_to(ROOT)) for p in (ROOT / "docs").rglob("*.md"))]

RUN_PYTHON = {"python", "py"}
RUN_SHELL = {"sh", "bash", "shell", "console"}
SHOWN_ONLY = {"text", "json", "toml", "yaml", "svg", "html"}

SKIP_MARK = re.compile(r"^\s*<!--\s*not run:\s*(?P<reason>.+?)\s*-->\s*$")
# Blocks left out, with their reasons (page, reason); the pages must agree with this list.
SKIPPED: set[tuple[str, str]] = {
    ("docs/api/distributed.md", "the commands of a multi-node cluster need its nodes"),
}
MAX_SKIPPED = 3

# Why the commands of these programs are not run by this test (each is checked against the project instead).
NOT_RUN = {
    "pip": 'installs change the environment the tests run in; CI runs `pip install -e ".[test]"` (.ci/run)',
    "cargo": "Rust builds take minutes; CI runs `cargo test -p tricktaker-core` (.ci/run)",
    "pytest": "this test is part of that run (.ci/run runs `python -m pytest`)",
    "ruff": "a lint run is the developers' check (the README's Development section), not the docs'",
    "mypy": "type checking takes a minute; run it as the README says",
    "maturin": "a build of the extension takes minutes; `pip install -e .` runs it",
    "mkdocs": "test_the_docs_build_strict below builds the site; `mkdocs serve` is a server",
    "example": "the examples need Ray or PyTorch and minutes (tests/test_ray_example.py and"
    " tests/test_selfplay_example.py run them)",
}
COMMAND_TIMEOUT = 120
# What a page needs beyond the test extra: its blocks are skipped without it, except under
# TRICKTAKER_REQUIRE_DOCS=1 (CI installs every extra), where they fail.
OPTIONAL_MODULES = {
    "tricktaker.envs": "pettingzoo",
    "pettingzoo": "pettingzoo",
    "ray": "ray",
    "tricktaker.openspiel": "pyspiel",
    "pyspiel": "pyspiel",
    "open_spiel": "pyspiel",
}
EXTRA_OF = {"pettingzoo": "envs", "ray": "ray", "pyspiel": "openspiel"}


@dataclass
class Block:
    page: str
    line: int  # the line of the opening fence, counted from 1
    language: str
    code: str
    skipped: str | None = None  # the reason, when the block is left out

    @property
    def id(self) -> str:
        return f"{self.page}:{self.line}"


def parse_blocks(page: str, text: str) -> list[Block]:
    """The fenced code blocks of a Markdown page, with the line of each fence and its skip mark, if any."""
    blocks: list[Block] = []
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        opening = re.match(r"^(\s*)(`{3,}|~{3,})\s*([^\s`{]*)(.*)$", lines[i])
        if not opening:
            i += 1
            continue
        indent, fence, language = opening[1], opening[2], opening[3].lower()
        start = i
        body: list[str] = []
        i += 1
        while i < len(lines) and not re.match(rf"^\s*{re.escape(fence[0])}{{{len(fence)},}}\s*$", lines[i]):
            body.append(lines[i][len(indent) :] if lines[i].startswith(indent) else lines[i].lstrip())
            i += 1
        if i == len(lines):
            raise ValueError(f"{page}:{start + 1}: the code block opened here is never closed")
        i += 1
        previous = next((lines[j] for j in range(start - 1, -1, -1) if lines[j].strip()), "")
        mark = SKIP_MARK.match(previous)
        blocks.append(
            Block(page, start + 1, language, "\n".join(body) + "\n", mark["reason"] if mark else None)
        )
    return blocks


@functools.cache
def page_blocks(page: str) -> list[Block]:
    return parse_blocks(page, (ROOT / page).read_text())


def all_blocks() -> list[Block]:
    return [block for page in PAGES for block in page_blocks(page)]


def blocks_of(languages: set[str]) -> list[Block]:
    return [b for b in all_blocks() if b.language in languages and b.skipped is None]


# ---- python blocks: one session per page ----


@dataclass
class Session:
    """The namespace the python blocks of one page share, and which of them ran."""

    directory: Path
    namespace: dict[str, object] = field(default_factory=lambda: {"__name__": "__docs__"})
    ran: set[int] = field(default_factory=set)


@contextlib.contextmanager
def working_directory(path: Path) -> Iterator[None]:
    before = Path.cwd()
    os.chdir(path)
    try:
        yield
    finally:
        os.chdir(before)


def execute(block: Block, session: Session) -> None:
    """Run a block in the page's namespace; its lines keep their page numbers in tracebacks."""
    source = "\n" * block.line + block.code  # the code starts on the line after the fence
    code = compile(source, str(ROOT / block.page), "exec")
    with working_directory(session.directory):
        exec(code, session.namespace)


@pytest.fixture(scope="module")
def sessions(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Session]:
    return {}


def session_for(page: str, sessions: dict[str, Session], tmp_path_factory: pytest.TempPathFactory) -> Session:
    if page not in sessions:
        name = re.sub(r"\W+", "-", page)
        sessions[page] = Session(tmp_path_factory.mktemp(name))
    return sessions[page]


def missing_packages(page: str) -> list[str]:
    """The optional packages the page's python blocks import and this environment lacks."""
    code = "".join(b.code for b in page_blocks(page) if b.language in RUN_PYTHON)
    needed = {
        package
        for module, package in OPTIONAL_MODULES.items()
        if re.search(rf"^\s*(?:from|import)\s+{re.escape(module)}\b", code, re.MULTILINE)
    }
    return sorted(p for p in needed if importlib.util.find_spec(p) is None)


def require_docs() -> bool:
    return os.environ.get("TRICKTAKER_REQUIRE_DOCS") == "1"


@pytest.mark.parametrize("block", blocks_of(RUN_PYTHON), ids=lambda b: b.id)
def test_the_python_block_runs(
    block: Block, sessions: dict[str, Session], tmp_path_factory: pytest.TempPathFactory
) -> None:
    missing = missing_packages(block.page)
    if missing:
        extras = " ".join(f'".[{EXTRA_OF[p]}]"' for p in missing)
        message = f"{block.page} needs {', '.join(missing)}: pip install {extras}"
        if require_docs():
            pytest.fail(f"TRICKTAKER_REQUIRE_DOCS=1 but {message}")
        pytest.skip(message)
    session = session_for(block.page, sessions, tmp_path_factory)
    # The page's earlier blocks first (once), as a reader runs them; their failures are theirs to report.
    for earlier in blocks_of(RUN_PYTHON):
        if earlier.page == block.page and earlier.line < block.line and earlier.line not in session.ran:
            session.ran.add(earlier.line)
            with contextlib.suppress(Exception):
                execute(earlier, session)
    session.ran.add(block.line)
    error = None
    try:
        execute(block, session)
    except Exception as raised:
        error = raised
    if error is not None:
        pytest.fail(f"the block at {block.id} raised:\n{page_traceback(error)}", pytrace=False)


def page_traceback(error: BaseException) -> str:
    """The traceback from the page's line on (this test's own frames left out)."""
    frames = [f for f in traceback.extract_tb(error.__traceback__) if f.filename != __file__]
    return "".join(traceback.format_list(frames) + traceback.format_exception_only(error))


# ---- shell blocks ----


def commands_of(block: Block) -> list[list[str]]:
    """The commands of a shell block: one list of words per command (``a && b`` is two), comments dropped,
    ``VAR=value`` prefixes dropped; in a console block only the lines after ``$ ``."""
    lines = block.code.split("\n")
    if block.language == "console":
        lines = [line[2:] for line in lines if line.startswith("$ ")]
    text = re.sub(r"\\\n", " ", "\n".join(lines))
    commands: list[list[str]] = []
    for line in text.split("\n"):
        lexer = shlex.shlex(line, posix=True, punctuation_chars=";&|")
        lexer.whitespace_split = True
        lexer.commenters = "#"
        words: list[str] = []
        for token in [*lexer, ";"]:
            if token in {";", "&&", "||", "|", "&"}:
                while words and re.match(r"^[A-Z_][A-Z0-9_]*=", words[0]):
                    words.pop(0)
                if words:
                    commands.append(words)
                words = []
            else:
                words.append(token)
    return commands


def program_of(words: list[str]) -> str:
    """What a command runs, as a key of the checks: ``tricktaker``, ``pip``, ``pytest``, ``example``…"""
    head = words[0]
    if head in {"python", "python3"} and len(words) > 1:
        if words[1] == "-m" and len(words) > 2:
            module = words[2].split(".")[0]
            return {"tricktaker": "tricktaker", "pytest": "pytest", "pip": "pip", "mypy": "mypy"}.get(
                module, f"python -m {words[2]}"
            )
        if words[1].startswith("examples/"):
            return "example"
        return f"python {words[1]}"
    return head


def shell_commands() -> list[tuple[Block, list[str]]]:
    return [(block, words) for block in blocks_of(RUN_SHELL) for words in commands_of(block)]


def command_id(item: tuple[Block, list[str]]) -> str:
    block, words = item
    return f"{block.id}:{' '.join(words)[:60]}"


@functools.cache
def scratch() -> Path:
    """Where the commands run (they may write files): a temporary directory of this test session."""
    return Path(tempfile.mkdtemp(prefix="tricktaker-docs-"))


@functools.cache
def run_tricktaker(arguments: tuple[str, ...]) -> subprocess.CompletedProcess[str]:
    """Run a command line once, however many pages show it."""
    return subprocess.run(
        [sys.executable, "-m", "tricktaker", *arguments],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=COMMAND_TIMEOUT,
        cwd=scratch(),
    )


@functools.cache
def pyproject() -> dict[str, object]:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())


@functools.cache
def extras() -> set[str]:
    project = pyproject()["project"]
    assert isinstance(project, dict)
    return set(project.get("optional-dependencies", {}))


@functools.cache
def crates() -> set[str]:
    names = set()
    for manifest in ROOT.glob("rust/*/Cargo.toml"):
        found = re.search(r'^name\s*=\s*"([^"]+)"', manifest.read_text(), re.MULTILINE)
        if found:
            names.add(found[1])
    return names


@functools.cache
def pytest_options() -> str:
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "--help"], capture_output=True, text=True, cwd=ROOT, timeout=60
    )
    return result.stdout


TOP_LEVEL = {"python", "tests", "benches", "docs", "examples", "rust"}


def check_paths(words: list[str]) -> list[str]:
    """The arguments naming a path of the checkout (``tests/…``, ``python``) that does not exist."""
    paths = [w.split("::")[0] for w in words if not w.startswith("-") and ("/" in w or w in TOP_LEVEL)]
    return [p for p in paths if not (ROOT / p).exists()]


def check_pip(words: list[str]) -> list[str]:
    problems = []
    assert words[:2] == ["pip", "install"] or words[1:4] == ["-m", "pip", "install"], words
    arguments = words[words.index("install") + 1 :]
    known_flags = {"-e", "--editable", "--no-deps", "--no-build-isolation", "-U", "--upgrade"}
    for argument in arguments:
        if argument.startswith("-"):
            if argument not in known_flags:
                problems.append(f"pip flag {argument} is not one the project's pages use")
            continue
        found = re.fullmatch(r"(\.|tricktaker|dist/[^\[]+\.whl)(?:\[([\w,-]+)\])?", argument)
        if not found:
            problems.append(
                f"pip installs {argument!r}, not the project: '.', '.[extra]', 'tricktaker[extra]' or a"
                " wheel of dist/"
            )
            continue
        if found[1].startswith("dist/"):
            problems.extend(check_wheel_name(found[1]))
        for extra in (found[2] or "").split(","):
            if extra and extra not in extras():
                problems.append(f"pyproject.toml has no extra {extra!r} (it has {sorted(extras())})")
    return problems


def check_cargo(words: list[str]) -> list[str]:
    problems = []
    if words[1] not in {"test", "fmt", "clippy", "bench", "build", "doc"}:
        problems.append(f"cargo {words[1]} is not a cargo command the project uses")
    for i, word in enumerate(words):
        if word in {"-p", "--package"} and words[i + 1] not in crates():
            problems.append(f"no crate {words[i + 1]!r} in the workspace (crates: {sorted(crates())})")
    return problems


def check_pytest(words: list[str]) -> list[str]:
    arguments = words[words.index("pytest") + 1 :] if "pytest" in words else words[3:]
    problems = [f"{p} does not exist" for p in check_paths(arguments)]
    for argument in arguments:
        option = argument.split("=")[0]
        if option.startswith("--") and not re.search(rf"^\s+{re.escape(option)}\b", pytest_options(), re.M):
            problems.append(f"pytest has no option {option} (not in `python -m pytest --help`)")
    return problems


def check_ruff(words: list[str]) -> list[str]:
    problems = [f"{p} does not exist" for p in check_paths(words[2:])]
    if words[1] not in {"check", "format"}:
        problems.append(f"ruff {words[1]} is not a ruff command the project uses")
    return problems


def check_mypy(words: list[str]) -> list[str]:
    start = words.index("-m") + 1 if "-m" in words else 0
    module, arguments = words[start], words[start + 1 :]
    problems = [f"{p} does not exist" for p in check_paths(arguments)]
    if module == "mypy.stubtest":
        for name in [a for a in arguments if not a.startswith("-")]:
            if importlib.util.find_spec(name) is None:
                problems.append(f"stubtest checks {name}, which does not import")
    return problems


def check_wheel_name(path: str) -> list[str]:
    """A wheel a page installs is named (or globbed) as ``maturin build`` names this version's abi3 wheel."""
    import fnmatch

    import tricktaker

    name = path.removeprefix("dist/")
    built = f"tricktaker-{tricktaker.__version__}-cp311-abi3-manylinux_2_34_x86_64.whl"
    if fnmatch.fnmatchcase(built, name) and "abi3" in name:
        return []
    return [f"{name} does not name this version's abi3 wheel ({built}, say)"]


def check_maturin(words: list[str]) -> list[str]:
    if words[1] not in {"develop", "build", "sdist"}:
        return [f"maturin {words[1]} is not a maturin command"]
    known = {"--release", "--sdist", "--out", "-o", "dist"}
    return [f"maturin flag {w} is not one the project uses (.ci/wheel)" for w in words[2:] if w not in known]


def check_mkdocs(words: list[str]) -> list[str]:
    return [] if words[1] in {"serve", "build"} else [f"mkdocs {words[1]} is not how the site is built"]


def check_example(words: list[str]) -> list[str]:
    script = ROOT / words[1]
    if not script.exists():
        return [f"{words[1]} does not exist"]
    source = script.read_text()
    options = [w.split("=")[0] for w in words[2:] if w.startswith("--")]
    return [f"{words[1]} has no option {option}" for option in options if f'"{option}"' not in source]


CHECKS = {
    "pip": check_pip,
    "cargo": check_cargo,
    "pytest": check_pytest,
    "ruff": check_ruff,
    "mypy": check_mypy,
    "maturin": check_maturin,
    "mkdocs": check_mkdocs,
    "example": check_example,
}
assert set(CHECKS) == set(NOT_RUN)


@pytest.mark.parametrize("item", shell_commands(), ids=command_id)
def test_the_shell_command_runs_or_names_what_the_project_has(item: tuple[Block, list[str]]) -> None:
    block, words = item
    program = program_of(words)
    if program == "tricktaker":
        arguments = words[1:] if words[0] == "tricktaker" else words[3:]
        if "--ray" in arguments and importlib.util.find_spec("ray") is None:
            message = f'{block.id} runs on Ray: pip install ".[ray]"'
            if require_docs():
                pytest.fail(f"TRICKTAKER_REQUIRE_DOCS=1 but {message}")
            pytest.skip(message)
        result = run_tricktaker(tuple(arguments))
        assert result.returncode == 0, (
            f"{block.id}: `{' '.join(words)}` exited {result.returncode}:\n{result.stderr[-3000:]}"
        )
        return
    if program not in CHECKS:
        pytest.fail(
            f"{block.id}: `{' '.join(words)}`: tests/test_docs.py does not know how to check {program!r}"
            " (run it, or add a check and a reason to NOT_RUN)",
            pytrace=False,
        )
    problems = CHECKS[program](words)
    assert not problems, f"{block.id}: `{' '.join(words)}` (not run: {NOT_RUN[program]}):\n" + "\n".join(
        problems
    )


# ---- every block is accounted for ----


def test_every_block_has_a_language_this_test_knows() -> None:
    known = RUN_PYTHON | RUN_SHELL | SHOWN_ONLY
    unknown = [f"{b.id}: ```{b.language or '(none)'}" for b in all_blocks() if b.language not in known]
    assert not unknown, "blocks this test cannot run or recognise as shown output:\n" + "\n".join(unknown)


def test_the_skipped_blocks_are_few_and_each_says_why() -> None:
    found = {(b.page, b.skipped) for b in all_blocks() if b.skipped is not None}
    listed = "\n".join(f"  {page}: {reason}" for page, reason in sorted(found)) or "  none"
    print(f"blocks left out ({len(found)}):\n{listed}")
    assert found == SKIPPED, f"the pages skip other blocks than SKIPPED lists:\n{listed}"
    assert len(found) <= MAX_SKIPPED


def test_the_pages_have_the_blocks_this_test_runs() -> None:
    # Catches a parser that stopped finding blocks (then every other test here would pass vacuously).
    readme = page_blocks("README.md")
    assert sum(b.language in RUN_PYTHON for b in readme) >= 3
    assert sum(b.language in RUN_SHELL for b in readme) >= 3
    for tutorial in (ROOT / "docs" / "tutorials").glob("*.md"):
        if tutorial.name != "index.md":
            page = str(tutorial.relative_to(ROOT))
            assert any(b.language in RUN_PYTHON for b in page_blocks(page)), page


def test_the_parser_reads_fences_skip_marks_and_commands() -> None:
    page = "\n".join(
        [
            "# A page",
            "```python",
            "x = 1",
            "```",
            "<!-- not run: needs a cluster -->",
            "",
            "  ~~~sh",
            "  tricktaker simulate sheepshead --games 10 --seed 1   # quick",
            "  FOO=1 pip install -e '.[test]' && python -m pytest tests \\",
            "      -q",
            "  ~~~",
            "```console",
            "$ tricktaker bench --quick",
            "output, not a command",
            "```",
        ]
    )
    first, second, third = parse_blocks("page.md", page)
    assert (first.line, first.language, first.code, first.skipped) == (2, "python", "x = 1\n", None)
    assert (second.line, second.language, second.skipped) == (7, "sh", "needs a cluster")
    assert commands_of(second) == [
        ["tricktaker", "simulate", "sheepshead", "--games", "10", "--seed", "1"],
        ["pip", "install", "-e", ".[test]"],
        ["python", "-m", "pytest", "tests", "-q"],
    ]
    assert commands_of(third) == [["tricktaker", "bench", "--quick"]]
    with pytest.raises(ValueError, match="never closed"):
        parse_blocks("page.md", "```python\nx = 1\n")


def test_the_checks_refuse_commands_that_name_what_the_project_lacks() -> None:
    assert check_pip(["pip", "install", "-e", ".[test]"]) == []
    assert check_pip(["pip", "install", "tricktaker[no-such-extra]"])
    assert check_pip(["pip", "install", "requests"])
    assert check_cargo(["cargo", "test", "-p", "no-such-crate"])
    assert check_pytest(["python", "-m", "pytest", "benches", "--benchmark-only"]) == []
    assert check_pytest(["python", "-m", "pytest", "no/such/dir"])
    assert check_pytest(["python", "-m", "pytest", "--no-such-option"])
    assert check_example(["python", "examples/ray_playouts.py", "--no-such-flag"])


# ---- the site ----


def test_the_docs_build_strict(tmp_path: Path) -> None:
    if importlib.util.find_spec("mkdocs") is None or importlib.util.find_spec("mkdocstrings") is None:
        if require_docs():
            pytest.fail('TRICKTAKER_REQUIRE_DOCS=1 but mkdocs is not installed: pip install -e ".[docs]"')
        pytest.skip('mkdocs and mkdocstrings are not installed (pip install -e ".[docs]")')
    site = tmp_path / "site"
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-f", ROOT / "mkdocs.yml", "-d", site],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
        timeout=300,
    )
    assert result.returncode == 0, result.stderr[-5000:]
    warnings = [line for line in result.stderr.splitlines() if "WARNING" in line]
    assert not warnings, "\n".join(warnings)

    def page(path: str) -> str:
        file = site / path
        assert file.exists(), f"the site has no {path}"
        return file.read_text()

    # The API reference: the stubs' signatures with the docstrings written in Rust.
    api = page("api/sheepshead/index.html")
    assert 'id="tricktaker.sheepshead.State.legal_actions"' in api
    assert "The legal action ids, in increasing order." in api
    assert "OBSERVATION_SHAPE: tuple[int] = (537,)" in re.sub(r"<[^>]+>", "", api)  # the runtime value
    assert 'id="tricktaker.tractor.Trump"' in page("api/tractor/index.html")
    assert 'id="tricktaker.bots.arena"' in page("api/bots/index.html")
    for reference in sorted((site / "api").glob("*/index.html")):
        text = re.sub(r"<[^>]+>", "", reference.read_text())
        roles = re.findall(r":(?:class|func|meth|attr|data|mod|exc):`?[\w.~]+", text)
        assert not roles, f"{reference.relative_to(site)} shows reStructuredText roles: {roles[:5]}"
        assert "```" not in text, f"{reference.relative_to(site)} shows a code fence as text"
    # The rules, the protocol, the tutorials.
    assert "R34" in page("rules/sheepshead/index.html")
    assert 'href="#s-sources"' in page("rules/tractor/index.html")
    page("sheepshead-protocol/index.html")
    for tutorial in ("search", "learning", "benchmarking", "positions"):
        page(f"tutorials/{tutorial}/index.html")
    # The pictures, drawn at build time.
    pictures = sorted((site / "pictures").glob("*.svg"))
    assert pictures, "no pictures were drawn"
    for picture in pictures:
        assert "<svg" in picture.read_text(), picture
    shown: dict[str, set[Path]] = {}  # page -> the pictures it shows
    for html in site.rglob("*.html"):
        for source in re.findall(r'<img[^>]+src="([^"]+)"', html.read_text()):
            if "://" in source or source.startswith("data:"):
                continue
            target = (html.parent / source).resolve()
            assert target.exists(), f"{html.relative_to(site)} shows {source}, which is not there"
            shown.setdefault(str(html.relative_to(site)), set()).add(target)
    for where in ("index.html", "pictures/index.html", "tutorials/positions/index.html"):
        assert shown.get(where, set()) & {p.resolve() for p in pictures}, f"{where} shows no picture"
    unshown = {p.resolve() for p in pictures} - set().union(*shown.values())
    assert not unshown, f"pictures drawn but shown nowhere: {sorted(p.name for p in unshown)}"
