"""Tractor on the command line: its rule flags, its ``simulate`` tally, and its table for ``play``.

Everything the commands know of Tractor is here, in :data:`GAME`. The rule flags are in two functions only:
:func:`add_rule_options` adds them, :func:`rules_dict` turns them back into ``tractor.Rules(**options)``.
"""

from __future__ import annotations

import argparse
import random
import re
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ... import bots, tractor
from ..._core import Card
from ...errors import CardParseError, TricktakerError
from ..common import (
    HELP,
    INTERRUPTED,
    MAX_COUNT,
    QUIT,
    SHOW,
    Console,
    Game,
    Tally,
    add_number_flag,
    add_rule_flags,
    choice_number,
    mean_of,
    opponent_bot,
    quoted,
    rate_of,
    rules_from_flags,
    scores_text,
)

__all__ = [
    "BOTS",
    "GAME",
    "MAX_PLAYS_LISTED",
    "MAX_PLAYS_SHOWN",
    "TractorTable",
    "TractorTally",
    "add_rule_options",
    "apply_tractor_answer",
    "render_tractor_view",
    "rules_dict",
    "tractor_choices",
]

# ---- the rule flags ----


def add_rule_options(parser: argparse.ArgumentParser) -> None:
    """Add a flag per rule option of ``tractor.Rules`` (``--game-end`` matters to ``play`` only)."""
    add_rule_flags(
        parser,
        tractor.Rules,
        "rule options (docs/rules/tractor.md, A.4)",
        aliases={
            "negative_points_as_zero": (
                "--negative-points-not-zero",
                False,
                "the same as --no-negative-points-as-zero: a negative total is reported as it is (R43)",
            )
        },
    )


def rules_dict(args: argparse.Namespace) -> dict[str, Any]:
    """The rule options of the parsed flags, as ``tractor.Rules(**options)`` keywords."""
    return rules_from_flags(args, tractor.Rules)


def _rules(args: argparse.Namespace) -> tractor.Rules:
    return tractor.Rules(**rules_dict(args))


