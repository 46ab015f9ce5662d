"""The plumbing every command and every game's plug-in shares: the console and its look (suit symbols and
colour, through rich), the progress bar, the argument types, the seeds of ``simulate``'s chunks, what the
tables of ``play`` share (their commands, saved games, records), and :class:`Game`, what a game's plug-in
tells the commands."""

from __future__ import annotations

import argparse
import inspect
import itertools
import json
import os
import random
import re
import shlex
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar, Literal, Protocol, TextIO

from rich import box
from rich.console import Console as RichConsole
from rich.console import RenderableType
from rich.progress import (
    BarColumn,
    Progress,
    ProgressColumn,
    Task,
    TaskProgressColumn,
    TextColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text

from .. import _args
from .._core import MAX_THREADS, Card
from ..bots import Bot, ISMCTSBot, RandomBot, SolverPIMCBot
from ..errors import NothingToUndoError, TricktakerError
from ..protocol import GAMES, GameModule, GameState

__all__ = [
    "COMMANDS_HELP",
    "DEFAULT_OPPONENTS",
    "HELP",
    "INTERRUPTED",
    "MAX_ANSWER",
    "MAX_COUNT",
    "MAX_SAVE_BYTES",
    "MAX_SEED",
    "PLAIN",
    "QUIT",
    "SAVE_FORMAT",
    "SAVE_VERSION",
    "SHOW",
    "STYLES",
    "SUIT_NAMES",
    "SUIT_SYMBOLS",
    "UNDO",
    "BotMaker",
    "Console",
    "DecisionPoints",
    "Game",
    "Look",
    "NotANumberError",
    "NumberTextError",
    "OutOfRangeError",
    "PlayTable",
    "ProgressBar",
    "SaveFileError",
    "SavedGame",
    "TableCommand",
    "TakeBack",
    "Tally",
    "WholeNumber",
    "add_number_flag",
    "add_plain_flag",
    "add_progress_flag",
    "add_rule_flags",
    "add_seat_flag",
    "add_seed_flag",
    "add_threads_flag",
    "bot_makers",
    "check_rule_flags",
    "choice_number",
    "chunk_seed",
    "engine_reason",
    "game_bots",
    "int_text",
    "isatty",
    "mean_of",
    "new_table",
    "opponent_bot",
    "option_bounds",
    "parse_whole",
    "play_table",
    "plural",
    "quoted",
    "rate_of",
    "read_save",
    "read_saved_game",
    "record_game",
    "rules_from_flags",
    "save_game",
    "saved_int",
    "saved_list",
    "saved_mapping",
    "scores_text",
    "shortened",
    "symbolized",
    "table_command",
    "terminal_look",
    "wants_progress",
    "write_record",
    "write_save",
]

_MASK64 = (1 << 64) - 1
MAX_SEED = _args.MAX_SEED


_SURROGATE = re.compile("[\ud800-\udfff]")

MAX_ANSWER = 200
"""The longest answer :meth:`Console.ask` takes, spaces collapsed (the longest real one, a 25-card Tractor
throw, is about 100 characters)."""


def plural(count: int, noun: str, many: str | None = None) -> str:
    """``1 card``, ``2 cards``, ``1,000 hands``: ``count`` and ``noun``, in the plural (``many``, else
    ``noun + "s"``) unless ``count`` is 1."""
    return f"{count:,} {noun if count == 1 else (many if many is not None else noun + 's')}"


# ---- the look: suit symbols and colour ----

SUIT_SYMBOLS = {"C": "\u2663", "D": "\u2666", "H": "\u2665", "S": "\u2660"}
"""The suit symbols a terminal shows: ♣ ♦ ♥ ♠."""
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}

_RED = frozenset("DH")
STYLES = {
    "red": "red",
    "trump": "bold",
    "red joker": "bold bright_red",
    "black joker": "bold bright_blue",
    "unplayable": "dim",
    "number": "bold cyan",
    "head": "bold",
    "refusal": "yellow",
    "good": "green",
    "bad": "red",
    "you": "bold",
}
"""The styles of the table, by what they mark (rich style names)."""


_SYMBOL_CARD = re.compile(
    "(?<![0-9A-Za-z])(?:(?:10|[2-9JQKA])[\u2663\u2666\u2665\u2660]|RJ|BJ)(?![0-9A-Za-z])"
)


