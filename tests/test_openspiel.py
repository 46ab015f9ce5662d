"""tricktaker's games inside OpenSpiel (tricktaker.openspiel, extra [openspiel]): OpenSpiel's own checks and
bots run on them, and every part of a pyspiel game is the game's own."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import evaluate_bots, ismcts, mcts  # noqa: E402

from tricktaker import IllegalActionError, openspiel, sheepshead, tractor  # noqa: E402
from tricktaker.errors import ArgumentError  # noqa: E402

MODULES: dict[str, Any] = {"sheepshead": sheepshead, "tractor": tractor}

# A sample of variants: every option of each game away from its default at least once.
VARIANTS: dict[str, list[dict[str, Any]]] = {
    "sheepshead": [
        {},
        {"double_on_the_bump": True, "jack_order": "seed", "multiplier": 2, "dealer": 3},
        {"all_pass": "doubler", "no_legal_call": "unknown", "called_card_no_discard": False},
        # Other tables (V1): their seats, decks, deals and observation shapes.
        {"players": 3, "blitz": True},
        {"players": 4, "four_handed": "called_ace_30", "dealer": 2},
        {"players": 6, "cracking": True, "dealer": 5},
        {"players": 6, "six_handed": "five_each", "partner": "jack"},
        {"players": 8, "multiplier_cap": 4},
    ],
    "tractor": [
        {},
        {
            "first_drawer_round1": "seat0",
            "allow_self_reinforce": True,
            "red_pair_overrides_black_pair": True,
            "tractor_follow": "full",
            "throw_compare": "unit_length",
            "after_ace": "no_trump_level",
        },
        {"level_0": 5, "level_1": 9, "declarers": 1, "starter": 3, "plain_suit_gap_closing": False},
    ],
}


def dealt(game: Any, seed: int) -> Any:
    """A state of ``game`` after its chance nodes, the cards drawn with ``seed``."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    while state.is_chance_node():
        outcomes, probs = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(rng.choices(outcomes, probs)[0])
    return state


def play_randomly(state: Any, seed: int, until: int | None = None) -> Any:
    rng = random.Random(seed)
    steps = 0
    while not state.is_terminal() and (until is None or steps < until):
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
    return state


@pytest.mark.parametrize("game", ["sheepshead", "tractor"])
def test_random_sim_test_with_serialization_passes_for_every_sampled_variant(game: str) -> None:
    for params in VARIANTS[game]:
        loaded = pyspiel.load_game(openspiel.GAME_NAMES[game], params)
        pyspiel.random_sim_test(
            loaded, num_sims=3 if game == "tractor" else 10, serialize=True, verbose=False
        )


@pytest.mark.parametrize("game", ["sheepshead", "tractor"])
def test_every_rule_option_is_a_parameter_and_reaches_the_rules(game: str) -> None:
    module = MODULES[game]
    defaults = module.Rules().to_dict()
    spec = pyspiel.load_game(openspiel.GAME_NAMES[game]).get_type().parameter_specification
    assert set(defaults) <= set(spec)
    for params in VARIANTS[game]:
        loaded = pyspiel.load_game(openspiel.GAME_NAMES[game], params)
        state = dealt(loaded, 1)
        options = {k: v for k, v in params.items() if k in defaults}
        assert state.inner.rules == module.Rules(**options)


def test_bad_parameters_are_refused_with_what_is_wrong() -> None:
    with pytest.raises(Exception, match="jack_order"):
        pyspiel.load_game("tricktaker_sheepshead", {"jack_order": "sideways"})
    with pytest.raises(Exception, match="dealer"):
        pyspiel.load_game("tricktaker_sheepshead", {"dealer": 7})
    with pytest.raises(Exception, match="levels"):
        pyspiel.load_game("tricktaker_tractor", {"level_0": 1})
    with pytest.raises(ArgumentError, match="unknown parameter 'seats'"):
        openspiel.SheepsheadGame({"seats": 6})
    with pytest.raises(Exception, match="partner"):
        pyspiel.load_game("tricktaker_sheepshead", {"players": 3, "partner": "jack"})  # V.C


