"""Self-play data: the decisions of bots playing an :func:`~tricktaker.bots.arena`, written in shards of
arrays (for a learner) or of game records (for people and replays).

The hands are the arena's (:func:`tricktaker.bots.arena_deal`, seated by
:func:`tricktaker.bots.arena_seats`), cut into shards of ``shard_hands`` hands: shard ``k`` holds hands
``k * shard_hands`` up to the next shard's first. Bots are deterministic, so a shard depends only on the game,
the bots, the seed, ``k`` and ``shard_hands``: :func:`generate` here and
:func:`tricktaker.distributed.generate` on a Ray cluster write the same data, whatever the number of workers.

>>> from tricktaker import bots, selfplay
>>> field = [bots.SheepsheadHeuristicBot()] + [bots.RandomBot(i) for i in range(4)]
>>> done = selfplay.generate("sheepshead", field, 4, 0, "data", shard_hands=2)  # doctest: +SKIP
>>> data = selfplay.load_shard(done.paths[0])  # doctest: +SKIP
>>> data["observation"].shape, data["legal_mask"].shape, data["action"].shape  # doctest: +SKIP

An ``arrays`` shard (``shard-00000.npz``, read by :func:`load_shard` or ``numpy.load``) holds one row per
decision that offered a choice (more than one legal action), in the order they were taken:

========================  ===============================  ===================================================
key                       dtype, shape                     what
========================  ===============================  ===================================================
``observation``           float32 ``(D, *OBSERVATION)``    ``state.observation(player)`` before the action
``legal_mask``            bool ``(D, NUM_ACTIONS)``        the legal actions
``action``                int64 ``(D,)``                   the action the bot chose
``player``                int8 ``(D,)``                    the seat that chose it
``hand``                  int64 ``(D,)``                   the hand's number in the arena (from 0)
``value``                 float32 ``(D,)``                 the player's return at the end of the hand
``hands``                 int64 ``(H,)``                   the shard's hand numbers
``seats``                 int64 ``(H, NUM_PLAYERS)``       the bot at each seat (its place in ``names``)
``returns``               float64 ``(H, NUM_PLAYERS)``     each seat's return
``names``                 str ``(bots,)``                  the bots' names
``game``, ``seed``        str, uint64 (0-d)                the game and the arena's seed
========================  ===============================  ===================================================

A ``records`` shard is a directory ``shard-00000/`` of one record file a hand (``deal-00001.json``…, numbered
from 1 across the whole run, the seats named by bot; :mod:`tricktaker.record`, ``tricktaker replay``).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

import numpy as np
import numpy.typing as npt

from . import _args, bots, record
from .errors import ArgumentError, ArgumentTypeError
from .protocol import GAMES, GameState

__all__ = [
    "DEFAULT_SHARD_HANDS",
    "FORMATS",
    "MAX_SHARD_HANDS",
    "Generated",
    "Plan",
    "Shard",
    "Writer",
    "generate",
    "load_shard",
    "plan",
    "play_shard",
    "prepare_directory",
    "write_shard",
]

Format = Literal["arrays", "records"]
"""The names of the :data:`FORMATS`."""
FORMATS: tuple[Format, ...] = ("arrays", "records")
"""What a shard holds: ``"arrays"`` (numpy arrays of the decisions, ``.npz``) or ``"records"`` (game
records)."""
DEFAULT_SHARD_HANDS = 100
"""The hands of a shard unless told otherwise."""
MAX_SHARD_HANDS = 100_000
"""The most hands a shard holds (a shard is built in memory before it is written)."""
_ARRAY_KEYS = frozenset(
    {"observation", "legal_mask", "action", "player", "hand", "value", "hands", "seats", "returns", "names"}
)


@dataclass(frozen=True)
class Plan:
    """A run of self-play, checked (by :func:`plan`): which hands, cut into which shards, kept how."""

    game: str
    """The game (a key of :data:`tricktaker.protocol.GAMES`)."""
    names: tuple[str, ...]
    """The bots' names, in the order the bots were given."""
    hands: int
    """The hands played."""
    seed: int
    """The arena's seed."""
    shard_hands: int
    """The hands of a shard (the last may hold fewer)."""
    format: Format
    """What a shard keeps (:data:`FORMATS`)."""

    @property
    def parts(self) -> list[range]:
        """The hand numbers of each shard, in order."""
        return [
            range(a, min(a + self.shard_hands, self.hands)) for a in range(0, self.hands, self.shard_hands)
        ]

    @property
    def event(self) -> str:
        """How the records of the run name it."""
        return f"tricktaker generate {self.game} --bots {','.join(self.names)} --seed {self.seed}"

    def path(self, directory: str | os.PathLike[str], index: int) -> Path:
        """Where shard ``index`` goes: ``DIR/shard-00000.npz`` (``arrays``) or ``DIR/shard-00000/``
        (``records``), with at least 5 digits (as many as the last number needs, so that the names sort)."""
        width = max(5, len(str(len(self.parts) - 1)))
        name = f"shard-{index:0{width}d}"
        return Path(directory) / (name + ".npz" if self.format == "arrays" else name)