@dataclass(frozen=True)
class Look:
    """How a command writes cards: with suit symbols (``Q♣``) or letters (``QC``), and whether its console
    colours them (hearts and diamonds red, trumps bold, the jokers coloured, unplayable cards dim).

    The colour is carried as styles on :class:`rich.text.Text`; a console without colour writes the plain
    text, so the same rendering serves a terminal, a pipe and ``--plain``. Without colour an unplayable card
    is written in parentheses (``(9C)``), which a dim style shows on a terminal.
    """

    symbols: bool = False
    color: bool = False

    def name(self, card: Card) -> str:
        """The card as text: ``Q♣`` with symbols, else the engine's ``QC``; the jokers are ``BJ``, ``RJ``."""
        text = str(card)
        if self.symbols and card.suit is not None and not card.is_joker:
            return text[:-1] + SUIT_SYMBOLS.get(card.suit, card.suit)
        return text

    def names(self, cards: Iterable[Card]) -> str:
        """The cards as text, separated by spaces; ``-`` for none."""
        return " ".join(self.name(c) for c in cards) or "-"

    def suit(self, suit: str) -> str:
        """A suit named for a person: ``clubs``, with its symbol when the look has symbols (``clubs ♣``)."""
        name = SUIT_NAMES.get(suit, suit)
        return f"{name} {SUIT_SYMBOLS[suit]}" if self.symbols and suit in SUIT_SYMBOLS else name

    def card(
        self, card: Card, *, trump: bool = False, playable: bool = True, number: int | None = None
    ) -> Text:
        """One card, styled: red suits red, a trump bold, the jokers coloured; an unplayable card dim (in
        parentheses without colour); ``number`` written before it (``1:Q♣``), the number a person types."""
        styles = []
        if card.is_joker:
            styles.append(STYLES["red joker" if str(card).startswith("R") else "black joker"])
        elif card.suit in _RED:
            styles.append(STYLES["red"])
        if trump:
            styles.append(STYLES["trump"])
        if not playable:
            styles.append(STYLES["unplayable"])
        name = self.name(card)
        if not playable and not self.color:
            name = f"({name})"
        out = Text()
        if number is not None:
            out.append(f"{number}:", style=STYLES["number"])
        out.append(name, style=" ".join(styles))
        return out

    def cards(
        self,
        cards: Iterable[Card],
        *,
        trump: Callable[[Card], bool] | None = None,
        playable: Callable[[Card], bool] | None = None,
    ) -> Text:
        """Cards separated by spaces (``-`` for none), each styled by :meth:`card`."""
        out = Text()
        for i, card in enumerate(cards):
            if i:
                out.append(" ")
            out.append_text(
                self.card(
                    card,
                    trump=trump(card) if trump is not None else False,
                    playable=playable(card) if playable is not None else True,
                )
            )
        return out if out.plain else Text("-")

    def highlight(self, text: str) -> Text:
        """``text`` with the cards it names in symbols (``Q♥``, ``RJ``) styled as :meth:`card` styles them
        (but for the trump, which only the game knows)."""
        out = Text(text)
        for m in _SYMBOL_CARD.finditer(text):
            token = m[0]
            if token in ("RJ", "BJ"):
                style = STYLES["red joker" if token == "RJ" else "black joker"]
            elif token[-1] in (SUIT_SYMBOLS["H"], SUIT_SYMBOLS["D"]):
                style = STYLES["red"]
            else:
                continue
            out.stylize(style, m.start(), m.end())
        return out

    @property
    def box(self) -> box.Box:
        """The lines of a table: drawn with box characters on a terminal, ASCII otherwise."""
        return box.ROUNDED if self.symbols else box.ASCII


PLAIN = Look()
"""Letters and no colour: what a pipe, a file, ``NO_COLOR`` with ``--plain``, and ``TERM=dumb`` get."""


def isatty(stream: object) -> bool:
    """Whether ``stream`` is a terminal (``False`` for a closed stream or one without ``isatty``)."""
    try:
        return bool(stream.isatty())  # type: ignore[attr-defined]
    except (AttributeError, ValueError, OSError):
        return False


def _writes(stream: object, text: str) -> bool:
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        text.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def terminal_look(stream: object, *, plain: bool = False, environ: Mapping[str, str] | None = None) -> Look:
    """The look of output written to ``stream``: suit symbols and colour on a terminal; letters and no colour
    with ``plain`` (``--plain``), on a pipe or a file, or with ``TERM=dumb``; symbols without colour when
    ``NO_COLOR`` is set to anything non-empty (https://no-color.org). Symbols need an encoding with them."""
    env = os.environ if environ is None else environ
    if plain or not isatty(stream) or env.get("TERM") == "dumb":
        return PLAIN
    return Look(symbols=_writes(stream, "".join(SUIT_SYMBOLS.values())), color=not env.get("NO_COLOR"))


def _rich_console(stream: TextIO, *, color: bool, width: int | None = None) -> RichConsole:
    """A rich console writing to ``stream``: in colour, or plain text with no escape code at all."""
    return RichConsole(
        file=stream,
        force_terminal=True if color else False,
        color_system="auto" if color else None,
        no_color=not color,
        highlight=False,
        markup=False,
        emoji=False,
        width=width if width is not None else (None if isatty(stream) else 160),
    )


@dataclass
class Console:
    """Where a command reads the person's answers and writes its output (injectable for tests), and the
    :class:`Look` of that output (plain until :meth:`configure` is called with the command's flags)."""

    input_fn: Callable[[str], str] = input
    out: TextIO = field(default_factory=lambda: sys.stdout)
    err: TextIO = field(default_factory=lambda: sys.stderr)
    look: Look = PLAIN
    plain: bool = False
    """``--plain`` was given: no colour and no suit symbols, on ``out`` and on ``err`` (progress bars)."""
    _rich: RichConsole | None = field(default=None, init=False, repr=False, compare=False)

    def configure(self, *, plain: bool = False) -> None:
        """Choose the look of ``out`` (:func:`terminal_look`) for a command run with ``--plain`` or not."""
        self.plain = plain
        self.look = terminal_look(self.out, plain=plain)
        self._rich = None

    @property
    def rich(self) -> RichConsole:
        """A rich console on ``out`` that colours only when the look does."""
        if self._rich is None:
            self._rich = _rich_console(self.out, color=self.look.color)
        return self._rich

    def print(self, text: str | Text = "") -> None:
        """Write one line (or several) to ``out``: styled text in colour when the look has colour, else its
        plain text."""
        if self.look.color:
            self.rich.print(self.look.highlight(text) if isinstance(text, str) else text, soft_wrap=True)
        else:
            self.out.write((text.plain if isinstance(text, Text) else text) + "\n")
        self.out.flush()

    def show(self, renderable: RenderableType) -> None:
        """Write a rich renderable (a table) to ``out``, in colour only when the look has colour."""
        self.rich.print(renderable)
        self.out.flush()

    def ask(self, prompt: str) -> str | None:
        """The person's next answer to ``prompt``, or ``None`` at the end of the input (Ctrl-D).

        A line that is not text (bytes that are not UTF-8, decoded with ``surrogateescape`` or refused by a
        strict decoder) or longer than :data:`MAX_ANSWER` is answered with a message and asked again; any
        other line is returned as it is.
        """
        while True:
            answer: str | None
            try:
                answer = self.input_fn(prompt)
            except EOFError:
                return None
            except UnicodeDecodeError:
                answer = None
            if answer is None or _SURROGATE.search(answer):
                self.print("That line is not readable text (it is not UTF-8): type your answer again.")
            elif len(" ".join(answer.split())) > MAX_ANSWER:
                self.print(
                    f"That answer is {len(answer):,} characters long; none needs more than {MAX_ANSWER}."
                )
            else:
                return answer


