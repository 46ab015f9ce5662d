"""The ``tricktaker`` command line: ``simulate`` statistics and ``play`` against random opponents."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from collections.abc import Callable, Iterable, Iterator
from typing import Any

import pytest

from tricktaker import Card, cli
from tricktaker import sheepshead as ss

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
    assert "100.0%" in err and "1,000/1,000" in err and err.count("\r") == 3
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
    assert stats["rules"] == {
        "jack_order": "seed",
        "all_pass": "doubler",
        "double_on_the_bump": True,
        "no_legal_call": "unknown",
        "called_card_no_discard": False,
    }
    assert stats["leaster_rate"] == 0 and stats["doubler_rate"] > 0
    default = run_json(capsys, "--games", "2000", "--seed", "1")
    assert default["rules"] == {k: v for k, v in ss.Rules().to_dict().items() if k != "hands_per_game"}


@pytest.mark.parametrize(
    "argv",
    [
        [],
        ["simulate"],
        ["simulate", "tractor", "--games", "5", "--seed", "1"],
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
        ["simulate", "sheepshead", "--games", "10", "--seed", "1", "--all-pass", "redeal"],
        ["simulate", "sheepshead", "--games", "10", "--seed", "1", "--bogus"],
        ["play", "sheepshead", "--seat", "5"],
        ["play", "sheepshead", "--seat", "x"],
        ["play", "sheepshead", "--hands", "0"],
        ["play", "tractor"],
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
    assert "Returns:" in out and "Scores:" in out and "Match over after 1 hand(s)" in out
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
            legal = state.legal_actions()
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
            assert f"{picker}:under" in view
            assert str(under) in cli.render_sheepshead_view(state, picker)
            break
    else:
        pytest.fail("the under card was never played")


def test_games_registry_builds_the_subcommands() -> None:
    assert set(cli.GAMES) == {"sheepshead"}
    parser = cli.build_parser()
    args = parser.parse_args(["simulate", "sheepshead", "--games", "5", "--seed", "1"])
    assert args.game == "sheepshead" and args.games == 5 and args.threads is None
    args = parser.parse_args(["play", "sheepshead"])
    assert args.seat == 0 and args.hands is None and args.seed is None
