"""Regenerate the reference pictures of ``tests/test_render.py``: ``python tests/render/update.py [NAME…]``.

Each reference is ``tests/render/<name>.png``: the pictures of ``PICTURES[name]`` in ``tests/test_render.py``
rendered to PNG by cairosvg (side by side when there are several) and quantised to 256 colours to stay small.
Run it after a deliberate change of the drawings, look at the new PNGs, and commit them with the change.
Needs cairosvg and Pillow (the ``[test]`` extra), and ``sans-serif`` to be the font the tests expect
(``REFERENCE_FONT``, DejaVu Sans: ``fc-match sans-serif``); ``--any-font`` draws with another (then change
``REFERENCE_FONT`` too, or the picture tests are skipped everywhere else).
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import test_render  # noqa: E402  (tests/ is not a package)


def main(argv: list[str]) -> int:
    any_font = "--any-font" in argv
    argv = [a for a in argv if a != "--any-font"]
    font = test_render.sans_serif()
    if font not in (None, test_render.REFERENCE_FONT) and not any_font:
        print(
            f"this machine's sans-serif is {font}, the references' {test_render.REFERENCE_FONT} (--any-font?)"
        )
        return 2
    names = argv or sorted(test_render.PICTURES)
    unknown = sorted(set(names) - set(test_render.PICTURES))
    if unknown:
        print(
            f"no such picture: {', '.join(unknown)} (the pictures: {', '.join(sorted(test_render.PICTURES))})"
        )
        return 2
    for name in names:
        path = HERE / f"{name}.png"
        test_render.save_reference(test_render.to_png(test_render.PICTURES[name]()), path)
        print(f"{path.relative_to(HERE.parent.parent)}: {path.stat().st_size:,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
