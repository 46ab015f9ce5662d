"""The ``tricktaker`` command line: ``simulate`` statistics, ``play`` against the bots (the look, the
refusals, take-back, save and resume, records), ``arena`` and ``bench`` with their progress."""

from __future__ import annotations

import argparse
import io
import json
import os
import random
import re
import subprocess
import sys
from collections.abc import Callable, Iterable, Iterator
from typing import Any

import numpy as np
import pytest

from tricktaker import Card, bots, cli, tractor
from tricktaker import sheepshead as ss
from tricktaker._core import MAX_THREADS
from tricktaker.cli.common import WholeNumber
from tricktaker.errors import ArgumentError, ArgumentTypeError

THROUGHPUT_KEYS = {"seconds", "hands_per_second", "threads"}
STAT_KEYS = {
    "game",
    "seed",
    "games",
    "rules",
    "hands",
    "pick_rate",
    "leaster_rate",
    "doubler_rate",
    "alone_rate",
    "alone_rate_of_picked",
    "picking_side_win_rate",
    "picking_side_win_rate_with_partner",
    "picking_side_win_rate_alone",
    "schneider_rate",
    "schwarz_rate",
    "mean_return_per_seat",
    "mean_return_per_role",
    "counts",
    *THROUGHPUT_KEYS,
}


def run_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    assert cli.main(["simulate", "sheepshead", "--json", *args]) == 0
    out = capsys.readouterr().out
    data = json.loads(out)
    assert isinstance(data, dict)
    return data


def without_throughput(stats: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in stats.items() if k not in THROUGHPUT_KEYS}


def scripted(answers: Iterable[str]) -> Callable[[str], str]:
    """An ``input`` replacement that gives ``answers`` in turn, then behaves as end of file."""
    it: Iterator[str] = iter(answers)

    def input_fn(prompt: str) -> str:
        try:
            return next(it)
        except StopIteration:
            raise EOFError from None

    return input_fn


def always(answer: str, *, first: tuple[str, ...] = (), limit: int = 1000) -> Callable[[str], str]:
    """``first`` answers, then ``answer`` every time; end of file after ``limit`` answers (never hangs)."""
    return scripted([*first, *[answer] * (limit - len(first))])


def card_pattern(card: str) -> str:
    return rf"(?<![0-9A-Z]){re.escape(card)}(?![0-9A-Z])"


# ---- simulate ----


def test_simulate_prints_every_statistic_and_throughput(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["simulate", "sheepshead", "--games", "3000", "--seed", "11"]) == 0
    captured = capsys.readouterr()
    out = captured.out
    for label in (
        "hands",
        "pick rate",
        "leaster rate",
        "alone rate",
        "picking side win rate",
        "overall",
        "with partner",
        "alone",
        "schneider rate",
        "schwarz rate",
        "mean return per seat",
        "mean return per role",
        "picker",
        "partner",
        "opponent",
    ):
        assert label in out, label
    assert "3,000" in out
    assert re.search(r"throughput: [\d,]+ hands/s", out)
    assert captured.err == ""  # no progress bar when stderr is not a terminal


def test_simulate_json_has_the_keys(capsys: pytest.CaptureFixture[str]) -> None:
    stats = run_json(capsys, "--games", "2000", "--seed", "5")
    assert set(stats) == STAT_KEYS
    assert stats["hands"] == stats["games"] == 2000
    assert stats["game"] == "sheepshead"
    assert len(stats["mean_return_per_seat"]) == 5
    assert set(stats["mean_return_per_role"]) == {"picker", "partner", "opponent"}
    assert stats["pick_rate"] + stats["leaster_rate"] + stats["doubler_rate"] == pytest.approx(1)
    assert stats["doubler_rate"] == 0
    assert 0 < stats["alone_rate"] < stats["pick_rate"]
    for key in ("picking_side_win_rate", "schneider_rate", "schwarz_rate"):
        assert 0 <= stats[key] <= 1
    assert sum(stats["mean_return_per_seat"]) == pytest.approx(0, abs=1e-9)  # every hand is zero-sum
    assert stats["hands_per_second"] > 0


def test_simulate_same_seed_same_statistics(capsys: pytest.CaptureFixture[str]) -> None:
    a = run_json(capsys, "--games", "2500", "--seed", "42")
    b = run_json(capsys, "--games", "2500", "--seed", "42")
    c = run_json(capsys, "--games", "2500", "--seed", "43")
    assert without_throughput(a) == without_throughput(b)
    assert without_throughput(a) != without_throughput(c)


def test_simulate_does_not_depend_on_threads(capsys: pytest.CaptureFixture[str]) -> None:
    one = run_json(capsys, "--games", "3000", "--seed", "9", "--threads", "1")
    two = run_json(capsys, "--games", "3000", "--seed", "9", "--threads", "2")
    assert without_throughput(one) == without_throughput(two)


def test_simulate_matches_the_library(capsys: pytest.CaptureFixture[str]) -> None:
    """A run of one chunk is exactly ``sheepshead.simulate(games, seed)``."""
    stats = run_json(capsys, "--games", "1500", "--seed", "77")
    sim = ss.simulate(1500, 77)
    picked = sim.picker >= 0
    assert stats["counts"]["picked"] == int(picked.sum())
    assert stats["counts"]["leaster"] == int(sim.leaster.sum())
    assert stats["counts"]["alone"] == int((picked & (sim.partner < 0)).sum())
    assert stats["mean_return_per_seat"] == pytest.approx((sim.returns.sum(axis=0) / 1500).tolist())
    picker_mean = sum(int(sim.returns[i, sim.picker[i]]) for i in range(1500) if picked[i]) / int(
        picked.sum()
    )
    assert stats["mean_return_per_role"]["picker"] == pytest.approx(picker_mean)
    wins = int((picked & (sim.picking_side_points >= 61)).sum())
    winners = sum(1 for i in range(1500) if picked[i] and sim.returns[i, sim.picker[i]] > 0)
    assert stats["counts"]["picking_side_wins"] == wins == winners


def test_simulate_in_chunks_with_progress(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(cli, "CHUNK", 400)
    assert cli.main(["simulate", "sheepshead", "--games", "1000", "--seed", "3", "--json", "--progress"]) == 0
    captured = capsys.readouterr()
    stats, err = json.loads(captured.out), captured.err
    assert "100%" in err and "1,000/1,000 hands" in err and "ETA" in err  # rich's bar, its last state
    # The same three chunks by hand: 400 + 400 + 200 hands, seeded by chunk_seed(3, k).
    tally = cli.SheepsheadTally(rules=ss.Rules())
    for k, n in enumerate((400, 400, 200)):
        tally.add(ss.simulate(n, cli.chunk_seed(3, k)))
    expected = tally.statistics()
    assert {k: stats[k] for k in expected} == expected
    assert len({cli.chunk_seed(3, k) for k in range(100)}) == 100
    assert cli.chunk_seed(3, 0) == 3


def test_simulate_rule_options(capsys: pytest.CaptureFixture[str]) -> None:
    stats = run_json(
        capsys,
        "--games",
        "2000",
        "--seed",
        "1",
        "--jack-order",
        "seed",
        "--all-pass",
        "doubler",
        "--double-on-the-bump",
        "--no-legal-call",
        "unknown",
        "--allow-called-card-discard",
    )
    changed = {
        "jack_order": "seed",
        "all_pass": "doubler",
        "double_on_the_bump": True,
        "no_legal_call": "unknown",
        "called_card_no_discard": False,
    }
    defaults = {k: v for k, v in ss.Rules().to_dict().items() if k != "hands_per_game"}
    assert stats["rules"] == {**defaults, **changed}
    assert stats["leaster_rate"] == 0 and stats["doubler_rate"] > 0
    default = run_json(capsys, "--games", "2000", "--seed", "1")
    assert default["rules"] == {k: v for k, v in ss.Rules().to_dict().items() if k != "hands_per_game"}


@pytest.mark.parametrize(
    "argv",
    [
        [],
        ["simulate"],
        ["simulate", "tractor", "--games", "5"],
        ["simulate", "tractor", "--games", "0", "--seed", "1"],
        ["simulate", "tractor", "--games", "5", "--seed", "1", "--kitty-multiplier", "triple"],
        ["simulate", "tractor", "--games", "5", "--seed", "1", "--game-end", "never"],
        ["simulate", "tractor", "--games", "5", "--seed", "1", "--first-drawer-round1", "seat1"],
        ["simulate", "tractor", "--games", "5", "--seed", "1", "--jack-order", "seed"],
        ["simulate", "tractor", "--games", "5", "--seed", "1", "--threads", "0"],
        ["simulate", "sheepshead", "--games", "5", "--seed", "1", "--kitty-multiplier", "exp"],
        ["simulate", "whist", "--games", "5", "--seed", "1"],
        ["simulate", "sheepshead", "--seed", "1"],
        ["simulate", "sheepshead", "--games", "10"],
        ["simulate", "sheepshead", "--games", "0", "--seed", "1"],
        ["simulate", "sheepshead", "--games", "-5", "--seed", "1"],
        ["simulate", "sheepshead", "--games", "abc", "--seed", "1"],
        ["simulate", "sheepshead", "--games", "1.5", "--seed", "1"],
        ["simulate", "sheepshead", "--games", "10", "--seed", "-1"],
        ["simulate", "sheepshead", "--games", "10", "--seed", str(2**64)],
        ["simulate", "sheepshead", "--games", "10", "--seed", "1", "--threads", "0"],
        ["simulate", "sheepshead", "--games", "10", "--seed", "1", "--jack-order", "random"],
        ["simulate", "sheepshead", "--games", "10", "--seed", "1", "--all-pass", "pass"],
        ["simulate", "sheepshead", "--games", "10", "--seed", "1", "--players", "9"],
        ["simulate", "sheepshead", "--games", "10", "--seed", "1", "--players", "3", "--partner", "jack"],
        ["simulate", "sheepshead", "--games", "10", "--seed", "1", "--bogus"],
        ["play", "sheepshead", "--seat", "5"],
        ["play", "sheepshead", "--seat", "x"],
        ["play", "sheepshead", "--hands", "0"],
        ["play", "tractor", "--seat", "4"],
        ["play", "tractor", "--seat", "-1"],
        ["play", "tractor", "--rounds", "0"],
        ["play", "tractor", "--hands", "0"],
        ["play", "tractor", "--bogus"],
        ["simulate", "sheepshead", "--seed", "1"],
        ["play", "tractor", "--seed", "x"],
        ["play", "sheepshead", "--rounds", "3"],
    ],
)
def test_bad_arguments_exit_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(argv) == 2
    err = capsys.readouterr().err
    assert "error:" in err and "usage:" in err
    assert "Traceback" not in err


def test_help_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["simulate", "sheepshead", "--help"]) == 0
    out = capsys.readouterr().out
    assert "--jack-order" in out and "--seed" in out
    assert cli.main(["--help"]) == 0
    assert "simulate" in capsys.readouterr().out


