"""The game protocol and registry: every game conforms (proved by mypy), every command offers it, and every
game passes the one conformance suite of the protocol (below)."""

from __future__ import annotations

import copy
import json
import os
import pickle
import random
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tricktaker import (
    ArgumentError,
    ArgumentTypeError,
    Card,
    IllegalActionError,
    InvalidStateError,
    NothingToUndoError,
    RulesError,
    bots,
    cli,
    protocol,
    sheepshead,
    tractor,
)
from tricktaker.protocol import GAMES, GameModule, S

ROOT = Path(__file__).resolve().parent.parent


def test_the_registry_lists_both_games_in_order() -> None:
    assert list(GAMES) == ["sheepshead", "tractor"]
    assert GAMES["sheepshead"] is sheepshead and GAMES["tractor"] is tractor
    assert len(GAMES) == 2 and "chess" not in GAMES
    with pytest.raises(KeyError):
        GAMES["chess"]
    assert "sheepshead" in repr(GAMES)


def _random_deal(game: GameModule[S, Any], seed: int) -> S:
    """A deal played to its end with the first legal action, through the protocol only."""
    state = game.State.new(seed)
    while not state.is_terminal:
        state.apply_action(state.legal_actions()[0])
    return state


@pytest.mark.parametrize("name", list(GAMES))
def test_generic_code_plays_every_game(name: str) -> None:
    game = GAMES[name]
    state = _random_deal(game, 3)
    assert state.num_players == game.NUM_PLAYERS and state.phase == "done" and sum(state.returns()) == 0
    assert game.State.from_json(state.to_json()) == state
    assert game.random_playouts(4, 1).shape == (4, game.NUM_PLAYERS)
    assert len(game.simulate(4, 1)) == 4
    fresh = game.State.new(5)
    assert fresh.observation(0).shape == game.OBSERVATION_SHAPE
    assert fresh.legal_action_mask().shape == (game.NUM_ACTIONS,)
    assert game.observations([fresh], [0]).shape == (1, *game.OBSERVATION_SHAPE)
    assert game.playouts(fresh, 3, 1).shape == (3, game.NUM_PLAYERS)
    assert game.VectorState(2, 1).state(0).num_players == game.NUM_PLAYERS
    match = game.Match(1, game.Rules())
    assert not match.is_over and match.seed == 1 and not match.record
    assert match.state.rules == match.rules == game.Rules(**game.Rules().to_dict())


def _mypy(source: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    """mypy --strict on ``source`` (the project's configuration, the package from ``python/``)."""
    path = tmp_path / "check.py"
    path.write_text(textwrap.dedent(source))
    command = [sys.executable, "-m", "mypy", "--strict", "--no-error-summary", str(path)]
    env = {**os.environ, "MYPYPATH": str(ROOT / "python")}
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False, env=env)


