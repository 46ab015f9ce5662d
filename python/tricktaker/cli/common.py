"""The plumbing every command and every game's plug-in shares: the console, the progress bar, the argument
types, the seeds of ``simulate``'s chunks, and :class:`Game`, what a game's plug-in tells the commands."""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TextIO

from ..bots import Bot
from ..protocol import GAMES, GameModule

__all__ = [
    "HELP",
    "MAX_SEED",
    "QUIT",
    "SHOW",
    "Console",
    "Game",
    "ProgressBar",
    "Tally",
    "add_rule_flags",
    "chunk_seed",
    "count_arg",
    "mean_of",
    "opponent_bot",
    "rate_of",
    "rules_from_flags",
    "scores_text",
    "seat_arg",
    "seed_arg",
]

_MASK64 = (1 << 64) - 1
MAX_SEED = _MASK64


@dataclass
class Console:
    """Where a command reads the person's answers and writes its output (injectable for tests)."""

    input_fn: Callable[[str], str] = input
    out: TextIO = field(default_factory=lambda: sys.stdout)
    err: TextIO = field(default_factory=lambda: sys.stderr)

    def print(self, text: str = "") -> None:
        """Write one line (or several) to ``out``."""
        self.out.write(text + "\n")
        self.out.flush()


class Tally(Protocol):
    """Running totals of a ``simulate`` run of one game, fed one chunk of random hands (rounds) at a time."""

    def simulate(self, n: int, seed: int, threads: int | None) -> float:
        """Play ``n`` random hands seeded with ``seed``, add them up, and return the seconds spent playing."""
        ...

    def statistics(self) -> dict[str, Any]:
        """The outcome statistics so far, JSON-serializable."""
        ...

    def report(self, stats: dict[str, Any]) -> list[str]:
        """The lines that present :meth:`statistics` to a person."""
        ...


@dataclass(frozen=True)
class Game:
    """Everything the command line needs to know about one game: what its plug-in (``cli/games/<name>.py``)
    gives the commands. ``name`` is the game's name in :data:`tricktaker.protocol.GAMES`."""

    name: str
    summary: str
    add_rule_options: Callable[[argparse.ArgumentParser], None]
    """Adds the game's rule flags to a sub-command's parser."""
    rules_dict: Callable[[argparse.Namespace], dict[str, Any]]
    """The rule options chosen on the command line, as the game's ``Rules(**options)`` keywords."""
    new_tally: Callable[[argparse.Namespace], Tally]
    """A fresh :class:`Tally` for ``simulate`` with the rules of the command line."""
    play: Callable[[argparse.Namespace, Console], int] | None = None
    """Runs ``play``: a person against random opponents; returns the exit status. ``None``: not offered."""
    add_play_options: Callable[[argparse.ArgumentParser], None] | None = None
    """Adds the options of ``play`` that only this game has (e.g. ``--hands``)."""
    unit: str = "hands"
    """What one simulated game is called: ``hands`` (Sheepshead) or ``rounds`` (Tractor)."""
    bots: Mapping[str, Callable[[int], Bot]] = field(default_factory=dict)
    """The bots the game offers (opponents in ``play``, players in ``arena``) by name, made from a seed."""

    @property
    def module(self) -> GameModule[Any, Any]:
        """The game's module, from :data:`tricktaker.protocol.GAMES`."""
        return GAMES[self.name]

    @property
    def num_players(self) -> int:
        return self.module.NUM_PLAYERS


def chunk_seed(seed: int, k: int) -> int:
    """The seed of chunk ``k`` of a ``simulate`` run seeded with ``seed``.

    Chunk 0 uses ``seed`` itself, so a run of at most :data:`tricktaker.cli.CHUNK` hands is exactly
    ``sheepshead.simulate(games, seed)``; later chunks use a SplitMix64 mix of ``seed`` and ``k``. Hand ``i``
    of a run therefore depends only on ``seed``, ``i`` and the rules: a run's hands are a prefix of the
    hands of any longer run with the same seed, and the threads never change them.
    """
    if k == 0:
        return seed
    return _splitmix64(seed ^ _splitmix64(k ^ 0x243F_6A88_85A3_08D3))


def _splitmix64(x: int) -> int:
    z = (x + 0x9E37_79B9_7F4A_7C15) & _MASK64
    z = ((z ^ (z >> 30)) * 0xBF58_476D_1CE4_E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D0_49BB_1331_11EB) & _MASK64
    return z ^ (z >> 31)


class ProgressBar:
    """A one-line progress bar redrawn in place (``\\r``) on a text stream."""

    def __init__(self, total: int, stream: TextIO, *, unit: str = "hands", width: int = 28) -> None:
        self.total = max(total, 1)
        self.stream = stream
        self.unit = unit
        self.width = width
        self.start = time.perf_counter()

    def update(self, done: int) -> None:
        """Redraw the bar with ``done`` of ``total`` units finished."""
        fraction = min(done / self.total, 1.0)
        filled = round(fraction * self.width)
        elapsed = time.perf_counter() - self.start
        rate = done / elapsed if elapsed > 0 else 0.0
        eta = (self.total - done) / rate if rate > 0 else 0.0
        bar = "#" * filled + "-" * (self.width - filled)
        self.stream.write(
            f"\r[{bar}] {fraction:6.1%} {done:,}/{self.total:,} {self.unit}"
            f" · {rate:,.0f}/s · ETA {_duration(eta)}   "
        )
        self.stream.flush()

    def close(self) -> None:
        """End the bar's line."""
        self.stream.write("\n")
        self.stream.flush()