# ---- simulate ----

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
            "mean": mean_of(total, n),
            "min": values[0] if values else None,
            "q1": _quantile(values, counts, 0.25) if n else None,
            "median": _quantile(values, counts, 0.5) if n else None,
            "q3": _quantile(values, counts, 0.75) if n else None,
            "max": values[-1] if values else None,
        }
        return {
            "rounds": n,
            "declarers_hold_rate": rate_of(holds, n),
            "level_changes": {key: rate_of(count, n) for key, count in changes.items()},
            "points": points,
            "points_bands": {key: rate_of(count, n) for key, count in bands.items()},
            "failed_throws_per_round": mean_of(self.failed_throws, n),
            "failed_throw_round_rate": rate_of(self.rounds_with_failed_throw, n),
            "redeal_rate": rate_of(self.redeals, n),
            "deals_per_round": mean_of(self.deals, n),
            "no_trump_rate": rate_of(self.no_trump, n),
            "mean_return_per_seat": [total / n if n else None for total in self.seat_returns],
            "mean_return_per_role": {
                "declarer": mean_of(self.declarer_returns, n),
                "opponent": mean_of(self.opponent_returns, n),
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


def _new_tally(args: argparse.Namespace) -> Tally:
    return TractorTally(rules=_rules(args))


# ---- at the table ----

MAX_PLAYS_SHOWN = 40
"""How many of the legal plays ``play tractor`` lists by number."""

MAX_PLAYS_LISTED = 20_000
"""The most legal plays ``play tractor`` lists to number the fewest-card ones (a few milliseconds). A long
suit on lead can have millions (25 trumps: 4,478,975), counted by ``State.count_legal_plays()`` and never
listed: then the numbers are the cards to build a play with, one at a time."""

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


@dataclass(frozen=True)
class _Choices:
    """What the numbers at a prompt of ``play tractor`` select, listed once per prompt."""

    labels: list[str]
    total: int
    """How many legal plays there are (the play phase), else how many legal actions."""
    plays: list[list[Card]] | None
    """The plays numbered (the fewest cards first), or ``None`` when the numbers select :attr:`actions`."""
    actions: list[int]


def _choices(state: tractor.State) -> _Choices:
    """The numbered choices of the player to move: at most :data:`MAX_PLAYS_SHOWN` whole plays, the fewest
    cards first, when there are at most :data:`MAX_PLAYS_LISTED` (counted first, never listed past that);
    with more, and outside the play phase, the legal actions (in the play phase: the cards a play may go on
    with, ``add AH``, and ``finish``)."""
    if state.phase != "play":
        actions = state.legal_actions()
        return _Choices([state.action_to_string(a) for a in actions], len(actions), None, actions)
    total = state.count_legal_plays()
    if total <= MAX_PLAYS_LISTED:
        plays = sorted(state.legal_plays(limit=MAX_PLAYS_LISTED), key=len)[:MAX_PLAYS_SHOWN]
        return _Choices([_cards_text(p) for p in plays], total, plays, [])
    actions = state.legal_actions()
    texts = [state.action_to_string(a) for a in actions]
    labels = ["add " + t.removeprefix("play ") if t.startswith("play ") else t for t in texts]
    return _Choices(labels, total, None, actions)


def tractor_choices(state: tractor.State) -> tuple[list[str], int]:
    """The labels of the numbered choices of the player to move and how many plays (actions) there are.

    In the play phase they are at most :data:`MAX_PLAYS_SHOWN` whole legal plays, the fewest cards first, or,
    when there are more than :data:`MAX_PLAYS_LISTED`, the cards to build one with (``add AH``, ``finish``);
    otherwise the legal actions.
    """
    choices = _choices(state)
    return choices.labels, choices.total


def _choices_block(labels: list[str], more: int) -> str:
    entries = [f"{i:>2}. {label}" for i, label in enumerate(labels, 1)]
    width = max((len(e) for e in entries), default=0) + 2
    per_row = max(1, 100 // max(width, 1))
    rows = [
        "".join(f"{e:<{width}}" for e in entries[i : i + per_row]).rstrip()
        for i in range(0, len(entries), per_row)
    ]
    if more > 0:
        rows.append(f"    … and {more:,} more legal plays: type the cards of any of them.")
    return "\n".join(rows)


_ACTION_WORDS = frozenset({"play", "add", "finish", "pass", "discard", "declare"})


def _parse_cards(words: Sequence[str]) -> list[Card] | str:
    cards = []
    for word in words:
        try:
            cards.append(Card(word))
        except (CardParseError, ValueError):
            return f"{quoted(word)} is not a card (cards look like AH, 10h, th, BJ, RJ)."
    return cards


def apply_tractor_answer(state: tractor.State, text: str) -> str | None:
    """Apply the person's answer ``text`` to ``state``; ``None`` once applied, else a message saying why not.

    ``text`` is a number from :func:`tractor_choices`, a whole play (``AH AH``, ``ah ah``, ``play 10h``), the
    cards to bury in the kitty phase (``5S 6S`` or ``discard 5S``, several at once), an action's text
    (``pass``, ``declare 2H``, ``finish``; ``add AH`` adds one card to the play being built), or during the
    draw the cards to declare (``2H 2H``). Nothing is applied unless all of it is legal.
    """
    if state.is_terminal:
        return "The round is over."
    return _apply_answer(state, text, _choices(state))


def _apply_answer(state: tractor.State, text: str, choices: _Choices) -> str | None:
    """:func:`apply_tractor_answer`, the numbers selecting among ``choices`` (listed for this prompt)."""
    answer = " ".join(text.replace(",", " ").split())
    phase = state.phase
    shown = len(choices.labels)
    if not answer:
        return f"Type a number from 1 to {shown}, cards or an action ('help' explains)."
    chosen = choice_number(answer, shown)
    if isinstance(chosen, str):
        return chosen
    if chosen is not None:
        if choices.plays is not None:
            state.play(choices.plays[chosen])
        else:
            state.apply_action(choices.actions[chosen])
        return None
    words = answer.split()
    verb = words[0].lower()
    if verb not in _ACTION_WORDS:
        cards = _parse_cards(words)
        if isinstance(cards, str):
            return (
                f"{quoted(answer)} is neither a choice nor cards: type a number from 1 to {shown}, cards such"
                " as 'AH AH' or '10h', or an action such as 'pass' ('help' explains)."
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
        """Play rounds until the match ends, ``max_rounds`` are played or the person quits (a ``quit``, the
        end of the input); returns the exit status: 0, or :data:`~tricktaker.cli.common.INTERRUPTED` after
        Ctrl-C."""
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
            rounds = len(self.match.record)
            say(f"\nInterrupted. Goodbye. Levels after {rounds} round(s): {self._levels_text()}")
            return INTERRUPTED

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
        choices = _choices(state)
        self._show_choices(state, choices)
        what = {"draw": "declare or pass", "kitty": "bury", "play": "your play"}.get(state.phase, "move")
        while True:
            numbers = "1" if len(choices.labels) == 1 else f"1-{len(choices.labels)}"
            answer = self.console.ask(f"{what.capitalize()} [{numbers}, cards, 'help']: ")
            if answer is None:
                return False
            word = answer.strip().lower()
            if word in QUIT:
                return False
            if word in HELP:
                say(_TRACTOR_HELP)
                self._show_choices(state, choices)
                continue
            if word in SHOW:
                say(render_tractor_view(state, self.seat))
                self._show_choices(state, choices)
                continue
            try:
                message = _apply_answer(state, answer, choices)
            except (TricktakerError, ValueError) as e:  # not expected: every path checks first
                message = f"That did not work: {e}."
                choices = _choices(state)
            if message is None:
                return True
            say(message)

    def _show_choices(self, state: tractor.State, choices: _Choices) -> None:
        more = 0
        if choices.plays is not None:
            head = f"Your legal plays ({choices.total:,}; the fewest cards first):"
            more = choices.total - len(choices.labels)
        elif state.phase == "play":
            head = (
                f"Your legal plays: {choices.total:,}, too many to list. Type the cards of one, or build it"
                " a card at a time:"
            )
        elif state.phase == "kitty":
            head = "Bury a card (or type several cards at once, e.g. '5S 6S 7D'):"
        else:
            head = "Your choices:"
        self.console.print(head)
        self.console.print(_choices_block(choices.labels, more))

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
        say(f"Returns: {scores_text(state.returns(), seat)}")


def _add_play_options(parser: argparse.ArgumentParser) -> None:
    add_number_flag(
        parser,
        "--rounds",
        1,
        MAX_COUNT,
        "stop after R rounds",
        note="default: play until a team passes the ace",
        metavar="R",
    )


def _play(args: argparse.Namespace, console: Console) -> int:
    rules = _rules(args)
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
        opponent=opponent_bot(BOTS, args.opponents, seed),
    )
    return table.run()


# ---- the plug-in ----

BOTS: dict[str, Callable[[int], bots.Bot]] = {
    "random": lambda seed: bots.RandomBot(seed),
    "heuristic": lambda seed: bots.TractorHeuristicBot(),
    "pimc": lambda seed: bots.TractorPIMCBot(seed=seed),
}
"""The bots Tractor offers, by name, made from a seed."""

GAME = Game(
    name="tractor",
    summary="4 players in 2 teams, 108 cards, declarations, kitty, pairs, tractors and throws",
    add_rule_options=add_rule_options,
    rules_dict=rules_dict,
    new_tally=_new_tally,
    play=_play,
    add_play_options=_add_play_options,
    unit="rounds",
    bots=BOTS,
)
"""Tractor's plug-in, found by :data:`tricktaker.cli.GAMES`."""
