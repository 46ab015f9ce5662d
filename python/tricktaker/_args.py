"""Arguments read in Python the way the native bindings read theirs (``rust/py/src/args.rs``): any ``int`` or
object with ``__index__`` (numpy integers), never a ``bool`` (:class:`~tricktaker.errors.ArgumentTypeError`);
out of range, an :class:`~tricktaker.errors.ArgumentError` naming the argument and its bound."""

from __future__ import annotations

import operator
import reprlib
from typing import SupportsIndex

from ._core import MAX_THREADS
from .errors import ArgumentError, ArgumentTypeError

MAX_SEED = 2**64 - 1
"""The largest seed: seeds are 64-bit."""


_SHOWN = reprlib.Repr()
_SHOWN.maxlevel, _SHOWN.maxstring, _SHOWN.maxother = 2, 40, 40


def shown(value: object) -> str:
    """``value`` for an error message: its ``repr`` cut short, whatever it is (a 5000-digit int, a list nested
    a thousand deep, an object whose ``repr`` fails)."""
    if isinstance(value, int) and value.bit_length() > 64:
        return f"an int of {value.bit_length()} bits"
    try:
        return _SHOWN.repr(value)
    except Exception:  # any failure of a foreign repr
        return f"a {type(value).__name__}"


def whole(value: object, name: str, lo: int, hi: int) -> int:
    """``value`` as an int from ``lo`` to ``hi``."""
    if isinstance(value, bool) or not isinstance(value, SupportsIndex):
        raise ArgumentTypeError(f"{name} must be an int, not {type(value).__name__} {shown(value)}")
    number = operator.index(value)
    if not lo <= number <= hi:
        raise ArgumentError(f"{name} must be an int from {lo} to {hi}, not {shown(number)}")
    return number


def seed(value: object, name: str = "seed") -> int:
    """A seed: an int from 0 to 2**64 - 1."""
    return whole(value, name, 0, MAX_SEED)


def threads(value: object) -> int | None:
    """``threads``: ``None`` (one per core) or an int from 1 to :data:`tricktaker._core.MAX_THREADS`."""
    return None if value is None else whole(value, "threads", 1, MAX_THREADS)