def new_table(look: Look, *columns: str, right: Sequence[str] = ()) -> Table:
    """A rich table with ``columns`` (those in ``right`` aligned right), drawn as ``look`` draws tables."""
    table = Table(box=look.box, header_style=STYLES["head"])
    for column in columns:
        table.add_column(column, justify="right" if column in right else "left")
    return table


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


class BotMaker(Protocol):
    """Makes one of a game's bots from a seed; ``threads`` is what a search bot's rollouts may use."""

    def __call__(self, seed: int, threads: int | None = 1) -> Bot: ...


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
    """Runs ``play``: a person against the computer; returns the exit status. ``None``: not offered."""
    add_play_options: Callable[[argparse.ArgumentParser], None] | None = None
    """Adds the options of ``play`` that only this game has (e.g. ``--hands``)."""
    unit: str = "hands"
    """What one simulated game is called: ``hands`` (Sheepshead) or ``rounds`` (Tractor)."""
    bots: Mapping[str, BotMaker] = field(default_factory=dict)
    """The bots the game offers (opponents in ``play``, players in ``arena``) by name, made from a seed (and
    the threads of a search bot's rollouts)."""

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


class _RateColumn(ProgressColumn):
    """Units per second, e.g. ``12,345 hands/s``."""

    def __init__(self, unit: str) -> None:
        super().__init__()
        self.unit = unit

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text(f"{speed:,.0f} {self.unit}/s" if speed is not None else f"- {self.unit}/s")


class ProgressBar:
    """A progress bar of ``total`` units on ``stream`` (a rich progress bar): the bar, the percentage, the
    units done, the rate and the time left. Redrawn in place on a terminal; on another stream (a file, with
    ``--progress``) its final state is written once, when it is closed. Without colour with ``plain``."""

    def __init__(
        self,
        total: int,
        stream: TextIO,
        *,
        unit: str = "hands",
        description: str = "",
        plain: bool = False,
    ) -> None:
        self.total = max(total, 1)
        self.stream = stream
        self.unit = unit
        console = RichConsole(
            file=stream,
            no_color=True if plain else None,
            highlight=False,
            markup=False,
            emoji=False,
            width=None if isatty(stream) else 120,
        )
        self._progress = Progress(
            TextColumn("{task.description}"),
            BarColumn(),
            TaskProgressColumn(),
            TextColumn("{task.completed:,.0f}/{task.total:,.0f} " + unit.replace("[", "\\[")),
            _RateColumn(unit),
            TextColumn("ETA"),
            TimeRemainingColumn(),
            console=console,
            refresh_per_second=4,
        )
        self._task = self._progress.add_task(description, total=self.total)
        self._progress.start()
        self._closed = False

    def update(self, done: int, description: str | None = None, *, total: int | None = None) -> None:
        """Show ``done`` of ``total`` units finished (with a new ``description`` or ``total``, if given)."""
        if total is not None:
            self.total = max(total, 1)
        self._progress.update(
            self._task, completed=min(done, self.total), total=self.total, description=description
        )

    def close(self) -> None:
        """Stop redrawing; the bar's last state stays on its line."""
        if not self._closed:
            self._closed = True
            self._progress.stop()

    def __enter__(self) -> ProgressBar:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def add_progress_flag(container: argparse._ActionsContainer) -> None:
    """Add ``--progress``/``--no-progress``: a progress bar on stderr, by default only on a terminal."""
    container.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="show a progress bar on stderr (default: only when stderr is a terminal)",
    )


def add_plain_flag(container: argparse._ActionsContainer, *, cards: bool = True) -> None:
    """Add ``--plain``: no colour (and, where the command shows cards, letters for the suits). Without it the
    output is plain too on a pipe, a file and with ``TERM=dumb``; ``NO_COLOR`` removes only the colour."""
    what = "no colour, and letters for the suits (QC, not Q\u2663)" if cards else "no colour"
    container.add_argument(
        "--plain",
        action="store_true",
        help=f"{what}; the default on a pipe, a file and TERM=dumb (NO_COLOR removes only the colour)",
    )


def wants_progress(args: argparse.Namespace, console: Console) -> bool:
    """Whether to show a progress bar: ``--progress``/``--no-progress``, else only on a terminal's stderr."""
    forced: bool | None = getattr(args, "progress", None)
    return forced if forced is not None else isatty(console.err)


MAX_COUNT = 10**12
"""The most games, hands or rounds a command plays (``simulate --games``, ``play tractor --rounds``)."""


class NumberTextError(ValueError):
    """A text that :func:`parse_whole` refuses; the message says why, without naming the flag."""


class NotANumberError(NumberTextError):
    """A text that is no number at all (``abc``, ``''``, ``inf``)."""


class OutOfRangeError(NumberTextError):
    """A number that is not a whole number in the range asked for (``1.5``, ``0``, ``1e300``)."""


_PREFIXED = re.compile(r"([+-]?)0([xob])_?([0-9a-f]+(?:_[0-9a-f]+)*)", re.ASCII | re.IGNORECASE)
_DECIMAL = re.compile(
    r"([+-]?)([0-9]+(?:_[0-9]+)*)?(?:\.([0-9]+(?:_[0-9]+)*)?)?(?:e([+-]?[0-9]+))?", re.ASCII | re.IGNORECASE
)
_BASES = {"x": 16, "o": 8, "b": 2}


def int_text(n: int) -> str:
    """``n`` as the help and the messages write a bound: ``10**12``, ``2**64 - 1``, else ``1,000,000``."""
    if n >= 10**9 and str(n).rstrip("0") == "1":
        return f"10**{len(str(n)) - 1}"
    if n >= 2**16 - 1 and (n + 1) & n == 0:
        return f"2**{n.bit_length()} - 1"
    return f"{n:,}"


