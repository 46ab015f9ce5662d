# Type stubs of `tricktaker._core.search`: the limits of the native searches (each game's module has its
# `pimc` and `ismcts`).

__all__ = [
    "DEFAULT_EXPLORATION",
    "MAX_CANDIDATES",
    "MAX_LINE",
    "MAX_ROLLOUTS",
    "MAX_SIMULATIONS",
    "MAX_WORLDS",
]

MAX_WORLDS: int
"""The most worlds one PIMC search samples (1,000,000)."""
MAX_SIMULATIONS: int
"""The most simulations one ISMCTS search runs (1,000,000,000)."""
MAX_CANDIDATES: int
"""The most candidate lines one PIMC search values (4,096)."""
MAX_LINE: int
"""The most actions in a candidate line (256)."""
MAX_ROLLOUTS: int
"""The most rollouts per candidate and world (100,000)."""
DEFAULT_EXPLORATION: float
"""ISMCTS's exploration constant (0.7), applied to returns scaled by the largest return seen."""