@pytest.mark.parametrize("game", ["sheepshead", "tractor"])
def test_game_info_is_the_game_s_own(game: str) -> None:
    module = MODULES[game]
    loaded = pyspiel.load_game(openspiel.GAME_NAMES[game])
    info_type = loaded.get_type()
    assert loaded.num_players() == module.NUM_PLAYERS
    assert loaded.num_distinct_actions() == module.NUM_ACTIONS
    assert loaded.max_chance_outcomes() == (32 if game == "sheepshead" else 54)
    assert loaded.utility_sum() == 0.0
    assert info_type.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert info_type.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert loaded.observation_tensor_shape() == list(module.OBSERVATION_SHAPE)
    # Over random games: returns within the bounds, zero-sum, and the history within max_game_length.
    for seed in range(40 if game == "sheepshead" else 6):
        state = play_randomly(loaded.new_initial_state(), seed)
        returns = state.returns()
        assert sum(returns) == 0
        assert all(loaded.min_utility() <= r <= loaded.max_utility() for r in returns)
        assert len(state.history()) <= loaded.max_game_length()


def test_sheepshead_utility_bounds_follow_the_options() -> None:
    assert pyspiel.load_game("tricktaker_sheepshead").min_utility() == -12.0
    bumped = pyspiel.load_game("tricktaker_sheepshead", {"double_on_the_bump": True, "multiplier": 3})
    assert (bumped.min_utility(), bumped.max_utility()) == (-72.0, 36.0)
    # Alone against two at three seats; cracks and three blitzed pairs (V24-V27), then the cap.
    assert pyspiel.load_game("tricktaker_sheepshead", {"players": 3}).max_utility() == 6.0
    blitz = {"blitz": True, "blitz_pairs": "black_queens+red_queens+black_jacks"}
    doubled = pyspiel.load_game("tricktaker_sheepshead", {"cracking": True, **blitz})
    assert doubled.max_utility() == 12.0 * 2**5
    capped = pyspiel.load_game("tricktaker_sheepshead", {"cracking": True, "multiplier_cap": 2})
    assert capped.max_utility() == 24.0


@pytest.mark.parametrize(
    "params",
    [{"players": 3}, {"players": 6}, {"players": 4, "four_handed": "called_ace_30"}, {"players": 8}],
)
def test_other_sheepshead_tables_are_the_game_s_own(params: dict[str, Any]) -> None:
    loaded = pyspiel.load_game("tricktaker_sheepshead", params)
    rules = sheepshead.Rules(**{k: v for k, v in params.items() if k != "dealer"})
    players, size, _ = sheepshead.table(rules)
    assert (loaded.num_players(), loaded.observation_tensor_shape()) == (players, [size])
    for seed in range(20):
        state = dealt(loaded, seed)
        inner = state.inner
        # The deal is the chance cards: the form's deck, hands in seat order, the blind last.
        assert sorted(c.id for c in state._cards) == sorted(
            c.id for c in [*(c for hand in inner.dealt_hands() for c in hand), *inner.blind]
        )
        assert len(state._cards) == (30 if params.get("four_handed") else 32)
        play_randomly(state, seed)
        returns = state.returns()
        assert len(returns) == players and sum(returns) == 0
        assert all(loaded.min_utility() <= r <= loaded.max_utility() for r in returns)
        assert len(state.history()) <= loaded.max_game_length()