def shortened(text: str, limit: int = 40, show: Callable[[str], str] = str) -> str:
    """``show(text)``, or when ``text`` is longer than ``limit``, ``show`` of its start and its length: what
    a message echoes of a person's text (a 5000-character answer is not echoed whole)."""
    if len(text) <= limit:
        return show(text)
    return f"{show(text[:limit])}… ({len(text):,} characters)"


def quoted(text: str, limit: int = 40) -> str:
    """:func:`shortened` with ``repr``: undecodable bytes and control characters come out escaped."""
    return shortened(text, limit, repr)


def parse_whole(text: str, lo: int, hi: int) -> int:
    """The whole number that ``text`` writes, if it lies in ``lo..hi``; else :class:`NotANumberError` or
    :class:`OutOfRangeError`, whose message states the range. A huge text is refused without building its int.

    Accepted: decimal digits with ``_`` between them (``1_000_000``), an exponent or a fraction when the value
    is exactly whole (``1e6``, ``2.5e3``, not ``1.5``), ``0x``/``0o``/``0b`` prefixes, surrounding spaces.
    """

    def refused(kind: type[NumberTextError]) -> NumberTextError:
        return kind(f"must be a whole number from {int_text(lo)} to {int_text(hi)}, not {quoted(text)}")

    stripped = text.strip()
    most = max(abs(lo), abs(hi))
    if (prefixed := _PREFIXED.fullmatch(stripped)) is not None:
        sign, base = prefixed[1], _BASES[prefixed[2].lower()]
        digits = prefixed[3].replace("_", "").lstrip("0") or "0"
        if any(int(d, 16) >= base for d in digits):
            raise refused(NotANumberError)
        if (len(digits) - 1) * (base - 1).bit_length() > most.bit_length():
            raise refused(OutOfRangeError)
        value = int(digits, base)
    elif (decimal := _DECIMAL.fullmatch(stripped)) is not None and (decimal[2] or decimal[3]):
        sign = decimal[1]
        whole, fraction = (decimal[2] or "").replace("_", ""), (decimal[3] or "").replace("_", "")
        significant = (whole + fraction).lstrip("0")
        exponent = decimal[4] or "0"
        exponent_digits = exponent.lstrip("+-").lstrip("0") or "0"
        kept = significant.rstrip("0")
        if not kept:
            value = 0
        elif len(exponent_digits) > 6:  # 1e99999999 (too big) or 1e-99999999 (not whole): no int is built
            raise refused(OutOfRangeError)
        else:
            scale = int(exponent_digits) * (-1 if exponent.startswith("-") else 1)
            scale += len(significant) - len(kept) - len(fraction)
            if scale < 0 or len(kept) + scale > len(str(most)):
                raise refused(OutOfRangeError)
            value = int(kept) * 10**scale
    else:
        raise refused(NotANumberError)
    value = -value if sign == "-" else value
    if not lo <= value <= hi:
        raise refused(OutOfRangeError)
    return value


class WholeNumber:
    """An argparse ``type``: a whole number from ``lo`` to ``hi`` read by :func:`parse_whole`; a text it
    refuses is an argparse error (exit status 2) that states the bound."""

    def __init__(self, lo: int, hi: int) -> None:
        self.lo = lo
        self.hi = hi

    @property
    def bounds(self) -> str:
        """The range as the help states it: ``1 to 10**12``."""
        return f"{int_text(self.lo)} to {int_text(self.hi)}"

    def __call__(self, text: str) -> int:
        """The number ``text`` writes; :class:`argparse.ArgumentTypeError` if it is out of range or none."""
        try:
            return parse_whole(text, self.lo, self.hi)
        except NumberTextError as e:
            raise argparse.ArgumentTypeError(str(e)) from None

    def __repr__(self) -> str:
        return f"WholeNumber({self.lo}, {self.hi})"


def add_number_flag(
    container: argparse._ActionsContainer,
    flag: str,
    lo: int,
    hi: int,
    help_text: str,
    *,
    note: str | None = None,
    aliases: Sequence[str] = (),
    **kwargs: Any,
) -> None:
    """Add ``flag``, a :class:`WholeNumber` from ``lo`` to ``hi``, to ``container`` (a parser or a group).
    The help is ``help_text (lo to hi; note)``: every number flag states its bound the same way. Each of
    ``aliases`` is another flag that sets the same value (``--deals`` for ``--hands``), with its own help."""
    number = WholeNumber(lo, hi)
    extra = f"; {note}" if note else ""
    container.add_argument(flag, type=number, help=f"{help_text} ({number.bounds}{extra})", **kwargs)
    dest = kwargs.get("dest") or flag.lstrip("-").replace("-", "_")
    for alias in aliases:
        container.add_argument(
            alias,
            type=number,
            dest=dest,
            default=argparse.SUPPRESS,
            metavar=kwargs.get("metavar"),
            help=f"the same as {flag} ({number.bounds})",
        )


def add_threads_flag(
    container: argparse._ActionsContainer,
    help_text: str = "threads",
    *,
    note: str = "default: one per core",
    default: int | None = None,
) -> None:
    """Add ``--threads T``, from 1 to the library's own bound, :data:`tricktaker._core.MAX_THREADS` (4 per
    core this process may run on; default ``default``, ``None``: the library's, one per core)."""
    add_number_flag(
        container,
        "--threads",
        1,
        MAX_THREADS,
        help_text,
        note=f"4 per core; {note}",
        default=default,
        metavar="T",
    )


def add_seed_flag(container: argparse._ActionsContainer, help_text: str, **kwargs: Any) -> None:
    """Add ``--seed S``, from 0 to :data:`MAX_SEED`."""
    add_number_flag(container, "--seed", 0, MAX_SEED, help_text, metavar="S", **kwargs)


def add_seat_flag(container: argparse._ActionsContainer, num_players: int) -> None:
    """Add ``--seat K``, from 0 to ``num_players - 1`` (default 0)."""
    add_number_flag(
        container, "--seat", 0, num_players - 1, "your seat", note="default 0", default=0, metavar="K"
    )


