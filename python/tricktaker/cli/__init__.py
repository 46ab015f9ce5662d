"""The ``tricktaker`` command line (also ``python -m tricktaker``).

Each command is followed by the name of a game (but ``bench``)::

    tricktaker simulate sheepshead --games 1000000 --seed 7 [--threads 2] [--json] [rule options]
    tricktaker play sheepshead [--seed 7] [--seat 0] [--hands 3] [--opponents heuristic] [rule options]
    tricktaker simulate tractor --games 100000 --seed 7 [--threads 2] [--json] [rule options]
    tricktaker play tractor [--seed 7] [--seat 0] [--rounds 2] [--resume FILE] [--record FILE]
    tricktaker arena sheepshead --bots pimc,heuristic --hands 1000 --seed 3 [--record DIR] [--ray [ADDRESS]]
    tricktaker generate tractor --bots heuristic --rounds 1000 --out DIR [--format records] [--ray [ADDRESS]]
    tricktaker analyze FILE [--deal 2] [--seat 1] [--json]   (or: --game sheepshead --seed 7)
    tricktaker bench [--quick] [--json]

``simulate`` plays random hands (rounds) in Rust and prints what happened in them; ``play`` lets a person play
one seat against a bot (the heuristic bot by default), with suit symbols and colour on a terminal, take-back
(``undo``) and ``save FILE`` / ``--resume FILE``; ``arena`` plays bots against each other and
rates them, and ``generate`` saves their decisions as self-play data (both on a Ray cluster with
``--ray``); ``analyze`` annotates every decision of a game with the search's value of each option;
``bench`` times the Rust engines against the Python reference ones. The long commands show a progress
bar on stderr.

One module per command (:mod:`.simulate`, :mod:`.play`, :mod:`.arena`, :mod:`.bench`) and one plug-in per
game (:mod:`.games.sheepshead`, :mod:`.games.tractor`), found through :data:`GAMES`: a :class:`Game` names its
rule options, its simulation tally, its bots and (optionally) its interactive table, and every command builds
its sub-commands from that dict. What they share is in :mod:`.common`.
"""

from __future__ import annotations

import argparse
import io
import os
import sys
from collections.abc import Callable
from typing import Any, TextIO

from .. import __version__
from ..errors import TricktakerError
from . import analyze, arena, bench, generate, play, replay, simulate
from .common import INTERRUPTED, MAX_SEED, Console, Game, ProgressBar, Tally, check_rule_flags, chunk_seed
from .games import GAMES
from .games.sheepshead import (
    SheepsheadTable,
    SheepsheadTally,
    render_sheepshead_view,
    resolve_sheepshead_choice,
    sheepshead_choices,
)
from .games.sheepshead import _describe as _describe
from .games.tractor import (
    MAX_PLAYS_LISTED,
    MAX_PLAYS_SHOWN,
    TractorTable,
    TractorTally,
    apply_tractor_answer,
    render_tractor_view,
    tractor_choices,
)

__all__ = [
    "BOTS",
    "CHUNK",
    "GAMES",
    "MAX_PLAYS_LISTED",
    "MAX_PLAYS_SHOWN",
    "MAX_SEED",
    "Console",
    "Game",
    "ProgressBar",
    "SheepsheadTable",
    "SheepsheadTally",
    "Tally",
    "TractorTable",
    "TractorTally",
    "apply_tractor_answer",
    "build_parser",
    "chunk_seed",
    "main",
    "render_sheepshead_view",
    "render_tractor_view",
    "resolve_sheepshead_choice",
    "sheepshead_choices",
    "tractor_choices",
]

CHUNK = 200_000
"""Hands (rounds) per ``simulate`` call of the ``simulate`` command (one progress-bar step)."""

BOTS = {name: game.bots for name, game in GAMES.items()}
"""The bots each game offers, by name, made from a seed (each plug-in's ``Game.bots``)."""


