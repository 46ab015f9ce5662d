"""PettingZoo environments for the tricktaker games (``pip install tricktaker[envs]``).

Each game has a module with PettingZoo's usual two entry points:

- :mod:`tricktaker.envs.sheepshead_v0` — Sheepshead, agents ``player_0`` … ``player_4``;
- :mod:`tricktaker.envs.tractor_v0` — Tractor (Sheng Ji), agents ``player_0`` … ``player_3``.

``env(**kwargs)`` is the environment wrapped in :class:`OrderEnforcing`, PettingZoo's
``OrderEnforcingWrapper`` (an :class:`~tricktaker.InvalidStateError` for a call before ``reset``);
``raw_env`` is the :class:`~pettingzoo.AECEnv` class itself::

    from tricktaker.envs import sheepshead_v0

    env = sheepshead_v0.env()
    env.reset(seed=7)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        if termination or truncation:
            action = None
        else:
            action = env.action_space(agent).sample(observation["action_mask"])
        env.step(action)

Both environments are AEC environments over one hand / round of the game (the game's :class:`State`, seen
through the search protocol, :class:`tricktaker.protocol.GameState`); what they share is
:class:`TrickTakingEnv`:

- **agents** ``player_i`` is seat ``i``; ``agent_selection`` is always ``state.current_player``.
- **observation** ``{"observation": state.observation(seat), "action_mask": mask}``: the float32 vector of
  what the seat may know (layouts in ``docs/*-protocol.md``) and the legal actions as int8 0/1, all zeros
  for every agent but the one to act (and for everyone once the game is over).
- **action space** ``Discrete(NUM_ACTIONS)`` with the game's action numbering.
- **rewards** zero on every step but the last; on the last, each agent's reward is ``state.returns()[seat]``
  (zero-sum), accumulated in ``_cumulative_rewards`` as PettingZoo does, so ``last()`` hands it to each agent
  as it is stepped out with ``None``. Every termination is then ``True``; truncations are always ``False``.
- **illegal actions raise** :class:`tricktaker.IllegalActionError` (a ``ValueError``): an action that the
  mask does not offer, one outside ``0 … NUM_ACTIONS - 1``, or ``None`` for the agent to act. The call then
  changes nothing — the game, the rewards and ``agent_selection`` are as before — so the caller can retry.
  PettingZoo's ``TerminateIllegalWrapper`` is not applied by default: it gives only the offender a reward,
  which would break the zero-sum returns. Wrap ``raw_env`` with it to get that convention instead.
- **seeding** ``reset(seed=s)`` deals ``State.new(s, …)`` (so the env and the protocol agree on a seed) and
  reseeds the env's ``np_random``; ``reset()`` deals from a seed drawn from ``np_random``. ``options`` is
  ignored.
- **rendering** ``render_mode="human"`` prints the table (``str(state)``) after every step and on
  ``render()``; ``"ansi"`` makes ``render()`` return that text.
- :attr:`TrickTakingEnv.game` is the game's live :class:`State` (clone it before searching from it).
"""

from __future__ import annotations

from abc import abstractmethod
from typing import Any, ClassVar, Generic

import numpy as np
import numpy.typing as npt

try:
    import gymnasium
    from gymnasium import spaces
    from gymnasium.utils import seeding
    from pettingzoo import AECEnv  # type: ignore[import-untyped]
    from pettingzoo.utils.wrappers import OrderEnforcingWrapper  # type: ignore[import-untyped]
except ImportError as error:  # pragma: no cover - depends on the installed extras
    raise ImportError(
        "tricktaker.envs needs PettingZoo and Gymnasium: pip install 'tricktaker[envs]'"
    ) from error

from .. import _args
from ..errors import ArgumentError, ArgumentTypeError, IllegalActionError, InvalidStateError
from ..protocol import GAMES, GameState, S

__all__ = ["GameState", "OrderEnforcing", "TrickTakingEnv"]

Observation = dict[str, npt.NDArray[Any]]
"""What ``observe`` returns: ``{"observation": float32 vector, "action_mask": int8 vector}``."""