def rate_of(part: int, whole: int) -> float | None:
    """``part / whole``, or ``None`` when there is nothing."""
    return part / whole if whole else None


def mean_of(total: int, count: int) -> float | None:
    """``total / count``, or ``None`` when there is nothing."""
    return total / count if count else None


def scores_text(scores: Sequence[int], seat: int) -> str:
    """Each seat's score, signed, the viewer's seat as ``you``."""
    return "  ".join(f"{'you' if s == seat else f'seat {s}'} {v:+d}" for s, v in enumerate(scores))


INTERRUPTED = 130
"""The exit status after Ctrl-C (128 + SIGINT, as shells report it)."""

QUIT = frozenset({"quit", "exit", "q"})
HELP = frozenset({"help", "h", "?"})
SHOW = frozenset({"show", "table", "hand", "look"})
UNDO = frozenset({"undo", "u", "back", "takeback"})
"""The words that quit, ask for help, show the table again and take back at a prompt of ``play``."""

COMMANDS_HELP = """\
Commands: show (the table again), undo or u (take back your last move, and the others' moves after it),
save FILE (save the game: resume it with --resume FILE), help (this text), quit (leave; Ctrl-D works too)."""
"""The lines of a table's help that list its commands."""


@dataclass(frozen=True)
class TableCommand:
    """A command typed at a prompt of ``play`` rather than a move: ``quit``, ``help``, ``show``, ``undo`` or
    ``save`` (with its file, ``""`` when none was given)."""

    kind: Literal["quit", "help", "show", "undo", "save"]
    argument: str = ""


def table_command(answer: str) -> TableCommand | None:
    """The command ``answer`` types (:data:`QUIT`, :data:`HELP`, :data:`SHOW`, :data:`UNDO`, ``save FILE``),
    or ``None`` when it is no command (a move, or nonsense for the game to answer)."""
    text = answer.strip()
    word = text.lower()
    for kind, words in (("quit", QUIT), ("help", HELP), ("show", SHOW), ("undo", UNDO)):
        if word in words:
            return TableCommand(kind)  # type: ignore[arg-type]
    first, _, rest = text.partition(" ")
    if first.lower() == "save":
        return TableCommand("save", rest.strip())
    return None


class DecisionPoints:
    """Where the person decided in the current deal (the lengths of the state's history at their prompts), so
    that ``undo`` can go back to the one before."""

    def __init__(self, points: Iterable[int] = ()) -> None:
        self.points = sorted(set(points))

    def reached(self, state: GameState) -> None:
        """The person is asked at ``state``: a decision point (later ones, taken back, are forgotten)."""
        n = len(state.history())
        while self.points and self.points[-1] > n:
            self.points.pop()
        if not self.points or self.points[-1] != n:
            self.points.append(n)

    def back(self, state: GameState) -> bool:
        """Take ``state`` back to the person's previous decision point; ``False`` (and ``state`` unchanged)
        when this is their first one in the deal."""
        n = len(state.history())
        earlier = [p for p in self.points if p < n]
        if not earlier:
            return False
        target = earlier[-1]
        try:
            while len(state.history()) > target:
                state.undo()
        except NothingToUndoError:
            pass
        self.points = earlier
        return True

    def clear(self) -> None:
        """A new deal: nothing to take back."""
        self.points = []


def choice_number(answer: str, count: int) -> int | str | None:
    """What a number typed at a prompt of ``play`` selects among ``count`` listed choices: the 0-based index,
    a message when it is a number but no choice (``0``, ``99``, ``1.5``, 5000 digits), ``None`` when
    ``answer`` is no number (cards or an action, say). Numbers are read by :func:`parse_whole`."""
    try:
        return parse_whole(answer, 1, count) - 1
    except NotANumberError:
        return None
    except OutOfRangeError:
        numbers = f"type a number from 1 to {count}" if count > 0 else "nothing is listed by number"
        return f"There is no choice {shortened(answer.strip())}: {numbers}."


def opponent_bot(offered: Mapping[str, BotMaker], name: str, seed: int, threads: int | None = 1) -> Bot:
    """The opponents' bot of ``play``: ``offered[name]`` made from ``seed``. Every bot is deterministic given
    the position (``random`` too: :class:`~tricktaker.bots.RandomBot`), so a position taken back or resumed
    gets the same answers."""
    return offered[name](seed, threads)


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
    aliases: Mapping[str, tuple[str, bool | str, str]] | None = None,
) -> None:
    """Add one flag per option of ``rules.options()`` (but those in ``skip``): ``--name CHOICE`` for a choice,
    ``--name``/``--no-name`` for a flag, ``--name N`` for a number, each with the option's description, rule
    and default. ``aliases`` maps an option to an older flag that sets it: ``(flag, value, help)``. Options
    that do not go together (V.C) are a usage error, found by :func:`check_rule_flags`."""
    parser.set_defaults(rule_options=rules)
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
            # A pair of flags rather than argparse's BooleanOptionalAction, which reads any flag that begins
            # with --no- as "off": the option no_trick_split's own flag is --no-trick-split.
            pair = group.add_mutually_exclusive_group()
            flag = _flag(option.name)
            pair.add_argument(
                flag,
                dest=option.name,
                action="store_const",
                const=True,
                default=option.default,
                help=help_text,
            )
            pair.add_argument(
                "--no-" + flag[2:], dest=option.name, action="store_const", const=False, help=f"{flag} off"
            )
        else:
            add_number_flag(
                group,
                _flag(option.name),
                *option_bounds(option),
                f"{option.description} ({option.rule})",
                note=f"default {option.default}",
                default=option.default,
                metavar="N",
            )
    for name, (flag, value, help_text) in (aliases or {}).items():
        group.add_argument(flag, dest=name, action="store_const", const=value, help=help_text)


def check_rule_flags(args: argparse.Namespace) -> str | None:
    """Why the rule flags of ``args`` (added by :func:`add_rule_flags`) do not make rules, or ``None``."""
    rules = getattr(args, "rule_options", None)
    if rules is None:
        return None
    try:
        rules(**rules_from_flags(args, rules, skip=("hands_per_game",)))
    except TricktakerError as e:
        return str(e)
    return None


