"""Sheepshead as a PettingZoo AEC environment: one hand, agents ``player_0`` … ``player_4`` (seats 0–4) under
the default rules, one agent a seat under rules of another player count (``rules=Rules(players=3)``).

>>> from tricktaker.envs import sheepshead_v0
>>> env = sheepshead_v0.env(render_mode="ansi")
>>> env.reset(seed=7)
>>> env.agent_selection  # the dealer's left picks first
'player_1'

Options: ``rules`` (a :class:`tricktaker.sheepshead.Rules`), ``dealer`` (seat 0–4, default 0) and
``multiplier`` (what the hand's returns are multiplied by, as after doublers; default 1), passed to
``State.new(seed, rules, dealer, multiplier)`` at every reset. The rest — observation, action mask, rewards,
illegal actions (they raise :class:`tricktaker.IllegalActionError`), seeding, rendering — is described in
:mod:`tricktaker.envs`.

The observation is ``State.observation(seat)``: 537 float32 entries under the default rules, laid out in
``docs/sheepshead-protocol.md`` (``state.observation_shape`` under others). Its Box has bounds ``[0, 1]`` on
every entry but the multiplier (entry 530 at five seats), bounded by ``[0, 2**20]`` since the engine takes
multipliers from 1 to 2**20, and the variants block's stake (up to 2**25); card points / 120, tricks / hand
size and the one-hot and card planes all lie in ``[0, 1]``.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt

from .. import sheepshead
from . import OrderEnforcing, TrickTakingEnv

__all__ = ["MAX_MULTIPLIER", "MAX_STAKE", "MULTIPLIER_ENTRY", "env", "raw_env"]

MULTIPLIER_ENTRY = 530
"""The observation entry holding the hand's multiplier (``docs/sheepshead-protocol.md``)."""
MAX_MULTIPLIER = 2**20
"""The largest multiplier ``State.new`` accepts, hence the upper bound of entry :data:`MULTIPLIER_ENTRY`."""


MAX_STAKE = 2**25
"""The largest stake M (V24: the multiplier times 2 for a crack, a re-crack and each of three blitzed
pairs)."""


def _observation_high(rules: sheepshead.Rules | None = None) -> npt.NDArray[np.float32]:
    players, size, _ = sheepshead.table(rules)
    high = np.ones((size,), dtype=np.float32)
    base = 177 + 72 * players  # the default layout written for n seats (docs/sheepshead-protocol.md)
    high[base - 7] = MAX_MULTIPLIER  # the multiplier, entry 530 at five seats
    if size > base:
        high[base + 36 + 5 * players] = MAX_STAKE  # the variants block's stake
    return high


class raw_env(TrickTakingEnv[sheepshead.State], game="sheepshead"):
    """One Sheepshead hand as an AEC environment (see :mod:`tricktaker.envs.sheepshead_v0`)."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["human", "ansi"],
        "name": "sheepshead_v0",
        "is_parallelizable": False,
    }
    """PettingZoo's description of the environment: render modes ``"human"`` and ``"ansi"``, the name
    ``"sheepshead_v0"``, not parallelizable (:attr:`TrickTakingEnv.metadata`)."""
    OBSERVATION_LOW = np.zeros(sheepshead.OBSERVATION_SHAPE, dtype=np.float32)
    """The lower bound of every observation entry: 0."""
    OBSERVATION_HIGH = _observation_high()
    """The upper bound of every observation entry: 1, but :data:`MAX_MULTIPLIER` for the multiplier (entry
    :data:`MULTIPLIER_ENTRY`)."""

    def __init__(
        self,
        rules: sheepshead.Rules | None = None,
        dealer: int = 0,
        multiplier: int = 1,
        render_mode: str | None = None,
    ) -> None:
        self.rules = rules if rules is not None else sheepshead.Rules()
        """The rules every hand is dealt with: the ``rules`` given, or the default ``sheepshead.Rules()``."""
        self.dealer = dealer
        """The dealer's seat (0–4) of every hand; the seat on the dealer's left picks first."""
        self.multiplier = multiplier
        """What every hand's returns are multiplied by (1 to :data:`MAX_MULTIPLIER`), as after doublers."""
        sheepshead.State.new(0, self.rules, dealer, multiplier)  # bad options fail here, not at reset
        super().__init__(render_mode=render_mode)

    def _table(self) -> tuple[int, npt.NDArray[np.float32], npt.NDArray[np.float32]]:
        players, size, _ = sheepshead.table(self.rules)
        return players, np.zeros((size,), dtype=np.float32), _observation_high(self.rules)

    def _new_state(self, seed: int) -> sheepshead.State:
        return sheepshead.State.new(seed, self.rules, self.dealer, self.multiplier)


def env(**kwargs: Any) -> Any:
    """:class:`raw_env` (``kwargs`` go to it) in :class:`tricktaker.envs.OrderEnforcing` (PettingZoo's
    ``OrderEnforcingWrapper``, with tricktaker's errors)."""
    return OrderEnforcing(raw_env(**kwargs))
