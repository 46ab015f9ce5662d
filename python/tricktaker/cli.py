"""The ``tricktaker`` command line (also ``python -m tricktaker``).

Two commands, each followed by the name of a game::

    tricktaker simulate sheepshead --games 1000000 --seed 7 [--threads 2] [--json] [rule options]
    tricktaker play sheepshead [--seed 7] [--seat 0] [--hands 3] [rule options]
    tricktaker simulate tractor --games 100000 --seed 7 [--threads 2] [--json] [rule options]
    tricktaker play tractor [--seed 7] [--seat 0] [--rounds 2] [rule options]

``simulate`` plays random hands (rounds) in Rust and prints what happened in them; ``play`` lets a person play
one seat against opponents that choose uniformly at random among their legal actions.

Every game is registered once, in :data:`GAMES`: a :class:`Game` names its rule options, its simulation tally
and (optionally) its interactive table; both commands build their sub-commands from that dict.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TextIO

import numpy as np

from . import __version__, bots, sheepshead, tractor
from ._core import Card
from .errors import CardParseError, IllegalActionError, TricktakerError

__all__ = [
    "CHUNK",
    "GAMES",
    "Console",
    "Game",
    "ProgressBar",
    "SheepsheadTally",
    "TractorTally",
    "apply_tractor_answer",
    "build_parser",
    "chunk_seed",
    "main",
    "render_sheepshead_view",
    "render_tractor_view",
    "resolve_sheepshead_choice",
    "tractor_choices",
]

CHUNK = 200_000
"""Hands (rounds) per ``simulate`` call of the ``simulate`` command (one progress-bar step)."""

_MASK64 = (1 << 64) - 1
MAX_SEED = _MASK64


# ---- plumbing shared by every game ----


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
    """Everything the command line needs to know about one game."""

    name: str
    summary: str
    num_players: int
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


def chunk_seed(seed: int, k: int) -> int:
    """The seed of chunk ``k`` of a ``simulate`` run seeded with ``seed``.

    Chunk 0 uses ``seed`` itself, so a run of at most :data:`CHUNK` hands is exactly
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


def _count(minimum: int, what: str) -> Callable[[str], int]:
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


def _seed(text: str) -> int:
    """An argparse ``type``: a seed from 0 to 2**64 - 1."""
    try:
        value = int(text, 0)
    except ValueError:
        raise argparse.ArgumentTypeError(f"the seed must be a whole number, not {text!r}") from None
    if not 0 <= value <= MAX_SEED:
        raise argparse.ArgumentTypeError(f"the seed must be from 0 to 2**64 - 1, not {text}")
    return value


def _seat(num_players: int) -> Callable[[str], int]:
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"the seat must be a whole number, not {text!r}") from None
        if not 0 <= value < num_players:
            raise argparse.ArgumentTypeError(f"the seat must be from 0 to {num_players - 1}, not {text}")
        return value

    return parse


# ---- simulate ----


def _run_simulate(game: Game, args: argparse.Namespace, console: Console) -> int:
    tally = game.new_tally(args)
    total: int = args.games
    unit = game.unit
    show_progress = args.progress if args.progress is not None else _isatty(console.err)
    bar = ProgressBar(total, console.err, unit=unit) if show_progress else None
    seconds = 0.0
    done = 0
    k = 0
    try:
        while done < total:
            n = min(CHUNK, total - done)
            seconds += tally.simulate(n, chunk_seed(args.seed, k), args.threads)
            done += n
            k += 1
            if bar is not None:
                bar.update(done)
    finally:
        if bar is not None:
            bar.close()
    stats: dict[str, Any] = {
        "game": game.name,
        "seed": args.seed,
        "games": total,
        "rules": game.rules_dict(args),
        **tally.statistics(),
        "threads": args.threads,
        "seconds": seconds,
        f"{unit}_per_second": total / seconds if seconds > 0 else None,
    }
    if args.json:
        console.print(json.dumps(stats))
        return 0
    rules = ", ".join(f"{key}={value}" for key, value in stats["rules"].items())
    console.print(f"{game.name}: {total:,} random {unit}, seed {args.seed}")
    console.print(f"rules: {rules}")
    for line in tally.report(stats):
        console.print(line)
    threads = "one thread per core" if args.threads is None else f"{args.threads} thread(s)"
    rate = stats[f"{unit}_per_second"]
    console.print(
        f"throughput: {rate:,.0f} {unit}/s ({total:,} {unit} in {seconds:.3f} s, {threads})"
        if rate is not None
        else f"throughput: n/a ({total:,} {unit} in under a clock tick)"
    )
    return 0


def _isatty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


# ---- Sheepshead ----


def _sheepshead_rule_options(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("rule options (shared/rules/sheepshead.md, B.4)")
    group.add_argument(
        "--jack-order",
        choices=("standard", "seed"),
        default="standard",
        help="JC above JS (standard, default) or JS above JC (seed) (R3)",
    )
    group.add_argument(
        "--all-pass",
        choices=("leaster", "doubler"),
        default="leaster",
        help="when all five pass: play a leaster (default, R31) or throw in for a doubler (R32)",
    )
    group.add_argument(
        "--double-on-the-bump",
        action="store_true",
        help="double what the picking side pays when it loses (R29)",
    )
    group.add_argument(
        "--no-legal-call",
        choices=("alone", "unknown"),
        default="alone",
        help="with no legal call the picker goes alone (default) or may call an unknown/under (R16)",
    )
    group.add_argument(
        "--allow-called-card-discard",
        action="store_true",
        help="let the partner discard the called card before its suit is led (R19 flag off)",
    )


def _sheepshead_rules_dict(args: argparse.Namespace) -> dict[str, Any]:
    options: dict[str, Any] = {
        "jack_order": args.jack_order,
        "all_pass": args.all_pass,
        "double_on_the_bump": args.double_on_the_bump,
        "no_legal_call": args.no_legal_call,
        "called_card_no_discard": not args.allow_called_card_discard,
    }
    hands = getattr(args, "hands", None)
    if hands is not None:
        options["hands_per_game"] = hands
    return options


def _sheepshead_rules(args: argparse.Namespace) -> sheepshead.Rules:
    return sheepshead.Rules(**_sheepshead_rules_dict(args))


def _rate(part: int, whole: int) -> float | None:
    return part / whole if whole else None


def _mean(total: int, count: int) -> float | None:
    return total / count if count else None


@dataclass
class SheepsheadTally:
    """Outcome counts of random Sheepshead hands, added up chunk by chunk (exact integer sums)."""

    rules: sheepshead.Rules
    hands: int = 0
    picked: int = 0
    leasters: int = 0
    doublers: int = 0
    alone: int = 0
    wins: int = 0
    wins_with_partner: int = 0
    wins_alone: int = 0
    schneider: int = 0
    schwarz: int = 0
    seat_returns: list[int] = field(default_factory=lambda: [0] * sheepshead.NUM_PLAYERS)
    picker_returns: int = 0
    partner_returns: int = 0
    opponent_returns: int = 0
    opponent_seats: int = 0

    def simulate(self, n: int, seed: int, threads: int | None) -> float:
        """Play ``n`` random hands with :func:`sheepshead.simulate` and add them up; returns its wall time."""
        start = time.perf_counter()
        sim = sheepshead.simulate(n, seed, threads=threads, rules=self.rules)
        seconds = time.perf_counter() - start
        self.add(sim)
        return seconds

    def add(self, sim: sheepshead.Simulation) -> None:
        """Add a batch of hands."""
        returns = sim.returns.astype(np.int64)
        picked = sim.picker >= 0
        with_partner = picked & (sim.partner >= 0)
        alone = picked & (sim.partner < 0)
        points, tricks = sim.picking_side_points, sim.picking_side_tricks
        won = picked & (points >= 61)  # R27, R28: 61 or more wins, 60 loses (no-trick hands have P <= 22)
        self.hands += len(sim)
        self.picked += int(np.count_nonzero(picked))
        self.leasters += int(np.count_nonzero(sim.leaster))
        self.doublers += int(np.count_nonzero(~picked & ~sim.leaster))
        self.alone += int(np.count_nonzero(alone))
        self.wins += int(np.count_nonzero(won))
        self.wins_with_partner += int(np.count_nonzero(won & with_partner))
        self.wins_alone += int(np.count_nonzero(won & alone))
        self.schneider += int(np.count_nonzero(picked & ((points >= 91) | (points <= 30))))
        self.schwarz += int(np.count_nonzero(picked & ((tricks == 6) | (tricks == 0))))
        for seat, total in enumerate(returns.sum(axis=0).tolist()):
            self.seat_returns[seat] += int(total)
        rows = np.flatnonzero(picked)
        picker_returns = returns[rows, sim.picker[rows]]
        partner_rows = np.flatnonzero(with_partner)
        partner_returns = returns[partner_rows, sim.partner[partner_rows]]
        self.picker_returns += int(picker_returns.sum())
        self.partner_returns += int(partner_returns.sum())
        # Every hand is zero-sum, so the opponents of the picked hands got what picker and partner did not.
        self.opponent_returns -= int(picker_returns.sum()) + int(partner_returns.sum())
        self.opponent_seats += 4 * len(rows) - len(partner_rows)

    def statistics(self) -> dict[str, Any]:
        """Rates are fractions; the side and schneider rates are of the hands with a picker."""
        n = self.hands
        partnered = self.picked - self.alone
        return {
            "hands": n,
            "pick_rate": _rate(self.picked, n),
            "leaster_rate": _rate(self.leasters, n),
            "doubler_rate": _rate(self.doublers, n),
            "alone_rate": _rate(self.alone, n),
            "alone_rate_of_picked": _rate(self.alone, self.picked),
            "picking_side_win_rate": _rate(self.wins, self.picked),
            "picking_side_win_rate_with_partner": _rate(self.wins_with_partner, partnered),
            "picking_side_win_rate_alone": _rate(self.wins_alone, self.alone),
            "schneider_rate": _rate(self.schneider, self.picked),
            "schwarz_rate": _rate(self.schwarz, self.picked),
            "mean_return_per_seat": [total / n if n else None for total in self.seat_returns],
            "mean_return_per_role": {
                "picker": _mean(self.picker_returns, self.picked),
                "partner": _mean(self.partner_returns, partnered),
                "opponent": _mean(self.opponent_returns, self.opponent_seats),
            },
            "counts": {
                "picked": self.picked,
                "leaster": self.leasters,
                "doubler": self.doublers,
                "alone": self.alone,
                "with_partner": partnered,
                "picking_side_wins": self.wins,
                "schneider": self.schneider,
                "schwarz": self.schwarz,
            },
        }

    def report(self, stats: dict[str, Any]) -> list[str]:
        """The statistics as aligned lines of text."""
        counts = stats["counts"]

        def pct(value: float | None) -> str:
            return "n/a" if value is None else f"{value:7.2%}"

        def signed(value: float | None) -> str:
            return "n/a" if value is None else f"{value:+.4f}"

        role = stats["mean_return_per_role"]
        return [
            f"{'hands':<40}{stats['hands']:,}",
            f"{'pick rate':<40}{pct(stats['pick_rate'])}  ({counts['picked']:,} hands)",
            f"{'leaster rate (all passed)':<40}{pct(stats['leaster_rate'])}  ({counts['leaster']:,} hands)",
            f"{'doubler rate (all passed, thrown in)':<40}{pct(stats['doubler_rate'])}"
            f"  ({counts['doubler']:,} hands)",
            f"{'alone rate (picker went alone)':<40}{pct(stats['alone_rate'])}"
            f"  ({pct(stats['alone_rate_of_picked']).strip()} of picked hands)",
            "picking side win rate (P >= 61), of picked hands:",
            f"{'  overall':<40}{pct(stats['picking_side_win_rate'])}",
            f"{'  with partner':<40}{pct(stats['picking_side_win_rate_with_partner'])}",
            f"{'  alone':<40}{pct(stats['picking_side_win_rate_alone'])}",
            f"{'schneider rate (P >= 91 or P <= 30)':<40}{pct(stats['schneider_rate'])}  of picked hands",
            f"{'schwarz rate (6 or 0 tricks)':<40}{pct(stats['schwarz_rate'])}  of picked hands",
            f"{'mean return per seat':<40}" + "  ".join(signed(v) for v in stats["mean_return_per_seat"]),
            f"{'mean return per role':<40}picker {signed(role['picker'])}  partner {signed(role['partner'])}"
            f"  opponent {signed(role['opponent'])}",
        ]


def _sheepshead_tally(args: argparse.Namespace) -> Tally:
    return SheepsheadTally(rules=_sheepshead_rules(args))


# ---- Sheepshead at the table ----

_CARD_POINTS = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2}
_QUIT = frozenset({"quit", "exit", "q"})
_HELP = frozenset({"help", "h", "?"})
_SHOW = frozenset({"show", "table", "hand", "look"})

