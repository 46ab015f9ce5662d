"""The exceptions tricktaker raises.

Every error of the library is a :class:`TricktakerError`; those caused by a bad value are also
:class:`ValueError`, so code that already catches ``ValueError`` keeps working. The native core raises these
same classes (it imports them from here), so there is one hierarchy whichever engine is in use.
"""

from __future__ import annotations

__all__ = [
    "CardParseError",
    "IllegalActionError",
    "IllegalPlayError",
    "InvalidStateError",
    "NothingToUndoError",
    "ResampleError",
    "RulesError",
    "TricktakerError",
]


class TricktakerError(Exception):
    """The base of every tricktaker exception."""


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