def test_mypy_proves_both_games_conform(tmp_path: Path) -> None:
    result = _mypy(
        """
        from tricktaker import protocol, sheepshead, tractor

        s: protocol.GameModule[sheepshead.State, sheepshead.Rules] = sheepshead
        t: protocol.GameModule[tractor.State, tractor.Rules] = tractor
        states: list[protocol.GameState] = [sheepshead.State.new(1), tractor.State.new(1)]
        rules: list[protocol.GameRules] = [sheepshead.Rules(), tractor.Rules()]
        """,
        tmp_path,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    # The check has teeth: a module that lacks a member, or a state that lacks a method, is refused.
    result = _mypy(
        """
        from tricktaker import errors, protocol, sheepshead

        class Half:
            @property
            def current_player(self) -> int | None: return None

        state: protocol.GameState = Half()
        game: protocol.GameModule[sheepshead.State, sheepshead.Rules] = errors
        """,
        tmp_path,
    )
    assert result.returncode != 0
    assert "GameState" in result.stdout and "GameModule" in result.stdout


def test_every_command_offers_every_game() -> None:
    assert list(cli.GAMES) == list(GAMES)
    parser = cli.build_parser()
    for name in GAMES:
        plugin = cli.GAMES[name]
        assert plugin.name == name and plugin.module is GAMES[name]
        assert plugin.num_players == GAMES[name].NUM_PLAYERS
        assert parser.parse_args(["simulate", name, "--games", "1", "--seed", "1"]).game == name
        assert parser.parse_args(["play", name]).game == name
        assert parser.parse_args(["arena", name, "--bots", "random"]).game == name
        assert set(plugin.bots) == {"random", "heuristic", "pimc", "solver-pimc", "ismcts"}
        args = parser.parse_args(["simulate", name, "--games", "1", "--seed", "1"])
        assert plugin.module.Rules(**plugin.rules_dict(args)) == plugin.module.Rules()


@pytest.mark.parametrize("name", list(GAMES))
def test_the_arena_takes_every_game_by_name(name: str) -> None:
    field = [bots.RandomBot(i) for i in range(GAMES[name].NUM_PLAYERS)]
    result = bots.arena(name, field, hands=2, seed=1)
    assert result.game == name and len(result.mean) == GAMES[name].NUM_PLAYERS
    with pytest.raises(ValueError, match="unknown game"):
        bots.arena("chess", field, hands=2, seed=1)


def test_the_envs_take_their_sizes_from_the_registry() -> None:
    pytest.importorskip("pettingzoo")
    from tricktaker.envs import sheepshead_v0, tractor_v0

    for env in (sheepshead_v0.raw_env, tractor_v0.raw_env):
        game = protocol.GAMES[env.GAME]
        assert (env.NUM_PLAYERS, env.NUM_ACTIONS) == (game.NUM_PLAYERS, game.NUM_ACTIONS)
        assert env.OBSERVATION_SHAPE == env.OBSERVATION_HIGH.shape == game.OBSERVATION_SHAPE


# ---- the conformance suite, written once for every registered game ----
#
# In the spirit of OpenSpiel's RandomSimTest: random games under random rule options (drawn from each game's
# option table), checked at every step for the invariants of the protocol of docs/design.md. The Rust core
# runs the same checks natively (rust/core/src/conformance.rs); these check them through the Python API.

GAME_NAMES = list(GAMES)


def rules_of(game: GameModule[Any, Any]) -> st.SearchStrategy[Any]:
    """Any rule options of ``game`` that go together, from its table (a combination the rules refuse is
    replaced by the defaults of the options it names, as often as needed)."""
    fields: dict[str, st.SearchStrategy[Any]] = {}
    for o in game.Rules.options():
        if o.kind == "bool":
            fields[o.name] = st.booleans()
        elif o.kind == "choice":
            fields[o.name] = st.sampled_from(o.choices)
        else:
            fields[o.name] = st.integers(o.minimum, min(o.maximum, o.minimum + 50))
    defaults = game.Rules().to_dict()

    def valid(options: dict[str, Any]) -> Any:
        options = dict(options)
        for _ in options:
            try:
                return game.Rules(**options)
            except RulesError as e:
                # The refusal starts with the option it names (V.C).
                named = min((n for n in options if n in str(e)), key=str(e).index)
                options[named] = defaults[named]
        return game.Rules(**options)

    return st.fixed_dictionaries(fields).map(valid)


def random_state(game: GameModule[S, Any], seed: int, depth: int, rules: Any = None) -> S:
    """A game ``depth`` random actions in (or finished, if it ends before)."""
    state = game.State.new(seed, rules=rules)
    rng = random.Random(seed)
    for _ in range(depth):
        if state.is_terminal:
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def check_step(game: GameModule[Any, Any], state: Any, chooser: random.Random, deep: bool) -> None:
    """The invariants of one step (``deep``: also saves, pickling, undo and resampling)."""
    actions = state.legal_actions()
    mask = state.legal_action_mask()
    assert mask.dtype == np.bool_ and mask.shape == (game.NUM_ACTIONS,)
    assert list(np.flatnonzero(mask)) == actions and actions == sorted(set(actions))
    assert state.current_player in range(state.num_players) and not state.is_terminal
    assert state.returns() == [0] * state.num_players
    for a in actions:
        assert state.string_to_action(state.action_to_string(a)) == a
    illegal = [a for a in range(game.NUM_ACTIONS) if a not in actions]
    before = state.clone()
    for bad in [chooser.choice(illegal), -1, game.NUM_ACTIONS, 10**6]:
        with pytest.raises(IllegalActionError):
            state.apply_action(bad)
        assert state == before, "a refused action changes nothing"
    assert state.clone() == state and copy.copy(state) == state and copy.deepcopy(state) == state
    player = chooser.randrange(state.num_players)
    obs = state.observation(player)
    assert obs.shape == state.observation_shape and obs.dtype == np.float32 and np.isfinite(obs).all()
    key = state.information_state_key(player)
    assert isinstance(key, int) and state.clone().information_state_key(player) == key
    if not deep:
        return
    assert game.State.from_json(state.to_json()) == state
    assert game.State.from_json(state.to_json().encode()) == state
    assert pickle.loads(pickle.dumps(state)) == state
    for other in [state.resample(player, chooser.getrandbits(64)), *state.resamples(player, 2, 7)]:
        assert other.information_state_key(player) == key
        assert (other.observation(player) == obs).all()
        assert other.hand(player) == state.hand(player)
        assert (other.current_player, other.phase, len(other.history())) == (
            state.current_player,
            state.phase,
            len(state.history()),
        )
        if other.current_player == player:
            assert other.legal_actions() == actions
        assert game.State.from_json(other.to_json()) == other and pickle.loads(pickle.dumps(other)) == other
    action = chooser.choice(actions)
    state.apply_action(action)
    after = state.clone()
    state.undo()
    assert state == before
    state.apply_action(action)
    assert state == after
    state.undo()


@pytest.mark.parametrize("name", GAME_NAMES)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**64 - 1), chooser=st.randoms(use_true_random=False), data=st.data())
def test_random_games_keep_the_protocol(
    name: str, seed: int, chooser: random.Random, data: st.DataObject
) -> None:
    game = GAMES[name]
    rules = data.draw(rules_of(game))
    state = game.State.new(seed, rules=rules)
    assert state.rules == rules and (state.num_players, *state.observation_shape) == game.table(rules)[:2]
    start, steps = state.clone(), 0
    while not state.is_terminal:
        check_step(game, state, chooser, deep=steps % 13 == 0)
        state.apply_action(chooser.choice(state.legal_actions()))
        steps += 1
    assert (
        state.current_player is None and state.legal_actions() == [] and not state.legal_action_mask().any()
    )
    returns = state.returns()
    assert len(returns) == state.num_players and sum(returns) == 0
    with pytest.raises(IllegalActionError):
        state.apply_action(0)
    assert game.State.from_json(state.to_json()) == state
    for _ in range(steps):
        state.undo()
    assert state == start
    with pytest.raises(NothingToUndoError):
        state.undo()


