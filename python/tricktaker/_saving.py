"""What both games share in Python: checking batch arguments, and saving and restoring states as JSON."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeVar

from .errors import IllegalActionError, InvalidStateError, RulesError, TricktakerError

FORMAT = 1
"""The version of the JSON save format."""

R = TypeVar("R")


class _Replayable(Protocol):
    def apply_action(self, action: int) -> None: ...
    def string_to_action(self, text: str) -> int: ...


S = TypeVar("S", bound=_Replayable)


def check_batch(n: int, threads: int | None) -> None:
    """The arguments of a batch function: ``n`` a non-negative int, ``threads`` a positive int or ``None``."""
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise ValueError(f"n must be a non-negative int, not {n!r}")
    if threads is not None and (isinstance(threads, bool) or not isinstance(threads, int) or threads < 1):
        raise ValueError(f"threads must be a positive int or None, not {threads!r}")


def rules_from_dict(rules_type: Callable[..., R], options: dict[str, Any]) -> R:
    """Rules from their ``to_dict()``; an unknown option raises :class:`RulesError`."""
    try:
        return rules_type(**options)
    except TypeError as e:
        raise RulesError(f"bad rule options {options!r}: {e}") from None


def dumps(game: str, fields: dict[str, Any], history: Sequence[str]) -> str:
    """A saved state: the game, the format, its own fields and the history of actions as text."""
    return json.dumps({"game": game, "format": FORMAT, **fields, "history": list(history)})


def loads(text: str | bytes, game: str, start: Callable[[dict[str, Any]], S]) -> S:
    """Rebuild a state saved by :func:`dumps`: ``start`` makes the state before the first action from the
    saved fields, then the history is replayed action by action. Anything inconsistent raises
    :class:`InvalidStateError` saying what."""
    try:
        data = json.loads(text)
        if not isinstance(data, dict) or data.get("game") != game:
            raise InvalidStateError(f"not a saved {game} state")
        if data.get("format") != FORMAT:
            raise InvalidStateError(f"unknown save format {data.get('format')!r}")
        state = start(data)
        for i, action in enumerate(data["history"]):
            try:
                state.apply_action(state.string_to_action(action))
            except IllegalActionError as e:
                raise InvalidStateError(f"action {i} ({action!r}) cannot be replayed: {e}") from None
        return state
    except InvalidStateError as e:
        raise InvalidStateError(f"corrupted saved game: {e}") from None
    except (TricktakerError, ValueError, TypeError, KeyError, OverflowError) as e:
        raise InvalidStateError(f"corrupted saved game: {type(e).__name__}: {e}") from None
