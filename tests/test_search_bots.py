"""The bots on the native search (``SolverPIMCBot``, ``ISMCTSBot``), the tournament ratings and the annotated
games of ``tricktaker.analysis``."""

from __future__ import annotations

import json

import numpy as np
import pytest

from tricktaker import analysis, bots, errors, ratings, sheepshead, tractor
from tricktaker.cli import main


def play(state, seating):  # type: ignore[no-untyped-def]
    bots.play_out(state, seating)
    return state


@pytest.mark.parametrize("game", [sheepshead, tractor])
def test_the_search_bots_play_whole_games_reproducibly(game: object) -> None:
    def seating() -> list[bots.Bot]:
        return [bots.SolverPIMCBot(worlds=4, seed=1), bots.ISMCTSBot(simulations=60, seed=2)] * 3

    a = play(game.State.new(11), seating())  # type: ignore[attr-defined]
    b = play(game.State.new(11), seating())  # type: ignore[attr-defined]
    assert a.history() == b.history() and a.returns() == b.returns()
    assert sum(a.returns()) == 0


def test_a_time_budget_bounds_the_worlds() -> None:
    state = sheepshead.State.new(3)
    heuristic = bots.SheepsheadHeuristicBot()
    while state.phase != "play":
        state.apply_action(heuristic.act(state))
    bot = bots.SolverPIMCBot(worlds=1000, seconds=0.001)
    assert bot.act(state) in state.legal_actions()
    assert bots.ISMCTSBot(simulations=10**6, seconds=0.01).act(state) in state.legal_actions()


def test_bidding_action_is_the_heuristic_bots_pick_bury_call_and_under() -> None:
    """R10, R11, R14–R16: ``bidding_action`` is the rule of thumb of ``SheepsheadHeuristicBot`` (its bid)
    and of the greedy rollouts, legal in every bidding phase and ``None`` once the card play begins."""
    heuristic = bots.SheepsheadHeuristicBot()
    seen = set()
    for seed in range(300):
        rules = sheepshead.Rules(no_legal_call="unknown" if seed % 2 else "alone")
        state = sheepshead.State.new(seed, rules=rules, dealer=seed % 5)
        while state.phase not in ("play", "done"):
            action = sheepshead.bidding_action(state)
            assert action in state.legal_actions()
            if len(state.legal_actions()) > 1:
                assert heuristic.act(state) == action
            seen.add(state.phase)
            # Off the rule now and then, to reach every phase.
            state.apply_action(state.legal_actions()[0] if seed % 3 == 0 else action)
        assert sheepshead.bidding_action(state) is None
    assert seen == {"pick", "bury", "call", "under"}


def test_the_solver_bot_searches_the_bidding_with_the_heuristics_bids_in_its_rollouts() -> None:
    """The pick is valued over sampled deals whose later bids are the heuristic's: with every top trump the
    bot picks; it searches reproducibly, and often decides otherwise than the rule of thumb (a third of first
    picks with 8 worlds); with ``bid_rollouts=None`` it bids as ``bidding`` does."""
    # Seat 0 (first to act, dealer 4) holds the four queens and both black jacks.
    hands = [
        "QC QS QH QD JC JS",
        "7C 8C 9C 10C KC AC",
        "7S 8S 9S 10S KS AS",
        "7H 8H 9H 10H KH AH",
        "7D 8D 9D 10D KD AD",
    ]
    state = sheepshead.State.from_cards([h.split() for h in hands], ["JH", "JD"], dealer=4)
    bot = bots.SolverPIMCBot(worlds=8, seed=3)
    assert bot.act(state) == state.legal_actions()[0] == 0  # pick
    found = [bots.SolverPIMCBot(worlds=6, seed=5).act(sheepshead.State.new(s)) for s in range(20)]
    assert found == [bots.SolverPIMCBot(worlds=6, seed=5).act(sheepshead.State.new(s)) for s in range(20)]
    heuristic = bots.SheepsheadHeuristicBot()
    assert sum(f != heuristic.act(sheepshead.State.new(s)) for s, f in enumerate(found)) >= 2
    plain = bots.SolverPIMCBot(worlds=4, bid_rollouts=None)
    for s in range(20):
        state = sheepshead.State.new(s)
        assert plain.act(state) == heuristic.act(state)


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: bots.SolverPIMCBot(worlds=0), "worlds"),
        (lambda: bots.SolverPIMCBot(evaluator="oracle"), "evaluator must be"),
        (lambda: bots.SolverPIMCBot(seconds=-1), "seconds must be"),
        (lambda: bots.SolverPIMCBot(bid_rollouts=0), "bid_rollouts"),
        (lambda: bots.ISMCTSBot(simulations=0), "simulations"),
        (lambda: bots.ISMCTSBot(seconds=float("inf")), "seconds must be"),
    ],
)
def test_bad_bot_settings_are_refused(make: object, message: str) -> None:
    with pytest.raises(errors.ArgumentError, match=message):
        make()  # type: ignore[operator]