@pytest.mark.parametrize("name", GAME_NAMES)
def test_the_same_seed_gives_the_same_game_and_clones_are_independent(name: str) -> None:
    game = GAMES[name]
    a, b = random_state(game, 42, 1000), random_state(game, 42, 1000)
    assert a == b and a.history() == b.history()
    assert game.State.new(42) != game.State.new(43)
    fresh = game.State.new(1)
    twin = fresh.clone()
    twin.apply_action(twin.legal_actions()[0])
    assert fresh.history() == [] and twin.history() != [] and twin != fresh


@pytest.mark.parametrize("name", GAME_NAMES)
def test_observations_write_into_a_buffer_and_check_it(name: str) -> None:
    game = GAMES[name]
    state = random_state(game, 4, 30)
    buffer = np.zeros(game.OBSERVATION_SHAPE, dtype=np.float32)
    assert state.observation(1, out=buffer) is buffer and (buffer == state.observation(1)).all()
    with pytest.raises(ValueError, match="shape"):
        state.observation(1, out=np.zeros(10, dtype=np.float32))
    for seat in (-1, game.NUM_PLAYERS, 2**70):
        with pytest.raises(ArgumentError, match="player must be an int from 0"):
            state.observation(seat)
        with pytest.raises(ArgumentError, match="player must be an int from 0"):
            state.resample(seat, 1)
    with pytest.raises(ArgumentTypeError, match="bool"):
        state.observation(True)
    keys = {state.information_state_key(p) for p in range(game.NUM_PLAYERS)}
    assert len(keys) == game.NUM_PLAYERS, "every seat knows something the others do not"
    before = state.information_state_key(0)
    state.apply_action(state.legal_actions()[0])
    assert state.information_state_key(0) != before, "everyone sees an action"
    assert state.resamples(0, 0, 3) == []


