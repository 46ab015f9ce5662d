"""The SVG document (:class:`Picture`) and the small writer every drawing of :mod:`tricktaker.render` uses.

The writer builds plain text: numbers are written with at most two decimals and attributes in the order given,
so the same drawing always gives the same bytes (no ids, no timestamps, nothing random). Text is escaped with
:mod:`xml.sax.saxutils`; every attribute value goes through :func:`attr`.
"""

from __future__ import annotations

import math
import os
import re
from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache
from xml.sax.saxutils import escape, quoteattr

from .._args import write_text
from ..errors import ArgumentTypeError

__all__ = ["FONT", "Canvas", "Fragment", "Picture", "attr", "num", "text_width"]

FONT = "sans-serif"
"""The one font family of every picture: a generic family, so any machine draws the text with what it has."""

_SIZE = re.compile(r'<svg\b[^>]*?\swidth="([0-9.]+)"[^>]*?\sheight="([0-9.]+)"')


class Picture:
    """An SVG document: ``picture.svg`` is its text (standalone, with ``xmlns``, ``width``, ``height`` and
    ``viewBox``); Jupyter shows it (``_repr_svg_``), ``str(picture)`` is the text and ``picture.save(path)``
    writes it.

    >>> from tricktaker import render
    >>> picture = render.card("QC")
    >>> picture.svg.startswith("<svg")
    True
    """

    __slots__ = ("svg",)
    svg: str
    """The SVG text."""

    def __init__(self, svg: str) -> None:
        if not isinstance(svg, str):
            raise ArgumentTypeError(f"svg must be a str, not {type(svg).__name__}")
        self.svg = svg

    def _repr_svg_(self) -> str:
        """The SVG text, which Jupyter draws."""
        return self.svg

    def __str__(self) -> str:
        return self.svg

    def __repr__(self) -> str:
        match = _SIZE.search(self.svg)
        size = f"{match.group(1)}x{match.group(2)} " if match else ""
        return f"<Picture {size}SVG, {len(self.svg)} characters>"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Picture) and other.svg == self.svg

    def __hash__(self) -> int:
        return hash(self.svg)

    def __reduce__(self) -> tuple[type[Picture], tuple[str]]:
        return (Picture, (self.svg,))

    @property
    def width(self) -> float:
        """The width in pixels (the ``width`` attribute of the document)."""
        match = _SIZE.search(self.svg)
        return float(match.group(1)) if match else 0.0

    @property
    def height(self) -> float:
        """The height in pixels (the ``height`` attribute of the document)."""
        match = _SIZE.search(self.svg)
        return float(match.group(2)) if match else 0.0

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the SVG text to ``path`` (UTF-8, ``\\n`` line ends), replacing the file if there is one.

        ``path`` is a ``str`` or an :class:`os.PathLike` naming a file, never a file descriptor: anything else
        (an ``int``, a ``bool``, ``bytes``) raises :class:`~tricktaker.ArgumentTypeError`, a path no file can
        have (holding a NUL) :class:`~tricktaker.ArgumentError`. A file that cannot be written (a missing
        folder, a folder, no permission, a full disk) raises the :class:`OSError` itself, unchanged but for
        its ``filename``, which is always the path (so its message names it: ``[Errno 21] Is a directory:
        'out'``).
        """
        write_text(path, self.svg)


def num(value: float) -> str:
    """A number as SVG text: at most two decimals, no trailing zeros, never ``-0``."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


@lru_cache(maxsize=256)
def _key(name: str) -> str:
    return name.rstrip("_").replace("_", "-")


def attr(name: str, value: object) -> str:
    """`` name="value"``: a Python keyword turned into an attribute name (``stroke_width`` → ``stroke-width``,
    ``class_`` → ``class``), the value escaped; numbers go through :func:`num`."""
    if isinstance(value, bool):
        return f' {_key(name)}="{"true" if value else "false"}"'
    if isinstance(value, int | float):
        return f' {_key(name)}="{num(value)}"'
    return f" {_key(name)}={quoteattr(str(value))}"


def _attrs(attrs: dict[str, object]) -> str:
    return "".join(attr(name, value) for name, value in attrs.items() if value is not None)


