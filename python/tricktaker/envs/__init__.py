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
    """PettingZoo's description of the environment, set by each game: ``"render_modes"`` (the values
    ``render_mode`` takes besides ``None``: ``["human", "ansi"]``), ``"name"`` (``"sheepshead_v0"``,
    ``"tractor_v0"``: what ``str()`` of the environment shows) and ``"is_parallelizable"`` (``False``: one
    agent acts at a time, so PettingZoo's ``aec_to_parallel`` refuses the environment)."""
    GAME: ClassVar[str]
    """The game's name in :data:`tricktaker.protocol.GAMES` (``"sheepshead"``, ``"tractor"``), from the
    subclass's class statement."""
    NUM_PLAYERS: ClassVar[int]
    """The number of seats, hence of agents: the game module's ``NUM_PLAYERS`` (5 for Sheepshead, 4 for
    Tractor)."""
    NUM_ACTIONS: ClassVar[int]
    """The size of the action space and of the action mask: the game module's ``NUM_ACTIONS``, every action
    id ``0 … NUM_ACTIONS - 1`` of the game's numbering."""
    OBSERVATION_SHAPE: ClassVar[tuple[int, ...]]
    """The shape of ``observe(agent)["observation"]``: the game module's ``OBSERVATION_SHAPE`` (``(537,)``
    for Sheepshead, ``(939,)`` for Tractor)."""
    OBSERVATION_LOW: ClassVar[npt.NDArray[np.float32]]
    """The lower bound of every observation entry (float32, of shape ``OBSERVATION_SHAPE``): the ``low`` of
    the ``"observation"`` Box of :attr:`observation_spaces`. Each game sets it."""
    OBSERVATION_HIGH: ClassVar[npt.NDArray[np.float32]]
    """The upper bound of every observation entry (float32, of shape ``OBSERVATION_SHAPE``): the ``high`` of
    the ``"observation"`` Box of :attr:`observation_spaces`. Each game sets it."""

    possible_agents: list[str]
    """Every agent of the game, ``["player_0", …]`` in seat order (``player_i`` is seat ``i``); the same
    from construction on, whatever the game's progress."""
    agents: list[str]
    """The agents still in the game, in seat order: empty until ``reset()``, which sets all of
    :attr:`possible_agents`; once the game is over, each agent leaves it as it is stepped with ``None``."""
    observation_spaces: dict[str, spaces.Dict]
    """Each agent's observation space (:meth:`observation_space`): a ``Dict`` of the ``"observation"`` Box
    (float32, bounded by ``OBSERVATION_LOW`` and ``OBSERVATION_HIGH``) and the ``"action_mask"`` Box (int8
    0/1, ``NUM_ACTIONS`` long). One space object per agent, so that seeding one does not seed another."""
    action_spaces: dict[str, spaces.Discrete]
    """Each agent's action space (:meth:`action_space`): ``Discrete(NUM_ACTIONS)``, one object per agent.
    Sample from it with the action mask (``space.sample(mask)``): most actions are illegal at any time."""
    rewards: dict[str, float]
    """Each agent's reward for the last step: 0.0 after every action but the one that ends the game, after
    which it is each agent's return (``state.returns()[seat]``, zero-sum). The steps with ``None`` that
    follow set it back to 0.0 and drop the agent stepped out; ``last()`` reports the cumulative reward, not
    this."""
    _cumulative_rewards: dict[str, float]
    terminations: dict[str, bool]
    """Whether each agent's game is over: ``False`` until the action that ends the game, then ``True`` for
    every agent still in the game (each is then stepped with ``None`` to leave it)."""
    truncations: dict[str, bool]
    """Whether each agent's game was cut short: always ``False``, since every game ends by its rules."""
    infos: dict[str, dict[str, Any]]
    """Each agent's extra information: an empty ``dict``, always (the legal actions are in the observation's
    ``"action_mask"``)."""
    agent_selection: str
    """The agent to step next: the seat to act (``state.current_player``) while the game goes on; once it is
    over, each finished agent in turn (the one who made the last action first, then the others in seat
    order). Once the last of them has stepped out it still names the agent who made the last action, though
    :attr:`agents` is empty."""

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
        """How the environment renders, fixed at construction: ``None`` (``render()`` warns and returns
        ``None``), ``"human"`` (the table printed after every action and on ``render()``) or ``"ansi"``
        (``render()`` returns the table as text)."""
        # The table of the options given, when they seat more or fewer, or observe more, than the defaults.
        players, low, high = self._table()
        if players != type(self).NUM_PLAYERS or low.shape != type(self).OBSERVATION_SHAPE:
            self.NUM_PLAYERS, self.OBSERVATION_SHAPE = players, low.shape  # type: ignore[misc]
            self.OBSERVATION_LOW, self.OBSERVATION_HIGH = low, high  # type: ignore[misc]
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

    def _table(self) -> tuple[int, npt.NDArray[np.float32], npt.NDArray[np.float32]]:
        """The seats and the observation bounds of this environment's options: the class's by default; a game
        whose options change them (Sheepshead's variants) says so here, and the instance then has its own
        ``NUM_PLAYERS``, ``OBSERVATION_SHAPE``, ``OBSERVATION_LOW`` and ``OBSERVATION_HIGH``."""
        return self.NUM_PLAYERS, self.OBSERVATION_LOW, self.OBSERVATION_HIGH

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
        """The observation space of ``agent``: its entry of :attr:`observation_spaces`, the same object at
        every call. An agent not of :attr:`possible_agents` raises :class:`tricktaker.ArgumentError`."""
        self._seat(agent)
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        """The action space of ``agent``, ``Discrete(NUM_ACTIONS)``: its entry of :attr:`action_spaces`, the
        same object at every call. An agent not of :attr:`possible_agents` raises
        :class:`tricktaker.ArgumentError`."""
        self._seat(agent)
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game, whatever the state of the last one (PettingZoo's ``reset``: it returns nothing).

        ``seed`` (an int from 0 to 2**64 - 1) deals ``State.new(seed, …)`` with the constructor's options, the
        same deal at every reset with that seed, and reseeds ``np_random`` from it; ``None`` deals from a
        seed drawn from ``np_random``. A ``seed`` that is not an int raises
        :class:`tricktaker.ArgumentTypeError`, one out of range :class:`tricktaker.ArgumentError`, with the
        environment unchanged. ``options`` is ignored.

        Afterwards every agent of :attr:`possible_agents` is in :attr:`agents`, the rewards (and cumulative
        rewards) are 0.0, no agent is terminated or truncated, the infos are empty and
        :attr:`agent_selection` is the agent to act first. The agents' spaces are not reseeded.
        """
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
        """What ``agent`` sees now: ``{"observation": ..., "action_mask": ...}`` (:data:`Observation`).

        ``"observation"`` is ``state.observation(seat)``, the float32 vector of what the seat may know, within
        :attr:`OBSERVATION_LOW` and :attr:`OBSERVATION_HIGH`; ``"action_mask"`` is int8: for the agent to
        act, 1 for each legal action and 0 for the others; all zeros for every other agent (and for everyone
        once the game is over). Any agent of :attr:`possible_agents` may be observed, one that has stepped out
        too; another name raises :class:`tricktaker.ArgumentError`, and a call before ``reset()``
        :class:`tricktaker.InvalidStateError`. The arrays are new at every call.
        """
        game = self.game
        seat = self._seat(agent)
        if game.current_player == seat:
            mask = game.legal_action_mask().astype(np.int8)
        else:
            mask = np.zeros(self.NUM_ACTIONS, dtype=np.int8)
        return {"observation": game.observation(seat), "action_mask": mask}

    def step(self, action: int | None) -> None:
        """Play ``action`` for :attr:`agent_selection`, then select the agent to step next.

        While the game goes on, ``action`` is one of the legal action ids of the agent's mask (an ``int``, a
        NumPy integer too): it is applied to :attr:`game`, the rewards are set (0.0, or every agent's return
        if the game is now over, when every agent is terminated) and accumulated, and
        :attr:`agent_selection` becomes the seat to act. With ``render_mode="human"`` the table is then
        printed.

        Once the agent's game is over, its only action is ``None``, which takes it out of :attr:`agents` and
        of the per-agent dicts (PettingZoo's dead step) and selects the next finished agent. Step until
        :attr:`agents` is empty, then ``reset()`` before stepping again (a step then raises
        :class:`tricktaker.InvalidStateError`).

        An action that the mask does not offer, one outside ``0 … NUM_ACTIONS - 1``, ``None`` for the agent to
        act or anything but ``None`` for a finished one raises :class:`tricktaker.IllegalActionError`, and
        any other value that is not an int (a ``bool``, a ``float``) :class:`tricktaker.ArgumentTypeError`;
        the call then changes nothing. Call ``reset()`` first: before it, ``env()``'s :class:`OrderEnforcing`
        raises :class:`tricktaker.InvalidStateError`.
        """
        agent = self.agent_selection
        if not self.agents:
            raise InvalidStateError("every agent has stepped out of the finished game: reset() before step()")
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
        """The table (``str(state)``, the game's text picture) as ``render_mode`` says: printed for
        ``"human"``, returned for ``"ansi"``. Without a ``render_mode`` it only warns (Gymnasium's logger) and
        returns ``None``; with one, a call before ``reset()`` raises :class:`tricktaker.InvalidStateError`."""
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
        """Release the environment's resources: it holds none (no window, no process), so this does nothing,
        and the environment stays usable."""
        pass


class OrderEnforcing(OrderEnforcingWrapper):  # type: ignore[misc]  # pettingzoo is untyped
    """PettingZoo's ``OrderEnforcingWrapper``, refusing a call before ``reset()`` with
    :class:`tricktaker.InvalidStateError` (a ``ValueError``) rather than an ``AssertionError``."""

    def _reset_first(self, call: str) -> None:
        if not self._has_reset:
            raise InvalidStateError(f"reset() must be called before {call}")

    def step(self, action: Any) -> None:
        """The environment's ``step(action)``; before ``reset()``, :class:`tricktaker.InvalidStateError`.
        Once every agent has stepped out of a finished game it only warns (PettingZoo's logger) that
        ``reset()`` should come first, and does nothing."""
        self._reset_first("step()")
        super().step(action)

    def observe(self, agent: str) -> Any:
        """The environment's ``observe(agent)`` (:meth:`TrickTakingEnv.observe`); before ``reset()``,
        :class:`tricktaker.InvalidStateError`."""
        self._reset_first("observe()")
        return super().observe(agent)

    def last(self, observe: bool = True) -> Any:
        """The environment's ``last(observe)`` (:meth:`TrickTakingEnv.last`): ``(observation, cumulative
        reward, termination, truncation, info)`` of :attr:`~TrickTakingEnv.agent_selection`, the observation
        ``None`` if ``observe`` is false; before ``reset()``, :class:`tricktaker.InvalidStateError`."""
        self._reset_first("last()")
        return self.env.last(observe)

    def render(self) -> Any:
        """The environment's ``render()`` (:meth:`TrickTakingEnv.render`); before ``reset()``,
        :class:`tricktaker.InvalidStateError`, whatever the ``render_mode``."""
        self._reset_first("render()")
        return super().render()

    def state(self) -> Any:
        """PettingZoo's global ``state()``, which the environments do not implement: ``NotImplementedError``
        (the game's own state is ``env.unwrapped.game``); before ``reset()``,
        :class:`tricktaker.InvalidStateError`."""
        self._reset_first("state()")
        return super().state()

    def agent_iter(self, max_iter: int = 2**63) -> Any:
        """An iterable of the agent to step, :attr:`~TrickTakingEnv.agent_selection`, while any agent is left
        in :attr:`~TrickTakingEnv.agents` (at most ``max_iter`` of them); the loop must ``step()`` (or
        ``reset()``) before each next agent, or the iterator raises ``AssertionError``. Before ``reset()``,
        :class:`tricktaker.InvalidStateError`."""
        self._reset_first("agent_iter()")
        return super().agent_iter(max_iter)