class TrickTakingEnv(AECEnv, Generic[S]):  # type: ignore[misc]  # pettingzoo is untyped: AECEnv is Any
    """An AEC environment over one deal of a tricktaker game, subclassed by each game (see the module doc).

    A subclass names its game of :data:`tricktaker.protocol.GAMES` in its class statement
    (``class raw_env(TrickTakingEnv[sheepshead.State], game="sheepshead")``), which sets ``GAME``,
    ``NUM_PLAYERS``, ``NUM_ACTIONS`` and ``OBSERVATION_SHAPE`` from the game's module; it sets ``metadata``,
    ``OBSERVATION_LOW`` and ``OBSERVATION_HIGH`` (the bounds of every observation entry) and deals in
    :meth:`_new_state`.
    """

    metadata: ClassVar[dict[str, Any]]
    GAME: ClassVar[str]
    NUM_PLAYERS: ClassVar[int]
    NUM_ACTIONS: ClassVar[int]
    OBSERVATION_SHAPE: ClassVar[tuple[int, ...]]
    OBSERVATION_LOW: ClassVar[npt.NDArray[np.float32]]
    OBSERVATION_HIGH: ClassVar[npt.NDArray[np.float32]]

    possible_agents: list[str]
    agents: list[str]
    observation_spaces: dict[str, spaces.Dict]
    action_spaces: dict[str, spaces.Discrete]
    rewards: dict[str, float]
    _cumulative_rewards: dict[str, float]
    terminations: dict[str, bool]
    truncations: dict[str, bool]
    infos: dict[str, dict[str, Any]]
    agent_selection: str

    def __init_subclass__(cls, game: str | None = None, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if game is not None:
            module = GAMES[game]
            cls.GAME = game
            cls.NUM_PLAYERS = module.NUM_PLAYERS
            cls.NUM_ACTIONS = module.NUM_ACTIONS
            cls.OBSERVATION_SHAPE = module.OBSERVATION_SHAPE

    def __init__(self, render_mode: str | None = None) -> None:
        super().__init__()
        if render_mode is not None and not (
            isinstance(render_mode, str) and render_mode in self.metadata["render_modes"]
        ):
            raise ArgumentError(f"render_mode must be one of {self.metadata['render_modes']} or None")
        self.render_mode = render_mode
        self.possible_agents = [f"player_{seat}" for seat in range(self.NUM_PLAYERS)]
        self.agents = []
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        # One space object per agent, so that seeding one agent's space does not touch another's.
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(
                        low=self.OBSERVATION_LOW, high=self.OBSERVATION_HIGH, dtype=np.float32
                    ),
                    "action_mask": spaces.Box(low=0, high=1, shape=(self.NUM_ACTIONS,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(self.NUM_ACTIONS) for agent in self.possible_agents}
        self.np_random, _ = seeding.np_random(None)
        self._game: S | None = None

    @abstractmethod
    def _new_state(self, seed: int) -> S:
        """A fresh deal from ``seed`` with the options given to the constructor."""

    @property
    def game(self) -> S:
        """The game's live state (the environment's own: ``clone()`` it to search or look ahead)."""
        if self._game is None:
            raise InvalidStateError("the environment has no game before reset()")
        return self._game

    def _seat(self, agent: str) -> int:
        """The seat of ``agent`` (``"player_2"`` is seat 2); any other name raises ``ArgumentError``."""
        seat = self._seats.get(agent) if isinstance(agent, str) else None
        if seat is None:
            raise ArgumentError(
                f"no agent is called {_args.shown(agent)}: the agents are {self.possible_agents}"
            )
        return seat

    def observation_space(self, agent: str) -> spaces.Dict:
        self._seat(agent)
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        self._seat(agent)
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is None:
            game = self._new_state(int(self.np_random.integers(0, 2**64, dtype=np.uint64)))
        else:
            seed = _args.seed(seed)
            game = self._new_state(seed)
            self.np_random, _ = seeding.np_random(seed)
        self._game = game
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self._skip_agent_selection = None
        seat = game.current_player
        if seat is None:  # pragma: no cover - a fresh deal always has a player to act
            raise RuntimeError("a fresh deal is already over")
        self.agent_selection = self.possible_agents[seat]

    def last(self, observe: bool = True) -> tuple[Observation | None, float, bool, bool, dict[str, Any]]:
        """PettingZoo's ``last()``; once every agent has stepped out of a finished game there is no agent to
        report on, and ``InvalidStateError`` says to ``reset()``."""
        if not isinstance(observe, bool | np.bool_):
            raise ArgumentTypeError(f"observe must be a bool, not {_args.shown(observe)}")
        if self.agent_selection not in self.agents:
            raise InvalidStateError("the game is over and every agent has stepped out: reset() to play again")
        return super().last(observe)  # type: ignore[no-any-return]

    def observe(self, agent: str) -> Observation:
        game = self.game
        seat = self._seat(agent)
        if game.current_player == seat:
            mask = game.legal_action_mask().astype(np.int8)
        else:
            mask = np.zeros(self.NUM_ACTIONS, dtype=np.int8)
        return {"observation": game.observation(seat), "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise IllegalActionError(
                    f"{agent}'s game is over: its only action is None, not {_args.shown(action)}"
                )
            self._was_dead_step(action)
            return
        game = self.game
        if action is None:
            raise IllegalActionError(f"{agent} is to act: None is only the action of a finished agent")
        # Any int (a numpy one too) or nothing: a bool or a float raises ArgumentTypeError, an id that is not
        # legal IllegalActionError, with the game unchanged.
        game.apply_action(action)
        self._cumulative_rewards[agent] = 0.0
        if game.is_terminal:
            returns = game.returns()
            self.rewards = {a: float(returns[self._seats[a]]) for a in self.agents}
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.rewards = dict.fromkeys(self.agents, 0.0)
            seat = game.current_player
            assert seat is not None
            self.agent_selection = self.possible_agents[seat]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn(
                "render() was called without a render_mode: pass render_mode='human' or 'ansi'"
            )
            return None
        text = str(self.game)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


class OrderEnforcing(OrderEnforcingWrapper):  # type: ignore[misc]  # pettingzoo is untyped
    """PettingZoo's ``OrderEnforcingWrapper``, refusing a call before ``reset()`` with
    :class:`tricktaker.InvalidStateError` (a ``ValueError``) rather than an ``AssertionError``."""

    def _reset_first(self, call: str) -> None:
        if not self._has_reset:
            raise InvalidStateError(f"reset() must be called before {call}")

    def step(self, action: Any) -> None:
        self._reset_first("step()")
        super().step(action)

    def observe(self, agent: str) -> Any:
        self._reset_first("observe()")
        return super().observe(agent)

    def last(self, observe: bool = True) -> Any:
        self._reset_first("last()")
        return self.env.last(observe)

    def render(self) -> Any:
        self._reset_first("render()")
        return super().render()

    def state(self) -> Any:
        self._reset_first("state()")
        return super().state()

    def agent_iter(self, max_iter: int = 2**63) -> Any:
        self._reset_first("agent_iter()")
        return super().agent_iter(max_iter)