@dataclass(frozen=True)
class Shard:
    """Shard ``index`` of a run, played (by :func:`play_shard`) and not yet written."""

    index: int
    """The shard's number, from 0."""
    hands: range
    """The hand numbers it holds."""
    seats: npt.NDArray[np.int64] = field(repr=False)
    """``(hands, NUM_PLAYERS)``: the bot at each seat of each hand."""
    seat_returns: npt.NDArray[np.float64] = field(repr=False)
    """``(hands, NUM_PLAYERS)``: each seat's return in each hand."""
    arrays: dict[str, npt.NDArray[Any]] | None = field(default=None, repr=False)
    """The decisions' arrays (the module's table), for the ``arrays`` format."""
    records: list[dict[str, Any]] | None = field(default=None, repr=False)
    """One record a hand, for the ``records`` format."""

    @property
    def decisions(self) -> int:
        """The decisions with a choice it holds (0 for a ``records`` shard, which keeps whole hands)."""
        return 0 if self.arrays is None else len(self.arrays["action"])


@dataclass(frozen=True)
class Generated:
    """What :func:`generate` wrote: the shards, and the arena of the hands played."""

    paths: list[Path]
    """The shards, in order (``.npz`` files or record directories)."""
    result: bots.ArenaResult
    """The bots' mean returns over every hand (:class:`tricktaker.bots.ArenaResult`)."""
    decisions: int
    """The decisions with a choice in the ``arrays`` shards (0 for ``records``)."""

    @classmethod
    def of(cls, run: Plan, written: Sequence[Shard], paths: list[Path]) -> Generated:
        """The outcome of the shards ``written`` (every shard of ``run``, in order) at ``paths``."""
        seats = np.concatenate([s.seats for s in written])
        seat_returns = np.concatenate([s.seat_returns for s in written])
        return cls(
            paths=paths,
            result=bots.ArenaResult.from_hands(run.game, run.names, seats, seat_returns),
            decisions=sum(s.decisions for s in written),
        )


def plan(game: str, bots_: Sequence[bots.Bot], hands: int, seed: int, shard_hands: int, format: str) -> Plan:
    """The run :func:`generate` makes of its arguments, checked (errors name what is wrong: the arena's
    checks of :func:`tricktaker.bots.arena`, then ``shard_hands`` from 1 to :data:`MAX_SHARD_HANDS` and
    ``format`` one of :data:`FORMATS`)."""
    hands, seed = bots.check_arena(game, bots_, hands, seed)
    shard_hands = _args.whole(shard_hands, "shard_hands", 1, MAX_SHARD_HANDS)
    if not isinstance(format, str):
        raise ArgumentTypeError(f"format must be one of {', '.join(FORMATS)}, not {_args.shown(format)}")
    if format not in FORMATS:
        raise ArgumentError(f"format must be one of {', '.join(FORMATS)}, not {_args.shown(format)}")
    chosen: Format = "arrays" if format == "arrays" else "records"
    return Plan(game, tuple(b.name for b in bots_), hands, seed, shard_hands, chosen)


def play_shard(run: Plan, bots_: Sequence[bots.Bot], index: int) -> Shard:
    """Play shard ``index`` of ``run`` among ``bots_`` (those ``run`` was planned with) and keep what its
    format asks for."""
    hands = run.parts[index]
    module = GAMES[run.game]
    observations: list[npt.NDArray[np.float32]] = []
    masks: list[npt.NDArray[np.bool_]] = []
    actions: list[int] = []
    players: list[int] = []
    hand_of: list[int] = []
    records: list[dict[str, Any]] = []

    def decided(h: int, state: GameState, action: int) -> None:
        mask = state.legal_action_mask()
        if mask.sum() < 2:
            return
        player = state.current_player
        assert player is not None
        observations.append(state.observation(player))
        masks.append(mask)
        actions.append(action)
        players.append(player)
        hand_of.append(h)

    def recorded(h: int, state: GameState, names: list[str]) -> None:
        event = f"{run.event}, deal {h + 1} of {run.hands}"
        records.append(record.to_record(state, seats=names, event=event))  # type: ignore[arg-type]

    arrays = run.format == "arrays"
    seats, seat_returns = bots.play_hands(
        run.game,
        bots_,
        run.seed,
        hands,
        on_decision=decided if arrays else None,
        on_deal=None if arrays else recorded,
    )
    if not arrays:
        return Shard(index, hands, seats, seat_returns, records=records)
    hand = np.array(hand_of, dtype=np.int64)
    player = np.array(players, dtype=np.int8)
    empty = np.zeros((0, *module.OBSERVATION_SHAPE), np.float32)
    data: dict[str, npt.NDArray[Any]] = {
        "observation": np.stack(observations) if observations else empty,
        "legal_mask": np.stack(masks) if masks else np.zeros((0, module.NUM_ACTIONS), np.bool_),
        "action": np.array(actions, dtype=np.int64),
        "player": player,
        "hand": hand,
        "value": seat_returns[hand - hands.start, player.astype(np.int64)].astype(np.float32),
    }
    return Shard(index, hands, seats, seat_returns, arrays=data)