_SHEEPSHEAD_HELP = """\
Answer with one of:
  a number from the list            e.g. 1
  the action's text                 e.g. pick, pass, bury QC, call AH, alone, play 10D
  just a card                       e.g. QC, qc, 10h, TH (when only one listed action uses it)
Commands: show (the table again), help (this text), quit (leave; Ctrl-D works too).
Cards: rank 7 8 9 10 J Q K A (T for 10) and suit C D H S (clubs, diamonds, hearts, spades).
Trumps, high to low: QC QS QH QD JC JS JH JD AD 10D KD 9D 8D 7D; you must follow the suit led if you can."""


def _card_points(card: Card) -> int:
    return _CARD_POINTS.get(card.rank or "", 0)


def _hidden_under(state: sheepshead.State, seat: int, player: int, card: Card) -> bool:
    """Whether ``card`` played by ``player`` is the picker's face-down under card, unseen by ``seat``."""
    return player != seat and player == state.picker and state.under is not None and card == state.under


def _trick_text(state: sheepshead.State, seat: int, trick: Sequence[tuple[int, Card]]) -> str:
    shown = []
    for player, card in trick:
        name = "under" if _hidden_under(state, seat, player, card) else str(card)
        shown.append(f"{'you' if player == seat else player}:{name}")
    return "  ".join(shown)


def _revealed_partner(state: sheepshead.State) -> int | None:
    """The partner's seat once the called card has been played (R17), even within the unfinished trick."""
    if state.partner is not None or state.called_card is None:
        return state.partner
    for player, card in state.current_trick():
        if card == state.called_card:
            return player
    return None


def render_sheepshead_view(state: sheepshead.State, seat: int) -> str:
    """The table as ``seat`` sees it: their own hand, the other seats' card counts, the tricks so far.

    Other seats' cards, the blind and a bury the viewer did not make are never shown; the partner is named
    only once the called card has been played (R17), unless the viewer is the partner.
    """
    head = f"Sheepshead · dealer {state.dealer} · {state.phase}"
    if state.multiplier > 1:
        head += f" · counts x{state.multiplier}"
    if state.phase == "play":
        head += f" · trick {state.trick_number + 1} of 6"
    lines = [head]
    if state.is_leaster:
        lines.append("All passed: leaster (fewest points with at least one trick wins)")
    elif state.is_doubler:
        lines.append("All passed: doubler (thrown in, the next hand counts double)")
    elif state.picker is not None:
        picker = "you" if state.picker == seat else f"seat {state.picker}"
        role = f"Picker: {picker}"
        if state.called_card is not None:
            partner = _revealed_partner(state)
            if partner is not None:
                known = "you" if partner == seat else f"seat {partner}"
            elif state.secret_partner == seat:
                known = "you (secret: you hold the called card)"
            else:
                known = "not yet revealed"
            role += f" · called {state.called_card} · partner: {known}"
        elif state.phase in ("play", "done"):
            role += " · alone"
        lines.append(role)
    points, tricks = state.points(), state.tricks_won()
    for player in range(sheepshead.NUM_PLAYERS):
        if player == seat:
            name = f"you (seat {player})"
            cards = " ".join(str(c) for c in state.hand(player)) or "-"
        else:
            name = f"seat {player}"
            count = len(state.hand(player))
            cards = f"[{count} card{'s' if count != 1 else ''}]"
        if player == state.dealer:
            name += " (dealer)"
        mark = "  ← to act" if state.current_player == player else ""
        won = f"{tricks[player]} trick{'s' if tricks[player] != 1 else ''}"
        lines.append(f"  {name:<20} {cards:<26} {points[player]:>3} pts  {won}{mark}")
    if state.picker == seat and state.bury:
        lines.append("Your bury: " + " ".join(str(c) for c in state.bury))
    if state.picker == seat and state.under is not None:
        lines.append(f"Your under card: {state.under}")
    done = state.tricks()
    if done:
        _, last, winner = done[-1]
        who = "you" if winner == seat else f"seat {winner}"
        lines.append(f"Last trick: {_trick_text(state, seat, last)}  → {who}")
    trick = state.current_trick()
    if state.phase == "play":
        lines.append("Trick: " + (_trick_text(state, seat, trick) if trick else "(nothing played yet)"))
    return "\n".join(lines)


