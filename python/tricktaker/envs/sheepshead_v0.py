"""Sheepshead as a PettingZoo AEC environment: one hand, agents ``player_0`` … ``player_4`` (seats 0–4).

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

The observation is ``State.observation(seat)``: 537 float32 entries, laid out in
``docs/sheepshead-protocol.md``. Its Box has bounds ``[0, 1]`` on every entry but the multiplier (entry
530), bounded by ``[0, 2**20]`` since the engine takes multipliers from 1 to 2**20; card points / 120,
tricks / 6 and the one-hot and card planes all lie in ``[0, 1]``.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt

from .. import sheepshead
from . import OrderEnforcing, TrickTakingEnv

__all__ = ["MAX_MULTIPLIER", "MULTIPLIER_ENTRY", "env", "raw_env"]

MULTIPLIER_ENTRY = 530
"""The observation entry holding the hand's multiplier (``docs/sheepshead-protocol.md``)."""
MAX_MULTIPLIER = 2**20
"""The largest multiplier ``State.new`` accepts, hence the upper bound of entry :data:`MULTIPLIER_ENTRY`."""


def _observation_high() -> npt.NDArray[np.float32]:
    high = np.ones(sheepshead.OBSERVATION_SHAPE, dtype=np.float32)
    high[MULTIPLIER_ENTRY] = MAX_MULTIPLIER
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

    def _new_state(self, seed: int) -> sheepshead.State:
        return sheepshead.State.new(seed, self.rules, self.dealer, self.multiplier)


def env(**kwargs: Any) -> Any:
    """:class:`raw_env` (``kwargs`` go to it) in :class:`tricktaker.envs.OrderEnforcing` (PettingZoo's
    ``OrderEnforcingWrapper``, with tricktaker's errors)."""
    return OrderEnforcing(raw_env(**kwargs))