def write_shard(run: Plan, shard: Shard, directory: str | os.PathLike[str]) -> Path:
    """Write ``shard`` of ``run`` into ``directory`` and return its path. An ``.npz`` is written to a
    temporary name and renamed, so a shard file that exists is whole. Raises :class:`OSError` when it
    cannot be written."""
    path = run.path(directory, shard.index)
    if shard.arrays is not None:
        partial = path.with_name(path.name + ".partial")
        arrays: dict[str, Any] = {
            **shard.arrays,
            "hands": np.arange(shard.hands.start, shard.hands.stop, dtype=np.int64),
            "seats": shard.seats,
            "returns": shard.seat_returns,
            "names": np.array(run.names, dtype=np.str_),
            "game": np.array(run.game),
            "seed": np.array(run.seed, dtype=np.uint64),
        }
        with open(partial, "wb") as f:
            np.savez_compressed(f, **arrays)
        os.replace(partial, path)
        return path
    assert shard.records is not None
    path.mkdir(parents=True, exist_ok=True)
    for h, data in zip(shard.hands, shard.records, strict=True):
        record.save(data, record.deal_path(path, h, run.hands))
    return path


def load_shard(path: str | os.PathLike[str]) -> dict[str, npt.NDArray[Any]]:
    """An ``arrays`` shard read back: its arrays by key (the module's table). Raises :class:`OSError` if it
    cannot be read, :class:`tricktaker.ArgumentError` if it is not a shard."""
    name = os.fspath(path)
    try:
        with np.load(name, allow_pickle=False) as data:
            arrays = {key: data[key] for key in data.files}
    except (ValueError, EOFError, AttributeError) as e:
        raise ArgumentError(f"{name!r} is not a shard of arrays: {e}") from e
    missing = _ARRAY_KEYS - set(arrays)
    if missing:
        raise ArgumentError(f"{name!r} is not a shard of arrays: it has no {', '.join(sorted(missing))}")
    return arrays


def prepare_directory(directory: str | os.PathLike[str]) -> Path:
    """``directory`` (``~`` expanded), created if need be; :class:`OSError` if it cannot be."""
    if not isinstance(directory, (str, os.PathLike)):
        raise ArgumentTypeError(f"directory must be a path, not {_args.shown(directory)}")
    out = Path(os.path.expanduser(os.fspath(directory)))
    out.mkdir(parents=True, exist_ok=True)
    return out


def generate(
    game: str,
    bots_: Sequence[bots.Bot],
    hands: int,
    seed: int,
    directory: str | os.PathLike[str],
    *,
    shard_hands: int = DEFAULT_SHARD_HANDS,
    format: str = "arrays",
    progress: Callable[[int, int], None] | None = None,
) -> Generated:
    """Play ``hands`` hands of the arena of ``game`` among ``bots_`` seeded ``seed`` (as
    :func:`tricktaker.bots.arena`) in this process, and write them into ``directory`` (created if need be)
    in shards of ``shard_hands`` hands, in ``format`` (:data:`FORMATS`). ``progress(done, hands)`` is called
    after each shard. :func:`tricktaker.distributed.generate` writes the same shards from a Ray cluster."""
    run = plan(game, bots_, hands, seed, shard_hands, format)
    bots.check_hooks(progress=progress)
    writer = Writer(run, directory, progress)
    for k in range(len(run.parts)):
        writer.write(play_shard(run, bots_, k))
    return writer.generated()


class Writer:
    """Writes the shards of ``run``, in order, into ``directory`` (created if need be; :class:`OSError` if
    it cannot be), calling ``progress(done, hands)`` (checked by the caller) after each: what
    :func:`generate` and :func:`tricktaker.distributed.generate` do with each shard played."""

    def __init__(
        self, run: Plan, directory: str | os.PathLike[str], progress: Callable[[int, int], None] | None
    ) -> None:
        self.run = run
        """The run whose shards these are."""
        self.directory = prepare_directory(directory)
        """Where they go."""
        self.progress = progress
        """Called after each shard."""
        self.written: list[Shard] = []
        """The shards written so far, in order."""
        self.paths: list[Path] = []
        """Their paths."""

    def write(self, shard: Shard) -> None:
        """Write the next shard."""
        self.paths.append(write_shard(self.run, shard, self.directory))
        self.written.append(shard)
        if self.progress is not None:
            self.progress(shard.hands.stop, self.run.hands)

    def generated(self) -> Generated:
        """What was written (once every shard has been)."""
        return Generated.of(self.run, self.written, self.paths)
