"""``tricktaker arena GAME --bots …``: a seeded tournament between the bots a game's plug-in offers, with a
progress bar of the deals on stderr and, with ``--record DIR``, one record file per deal."""

from __future__ import annotations

import argparse
import json
import os
from collections.abc import Callable, Mapping
from pathlib import Path

from rich.table import Table
from rich.text import Text

from .. import bots, distributed, record
from ..protocol import GameState
from .common import (
    MAX_SEED,
    STYLES,
    Console,
    Game,
    ProgressBar,
    add_number_flag,
    add_plain_flag,
    add_progress_flag,
    add_seed_flag,
    add_threads_flag,
    new_table,
    plural,
    quoted,
    wants_progress,
    write_record,
)

__all__ = [
    "MAX_ARENA_HANDS",
    "add_command",
    "add_field_flags",
    "add_ray_flags",
    "bots_arg",
    "bots_json",
    "connect_ray",
    "means_table",
    "record_path",
    "seated_bots",
]

MAX_ARENA_HANDS = bots.MAX_ARENA_HANDS
"""The most deals an ``arena`` plays (the library's bound: the bots play in Python and every return is kept,
so a million deals is already hours for the search bots). The least is 2 (a confidence interval)."""


def bots_arg(game: Game) -> Callable[[str], list[str]]:
    """An argparse ``type``: 1 to :data:`~tricktaker.bots.MAX_ARENA_BOTS` of ``game.bots``'s names,
    comma-separated (spaces around a name are ignored)."""

    def parse(text: str) -> list[str]:
        names = [name.strip() for name in text.split(",")]
        if not all(name in game.bots for name in names) or len(names) > bots.MAX_ARENA_BOTS:
            raise argparse.ArgumentTypeError(
                f"takes 1 to {bots.MAX_ARENA_BOTS} of {', '.join(game.bots)}, comma-separated,"
                f" not {quoted(text)}"
            )
        return names

    return parse


record_path = record.deal_path
"""The record file of deal ``h`` of an arena of ``deals`` deals (:func:`tricktaker.record.deal_path`)."""


def add_command(
    commands: argparse._SubParsersAction[argparse.ArgumentParser], games: Mapping[str, Game]
) -> None:
    """Add ``arena`` with one sub-command per game of ``games``."""
    arena = commands.add_parser(
        "arena",
        help="play a seeded tournament between bots and print their ratings and mean returns",
        description="Bots play many deals, rotating seats; their Elo-style ratings (Bradley-Terry, fitted"
        " to who beat whom seat against seat, hand by hand) and mean returns are printed with 95%"
        " intervals.",
    )
    arena_games = arena.add_subparsers(dest="game", required=True, metavar="GAME")
    for game in games.values():
        sub = arena_games.add_parser(
            game.name,
            help=game.summary,
            description=f"A seeded {game.name} tournament: with k bots, bot (s + d) mod k sits at seat s"
            " in deal d, so that every bot plays every seat equally often (with fewer bots than"
            f" {game.num_players} seats, the last fills the empty ones). The ratings are Bradley-Terry"
            " strengths on the Elo scale (average 1500), fitted to every pair of seats held by different"
            " bots in each deal (the higher return wins, equal returns tie), with seeded bootstrap 95%"
            " intervals. A progress bar of the deals is shown on stderr when it is a terminal.",
        )
        add_field_flags(sub, game, hands=200)
        sub.add_argument(
            "--record",
            metavar="DIR",
            help="write the record of every deal to DIR (deal-00001.json…, the seats named by bot; DIR is"
            " created if need be)",
        )
        add_ray_flags(sub)
        add_progress_flag(sub)
        add_plain_flag(sub, cards=False)
        sub.set_defaults(run=_arena_runner(game))


def bots_json(result: bots.ArenaResult) -> list[dict[str, object]]:
    """The bots' mean returns as JSON data: ``seat_order``, ``name``, ``mean``, ``interval`` each."""
    return [
        {"seat_order": i, "name": n, "mean": result.mean[i], "interval": list(result.interval(i))}
        for i, n in enumerate(result.names)
    ]


def means_table(console: Console, result: bots.ArenaResult) -> Table:
    """The bots' mean returns with their 95% intervals, green where surely above zero, red below."""
    table = new_table(console.look, "bot", "mean", "95% interval", right=("mean",))
    for i, name in enumerate(result.names):
        lo, hi = result.interval(i)
        style = STYLES["good"] if lo > 0 else STYLES["bad"] if hi < 0 else ""
        table.add_row(f"{i}:{name}", f"{result.mean[i]:+.3f}", f"[{lo:+.3f}, {hi:+.3f}]", style=style)
    return table


def _arena_runner(game: Game) -> Callable[[argparse.Namespace, Console], int]:
    def run(args: argparse.Namespace, console: Console) -> int:
        return _run_arena(game, args, console)

    return run


def add_field_flags(parser: argparse.ArgumentParser, game: Game, *, hands: int) -> None:
    """Add what chooses an arena's hands and players: ``--bots``, ``--hands`` (default ``hands``; Tractor's
    ``--rounds``), ``--seed``, ``--threads`` and ``--json``."""
    parser.add_argument(
        "--bots",
        type=bots_arg(game),
        required=True,
        metavar="NAMES",
        help=f"comma-separated ({', '.join(sorted(game.bots))}): one per seat, or more, seated in"
        " turn; the last one fills the empty seats",
    )
    add_number_flag(
        parser,
        "--hands",
        2,
        MAX_ARENA_HANDS,
        f"{game.unit} to play",
        note=f"default {hands}",
        aliases=("--rounds", "--deals") if game.unit == "rounds" else ("--deals",),
        default=hands,
        metavar="N",
    )
    add_seed_flag(parser, "seed", note="default 0", default=0)
    add_threads_flag(parser, "threads of each pimc bot's rollouts", note="default 1", default=1)
    parser.add_argument("--json", action="store_true", help="print the results as one JSON object")


