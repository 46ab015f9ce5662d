"""A mkdocs hook: the pictures of the pages, drawn while the site is built, by the pages' own code.

A page that shows a picture makes it in one of its ```python blocks, with ``tricktaker.render``
(``render.table(state).save("sheepshead-table.svg")``), and shows it with
``![…](/pictures/sheepshead-table.svg)`` (a path from the top of the site, which mkdocs checks and makes
relative: such a picture exists in the site only, never in the checkout). While the site is built,
this hook runs the python blocks of every such page, in order, in one namespace and a temporary directory (as
``tests/test_docs.py`` runs them), up to the last block that saves a picture, and adds each SVG saved there
to the site as ``pictures/<name>``. So the pictures are always the ones the code on the page draws, with the
library as it is now: none is committed, none can go stale, and a page whose code no longer runs breaks the
build.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import tempfile
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files

FOLDER = "pictures"
FENCE = re.compile(r"^(\s*)(`{3,}|~{3,})\s*(?:python|py)\s*$")
NOT_RUN = re.compile(r"^\s*<!--\s*not run:.*-->\s*$")
SAVED = re.compile(r"""\.save\(\s*["']([\w.-]+\.svg)["']\s*\)""")


def python_blocks(text: str) -> list[tuple[int, str]]:
    """The ```python blocks of a Markdown page: (line of the fence, code); those marked
    ``<!-- not run: … -->`` on the line before are left out, as ``tests/test_docs.py`` leaves them."""
    blocks = []
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        opening = FENCE.match(lines[i])
        i += 1
        previous = next((line for line in reversed(lines[: i - 1]) if line.strip()), "")
        if not opening or NOT_RUN.match(previous):
            continue
        indent, fence = opening[1], opening[2]
        start, body = i, []
        while i < len(lines) and lines[i].strip() != fence:
            body.append(lines[i][len(indent) :])
            i += 1
        blocks.append((start, "\n".join(body) + "\n"))
        i += 1
    return blocks


def draw(page: str, text: str) -> dict[str, str]:
    """Run the page's python blocks up to its last picture; the SVG pictures they saved, by name."""
    blocks = python_blocks(text)
    last = max((k for k, (_, code) in enumerate(blocks) if SAVED.search(code)), default=None)
    if last is None:
        return {}
    namespace: dict[str, object] = {"__name__": "__docs__"}
    before = Path.cwd()
    with tempfile.TemporaryDirectory() as directory:
        os.chdir(directory)
        try:
            for line, code in blocks[: last + 1]:
                source = "\n" * line + code  # tracebacks name the page's lines
                with contextlib.redirect_stdout(io.StringIO()):
                    exec(compile(source, page, "exec"), namespace)
            return {path.name: path.read_text() for path in sorted(Path(directory).glob("*.svg"))}
        except Exception as error:
            raise PluginError(f"{page}: a code block failed while drawing its pictures: {error!r}") from error
        finally:
            os.chdir(before)


def on_files(files: Files, config: Any, **kwargs: Any) -> Files:
    drawn: dict[str, str] = {}
    for file in list(files.documentation_pages()):
        text = Path(file.abs_src_path).read_text() if file.abs_src_path else ""
        for name, svg in draw(os.path.join(config["docs_dir"], file.src_uri), text).items():
            if name in drawn:
                raise PluginError(f"{file.src_uri} and {drawn[name]} both draw {FOLDER}/{name}")
            drawn[name] = file.src_uri
            files.append(File.generated(config, f"{FOLDER}/{name}", content=svg))
    return files
