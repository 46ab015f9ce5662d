"""A mkdocs hook: the rules pages' source keys (``[SR1]``, ``[P1]``…) link to the sources they name.

The rules documents cite their sources GitHub-style, as bracketed keys listed in each page's "§S Sources"
(``* **[SR1]** https://…``); two keys side by side (``[SW][SR1]``) read as a Markdown reference link, which
mkdocs would report as broken. The sources are left as they are; at build time every key of a page's
source list becomes a link to that list.
"""

from __future__ import annotations

import re
from typing import Any

SOURCE_ENTRY = re.compile(r"^\* \*\*\[([A-Z][A-Z0-9]*)\]\*\*", re.MULTILINE)
SOURCES_ANCHOR = "#s-sources"


def cite_sources(markdown: str) -> str:
    """Every ``[KEY]`` of the page's source list as a link to the list (the entries themselves as text)."""
    keys = set(SOURCE_ENTRY.findall(markdown))
    if not keys:
        return markdown
    entry = re.compile(r"\*\*\[(" + "|".join(sorted(keys)) + r")\]\*\*")
    cited = re.compile(r"(?<![\\*])\[(" + "|".join(sorted(keys)) + r")\](?!\()")
    out = []
    for line in markdown.split("\n"):
        line = entry.sub(r"**\\[\1\\]**", line)
        out.append(cited.sub(rf"[\\[\1\\]]({SOURCES_ANCHOR})", line))
    return "\n".join(out)


def on_page_markdown(markdown: str, page: Any, **kwargs: Any) -> str:
    if page.file.src_uri.startswith("rules/"):
        return cite_sources(markdown)
    return markdown