def build_parser() -> argparse.ArgumentParser:
    """The ``tricktaker`` argument parser, with one sub-command per command and game of :data:`GAMES`."""
    parser = argparse.ArgumentParser(
        prog="tricktaker",
        description="Card-game rules engines: simulate random hands, play against the computer, pit bots"
        " against each other.",
    )
    parser.add_argument("--version", action="version", version=f"tricktaker {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    simulate.add_command(commands, GAMES)
    arena.add_command(commands, GAMES)
    generate.add_command(commands, GAMES)
    bench.add_command(commands)
    play.add_command(commands, GAMES)
    replay.add_command(commands)
    analyze.add_command(commands, GAMES)
    return parser


def main(
    argv: list[str] | None = None,
    *,
    input_fn: Callable[[str], str] | None = None,
    out: TextIO | None = None,
    err: TextIO | None = None,
) -> int:
    """Run the command line on ``argv`` (default ``sys.argv[1:]``) and return the exit status.

    Bad arguments print a usage message on stderr and return 2; ``--help`` returns 0. A library error
    (:class:`~tricktaker.errors.TricktakerError`) is printed as ``tricktaker: error: …`` and returns 1;
    Ctrl-C returns :data:`~tricktaker.cli.common.INTERRUPTED` (130); a reader that closes the output early
    (``| head``) ends the command quietly with 141 (128 + SIGPIPE). ``input_fn``, ``out`` and ``err``
    replace ``input``, ``sys.stdout`` and ``sys.stderr`` (the prompt is passed to ``input_fn``).
    """
    if input_fn is None:
        _tolerate_undecodable_stdin()
    console = Console(
        input_fn=input_fn if input_fn is not None else input,
        out=out if out is not None else _stream(sys.stdout),
        err=err if err is not None else _stream(sys.stderr),
    )
    try:
        return _run(argv, console)
    except BrokenPipeError:
        _silence(console.out)
        return 141
    except KeyboardInterrupt:
        console.err.write("\ntricktaker: interrupted\n")
        return INTERRUPTED


def _sub_parser(parser: argparse.ArgumentParser, args: argparse.Namespace) -> argparse.ArgumentParser:
    """The parser of the sub-command ``args`` ran (``play tractor``), so that an unknown flag is answered with
    its usage rather than the top-level one."""
    while True:
        actions = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
        if not actions or actions[0].choices is None:
            return parser
        chosen = getattr(args, actions[0].dest, None)
        choices: Any = actions[0].choices
        if chosen not in choices:
            return parser
        parser = choices[chosen]


def _run(argv: list[str] | None, console: Console) -> int:
    parser = build_parser()
    try:
        args, extra = parser.parse_known_args(argv)
        command = _sub_parser(parser, args)
        if extra:
            command.error(f"unrecognized arguments: {' '.join(extra)}")
        if getattr(args, "command", None) == "simulate" and getattr(args, "games", None) is None:
            command.error("the following arguments are required: --games (or --deals)")
        refused = check_rule_flags(args)
        if refused is not None:
            command.error(refused)
    except SystemExit as e:
        return e.code if isinstance(e.code, int) else (0 if e.code is None else 2)
    run: Callable[[argparse.Namespace, Console], int] = args.run
    console.configure(plain=bool(getattr(args, "plain", False)))
    try:
        return run(args, console)
    except TricktakerError as e:
        console.err.write(f"tricktaker: error: {e}\n")
        return 1


def _tolerate_undecodable_stdin() -> None:
    """Let ``input()`` return a line of bytes that are not UTF-8 (as lone surrogates, which
    :meth:`Console.ask` refuses with a message) rather than raise and lose the rest of a piped input."""
    try:
        if isinstance(sys.stdin, io.TextIOWrapper):
            sys.stdin.reconfigure(errors="surrogateescape")
    except (OSError, ValueError):
        pass


def _stream(stream: TextIO | None) -> TextIO:
    """``stream``, or a sink when the process has none (``tricktaker … >&-``)."""
    return stream if stream is not None else io.StringIO()


def _silence(out: TextIO) -> None:
    """After a broken pipe: point standard output at ``/dev/null``, so that Python's own flush at exit does
    not complain again."""
    if out is not sys.stdout:
        return
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass
