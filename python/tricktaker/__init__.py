"""tricktaker: exact, fast rules engines for Tractor (Sheng Ji) and Sheepshead.

The rules run in Rust; this package is their typed Python face. Every game implements one search protocol
(``legal_actions``, ``apply_action``, ``undo``, ``clone``, ``returns``…) so that a search or learning
algorithm is written once::

    from tricktaker import sheepshead

    state = sheepshead.State.new(seed=7)
    while not state.is_terminal:
        state.apply_action(state.legal_actions()[0])
    print(state.returns())
"""

from __future__ import annotations

from . import sheepshead, tractor
from ._core import Card, RuleOption, __version__
from .errors import (
    ArgumentError,
    ArgumentTypeError,
    CardParseError,
    IllegalActionError,
    IllegalPlayError,
    InvalidStateError,
    LimitExceededError,
    NothingToUndoError,
    ResampleError,
    RulesError,
    TricktakerError,
)

__all__ = [
    "ArgumentError",
    "ArgumentTypeError",
    "Card",
    "CardParseError",
    "IllegalActionError",
    "IllegalPlayError",
    "InvalidStateError",
    "LimitExceededError",
    "NothingToUndoError",
    "ResampleError",
    "RuleOption",
    "RulesError",
    "TricktakerError",
    "__version__",
    "sheepshead",
    "tractor",
]
