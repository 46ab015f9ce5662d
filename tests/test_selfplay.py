"""Self-play data (tricktaker.selfplay, ``tricktaker generate``): the shards hold the arena's hands, every
decision with a choice, exactly as the game saw it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from tricktaker import ArgumentError, ArgumentTypeError, bots, cli, record, selfplay
from tricktaker.protocol import GAMES


def field(game: str) -> list[bots.Bot]:
    heuristic = bots.SheepsheadHeuristicBot() if game == "sheepshead" else bots.TractorHeuristicBot()
    return [heuristic] + [bots.RandomBot(i) for i in range(GAMES[game].NUM_PLAYERS - 1)]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_shards_hold_the_arena_and_every_decision_with_a_choice(game: str, tmp_path: Path) -> None:
    players = field(game)
    hands = 5 if game == "sheepshead" else 3
    done = selfplay.generate(game, players, hands, 7, tmp_path, shard_hands=2)
    arena = bots.arena(game, players, hands, 7)
    assert done.result == arena
    assert [p.name for p in done.paths] == ["shard-00000.npz", "shard-00001.npz", "shard-00002.npz"][
        : len(done.paths)
    ]
    module = GAMES[game]
    total = 0
    for k, path in enumerate(done.paths):
        data = selfplay.load_shard(path)
        assert str(data["game"]) == game and int(data["seed"]) == 7
        assert list(data["names"]) == [b.name for b in players]
        first = 2 * k
        assert list(data["hands"]) == list(range(first, min(first + 2, hands)))
        np.testing.assert_array_equal(data["returns"], arena.seat_returns[data["hands"]])
        np.testing.assert_array_equal(data["seats"], arena.seats[data["hands"]])
        # Replay each hand from the arena's deal: every decision with a choice is a row, in order.
        row = 0
        for h in data["hands"]:
            state = bots.arena_deal(game, 7, int(h))
            seating = [players[b] for b in bots.arena_seats(int(h), len(players), module.NUM_PLAYERS)]
            while not state.is_terminal:
                player = state.current_player
                action = seating[player].act(state)
                if len(state.legal_actions()) > 1:
                    assert data["hand"][row] == h and data["player"][row] == player
                    assert data["action"][row] == action
                    np.testing.assert_array_equal(data["observation"][row], state.observation(player))
                    np.testing.assert_array_equal(data["legal_mask"][row], state.legal_action_mask())
                    row += 1
                state.apply_action(action)
            rows = data["hand"] == h
            np.testing.assert_array_equal(
                data["value"][rows], np.array(state.returns())[data["player"][rows]]
            )
        assert row == len(data["action"])
        assert data["observation"].dtype == np.float32 and data["legal_mask"].dtype == np.bool_
        total += row
    assert total == done.decisions > 0


def test_records_shards_hold_one_record_a_hand(tmp_path: Path) -> None:
    players = field("sheepshead")
    done = selfplay.generate("sheepshead", players, 3, 2, tmp_path, shard_hands=2, format="records")
    assert [p.name for p in done.paths] == ["shard-00000", "shard-00001"]
    files = sorted(f.relative_to(tmp_path).as_posix() for f in tmp_path.rglob("*.json"))
    assert files == [
        "shard-00000/deal-00001.json",
        "shard-00000/deal-00002.json",
        "shard-00001/deal-00003.json",
    ]
    arena = bots.arena("sheepshead", players, 3, 2)
    for h, name in enumerate(files):
        replay = record.load(tmp_path / name)
        final = replay.deals[0].final
        assert final.returns() == list(arena.seat_returns[h])
        assert final.history() == _played(players, h).history()
    assert done.decisions == 0


def _played(players: list[bots.Bot], h: int) -> Any:
    state = bots.arena_deal("sheepshead", 2, h)
    bots.play_out(state, [players[b] for b in bots.arena_seats(h, len(players), 5)])
    return state


def test_bad_arguments_are_refused_by_name(tmp_path: Path) -> None:
    players = field("sheepshead")
    with pytest.raises(ArgumentError, match="shard_hands"):
        selfplay.generate("sheepshead", players, 4, 0, tmp_path, shard_hands=0)
    with pytest.raises(ArgumentError, match="format must be one of arrays, records"):
        selfplay.generate("sheepshead", players, 4, 0, tmp_path, format="csv")
    with pytest.raises(ArgumentTypeError, match="format"):
        selfplay.generate("sheepshead", players, 4, 0, tmp_path, format=3)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="directory must be a path"):
        selfplay.generate("sheepshead", players, 4, 0, 5)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="needs 5 to 64 bots"):
        selfplay.generate("sheepshead", players[:2], 4, 0, tmp_path)
    with pytest.raises(ArgumentTypeError, match="bots must be a sequence"):
        selfplay.generate("sheepshead", "random", 4, 0, tmp_path)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="unknown game"):
        selfplay.generate("hearts", players, 4, 0, tmp_path)
    assert list(tmp_path.iterdir()) == []


def test_a_file_that_is_not_a_shard_is_refused(tmp_path: Path) -> None:
    (tmp_path / "junk.npz").write_bytes(b"not a zip")
    with pytest.raises(ArgumentError, match="is not a shard of arrays"):
        selfplay.load_shard(tmp_path / "junk.npz")
    np.savez(tmp_path / "other.npz", x=np.zeros(3))
    with pytest.raises(ArgumentError, match="it has no action"):
        selfplay.load_shard(tmp_path / "other.npz")
    with pytest.raises(OSError):
        selfplay.load_shard(tmp_path / "missing.npz")


def test_the_command_writes_the_same_shards(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["generate", "tractor", "--bots", "heuristic,random", "--rounds", "3", "--seed", "4"]
    assert cli.main([*argv, "--out", str(tmp_path / "cli"), "--shard-hands", "2", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["decisions"] > 0 and len(out["shards"]) == 2
    tractor_bots = [bots.TractorHeuristicBot()] + [bots.RandomBot(4 + i) for i in range(1, 4)]
    here = selfplay.generate("tractor", tractor_bots, 3, 4, tmp_path / "lib", shard_hands=2)
    for a, b in zip(out["shards"], here.paths, strict=True):
        x, y = selfplay.load_shard(a), selfplay.load_shard(b)
        assert all(np.array_equal(x[k], y[k]) for k in x)
    assert cli.main([*argv, "--out", str(tmp_path / "t")]) == 0
    text = capsys.readouterr().out
    assert "tractor: 3 rounds, seed 4" in text and "Shards: 1 shard in" in text
    assert cli.main([*argv, "--out", str(tmp_path / "w"), "--workers", "2"]) == 2
    assert "--workers needs --ray" in capsys.readouterr().err
    (tmp_path / "file").write_text("")
    assert cli.main([*argv, "--out", str(tmp_path / "file")]) == 1
    assert "cannot write the shards" in capsys.readouterr().err