def option_bounds(option: Any) -> tuple[int, int]:
    """The ``(minimum, maximum)`` of a rule option of kind ``int`` (a ``RuleOption``)."""
    lo, hi = option.minimum, option.maximum
    if not isinstance(lo, int) or not isinstance(hi, int):
        raise TypeError(f"the rule option {option.name} has no integer bounds")
    return lo, hi


def rules_from_flags(
    args: argparse.Namespace, rules: type[_RuleOptions], *, skip: Sequence[str] = ()
) -> dict[str, Any]:
    """The options that :func:`add_rule_flags` read, as ``Rules(**options)`` keywords."""
    return {o.name: getattr(args, o.name) for o in rules.options() if o.name not in skip}


# ---- saved games and records of ``play`` ----

SAVE_FORMAT = "tricktaker-play"
"""The ``format`` of a file written by ``save FILE`` at a prompt of ``play`` (read by ``--resume FILE``): the
game's record (:func:`tricktaker.record.to_record` of the match, ``"record"``) with the person's ``seat``, the
``opponents``' name, the undo ``decisions`` and, for Tractor, ``max_rounds``."""
SAVE_VERSION = 2
MAX_SAVE_BYTES = 16 * 2**20
"""The largest file ``--resume`` reads (a saved game is a few kilobytes)."""


class SaveFileError(TricktakerError):
    """A file given to ``play --resume`` that cannot be read or is not a game saved by ``play`` (the command
    says why and exits with status 1)."""


def write_save(path: str | os.PathLike[str], data: Mapping[str, Any]) -> None:
    """Write a saved game (``data``, with :data:`SAVE_FORMAT` added) to ``path`` as JSON, replacing it whole:
    the file is written next to it first, then renamed. Raises :class:`OSError` or :class:`ValueError` (a
    path with a NUL) when it cannot be written."""
    target = Path(os.path.expanduser(os.fspath(path)))
    text = json.dumps({"format": SAVE_FORMAT, "version": SAVE_VERSION, **data})
    temporary = target.with_name(target.name + ".tmp")
    try:
        temporary.write_text(text + "\n", encoding="utf-8")
        os.replace(temporary, target)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise


def read_save(path: str | os.PathLike[str], game: str) -> dict[str, Any]:
    """The saved game of ``game`` in ``path``, as written by :func:`write_save`; :class:`SaveFileError` saying
    why when the file cannot be read, is not JSON, or is not a game of ``game`` saved by ``play``."""
    shown = os.fspath(path)
    try:
        with open(os.path.expanduser(shown), "rb") as f:
            raw = f.read(MAX_SAVE_BYTES + 1)
    except (OSError, ValueError) as e:
        reason = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
        raise SaveFileError(f"cannot read the saved game {shown!r}: {reason}") from None
    if len(raw) > MAX_SAVE_BYTES:
        raise SaveFileError(f"{shown!r} is not a saved game: it is over {MAX_SAVE_BYTES // 2**20} MiB")
    try:
        data = json.loads(raw.decode("utf-8"))
    except (ValueError, RecursionError) as e:
        raise SaveFileError(
            f"{shown!r} is not a saved game: it is not JSON ({shortened(str(e), 80)})"
        ) from None
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SaveFileError(f"{shown!r} is not a game saved by 'tricktaker play' (no format {SAVE_FORMAT!r})")
    version = data.get("version")
    if type(version) is not int or version != SAVE_VERSION:
        raise SaveFileError(
            f"{shown!r} was saved in version {shortened(repr(data.get('version')))} of the format; this"
            f" tricktaker reads version {SAVE_VERSION}"
        )
    saved = data.get("game")
    if saved != game:
        raise SaveFileError(
            f"{shown!r} is a saved game of {saved!r}, not {game}: resume it with"
            f" 'tricktaker play {saved} --resume FILE'"
            if isinstance(saved, str) and saved in GAMES
            else f"{shown!r} names no game of tricktaker ({shortened(repr(saved))})"
        )
    return data


def write_record(
    game: Any, path: str | os.PathLike[str], *, seats: Sequence[str], event: str | None = None
) -> None:
    """Write the record of ``game`` (a state or a match) to ``path`` with :mod:`tricktaker.record`, the seats
    named ``seats``. Raises :class:`OSError` (or :class:`ValueError`) when the file cannot be written."""
    from .. import record

    record.save(record.to_record(game, seats=seats, event=event), os.path.expanduser(os.fspath(path)))


class TakeBack(Exception):
    """Raised by a table's prompt once ``undo`` has taken the deal back to the person's previous decision: the
    turn in progress is abandoned and the table goes on from the state as it now is."""


_CARD_CODE = re.compile(r"(?<![0-9A-Za-z])(10|[2-9JQKA])([CDHS])(?![0-9A-Za-z])")


def symbolized(text: str, look: Look) -> str:
    """``text`` (an engine's message) with its cards written as ``look`` writes them (``QC`` → ``Q♣``)."""
    if not look.symbols:
        return text
    return _CARD_CODE.sub(lambda m: m[1] + SUIT_SYMBOLS[m[2]], text)


def engine_reason(error: BaseException) -> str:
    """An engine's refusal without the action's id: ``illegal action 87 (play KD): seat 3 must…`` → ``seat 3
    must…``; counts written in the singular when they are 1 (``1 cards`` → ``1 card``)."""
    text = re.sub(r"^illegal action \d+(?: \([^)]*\))?: ", "", str(error))
    return re.sub(r"\b1 (card|pair|trick|point|level|round|hand)s\b", r"1 \1", text)