@pytest.mark.parametrize("game", ["sheepshead", "tractor"])
def test_chance_deals_every_card_uniformly_and_the_deal_is_the_game_s(game: str) -> None:
    loaded = pyspiel.load_game(openspiel.GAME_NAMES[game])
    state = loaded.new_initial_state()
    first = state.chance_outcomes()
    assert sum(p for _, p in first) == pytest.approx(1.0)
    assert len({p for _, p in first}) == 1  # uniform over the cards (Tractor: two copies of each)
    state = dealt(loaded, 5)
    cards = [
        openspiel.SHEEPSHEAD_DECK[a] if game == "sheepshead" else openspiel.Card.from_id(a)
        for a in state.history()[: 32 if game == "sheepshead" else 108]
    ]
    if game == "sheepshead":
        hands = [sorted(cards[6 * s : 6 * s + 6]) for s in range(5)]
        assert [sorted(h) for h in state.inner.dealt_hands()] == hands
        assert sorted(state.inner.blind) == sorted(cards[30:])
    else:
        assert state.inner.stack() == cards
        assert state.inner.phase == "draw"


def test_a_dealt_card_cannot_be_dealt_twice() -> None:
    state = pyspiel.load_game("tricktaker_sheepshead").new_initial_state()
    state.apply_action(0)
    assert 0 not in [a for a, _ in state.chance_outcomes()]
    with pytest.raises(ArgumentError, match="dealt already"):
        state.apply_action(0)
    with pytest.raises(ArgumentError, match="not a card"):
        state.apply_action(32)
    assert len(state.history()) == 1


@pytest.mark.parametrize("game", ["sheepshead", "tractor"])
def test_actions_observations_and_information_are_the_wrapped_state_s(game: str) -> None:
    loaded = pyspiel.load_game(openspiel.GAME_NAMES[game])
    state = play_randomly(dealt(loaded, 2), 3, until=12)
    inner = state.inner
    player = state.current_player()
    assert state.legal_actions() == inner.legal_actions()
    assert [state.action_to_string(player, a) for a in state.legal_actions()] == [
        inner.action_to_string(a) for a in inner.legal_actions()
    ]
    for seat in range(loaded.num_players()):
        np.testing.assert_array_equal(np.asarray(state.observation_tensor(seat)), inner.observation(seat))
        assert state.information_state_string(seat) == f"seat {seat} {inner.information_state_key(seat):016x}"
    illegal = next(a for a in range(loaded.num_distinct_actions()) if a not in state.legal_actions())
    before = state.history()
    with pytest.raises(IllegalActionError):
        state.apply_action(illegal)
    assert state.history() == before


@pytest.mark.parametrize("game", ["sheepshead", "tractor"])
def test_clones_are_independent_and_serialization_is_exact(game: str) -> None:
    loaded = pyspiel.load_game(openspiel.GAME_NAMES[game])
    state = play_randomly(dealt(loaded, 4), 4, until=10)
    clone = state.clone()
    play_randomly(clone, 5, until=3)
    assert clone.history() != state.history()
    back = loaded.deserialize_state(state.serialize())
    assert back.history() == state.history()
    assert back.inner.to_json() == state.inner.to_json()


@pytest.mark.parametrize("game", ["sheepshead", "tractor"])
def test_resample_from_infostate_keeps_what_the_seat_knows(game: str) -> None:
    loaded = pyspiel.load_game(openspiel.GAME_NAMES[game])
    changed = 0
    for seed in range(6):
        state = play_randomly(dealt(loaded, seed), seed, until=8 + 3 * seed)
        if state.is_terminal():
            continue
        player = state.current_player()
        sampler = pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0)
        world = state.resample_from_infostate(player, sampler)
        assert world.information_state_string(player) == state.information_state_string(player)
        assert world.legal_actions() == state.legal_actions()
        assert world.current_player() == player
        assert len(world.history()) == len(state.history())
        changed += world.inner.to_json() != state.inner.to_json()
        back = loaded.deserialize_state(world.serialize())
        assert back.inner.to_json() == world.inner.to_json()
        play_randomly(world, seed)  # the resampled deal plays on to its end
    assert changed > 0