def _duration(seconds: float) -> str:
    whole = round(seconds)
    if whole < 60:
        return f"{whole}s"
    if whole < 3600:
        return f"{whole // 60}m{whole % 60:02d}s"
    return f"{whole // 3600}h{whole // 60 % 60:02d}m"


def count_arg(minimum: int, what: str) -> Callable[[str], int]:
    """An argparse ``type``: an int (``1000000``, ``1_000_000`` or ``1e6``) that is at least ``minimum``."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            try:
                number = float(text)
            except ValueError:
                raise argparse.ArgumentTypeError(f"{what} must be a whole number, not {text!r}") from None
            if not number.is_integer():
                raise argparse.ArgumentTypeError(f"{what} must be a whole number, not {text!r}") from None
            value = int(number)
        if value < minimum:
            raise argparse.ArgumentTypeError(f"{what} must be at least {minimum}, not {text}")
        return value

    return parse


def seed_arg(text: str) -> int:
    """An argparse ``type``: a seed from 0 to 2**64 - 1."""
    try:
        value = int(text, 0)
    except ValueError:
        raise argparse.ArgumentTypeError(f"the seed must be a whole number, not {text!r}") from None
    if not 0 <= value <= MAX_SEED:
        raise argparse.ArgumentTypeError(f"the seed must be from 0 to 2**64 - 1, not {text}")
    return value


def seat_arg(num_players: int) -> Callable[[str], int]:
    """An argparse ``type``: a seat from 0 to ``num_players - 1``."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"the seat must be a whole number, not {text!r}") from None
        if not 0 <= value < num_players:
            raise argparse.ArgumentTypeError(f"the seat must be from 0 to {num_players - 1}, not {text}")
        return value

    return parse


def rate_of(part: int, whole: int) -> float | None:
    """``part / whole``, or ``None`` when there is nothing."""
    return part / whole if whole else None


def mean_of(total: int, count: int) -> float | None:
    """``total / count``, or ``None`` when there is nothing."""
    return total / count if count else None


def scores_text(scores: Sequence[int], seat: int) -> str:
    """Each seat's score, signed, the viewer's seat as ``you``."""
    return "  ".join(f"{'you' if s == seat else f'seat {s}'} {v:+d}" for s, v in enumerate(scores))


QUIT = frozenset({"quit", "exit", "q"})
HELP = frozenset({"help", "h", "?"})
SHOW = frozenset({"show", "table", "hand", "look"})
"""The words that quit, ask for help and show the table again at a prompt of ``play``."""


def opponent_bot(offered: Mapping[str, Callable[[int], Bot]], name: str, seed: int) -> Bot | None:
    """The opponents' bot of ``play``; ``None`` for uniform random play with the table's own generator."""
    return None if name == "random" else offered[name](seed)


# ---- rule flags, derived from a game's option table ----


class _RuleOptions(Protocol):
    @staticmethod
    def options() -> Sequence[Any]: ...


def _flag(name: str) -> str:
    return "--" + name.replace("_", "-")


def add_rule_flags(
    parser: argparse.ArgumentParser,
    rules: type[_RuleOptions],
    title: str,
    *,
    skip: Sequence[str] = (),
    aliases: Mapping[str, tuple[str, bool, str]] | None = None,
) -> None:
    """Add one flag per option of ``rules.options()`` (but those in ``skip``): ``--name CHOICE`` for a choice,
    ``--name``/``--no-name`` for a flag, ``--name N`` for a number, each with the option's description, rule
    and default. ``aliases`` maps an option to an older flag that sets it: ``(flag, value, help)``."""
    group = parser.add_argument_group(title)
    for option in rules.options():
        if option.name in skip:
            continue
        help_text = f"{option.description} ({option.rule}; default {option.default})"
        if option.kind == "choice":
            group.add_argument(
                _flag(option.name), choices=option.choices, default=option.default, help=help_text
            )
        elif option.kind == "bool":
            group.add_argument(
                _flag(option.name),
                action=argparse.BooleanOptionalAction,
                default=option.default,
                help=help_text,
            )
        else:
            group.add_argument(
                _flag(option.name),
                type=count_arg(option.minimum, option.name),
                default=option.default,
                metavar="N",
                help=help_text,
            )
    for name, (flag, value, help_text) in (aliases or {}).items():
        group.add_argument(flag, dest=name, action="store_const", const=value, help=help_text)


def rules_from_flags(
    args: argparse.Namespace, rules: type[_RuleOptions], *, skip: Sequence[str] = ()
) -> dict[str, Any]:
    """The options that :func:`add_rule_flags` read, as ``Rules(**options)`` keywords."""
    return {o.name: getattr(args, o.name) for o in rules.options() if o.name not in skip}