def save_game(console: Console, where: str, game: str, data: Mapping[str, Any]) -> None:
    """The ``save FILE`` command at a prompt of ``play``: write ``data`` (:func:`write_save`) to ``where`` and
    tell the person how to resume, or why it could not be written."""
    if not where:
        console.print(f"Say where to save the game: save FILE (e.g. save {game}.json).")
        return
    try:
        write_save(where, data)
    except (OSError, ValueError) as e:
        reason = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
        console.print(Text(f"Could not save the game to {where!r}: {reason}.", style=STYLES["refusal"]))
        return
    console.print(
        f"Saved to {where}. Continue it later with: tricktaker play {game} --resume {shlex.quote(where)}"
    )


def record_game(console: Console, game: Any, path: str, *, seats: Sequence[str], event: str) -> bool:
    """Write the record of ``game`` (``play --record FILE``) and say so; ``False`` (with a message on stderr)
    when it cannot be written."""
    try:
        write_record(game, path, seats=seats, event=event)
    except (OSError, ValueError, TricktakerError) as e:
        reason = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
        console.err.write(f"tricktaker: error: cannot write the record to {path!r}: {reason}\n")
        return False
    console.print(f"Record written to {path}.")
    return True


def saved_int(data: Mapping[str, Any], key: str, lo: int, hi: int, *, optional: bool = False) -> int | None:
    """``data[key]``, a whole number from ``lo`` to ``hi`` (``None`` allowed when ``optional``); else
    :class:`SaveFileError` naming the field."""
    value = data.get(key)
    if value is None and optional:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise SaveFileError(f"{key} must be a whole number from {int_text(lo)} to {int_text(hi)}")
    return value


def saved_mapping(data: Mapping[str, Any], key: str) -> dict[str, Any]:
    """``data[key]``, an object; else :class:`SaveFileError` naming the field."""
    value = data.get(key)
    if not isinstance(value, dict):
        raise SaveFileError(f"{key} must be an object")
    return value


def saved_list(data: Mapping[str, Any], key: str) -> list[Any]:
    """``data[key]``, a list; else :class:`SaveFileError` naming the field."""
    value = data.get(key)
    if not isinstance(value, list):
        raise SaveFileError(f"{key} must be a list")
    return value


# ---- what the tables of ``play`` share ----

DEFAULT_OPPONENTS = "heuristic"
"""The bot that plays the other seats of ``play`` unless ``--opponents`` says otherwise."""


def bot_makers(classes: Mapping[str, Callable[..., Bot]]) -> dict[str, BotMaker]:
    """The :class:`BotMaker` of each bot class of ``classes`` (by name): each is given the ``seed`` and the
    ``threads`` its constructor takes (``RandomBot(seed)``, ``…HeuristicBot()``, ``…PIMCBot(seed, threads)``).
    """

    def maker(cls: Callable[..., Bot]) -> BotMaker:
        takes = inspect.signature(cls).parameters

        def make(seed: int, threads: int | None = 1) -> Bot:
            given = {"seed": seed, "threads": threads}
            return cls(**{k: v for k, v in given.items() if k in takes})

        return make

    return {name: maker(cls) for name, cls in classes.items()}


def game_bots(heuristic: Callable[..., Bot], pimc: Callable[..., Bot]) -> dict[str, BotMaker]:
    """A game's bots by name: ``random``, its ``heuristic`` and ``pimc`` bots, and the native search bots that
    play every game (``solver-pimc``, ``ismcts``)."""
    return bot_makers(
        {
            "random": RandomBot,
            "heuristic": heuristic,
            "pimc": pimc,
            "solver-pimc": SolverPIMCBot,
            "ismcts": ISMCTSBot,
        }
    )


@dataclass
class SavedGame:
    """A game saved by ``save FILE`` and read back, checked, by :func:`read_saved_game`."""

    match: Any
    """The match, replayed from its record and verified (``tricktaker.record.from_record``)."""
    seat: int
    opponents: str
    decisions: list[int]
    """The person's decision points in the deal in progress (what ``undo`` goes back to)."""
    fields: dict[str, Any]
    """The whole saved file, for a game's own fields (Tractor's ``max_rounds``)."""


def _saved_decisions(data: Mapping[str, Any], state: GameState, seat: int) -> list[int]:
    """The undo ``decisions`` of a save: the lengths of the deal's history at which ``seat`` was to act,
    strictly increasing and within the history; else :class:`SaveFileError`."""
    decisions = saved_list(data, "decisions")
    n = len(state.history())
    if not all(type(d) is int and 0 <= d <= n for d in decisions):
        raise SaveFileError(f"decisions must be whole numbers from 0 to {n} (the history of the deal)")
    if any(a >= b for a, b in itertools.pairwise(decisions)):
        raise SaveFileError("decisions must be strictly increasing")
    at = state.clone()
    for d in reversed(decisions):
        while len(at.history()) > d:
            at.undo()
        if at.current_player != seat:
            raise SaveFileError(f"decision {d} is not a turn of seat {seat} (seat {at.current_player} acts)")
    return list(decisions)


def read_saved_game(path: str | os.PathLike[str], game: str, bots: Mapping[str, BotMaker]) -> SavedGame:
    """The game of ``game`` saved in ``path`` (:data:`SAVE_FORMAT`), checked strictly: its record replays and
    verifies (every action, the dealer, the scores or levels), ``seat`` is the record's ``you``, the others
    are the ``opponents`` (one of ``bots``), and the ``decisions`` are ``seat``'s turns in the deal in
    progress. Anything else raises :class:`SaveFileError` saying why."""
    from .. import record

    data = read_save(path, game)
    shown = os.fspath(path)
    try:
        replay = record.from_record(saved_mapping(data, "record"))
    except record.RecordError as e:
        raise SaveFileError(f"{shown!r} is not a valid saved game of {game}: its record: {e}") from None
    try:
        if replay.game != game or replay.match is None:
            raise SaveFileError(f"its record must be a match record of {game}")
        players = len(replay.seats)
        seat = saved_int(data, "seat", 0, players - 1)
        assert seat is not None
        opponents = data.get("opponents")
        if not isinstance(opponents, str) or opponents not in bots:
            raise SaveFileError(f"opponents must be one of {', '.join(sorted(bots))}")
        expected = ["you" if s == seat else opponents for s in range(players)]
        if replay.seats != expected:
            raise SaveFileError(
                f"the record's seats {replay.seats} are not seat {seat} ('you') against the {opponents} bot"
            )
        decisions = _saved_decisions(data, replay.match.state, seat)
    except SaveFileError as e:
        raise SaveFileError(f"{shown!r} is not a valid saved game of {game}: {e}") from None
    return SavedGame(replay.match, seat, opponents, decisions, dict(data))


