"""``tricktaker analyze``: a game annotated as a chess engine annotates one (:mod:`tricktaker.analysis`).

``tricktaker analyze FILE`` reads a game record (``play … --record``, ``arena … --record``, a match) and
annotates a deal of it (``--deal D``, the first by default); ``tricktaker analyze --game G --seed S`` deals
a fresh hand (round) from the seed, lets the heuristic bots play it (``--bots``) and annotates that. Each
decision gets the search's value of every option and the best one, the choice marked, and what it cost;
``--json`` prints the same as one JSON object.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Mapping

from rich.text import Text

from .. import analysis, bots, search
from .. import record as records
from ..protocol import GAMES as PROTOCOL_GAMES
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
    wants_progress,
)

__all__ = ["MAX_OPTIONS_SHOWN", "add_command"]

MAX_OPTIONS_SHOWN = 6
"""Options listed per decision in the terminal (every option is in ``--json``)."""


def add_command(
    commands: argparse._SubParsersAction[argparse.ArgumentParser], games: Mapping[str, Game]
) -> None:
    """Add ``analyze`` (it reads records of every game, or deals one of ``games``)."""
    sub = commands.add_parser(
        "analyze",
        help="annotate every decision of a game with the search's value of each option",
        description="Annotate a recorded game (FILE) or a fresh deal played by bots (--game and --seed): each"
        " decision with the search's value of every option, from what the seat to act knew (Sheepshead's"
        " card play: PIMC with the exact solver in each sampled deal; every other decision: ISMCTS), the best"
        " option and what the choice cost, in the game's returns.",
    )
    sub.add_argument("file", nargs="?", metavar="FILE", help="a game record (JSON, docs/records.md)")
    sub.add_argument("--game", choices=sorted(games), help="deal a fresh game of this name (with --seed)")
    add_seed_flag(sub, "the deal's seed with --game, and the searches' seed", note="default 0", default=0)
    sub.add_argument(
        "--bots",
        metavar="NAME",
        default="heuristic",
        help="with --game: the bot that plays every seat (default heuristic)",
    )
    add_number_flag(
        sub, "--deal", 1, records.MAX_DEALS, "the deal of the record to annotate", note="default 1"
    )
    add_number_flag(sub, "--seat", 0, 7, "annotate this seat's decisions only", note="default: every seat")
    sub.add_argument(
        "--method",
        choices=["auto", "pimc", "ismcts"],
        default="auto",
        help="how each decision is searched (default auto: the solver's PIMC for Sheepshead's card play,"
        " ISMCTS for the rest)",
    )
    add_number_flag(
        sub, "--worlds", 1, search.MAX_WORLDS, "PIMC's sampled deals per decision", note="default 40"
    )
    add_number_flag(
        sub,
        "--simulations",
        1,
        search.MAX_SIMULATIONS,
        "ISMCTS's simulations per decision",
        note="default 2000",
    )
    add_threads_flag(sub, "threads of each search", note="default 1", default=1)
    sub.add_argument("--json", action="store_true", help="print the annotations as one JSON object")
    add_progress_flag(sub)
    add_plain_flag(sub)
    sub.set_defaults(run=_runner(games))


def _runner(games: Mapping[str, Game]) -> object:
    def run(args: argparse.Namespace, console: Console) -> int:
        return _run(games, args, console)

    return run


def _usage(console: Console, message: str) -> int:
    console.err.write(f"tricktaker analyze: error: {message}\n")
    return 2


def _played_deal(games: Mapping[str, Game], name: str, seed: int, bot: str) -> tuple[GameState, list[int]]:
    """A fresh deal of ``name`` from ``seed`` played by ``bot`` at every seat: its start and its actions."""
    start: GameState = PROTOCOL_GAMES[name].State.new(seed)
    makers = games[name].bots
    players = [makers[bot]((seed + s) & MAX_SEED, 1) for s in range(start.num_players)]
    state = start.clone()
    bots.play_out(state, players)
    return start, list(state.history())


def _run(games: Mapping[str, Game], args: argparse.Namespace, console: Console) -> int:
    if (args.file is None) == (args.game is None):
        return _usage(console, "give a record FILE, or --game NAME (with --seed) for a fresh deal")
    if args.file is not None:
        try:
            replay = records.load(args.file)
        except OSError as e:
            console.err.write(f"tricktaker: error: cannot read {args.file}: {e.strerror or e}\n")
            return 1
        number = args.deal or 1
        if number > len(replay.deals):
            return _usage(console, f"--deal must be from 1 to {len(replay.deals)}, not {number}")
        deal = replay.deals[number - 1]
        start: GameState = deal.start
        actions, source = [s.id for s in deal.steps], f"{args.file}, deal {number}"
        seats = replay.seats
    else:
        if args.bots not in games[args.game].bots:
            return _usage(console, f"--bots must be one of {', '.join(sorted(games[args.game].bots))}")
        start, actions = _played_deal(games, args.game, args.seed, args.bots)
        source = f"{args.game} seed {args.seed}, played by {args.bots}"
        seats = [args.bots] * start.num_players
    if args.seat is not None and args.seat >= start.num_players:
        return _usage(console, f"--seat must be from 0 to {start.num_players - 1}, not {args.seat}")
    bar = (
        ProgressBar(len(actions), console.err, unit="steps", description="analyze", plain=console.plain)
        if wants_progress(args, console)
        else None
    )
    try:
        notes = analysis.annotate(
            start,
            actions,
            seats=None if args.seat is None else [args.seat],
            method=args.method,
            worlds=args.worlds or 40,
            simulations=args.simulations or 2000,
            seed=args.seed,
            threads=args.threads,
            progress=(lambda done, total: bar.update(done)) if bar is not None else None,
        )
    finally:
        if bar is not None:
            bar.close()
    if args.json:
        data = {"source": source, "seats": list(seats), "decisions": [n.to_dict() for n in notes]}
        console.out.write(json.dumps(data) + "\n")
        return 0
    console.print(Text(f"Analysis of {source}", style=STYLES["head"]))
    table = new_table(
        console.look, "step", "seat", "chose", "value", "best", "loss", "options", right=("value", "loss")
    )
    for n in notes:
        if n.forced:
            table.add_row(str(n.step), str(n.seat), n.text, "", "(forced)", "", "")
            continue
        best, chosen = n.best, n.chosen
        assert best is not None and chosen is not None
        shown = ", ".join(f"{o.text} {o.value:+.2f}" for o in n.options[:MAX_OPTIONS_SHOWN])
        more = len(n.options) - MAX_OPTIONS_SHOWN
        style = STYLES["bad"] if n.loss > 0.25 else ""
        table.add_row(
            str(n.step),
            str(n.seat),
            n.text,
            f"{chosen.value:+.2f}",
            best.text if best.action != n.action else "=",
            f"{n.loss:.2f}",
            shown + (f" (+{more} more)" if more > 0 else ""),
            style=style,
        )
    console.show(table)
    searched = [n for n in notes if not n.forced]
    methods = ", ".join(sorted({n.method for n in searched})) or "none"
    total = sum(n.loss for n in searched)
    console.print(f"{len(searched)} decisions searched ({methods}); total loss {total:.2f}")
    return 0