def resolve_sheepshead_choice(state: sheepshead.State, text: str) -> int | str:
    """The legal action that ``text`` selects, or a message saying why it selects none.

    ``text`` is a number from the list of legal actions (1-based), an action's text (``play QC``, ``pick``,
    any case) or a lone card (``QC``, ``qc``, ``10h``) that exactly one legal action uses.
    """
    legal = state.legal_actions()
    choices = [state.action_to_string(a) for a in legal]
    answer = " ".join(text.split())
    if not answer:
        return f"Type a number from 1 to {len(legal)}, an action or a card ('help' explains)."
    if re.fullmatch(r"[+-]?\d+", answer):
        number = int(answer)
        if 1 <= number <= len(legal):
            return legal[number - 1]
        return f"There is no choice {answer}: type a number from 1 to {len(legal)}."
    if " " in answer or answer.lower() in {"pick", "pass", "alone"}:
        try:
            action = state.string_to_action(answer)
        except (IllegalActionError, CardParseError, ValueError) as e:
            return f"{e}. Type a number from 1 to {len(legal)} or 'help'."
        if action in legal:
            return action
        return _why_not(state, state.action_to_string(action), choices)
    try:
        card = Card(answer)
    except (CardParseError, ValueError):
        return (
            f"{answer!r} is neither a choice nor a card: type a number from 1 to {len(legal)}, an action"
            " such as 'play QC', or a card such as 'QC' ('help' explains)."
        )
    matches = [a for a, c in zip(legal, choices, strict=True) if c.partition(" ")[2] == str(card)]
    if len(matches) == 1:
        return matches[0]
    if matches:
        options = " or ".join(repr(state.action_to_string(a)) for a in matches)
        return f"{card} could mean {options}: type the whole action."
    seat = state.current_player
    if seat is not None and card not in state.hand(seat):
        return f"You do not hold {card}."
    return f"No legal action uses {card} now. Legal: {', '.join(choices)}."


def _why_not(state: sheepshead.State, action: str, choices: list[str]) -> str:
    verb, _, arg = action.partition(" ")
    seat = state.current_player
    if arg and verb in ("play", "bury", "under") and seat is not None:
        if Card(arg) not in state.hand(seat):
            return f"You do not hold {arg}."
    if verb == "play" and state.phase == "play" and state.current_trick():
        hint = " (you must follow the suit led if you can, R22-R24; the hold-card rules R18-R19 also apply)"
    else:
        hint = ""
    return f"{action!r} is not legal now{hint}. Legal: {', '.join(choices)}."


def _choices_text(choices: list[str]) -> str:
    entries = [f"{i:>2}. {c:<10}" for i, c in enumerate(choices, 1)]
    rows = [" ".join(entries[i : i + 5]).rstrip() for i in range(0, len(entries), 5)]
    return "\n".join(rows)


def _describe(state: sheepshead.State, seat: int, player: int, action: int) -> str:
    """What ``seat`` sees when ``player`` takes ``action`` (call before applying it)."""
    you = player == seat
    who = "you" if you else f"seat {player}"
    verb, _, arg = state.action_to_string(action).partition(" ")
    if verb == "pick":
        return f"{who} pick{'' if you else 's'}"
    if verb == "pass":
        return f"{who} pass{'' if you else 'es'}"
    if verb == "bury":
        return f"you bury {arg}" if you else f"{who} buries a card"
    if verb == "call":
        return f"{who} call{'' if you else 's'} {arg}"
    if verb == "alone":
        return f"{who} go{'' if you else 'es'} alone"
    if verb == "under":
        return f"you lay {arg} under" if you else f"{who} lays an under card face down"
    card = Card(arg)
    if _hidden_under(state, seat, player, card):
        return f"{who} plays the under card face down"
    return f"{who} play{'' if you else 's'} {arg}"


def _scores_text(scores: Sequence[int], seat: int) -> str:
    return "  ".join(f"{'you' if s == seat else f'seat {s}'} {v:+d}" for s, v in enumerate(scores))


@dataclass
class SheepsheadTable:
    """A person at ``seat`` of a :class:`sheepshead.Match`; the other seats are played by ``opponent`` (a
    :mod:`tricktaker.bots` bot), or uniformly at random with ``rng`` when it is ``None``."""

    match: sheepshead.Match
    seat: int
    rng: random.Random
    console: Console
    opponent: bots.Bot | None = None

    def _opponent_action(self, state: sheepshead.State) -> int:
        return self.opponent.act(state) if self.opponent else self.rng.choice(state.legal_actions())

    def run(self) -> int:
        """Play hands until the match is over or the person quits; returns the exit status (0)."""
        say = self.console.print
        try:
            while True:
                hands, played = self.match.hands_per_game, self.match.hands_played
                state = self.match.state
                extra = f" · counts x{state.multiplier}" if state.multiplier > 1 else ""
                say(f"\n=== Hand {played + 1} of {hands} · dealer seat {state.dealer}{extra} ===")
                if not self._play_hand(state):
                    scores = _scores_text(self.match.scores, self.seat)
                    say(f"\nGoodbye. Scores after {played} hand(s): {scores}")
                    return 0
                self._report_hand(state)
                self.match.next_hand()
                say(f"Scores: {_scores_text(self.match.scores, self.seat)}")
                if self.match.is_over:
                    winners = self.match.winners()
                    names = ", ".join("you" if w == self.seat else f"seat {w}" for w in winners)
                    say(f"\nMatch over after {self.match.hands_played} hand(s). Winner(s): {names}.")
                    return 0
        except KeyboardInterrupt:
            say("\nInterrupted. Goodbye.")
            return 0

    def _play_hand(self, state: sheepshead.State) -> bool:
        """Play ``state`` to its end; ``False`` if the person quits."""
        say = self.console.print
        tricks_seen = 0
        announced = False
        while not state.is_terminal:
            player = state.current_player
            assert player is not None
            if player == self.seat:
                chosen = self._ask(state)
                if chosen is None:
                    return False
                action = chosen
            else:
                action = self._opponent_action(state)
            message = _describe(state, self.seat, player, action)
            partner_before = _revealed_partner(state)
            state.apply_action(action)
            partner_after = _revealed_partner(state)
            if partner_before is None and partner_after is not None:
                partner = "you are" if partner_after == self.seat else f"seat {partner_after} is"
                message += f" — {partner} the partner"
            say(message)
            if state.is_leaster and not announced:
                announced = True
                say("All passed: leaster. Fewest points with a trick wins; the last trick takes the blind.")
            done = state.tricks()
            if len(done) > tricks_seen:
                tricks_seen = len(done)
                _, cards, winner = done[-1]
                who = "you win" if winner == self.seat else f"seat {winner} wins"
                say(
                    f"  {who} trick {tricks_seen} ({sum(_card_points(c) for _, c in cards)} pts):"
                    f" {_trick_text(state, self.seat, cards)}"
                )
        return True

    def _ask(self, state: sheepshead.State) -> int | None:
        """The person's legal action, asked until they give one; ``None`` if they quit."""
        say = self.console.print
        choices = [state.action_to_string(a) for a in state.legal_actions()]
        say("")
        say(render_sheepshead_view(state, self.seat))
        say("Your choices:")
        say(_choices_text(choices))
        while True:
            try:
                numbers = "1" if len(choices) == 1 else f"1-{len(choices)}"
                answer = self.console.input_fn(f"Your move [{numbers}, 'help']: ")
            except EOFError:
                return None
            word = answer.strip().lower()
            if word in _QUIT:
                return None
            if word in _HELP:
                say(_SHEEPSHEAD_HELP)
                say("Your choices:")
                say(_choices_text(choices))
                continue
            if word in _SHOW:
                say(render_sheepshead_view(state, self.seat))
                say(_choices_text(choices))
                continue
            result = resolve_sheepshead_choice(state, answer)
            if isinstance(result, int):
                return result
            say(result)

    def _report_hand(self, state: sheepshead.State) -> None:
        say = self.console.print
        say("--- Hand over ---")
        if state.is_doubler:
            say("All passed: the hand is thrown in (doubler); a later hand counts double.")
        elif state.is_leaster:
            returns = state.returns()
            winner = max(range(len(returns)), key=returns.__getitem__)
            who = "you" if winner == self.seat else f"seat {winner}"
            say(f"Leaster won by {who}. Points taken: {_scores_text(state.points(), self.seat)}")
        elif state.picker is not None:
            p = state.picking_side_points
            picker = "you" if state.picker == self.seat else f"seat {state.picker}"
            partner = state.secret_partner
            side = (
                f"{picker} alone"
                if partner is None
                else f"{picker} with {'you' if partner == self.seat else f'seat {partner}'}"
            )
            tricks = state.tricks_won()
            side_tricks = tricks[state.picker] + (tricks[partner] if partner is not None else 0)
            outcome = "wins" if p is not None and p >= 61 else "loses"
            bury = " ".join(str(c) for c in state.bury)
            say(f"Picking side ({side}): {p} points, {side_tricks} trick(s): it {outcome}. Bury: {bury}.")
        returns = state.returns()
        say(f"Returns: {_scores_text(returns, self.seat)}")


def _sheepshead_play_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--hands", type=_count(1, "--hands"), metavar="H", help="hands to play (default: the rules', 15)"
    )


def _play_sheepshead(args: argparse.Namespace, console: Console) -> int:
    rules = _sheepshead_rules(args)
    seed: int = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 32)
    console.print(
        f"Sheepshead: you are seat {args.seat}; the other seats play at random. Seed {seed}"
        f" (replay with --seed {seed}). Type 'help' at any prompt."
    )
    match = sheepshead.Match(seed=seed, rules=rules)
    opponent = _bot("sheepshead", args.opponents, seed)
    return SheepsheadTable(
        match=match, seat=args.seat, rng=random.Random(seed), console=console, opponent=opponent
    ).run()