def test_games_accepts_scientific_notation(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_json(capsys, "--games", "2e3", "--seed", "1")["hands"] == 2000


def test_python_dash_m_simulate() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "tricktaker", "simulate", "sheepshead", "--games", "1000", "--seed", "1"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "pick rate" in result.stdout and "hands/s" in result.stdout
    assert result.stderr == ""


# ---- play ----


def test_play_first_choice_finishes_a_hand(capsys: pytest.CaptureFixture[str]) -> None:
    code = cli.main(["play", "sheepshead", "--seed", "3", "--hands", "1"], input_fn=always("1"))
    assert code == 0
    out = capsys.readouterr().out
    assert "Returns:" in out and "Scores:" in out and "Match over after 1 hand." in out
    assert re.search(r"seat \d (picks|passes)", out)
    assert re.search(r"seat \d plays (10|[7-9JQKA])[CDHS]", out)
    assert "wins trick 6" in out
    assert "Traceback" not in out


def test_play_several_hands_add_up(capsys: pytest.CaptureFixture[str]) -> None:
    out_lines: list[str] = []
    for seed in range(4):
        assert (
            cli.main(
                ["play", "sheepshead", "--seed", str(seed), "--hands", "2", "--seat", "2"],
                input_fn=always("1"),
            )
            == 0
        )
        out_lines.append(capsys.readouterr().out)
    for out in out_lines:
        assert out.count("--- Hand over ---") >= 2
        final = re.findall(r"^Scores: (.*)$", out, re.M)[-1]
        values = [int(v) for v in re.findall(r"[+-]\d+", final)]
        assert len(values) == 5 and sum(values) == 0


def test_play_with_doublers_and_leasters(capsys: pytest.CaptureFixture[str]) -> None:
    for all_pass, word in (("doubler", "thrown in"), ("leaster", "Leaster won by")):
        seen = False
        for seed in range(60):
            code = cli.main(
                ["play", "sheepshead", "--seed", str(seed), "--hands", "1", "--all-pass", all_pass],
                input_fn=always("1", first=("pass",)),
            )
            assert code == 0
            out = capsys.readouterr().out
            assert "Traceback" not in out
            if word in out:
                seen = True
                break
        assert seen, all_pass


def test_play_bad_inputs_get_messages(capsys: pytest.CaptureFixture[str]) -> None:
    answers = ["xyz", "99", "play 2C", "", "call AH", "help", "show", "quit"]
    code = cli.main(["play", "sheepshead", "--seed", "3", "--seat", "1"], input_fn=scripted(answers))
    assert code == 0
    captured = capsys.readouterr()
    out = captured.out
    assert "'xyz' is neither a choice nor a card" in out
    assert "There is no choice 99" in out
    assert "2C is not in the Sheepshead deck" in out
    assert "'call AH' is not legal now" in out
    assert "Answer with one of" in out
    assert "Goodbye" in out
    assert "Traceback" not in out + captured.err
    # Every bad answer re-prompts: the table is shown once at the start and once for "show".
    assert out.count("Sheepshead · dealer 0 · pick") == 2


def test_play_quit_and_eof_exit_0(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["play", "sheepshead", "--seed", "1"], input_fn=scripted(["quit"])) == 0
    assert "Goodbye" in capsys.readouterr().out
    assert cli.main(["play", "sheepshead", "--seed", "1"], input_fn=scripted([])) == 0
    assert "Goodbye" in capsys.readouterr().out


def test_play_without_seed_prints_one(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["play", "sheepshead"], input_fn=scripted(["q"])) == 0
    assert re.search(r"replay with --seed \d+", capsys.readouterr().out)


def test_play_view_hides_other_hands(capsys: pytest.CaptureFixture[str]) -> None:
    # Dealer 0: seat 1 is the first to decide, so its first view is the untouched deal.
    for seed in (1, 2, 3, 99):
        assert (
            cli.main(["play", "sheepshead", "--seed", str(seed), "--seat", "1"], input_fn=scripted(["quit"]))
            == 0
        )
        out = capsys.readouterr().out
        view = out[out.index("Sheepshead · dealer") : out.index("Your choices:")]
        deal = ss.State.new(seed)
        for card in deal.hand(1):
            assert re.search(card_pattern(str(card)), view)
        hidden = [c for seat in (0, 2, 3, 4) for c in deal.hand(seat)] + list(deal.blind)
        for card in hidden:
            assert not re.search(card_pattern(str(card)), view), (seed, card)
        assert "[6 cards]" in view


def test_rendered_view_never_shows_hidden_cards() -> None:
    rng = random.Random(5)
    checked = 0
    for seed in range(40):
        rules = ss.Rules(no_legal_call="unknown") if seed % 2 else ss.Rules()
        state = ss.State.new(seed, rules=rules)
        while not state.is_terminal:
            for seat in range(5):
                view = cli.render_sheepshead_view(state, seat)
                hidden = [c for other in range(5) if other != seat for c in state.hand(other)]
                if state.picker is None:
                    hidden += list(state.blind)
                elif state.picker != seat:
                    hidden += list(state.bury)
                for card in hidden:
                    if card == state.called_card:  # named by the call, so public
                        continue
                    assert not re.search(card_pattern(str(card)), view), (seed, seat, card, view)
                checked += 1
            state.apply_action(rng.choice(state.legal_actions()))
    assert checked > 1000


def test_resolve_accepts_numbers_actions_and_cards() -> None:
    rng = random.Random(0)
    tried = 0
    for seed in range(20):
        state = ss.State.new(seed)
        while not state.is_terminal:
            legal = cli.sheepshead_choices(state)  # the legal actions, the cards in the hand's order
            assert sorted(legal) == state.legal_actions()
            for i, action in enumerate(legal, 1):
                text = state.action_to_string(action)
                assert cli.resolve_sheepshead_choice(state, str(i)) == action
                assert cli.resolve_sheepshead_choice(state, text) == action
                assert cli.resolve_sheepshead_choice(state, f"  {text.upper()} ") == action
                arg = text.partition(" ")[2]
                if arg:
                    for form in (arg, arg.lower(), arg.replace("10", "T").lower()):
                        assert cli.resolve_sheepshead_choice(state, form) == action
                    tried += 1
            state.apply_action(rng.choice(legal))
    assert tried > 500


def test_resolve_explains_bad_answers() -> None:
    state = ss.State.new(3)
    state.apply("pick")  # seat 1 holds QS QH 8D 7D AC AS AH 9H and must bury
    messages = {
        text: cli.resolve_sheepshead_choice(state, text)
        for text in ("xyz", "0", "9", "play 2C", "2C", "KC", "play AC", "pick", "bury KC")
    }
    assert all(isinstance(m, str) for m in messages.values()), messages
    assert "neither a choice nor a card" in str(messages["xyz"])
    assert "no choice 0" in str(messages["0"]) and "1 to 8" in str(messages["9"])
    assert "not in the Sheepshead deck" in str(messages["play 2C"])
    assert "do not hold 2C" in str(messages["2C"]) and "do not hold KC" in str(messages["KC"])
    assert "'play AC' is not legal now" in str(messages["play AC"])
    assert "'pick' is not legal now" in str(messages["pick"])
    assert "do not hold KC" in str(messages["bury KC"])
    assert cli.resolve_sheepshead_choice(state, "ac") == state.string_to_action("bury AC")


def test_under_card_is_played_face_down() -> None:
    """With ``no_legal_call = unknown`` another seat's under card is never named when it is played."""
    rules = ss.Rules(no_legal_call="unknown")
    for seed in range(3000):
        state = ss.State.new(seed, rules=rules)
        rng = random.Random(seed)
        while not state.is_terminal and state.phase != "under":
            state.apply_action(rng.choice(state.legal_actions()))
        if state.phase == "under":
            break
    else:
        pytest.skip("no under call found")
    picker = state.picker
    assert picker is not None
    viewer = (picker + 1) % 5
    under = Card(state.action_to_string(state.legal_actions()[0]).split()[1])
    state.apply(f"under {under}")
    while not state.is_terminal:
        player = state.current_player
        assert player is not None
        action = state.string_to_action(f"play {under}") if player == picker else -1
        if action not in state.legal_actions():
            action = rng.choice(state.legal_actions())
        played_under = action == state.string_to_action(f"play {under}")
        message = cli._describe(state, viewer, player, action)
        state.apply_action(action)
        if played_under:
            assert message == f"seat {picker} plays the under card face down"
            view = cli.render_sheepshead_view(state, viewer)
            assert not re.search(card_pattern(str(under)), view)
            assert f"seat {picker}: under" in view
            assert str(under) in cli.render_sheepshead_view(state, picker)
            break
    else:
        pytest.fail("the under card was never played")


def test_games_registry_builds_the_subcommands() -> None:
    assert set(cli.GAMES) == {"sheepshead", "tractor"}
    parser = cli.build_parser()
    args = parser.parse_args(["simulate", "sheepshead", "--games", "5", "--seed", "1"])
    assert args.game == "sheepshead" and args.games == 5 and args.threads is None
    args = parser.parse_args(["play", "sheepshead"])
    assert args.seat == 0 and args.hands is None and args.seed is None
    args = parser.parse_args(["simulate", "tractor", "--games", "5", "--seed", "1"])
    assert args.game == "tractor" and args.kitty_multiplier == "seed_2c" and not args.allow_self_reinforce
    args = parser.parse_args(["play", "tractor", "--seat", "3"])
    assert args.seat == 3 and args.rounds is None and args.seed is None


# ---- Tractor: simulate ----

TRACTOR_STAT_KEYS = {
    "game",
    "seed",
    "games",
    "rules",
    "rounds",
    "declarers_hold_rate",
    "level_changes",
    "points",
    "points_bands",
    "failed_throws_per_round",
    "failed_throw_round_rate",
    "redeal_rate",
    "deals_per_round",
    "no_trump_rate",
    "mean_return_per_seat",
    "mean_return_per_role",
    "counts",
    "threads",
    "seconds",
    "rounds_per_second",
}
TRACTOR_THROUGHPUT_KEYS = {"seconds", "rounds_per_second", "threads"}


def tractor_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    assert cli.main(["simulate", "tractor", "--json", *args]) == 0
    data = json.loads(capsys.readouterr().out)
    assert isinstance(data, dict)
    return data


def tractor_without_throughput(stats: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in stats.items() if k not in TRACTOR_THROUGHPUT_KEYS}


def test_tractor_simulate_prints_every_statistic(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["simulate", "tractor", "--games", "300", "--seed", "11"]) == 0
    captured = capsys.readouterr()
    out = captured.out
    assert out.startswith("tractor: 300 random rounds, seed 11")
    for label in (
        "rounds",
        "declarers hold (P < 80)",
        "level change",
        "declarers +3",
        "declarers +2",
        "declarers +1",
        "takeover +0",
        "takeover +1",
        "opponents' points P",
        "quartiles",
        "P < 0",
        "P 40-75",
        "P >= 240",
        "failed throws per round",
        "of rounds have one",
        "redeal rate",
        "no-trump rate",
        "mean return per seat",
        "mean return per role",
        "declarer",
        "opponent",
    ):
        assert label in out, label
    assert re.search(r"throughput: [\d,]+ rounds/s \(300 rounds in", out)
    assert captured.err == ""


def test_tractor_simulate_json_is_sane(capsys: pytest.CaptureFixture[str]) -> None:
    stats = tractor_json(capsys, "--games", "400", "--seed", "5")
    assert set(stats) == TRACTOR_STAT_KEYS
    assert stats["game"] == "tractor" and stats["rounds"] == stats["games"] == 400
    assert stats["rules"] == tractor.Rules().to_dict()
    rates = stats["level_changes"]
    assert list(rates)[:7] == [
        "declarers +3",
        "declarers +2",
        "declarers +1",
        "takeover +0",
        "takeover +1",
        "takeover +2",
        "takeover +3",
    ]
    assert sum(rates.values()) == pytest.approx(1)
    hold = sum(v for k, v in rates.items() if k.startswith("declarers"))
    assert stats["declarers_hold_rate"] == pytest.approx(hold)
    assert 0 < stats["declarers_hold_rate"] < 1
    assert sum(stats["points_bands"].values()) == pytest.approx(1)
    counts = stats["counts"]
    assert sum(counts["level_changes"].values()) == sum(counts["points_bands"].values()) == 400
    assert counts["declarers_hold"] + counts["takeover"] == 400
    p = stats["points"]
    assert p["min"] <= p["q1"] <= p["median"] <= p["q3"] <= p["max"]
    assert p["min"] <= p["mean"] <= p["max"]
    assert stats["failed_throws_per_round"] >= 0 and 0 <= stats["failed_throw_round_rate"] <= 1
    for key in ("redeal_rate", "no_trump_rate"):
        assert 0 <= stats[key] <= 1
    assert stats["deals_per_round"] >= 1
    assert len(stats["mean_return_per_seat"]) == 4
    assert sum(stats["mean_return_per_seat"]) == pytest.approx(0, abs=1e-9)  # zero-sum rounds
    role = stats["mean_return_per_role"]
    assert role["declarer"] == pytest.approx(-role["opponent"])
    assert stats["rounds_per_second"] > 0


def test_tractor_simulate_matches_the_library(capsys: pytest.CaptureFixture[str]) -> None:
    """A run of one chunk is exactly ``tractor.simulate(games, seed)``."""
    n = 500
    stats = tractor_json(capsys, "--games", str(n), "--seed", "77")
    sim = tractor.simulate(n, 77)
    rows = range(n)
    declarer_returns = [int(sim.returns[i, sim.declarers[i]]) for i in rows]
    changes: dict[str, int] = {}
    for i in rows:
        outcome = tractor.level_outcome(int(sim.points[i]))
        key = f"{'declarers' if outcome.declarers_hold else 'takeover'} +{outcome.levels}"
        changes[key] = changes.get(key, 0) + 1
        # The returns agree with the level table: +levels when holding, -(1 + levels) when overthrown.
        expected = outcome.levels if outcome.declarers_hold else -(1 + outcome.levels)
        assert declarer_returns[i] == expected
    counts = stats["counts"]
    assert {k: v for k, v in counts["level_changes"].items() if v} == changes
    assert counts["declarers_hold"] == int((sim.points < 80).sum())
    assert counts["failed_throws"] == int(sim.failed_throws.sum())
    assert counts["rounds_with_failed_throw"] == int((sim.failed_throws > 0).sum())
    assert counts["redeals"] == int((sim.deals > 1).sum())
    assert counts["no_trump"] == int(sim.no_trump.sum())
    assert stats["mean_return_per_seat"] == pytest.approx((sim.returns.sum(axis=0) / n).tolist())
    assert stats["mean_return_per_role"]["declarer"] == pytest.approx(sum(declarer_returns) / n)
    p = stats["points"]
    assert p["mean"] == pytest.approx(float(sim.points.mean()))
    assert [p["q1"], p["median"], p["q3"]] == pytest.approx(np.percentile(sim.points, [25, 50, 75]).tolist())
    assert (p["min"], p["max"]) == (int(sim.points.min()), int(sim.points.max()))
    bands = counts["points_bands"]
    assert bands["<0"] == int((sim.points < 0).sum())
    assert bands["40-75"] == int(((sim.points >= 40) & (sim.points < 80)).sum())
    assert bands[">=240"] == int((sim.points >= 240).sum())


def test_tractor_simulate_is_reproducible(capsys: pytest.CaptureFixture[str]) -> None:
    a = tractor_json(capsys, "--games", "300", "--seed", "42")
    b = tractor_json(capsys, "--games", "300", "--seed", "42")
    c = tractor_json(capsys, "--games", "300", "--seed", "43")
    assert tractor_without_throughput(a) == tractor_without_throughput(b)
    assert tractor_without_throughput(a) != tractor_without_throughput(c)
    one = tractor_json(capsys, "--games", "300", "--seed", "9", "--threads", "1")
    two = tractor_json(capsys, "--games", "300", "--seed", "9", "--threads", "2")
    assert tractor_without_throughput(one) == tractor_without_throughput(two)
    assert one["threads"] == 1 and two["threads"] == 2


def test_tractor_simulate_in_chunks_with_progress(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(cli, "CHUNK", 150)
    assert cli.main(["simulate", "tractor", "--games", "400", "--seed", "3", "--json", "--progress"]) == 0
    captured = capsys.readouterr()
    stats, err = json.loads(captured.out), captured.err
    assert "100%" in err and "400/400 rounds" in err
    tally = cli.TractorTally(rules=tractor.Rules())
    for k, n in enumerate((150, 150, 100)):
        tally.add(tractor.simulate(n, cli.chunk_seed(3, k)))
    expected = tally.statistics()
    assert {k: stats[k] for k in expected} == expected


def test_tractor_simulate_rule_options(capsys: pytest.CaptureFixture[str]) -> None:
    stats = tractor_json(
        capsys,
        "--games",
        "300",
        "--seed",
        "1",
        "--first-drawer-round1",
        "seat0",
        "--allow-self-reinforce",
        "--red-pair-overrides-black-pair",
        "--no-plain-suit-gap-closing",
        "--tractor-follow",
        "fallback",
        "--throw-compare",
        "all_components",
        "--no-format-based-draw",
        "--kitty-multiplier",
        "exp",
        "--game-end",
        "must_defend_ace",
        "--negative-points-not-zero",
    )
    rules = tractor.Rules(
        first_drawer_round1="seat0",
        allow_self_reinforce=True,
        red_pair_overrides_black_pair=True,
        plain_suit_gap_closing=False,
        tractor_follow="fallback",
        throw_compare="all_components",
        format_based_draw=False,
        kitty_multiplier="exp",
        game_end="must_defend_ace",
        negative_points="extra_levels",
    )
    assert stats["rules"] == rules.to_dict()
    sim = tractor.simulate(300, 1, rules=rules)
    assert stats["counts"]["failed_throws"] == int(sim.failed_throws.sum())
    default = tractor_json(capsys, "--games", "300", "--seed", "1")
    assert tractor_without_throughput(default) != tractor_without_throughput(stats)


def test_tractor_help_lists_the_rule_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["simulate", "tractor", "--help"]) == 0
    out = capsys.readouterr().out
    for flag in (
        "--first-drawer-round1",
        "--allow-self-reinforce",
        "--red-pair-overrides-black-pair",
        "--no-plain-suit-gap-closing",
        "--tractor-follow",
        "fallback",
        "--throw-compare",
        "all_components",
        "--no-format-based-draw",
        "--kitty-multiplier",
        "--game-end",
        "--negative-points-not-zero",
    ):
        assert flag in out, flag
    assert "Rounds are played in chunks" in out
    assert cli.main(["play", "tractor", "--help"]) == 0
    out = capsys.readouterr().out
    assert "--rounds" in out and "--seat" in out and "--hands R" in out and "--deals R" in out


# ---- Tractor: play ----


def play_prompts_then(answers: Iterable[str], *, limit: int = 400) -> Callable[[str], str]:
    """Answer ``1`` until the first prompt for a play, then ``answers`` in turn, then end of file."""
    it: Iterator[str] = iter(answers)
    seen = {"play": False, "count": 0}

    def input_fn(prompt: str) -> str:
        seen["count"] += 1
        if seen["count"] > limit:
            raise EOFError
        if prompt.startswith("Your play"):
            seen["play"] = True
        if not seen["play"]:
            return "1"
        try:
            return next(it)
        except StopIteration:
            raise EOFError from None

    return input_fn


def test_tractor_play_first_choice_finishes_a_round(capsys: pytest.CaptureFixture[str]) -> None:
    code = cli.main(["play", "tractor", "--seed", "3", "--rounds", "1"], input_fn=always("1", limit=2000))
    assert code == 0
    out = capsys.readouterr().out
    assert "=== Round 1 · rank 2 ===" in out
    assert "The draw is over." in out and "Declarers: seats" in out
    assert re.search(r"seat \d (leads|plays) ", out)
    assert re.search(r"→ (you win|seat \d wins) the trick", out)
    assert out.count("--- Round over ---") == 1
    assert "Opponents' points P = " in out
    assert re.search(r"P (<|>=) 80: the (declarers hold|opponents take over)", out)
    returns = re.findall(r"^Returns: (.*)$", out, re.M)
    assert len(returns) == 1
    values = [int(v) for v in re.findall(r"[+-]\d+", returns[0])]
    assert len(values) == 4 and sum(values) == 0
    assert "Levels: your team (seats 0 and 2)" in out
    assert "Stopping after 1 round (--rounds)." in out
    assert "Traceback" not in out


def test_tractor_play_a_whole_match(capsys: pytest.CaptureFixture[str]) -> None:
    for seed, seat in ((1, 0), (2, 3)):
        code = cli.main(
            ["play", "tractor", "--seed", str(seed), "--seat", str(seat)], input_fn=always("1", limit=20000)
        )
        assert code == 0
        out = capsys.readouterr().out
        rounds = out.count("--- Round over ---")
        assert rounds >= 1
        assert re.search(rf"Match over after {rounds} rounds?: .* passed the ace and won\.", out)


def test_tractor_play_bad_inputs_get_messages(capsys: pytest.CaptureFixture[str]) -> None:
    answers = ["xyz", "99", "0", "play 2C", "", "finish 2C", "play ZZ", "help", "show", "quit"]
    code = cli.main(["play", "tractor", "--seed", "1"], input_fn=play_prompts_then(answers))
    assert code == 0
    captured = capsys.readouterr()
    out = captured.out
    assert "'xyz' is neither a choice nor cards" in out
    assert "There is no choice 99" in out and "There is no choice 0" in out
    assert "You cannot play 2C: you do not hold 2C" in out
    assert "Type a number from 1 to" in out
    assert "'finish' takes no cards" in out
    assert "'ZZ' is not a card" in out
    assert "Answer with one of" in out
    assert "Goodbye" in out
    assert "Traceback" not in out + captured.err


def test_tractor_play_quit_and_eof_exit_0(capsys: pytest.CaptureFixture[str]) -> None:
    for answers in (["quit"], ["q"], []):
        assert cli.main(["play", "tractor", "--seed", "1"], input_fn=scripted(answers)) == 0
        assert "Goodbye" in capsys.readouterr().out
    assert cli.main(["play", "tractor"], input_fn=scripted(["quit"])) == 0
    assert re.search(r"replay with --seed \d+", capsys.readouterr().out)


def last_choices(text: str) -> list[str]:
    """The numbered choices of the last list printed in ``text``."""
    start = max(text.rfind(h) for h in ("Your choices:", "Your legal plays", "Bury a card"))
    block = text[text.index("\n", start) + 1 :]
    choices: list[str] = []
    for line in block.splitlines():
        found = re.findall(r"(\d+)\. (\S+(?: \S+)*)", line)
        if not found:
            break
        choices += [label for _, label in found]
    return choices


def test_tractor_play_typing_cards(capsys: pytest.CaptureFixture[str]) -> None:
    """A person who types cards (lower case, T for 10) and buries three cards at a time plays a round."""
    out = io.StringIO()
    typed: list[str] = []

    def input_fn(prompt: str) -> str:
        choices = last_choices(out.getvalue())
        if prompt.startswith("Bury"):
            left = int(re.findall(r"bury (\d+) more card", out.getvalue())[-1])
            answer = " ".join(c.split()[1] for c in choices[: min(3, left)]).lower()
        elif prompt.startswith("Your play"):
            answer = choices[0].lower().replace("10", "t")
        else:
            answer = choices[0]
        typed.append(answer)
        return answer

    assert cli.main(["play", "tractor", "--seed", "2", "--rounds", "1"], input_fn=input_fn, out=out) == 0
    text = out.getvalue()
    assert "--- Round over ---" in text and "Stopping after 1 round (--rounds)." in text
    assert "You take the 8 cards of the talon" in text
    buried = re.findall(r"^You bury (.*)\.$", text, re.M)
    assert len(buried) == 1 and len(buried[0].split()) == 8
    assert sum(1 for t in typed if len(t.split()) == 3 and not t.startswith("declare")) >= 2
    assert "cannot" not in text and "not legal" not in text and "neither" not in text
    assert re.search(r"^you (lead|play) ", text, re.M)


def test_apply_tractor_answer_accepts_numbers_plays_and_actions() -> None:
    rng = random.Random(1)
    checked = {"draw": 0, "kitty": 0, "play": 0}
    for seed in range(6):
        state = tractor.State.new(seed)
        while not state.is_terminal:
            phase = state.phase
            labels, total = cli.tractor_choices(state)
            assert 1 <= len(labels) <= min(total, cli.MAX_PLAYS_SHOWN if phase == "play" else total)
            k = rng.randrange(len(labels))
            by_number = state.clone()
            assert cli.apply_tractor_answer(by_number, str(k + 1)) is None
            by_text = state.clone()
            if phase == "play":
                text = labels[k].lower().replace("10", "t")
                assert cli.apply_tractor_answer(by_text, f"  {text} ") is None
                assert cli.apply_tractor_answer(state.clone(), f"play {labels[k]}") is None
            else:
                assert cli.apply_tractor_answer(by_text, labels[k].upper()) is None
            assert by_number == by_text, (seed, phase, labels[k])
            checked[phase] += 1
            state = by_number
            if phase == "play":
                # Let the others play at random, card by card, as the table does.
                while not state.is_terminal and rng.random() < 0.5:
                    state.apply_action(rng.choice(state.legal_actions()))
    assert all(checked.values()), checked


def test_apply_tractor_answer_buries_several_cards_at_once() -> None:
    state = tractor.State.new(2)
    rng = random.Random(0)
    while state.phase == "draw":
        state.apply_action(rng.choice(state.legal_actions()))
    assert state.phase == "kitty"
    starter = state.starter
    assert starter is not None
    hand = state.hand(starter)
    three = [str(c) for c in hand[:3]]
    one_by_one = state.clone()
    for card in three:
        one_by_one.apply(f"discard {card}")
    together = state.clone()
    assert cli.apply_tractor_answer(together, " ".join(three).lower()) is None
    assert together == one_by_one
    prefixed = state.clone()
    assert cli.apply_tractor_answer(prefixed, "discard " + ", ".join(three)) is None
    assert prefixed == one_by_one
    # All or nothing: a card the starter does not hold refuses the whole answer.
    missing = next(c for c in Card.all() if c not in hand)
    untouched = state.clone()
    message = cli.apply_tractor_answer(untouched, f"{three[0]} {missing}")
    assert message is not None and f"you do not hold {missing}" in message
    assert untouched == state
    # Nine cards are one too many.
    too_many = state.clone()
    assert cli.apply_tractor_answer(too_many, " ".join(str(c) for c in hand[:9])) is not None
    assert too_many == state


def test_apply_tractor_answer_explains_bad_answers() -> None:
    rng = random.Random(3)
    state = tractor.State.new(7)
    while state.phase != "play":
        state.apply_action(rng.choice(state.legal_actions()))
    state.play(state.legal_plays()[0])  # a lead; the next seat must follow
    before = state.clone()
    messages = {
        text: cli.apply_tractor_answer(state, text)
        for text in ("xyz", "0", "999", "pass", "declare 2H", "discard 2C", "RJ RJ RJ", "play", "add ZZ")
    }
    assert state == before, "a refused answer changes nothing"
    assert all(isinstance(m, str) for m in messages.values()), messages
    assert "neither a choice nor cards" in str(messages["xyz"])
    assert "no choice 0" in str(messages["0"]) and "no choice 999" in str(messages["999"])
    assert "'pass' is not legal now" in str(messages["pass"])
    assert "'declare 2H' is not legal now" in str(messages["declare 2H"])
    assert "'discard 2C' is not legal now" in str(messages["discard 2C"])
    assert "You cannot play RJ RJ RJ" in str(messages["RJ RJ RJ"])
    assert "Say which cards" in str(messages["play"])
    assert "'ZZ' is not a card" in str(messages["add ZZ"])


def test_apply_tractor_answer_refuses_a_held_card_that_does_not_follow() -> None:
    for seed in range(40):
        rng = random.Random(seed)
        state = tractor.State.new(seed)
        while not state.is_terminal:
            trick = state.current_trick()
            player = state.current_player
            if state.phase == "play" and len(trick) == 1 and len(trick[0][1]) == 1 and player is not None:
                legal = {tuple(p) for p in state.legal_plays()}
                wrong = [c for c in state.hand(player) if (c,) not in legal]
                if wrong:
                    before = state.clone()
                    message = cli.apply_tractor_answer(state, f"play {wrong[0]}")
                    assert message is not None and message.startswith(f"You cannot play {wrong[0]}: ")
                    assert "led suit" in message
                    assert state == before
                    return
            state.apply_action(rng.choice(state.legal_actions()))
    pytest.fail("no follow with an illegal held card found")


def tractor_public_cards(state: tractor.State, seat: int) -> set[Card]:
    """The cards ``seat`` may legitimately see named: its own, exposed, played, thrown, its kitty."""
    seen: set[Card] = set(state.hand(seat))
    for cards in state.exposed():
        seen.update(cards)
    for _, cards in state.current_trick():
        seen.update(cards)
    seen.update(state.partial_play())
    last = state.last_trick()
    if last is not None:
        for _, cards in last[1]:
            seen.update(cards)
    failed = state.failed_throw()
    if failed is not None:
        seen.update(failed[1])
        seen.update(failed[2])
    declaration = state.declaration
    if declaration is not None:
        seen.update(declaration[2])
    kitty_public = state.phase == "done" and last is not None and tractor.team_of(last[2]) != state.declarers
    if state.starter == seat or kitty_public:
        seen.update(state.kitty)
    return seen


def test_tractor_view_never_shows_hidden_cards() -> None:
    rng = random.Random(5)
    checked = 0
    for seed in range(8):
        state = tractor.State.new(seed)
        step = 0
        while True:
            if step % 3 == 0 or state.phase != "play":
                for seat in range(4):
                    view = cli.render_tractor_view(state, seat)
                    public = tractor_public_cards(state, seat)
                    hidden = {c for other in range(4) if other != seat for c in state.hand(other)}
                    hidden |= set(state.kitty)
                    for card in hidden - public:
                        assert not re.search(card_pattern(str(card)), view), (seed, seat, card, view)
                    for card in state.hand(seat):
                        assert re.search(card_pattern(str(card)), view)
                    checked += 1
            if state.is_terminal:
                break
            state.apply_action(rng.choice(state.legal_actions()))
            step += 1
    assert checked > 500


def test_tractor_view_shows_what_the_seat_may_know() -> None:
    rng = random.Random(2)
    state = tractor.State.new(11)
    while state.phase == "draw":
        view = cli.render_tractor_view(state, 0)
        assert f"Draw: {state.drawn} of 100 cards drawn" in view
        if state.hand(0):  # before the trump is fixed, the hand is sorted by card id
            assert "\n  " + " ".join(str(c) for c in sorted(state.hand(0), key=lambda c: c.id)) in view
        state.apply_action(rng.choice(state.legal_actions()))
    starter = state.starter
    assert starter is not None and state.trump is not None
    other = (starter + 1) % 4
    view = cli.render_tractor_view(state, starter)
    assert "You hold the talon: bury 8 more cards." in view and "33 cards" in view
    while state.phase == "kitty":
        state.apply_action(rng.choice(state.legal_actions()))
    kitty = " ".join(str(c) for c in state.kitty)
    assert f"Your kitty (buried): {kitty}" in cli.render_tractor_view(state, starter)
    view = cli.render_tractor_view(state, other)
    assert "kitty" not in view.lower()
    assert f"Trump: {state.trump}" in view and "Declarers: seats" in view
    trump = state.trump
    suits = [trump.suit_of(c) for c in state.hand(other)]
    names = {"T": "trumps:", "C": "clubs:", "D": "diamonds:", "H": "hearts:", "S": "spades:"}
    lines = [line.strip() for line in view.splitlines()]
    groups = [line.split()[0] for line in lines if line.split() and line.split()[0] in names.values()]
    assert groups == [names[s] for s in dict.fromkeys(suits)]
    assert re.search(r"you \(seat \d\).*25 cards", view)
    while not state.is_terminal and state.tricks_played < 2:
        state.apply_action(rng.choice(state.legal_actions()))
    view = cli.render_tractor_view(state, other)
    assert "Last trick: " in view and f"Opponents' points P: {state.points}" in view


def test_bench_quick_prints_a_table_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["bench", "--quick", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    works = {(m["game"], m["work"]) for m in data["measurements"]}
    assert ("sheepshead", "random playouts (1 thread)") in works
    assert all(m["rust_per_second"] > 0 and m["reference_per_second"] > 0 for m in data["measurements"])
    assert cli.main(["bench", "--quick"]) == 0
    table = capsys.readouterr().out
    assert "reference /s" in table and "ratio" in table


def test_arena_prints_a_table_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["arena", "sheepshead", "--bots", "heuristic,random", "--hands", "50", "--seed", "2"]
    assert cli.main(args) == 0
    table = capsys.readouterr().out
    assert "0:heuristic" in table and "4:random" in table and "95% interval" in table
    assert cli.main(["arena", "tractor", "--bots", "heuristic,random", "--hands", "4", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [b["name"] for b in data["bots"]] == ["heuristic", "random", "random", "random"]
    assert abs(sum(b["mean"] for b in data["bots"])) < 1e-9
    assert cli.main(["arena", "tractor", "--bots", "clever"]) == 2
    assert "--bots" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("game", "extra"), [("sheepshead", ["--hands", "1"]), ("tractor", ["--rounds", "1"])]
)
def test_play_against_heuristic_opponents(
    capsys: pytest.CaptureFixture[str], game: str, extra: list[str]
) -> None:
    code = cli.main(["play", game, "--seed", "4", "--opponents", "heuristic", *extra], input_fn=always("1"))
    assert code == 0
    assert "Traceback" not in capsys.readouterr().out


# ---- hostile input: every number is bounded at parse time, every line gets an answer ----


def number_flags() -> list[tuple[str, argparse.Action]]:
    """Every flag of every sub-command whose value is a number: ``("simulate sheepshead", action)``."""
    found: list[tuple[str, argparse.Action]] = []

    def walk(parser: argparse.ArgumentParser, path: list[str]) -> None:
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for name, sub in action.choices.items():
                    walk(sub, [*path, name])
            elif action.type is not None and action.dest != "bots":
                found.append((" ".join(path), action))

    walk(cli.build_parser(), [])
    return found


def test_every_number_flag_states_and_checks_its_bound() -> None:
    flags = number_flags()
    names = {(where, action.option_strings[0]) for where, action in flags}
    assert ("simulate sheepshead", "--games") in names and ("arena tractor", "--hands") in names
    assert ("play sheepshead", "--hands") in names and ("play tractor", "--rounds") in names
    assert ("simulate tractor", "--threads") in names and ("play tractor", "--seat") in names
    for where, action in flags:
        number = action.type
        assert isinstance(number, WholeNumber), (where, action.option_strings)  # one type for every number
        assert action.help is not None and f"({number.bounds}" in action.help, (where, action.help)
        for text in ("1e300", "9" * 5000, "1e" + "9" * 5000, "-1e3", "1.5", "", "x", "inf", "nan", "\udcff"):
            with pytest.raises(argparse.ArgumentTypeError, match="must be a whole number from") as error:
                number(text)
            assert len(str(error.value)) < 200
        assert number(str(number.lo)) == number.lo and number(str(number.hi)) == number.hi


def test_the_bounds_chosen() -> None:
    bounds = {(where, action.option_strings[0]): action.type for where, action in number_flags()}
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    expected = {
        ("simulate sheepshead", "--games"): (1, 10**12),
        ("simulate tractor", "--threads"): (1, 4 * cores),
        ("simulate tractor", "--seed"): (0, 2**64 - 1),
        ("arena sheepshead", "--hands"): (2, 1_000_000),  # bots.arena needs 2 for an interval
        ("play sheepshead", "--hands"): (1, 2**32 - 1),  # the rules' hands_per_game
        ("play tractor", "--rounds"): (1, 10**12),
        ("play sheepshead", "--seat"): (0, 4),
        ("play tractor", "--seat"): (0, 3),
    }
    for key, (lo, hi) in expected.items():
        number = bounds[key]
        assert isinstance(number, WholeNumber) and (number.lo, number.hi) == (lo, hi), key
    assert MAX_THREADS == 4 * cores


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["simulate", "sheepshead", "--games", "1e300", "--seed", "1"],
            "argument --games: must be a whole number from 1 to 10**12, not '1e300'",
        ),
        (
            ["simulate", "tractor", "--games", "1e13", "--seed", "1"],
            "argument --games: must be a whole number",
        ),
        (["simulate", "sheepshead", "--games", "9" * 5000, "--seed", "1"], "(5,000 characters)"),
        (
            ["simulate", "sheepshead", "--games", "10", "--seed", "1", "--threads", "1e30"],
            "argument --threads: must be a whole number from 1 to",
        ),
        (["simulate", "sheepshead", "--games", "10", "--seed", "1", "--threads", "-2"], "argument --threads"),
        (["simulate", "sheepshead", "--games", "10", "--seed", "1e300"], "from 0 to 2**64 - 1, not '1e300'"),
        (
            ["simulate", "sheepshead", "--games", "", "--seed", "1"],
            "argument --games: must be a whole number",
        ),
        (
            ["simulate", "sheepshead", "--games", "10", "--seed", ""],
            "argument --seed: must be a whole number",
        ),
        (["simulate", "sheepshead", "--games", "10", "--seed", "\udcff"], "not '\\udcff'"),
        (["simulate", "\udcff", "--games", "10", "--seed", "1"], "invalid choice"),
        (["simulate", "tractor", "--games", "5", "--seed", "1", "--over-240", "\udcff"], "invalid choice"),
        (["simulate", "tractor", "--games", "5", "--seed", "1", "--over-240", ""], "invalid choice"),
        (
            ["arena", "sheepshead", "--bots", "random", "--hands", "1"],
            "argument --hands: must be a whole number from 2 to 1,000,000, not '1'",
        ),
        (["arena", "tractor", "--bots", "random", "--hands", "1e300"], "argument --hands"),
        (["arena", "tractor", "--bots", "", "--hands", "2"], "argument --bots"),
        (["arena", "tractor", "--bots", "random,\udcff", "--hands", "2"], "argument --bots"),
        (["arena", "tractor", "--bots", ",".join(["random"] * 65)], "argument --bots"),
        (
            ["play", "sheepshead", "--hands", str(2**32)],
            "argument --hands: must be a whole number from 1 to 2**32 - 1",
        ),
        (["play", "sheepshead", "--seat", "1.5"], "argument --seat: must be a whole number from 0 to 4"),
        (
            ["play", "tractor", "--rounds", "1e13"],
            "argument --rounds: must be a whole number from 1 to 10**12",
        ),
        (["play", "tractor", "--seed", "0x1" + "0" * 16], "argument --seed: must be a whole number from 0"),
    ],
)
def test_hostile_arguments_exit_2_at_parse_time(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def never(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("the command ran")

    monkeypatch.setattr(ss, "simulate", never)
    monkeypatch.setattr(tractor, "simulate", never)
    monkeypatch.setattr(bots, "arena", never)
    assert cli.main(argv, input_fn=scripted([])) == 2
    err = capsys.readouterr().err
    assert "usage:" in err and message in err, err
    assert "Traceback" not in err


def test_whole_number_forms(capsys: pytest.CaptureFixture[str]) -> None:
    parse = cli.common.parse_whole
    for text, value in (
        ("1e6", 10**6),
        ("1E6", 10**6),
        ("2.5e3", 2500),
        ("1_000_000", 10**6),
        (" 42 ", 42),
        ("+7", 7),
        ("100e-2", 1),
        ("1.000e3", 1000),
        ("1e12", 10**12),
        ("0x10", 16),
        ("0b101", 5),
        ("0o17", 15),
        ("1e0000001", 10),
    ):
        assert parse(text, 1, 10**12) == value, text
    for text in ("1.5", "1e-1", "1e13", "1000000000001", "0", "-5", "1e99999999999", "1e-99999999999"):
        with pytest.raises(cli.common.OutOfRangeError):
            parse(text, 1, 10**12)
    for text in (
        "",
        " ",
        "abc",
        "inf",
        "nan",
        "1e",
        "e6",
        "1__0",
        "_1",
        "0b2",
        "0x",
        "\u0663",
        "1/2",
        "\udcff",
    ):
        with pytest.raises(cli.common.NotANumberError):
            parse(text, 1, 10**12)
    assert parse(str(2**64 - 1), 0, 2**64 - 1) == 2**64 - 1
    with pytest.raises(cli.common.OutOfRangeError):
        parse("0x" + "f" * 3000, 0, 2**64 - 1)  # refused without building the int
    assert run_json(capsys, "--games", "2.5e3", "--seed", "0x10")["hands"] == 2500


def test_a_huge_number_at_the_prompt_is_no_choice(capsys: pytest.CaptureFixture[str]) -> None:
    """A 5000-digit answer once made ``int()`` raise (Python's 4300-digit limit); now it is answered."""
    huge = "9" * 5000
    state = ss.State.new(seed=3)
    message = cli.resolve_sheepshead_choice(state, huge)
    assert isinstance(message, str) and message.startswith("There is no choice 9999") and len(message) < 200
    for answer in ("0", "-1", "1.5", "1e3", "+99"):
        assert "There is no choice" in str(cli.resolve_sheepshead_choice(state, answer)), answer
    assert cli.resolve_sheepshead_choice(state, "+1") == state.legal_actions()[0]
    table = tractor.State.new(seed=1)
    before = table.history()
    tractor_message = cli.apply_tractor_answer(table, huge)
    assert tractor_message is not None and tractor_message.startswith("There is no choice 9999")
    assert table.history() == before
    for game, answers in (("sheepshead", [huge, "1e300", "quit"]), ("tractor", [huge, "1e300", "quit"])):
        assert cli.main(["play", game, "--seed", "1"], input_fn=scripted(answers)) == 0
        captured = capsys.readouterr()
        assert "That answer is 5,000 characters long; none needs more than 200." in captured.out, game
        assert captured.out.count("There is no choice 1e300: type a number from 1 to") == 1, game
        assert "Goodbye" in captured.out and "Traceback" not in captured.out + captured.err


def test_unreadable_and_overlong_lines_are_asked_again(capsys: pytest.CaptureFixture[str]) -> None:
    def undecodable(answers: list[str]) -> Callable[[str], str]:
        it = iter(answers)

        def input_fn(prompt: str) -> str:
            answer = next(it, None)
            if answer is None:
                raise EOFError
            if answer == "strict":
                raise UnicodeDecodeError("utf-8", b"\xff", 0, 1, "invalid start byte")
            return answer

        return input_fn

    answers = ["\udcff\udcfe", "strict", "a" * 100_000, "1 " * 150, "\x00", "\x1b[2J", "\t", "quit"]
    for game in ("sheepshead", "tractor"):
        assert cli.main(["play", game, "--seed", "1"], input_fn=undecodable(answers)) == 0
        captured = capsys.readouterr()
        out = captured.out
        assert out.count("That line is not readable text (it is not UTF-8)") == 2, game
        assert "That answer is 100,000 characters long; none needs more than 200." in out
        assert "That answer is 300 characters long" in out
        assert "'\\x00' is neither a choice" in out and "'\\x1b[2J' is neither a choice" in out
        assert "Goodbye" in out and "Traceback" not in out + captured.err
        assert max(len(line) for line in out.splitlines()) < 400


def test_non_utf8_bytes_on_stdin_are_asked_again() -> None:
    """The real standard input, even a strict UTF-8 one: the bad line is refused, the lines after it read."""
    for env in ({}, {"PYTHONIOENCODING": "utf-8:strict"}):
        result = subprocess.run(
            [sys.executable, "-m", "tricktaker", "play", "sheepshead", "--seed", "1"],
            input=b"\xff\xfe\nxyz\n\xc3\nquit\n",
            capture_output=True,
            timeout=120,
            check=False,
            env={**os.environ, **env},
        )
        out, err = result.stdout.decode(), result.stderr.decode()
        assert result.returncode == 0, err
        assert out.count("That line is not readable text") == 2
        assert "'xyz' is neither a choice nor a card" in out and "Goodbye" in out
        assert "Traceback" not in out + err


def interrupt_after(answers: list[str]) -> Callable[[str], str]:
    """``answers`` in turn, then Ctrl-C."""
    it = iter(answers)

    def input_fn(prompt: str) -> str:
        answer = next(it, None)
        if answer is None:
            raise KeyboardInterrupt
        return answer

    return input_fn


@pytest.mark.parametrize(("game", "rest"), [("sheepshead", "Scores after"), ("tractor", "Levels after")])
def test_play_interrupted_exits_130(game: str, rest: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["play", game, "--seed", "1"], input_fn=interrupt_after(["help"])) == 130
    captured = capsys.readouterr()
    assert "Interrupted. Goodbye." in captured.out and rest in captured.out
    assert "Traceback" not in captured.out + captured.err


def test_play_ends_at_end_of_file_after_bad_lines(capsys: pytest.CaptureFixture[str]) -> None:
    for game in ("sheepshead", "tractor"):
        calls = 0

        def input_fn(prompt: str) -> str:
            nonlocal calls
            calls += 1
            if calls > 3:
                raise EOFError
            return "\udcff"

        assert cli.main(["play", game, "--seed", "1"], input_fn=input_fn) == 0
        assert calls == 4 and "Goodbye" in capsys.readouterr().out


def test_simulate_interrupted_exits_130(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def interrupted(*args: Any, **kwargs: Any) -> Any:
        raise KeyboardInterrupt

    monkeypatch.setattr(ss, "simulate", interrupted)
    assert cli.main(["simulate", "sheepshead", "--games", "10", "--seed", "1", "--progress"]) == 130
    err = capsys.readouterr().err
    assert "tricktaker: interrupted" in err and "Traceback" not in err


def test_library_errors_are_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise ArgumentError("threads must be an int from 1 to 8, not 9")

    monkeypatch.setattr(ss, "simulate", refuse)
    assert cli.main(["simulate", "sheepshead", "--games", "10", "--seed", "1"]) == 1
    captured = capsys.readouterr()
    assert captured.err == "tricktaker: error: threads must be an int from 1 to 8, not 9\n"
    assert captured.out == ""


def test_arena_bots_take_spaces_and_two_hands(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["arena", "sheepshead", "--bots", "heuristic, random", "--hands", "2", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [b["name"] for b in data["bots"]] == ["heuristic", "random", "random", "random", "random"]
    assert cli.main(["arena", "tractor", "--bots", "random", "--hands", "2", "--seed", str(2**64 - 1)]) == 0


def test_a_closed_pipe_ends_quietly() -> None:
    """``tricktaker play … | head -1``: the reader goes away; no traceback, the SIGPIPE status 141."""
    process = subprocess.Popen(
        [sys.executable, "-m", "tricktaker", "play", "sheepshead", "--seed", "1"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdout is not None and process.stdin is not None
    process.stdout.readline()
    process.stdout.close()
    _, err = process.communicate(b"help\n" * 5000, timeout=120)
    assert process.returncode == 141, err
    assert b"Traceback" not in err


def twenty_five_trumps() -> tractor.State:
    """Seat 0 to lead with 25 trumps (seven pairs, eleven singles): 4,478,975 legal plays."""
    ranks = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    deck = [f"{r}{s}" for r in ranks for s in "CDHS"] * 2 + ["BJ", "RJ"] * 2
    mine = "BJ BJ RJ RJ 2H 2H 2S 2S AH AH KH KH QH QH 2C 2D 3H 4H 5H 6H 7H 8H 9H 10H JH".split()
    for card in mine:
        deck.remove(card)
    hands = [mine, deck[0:25], deck[25:50], deck[50:75]]
    return tractor.State.from_cards(hands, deck[75:83], tractor.Trump("2", "H"), starter=0, declarers=0)


def test_tractor_millions_of_plays_are_counted_not_listed() -> None:
    state = twenty_five_trumps()
    assert state.count_legal_plays() == 4_478_975
    labels, total = cli.tractor_choices(state)
    assert total == 4_478_975
    # The numbers build a play card by card instead: one "add" per kind of card held.
    assert labels == [f"add {c}" for c in "2C 2D 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH 2S BJ RJ".split()]
    out = io.StringIO()
    table = cli.TractorTable(
        match=tractor.Match(seed=1),
        seat=0,
        rng=random.Random(0),
        console=cli.Console(input_fn=scripted(["99", "1"]), out=out),
    )
    assert table._ask(state)
    text = out.getvalue()
    assert "Your legal plays: 4,478,975, too many to list." in text and " 1. add 2C" in text
    assert "There is no choice 99: type a number from 1 to 18." in text
    assert state.partial_play() == [Card("2C")]
    labels, total = cli.tractor_choices(state)
    assert labels[-1] == "finish" and total == state.count_legal_plays() > cli.MAX_PLAYS_LISTED
    assert cli.apply_tractor_answer(state, str(len(labels))) is None
    assert state.current_trick() == [(0, [Card("2C")])]


def test_tractor_few_plays_are_listed_fewest_cards_first() -> None:
    state = tractor.State.new(seed=5)
    while state.phase != "play":
        state.apply_action(state.legal_actions()[0])
    total = state.count_legal_plays()
    assert cli.MAX_PLAYS_SHOWN < total <= cli.MAX_PLAYS_LISTED
    labels, counted = cli.tractor_choices(state)
    assert counted == total and len(labels) == cli.MAX_PLAYS_SHOWN
    sizes = [len(label.split()) for label in labels]
    assert sizes == sorted(sizes) and sizes[0] == 1
    out = io.StringIO()
    console = cli.Console(input_fn=scripted([]), out=out)
    table = cli.TractorTable(match=tractor.Match(seed=1), seat=0, rng=random.Random(0), console=console)
    assert not table._ask(state)
    assert f"Your legal plays ({total:,}; the fewest cards first):" in out.getvalue()
    assert f"… and {total - cli.MAX_PLAYS_SHOWN:,} more legal plays" in out.getvalue()


# ---- the look: suit symbols and colour only on a terminal ----

ESCAPE = "\x1b["
SYMBOLS = ("♣", "♦", "♥", "♠")


class Terminal(io.StringIO):
    """An output that says it is a terminal (as a real one would), in UTF-8."""

    encoding = "utf-8"

    def isatty(self) -> bool:
        return True


def play_output(
    monkeypatch: pytest.MonkeyPatch,
    argv: list[str],
    answers: list[str],
    *,
    out: io.StringIO | None = None,
    env: dict[str, str | None] | None = None,
) -> str:
    """What ``play`` writes to ``out`` (a pipe by default) for ``answers``, with ``env`` set (None: unset)."""
    for key, value in {"NO_COLOR": None, "TERM": "xterm-256color", **(env or {})}.items():
        if value is None:
            monkeypatch.delenv(key, raising=False)
        else:
            monkeypatch.setenv(key, value)
    out = out if out is not None else io.StringIO()
    assert cli.main(argv, input_fn=scripted(answers), out=out, err=io.StringIO()) == 0
    return out.getvalue()


@pytest.mark.parametrize("game", ["sheepshead", "tractor"])
def test_a_pipe_gets_plain_text(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    text = play_output(monkeypatch, ["play", game, "--seed", "5"], ["1", "1", "show", "quit"])
    assert ESCAPE not in text and not any(s in text for s in SYMBOLS)
    assert "Your hand" in text and "Goodbye" in text


@pytest.mark.parametrize("game", ["sheepshead", "tractor"])
def test_a_terminal_gets_symbols_and_colour(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    text = play_output(monkeypatch, ["play", game, "--seed", "5"], ["1", "show", "quit"], out=Terminal())
    assert ESCAPE in text and any(s in text for s in SYMBOLS)
    assert "\x1b[31m" in text  # hearts and diamonds in red


@pytest.mark.parametrize("game", ["sheepshead", "tractor"])
def test_no_color_keeps_the_symbols_and_plain_drops_both(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    argv = ["play", game, "--seed", "5"]
    no_color = play_output(monkeypatch, argv, ["show", "quit"], out=Terminal(), env={"NO_COLOR": "1"})
    assert ESCAPE not in no_color and any(s in no_color for s in SYMBOLS)
    empty = play_output(monkeypatch, argv, ["show", "quit"], out=Terminal(), env={"NO_COLOR": ""})
    assert ESCAPE in empty  # an empty NO_COLOR is not set (no-color.org)
    plain = play_output(monkeypatch, [*argv, "--plain"], ["show", "quit"], out=Terminal())
    assert ESCAPE not in plain and not any(s in plain for s in SYMBOLS)
    dumb = play_output(monkeypatch, argv, ["show", "quit"], out=Terminal(), env={"TERM": "dumb"})
    assert ESCAPE not in dumb and not any(s in dumb for s in SYMBOLS)
    assert plain.replace("--plain", "") == dumb == play_output(monkeypatch, argv, ["show", "quit"])


def test_terminal_look_decides_symbols_and_colour() -> None:
    look = cli.common.terminal_look
    assert look(io.StringIO(), environ={}) == cli.common.PLAIN
    assert look(Terminal(), environ={}) == cli.common.Look(symbols=True, color=True)
    assert look(Terminal(), environ={"NO_COLOR": "x"}) == cli.common.Look(symbols=True, color=False)
    assert look(Terminal(), environ={"TERM": "dumb"}) == cli.common.PLAIN
    assert look(Terminal(), plain=True, environ={}) == cli.common.PLAIN

    class Ascii(Terminal):
        encoding = "ascii"

    assert look(Ascii(), environ={}) == cli.common.Look(symbols=False, color=True)  # no ♣ in ASCII
    shown = cli.common.Look(symbols=True)
    assert [shown.name(Card(c)) for c in ("QC", "10H", "AD", "7S", "BJ")] == ["Q♣", "10♥", "A♦", "7♠", "BJ"]
    assert [cli.common.PLAIN.name(Card(c)) for c in ("QC", "10H")] == ["QC", "10H"]
    assert cli.common.PLAIN.card(Card("QC"), playable=False).plain == "(QC)"


def test_plural_writes_one_in_the_singular_and_groups_thousands() -> None:
    plural = cli.common.plural
    assert [plural(n, "card") for n in (0, 1, 2, 1000)] == ["0 cards", "1 card", "2 cards", "1,000 cards"]


def test_no_one_cards_in_the_output(capsys: pytest.CaptureFixture[str]) -> None:
    singular = re.compile(r"(?<![\d,])1 (cards|tricks|points|hands|rounds|levels|pairs|threads|deals)\b")
    for argv in (
        ["play", "sheepshead", "--seed", "3", "--hands", "2"],
        ["play", "tractor", "--seed", "3", "--rounds", "2"],
        ["play", "tractor", "--seed", "1", "--rounds", "3", "--opponents", "random"],
    ):
        assert cli.main(argv, input_fn=always("1", limit=3000)) == 0
        out = capsys.readouterr().out
        assert not singular.search(out), singular.search(out)
        assert "(s)" not in out
        assert re.search(r"\b1 (card|trick|point|hand|round|level)\b", out)


# ---- the hand in play order, the legal cards marked, the reason for a refusal ----


def sheepshead_position(want: Callable[[ss.State], bool], seeds: int = 400) -> ss.State:
    """The first position of random Sheepshead hands where ``want`` holds."""
    for seed in range(seeds):
        rng = random.Random(seed)
        state = ss.State.new(seed)
        while not state.is_terminal:
            if want(state):
                return state
            state.apply_action(rng.choice(state.legal_actions()))
    pytest.fail("no such position")


def refused(state: ss.State, rule: str) -> Card | None:
    """A card of the hand of the player to act that may not be played now for ``rule``."""
    if state.phase != "play" or state.current_player is None:
        return None
    legal = {state.action_to_string(a) for a in state.legal_actions()}
    for card in state.hand(state.current_player):
        if f"play {card}" not in legal:
            try:
                state.clone().apply(f"play {card}")
            except Exception as e:
                if rule in str(e):
                    return card
    return None


def test_sheepshead_hand_is_shown_in_the_librarys_play_order() -> None:
    for jack_order in ("standard", "seed"):
        state = ss.State.new(3, rules=ss.Rules(jack_order=jack_order))
        seat = state.current_player
        assert seat is not None
        view = cli.render_sheepshead_view(state, seat)
        line = next(line for line in view.splitlines() if line.startswith("Your hand: "))
        shown = [Card(w) for w in line.removeprefix("Your hand: ").split()]
        assert shown == state.hand(seat)
        assert str(state).count(" ".join(str(c) for c in state.hand(seat))) >= 1


def test_sheepshead_refusals_say_the_rule() -> None:
    cases = {
        "R18": ("hold card for the called", "held: the hold card for the called"),
        "R19": ("called", "R19"),
        "R22": ("you must follow the", "you must follow"),
    }
    for rule, (sentence, legend) in cases.items():

        def breaks(s: ss.State, rule: str = rule) -> bool:
            return refused(s, rule) is not None

        state = sheepshead_position(breaks)
        card = refused(state, rule)
        assert card is not None and state.current_player is not None
        message = cli.resolve_sheepshead_choice(state, str(card))
        assert isinstance(message, str) and message.startswith(f"You cannot play {card} now: "), message
        assert sentence in message and f"({rule}" in message, message
        typed = cli.resolve_sheepshead_choice(state, f"play {card}")
        assert isinstance(typed, str) and f"'play {card}' is not legal now: " in typed and rule in typed
        view = cli.render_sheepshead_view(state, state.current_player)
        assert "not playable now:" in view and legend in view, view
        assert f"({card})" in view  # without colour, an unplayable card is in parentheses
        numbered = re.findall(r"(\d+):(\S+)", view.split("Your hand: ")[1].splitlines()[0])
        choices = cli.sheepshead_choices(state)
        assert [(int(n), text) for n, text in numbered] == [
            (i, state.action_to_string(a).split()[1]) for i, a in enumerate(choices, 1)
        ]


def test_sheepshead_hold_card_is_named_for_a_player() -> None:
    state = sheepshead_position(lambda s: refused(s, "R18") is not None)
    card = refused(state, "R18")
    assert card is not None and state.called_card is not None
    suit = {"C": "club", "H": "heart", "S": "spade"}[str(state.called_card.suit)]
    message = str(cli.resolve_sheepshead_choice(state, str(card)))
    assert (
        f"you must keep your last {suit}, {card}, as the hold card for the called {state.called_card}"
        in message
    )
    symbols = cli.common.Look(symbols=True)
    shown = str(cli.resolve_sheepshead_choice(state, str(card), symbols))
    assert symbols.name(state.called_card) in shown and str(state.called_card) not in shown


def test_tractor_refusals_say_the_rule() -> None:
    seen: dict[str, str] = {}
    for seed in range(60):
        rng = random.Random(seed)
        state = tractor.State.new(seed)
        while not state.is_terminal and len(seen) < 3:
            trick, player, trump = state.current_trick(), state.current_player, state.trump
            if state.phase == "play" and trick and player is not None and trump is not None:
                lead = trick[0][1]
                hand = state.hand(player)
                suit = trump.suit_of(lead[0])
                others = [c for c in hand if trump.suit_of(c) != suit]
                mine = [c for c in hand if trump.suit_of(c) == suit]
                tries = {"R26": hand[: len(lead) + 1]}
                if len(mine) >= len(lead) and others:
                    tries["R28"] = [others[0], *mine[: len(lead) - 1]]
                for rule, cards in tries.items():
                    if rule not in seen and len(cards) == len(lead) + (rule == "R26"):
                        message = cli.apply_tractor_answer(state.clone(), " ".join(str(c) for c in cards))
                        if message is not None:
                            seen[rule] = message
            elif state.phase == "play" and not trick and player is not None and "R27" not in seen:
                hand = state.hand(player)
                trump = state.trump
                assert trump is not None
                mixed = [
                    hand[0],
                    next((c for c in hand if trump.suit_of(c) != trump.suit_of(hand[0])), hand[0]),
                ]
                if mixed[0] != mixed[1] and trump.suit_of(mixed[0]) != trump.suit_of(mixed[1]):
                    message = cli.apply_tractor_answer(state.clone(), " ".join(str(c) for c in mixed))
                    assert message is not None
                    seen["R27"] = message
            state.apply_action(rng.choice(state.legal_actions()))
        if len(seen) == 3:
            break
    assert "every player plays as many cards as the lead (R26)" in seen["R26"]
    assert "is not of the led suit (" in seen["R28"] and "you hold enough" in seen["R28"]
    assert "(R28)" in seen["R28"]
    assert "a lead is all of one suit (R27)" in seen["R27"]
    for message in seen.values():
        assert message.startswith("You cannot play ") and "illegal action" not in message
        assert not re.search(r"\b1 cards\b", message)


def test_tractor_hand_marks_what_can_be_played() -> None:
    rng = random.Random(4)
    for seed in range(20):
        state = tractor.State.new(seed)
        while not state.is_terminal:
            player = state.current_player
            if state.phase == "play" and state.current_trick() and player is not None:
                playable = {c for play in state.legal_plays(limit=None) for c in play}
                if len(playable) < len(set(state.hand(player))):
                    view = cli.render_tractor_view(state, player)
                    assert "You must follow" in view or "you hold only" in view.lower()
                    hand = "\n".join(
                        line
                        for line in view.splitlines()
                        if re.match(r"  (trumps|clubs|diamonds|hearts|spades):", line)
                    )
                    for card in state.hand(player):
                        dim = f"({card})" in hand
                        assert dim == (card not in playable), (card, hand)
                    return
            state.apply_action(rng.choice(state.legal_actions()))
    pytest.fail("no follow with unplayable cards found")


def test_tractor_header_says_the_rank(capsys: pytest.CaptureFixture[str]) -> None:
    rng = random.Random(0)
    for seed in range(200):
        state = tractor.State.new(seed)
        while state.phase == "draw":
            jokers = [
                a
                for a in state.legal_actions()
                if state.action_to_string(a) in ("declare BJ BJ", "declare RJ RJ")
            ]
            state.apply_action(jokers[0] if jokers else rng.choice(state.legal_actions()))
        trump = state.trump
        if trump is not None and trump.rank is None:  # no trump: the jokers only
            view = cli.render_tractor_view(state, 0)
            assert view.startswith(f"Tractor · {state.phase} · rank {state.rank}\n") and state.rank == "2"
            assert "none" not in view.splitlines()[0] and "Trump: no trump" in view
            return
    pytest.fail("no joker declaration found")


# ---- team points and totals ----


def test_sheepshead_sides_and_match_totals(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["play", "sheepshead", "--seed", "3", "--hands", "2"], input_fn=always("1")) == 0
    out = capsys.readouterr().out
    assert re.search(r"Sides: picker (you|seat \d)", out)
    assert "the picking side needs 61" in out
    assert "After 1 hand of 2" in out and "After 2 hands of 2" in out
    table = out[out.index("After 2 hands of 2") :]
    for header in ("seat", "role", "points", "tricks", "hand", "match"):
        assert header in table.splitlines()[2]
    rows = [line for line in table.splitlines() if re.match(r"\| (you \(seat \d\)|seat \d) ", line)][:5]
    totals = [int(row.split("|")[-2]) for row in rows]
    final = [int(v) for v in re.findall(r"[+-]\d+", re.findall(r"^Scores: (.*)$", out, re.M)[-1])]
    assert totals == final and sum(totals) == 0


def test_sheepshead_sides_once_the_partner_is_known() -> None:
    state = sheepshead_position(lambda s: s.phase == "play" and s.partner is not None and s.trick_number >= 2)
    picker, partner = state.picker, state.partner
    assert picker is not None and partner is not None
    outsider = next(s for s in range(5) if s not in (picker, partner))
    view = cli.render_sheepshead_view(state, outsider)
    points, tricks = state.points(), state.tricks_won()
    side = points[picker] + points[partner]
    line = next(line for line in view.splitlines() if line.startswith("Sides: "))
    assert f"seat {picker} + seat {partner} {side} point" in line
    assert f"the others {sum(points) - side} point" in line
    assert f"{tricks[picker] + tricks[partner]} trick" in line


def test_tractor_round_results_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        cli.main(["play", "tractor", "--seed", "3", "--rounds", "2"], input_fn=always("1", limit=3000)) == 0
    )
    out = capsys.readouterr().out
    assert "After 1 round:" in out and "After 2 rounds:" in out
    table = out[out.index("After 2 rounds:") :]
    assert all(h in table for h in ("declarers", "trump", "P", "result", "your team"))
    assert len(re.findall(r"^\| +[12] \|", table, re.M)) == 2
    assert "Opponents' points P:" in out


# ---- the opponents, the flags ----


def test_the_heuristic_bot_is_the_default_opponent(capsys: pytest.CaptureFixture[str]) -> None:
    for game in ("sheepshead", "tractor"):
        assert cli.main(["play", game, "--seed", "1"], input_fn=scripted(["quit"])) == 0
        assert "played by the heuristic bot" in capsys.readouterr().out
        assert (
            cli.main(["play", game, "--seed", "1", "--opponents", "random"], input_fn=scripted(["quit"])) == 0
        )
        assert "played by the random bot" in capsys.readouterr().out
        assert cli.main(["play", game, "--help"]) == 0
        help_text = capsys.readouterr().out
        assert "default: heuristic" in help_text and "--resume FILE" in help_text and "--plain" in help_text
        assert "undo" in help_text and "save FILE" in help_text
    assert cli.main(["play", "--help"]) == 0
    assert "heuristic bot by default" in capsys.readouterr().out


def test_deals_is_an_alias_in_both_games() -> None:
    parser = cli.build_parser()
    assert parser.parse_args(["play", "sheepshead", "--deals", "4"]).hands == 4
    assert parser.parse_args(["play", "tractor", "--deals", "4"]).rounds == 4
    assert parser.parse_args(["play", "tractor"]).rounds is None
    assert parser.parse_args(["arena", "sheepshead", "--bots", "random", "--deals", "6"]).hands == 6
    assert parser.parse_args(["arena", "tractor", "--bots", "random", "--rounds", "6"]).hands == 6
    assert parser.parse_args(["arena", "tractor", "--bots", "random"]).hands == 200
    for command in ("simulate sheepshead --games 1 --seed 1", "arena tractor --bots random", "bench"):
        assert parser.parse_args([*command.split(), "--plain"]).plain


# ---- take-back, save and resume ----


def test_undo_takes_back_to_the_previous_decision(capsys: pytest.CaptureFixture[str]) -> None:
    answers = ["undo", "1", "1", "undo", "quit"]
    assert cli.main(["play", "sheepshead", "--seed", "5", "--hands", "1"], input_fn=scripted(answers)) == 0
    out = capsys.readouterr().out
    assert "Nothing to take back: this is your first decision of the hand." in out
    assert "Taken back: your previous decision" in out
    views = re.findall(r"^Sheepshead · dealer.*?(?=^Your choices:)", out, re.M | re.S)
    # Prompts 1, 2, 3, then back at prompt 2 (the "undo" at prompt 1 had nothing to take back).
    assert len(views) == 4 and views[3] == views[1] != views[2]
    bot = bots.SheepsheadHeuristicBot()
    state = ss.State.new(5)
    points = cli.common.DecisionPoints()
    while state.current_player != 0:
        state.apply_action(bot.act(state))
    points.reached(state)
    first = state.clone()
    state.apply_action(state.legal_actions()[0])
    while state.current_player != 0:
        state.apply_action(bot.act(state))
    points.reached(state)
    assert points.back(state) and state == first
    assert not points.back(state) and state == first


def test_tractor_undo_takes_back_twice_without_a_traceback(capsys: pytest.CaptureFixture[str]) -> None:
    answers = ["1", "undo", "1", "1", "undo", "quit"]
    assert cli.main(["play", "tractor", "--seed", "2"], input_fn=play_prompts_then(answers)) == 0
    out = capsys.readouterr().out
    assert out.count("Taken back: your previous decision") == 2
    assert "Traceback" not in out


def run_until_save(game: str, argv: list[str], first: int, path: str, after: int) -> tuple[str, str]:
    """Play ``first`` answers ``1``, save to ``path``, play ``after`` more and quit: the output before and
    after the save."""
    out = io.StringIO()
    answers = ["1"] * first + [f"save {path}"] + ["1"] * after + ["quit"]
    assert cli.main(["play", game, *argv], input_fn=scripted(answers), out=out) == 0
    text = out.getvalue()
    cut = text.index("Saved to ")
    return text[:cut], text[cut:]


@pytest.mark.parametrize(
    ("game", "argv", "first"),
    [
        ("sheepshead", ["--seed", "5", "--hands", "3"], 9),
        ("sheepshead", ["--seed", "2", "--hands", "4", "--all-pass", "doubler", "--opponents", "random"], 12),
        ("tractor", ["--seed", "2", "--rounds", "3"], 60),
    ],
)
def test_save_and_resume_continue_exactly_there(
    game: str, argv: list[str], first: int, tmp_path: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    path = str(tmp_path / "game.json")
    _, after_save = run_until_save(game, argv, first, path, 40)
    out = io.StringIO()
    assert cli.main(["play", game, "--resume", path], input_fn=scripted(["1"] * 40 + ["quit"]), out=out) == 0
    resumed = out.getvalue()
    assert "resumed from" in resumed
    # The same prompts, the same moves of the bots, the same table: from the save on, both runs agree.
    tail = after_save[after_save.index("\n") + 1 :]
    assert tail.strip() and tail in resumed, (tail[:800], resumed[:800])


def test_the_match_survives_a_save(tmp_path: Any) -> None:
    """Scores, hands played, pending doublers (Sheepshead); levels, declarers, rounds (Tractor)."""
    rng = random.Random(1)
    match = ss.Match(seed=9, rules=ss.Rules(all_pass="doubler", hands_per_game=8))
    while len(match.record) < 5 or match.pending_doublers == 0:
        state = match.state
        while not state.is_terminal:
            legal = state.legal_actions()
            state.apply_action(1 if 1 in legal and state.phase == "pick" else rng.choice(legal))
        match.next_hand()
        if match.is_over:
            pytest.skip("no pending doubler in this match")
    for _ in range(7):
        match.state.apply_action(rng.choice(match.state.legal_actions()))
    console = cli.Console(input_fn=scripted([]), out=io.StringIO())
    table = cli.SheepsheadTable(match=match, seat=2, rng=random.Random(0), console=console)
    path = tmp_path / "s.json"
    cli.common.write_save(path, table.save_data())
    saved = cli.common.read_saved_game(path, "sheepshead", cli.games.sheepshead.BOTS)
    restored = saved.match
    assert restored == match and restored.pending_doublers > 0 and restored.hands_played == match.hands_played
    assert saved.seat == 2 and saved.opponents == "random" and saved.fields["record"]["tricktaker_record"]
    t_match = tractor.Match(seed=4)
    while len(t_match.record) < 2:
        round_ = t_match.state
        while not round_.is_terminal:
            round_.apply_action(rng.choice(round_.legal_actions()))
        t_match.next_round()
    for _ in range(30):
        t_match.state.apply_action(rng.choice(t_match.state.legal_actions()))
    t_table = cli.TractorTable(match=t_match, seat=1, rng=random.Random(0), console=console, max_rounds=5)
    cli.common.write_save(path, t_table.save_data())
    saved = cli.common.read_saved_game(path, "tractor", cli.games.tractor.BOTS)
    restored_t = saved.match
    assert restored_t == t_match and restored_t.levels == t_match.levels and saved.fields["max_rounds"] == 5


def test_save_needs_a_writable_file(tmp_path: Any, capsys: pytest.CaptureFixture[str]) -> None:
    answers = ["save", f"save {tmp_path / 'missing' / 'x.json'}", f"save {tmp_path}", "quit"]
    assert cli.main(["play", "tractor", "--seed", "1"], input_fn=scripted(answers)) == 0
    out = capsys.readouterr().out
    assert "Say where to save the game: save FILE" in out
    assert out.count("Could not save the game to") == 2 and "Traceback" not in out


def test_a_bad_saved_game_is_an_error_not_a_traceback(
    tmp_path: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    good = tmp_path / "good.json"
    run_until_save("sheepshead", ["--seed", "5", "--hands", "3"], 9, str(good), 0)
    data = json.loads(good.read_text())
    dealer = data["record"]["match"]["dealer"]
    mine = data["decisions"]
    assert len(mine) >= 2 and data["seat"] == 0
    history = len(data["record"]["deals"][-1]["actions"])
    not_mine = [d for d in range(history) if d not in mine][:1]
    assert not_mine

    def edited(saved: dict[str, Any], part: str, **changes: Any) -> dict[str, Any]:
        changed = json.loads(json.dumps(saved))
        changed["record"][part].update(changes)
        return changed

    cases: dict[str, tuple[str, str]] = {
        "missing.json": ("", "cannot read the saved game"),
        "text.json": ("not json {", "it is not JSON"),
        "list.json": ("[1, 2]", "is not a game saved by 'tricktaker play'"),
        "other.json": (
            json.dumps({**data, "game": "tractor"}),
            "is a saved game of 'tractor', not sheepshead",
        ),
        "whist.json": (json.dumps({**data, "game": "whist"}), "names no game of tricktaker"),
        "version.json": (json.dumps({**data, "version": 99}), "version 99"),
        "seat.json": (json.dumps({**data, "seat": 7}), "seat must be a whole number from 0 to 4"),
        "bot.json": (json.dumps({**data, "opponents": "clever"}), "opponents must be one of"),
        "record.json": (json.dumps({**data, "record": {"game": "sheepshead"}}), "not a valid saved game"),
        "rules.json": (json.dumps(edited(data, "rules", jack_order="x")), "not a valid saved game"),
        "dealer.json": (json.dumps(edited(data, "match", dealer=(dealer + 1) % 5)), "not a valid saved game"),
        "scores.json": (
            json.dumps(edited(data, "totals", scores=[9, -9, 0, 0, 0])),
            "not a valid saved game",
        ),
        "you.json": (json.dumps({**data, "seat": (data["seat"] + 1) % 5}), "are not seat"),
        "out-of-range.json": (json.dumps({**data, "decisions": [999]}), "decisions must be whole numbers"),
        "not-mine.json": (json.dumps({**data, "decisions": not_mine}), "is not a turn of seat 0"),
        "unordered.json": (json.dumps({**data, "decisions": [mine[-1], mine[0]]}), "strictly increasing"),
        "truncated.json": (good.read_text()[:200], "it is not JSON"),
    }
    for name, (text, message) in cases.items():
        if text:
            (tmp_path / name).write_text(text)
        assert cli.main(["play", "sheepshead", "--resume", str(tmp_path / name)], input_fn=scripted([])) == 1
        captured = capsys.readouterr()
        assert captured.err.startswith("tricktaker: error: ") and message in captured.err, (
            name,
            captured.err,
        )
        assert "Traceback" not in captured.out + captured.err
    assert cli.main(["play", "sheepshead", "--resume", str(good)], input_fn=scripted(["quit"])) == 0


# ---- records ----


def test_play_record_writes_a_record_that_replays_or_exits_1(
    tmp_path: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    record = pytest.importorskip("tricktaker.record")
    for game, argv in (("sheepshead", ["--hands", "1"]), ("tractor", ["--rounds", "1"])):
        path = tmp_path / f"{game}.json"
        code = cli.main(
            ["play", game, "--seed", "3", *argv, "--record", str(path)], input_fn=always("1", limit=3000)
        )
        assert code == 0
        assert f"Record written to {path}." in capsys.readouterr().out
        replay = record.load(path)
        assert replay.game == game and replay.seats[0] == "you" and set(replay.seats[1:]) == {"heuristic"}
        assert replay.deals and replay.deals[0].final.is_terminal  # (then the next deal, not begun)
    quitter = tmp_path / "quit.json"
    code = cli.main(
        ["play", "tractor", "--seed", "3", "--record", str(quitter)], input_fn=scripted(["1", "quit"])
    )
    assert code == 0 and record.load(quitter).deals
    code = cli.main(
        ["play", "sheepshead", "--seed", "3", "--record", str(tmp_path / "no" / "x.json")],
        input_fn=scripted([]),
    )
    captured = capsys.readouterr()
    assert code == 1 and "tricktaker: error: cannot write the record" in captured.err


def test_arena_record_writes_one_file_per_deal(tmp_path: Any, capsys: pytest.CaptureFixture[str]) -> None:
    record = pytest.importorskip("tricktaker.record")
    directory = tmp_path / "deals"
    argv = ["arena", "tractor", "--bots", "heuristic,random", "--hands", "3", "--record", str(directory)]
    assert cli.main(argv) == 0
    assert "Records: 3 files" in capsys.readouterr().out
    files = sorted(p.name for p in directory.iterdir())
    assert files == ["deal-00001.json", "deal-00002.json", "deal-00003.json"]
    for h, name in enumerate(files):
        replay = record.load(directory / name)
        assert replay.game == "tractor" and replay.deals[0].final.is_terminal
        expected = ["heuristic", "random", "random", "random"]
        assert replay.seats == [expected[(seat + h) % 4] for seat in range(4)]  # bot i sits at (i - h) % 4
    assert cli.arena.record_path(directory, 0, 1_000_000).name == "deal-0000001.json"


# ---- progress on the long commands ----


def test_arena_progress_and_deal_hooks_are_called_once_per_deal_in_order() -> None:
    calls: list[tuple[int, int]] = []
    deals: list[tuple[int, list[str], bool]] = []
    field = [bots.SheepsheadHeuristicBot()] + [bots.RandomBot(i) for i in range(4)]
    result = bots.arena(
        "sheepshead",
        field,
        6,
        1,
        progress=lambda done, total: calls.append((done, total)),
        on_deal=lambda h, state, names: deals.append((h, names, state.is_terminal)),
    )
    assert calls == [(k, 6) for k in range(1, 7)]
    assert [h for h, _, _ in deals] == list(range(6)) and all(done for _, _, done in deals)
    assert deals[1][1] == ["random", "random", "random", "random", "heuristic"]  # bot 0 at seat (0 - 1) % 5
    assert result == bots.arena("sheepshead", field, 6, 1)
    with pytest.raises(ArgumentTypeError):
        bots.arena("sheepshead", field, 6, 1, progress=3)  # type: ignore[arg-type]


def test_arena_progress_bar(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["arena", "sheepshead", "--bots", "heuristic,random", "--hands", "4"]
    assert cli.main([*argv, "--json"]) == 0
    assert capsys.readouterr().err == ""  # stderr is no terminal: no bar
    assert cli.main([*argv, "--json", "--progress"]) == 0
    captured = capsys.readouterr()
    assert "arena sheepshead" in captured.err and "4/4 deals" in captured.err and "100%" in captured.err
    assert json.loads(captured.out)["hands"] == 4


def test_bench_progress_hook(monkeypatch: pytest.MonkeyPatch) -> None:
    from tricktaker import bench

    monkeypatch.setattr(bench, "_rate", lambda count, work, min_seconds: 1.0)
    calls: list[tuple[int, int, str]] = []
    measurements = bench.run(quick=True, progress=lambda done, total, work: calls.append((done, total, work)))
    assert [done for done, _, _ in calls] == list(range(1, len(measurements) + 1))
    assert all(total == len(measurements) for _, total, _ in calls)
    assert calls[0][2] == f"{measurements[0].game}: {measurements[0].work}"


def test_simulate_progress_updates_per_chunk(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(cli, "CHUNK", 400)
    seen: list[int] = []
    update = cli.common.ProgressBar.update

    def record(self: Any, done: int, *args: Any, **kwargs: Any) -> None:
        seen.append(done)
        update(self, done, *args, **kwargs)

    monkeypatch.setattr(cli.common.ProgressBar, "update", record)
    assert (
        cli.main(["simulate", "sheepshead", "--games", "1000", "--seed", "3", "--progress", "--plain"]) == 0
    )
    assert seen == [400, 800, 1000]
    assert ESCAPE not in capsys.readouterr().err


# ---- replay: what a seat may see ----

_CARD_WORD = re.compile(
    r"(?<![0-9A-Za-z])(?:10|[2-9JQKA])[CDHS](?![0-9A-Za-z])|(?<![A-Za-z])[RB]J(?![A-Za-z])"
)


def _seen_by(state: Any, seat: int, before: Any) -> set[str]:
    """The cards ``seat`` may see after a step: face up in its picture (``tricktaker.render``), in its hand
    before the step, and those it put down itself (its own bury, under, discards)."""
    from tricktaker import render

    face_up = set(re.findall(r'data-card="([^"]+)"', render.table(state, seat=seat).svg))
    called = getattr(state, "called_card", None)  # a call names a card nobody shows: public all the same
    face_up |= {str(called)} if called is not None else set()
    declaration = getattr(state, "declaration", None)  # a declaration exposes its cards (R15)
    face_up |= {str(c) for c in declaration[2]} if declaration is not None else set()
    return face_up | {str(c) for c in before.hand(seat)} | {str(c) for c in state.hand(seat)}


def _records() -> list[Any]:
    from tricktaker import record

    found = []
    for seed in (1, 4):
        match = ss.Match(seed=seed, rules=ss.Rules(hands_per_game=2, no_legal_call="unknown"))
        rng = random.Random(seed)
        for _ in range(2):
            while not match.state.is_terminal:
                match.state.apply_action(rng.choice(match.state.legal_actions()))
            if not match.is_over:
                match.next_hand()
        found.append(record.from_record(record.to_record(match)))
        state = tractor.State.new(seed)
        while not state.is_terminal:
            state.apply_action(rng.choice(state.legal_actions()))
        found.append(record.from_record(record.to_record(state)))
    return found


def test_replay_names_no_card_a_seat_cannot_see(tmp_path: Any) -> None:
    from tricktaker.cli import replay as command

    hidden = {"bury a card": 0, "discard a card": 0}
    for replay in _records():
        for deal in replay.deals:
            states = list(deal.states())
            for seat in range(len(replay.seats)):
                labels = command.step_labels(replay, deal, seat)
                page = command.deal_page(replay, deal, seat=seat)
                for k in range(1, len(states)):
                    header = command.step_header(replay, deal, k, seat)
                    assert labels[k] in header
                    assert f'data-label="{labels[k]}"' in page or "&" in labels[k]
                    named = set(_CARD_WORD.findall(labels[k]))
                    assert named <= _seen_by(states[k], seat, states[k - 1]), (
                        replay.game,
                        seat,
                        k,
                        labels[k],
                    )
                    for text in hidden:
                        hidden[text] += text in labels[k]
                omniscient = command.step_labels(replay, deal)
                assert omniscient[1:] == [
                    f"{command._seat_name(replay, s.seat)}: {s.action}" for s in deal.steps
                ]
    assert all(hidden.values()), hidden


def test_replay_refuses_a_step_of_a_match_without_a_deal_and_opens_a_page_at_a_step(
    tmp_path: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    from tricktaker import record

    sheepshead_match = _records()[0]
    path = tmp_path / "match.json"
    record.save(sheepshead_match.record, path)
    assert cli.main(["replay", str(path), "--step", "2"]) == 2
    assert "--step needs --deal D" in capsys.readouterr().err
    assert cli.main(["replay", str(path), "--step", "2", "--deal", "2", "--no-prompt"]) == 0
    assert "deal 2 of 2 · step 2 of" in capsys.readouterr().out
    page = tmp_path / "page.html"
    assert cli.main(["replay", str(path), "--step", "3", "--deal", "1", "--html", str(page)]) == 0
    assert "#step=3" in capsys.readouterr().out and '<body data-start="3">' in page.read_text()
    assert cli.main(["replay", str(path), "--seat", "9"]) == 2
    assert "--seat must be from 0 to 4 for sheepshead" in capsys.readouterr().err


def test_replay_has_the_look_of_play(tmp_path: Any) -> None:
    from tricktaker import record

    path = tmp_path / "match.json"
    record.save(_records()[0].record, path)
    out = io.StringIO()
    out.isatty = lambda: True  # type: ignore[method-assign]
    assert cli.main(["replay", str(path), "--step", "0", "--deal", "1"], out=out) == 0
    assert any(symbol in out.getvalue() for symbol in "♣♦♥♠")
    plain = io.StringIO()
    plain.isatty = lambda: True  # type: ignore[method-assign]
    assert cli.main(["replay", str(path), "--step", "0", "--deal", "1", "--plain"], out=plain) == 0
    assert not any(symbol in plain.getvalue() for symbol in "♣♦♥♠") and ESCAPE not in plain.getvalue()


def test_an_unknown_play_flag_prints_the_sub_commands_usage(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["play", "tractor", "--bogus"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: tricktaker play tractor") and "unrecognized arguments: --bogus" in err
