"""``tricktaker generate GAME --bots … --out DIR``: self-play data, the decisions of bots playing an arena,
written in shards of arrays or of records (:mod:`tricktaker.selfplay`), in this process or over a Ray cluster
(``--ray``, :mod:`tricktaker.distributed`)."""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable, Mapping

from rich.text import Text

from .. import distributed, selfplay
from .arena import (
    add_field_flags,
    add_ray_flags,
    bots_json,
    connect_ray,
    means_table,
    seated_bots,
)
from .common import (
    STYLES,
    Console,
    Game,
    ProgressBar,
    add_number_flag,
    add_plain_flag,
    add_progress_flag,
    plural,
    wants_progress,
)

__all__ = ["add_command"]


def add_command(
    commands: argparse._SubParsersAction[argparse.ArgumentParser], games: Mapping[str, Game]
) -> None:
    """Add ``generate`` with one sub-command per game of ``games``."""
    generate = commands.add_parser(
        "generate",
        help="write self-play data: bots play an arena, their decisions saved in shards",
        description="Bots play the hands of 'tricktaker arena' (the same seating and deals) and every"
        " decision that offers a choice is saved: the observation, the legal actions, the action and the"
        " player's final return, in shards of numpy arrays (.npz), or each hand's record. The shards are"
        " the same with --ray as without, whatever the number of workers.",
    )
    sub_games = generate.add_subparsers(dest="game", required=True, metavar="GAME")
    for game in games.values():
        sub = sub_games.add_parser(
            game.name,
            help=game.summary,
            description=f"Self-play data of {game.name}: the hands of 'tricktaker arena {game.name}' with"
            " the same bots and seed, shard k holding hands k*S to k*S+S-1 (S = --shard-hands).",
        )
        add_field_flags(sub, game, hands=1000)
        sub.add_argument("--out", required=True, metavar="DIR", help="the directory of the shards (created)")
        add_number_flag(
            sub,
            "--shard-hands",
            1,
            selfplay.MAX_SHARD_HANDS,
            f"{game.unit} a shard",
            note=f"default {selfplay.DEFAULT_SHARD_HANDS}",
            default=selfplay.DEFAULT_SHARD_HANDS,
            metavar="S",
        )
        sub.add_argument(
            "--format",
            choices=selfplay.FORMATS,
            default="arrays",
            help="arrays: shard-00000.npz of the decisions; records: shard-00000/deal-00001.json… (default"
            " arrays)",
        )
        add_ray_flags(sub)
        add_progress_flag(sub)
        add_plain_flag(sub, cards=False)
        sub.set_defaults(run=_runner(game))


def _runner(game: Game) -> Callable[[argparse.Namespace, Console], int]:
    def run(args: argparse.Namespace, console: Console) -> int:
        return _run(game, args, console)

    return run


def _run(game: Game, args: argparse.Namespace, console: Console) -> int:
    field = seated_bots(game, args, console)
    if field is None or not connect_ray(args, console):
        return 2
    hands: int = args.hands
    bar = (
        ProgressBar(
            hands, console.err, unit=game.unit, description=f"generate {game.name}", plain=console.plain
        )
        if wants_progress(args, console)
        else None
    )
    progress = (lambda done, total: bar.update(done)) if bar is not None else None
    start = time.perf_counter()
    try:
        spread = {"workers": args.workers} if args.ray is not None else {}
        run = distributed.generate if args.ray is not None else selfplay.generate
        done = run(
            game.name,
            field,
            hands,
            args.seed,
            args.out,
            shard_hands=args.shard_hands,
            format=args.format,
            progress=progress,
            **spread,
        )
    except OSError as e:
        console.err.write(f"tricktaker: error: cannot write the shards to {args.out!r}: {e}\n")
        return 1
    finally:
        if bar is not None:
            bar.close()
    seconds = time.perf_counter() - start
    result = done.result
    if args.json:
        data = {
            "game": game.name,
            "hands": hands,
            "seed": args.seed,
            "format": args.format,
            "shards": [str(p) for p in done.paths],
            "decisions": done.decisions,
            "seconds": seconds,
            "bots": bots_json(result),
        }
        console.out.write(json.dumps(data) + "\n")
        return 0
    what = f", {plural(done.decisions, 'decision')} with a choice" if args.format == "arrays" else ""
    console.print(
        Text(f"{game.name}: {plural(hands, game.unit[:-1])}, seed {args.seed}{what}", style=STYLES["head"])
    )
    console.show(means_table(console, result))
    console.print(
        f"Shards: {plural(len(done.paths), 'shard')} in {args.out} ({done.paths[0].name}…), in"
        f" {seconds:.1f} s ({hands / seconds:,.0f} {game.unit}/s)"
    )
    return 0