@dataclass
class PlayTable:
    """What the tables of ``play`` share: a person at ``seat`` of ``match``; the other seats are played by
    ``opponent`` (a :mod:`tricktaker.bots` bot), or uniformly at random with ``rng`` when it is ``None``.
    With ``record_path`` the record of the match is written there when it ends or the person leaves. A
    game's table (``SheepsheadTable``, ``TractorTable``) adds its ``_run`` and what it shows."""

    match: Any
    seat: int
    rng: random.Random
    console: Console
    opponent: Bot | None = None
    record_path: str | None = None
    decisions: DecisionPoints = field(default_factory=DecisionPoints)
    """The person's decision points in the deal in progress (what ``undo`` goes back to)."""

    game: ClassVar[str] = ""
    """The game's name (``sheepshead``, ``tractor``)."""
    deal: ClassVar[str] = "deal"
    """What the game calls a deal (``hand``, ``round``)."""

    @property
    def look(self) -> Look:
        """The console's look (suit symbols and colour, or letters)."""
        return self.console.look

    def _opponent_action(self, state: GameState) -> int:
        return self.opponent.act(state) if self.opponent else self.rng.choice(state.legal_actions())

    def _run(self) -> int:
        raise NotImplementedError

    def _standing(self) -> str:
        """The match so far, in a few words (``Scores after 2 hands: …``)."""
        raise NotImplementedError

    def run(self) -> int:
        """Play until the match is over or the person quits (a ``quit``, the end of the input); returns the
        exit status: 0, :data:`INTERRUPTED` after Ctrl-C, 1 when the record asked for cannot be written."""
        try:
            status = self._run()
        except KeyboardInterrupt:
            self.console.print(f"\nInterrupted. Goodbye. {self._standing()}")
            status = INTERRUPTED
        if self.record_path is not None and not self._write_record():
            status = status or 1
        return status

    @property
    def opponents(self) -> str:
        """The name of the bot at the other seats."""
        return self.opponent.name if self.opponent is not None else "random"

    def seat_names(self) -> list[str]:
        """The seats as the record names them: ``you`` and the opponents' bot."""
        players = len(self.match.state.returns())
        return ["you" if s == self.seat else self.opponents for s in range(players)]

    def _event(self) -> str:
        return f"tricktaker play {self.game}, seed {self.match.seed}"

    def _write_record(self) -> bool:
        assert self.record_path is not None
        return record_game(
            self.console, self.match, self.record_path, seats=self.seat_names(), event=self._event()
        )

    def save_fields(self) -> dict[str, Any]:
        """What a game's save adds (Tractor's ``max_rounds``)."""
        return {}

    def save_data(self) -> dict[str, Any]:
        """The match as it stands, for :func:`write_save` (read by ``--resume`` with :func:`read_saved_game`):
        its record, the seat, the opponents and the undo decisions."""
        from .. import record

        return {
            "game": self.game,
            "seat": self.seat,
            "opponents": self.opponents,
            **self.save_fields(),
            "decisions": list(self.decisions.points),
            "record": record.to_record(self.match, seats=self.seat_names(), event=self._event()),
        }

    def _save(self, where: str) -> None:
        save_game(self.console, where, self.game, self.save_data())

    def _command(
        self, state: GameState, command: TableCommand, *, help: Callable[[], None], show: Callable[[], None]
    ) -> bool:
        """Carry out ``command``, typed at the prompt of a decision in ``state``: ``False`` for ``quit``;
        ``help`` and ``show`` call the table's own; ``undo`` raises :class:`TakeBack` once it has taken the
        deal back to the person's previous decision; ``save`` writes the game."""
        if command.kind == "quit":
            return False
        if command.kind == "help":
            help()
        elif command.kind == "show":
            show()
        elif command.kind == "undo":
            if self.decisions.back(state):
                self.console.print(f"Taken back: your previous decision ({state.phase} phase).")
                raise TakeBack
            self.console.print(f"Nothing to take back: this is your first decision of the {self.deal}.")
        else:
            self._save(command.argument)
        return True


def play_table(
    args: argparse.Namespace,
    console: Console,
    *,
    new_match: Callable[[int], Any],
    bots: Mapping[str, BotMaker],
    opening: Callable[[Any, int, str, str | None], str],
    make: Callable[..., PlayTable],
    options: Callable[[Mapping[str, Any]], dict[str, Any]] = lambda saved: {},
    game: str,
) -> int:
    """Run ``play GAME``: a new match (``new_match(seed)``, the seed ``--seed`` or a random one) or the one
    saved in ``--resume FILE`` (:func:`read_saved_game`), at the table ``make(...)`` makes. ``opening(match,
    seat, bot, resumed_from)`` is what the person is told first; ``options(saved)`` the table's own keywords
    (from the saved file, ``{}`` for a new match)."""
    if args.resume is not None:
        saved = read_saved_game(args.resume, game, bots)
        match, seat, decisions = saved.match, saved.seat, saved.decisions
        name = args.opponents or saved.opponents
        extra = options(saved.fields)
        console.print(opening(match, seat, name, args.resume))
    else:
        seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 32)
        match = new_match(seed)
        seat, name, decisions = args.seat, args.opponents or DEFAULT_OPPONENTS, []
        extra = options({})
        console.print(opening(match, seat, name, None))
    table = make(
        match=match,
        seat=seat,
        rng=random.Random(match.seed),
        console=console,
        opponent=opponent_bot(bots, name, match.seed, args.threads),
        record_path=args.record,
        decisions=DecisionPoints(decisions),
        **extra,
    )
    return table.run()