@pytest.mark.parametrize("game", ["sheepshead", "tractor"])
def test_openspiel_ismcts_and_determinized_mcts_play_through_evaluate_bots(game: str) -> None:
    loaded = pyspiel.load_game(openspiel.GAME_NAMES[game])
    n = loaded.num_players()
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    search = openspiel.Restartable(
        ismcts.ISMCTSBot(
            game=loaded,
            evaluator=evaluator,
            uct_c=2.0,
            max_simulations=8,
            random_state=np.random.RandomState(1),
        )
    )
    determinized = openspiel.Determinized(
        mcts.MCTSBot(loaded, 2.0, 8, evaluator, random_state=np.random.RandomState(2)), seed=3
    )
    seated = [search, determinized] + [pyspiel.make_uniform_random_bot(p, p) for p in range(2, n)]
    returns = evaluate_bots.evaluate_bots(loaded.new_initial_state(), seated, np.random.RandomState(0))
    assert len(returns) == n and sum(returns) == 0


def test_determinized_bots_never_search_the_real_hidden_cards() -> None:
    loaded = pyspiel.load_game("tricktaker_sheepshead")
    state = dealt(loaded, 9)
    seen: list[Any] = []

    class Spy:
        def step(self, world: Any) -> int:
            seen.append(world)
            return int(world.legal_actions()[0])

    bot = openspiel.Determinized(Spy(), seed=1)
    for _ in range(5):
        bot.step(state)
    player = state.current_player()
    assert all(w.information_state_string(player) == state.information_state_string(player) for w in seen)
    assert any(w.inner.to_json() != state.inner.to_json() for w in seen)
    assert state.inner.hand(player) == seen[0].inner.hand(player)


@pytest.mark.parametrize("game", ["sheepshead", "tractor"])
def test_tricktaker_bots_sit_at_openspiel_tables(game: str) -> None:
    from tricktaker import bots

    loaded = pyspiel.load_game(openspiel.GAME_NAMES[game])
    n = loaded.num_players()
    seated = [openspiel.Seated(bots.ISMCTSBot(simulations=20)), openspiel.Seated(bots.RandomBot(seed=1))]
    seated += [pyspiel.make_uniform_random_bot(p, p) for p in range(2, n)]
    returns = evaluate_bots.evaluate_bots(loaded.new_initial_state(), seated, np.random.RandomState(4))
    assert len(returns) == n and sum(returns) == 0
    with pytest.raises(ArgumentError, match="once it is dealt"):
        seated[0].step(loaded.new_initial_state())


def test_the_comparison_with_openspiel_s_ismcts_runs() -> None:
    import subprocess
    import sys
    from pathlib import Path

    script = Path(__file__).resolve().parent.parent / "benches" / "openspiel_compare.py"
    done = subprocess.run(
        [sys.executable, str(script), "--deals", "2", "--ms", "2", "--games", "sheepshead"],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    row = done.stdout.strip().splitlines()[-1]
    assert row.startswith("| sheepshead |") and row.count("|") == 7, done.stdout


def test_compare_measures_both_searches_and_refuses_bad_arguments() -> None:
    c = openspiel.compare("sheepshead", deals=1, ms=2.0, seed=3)
    assert c.game == "sheepshead" and c.openspiel_rate > 0 and c.tricktaker_rate > 0
    assert len(c.returns) == 1 and c.half_width == 0.0 and c.openspiel_simulations >= 2
    for bad, message in (
        ({"game": "bridge"}, "game must be one of"),
        ({"deals": 0}, "deals"),
        ({"ms": 0}, "ms must be"),
        ({"ms": True}, "ms must be a number"),
    ):
        arguments: dict[str, Any] = {"game": "sheepshead", "deals": 1, "ms": 2.0, **bad}
        game = arguments.pop("game")
        with pytest.raises((ArgumentError, TypeError), match=message):
            openspiel.compare(game, **arguments)


def test_tricktaker_bench_openspiel_prints_the_comparison(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from tricktaker import cli

    assert cli.main(["bench", "--openspiel", "--quick", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [r["game"] for r in rows] == ["sheepshead", "tractor"]
    assert all(r["tricktaker_rate"] > r["openspiel_rate"] > 0 and len(r["returns"]) == 2 for r in rows)