def add_ray_flags(parser: argparse.ArgumentParser) -> None:
    """Add ``--ray [ADDRESS]`` and ``--workers N``: the run spread over a Ray cluster
    (:mod:`tricktaker.distributed`)."""
    parser.add_argument(
        "--ray",
        nargs="?",
        const="",
        metavar="ADDRESS",
        help="play on a Ray cluster (extra [ray]): at ADDRESS ('auto', 'ray://host:10001'), or with none a"
        " new local one (or RAY_ADDRESS's); the results are the same as without",
    )
    add_number_flag(
        parser,
        "--workers",
        1,
        distributed.MAX_WORKERS,
        "Ray tasks at a time",
        note="default: the cluster's CPUs; with --ray",
        metavar="N",
    )


def connect_ray(args: argparse.Namespace, console: Console) -> bool:
    """Connect to the cluster ``--ray`` names; ``False`` (after saying why on stderr) if Ray is missing or the
    cluster cannot be reached. ``--workers`` without ``--ray`` is refused too."""
    if args.ray is None:
        if args.workers is not None:
            console.err.write("tricktaker: error: --workers needs --ray\n")
            return False
        return True
    try:
        distributed.connect(args.ray or None)
    except ImportError as e:
        console.err.write(f"tricktaker: error: {e}\n")
        return False
    except (ConnectionError, RuntimeError, ValueError) as e:
        console.err.write(f"tricktaker: error: cannot connect to the Ray cluster {args.ray!r}: {e}\n")
        return False
    return True


def seated_bots(game: Game, args: argparse.Namespace, console: Console) -> list[bots.Bot] | None:
    """The bots of ``--bots`` (the last filling the empty seats), each seeded from ``--seed`` and its place,
    with ``--threads``; ``None`` (after saying why on stderr) if there are more bots than ``--hands``."""
    names: list[str] = list(args.bots)
    names += [names[-1]] * (game.num_players - len(names))
    if len(names) > game.num_players and args.hands < len(names):
        console.err.write(f"tricktaker: error: {len(names)} bots need --hands {len(names)} at least\n")
        return None
    return [game.bots[n]((args.seed + i) & MAX_SEED, args.threads) for i, n in enumerate(names)]


def _run_arena(game: Game, args: argparse.Namespace, console: Console) -> int:
    field = seated_bots(game, args, console)
    if field is None or not connect_ray(args, console):
        return 2
    names = [bot.name for bot in field]
    hands: int = args.hands
    on_deal: Callable[[int, GameState, list[str]], None] | None = None
    if args.record is not None:
        directory = Path(os.path.expanduser(args.record))
        try:
            directory.mkdir(parents=True, exist_ok=True)
        except (OSError, ValueError) as e:
            console.err.write(f"tricktaker: error: cannot create the record directory {args.record!r}: {e}\n")
            return 1
        event = f"tricktaker arena {game.name} --bots {','.join(args.bots)} --seed {args.seed}"

        def on_deal(h: int, state: GameState, seats: list[str]) -> None:
            write_record(
                state,
                record_path(directory, h, hands),
                seats=seats,
                event=f"{event}, deal {h + 1} of {hands}",
            )

    bar = (
        ProgressBar(hands, console.err, unit="deals", description=f"arena {game.name}", plain=console.plain)
        if wants_progress(args, console)
        else None
    )
    try:
        progress = (lambda done, total: bar.update(done)) if bar is not None else None
        if args.ray is not None:
            result = distributed.arena(
                args.game, field, hands, args.seed, workers=args.workers, progress=progress, on_deal=on_deal
            )
        else:
            result = bots.arena(args.game, field, hands, args.seed, progress=progress, on_deal=on_deal)
    except OSError as e:
        console.err.write(f"tricktaker: error: cannot write a record to {args.record!r}: {e}\n")
        return 1
    finally:
        if bar is not None:
            bar.close()
    ratings = result.ratings(seed=args.seed) if len(set(names)) > 1 else None
    if args.json:
        data: dict[str, object] = {
            "game": args.game,
            "hands": hands,
            "seed": args.seed,
            "bots": bots_json(result),
        }
        if ratings is not None:
            data["ratings"] = [
                {"name": n, "rating": ratings.rating[i], "interval": [ratings.low[i], ratings.high[i]]}
                for i, n in enumerate(ratings.names)
            ]
        console.out.write(json.dumps(data) + "\n")
        return 0
    title = f"{game.name}: {plural(hands, 'deal')}, seed {args.seed}"
    console.print(Text(title, style=STYLES["head"]))
    if ratings is not None:
        rated = new_table(console.look, "bot", "rating", "95% interval", right=("rating",))
        for i in sorted(range(len(ratings.names)), key=lambda i: -ratings.rating[i]):
            rated.add_row(
                ratings.names[i], f"{ratings.rating[i]:.0f}", f"[{ratings.low[i]:.0f}, {ratings.high[i]:.0f}]"
            )
        console.show(rated)
    console.show(means_table(console, result))
    if args.record is not None:
        console.print(
            f"Records: {plural(hands, 'file')} in {args.record} ({record_path(args.record, 0, hands).name}…)"
        )
    return 0
