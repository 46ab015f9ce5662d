"""Tractor (Sheng Ji) as a PettingZoo AEC environment: one round, agents ``player_0`` … ``player_3``.

Seats 0 and 2 play against seats 1 and 3. A round is the whole of it: the draw with its declarations, the
kitty, the play card by card (``play <card>`` builds a play, ``finish`` ends a lead) and the score — about
170 actions.

>>> from tricktaker.envs import tractor_v0
>>> env = tractor_v0.env()
>>> env.reset(seed=7)
>>> sorted(env.possible_agents)
['player_0', 'player_1', 'player_2', 'player_3']

Options: ``rules`` (a :class:`tricktaker.tractor.Rules`), ``levels`` (the two teams' levels, seats 0/2 first;
default ``(2, 2)``), ``declarers`` and ``starter`` (``None``: the first round's way, decided by the draw),
passed to ``State.new(seed, rules, levels, declarers, starter)`` at every reset. The rest — observation,
action mask, rewards, illegal actions (they raise :class:`tricktaker.IllegalActionError`), seeding,
rendering — is described in :mod:`tricktaker.envs`.

The observation is ``State.observation(seat)``: 939 float32 entries laid out in ``docs/tractor-protocol.md``
(``Information::observe`` of ``rust/core/src/tractor/information.rs``). Its Box has bounds ``[0, 1]`` on
every entry but two:

- entry 924, P / 200 (the opponents' points with the kitty bonus and the failed-throw penalties), has
  bounds ``(-inf, inf)``: penalties can make P negative, and the kitty bonus can take it far above 200;
- entry 927, the kitty bonus / 200, has bounds ``[0, inf)``: with ``kitty_multiplier="exp"`` the kitty's
  points are multiplied by up to 2**13.

Every other entry is within ``[0, 1]``: card planes hold copies / 2, levels / 14, each team's trick points
/ 200 (the deck has 200 points), cards drawn / 100, the lead's cards / 25, pairs and tractor length / 12,
failed throws / 25 (at most one per trick, 25 tricks at most), and the one-hots. Under ``kitty_size`` (F5),
where each hand has h cards, the draw counts / 4h, the lead's cards and failed throws / h, and its pairs and
tractor length / 13 when h is 26 or 27.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt

from .. import tractor
from . import OrderEnforcing, TrickTakingEnv

__all__ = ["KITTY_BONUS_ENTRY", "POINTS_ENTRY", "env", "raw_env"]

POINTS_ENTRY = 924
"""The observation entry holding P / 200 (unbounded)."""
KITTY_BONUS_ENTRY = 927
"""The observation entry holding the kitty bonus / 200 (non-negative, unbounded above)."""


def _observation_low() -> npt.NDArray[np.float32]:
    low = np.zeros(tractor.OBSERVATION_SHAPE, dtype=np.float32)
    low[POINTS_ENTRY] = -np.inf
    return low


def _observation_high() -> npt.NDArray[np.float32]:
    high = np.ones(tractor.OBSERVATION_SHAPE, dtype=np.float32)
    high[[POINTS_ENTRY, KITTY_BONUS_ENTRY]] = np.inf
    return high


class raw_env(TrickTakingEnv[tractor.State], game="tractor"):
    """One Tractor round as an AEC environment (see :mod:`tricktaker.envs.tractor_v0`)."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["human", "ansi"],
        "name": "tractor_v0",
        "is_parallelizable": False,
    }
    """PettingZoo's description of the environment: render modes ``"human"`` and ``"ansi"``, the name
    ``"tractor_v0"``, not parallelizable (:attr:`TrickTakingEnv.metadata`)."""
    OBSERVATION_LOW = _observation_low()
    """The lower bound of every observation entry: 0, but ``-inf`` for P / 200 (entry
    :data:`POINTS_ENTRY`)."""
    OBSERVATION_HIGH = _observation_high()
    """The upper bound of every observation entry: 1, but ``inf`` for P / 200 and the kitty bonus / 200
    (entries :data:`POINTS_ENTRY` and :data:`KITTY_BONUS_ENTRY`)."""

    def __init__(
        self,
        rules: tractor.Rules | None = None,
        levels: tuple[int, int] = (2, 2),
        declarers: int | None = None,
        starter: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        self.rules = rules if rules is not None else tractor.Rules()
        """The rules every round is played with: the ``rules`` given, or the default ``tractor.Rules()``."""
        self.levels = levels
        """The levels (2 to 14) of team 0 (seats 0 and 2) and team 1 (seats 1 and 3) in every round."""
        self.declarers = declarers
        """The declaring team of every round (0 or 1), with :attr:`starter`; ``None`` (with ``starter``
        ``None`` too) for the first round's way, where the draw's declarations decide it."""
        self.starter = starter
        """The seat that takes the kitty and leads first in every round, one of the declaring team's; ``None``
        with ``declarers`` ``None``."""
        self._new_state(0)  # bad options fail here, not at reset
        super().__init__(render_mode=render_mode)

    def _new_state(self, seed: int) -> tractor.State:
        return tractor.State.new(seed, self.rules, self.levels, self.declarers, self.starter)


def env(**kwargs: Any) -> Any:
    """:class:`raw_env` (``kwargs`` go to it) in :class:`tricktaker.envs.OrderEnforcing` (PettingZoo's
    ``OrderEnforcingWrapper``, with tricktaker's errors)."""
    return OrderEnforcing(raw_env(**kwargs))