@pytest.mark.parametrize("name", GAME_NAMES)
def test_playouts_finish_one_position_many_times(name: str) -> None:
    game = GAMES[name]
    state = random_state(game, 6, 12)
    before = state.clone()
    a = game.playouts(state, 300, 3, threads=1)
    assert a.shape == (300, game.NUM_PLAYERS) and a.dtype == np.int32 and (a.sum(axis=1) == 0).all()
    assert (a == game.playouts(state, 300, 3, threads=2)).all(), "rollouts do not depend on the threads"
    assert state == before
    assert len({tuple(r) for r in a.tolist()}) > 1
    finished = random_state(game, 6, 10_000)
    assert (game.playouts(finished, 3, 1) == finished.returns()).all()
    for bad, error in (
        (-1, ArgumentError),
        (2**70, ArgumentError),
        (True, ArgumentTypeError),
        (1.5, ArgumentTypeError),
    ):
        with pytest.raises(error, match="n must" if error is ArgumentError else "int"):
            game.playouts(state, bad, 1)  # type: ignore[arg-type]
    for threads, error in (
        (0, ArgumentError),
        (-2, ArgumentError),
        (2**31, ArgumentError),
        (True, ArgumentTypeError),
    ):
        with pytest.raises(error, match="threads must" if error is ArgumentError else "bool"):
            game.playouts(state, 2, 1, threads=threads)
    with pytest.raises(ValueError, match="policy"):
        game.playouts(state, 2, 1, policy="clever")  # type: ignore[call-arg]


@pytest.mark.parametrize("name", GAME_NAMES)
def test_random_playouts_depend_on_the_seed_only(name: str) -> None:
    game = GAMES[name]
    a = game.random_playouts(600, 11, threads=1)
    assert a.shape == (600, game.NUM_PLAYERS) and a.dtype == np.int32 and (a.sum(axis=1) == 0).all()
    assert (a == game.random_playouts(600, 11, threads=2)).all()
    assert (a[:100] == game.random_playouts(100, 11)).all(), "a batch is a prefix of a longer one"
    assert not (a == game.random_playouts(600, 12)).all()
    assert game.random_playouts(0, 1).shape == (0, game.NUM_PLAYERS)
    assert (game.simulate(600, 11).returns == a).all()


@pytest.mark.parametrize("name", GAME_NAMES)
def test_saves_load_from_str_bytes_and_bytearray_and_refuse_bad_text(name: str) -> None:
    game = GAMES[name]
    state = random_state(game, 2, 20)
    text = state.to_json()
    for form in (
        text,
        text.encode(),
        bytearray(text.encode()),
        "\ufeff" + text,
        b"\xef\xbb\xbf" + text.encode(),
    ):
        assert game.State.from_json(form) == state
    for bad in ("\ud800", b"\xff", "[" * 10_000, "", 5, None):
        with pytest.raises(InvalidStateError):
            game.State.from_json(bad)  # type: ignore[arg-type]
    assert pickle.loads(pickle.dumps(state.rules)) == state.rules


@pytest.mark.parametrize("name", GAME_NAMES)
def test_rules_take_numpy_values_and_old_pickles_load(name: str) -> None:
    game = GAMES[name]
    option = next(o for o in game.Rules.options() if o.kind == "bool")
    assert getattr(game.Rules(**{option.name: np.bool_(not option.default)}), option.name) == (
        not option.default
    )
    changed = game.Rules(**{option.name: not option.default})
    assert game._rules_from_dict(changed.to_dict()) == changed  # what pickles of earlier builds call


@pytest.mark.parametrize("name", GAME_NAMES)
def test_batches_that_cannot_fit_are_refused(name: str) -> None:
    game = GAMES[name]
    for n in (2**40, 2**62, 2**63, 2**70):
        with pytest.raises(ArgumentError, match="at most 1024 MiB"):
            game.random_playouts(n, 1)
    assert game.random_playouts.__module__ == f"tricktaker._core.{name}"


def test_hands_per_game_takes_any_positive_32_bit_count() -> None:
    assert sheepshead.Rules(hands_per_game=2**32 - 1).hands_per_game == 2**32 - 1
    with pytest.raises(RulesError):
        sheepshead.Rules(hands_per_game=2**32)
    assert sheepshead.Rules(hands_per_game=np.int64(20)).hands_per_game == 20


def _tractor_save_with(restacks: list[Any]) -> str:
    data = json.loads(tractor.State.new(4).to_json())
    data["start"]["deal"]["restacks"] = restacks
    return json.dumps(data)


def test_a_tractor_save_with_no_restacked_deal_is_a_plain_deal() -> None:
    plain = tractor.State.new(4)
    loaded = tractor.State.from_json(_tractor_save_with([]))
    assert loaded == plain and loaded.to_json() == plain.to_json()
    stack = " ".join(str(c) for c in sorted(Card.all(), key=lambda c: c.id) for _ in range(2))
    with pytest.raises(InvalidStateError, match="numbered from 1"):
        tractor.State.from_json(_tractor_save_with([{"deal": 0, "stack": stack, "after": [1, 2, 3, 4]}]))
