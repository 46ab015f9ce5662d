"""The exceptions tricktaker raises.

Every error of the library is a :class:`TricktakerError`; those caused by a bad value are also
:class:`ValueError`, so code that already catches ``ValueError`` keeps working. The native core raises these
same classes (it imports them from here), so there is one hierarchy whichever engine is in use.
"""

from __future__ import annotations

__all__ = [
    "ArgumentError",
    "ArgumentTypeError",
    "CardParseError",
    "IllegalActionError",
    "IllegalPlayError",
    "InvalidStateError",
    "LimitExceededError",
    "NothingToUndoError",
    "ResampleError",
    "RulesError",
    "TricktakerError",
]


class TricktakerError(Exception):
    """The base of every tricktaker exception."""


class ArgumentError(TricktakerError, ValueError):
    """An argument outside its documented range: a seat, count, size, seed or thread count that no game has
    (``dealer=-1``, ``threads=2**31``, a batch too large for the memory budget). The message names the
    argument and its bound."""


class ArgumentTypeError(TricktakerError, TypeError):
    """An argument of the wrong type: a float, a string or a ``bool`` where an int is meant (``True`` is not
    an action id, a seat or a count)."""


class LimitExceededError(TricktakerError, ValueError):
    """An enumeration (``legal_plays``, ``legal_follows``) that has more items than the ``limit`` it was
    given; nothing is listed. Count them without listing with the matching ``count_…`` function."""


class CardParseError(TricktakerError, ValueError):
    """A text that names no card (``"11H"``, ``"QX"``), or a card that is not in the game's deck."""


class RulesError(TricktakerError, ValueError):
    """A rule option that does not exist or has a value outside its choices."""


class IllegalActionError(TricktakerError, ValueError):
    """An action that is not legal in the state it was applied to; the state is left unchanged."""


class IllegalPlayError(IllegalActionError):
    """Cards that do not make a legal lead or follow in Tractor (mixed suits, a wrong follow…)."""


class InvalidStateError(TricktakerError, ValueError):
    """Cards or a saved game that do not make a valid position (a card dealt twice, a corrupted save…)."""


class NothingToUndoError(TricktakerError, IndexError):
    """``undo()`` on a state to which no action has been applied."""


class ResampleError(TricktakerError, RuntimeError):
    """``resample`` found no deal consistent with what the player saw within its tries (a Tractor round whose
    draw told very much, such as nobody able to declare until the last cards, can make them rare)."""
