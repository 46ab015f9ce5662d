"""Arguments read in Python the way the native bindings read theirs (``rust/py/src/args.rs``): any ``int`` or
object with ``__index__`` (numpy integers), never a ``bool`` (:class:`~tricktaker.errors.ArgumentTypeError`);
out of range, an :class:`~tricktaker.errors.ArgumentError` naming the argument and its bound."""

from __future__ import annotations

import operator
from typing import SupportsIndex

from ._core import MAX_THREADS
from .errors import ArgumentError, ArgumentTypeError

MAX_SEED = 2**64 - 1
"""The largest seed: seeds are 64-bit."""


def whole(value: object, name: str, lo: int, hi: int) -> int:
    """``value`` as an int from ``lo`` to ``hi``."""
    if isinstance(value, bool) or not isinstance(value, SupportsIndex):
        raise ArgumentTypeError(f"{name} must be an int, not {type(value).__name__} {value!r:.60}")
    number = operator.index(value)
    if not lo <= number <= hi:
        shown = f"{number}" if abs(number) < 10**30 else f"an int of {len(str(abs(number))):,} digits"
        raise ArgumentError(f"{name} must be an int from {lo} to {hi}, not {shown}")
    return number


def seed(value: object, name: str = "seed") -> int:
    """A seed: an int from 0 to 2**64 - 1."""
    return whole(value, name, 0, MAX_SEED)


def threads(value: object) -> int | None:
    """``threads``: ``None`` (one per core) or an int from 1 to :data:`tricktaker._core.MAX_THREADS`."""
    return None if value is None else whole(value, "threads", 1, MAX_THREADS)
