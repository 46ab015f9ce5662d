"""Self-play learning on ``VectorState``: a policy and value network for Sheepshead or Tractor, trained by
playing against itself at many tables at once, and measured against ``RandomBot`` and the heuristic bot.

    pip install -e ".[learn]"      # PyTorch (CPU is enough)
    python examples/selfplay.py --game sheepshead --minutes 5
    python examples/selfplay.py --game tractor --minutes 5 --json report.json

Every seat of every table is played by the network being trained. Each decision that offers a choice is
kept until its deal ends; then it is given the deciding seat's return and the network takes an
advantage actor-critic step on a batch of such decisions (the policy pushed toward actions that did better
than the value head expected, the value head toward the return, a little entropy to keep exploring).
Illegal actions get no probability: the logits are masked with ``legal_action_masks()``.

At each checkpoint the greedy policy (:class:`PolicyBot`, a ``tricktaker.bots.Bot``) plays a seeded arena
against ``RandomBot`` and against the heuristic bot: in Sheepshead it holds one seat of five, in Tractor one
team of two. The report gives its mean return per deal with a 95% interval, and the steps per second of the
environment (``VectorState`` stepping, observing, masking) and of the learner.
"""

from __future__ import annotations

import argparse
import json
import time
from dataclasses import asdict, dataclass, field
from typing import Any

import numpy as np
import torch
from torch import nn

from tricktaker import bots, sheepshead, tractor

GAMES: dict[str, Any] = {"sheepshead": sheepshead, "tractor": tractor}
HEURISTIC = {"sheepshead": bots.SheepsheadHeuristicBot, "tractor": bots.TractorHeuristicBot}
RETURN_SCALE = {"sheepshead": 4.0, "tractor": 2.0}
"""Returns are divided by this before training (a Sheepshead hand is worth about ±1 to ±12 points, a
Tractor round ±1 to ±3 levels), so that both games train with the same step sizes."""


