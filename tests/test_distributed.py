"""The arena and the self-play generator over a local Ray cluster (tricktaker.distributed, extra [ray]): the
same results as in one process, with 1 worker and with several."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

ray = pytest.importorskip("ray")

from tricktaker import IllegalActionError, bots, cli, distributed, selfplay  # noqa: E402
from tricktaker.errors import ArgumentError, ArgumentTypeError  # noqa: E402
from tricktaker.protocol import GameState  # noqa: E402


@pytest.fixture(scope="module", autouse=True)
def cluster() -> Iterator[None]:
    distributed.connect(num_cpus=2)
    yield
    ray.shutdown()


def sheepshead_field() -> list[bots.Bot]:
    return [bots.SheepsheadHeuristicBot(), bots.SheepsheadPIMCBot(samples=2, rollouts=2, seed=3)] + [
        bots.RandomBot(i) for i in range(4)
    ]


@pytest.mark.parametrize("game", ["sheepshead", "tractor"])
def test_the_arena_is_the_same_with_1_and_with_several_workers(game: str) -> None:
    if game == "sheepshead":
        field = sheepshead_field()
        hands = 24
    else:
        field = [bots.TractorHeuristicBot()] + [bots.RandomBot(i) for i in range(3)]
        hands = 6
    here = bots.arena(game, field, hands, 5)
    one = distributed.arena(game, field, hands, 5, workers=1)
    three = distributed.arena(game, field, hands, 5, workers=3)
    assert one == three == here
    np.testing.assert_array_equal(three.seat_returns, here.seat_returns)
    np.testing.assert_array_equal(three.seats, here.seats)


def test_the_hooks_see_every_hand_in_order() -> None:
    field = sheepshead_field()
    done: list[int] = []
    seen: list[tuple[int, list[int], list[str]]] = []

    def on_deal(h: int, state: GameState, names: list[str]) -> None:
        seen.append((h, state.returns(), names))

    result = distributed.arena(
        "sheepshead", field, 12, 1, workers=2, progress=lambda d, total: done.append(d), on_deal=on_deal
    )
    assert [h for h, _, _ in seen] == list(range(12))
    assert [r for _, r, _ in seen] == result.seat_returns.astype(int).tolist()
    assert seen[1][2] == [field[b].name for b in bots.arena_seats(1, 6, 5)]
    assert done == sorted(done) and done[-1] == 12


def test_a_bot_that_fails_on_a_worker_raises_its_own_error() -> None:
    class Illegal:
        name = "illegal"

        def act(self, state: GameState) -> int:
            return 999

    with pytest.raises(IllegalActionError, match="illegal action 999"):
        distributed.arena("sheepshead", [Illegal()] * 5, 4, 0, workers=2)


def test_bad_arguments_are_refused_before_any_task() -> None:
    field = sheepshead_field()
    with pytest.raises(ArgumentError, match="workers"):
        distributed.arena("sheepshead", field, 8, 0, workers=0)
    with pytest.raises(ArgumentError, match="hands"):
        distributed.arena("sheepshead", field, 1, 0)
    with pytest.raises(ArgumentTypeError, match="progress must be a callable"):
        distributed.arena("sheepshead", field, 8, 0, progress=3)  # type: ignore[arg-type]

    class Unpicklable:
        name = "lambda"

        def __init__(self) -> None:
            self.lock = __import__("threading").Lock()

        def act(self, state: GameState) -> int:
            return state.legal_actions()[0]

    with pytest.raises(ArgumentTypeError, match="the bots must pickle"):
        distributed.arena("sheepshead", [Unpicklable()] * 5, 4, 0)
    with pytest.raises(ArgumentTypeError, match="address"):
        distributed.connect(3)  # type: ignore[arg-type]
    assert distributed.workers() == 2


@pytest.mark.parametrize("format", selfplay.FORMATS)
def test_the_generator_writes_the_shards_of_one_process(format: str, tmp_path: Path) -> None:
    field = sheepshead_field()
    here = selfplay.generate("sheepshead", field, 7, 9, tmp_path / "here", shard_hands=2, format=format)
    for workers in (1, 3):
        out = tmp_path / f"ray{workers}"
        there = distributed.generate(
            "sheepshead", field, 7, 9, out, shard_hands=2, format=format, workers=workers
        )
        assert there.result == here.result and there.decisions == here.decisions
        assert [p.name for p in there.paths] == [p.name for p in here.paths]
        for a, b in zip(there.paths, here.paths, strict=True):
            if format == "arrays":
                x, y = selfplay.load_shard(a), selfplay.load_shard(b)
                assert x.keys() == y.keys() and all(np.array_equal(x[k], y[k]) for k in x)
            else:
                assert sorted(f.name for f in a.iterdir()) == sorted(f.name for f in b.iterdir())
                for f in a.iterdir():
                    assert f.read_text() == (b / f.name).read_text()


def test_the_commands_take_ray(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["arena", "sheepshead", "--bots", "heuristic,random", "--hands", "10", "--seed", "2", "--json"]
    assert cli.main(argv) == 0
    alone = json.loads(capsys.readouterr().out)
    assert cli.main([*argv, "--ray", "--workers", "3"]) == 0
    assert json.loads(capsys.readouterr().out) == alone
    records = tmp_path / "records"
    assert cli.main([*argv, "--ray", "--record", str(records)]) == 0
    capsys.readouterr()
    assert len(list(records.glob("deal-*.json"))) == 10
    gen = ["generate", "sheepshead", "--bots", "heuristic,random", "--hands", "4", "--shard-hands", "3"]
    assert cli.main([*gen, "--out", str(tmp_path / "g"), "--ray", "--json"]) == 0
    shards = json.loads(capsys.readouterr().out)["shards"]
    assert [Path(s).name for s in shards] == ["shard-00000.npz", "shard-00001.npz"]