# ---- Tractor ----


def _tractor_rule_options(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("rule options (shared/rules/tractor.md, A.4)")
    group.add_argument(
        "--first-drawer-round1",
        choices=("random", "seat0"),
        default="random",
        help="who draws first in round 1: a random seat (default) or seat 0 (R14)",
    )
    group.add_argument(
        "--allow-self-reinforce",
        action="store_true",
        help="let the standing declarer turn a single into a pair of the same suit (R17)",
    )
    group.add_argument(
        "--red-pair-overrides-black-pair",
        action="store_true",
        help="let a red joker pair override a black joker pair (R17)",
    )
    group.add_argument(
        "--no-plain-suit-gap-closing",
        action="store_true",
        help="plain suits do not close the gap of the trump rank for tractors (R12 flag off)",
    )
    group.add_argument(
        "--tractor-must-follow-tractor",
        action="store_true",
        help="a follower holding a tractor of the led suit must play it on a tractor (R32)",
    )
    group.add_argument(
        "--kitty-multiplier",
        choices=("seed_2c", "exp"),
        default="seed_2c",
        help="the kitty counts 2 x the last lead's size (seed_2c, default) or 2^(pairs + 1) (exp) (R41)",
    )
    group.add_argument(
        "--game-end",
        choices=("pass_ace", "must_defend_ace"),
        default="pass_ace",
        help="a match ends when a team passes the ace (default) or wins as declarers at A (R47; play only)",
    )
    group.add_argument(
        "--negative-points-not-zero",
        action="store_true",
        help="report a negative point total as it is instead of as 0 (R43 flag off)",
    )


def _tractor_rules_dict(args: argparse.Namespace) -> dict[str, Any]:
    return {
        "first_drawer_round1": args.first_drawer_round1,
        "allow_self_reinforce": args.allow_self_reinforce,
        "red_pair_overrides_black_pair": args.red_pair_overrides_black_pair,
        "plain_suit_gap_closing": not args.no_plain_suit_gap_closing,
        "tractor_must_follow_tractor": args.tractor_must_follow_tractor,
        "failed_throw_forced": "fewest_cards_then_lowest",
        "negative_points_as_zero": not args.negative_points_not_zero,
        "over_240": "per40_from_80",
        "kitty_multiplier": args.kitty_multiplier,
        "game_end": args.game_end,
    }


def _tractor_rules(args: argparse.Namespace) -> tractor.Rules:
    return tractor.Rules(**_tractor_rules_dict(args))


_POINT_EDGES = (0, 40, 80, 120, 160, 200, 240)
_POINT_BANDS = ("<0", "0-35", "40-75", "80-115", "120-155", "160-195", "200-235", ">=240")
"""The opponents' points P in 40-point bands (the steps of the level table, R43); P is a multiple of 5."""


def _level_change(hold: bool, levels: int) -> str:
    return f"{'declarers' if hold else 'takeover'} +{levels}"


def _quantile(values: Sequence[int], counts: Sequence[int], q: float) -> float:
    """The ``q`` quantile of sorted distinct ``values`` seen ``counts`` times each (numpy's "linear")."""
    n = sum(counts)
    h = (n - 1) * q
    lo, hi = int(np.floor(h)), int(np.ceil(h))

    def at(index: int) -> int:
        seen = 0
        for value, count in zip(values, counts, strict=True):
            seen += count
            if index < seen:
                return value
        raise IndexError(index)

    low = at(lo)
    return float(low + (at(hi) - low) * (h - lo))


@dataclass
class TractorTally:
    """Outcome counts of random Tractor rounds, added up chunk by chunk (exact integer sums)."""

    rules: tractor.Rules
    rounds: int = 0
    points: dict[int, int] = field(default_factory=dict)
    """How many rounds ended with each value of the opponents' points P."""
    failed_throws: int = 0
    rounds_with_failed_throw: int = 0
    redeals: int = 0
    deals: int = 0
    no_trump: int = 0
    seat_returns: list[int] = field(default_factory=lambda: [0] * tractor.NUM_PLAYERS)
    declarer_returns: int = 0
    """The return of one declarer seat, summed over the rounds (both declarer seats get the same)."""
    opponent_returns: int = 0

    def simulate(self, n: int, seed: int, threads: int | None) -> float:
        """Play ``n`` random rounds with :func:`tractor.simulate` and add them up; returns its wall time."""
        start = time.perf_counter()
        sim = tractor.simulate(n, seed, threads=threads, rules=self.rules)
        seconds = time.perf_counter() - start
        self.add(sim)
        return seconds

    def add(self, sim: tractor.Simulation) -> None:
        """Add a batch of rounds."""
        n = len(sim)
        returns = sim.returns.astype(np.int64)
        rows = np.arange(n)
        declarers = sim.declarers.astype(np.int64)
        values, counts = np.unique(sim.points, return_counts=True)
        for value, count in zip(values.tolist(), counts.tolist(), strict=True):
            self.points[int(value)] = self.points.get(int(value), 0) + int(count)
        self.rounds += n
        self.failed_throws += int(sim.failed_throws.sum())
        self.rounds_with_failed_throw += int(np.count_nonzero(sim.failed_throws > 0))
        self.redeals += int(np.count_nonzero(sim.deals > 1))
        self.deals += int(sim.deals.sum())
        self.no_trump += int(np.count_nonzero(sim.no_trump))
        for seat, total in enumerate(returns.sum(axis=0).tolist()):
            self.seat_returns[seat] += int(total)
        # Seat t is in team t for t = 0, 1, so the declaring team's number is one of its seats.
        self.declarer_returns += int(returns[rows, declarers].sum())
        self.opponent_returns += int(returns[rows, 1 - declarers].sum())

    def level_changes(self) -> dict[str, int]:
        """Rounds per level change (R43, via :func:`tractor.level_outcome`), from ``declarers +3`` on."""
        changes = {_level_change(True, k): 0 for k in (3, 2, 1)}
        changes.update({_level_change(False, k): 0 for k in (0, 1, 2, 3)})
        takeovers: dict[int, int] = {}
        for value, count in self.points.items():
            outcome = tractor.level_outcome(value)
            if outcome.declarers_hold:
                changes[_level_change(True, outcome.levels)] += count
            else:
                takeovers[outcome.levels] = takeovers.get(outcome.levels, 0) + count
        for levels in sorted(takeovers):
            key = _level_change(False, levels)
            changes[key] = changes.get(key, 0) + takeovers[levels]
        return changes

    def point_bands(self) -> dict[str, int]:
        """Rounds per 40-point band of P (:data:`_POINT_BANDS`)."""
        bands = dict.fromkeys(_POINT_BANDS, 0)
        for value, count in self.points.items():
            bands[_POINT_BANDS[int(np.searchsorted(_POINT_EDGES, value, side="right"))]] += count
        return bands

    def statistics(self) -> dict[str, Any]:
        """Rates are fractions of the rounds; ``points`` summarizes the opponents' points P."""
        n = self.rounds
        changes = self.level_changes()
        bands = self.point_bands()
        holds = sum(count for key, count in changes.items() if key.startswith("declarers"))
        values = sorted(self.points)
        counts = [self.points[v] for v in values]
        total = sum(v * c for v, c in zip(values, counts, strict=True))
        points: dict[str, float | int | None] = {
            "mean": _mean(total, n),
            "min": values[0] if values else None,
            "q1": _quantile(values, counts, 0.25) if n else None,
            "median": _quantile(values, counts, 0.5) if n else None,
            "q3": _quantile(values, counts, 0.75) if n else None,
            "max": values[-1] if values else None,
        }
        return {
            "rounds": n,
            "declarers_hold_rate": _rate(holds, n),
            "level_changes": {key: _rate(count, n) for key, count in changes.items()},
            "points": points,
            "points_bands": {key: _rate(count, n) for key, count in bands.items()},
            "failed_throws_per_round": _mean(self.failed_throws, n),
            "failed_throw_round_rate": _rate(self.rounds_with_failed_throw, n),
            "redeal_rate": _rate(self.redeals, n),
            "deals_per_round": _mean(self.deals, n),
            "no_trump_rate": _rate(self.no_trump, n),
            "mean_return_per_seat": [total / n if n else None for total in self.seat_returns],
            "mean_return_per_role": {
                "declarer": _mean(self.declarer_returns, n),
                "opponent": _mean(self.opponent_returns, n),
            },
            "counts": {
                "declarers_hold": holds,
                "takeover": n - holds,
                "level_changes": changes,
                "points_bands": bands,
                "failed_throws": self.failed_throws,
                "rounds_with_failed_throw": self.rounds_with_failed_throw,
                "redeals": self.redeals,
                "no_trump": self.no_trump,
            },
        }

    def report(self, stats: dict[str, Any]) -> list[str]:
        """The statistics as aligned lines of text, with a small histogram of P."""
        counts = stats["counts"]

        def pct(value: float | None) -> str:
            return "n/a" if value is None else f"{value:7.2%}"

        def signed(value: float | None) -> str:
            return "n/a" if value is None else f"{value:+.4f}"

        def number(value: float | None) -> str:
            return "n/a" if value is None else f"{value:g}"

        levels_meaning = {
            "declarers +3": "P <= 0",
            "declarers +2": "P 5-35",
            "declarers +1": "P 40-75",
            "takeover +0": "P 80-115",
        }
        lines = [
            f"{'rounds':<40}{stats['rounds']:,}",
            f"{'declarers hold (P < 80)':<40}{pct(stats['declarers_hold_rate'])}"
            f"  ({_plural(counts['declarers_hold'], 'round')}; takeover {counts['takeover']:,})",
            "level change (R43):",
        ]
        for key, rate in stats["level_changes"].items():
            if key in levels_meaning:
                meaning = levels_meaning[key]
            else:
                k = int(key.rpartition("+")[2])
                meaning = f"P {80 + 40 * k}-{115 + 40 * k}"
            label = f"  {key} ({meaning})"
            lines.append(f"{label:<40}{pct(rate)}  ({_plural(counts['level_changes'][key], 'round')})")
        p = stats["points"]
        label_p = "opponents' points P"
        lines.append(
            f"{label_p:<40}mean {number(None if p['mean'] is None else round(p['mean'], 2))}"
            f" · quartiles {number(p['q1'])} / {number(p['median'])} / {number(p['q3'])}"
            f" · min {number(p['min'])} · max {number(p['max'])}"
        )
        top = max(stats["points_bands"].values(), default=None) or 1.0
        for band, rate in stats["points_bands"].items():
            bar = "#" * round(24 * (rate or 0.0) / top)
            label = "  P " + band.replace("<", "< ").replace(">=", ">= ")
            lines.append(f"{label:<40}{pct(rate)}  {bar}")
        lines += [
            f"{'failed throws per round':<40}{number(stats['failed_throws_per_round'])}"
            f"  ({pct(stats['failed_throw_round_rate']).strip()} of rounds have one)",
            f"{'redeal rate (nobody declared)':<40}{pct(stats['redeal_rate'])}"
            f"  ({_plural(counts['redeals'], 'round')})",
            f"{'no-trump rate (joker pair declared)':<40}{pct(stats['no_trump_rate'])}"
            f"  ({_plural(counts['no_trump'], 'round')})",
            f"{'mean return per seat':<40}" + "  ".join(signed(v) for v in stats["mean_return_per_seat"]),
            f"{'mean return per role':<40}declarer {signed(stats['mean_return_per_role']['declarer'])}"
            f"  opponent {signed(stats['mean_return_per_role']['opponent'])}",
        ]
        return lines


def _plural(count: int, noun: str) -> str:
    return f"{count:,} {noun}{'' if count == 1 else 's'}"


def _tractor_tally(args: argparse.Namespace) -> Tally:
    return TractorTally(rules=_tractor_rules(args))


# ---- Tractor at the table ----

MAX_PLAYS_SHOWN = 40
"""How many of the legal plays ``play tractor`` lists by number."""

_SUIT_NAMES = {"T": "trumps", "C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
_LEVEL_NAMES = {11: "J", 12: "Q", 13: "K", 14: "A"}

_TRACTOR_HELP = """\
Answer with one of:
  a number from the list              e.g. 1
  a whole play: its cards             e.g. AH AH, ah ah, 10h, play KS KS QS QS
  in the kitty phase, cards to bury   e.g. 5S, 5s 6s 7d, discard 5S
  during the draw                     declare 2H, declare 2H 2H, declare BJ BJ, pass
  card by card (the engine's way)     add AH (adds AH to the play being built), finish (ends a lead)
Commands: show (the table again), help (this text), quit (leave; Ctrl-D works too).
Cards: rank 2-10 J Q K A (T for 10) and suit C D H S, or BJ / RJ for the black / red joker.
Follow the effective suit led with as many cards as the lead (trumps are one suit); pairs must answer pairs
when you can (R28-R32). A lead is one suit: a single, a pair, a tractor or a throw (unbeatable parts, R27)."""


def _level_name(level: int) -> str:
    if level > 14:
        return f"past A ({level})"
    return _LEVEL_NAMES.get(level, str(level))


def _cards_text(cards: Sequence[Card]) -> str:
    return " ".join(str(c) for c in cards) or "-"


def _who(player: int, seat: int) -> str:
    return "you" if player == seat else f"seat {player}"


def _verb(player: int, seat: int, base: str, third: str | None = None) -> str:
    """``you play`` / ``seat 2 plays``."""
    if player == seat:
        return f"you {base}"
    return f"seat {player} {third if third is not None else base + 's'}"


def _team_text(team: int, seat: int) -> str:
    seats = f"seats {team} and {team + 2}"
    return f"your team ({seats})" if team == seat % 2 else seats


def _plays_text(plays: Sequence[tuple[int, Sequence[Card]]], seat: int) -> str:
    return " | ".join(f"{_who(player, seat)}: {_cards_text(cards)}" for player, cards in plays)


def _declaration_effect(cards: Sequence[Card]) -> str:
    if not cards or cards[0].is_joker:
        return "no trump: only the jokers are trumps"
    return f"{_SUIT_NAMES.get(cards[0].suit or '', '?')} trump"


def _hand_lines(state: tractor.State, seat: int) -> list[str]:
    """The seat's own hand: grouped by effective suit once the trump is fixed, else sorted by card id."""
    hand = state.hand(seat)
    trump = state.trump
    if not hand:
        return ["  (no cards)"]
    if trump is None:
        return ["  " + _cards_text(sorted(hand, key=lambda c: c.id))]
    groups: dict[str, list[Card]] = {}
    for card in trump.sort(hand):
        groups.setdefault(trump.suit_of(card), []).append(card)
    return [f"  {_SUIT_NAMES[suit] + ':':<10}{_cards_text(cards)}" for suit, cards in groups.items()]


def _kitty_turned_over(state: tractor.State) -> bool:
    """Whether the kitty is public: the round is over and the opponents won the last trick (R41)."""
    last = state.last_trick()
    return (
        state.phase == "done"
        and last is not None
        and state.declarers is not None
        and tractor.team_of(last[2]) != state.declarers
    )


def render_tractor_view(state: tractor.State, seat: int) -> str:
    """The table as ``seat`` sees it: their own hand and only what is public.

    Other seats show only their card counts and the cards they exposed to declare; the kitty is shown to the
    starter once buried, and to everyone when the opponents turn it over after the last trick (R41).
    """
    levels = state.levels
    mine = seat % 2
    trump = state.trump
    rank = "none (no trump)" if trump is not None and trump.rank is None else state.rank
    lines = [
        f"Tractor · {state.phase} · trump rank {rank}",
        f"Levels: {_team_text(mine, seat)} {_level_name(levels[mine])}"
        f" · {_team_text(1 - mine, seat)} {_level_name(levels[1 - mine])}",
    ]
    if state.phase == "draw":
        deal = f" (deal {state.deals})" if state.deals > 1 else ""
        lines.append(f"Draw: {state.drawn} of 100 cards drawn{deal}")
    if trump is not None:
        lines.append(f"Trump: {trump}")
    declaration = state.declaration
    if declaration is not None:
        player, kind, cards = declaration
        lines.append(
            f"Declaration: {_who(player, seat)} ({kind}: {_cards_text(cards)}) → {_declaration_effect(cards)}"
        )
    elif state.phase == "draw":
        lines.append("Declaration: none yet")
    exposed = [(player, cards) for player, cards in enumerate(state.exposed()) if cards]
    if exposed:
        lines.append("Exposed (still in hand): " + _plays_text(exposed, seat))
    declarers, starter = state.declarers, state.starter
    if declarers is not None:
        role = "you declare" if declarers == mine else "you oppose"
        start = f" · starter: {_who(starter, seat)}" if starter is not None else ""
        lines.append(f"Declarers: seats {declarers} and {declarers + 2} ({role}){start}")
    else:
        lines.append("Declarers: whoever's declaration stands at the end of the draw (round 1)")
    for player in range(tractor.NUM_PLAYERS):
        name = f"you (seat {player})" if player == seat else f"seat {player}"
        count = len(state.hand(player))
        tags = []
        if declarers is not None:
            tags.append("declarer" if tractor.team_of(player) == declarers else "opponent")
        if player == starter:
            tags.append("starter")
        tag = f" ({', '.join(tags)})" if tags else ""
        mark = "  ← to act" if state.current_player == player else ""
        lines.append(f"  {name + tag:<34} {count:>2} card{'s' if count != 1 else ''}{mark}")
    lines.append("Your hand:")
    lines += _hand_lines(state, seat)
    if state.phase == "kitty" and starter == seat:
        lines.append(f"You hold the talon: bury {len(state.hand(seat)) - 25} more card(s).")
    if state.kitty and ((starter == seat and state.phase != "draw") or _kitty_turned_over(state)):
        owner = "Your kitty (buried)" if starter == seat else "Kitty (turned over)"
        lines.append(f"{owner}: {_cards_text(state.kitty)}")
    last = state.last_trick()
    if last is not None:
        _, plays, winner = last
        points = tractor.trick_points(c for _, cards in plays for c in cards)
        lines.append(f"Last trick: {_plays_text(plays, seat)} → {_who(winner, seat)} ({points} pts)")
    if state.phase == "play":
        shown = _plays_text(state.current_trick(), seat)
        partial = state.partial_play()
        mover = state.current_player
        if partial and mover is not None:
            building = f"{_who(mover, seat)}: {_cards_text(partial)} …"
            shown = f"{shown} | {building}" if shown else building
        lines.append("Trick: " + (shown or "(nothing led yet)"))
    if state.phase in ("play", "done") and declarers is not None:
        taken = state.trick_points
        lines.append(
            f"Opponents' points P: {state.points} (in tricks: opponents {taken[1 - declarers]},"
            f" declarers {taken[declarers]}; the opponents take over at 80)"
        )
    failed = state.failed_throw()
    if failed is not None:
        player, attempted, forced, penalty = failed
        lines.append(
            f"Failed throws this round: {state.failed_throws}; the last: {_who(player, seat)} tried"
            f" {_cards_text(attempted)} and led {_cards_text(forced)} (P {penalty:+d})"
        )
    return "\n".join(lines)


def tractor_choices(state: tractor.State) -> tuple[list[str], int]:
    """The numbered choices of the player to move (at most :data:`MAX_PLAYS_SHOWN` plays) and how many exist.

    In the play phase they are the whole legal plays, the fewest cards first; otherwise the legal actions.
    """
    if state.phase == "play":
        plays = _sorted_plays(state)
        return [_cards_text(p) for p in plays[:MAX_PLAYS_SHOWN]], len(plays)
    labels = [state.action_to_string(a) for a in state.legal_actions()]
    return labels, len(labels)


def _sorted_plays(state: tractor.State) -> list[list[Card]]:
    return sorted(state.legal_plays(), key=len)


def _choices_block(labels: list[str], total: int) -> str:
    entries = [f"{i:>2}. {label}" for i, label in enumerate(labels, 1)]
    width = max((len(e) for e in entries), default=0) + 2
    per_row = max(1, 100 // max(width, 1))
    rows = [
        "".join(f"{e:<{width}}" for e in entries[i : i + per_row]).rstrip()
        for i in range(0, len(entries), per_row)
    ]
    if total > len(labels):
        rows.append(f"    … and {total - len(labels)} more legal plays: type the cards of any of them.")
    return "\n".join(rows)


_ACTION_WORDS = frozenset({"play", "add", "finish", "pass", "discard", "declare"})


def _parse_cards(words: Sequence[str]) -> list[Card] | str:
    cards = []
    for word in words:
        try:
            cards.append(Card(word))
        except (CardParseError, ValueError):
            return f"{word!r} is not a card (cards look like AH, 10h, th, BJ, RJ)."
    return cards


def apply_tractor_answer(state: tractor.State, text: str) -> str | None:
    """Apply the person's answer ``text`` to ``state``; ``None`` once applied, else a message saying why not.

    ``text`` is a number from :func:`tractor_choices`, a whole play (``AH AH``, ``ah ah``, ``play 10h``), the
    cards to bury in the kitty phase (``5S 6S`` or ``discard 5S``, several at once), an action's text
    (``pass``, ``declare 2H``, ``finish``; ``add AH`` adds one card to the play being built), or during the
    draw the cards to declare (``2H 2H``). Nothing is applied unless all of it is legal.
    """
    answer = " ".join(text.replace(",", " ").split())
    phase = state.phase
    if state.is_terminal:
        return "The round is over."
    labels, _ = tractor_choices(state)
    shown = len(labels)
    if not answer:
        return f"Type a number from 1 to {shown}, cards or an action ('help' explains)."
    if re.fullmatch(r"[+-]?\d+", answer):
        number = int(answer)
        if not 1 <= number <= shown:
            return f"There is no choice {answer}: type a number from 1 to {shown}."
        if phase == "play":
            state.play(_sorted_plays(state)[number - 1])
        else:
            state.apply_action(state.legal_actions()[number - 1])
        return None
    words = answer.split()
    verb = words[0].lower()
    if verb not in _ACTION_WORDS:
        cards = _parse_cards(words)
        if isinstance(cards, str):
            return (
                f"{answer!r} is neither a choice nor cards: type a number from 1 to {shown}, cards such as"
                " 'AH AH' or '10h', or an action such as 'pass' ('help' explains)."
            )
        verb = {"play": "play", "kitty": "discard", "draw": "declare"}[phase]
    else:
        words = words[1:]
        parsed = _parse_cards(words)
        if isinstance(parsed, str):
            return parsed
        cards = parsed
    return _apply_verb(state, verb, cards)


def _apply_verb(state: tractor.State, verb: str, cards: list[Card]) -> str | None:
    text = " ".join([verb, *(str(c) for c in cards)])
    if verb in ("pass", "finish"):
        if cards:
            return f"'{verb}' takes no cards."
        return _apply_actions(state, [verb])
    if not cards:
        return f"Say which cards: e.g. '{verb} {'2H' if verb == 'declare' else 'AH'}'."
    if verb == "play":
        if state.phase != "play":
            return f"{text!r} is not legal now: it is the {state.phase} phase ('help' explains)."
        try:
            state.play(cards)
        except (TricktakerError, ValueError) as e:
            return f"You cannot play {_cards_text(cards)}: {_explain(state, e)}."
        return None
    if verb == "declare":
        return _apply_actions(state, [text])
    if verb == "add":
        return _apply_actions(state, [f"play {c}" for c in cards], [f"add {c}" for c in cards])
    return _apply_actions(state, [f"discard {c}" for c in cards])


def _apply_actions(state: tractor.State, texts: list[str], names: list[str] | None = None) -> str | None:
    """Apply the actions ``texts`` (shown as ``names``) in turn, all or none (tried on a clone first)."""
    trial = state.clone()
    for i, text in enumerate(texts):
        try:
            trial.apply(text)
        except (TricktakerError, ValueError) as e:
            name = names[i] if names is not None else text
            return f"{name!r} is not legal now: {_explain(trial, e)}."
    for text in texts:
        state.apply(text)
    return None


def _explain(state: tractor.State, error: Exception) -> str:
    """The engine's reason, told to the player to move (``you do not hold…``), without the action id."""
    text = re.sub(r"^illegal action \d+: ", "", str(error))
    mover = state.current_player
    if mover is not None:
        text = re.sub(rf"\bseat {mover} does not hold\b", "you do not hold", text)
        text = re.sub(rf"\bseat {mover} has no\b", "you have no", text)
        text = re.sub(rf"\bseat {mover} holds\b", "you hold", text)
    return text


@dataclass
class TractorTable:
    """A person at ``seat`` of a :class:`tractor.Match`; the other seats are played by ``opponent`` (a
    :mod:`tricktaker.bots` bot), or uniformly at random with ``rng`` when it is ``None``."""

    match: tractor.Match
    seat: int
    rng: random.Random
    console: Console
    max_rounds: int | None = None
    opponent: bots.Bot | None = None

    def _opponent_action(self, state: tractor.State) -> int:
        return self.opponent.act(state) if self.opponent else self.rng.choice(state.legal_actions())

    def run(self) -> int:
        """Play rounds until the match ends, ``max_rounds`` are played or the person quits; returns 0."""
        say = self.console.print
        try:
            while True:
                state = self.match.state
                number = len(self.match.record) + 1
                declarers = (
                    f" · declarers seats {state.declarers} and {state.declarers + 2}"
                    if state.declarers is not None
                    else ""
                )
                say(f"\n=== Round {number} · trump rank {state.rank}{declarers} ===")
                if not self._play_round(state):
                    say(f"\nGoodbye. Levels after {number - 1} round(s): {self._levels_text()}")
                    return 0
                self._report_round(state)
                self.match.next_round()
                say(f"Levels: {self._levels_text()}")
                winner = self.match.winner
                if winner is not None:
                    who = "Your team" if winner == self.seat % 2 else f"Seats {winner} and {winner + 2}"
                    say(f"\nMatch over after {number} round(s): {who} passed the ace and won.")
                    return 0
                if self.max_rounds is not None and number >= self.max_rounds:
                    say(f"\nStopping after {number} round(s) (--rounds).")
                    return 0
        except KeyboardInterrupt:
            say("\nInterrupted. Goodbye.")
            return 0

    def _levels_text(self) -> str:
        levels, mine = self.match.levels, self.seat % 2
        return (
            f"{_team_text(mine, self.seat)} {_level_name(levels[mine])},"
            f" {_team_text(1 - mine, self.seat)} {_level_name(levels[1 - mine])}"
        )

    def _play_round(self, state: tractor.State) -> bool:
        """Play ``state`` to its end; ``False`` if the person quits."""
        say = self.console.print
        deals = state.deals
        while not state.is_terminal:
            if state.deals != deals:
                deals = state.deals
                say(f"Nobody declared: all 108 cards are shuffled and drawn again (deal {deals}).")
            phase = state.phase
            player = state.current_player
            assert player is not None
            if phase == "draw":
                if not self._draw_turn(state, player):
                    return False
                if state.phase != "draw":
                    self._announce_trump(state)
            elif phase == "kitty":
                if not self._kitty_turn(state, player):
                    return False
            elif not self._play_turn(state, player):
                return False
        return True

    def _draw_turn(self, state: tractor.State, player: int) -> bool:
        say = self.console.print
        final = state.drawn == 100
        if player == self.seat:
            say(f"\nThe draw goes on… {state.drawn} of 100 cards drawn; you may declare.")
            before = len(state.history())
            if not self._ask(state):
                return False
            action = state.history()[before]
        else:
            action = self._opponent_action(state)
            state.apply_action(action)
        text = state.action_to_string(action)
        if text.startswith("declare"):
            cards = [Card(c) for c in text.split()[1:]]
            say(f"{_verb(player, self.seat, 'declare')} {_cards_text(cards)} → {_declaration_effect(cards)}")
        elif final or player == self.seat:
            say(f"{_verb(player, self.seat, 'pass', 'passes')}")
        return True

    def _announce_trump(self, state: tractor.State) -> None:
        say = self.console.print
        declaration = state.declaration
        if declaration is None:
            say(
                "\nThe draw is over. Nobody declared: the talon is turned up and sets the trump:"
                f" {state.trump}."
            )
        else:
            player, _, cards = declaration
            say(
                f"\nThe draw is over. Trump: {state.trump}"
                f" (declared by {_who(player, self.seat)}: {_cards_text(cards)})."
            )
        declarers, starter = state.declarers, state.starter
        assert declarers is not None and starter is not None
        role = "you declare" if declarers == self.seat % 2 else "you oppose"
        say(
            f"Declarers: seats {declarers} and {declarers + 2} ({role}); starter: {_who(starter, self.seat)}."
        )
        if starter == self.seat:
            say("You take the 8 cards of the talon into your hand and bury 8 cards face down.")
        else:
            say(f"Seat {starter} takes the 8 cards of the talon and buries 8 face down.")

    def _kitty_turn(self, state: tractor.State, player: int) -> bool:
        if player != self.seat:
            while state.phase == "kitty":
                state.apply_action(self._opponent_action(state))
            return True
        before = Counter(state.hand(self.seat))
        while state.phase == "kitty":
            if not self._ask(state):
                return False
        buried = sorted((before - Counter(state.hand(self.seat))).elements(), key=lambda c: c.id)
        self.console.print(f"You bury {_cards_text(buried)}.")
        return True

    def _play_turn(self, state: tractor.State, player: int) -> bool:
        tricks, played, failed = state.tricks_played, len(state.current_trick()), state.failed_throws

        def unchanged() -> bool:
            return (
                not state.is_terminal
                and state.tricks_played == tricks
                and len(state.current_trick()) == played
            )

        if player == self.seat:
            while unchanged():
                if not self._ask(state):
                    return False
        else:
            while unchanged():
                state.apply_action(self._opponent_action(state))
        self._describe_play(state, player, tricks, played, failed)
        return True

    def _describe_play(
        self, state: tractor.State, player: int, tricks: int, played: int, failed: int
    ) -> None:
        say = self.console.print
        seat = self.seat
        if state.failed_throws > failed:
            throw = state.failed_throw()
            assert throw is not None
            _, attempted, forced, penalty = throw
            back = len(attempted) - len(forced)
            say(
                f"{_verb(player, seat, 'try', 'tries')} to throw {_cards_text(attempted)}: the throw fails"
                f" (a part can be beaten), {back} card(s) go back and P changes by {penalty:+d}."
            )
        if state.tricks_played > tricks:
            last = state.last_trick()
            assert last is not None
            _, plays, winner = last
            cards = plays[-1][1]
        else:
            plays, winner = state.current_trick(), None
            cards = plays[-1][1]
        verb = _verb(player, seat, "lead") if played == 0 else _verb(player, seat, "play")
        say(f"{verb} {_cards_text(cards)}")
        if winner is not None:
            points = tractor.trick_points(c for _, p in plays for c in p)
            declarers = state.declarers
            side = (
                "declarers" if declarers is not None and tractor.team_of(winner) == declarers else "opponents"
            )
            gain = f"{points} point(s) for the {side}" if points else "no points"
            say(f"  → {_verb(winner, seat, 'win')} the trick ({gain}); opponents' points P: {state.points}")

    def _ask(self, state: tractor.State) -> bool:
        """Ask the person until one answer is applied; ``False`` if they quit."""
        say = self.console.print
        say("")
        say(render_tractor_view(state, self.seat))
        self._show_choices(state)
        while True:
            labels, _ = tractor_choices(state)
            numbers = "1" if len(labels) == 1 else f"1-{len(labels)}"
            what = {"draw": "declare or pass", "kitty": "bury", "play": "your play"}.get(state.phase, "move")
            try:
                answer = self.console.input_fn(f"{what.capitalize()} [{numbers}, cards, 'help']: ")
            except EOFError:
                return False
            word = answer.strip().lower()
            if word in _QUIT:
                return False
            if word in _HELP:
                say(_TRACTOR_HELP)
                self._show_choices(state)
                continue
            if word in _SHOW:
                say(render_tractor_view(state, self.seat))
                self._show_choices(state)
                continue
            try:
                message = apply_tractor_answer(state, answer)
            except (TricktakerError, ValueError) as e:  # not expected: every path checks first
                message = f"That did not work: {e}."
            if message is None:
                return True
            say(message)

    def _show_choices(self, state: tractor.State) -> None:
        labels, total = tractor_choices(state)
        if state.phase == "play":
            head = f"Your legal plays ({total}; the fewest cards first):"
        elif state.phase == "kitty":
            head = "Bury a card (or type several cards at once, e.g. '5S 6S 7D'):"
        else:
            head = "Your choices:"
        self.console.print(head)
        self.console.print(_choices_block(labels, total))

    def _report_round(self, state: tractor.State) -> None:
        say = self.console.print
        seat = self.seat
        declarers = state.declarers
        assert declarers is not None
        opponents = 1 - declarers
        taken = state.trick_points
        bonus = state.kitty_bonus
        penalties = state.points - taken[opponents] - bonus
        say("--- Round over ---")
        kitty = state.kitty
        if _kitty_turned_over(state):
            kitty_points = tractor.trick_points(kitty)
            say(
                f"The opponents won the last trick: the kitty ({_cards_text(kitty)}, {kitty_points} points)"
                f" is turned over and adds {bonus} to P."
            )
        else:
            mine = f" Your kitty: {_cards_text(kitty)}." if state.starter == seat else ""
            say(f"The declarers won the last trick: the kitty scores nothing.{mine}")
        say(
            f"Opponents' points P = {state.points} (tricks {taken[opponents]}, kitty {bonus:+d},"
            f" failed-throw penalties {penalties:+d}; {state.failed_throws} failed throw(s))"
        )
        outcome = tractor.level_outcome(state.points)
        if outcome.declarers_hold:
            say(
                f"P < 80: the declarers hold: {_team_text(declarers, seat)} declare again and go up"
                f" {outcome.levels} level(s)."
            )
        else:
            say(
                f"P >= 80: the opponents take over: {_team_text(opponents, seat)} declare next round and go"
                f" up {outcome.levels} level(s)."
            )
        say(f"Returns: {_scores_text(state.returns(), seat)}")


def _tractor_play_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--rounds",
        type=_count(1, "--rounds"),
        metavar="R",
        help="stop after R rounds (default: play until a team passes the ace)",
    )


def _play_tractor(args: argparse.Namespace, console: Console) -> int:
    rules = _tractor_rules(args)
    seed: int = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 32)
    console.print(
        f"Tractor: you are seat {args.seat} (partner: seat {(args.seat + 2) % 4}); the other seats play at"
        f" random. Seed {seed} (replay with --seed {seed}). Type 'help' at any prompt."
    )
    match = tractor.Match(seed=seed, rules=rules)
    table = TractorTable(
        match=match,
        seat=args.seat,
        rng=random.Random(seed),
        console=console,
        max_rounds=args.rounds,
        opponent=_bot("tractor", args.opponents, seed),
    )
    return table.run()


# ---- bots as opponents and in the arena ----

BOTS: dict[str, dict[str, Callable[[int], bots.Bot]]] = {
    "sheepshead": {
        "random": lambda seed: bots.RandomBot(seed),
        "heuristic": lambda seed: bots.SheepsheadHeuristicBot(),
        "pimc": lambda seed: bots.SheepsheadPIMCBot(seed=seed),
    },
    "tractor": {
        "random": lambda seed: bots.RandomBot(seed),
        "heuristic": lambda seed: bots.TractorHeuristicBot(),
        "pimc": lambda seed: bots.TractorPIMCBot(seed=seed),
    },
}
"""The bots each game offers, by name, made from a seed."""


def _bot(game: str, name: str, seed: int) -> bots.Bot | None:
    """The opponents' bot of ``play``; ``None`` for uniform random play with the table's own generator."""
    return None if name == "random" else BOTS[game][name](seed)


def _run_arena(args: argparse.Namespace, console: Console) -> int:
    game = GAMES[args.game]
    names: list[str] = args.bots.split(",")
    unknown = [n for n in names if n not in BOTS[args.game]]
    if unknown or not names or len(names) > game.num_players:
        console.err.write(
            f"tricktaker arena: error: --bots takes 1 to {game.num_players} of {', '.join(BOTS[args.game])},"
            f" comma-separated, not {args.bots!r}\n"
        )
        return 2
    names += [names[-1]] * (game.num_players - len(names))
    field = [BOTS[args.game][n](args.seed + i) for i, n in enumerate(names)]
    result = bots.arena(args.game, field, args.hands, args.seed)
    if args.json:
        data = {
            "game": args.game,
            "hands": args.hands,
            "seed": args.seed,
            "bots": [
                {"seat_order": i, "name": n, "mean": result.mean[i], "interval": list(result.interval(i))}
                for i, n in enumerate(names)
            ],
        }
        console.out.write(json.dumps(data) + "\n")
    else:
        console.out.write(result.table() + "\n")
    return 0


# ---- the registry and the parser ----

GAMES: dict[str, Game] = {
    "sheepshead": Game(
        name="sheepshead",
        summary="5 players, 32 cards, picker and blind, called ace, leaster",
        num_players=sheepshead.NUM_PLAYERS,
        add_rule_options=_sheepshead_rule_options,
        rules_dict=_sheepshead_rules_dict,
        new_tally=_sheepshead_tally,
        play=_play_sheepshead,
        add_play_options=_sheepshead_play_options,
    ),
    "tractor": Game(
        name="tractor",
        summary="4 players in 2 teams, 108 cards, declarations, kitty, pairs, tractors and throws",
        num_players=tractor.NUM_PLAYERS,
        add_rule_options=_tractor_rule_options,
        rules_dict=_tractor_rules_dict,
        new_tally=_tractor_tally,
        play=_play_tractor,
        add_play_options=_tractor_play_options,
        unit="rounds",
    ),
}
"""The games the command line offers, by name."""


def _simulate_epilog(unit: str) -> str:
    one = unit.removesuffix("s")
    return (
        f"{unit.capitalize()} are played in chunks of {CHUNK:,} (one progress step each): chunk k is seeded"
        " from --seed and k, so the\nstatistics depend on --seed, --games and the rule options, and never on"
        f" --threads. {one.capitalize()} i is the same in every\nrun with the same seed and rules (a run's"
        f" {unit} are a prefix of a longer run's)."
    )


def build_parser() -> argparse.ArgumentParser:
    """The ``tricktaker`` argument parser, with one sub-command per command and game of :data:`GAMES`."""
    parser = argparse.ArgumentParser(
        prog="tricktaker",
        description="Card-game rules engines: simulate random hands or play against the computer.",
    )
    parser.add_argument("--version", action="version", version=f"tricktaker {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    simulate = commands.add_parser(
        "simulate",
        help="play many random hands in Rust and print outcome statistics",
        description="Play many random hands (every decision uniform among the legal actions) and print what"
        " happened.",
    )
    simulate_games = simulate.add_subparsers(dest="game", required=True, metavar="GAME")
    for game in GAMES.values():
        sub = simulate_games.add_parser(
            game.name,
            help=game.summary,
            description=f"Simulate random {game.name} {game.unit}.",
            epilog=_simulate_epilog(game.unit),
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
        sub.add_argument(
            "--games",
            type=_count(1, "--games"),
            required=True,
            metavar="N",
            help=f"{game.unit} to play (e.g. 1e6)",
        )
        sub.add_argument("--seed", type=_seed, required=True, metavar="S", help="seed, 0 to 2**64 - 1")
        sub.add_argument(
            "--threads", type=_count(1, "--threads"), metavar="T", help="threads (default: one per core)"
        )
        sub.add_argument("--json", action="store_true", help="print the statistics as one JSON object")
        sub.add_argument(
            "--progress",
            action=argparse.BooleanOptionalAction,
            default=None,
            help="show a progress bar on stderr (default: only when stderr is a terminal)",
        )
        game.add_rule_options(sub)
        sub.set_defaults(run=_simulate_runner(game))

    arena = commands.add_parser(
        "arena",
        help="play a seeded tournament between bots and print their mean returns",
        description="Bots play many deals, rotating seats, and their mean returns are printed with 95%"
        " confidence intervals.",
    )
    arena_games = arena.add_subparsers(dest="game", required=True, metavar="GAME")
    for game in GAMES.values():
        sub = arena_games.add_parser(game.name, help=game.summary)
        sub.add_argument(
            "--bots",
            required=True,
            metavar="NAMES",
            help=f"comma-separated, one per seat ({', '.join(sorted(BOTS[game.name]))}); the last one fills"
            " the empty seats",
        )
        sub.add_argument("--hands", type=_count(1, "--hands"), default=200, metavar="N", help="deals to play")
        sub.add_argument("--seed", type=_seed, default=0, metavar="S", help="seed, 0 to 2**64 - 1")
        sub.add_argument("--json", action="store_true", help="print the results as one JSON object")
        sub.set_defaults(run=_run_arena)

    bench = commands.add_parser(
        "bench",
        help="measure the Rust engines against the pure-Python reference engines",
        description="Time the same work (random games, protocol steps, legal moves, clones) on the Rust"
        " engines and on the pure-Python reference engines in one run, and print throughput and ratios.",
    )
    bench.add_argument("--quick", action="store_true", help="a few seconds (default: about a minute)")
    bench.add_argument("--json", action="store_true", help="print the measurements as JSON, to track them")
    bench.set_defaults(run=_run_bench)

    play = commands.add_parser(
        "play",
        help="play a game against random opponents",
        description="Play one seat against opponents choosing at random.",
    )
    play_games = play.add_subparsers(dest="game", required=True, metavar="GAME")
    for game in GAMES.values():
        if game.play is None:
            continue
        sub = play_games.add_parser(
            game.name, help=game.summary, description=f"Play {game.name} against random opponents."
        )
        sub.add_argument(
            "--seed", type=_seed, metavar="S", help="seed of the deals and the opponents (default: random)"
        )
        sub.add_argument(
            "--seat",
            type=_seat(game.num_players),
            default=0,
            metavar="K",
            help=f"your seat, 0 to {game.num_players - 1} (default 0)",
        )
        sub.add_argument(
            "--opponents",
            choices=sorted(BOTS[game.name]),
            default="random",
            help="how the other seats play (default: uniformly at random)",
        )
        if game.add_play_options is not None:
            game.add_play_options(sub)
        game.add_rule_options(sub)
        sub.set_defaults(run=game.play)
    return parser


def _run_bench(args: argparse.Namespace, console: Console) -> int:
    from . import bench  # imported here: it loads the reference engines, which the other commands do not need

    console.err.write("measuring both engines" + (" (quick)" if args.quick else "") + "…\n")
    measurements = bench.run(quick=args.quick)
    console.out.write((bench.to_json(measurements) if args.json else bench.format_table(measurements)) + "\n")
    return 0


def _simulate_runner(game: Game) -> Callable[[argparse.Namespace, Console], int]:
    def run(args: argparse.Namespace, console: Console) -> int:
        return _run_simulate(game, args, console)

    return run


def main(
    argv: list[str] | None = None,
    *,
    input_fn: Callable[[str], str] | None = None,
    out: TextIO | None = None,
    err: TextIO | None = None,
) -> int:
    """Run the command line on ``argv`` (default ``sys.argv[1:]``) and return the exit status.

    Bad arguments print a usage message on stderr and return 2; ``--help`` returns 0. ``input_fn``, ``out``
    and ``err`` replace ``input``, ``sys.stdout`` and ``sys.stderr`` (the prompt is passed to ``input_fn``).
    """
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:
        return e.code if isinstance(e.code, int) else (0 if e.code is None else 2)
    console = Console(
        input_fn=input_fn if input_fn is not None else input,
        out=out if out is not None else sys.stdout,
        err=err if err is not None else sys.stderr,
    )
    run: Callable[[argparse.Namespace, Console], int] = args.run
    try:
        return run(args, console)
    except TricktakerError as e:
        console.err.write(f"tricktaker: error: {e}\n")
        return 1
