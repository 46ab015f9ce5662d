"""The exceptions of the reference Tractor engine.

A corrupted save raises ``tricktaker.errors.InvalidStateError`` (see `saving`), shared with the Rust engine;
the others are the reference's own, with the names of the Rust engine's.
"""

from __future__ import annotations


class IllegalActionError(ValueError):
    """An action that is not legal in the current state of a round; the state is left unchanged."""


class NothingToUndoError(ValueError):
    """`State.undo` on a state to which no action has been applied."""


class IllegalPlayError(IllegalActionError):
    """A lead or play that breaks the rules, e.g. cards of more than one effective suit in one lead (R27)."""


class UnreachableStateError(ValueError):
    """`State.resample` found no deal under which the round is seen as it is: no play reaches this state."""
