"""What a round starts from: its setup, from which `State` rebuilds its start (`undo` replays the history
from it, and a save is this plus the history), and the checks of a round's arguments (Rust: ``Origin`` and
``Restacks`` in ``round.rs``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .cards import NUM_PLAYERS
from .scoring import NO_TRUMP_LEVEL, _check_level
from .trump import Trump


@dataclass(frozen=True)
class _Restack:
    """One deal of a resampled round (`State.resample`) drawn from an explicit stack: deal number ``deal``
    (1 for the first) uses ``stack``, and a redeal after it (R19) shuffles with a generator whose four state
    words are ``after`` (the ``"after"`` of a save, as the Rust engine writes it)."""

    deal: int
    stack: tuple[int, ...]
    after: tuple[int, int, int, int]


@dataclass(frozen=True)
class _Setup:
    """What a round starts from; `State._reset` rebuilds the start from it (`undo` replays the history)."""

    levels: tuple[int, int]
    declarers: int | None  # None: round 1, decided by the declaration (R21)
    starter: int | None
    seed: int = 0
    stack: tuple[int, ...] | None = None  # an explicit stack (from_stack), else shuffled from the seed
    first_drawer: int = 0  # round 1 with an explicit stack
    hands: tuple[tuple[int, ...], ...] | None = None  # from_cards: a play-phase position
    kitty: tuple[int, ...] = ()
    trump: Trump | None = None
    restacks: tuple[_Restack, ...] = ()  # resampled deals; the others come from the seed or the stack
    rng: tuple[int, int, int, int] | None = None  # a generator state given instead of the seed (from_json)


def _check_round(
    levels: Sequence[int],
    declarers: int | None,
    starter: int | None,
    equal: bool = True,
    *,
    after_ace: str,
) -> tuple[tuple[int, int], int | None, int | None]:
    """The arguments of a round: team levels (15 is NT, only under ``after_ace = "no_trump_level"``, F35),
    the declaring team (None: round 1) and the starter. ``equal``: round 1 needs equal levels, not NT."""
    if isinstance(levels, str) or len(levels) != 2:
        raise ValueError(f"levels must be two team levels, got {levels!r}")
    parsed = (_check_level(levels[0], after_ace), _check_level(levels[1], after_ace))
    if declarers is None:
        if starter is not None:
            raise ValueError("a starter needs the declaring team (declarers=None is round 1)")
        if equal and parsed[0] != parsed[1]:
            raise ValueError(f"round 1 (declarers=None) needs equal levels, got {levels!r}")
        if equal and parsed[0] == NO_TRUMP_LEVEL:
            # F12: the level NT has no declarations, and round 1 needs one to find its declarers (R19, R21).
            raise ValueError(
                "round 1 (declarers=None) at the level NT (15): a round-1 NT level could never be declared"
            )
        return parsed, None, None
    if isinstance(declarers, bool) or declarers not in (0, 1):
        raise ValueError(f"declarers must be a team 0 or 1, got {declarers!r}")
    if isinstance(starter, bool) or not isinstance(starter, int) or not 0 <= starter < NUM_PLAYERS:
        raise ValueError(f"starter must be a seat 0..3 of the declaring team, got {starter!r}")
    if starter % 2 != declarers:
        raise ValueError(f"the starter (seat {starter}) must belong to the declaring team {declarers}")
    return parsed, declarers, starter
