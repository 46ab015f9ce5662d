"""Random playouts (docs/tractor-protocol.md, "Random playouts"; Rust: ``playout.rs``).

Whole rounds played at random from a seed, the same actions as the Rust engine's for the same seed.
"""

from __future__ import annotations

from typing import Final

from .rng import Rng, _check_seed, derive_seed
from .round import State
from .rules import RulesLike

_CHOOSER_SALT: Final = 0x5DEECE66D1CE5EED


def random_playout(seed: int, rules: RulesLike | None = None) -> list[int]:
    """One round 1 at levels (2, 2) from ``State.new(seed, rules)``, each action
    ``legal[rng.below(len(legal))]`` of the sorted legal actions with ``rng = Rng(seed ^
    0x5DEECE66D1CE5EED)``; returns its `State.returns`."""
    state = State.new(seed, rules)
    chooser = Rng(_check_seed(seed) ^ _CHOOSER_SALT)
    while not state.is_terminal:
        legal = state.legal_actions()
        state._do(legal[chooser.below(len(legal))])
    return state.returns()


def random_playouts(n: int, seed: int, rules: RulesLike | None = None) -> list[list[int]]:
    """``n`` random rounds: round ``i`` is `random_playout` from ``derive_seed(seed, i)``."""
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise ValueError(f"n must be an int >= 0, got {n!r}")
    _check_seed(seed)
    return [random_playout(derive_seed(seed, i), rules) for i in range(n)]
