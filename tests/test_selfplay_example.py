"""The self-play learning example (examples/selfplay.py, extra [learn]) learns: on a small budget of
decisions, its trained policy does better against RandomBot, over the same seeded deals, than the network it
started from, by a stated margin."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

torch = pytest.importorskip("torch")

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "selfplay.py"

# game: (training decisions, evaluation deals, the least gain in mean return per deal against RandomBot).
# Measured here: Sheepshead +0.48 -> +1.0 points a hand after 1.2 M decisions; Tractor +4.8 -> +6.0 levels a
# round after 0.45 M decisions (an untrained greedy network already beats random play).
BUDGETS = {"sheepshead": (1_000_000, 400, 0.25), "tractor": (400_000, 100, 0.5)}


def load_example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("selfplay_example", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("game", sorted(BUDGETS))
def test_the_trained_policy_beats_random_by_more_than_the_untrained_one(game: str) -> None:
    example = load_example()
    decisions, hands, margin = BUDGETS[game]
    net, report = example.train(
        game,
        decisions=decisions,
        envs=128 if game == "sheepshead" else 64,
        checkpoints=1,
        eval_hands=hands,
        opponents=("random",),
    )
    before, after = report.checkpoints[0], report.checkpoints[-1]
    assert before.decisions == 0 and after.decisions >= decisions
    (untrained, _), (trained, half) = before.against["random"], after.against["random"]
    assert trained - half > 0, report
    assert trained - untrained >= margin, report
    assert report.env_steps_per_second > 0 and report.learner_decisions_per_second > 0
    # The trained network is a Bot that plays legal actions only (the arena checks every one).
    mean, _ = example.evaluate(game, net, example.HEURISTIC[game](), 4, seed=1)
    assert isinstance(mean, float)


def test_the_command_line_writes_its_report(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    example = load_example()
    out = tmp_path / "report.json"
    argv = ["--game", "sheepshead", "--decisions", "5000", "--checkpoints", "1", "--eval-hands", "10"]
    assert example.main([*argv, "--batch", "1000", "--envs", "16", "--json", str(out)]) == 0
    text = capsys.readouterr().out
    assert "vs random" in text and "vs heuristic" in text and "steps/s" in text
    data = json.loads(out.read_text())
    assert len(data["checkpoints"]) == 2 and data["env_steps_per_second"] > 0