def test_bradley_terry_recovers_a_known_order() -> None:
    rng = np.random.default_rng(0)
    strength = np.array([4.0, 2.0, 1.0])
    wins = np.zeros((3, 3))
    for i in range(3):
        for j in range(3):
            if i != j:
                wins[i, j] = rng.binomial(2000, strength[i] / (strength[i] + strength[j]))
    elo = ratings.bradley_terry(wins / 2)
    assert elo[0] > elo[1] > elo[2]
    assert elo.mean() == pytest.approx(1500)
    assert elo[0] - elo[1] == pytest.approx(400 * np.log10(2), abs=30)


def test_an_arena_of_more_bots_than_seats_rates_them_with_intervals() -> None:
    field = [bots.RandomBot(i, name=f"random{i % 2}") for i in range(6)] + [bots.SheepsheadHeuristicBot()]
    result = bots.arena("sheepshead", field, 70, 1)
    assert result.seats.shape == (70, 5) and set(np.unique(result.seats)) == set(range(7))
    rated = result.ratings(seed=2, bootstraps=50)
    assert rated.names == ("random0", "random1", "heuristic")
    best = max(range(3), key=lambda i: rated.rating[i])
    assert rated.names[best] == "heuristic"
    assert all(lo <= r <= hi for lo, r, hi in zip(rated.low, rated.rating, rated.high, strict=True))
    assert rated == result.ratings(seed=2, bootstraps=50)
    with pytest.raises(errors.ArgumentError, match="need at least 7 hands"):
        bots.arena("sheepshead", field, 6, 1)


def test_a_game_is_annotated_decision_by_decision() -> None:
    start = sheepshead.State.new(5)
    finished = play(start.clone(), [bots.SheepsheadHeuristicBot()] * 5)
    notes = analysis.annotate(start, finished.history(), worlds=4, simulations=100, seed=1)
    assert [n.step for n in notes] == list(range(1, len(finished.history()) + 1))
    for n in notes:
        if n.forced:
            continue
        assert n.best is not None and n.chosen is not None
        assert n.loss == pytest.approx(n.best.value - n.chosen.value) and n.loss >= 0
        assert sorted(o.action for o in n.options) == sorted({o.action for o in n.options})
    plays = [n for n in notes if n.phase == "play" and not n.forced]
    assert plays and all(n.method.startswith("pimc solver") for n in plays)
    again = analysis.annotate(start, finished.history(), worlds=4, simulations=100, seed=1)
    assert [n.to_dict() for n in again] == [n.to_dict() for n in notes]
    with pytest.raises(errors.IllegalActionError):
        analysis.annotate(start, [2], worlds=2)


def test_analyze_prints_every_decision_and_json(tmp_path: object, capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(
            [
                "analyze",
                "--game",
                "sheepshead",
                "--seed",
                "3",
                "--worlds",
                "3",
                "--simulations",
                "50",
                "--json",
                "--no-progress",
            ]
        )
        == 0
    )
    data = json.loads(capsys.readouterr().out)
    assert data["decisions"] and {"step", "seat", "action", "best", "loss", "options"} <= set(
        data["decisions"][0]
    )
    assert (
        main(
            [
                "analyze",
                "--game",
                "tractor",
                "--seed",
                "1",
                "--simulations",
                "20",
                "--seat",
                "0",
                "--no-progress",
                "--plain",
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "Analysis of tractor seed 1" in out and "total loss" in out
    assert main(["analyze", "--no-progress"]) == 2
    assert "give a record FILE" in capsys.readouterr().err


def test_analyze_reads_a_recorded_game(tmp_path: object, capsys: pytest.CaptureFixture[str]) -> None:
    from pathlib import Path

    directory = Path(str(tmp_path))
    assert (
        main(
            [
                "arena",
                "sheepshead",
                "--bots",
                "heuristic",
                "--hands",
                "2",
                "--record",
                str(directory),
                "--no-progress",
            ]
        )
        == 0
    )
    capsys.readouterr()
    record = directory / "deal-00001.json"
    assert (
        main(
            [
                "analyze",
                str(record),
                "--seat",
                "2",
                "--worlds",
                "3",
                "--simulations",
                "30",
                "--json",
                "--no-progress",
            ]
        )
        == 0
    )
    data = json.loads(capsys.readouterr().out)
    assert data["decisions"] and {d["seat"] for d in data["decisions"]} == {2}
    assert main(["analyze", str(record), "--deal", "9", "--no-progress"]) == 2
    assert main(["analyze", str(directory / "missing.json"), "--no-progress"]) == 1