class Net(nn.Module):
    """Observation → (masked action logits, value of the deal for the seat to act)."""

    def __init__(self, observation: int, actions: int, hidden: int = 256) -> None:
        super().__init__()
        self.body = nn.Sequential(
            nn.Linear(observation, hidden), nn.ReLU(), nn.Linear(hidden, hidden), nn.ReLU()
        )
        self.policy = nn.Linear(hidden, actions)
        self.value = nn.Linear(hidden, 1)

    def forward(self, x: torch.Tensor, mask: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        h = self.body(x)
        logits = self.policy(h).masked_fill(~mask, -1e9)
        return logits, self.value(h).squeeze(-1)


class PolicyBot:
    """The network as a ``tricktaker.bots.Bot``: the most probable legal action (deterministic)."""

    def __init__(self, net: Net, name: str = "selfplay") -> None:
        self.net = net
        self.name = name

    def act(self, state: Any) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return int(legal[0])
        player = state.current_player
        x = torch.from_numpy(state.observation(player)).unsqueeze(0)
        mask = torch.from_numpy(state.legal_action_mask()).unsqueeze(0)
        with torch.no_grad():
            logits, _ = self.net(x, mask)
        return int(logits.argmax())


@dataclass
class Checkpoint:
    """The policy's strength after ``decisions`` training decisions."""

    decisions: int
    seconds: float
    against: dict[str, list[float]] = field(default_factory=dict)
    """Opponent name → [mean return per deal, half-width of the 95% interval]."""


@dataclass
class Report:
    game: str
    seed: int
    envs: int
    checkpoints: list[Checkpoint] = field(default_factory=list)
    env_steps: int = 0
    env_seconds: float = 0.0
    learner_decisions: int = 0
    learner_seconds: float = 0.0

    @property
    def env_steps_per_second(self) -> float:
        """Actions applied across all tables per second of environment time."""
        return self.env_steps / max(self.env_seconds, 1e-9)

    @property
    def learner_decisions_per_second(self) -> float:
        """Decisions the learner trained on (forward and backward passes) per second of learner time."""
        return self.learner_decisions / max(self.learner_seconds, 1e-9)

    def as_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["env_steps_per_second"] = self.env_steps_per_second
        data["learner_decisions_per_second"] = self.learner_decisions_per_second
        return data


def evaluate(game: str, net: Net, opponent: bots.Bot, hands: int, seed: int) -> tuple[float, float]:
    """The greedy policy's mean return per deal against ``opponent`` (one seat of five in Sheepshead, one
    team in Tractor), with the half-width of its 95% interval, over a seeded arena of ``hands`` deals."""
    policy = PolicyBot(net)
    n = GAMES[game].NUM_PLAYERS
    field_ = [policy, opponent] * 2 if game == "tractor" else [policy] + [opponent] * (n - 1)
    was_training = net.training
    net.eval()
    try:
        result = bots.arena(game, field_, hands, seed)
    finally:
        net.train(was_training)
    return result.mean[0], result.half_width[0]


def train(
    game: str,
    *,
    seconds: float | None = None,
    decisions: int | None = None,
    envs: int = 128,
    batch: int = 2048,
    seed: int = 0,
    lr: float = 1e-3,
    entropy: float = 0.01,
    checkpoints: int = 4,
    eval_hands: int = 200,
    opponents: tuple[str, ...] = ("random", "heuristic"),
    threads: int = 1,
    log: bool = False,
) -> tuple[Net, Report]:
    """Train a network for ``game`` for about ``seconds`` of training time or until it has trained on
    ``decisions`` decisions, whichever comes first (at least one must be given; a budget of decisions alone
    makes the run repeatable, one of time does not), evaluated before training and at ``checkpoints`` evenly
    spaced points of the budget: returns the network and the report."""
    if seconds is None and decisions is None:
        raise ValueError("train needs seconds, decisions or both")
    torch.manual_seed(seed)
    torch.set_num_threads(threads)
    module = GAMES[game]
    obs_size = int(np.prod(module.OBSERVATION_SHAPE))
    net = Net(obs_size, module.NUM_ACTIONS)
    optimizer = torch.optim.Adam(net.parameters(), lr=lr)
    vector = module.VectorState(envs, seed)
    rng = np.random.default_rng(seed)
    report = Report(game, seed, envs)
    makers = {"random": lambda: bots.RandomBot(seed + 1), "heuristic": HEURISTIC[game]}
    scale = RETURN_SCALE[game]

    def checkpoint(decisions: int, elapsed: float) -> None:
        point = Checkpoint(decisions, elapsed)
        for name in opponents:
            mean, half = evaluate(game, net, makers[name](), eval_hands, seed + 7)
            point.against[name] = [mean, half]
        report.checkpoints.append(point)
        if log:
            shown = ", ".join(f"vs {k} {m:+.3f} ± {h:.3f}" for k, (m, h) in point.against.items())
            print(f"[{game}] {decisions:>9,} decisions, {elapsed:6.1f} s: {shown}", flush=True)

    checkpoint(0, 0.0)
    # Each table's decisions with a choice in the deal in progress: (observation, mask, action, player).
    pending: list[list[tuple[np.ndarray, np.ndarray, int, int]]] = [[] for _ in range(envs)]
    done_x: list[np.ndarray] = []
    done_m: list[np.ndarray] = []
    done_a: list[int] = []
    done_r: list[float] = []
    start = time.perf_counter()
    next_check = 1
    while True:
        elapsed = time.perf_counter() - start
        spent = max(
            elapsed / seconds if seconds is not None else 0.0,
            report.learner_decisions / decisions if decisions is not None else 0.0,
        )
        if spent >= next_check / checkpoints:
            checkpoint(report.learner_decisions, elapsed)
            start += time.perf_counter() - start - elapsed  # the clock counts training, not evaluation
            next_check += 1
            if next_check > checkpoints:
                break
        t0 = time.perf_counter()
        observations = vector.observations()
        masks = vector.legal_action_masks()
        players = vector.current_players()
        t1 = time.perf_counter()
        with torch.no_grad():
            logits, _ = net(torch.from_numpy(observations), torch.from_numpy(masks))
            p = torch.softmax(logits, dim=1).numpy().astype(np.float64)
        # Sample one action a table (the inverse CDF of the masked policy; illegal actions have p = 0).
        draws = rng.random((envs, 1)) * p.sum(axis=1, keepdims=True)
        actions = np.minimum((p.cumsum(axis=1) < draws).sum(axis=1), module.NUM_ACTIONS - 1)
        actions = np.where(masks[np.arange(envs), actions], actions, masks.argmax(axis=1)).astype(np.int64)
        t2 = time.perf_counter()
        done, returns = vector.step(actions)
        t3 = time.perf_counter()
        report.env_steps += envs
        report.env_seconds += (t1 - t0) + (t3 - t2)
        for i in np.flatnonzero(masks.sum(axis=1) > 1):
            pending[i].append((observations[i], masks[i], int(actions[i]), int(players[i])))
        for i in np.flatnonzero(done):
            for x, m, a, player in pending[i]:
                done_x.append(x)
                done_m.append(m)
                done_a.append(a)
                done_r.append(float(returns[i, player]) / scale)
            pending[i] = []
        if len(done_a) >= batch:
            t4 = time.perf_counter()
            x = torch.from_numpy(np.stack(done_x))
            m = torch.from_numpy(np.stack(done_m))
            a = torch.tensor(done_a)
            r = torch.tensor(done_r, dtype=torch.float32)
            logits, value = net(x, m)
            log_p = torch.log_softmax(logits, dim=1)
            chosen = log_p.gather(1, a.unsqueeze(1)).squeeze(1)
            advantage = (r - value).detach()
            probabilities = log_p.exp()
            spread = -(probabilities * log_p.masked_fill(~m, 0.0)).sum(dim=1).mean()
            loss = -(advantage * chosen).mean() + 0.5 * ((value - r) ** 2).mean() - entropy * spread
            optimizer.zero_grad()
            loss.backward()
            nn.utils.clip_grad_norm_(net.parameters(), 1.0)
            optimizer.step()
            report.learner_decisions += len(done_a)
            report.learner_seconds += time.perf_counter() - t4
            done_x, done_m, done_a, done_r = [], [], [], []
    return net, report


def print_report(report: Report) -> None:
    opponents = list(report.checkpoints[0].against)
    print(f"\n{report.game}: {report.envs} tables, seed {report.seed}")
    print(f"{'decisions':>12} {'seconds':>8} " + " ".join(f"{'vs ' + o:>22}" for o in opponents))
    for point in report.checkpoints:
        cells = " ".join(f"{m:>+12.3f} ± {h:<7.3f}" for m, h in (point.against[o] for o in opponents))
        print(f"{point.decisions:>12,} {point.seconds:>8.1f} {cells}")
    print(
        f"environment: {report.env_steps_per_second:,.0f} steps/s; learner:"
        f" {report.learner_decisions_per_second:,.0f} decisions/s"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--game", choices=sorted(GAMES), default="sheepshead")
    parser.add_argument("--minutes", type=float, default=5.0, help="training time (default 5)")
    parser.add_argument("--decisions", type=int, help="stop after training on this many decisions")
    parser.add_argument("--envs", type=int, default=128, help="tables stepped at once (default 128)")
    parser.add_argument("--batch", type=int, default=2048, help="decisions per update (default 2048)")
    parser.add_argument("--checkpoints", type=int, default=5, help="evaluations after the first (default 5)")
    parser.add_argument("--eval-hands", type=int, default=400, help="deals per evaluation (default 400)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--threads", type=int, default=1, help="PyTorch threads (default 1)")
    parser.add_argument("--json", metavar="FILE", help="also write the report as JSON to FILE")
    args = parser.parse_args(argv)
    _, report = train(
        args.game,
        seconds=60 * args.minutes,
        decisions=args.decisions,
        envs=args.envs,
        batch=args.batch,
        seed=args.seed,
        checkpoints=args.checkpoints,
        eval_hands=args.eval_hands,
        threads=args.threads,
        log=True,
    )
    print_report(report)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(report.as_dict(), f, indent=2)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
