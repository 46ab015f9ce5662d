"""The plumbing every command and every game's plug-in shares: the console, the progress bar, the argument
types, the seeds of ``simulate``'s chunks, and :class:`Game`, what a game's plug-in tells the commands."""

from __future__ import annotations

import argparse
import re
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TextIO

from .. import _args
from .._core import MAX_THREADS
from ..bots import Bot
from ..protocol import GAMES, GameModule

__all__ = [
    "HELP",
    "INTERRUPTED",
    "MAX_ANSWER",
    "MAX_COUNT",
    "MAX_SEED",
    "QUIT",
    "SHOW",
    "Console",
    "Game",
    "NotANumberError",
    "NumberTextError",
    "OutOfRangeError",
    "ProgressBar",
    "Tally",
    "WholeNumber",
    "add_number_flag",
    "add_rule_flags",
    "add_seat_flag",
    "add_seed_flag",
    "add_threads_flag",
    "choice_number",
    "chunk_seed",
    "int_text",
    "mean_of",
    "opponent_bot",
    "option_bounds",
    "parse_whole",
    "quoted",
    "rate_of",
    "rules_from_flags",
    "scores_text",
    "shortened",
]

_MASK64 = (1 << 64) - 1
MAX_SEED = _args.MAX_SEED


_SURROGATE = re.compile("[\ud800-\udfff]")

MAX_ANSWER = 200
"""The longest answer :meth:`Console.ask` takes, spaces collapsed (the longest real one, a 25-card Tractor
throw, is about 100 characters)."""


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
    **kwargs: Any,
) -> None:
    """Add ``flag``, a :class:`WholeNumber` from ``lo`` to ``hi``, to ``container`` (a parser or a group).
    The help is ``help_text (lo to hi; note)``: every number flag states its bound the same way."""
    number = WholeNumber(lo, hi)
    extra = f"; {note}" if note else ""
    container.add_argument(flag, type=number, help=f"{help_text} ({number.bounds}{extra})", **kwargs)


def add_threads_flag(parser: argparse.ArgumentParser) -> None:
    """Add ``--threads T``, from 1 to the library's own bound, :data:`tricktaker._core.MAX_THREADS` (4 per
    core this process may run on; default: the library's, one per core)."""
    add_number_flag(
        parser,
        "--threads",
        1,
        MAX_THREADS,
        "threads",
        note="4 per core; default: one per core",
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
"""The words that quit, ask for help and show the table again at a prompt of ``play``."""


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
