"""Arguments read in Python the way the native bindings read theirs (``rust/py/src/args.rs``): any ``int`` or
object with ``__index__`` (numpy integers), never a ``bool`` (:class:`~tricktaker.errors.ArgumentTypeError`);
out of range, an :class:`~tricktaker.errors.ArgumentError` naming the argument and its bound."""

from __future__ import annotations

import math
import operator
import os
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


MAX_SECONDS = 1e6
"""The longest time limit a search takes, in seconds (the native searches' bound)."""


def real(value: object, name: str) -> float:
    """``value`` as a finite ``float``: an int or a float, never a ``bool``."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ArgumentTypeError(f"{name} must be a number, not {type(value).__name__} {shown(value)}")
    try:
        number = float(value)
    except OverflowError:
        number = math.inf
    if not math.isfinite(number):
        raise ArgumentError(f"{name} must be a finite number, not {shown(value)}")
    return number


def seconds(value: object, name: str = "seconds") -> float | None:
    """A search's time limit: ``None`` (none), or a number of seconds above 0 and below
    :data:`MAX_SECONDS`."""
    if value is None:
        return None
    number = real(value, name)
    if not 0 < number < MAX_SECONDS:
        raise ArgumentError(
            f"{name} must be a positive number below {MAX_SECONDS:.0e}, or None, not {shown(value)}"
        )
    return number


def file_path(value: object, name: str = "path") -> str:
    """The path ``value`` names (a ``str`` or an :class:`os.PathLike` giving one), as a ``str``.

    Anything else raises :class:`ArgumentTypeError` naming the argument, an ``int`` too (a file descriptor is
    not a path, and ``True`` is not one either), as does ``bytes``; a path no file can have (one holding a NUL
    character, or a lone surrogate the system cannot encode) raises :class:`ArgumentError`.
    """
    if not isinstance(value, str | os.PathLike):
        raise ArgumentTypeError(f"{name} must be a str or an os.PathLike path, not {type(value).__name__}")
    try:
        path = os.fspath(value)
    except TypeError as e:
        raise ArgumentTypeError(f"{name} must be a str or an os.PathLike path ({e})") from None
    if not isinstance(path, str):
        raise ArgumentTypeError(f"{name} must be a path as a str, not {type(path).__name__}")
    if "\0" in path:
        raise ArgumentError(f"{name} must not hold a NUL character, as {path!r} does")
    try:
        os.fsencode(path)
    except UnicodeError:
        raise ArgumentError(
            f"{name} is no file name this system has ({path!r} holds a lone surrogate)"
        ) from None
    return path


def write_text(path: object, text: str, name: str = "path") -> None:
    """Write ``text`` to the file ``path`` (:func:`file_path`) as UTF-8 with ``\\n`` line ends.

    An :class:`OSError` is raised as it is, its ``filename`` set to the path when the system did not set it
    (an error while writing rather than opening), so that its message names the file.
    """
    target = file_path(path, name)
    try:
        with open(target, "w", encoding="utf-8", newline="\n") as file:
            file.write(text)
    except OSError as e:
        if e.filename is None:
            if e.errno is None or not e.strerror:
                raise OSError(f"cannot write {target!r}: {e}") from e
            e.filename = target
        raise