# Advance widths in thousandths of an em of the printable ASCII characters (32-126) in DejaVu Sans, the
# usual sans-serif of Linux (Helvetica and Arial are narrower): text is laid out next to drawings without
# measuring it, with room to spare on machines whose sans-serif is narrower.
_REGULAR = (
    318, 401, 460, 838, 636, 950, 780, 275, 390, 390, 500, 838, 318, 361, 318, 337, 636, 636, 636, 636,
    636, 636, 636, 636, 636, 636, 337, 337, 838, 838, 838, 531, 1000, 684, 686, 698, 770, 632, 575, 775,
    752, 295, 295, 656, 557, 863, 748, 787, 603, 787, 695, 635, 611, 732, 684, 989, 685, 611, 685, 390,
    337, 390, 838, 500, 500, 613, 635, 550, 635, 615, 352, 635, 634, 278, 278, 579, 278, 974, 634, 612,
    635, 635, 411, 521, 392, 634, 592, 818, 592, 592, 525, 636, 337, 636, 838,
)  # fmt: skip
_BOLD = (
    348, 456, 521, 838, 696, 1002, 872, 306, 457, 457, 523, 838, 380, 415, 380, 365, 696, 696, 696, 696,
    696, 696, 696, 696, 696, 696, 400, 400, 838, 838, 838, 580, 1000, 774, 762, 734, 830, 683, 683, 821,
    837, 372, 372, 775, 637, 995, 837, 850, 733, 850, 770, 720, 682, 812, 774, 1103, 771, 724, 725, 457,
    365, 457, 838, 500, 500, 675, 716, 593, 716, 678, 435, 716, 712, 343, 343, 665, 343, 1042, 712, 687,
    716, 716, 493, 595, 478, 712, 652, 924, 645, 652, 582, 712, 365, 712, 838,
)  # fmt: skip
_OTHER = {"·": (318, 380), "×": (838, 838), "…": (1000, 1000), "–": (500, 500), "—": (1000, 1000)}


def text_width(text: str, size: float, *, bold: bool = False) -> float:
    """The width in pixels of ``text`` at font size ``size`` in DejaVu Sans (about an upper bound for other
    sans-serif fonts)."""
    table = _BOLD if bold else _REGULAR
    total = 0
    for char in text:
        code = ord(char)
        if 32 <= code < 127:
            total += table[code - 32]
        else:
            total += _OTHER.get(char, (1000, 1000))[bold]
    return total * size / 1000


class Fragment:
    """SVG elements being written, in drawing order: a piece of a document (:meth:`text` gives it), or the
    whole of one (:class:`Canvas`)."""

    def __init__(self) -> None:
        self._parts: list[str] = []

    def raw(self, svg: str) -> None:
        """Elements already written (a :class:`Fragment`'s text)."""
        self._parts.append(svg)

    def svg(self) -> str:
        """The elements written so far."""
        return "".join(self._parts)

    def element(self, tag: str, **attrs: object) -> None:
        """An empty element ``<tag …/>``."""
        self._parts.append(f"<{tag}{_attrs(attrs)}/>")

    def rect(self, x: float, y: float, width: float, height: float, **attrs: object) -> None:
        """A rectangle (``rx`` rounds its corners)."""
        self.element("rect", x=x, y=y, width=width, height=height, **attrs)

    def circle(self, cx: float, cy: float, r: float, **attrs: object) -> None:
        """A circle."""
        self.element("circle", cx=cx, cy=cy, r=r, **attrs)

    def path(self, d: str, **attrs: object) -> None:
        """A path."""
        self.element("path", d=d, **attrs)

    def text(
        self,
        x: float,
        y: float,
        text: str,
        *,
        size: float,
        fill: str,
        bold: bool = False,
        anchor: str = "start",
        **attrs: object,
    ) -> None:
        """A line of text, ``y`` its baseline, ``anchor`` ``start``, ``middle`` or ``end``."""
        head = _attrs({"x": x, "y": y, "font_size": size, "fill": fill})
        if bold:
            head += ' font-weight="bold"'
        if anchor != "start":
            head += attr("text_anchor", anchor)
        self._parts.append(f"<text{head}{_attrs(attrs)}>{escape(text)}</text>")

    @contextmanager
    def group(self, **attrs: object) -> Iterator[None]:
        """``with canvas.group(transform=…, data_card=…):`` the elements added inside are one ``<g>``."""
        self._parts.append(f"<g{_attrs(attrs)}>")
        try:
            yield
        finally:
            self._parts.append("</g>")


class Canvas(Fragment):
    """An SVG document being written: elements are added in drawing order, then :meth:`picture` closes it."""

    def __init__(self, width: float, height: float, *, title: str, **attrs: object) -> None:
        super().__init__()
        width, height = math.ceil(width), math.ceil(height)  # whole pixels
        self.width = width
        self.height = height
        self._parts = [
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{num(width)}" height="{num(height)}"'
            f' viewBox="0 0 {num(width)} {num(height)}"{_attrs(attrs)}'
            f' font-family="{FONT}" role="img">',
            f"<title>{escape(title)}</title>",
        ]

    def picture(self) -> Picture:
        """The finished document."""
        return Picture("\n".join([*self._parts, "</svg>"]) + "\n")
