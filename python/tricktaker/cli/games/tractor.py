"""Tractor on the command line: its rule flags, its ``simulate`` tally, and its table for ``play``.

Everything the commands know of Tractor is here, in :data:`GAME`. The rule flags are in two functions only:
:func:`add_rule_options` adds them, :func:`rules_dict` turns them back into ``tractor.Rules(**options)``.
"""

from __future__ import annotations

import argparse
import re
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any, ClassVar

import numpy as np
from rich.text import Text

from ... import bots, tractor
from ..._core import Card
from ...errors import CardParseError, TricktakerError
from ..common import (
    COMMANDS_HELP,
    MAX_COUNT,
    PLAIN,
    STYLES,
    SUIT_NAMES,
    SUIT_SYMBOLS,
    BotMaker,
    Console,
    Game,
    Look,
    PlayTable,
    SaveFileError,
    TakeBack,
    Tally,
    add_number_flag,
    add_rule_flags,
    choice_number,
    engine_reason,
    game_bots,
    mean_of,
    new_table,
    play_table,
    plural,
    quoted,
    rate_of,
    rules_from_flags,
    saved_int,
    scores_text,
    symbolized,
    table_command,
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
    "public_action",
    "render_tractor_view",
    "rules_dict",
    "tractor_choices",
    "tractor_view",
]

# ---- the rule flags ----


def add_rule_options(parser: argparse.ArgumentParser) -> None:
    """Add a flag per rule option of ``tractor.Rules`` (``--game-end`` matters to ``play`` only)."""
    add_rule_flags(
        parser,
        tractor.Rules,
        "rule options (docs/rules/tractor.md, A.4 and A.5)",
        aliases={
            "negative_points": (
                "--negative-points-not-zero",
                "extra_levels",
                "deprecated: the same as --negative-points extra_levels (a negative total is reported as it "
                "is, and counts for levels, F33)",
            ),
            "tractor_follow": (
                "--tractor-must-follow-tractor",
                "full",
                "deprecated: the same as --tractor-follow full (F23)",
            ),
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
            f"  ({plural(counts['declarers_hold'], 'round')}; takeover {counts['takeover']:,})",
            "level change (R43):",
        ]
        for key, rate in stats["level_changes"].items():
            if key in levels_meaning:
                meaning = levels_meaning[key]
            else:
                k = int(key.rpartition("+")[2])
                meaning = f"P {80 + 40 * k}-{115 + 40 * k}"
            label = f"  {key} ({meaning})"
            lines.append(f"{label:<40}{pct(rate)}  ({plural(counts['level_changes'][key], 'round')})")
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
            f"  ({plural(counts['redeals'], 'round')})",
            f"{'no-trump rate (joker pair declared)':<40}{pct(stats['no_trump_rate'])}"
            f"  ({plural(counts['no_trump'], 'round')})",
            f"{'mean return per seat':<40}" + "  ".join(signed(v) for v in stats["mean_return_per_seat"]),
            f"{'mean return per role':<40}declarer {signed(stats['mean_return_per_role']['declarer'])}"
            f"  opponent {signed(stats['mean_return_per_role']['opponent'])}",
        ]
        return lines


def _new_tally(args: argparse.Namespace) -> Tally:
    return TractorTally(rules=_rules(args))


# ---- at the table ----

MAX_PLAYS_SHOWN = 40
"""How many of the legal plays ``play tractor`` lists by number."""

MAX_PLAYS_LISTED = 20_000
"""The most legal plays ``play tractor`` lists to number the fewest-card ones (a few milliseconds). A long
suit on lead can have millions (25 trumps: 4,478,975), counted by ``State.count_legal_plays()`` and never
listed: then the numbers are the cards to build a play with, one at a time."""

_LEVEL_NAMES = {11: "J", 12: "Q", 13: "K", 14: "A", 15: "NT"}

_TRACTOR_HELP = f"""\
Answer with one of:
  a number from the list              e.g. 1
  a whole play: its cards             e.g. AH AH, ah ah, A♥ A♥, 10h, play KS KS QS QS
  in the kitty phase, cards to bury   e.g. 5S, 5s 6s 7d, discard 5S
  during the draw                     declare 2H, declare 2H 2H, declare BJ BJ, pass
  card by card (the engine's way)     add AH (adds AH to the play being built), finish (ends a lead)
{COMMANDS_HELP}
Cards: rank 2-10 J Q K A (T for 10) and suit C D H S (or ♣ ♦ ♥ ♠), or BJ / RJ for the black / red joker.
Follow the effective suit led with as many cards as the lead (trumps are one suit); pairs must answer pairs
when you can (R28-R32). A lead is one suit: a single, a pair, a tractor or a throw (unbeatable parts, R27).
Your hand shows the cards you may play now; the others are dim (in parentheses without colour)."""


def _level_name(level: int) -> str:
    if level > 15:
        return f"past NT ({level})"
    return _LEVEL_NAMES.get(level, str(level))


def _suit_name(suit: str, look: Look = PLAIN) -> str:
    """``trumps``, ``clubs`` (``clubs ♣`` with symbols)."""
    return "trumps" if suit == "T" else look.suit(suit)


def _cards_text(cards: Sequence[Card], look: Look = PLAIN) -> str:
    return look.names(cards)


def _cards(cards: Sequence[Card], state: tractor.State, look: Look) -> Text:
    """Cards styled: trumps bold (once the trump is fixed), red suits red, the jokers coloured."""
    trump = state.trump
    return look.cards(cards, trump=trump.is_trump if trump is not None else None)


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


def _plays_text(
    plays: Sequence[tuple[int, Sequence[Card]]], seat: int, state: tractor.State, look: Look = PLAIN
) -> Text:
    out = Text()
    for i, (player, cards) in enumerate(plays):
        if i:
            out.append(" | ")
        out.append(f"{_who(player, seat)}: ").append_text(_cards(cards, state, look))
    return out


def public_action(
    state: tractor.State, player: int | None, action: int, seat: int | None, look: Look = PLAIN
) -> str:
    """The text of ``action``, taken by ``player`` at ``state`` (before it is applied), as ``seat`` may
    know it (docs/tractor-protocol.md, "What a seat knows"): the engine's text (``declare 2H``, ``play AH``),
    but another seat's discard into the kitty is ``discard a card`` and a card it adds to a play it has not
    laid down yet is ``play a card (not laid down yet)``. ``seat`` ``None`` (every hand face up) and
    ``seat``'s own actions are in full. Cards are written as ``look`` writes them. The one source of what
    ``play`` narrates of the kitty and what ``replay`` labels its steps with."""
    text = state.action_to_string(action)
    verb = text.partition(" ")[0]
    if seat is not None and player != seat:
        if verb == "discard":
            return "discard a card"
        if verb == "play":
            after = state.clone()
            after.apply_action(action)
            if after.phase == "play" and after.current_player == player and after.partial_play():
                return "play a card (not laid down yet)"
    return symbolized(text, look)


def _declaration_effect(cards: Sequence[Card], look: Look = PLAIN) -> str:
    if not cards or cards[0].is_joker:
        return "no trump: only the jokers are trumps"
    return f"{_suit_name(cards[0].suit or '', look)} trump"


def _playable(state: tractor.State, seat: int) -> set[Card] | None:
    """The cards of ``seat``'s hand that can go into its play now (the engine offers only the cards that can
    still complete a legal play), or ``None`` when it is not its turn to play or every card can."""
    if state.phase != "play" or state.current_player != seat:
        return None
    cards = {Card.from_id(a) for a in state.legal_actions() if a < _FINISH}
    cards |= set(state.partial_play())
    hand = set(state.hand(seat))
    return None if hand <= cards else cards


_FINISH = 54
"""The action id of ``finish``; the ids below it add the card of that id to the play (R27)."""


def _follow_note(state: tractor.State, seat: int, look: Look) -> str | None:
    """What ``seat`` owes the lead of the trick, when it is its turn to follow (R26, R28, R30–R32)."""
    trick, trump = state.current_trick(), state.trump
    if state.phase != "play" or state.current_player != seat or not trick or trump is None:
        return None
    lead = trick[0][1]
    suit = trump.suit_of(lead[0])
    n, name = len(lead), _suit_name(suit, look)
    held = [c for c in state.hand(seat) if trump.suit_of(c) == suit]
    k = len(held)
    if k >= n:
        pairs = sum(len(cards) // 2 for kind, cards in tractor.decompose(lead, trump) if kind != "single")
        mine = sum(len(cs) // 2 for kind, cs in tractor.decompose(held, trump) if kind != "single")
        extra = " and answer its pairs with your pairs (R30–R32)" if pairs and mine else ""
        return f"you must follow {name}: the lead has {plural(n, 'card')}, you hold {k} (R28){extra}"
    if k > 0:
        return (
            f"you hold only {k} of the {name} led: all of them go in, and {plural(n - k, 'card')} of your"
            " choice (R28, R32)"
        )
    return f"you have no {name}: play any {plural(n, 'card')} (R28)"


def _hand_lines(state: tractor.State, seat: int, look: Look = PLAIN) -> list[Text]:
    """The seat's own hand: grouped by effective suit once the trump is fixed (trumps first, each group in
    the trump's order), else sorted by card id; at its turn to play, the cards it cannot play now dim."""
    hand = state.hand(seat)
    trump = state.trump
    if not hand:
        return [Text("  (no cards)")]
    if trump is None:
        return [Text("  ").append_text(look.cards(sorted(hand, key=lambda c: c.id)))]
    playable = _playable(state, seat)
    groups: dict[str, list[Card]] = {}
    for card in trump.sort(hand):
        groups.setdefault(trump.suit_of(card), []).append(card)
    lines = []
    for suit, cards in groups.items():
        label = ("trumps" if suit == "T" else SUIT_NAMES[suit]) + ":"
        if look.symbols and suit != "T":
            label = f"{label[:-1]} {SUIT_SYMBOLS[suit]}:"
        line = Text(f"  {label:<12}" if look.symbols else f"  {label:<10}")
        line.append_text(
            look.cards(
                cards,
                trump=trump.is_trump,
                playable=(lambda c: c in playable) if playable is not None else None,
            )
        )
        lines.append(line)
    note = _follow_note(state, seat, look)
    if note is not None:
        lines.append(Text(f"  {note[0].upper()}{note[1:]}.", style=STYLES["unplayable"] if playable else ""))
    return lines


def _kitty_turned_over(state: tractor.State) -> bool:
    """Whether the kitty is public: the round is over and the opponents won the last trick (R41)."""
    last = state.last_trick()
    return (
        state.phase == "done"
        and last is not None
        and state.declarers is not None
        and tractor.team_of(last[2]) != state.declarers
    )


def tractor_view(state: tractor.State, seat: int, look: Look = PLAIN) -> Text:
    """:func:`render_tractor_view` as styled text, the cards written as ``look`` writes them."""
    levels = state.levels
    mine = seat % 2
    trump = state.trump
    lines: list[Text] = [
        Text(f"Tractor · {state.phase} · rank {state.rank}", style=STYLES["head"]),
        Text(
            f"Levels: {_team_text(mine, seat)} {_level_name(levels[mine])}"
            f" · {_team_text(1 - mine, seat)} {_level_name(levels[1 - mine])}"
        ),
    ]
    if state.phase == "draw":
        deal = f" (deal {state.deals})" if state.deals > 1 else ""
        lines.append(Text(f"Draw: {state.drawn} of {4 * state.hand_size} cards drawn{deal}"))
    if trump is not None:
        lines.append(Text(f"Trump: {symbolized(str(trump), look)}"))
    declaration = state.declaration
    if declaration is not None:
        player, kind, cards = declaration
        lines.append(
            Text(f"Declaration: {_who(player, seat)} ({kind}: ")
            .append_text(_cards(cards, state, look))
            .append(f") → {_declaration_effect(cards, look)}")
        )
    elif state.phase == "draw":
        lines.append(Text("Declaration: none yet"))
    exposed = [(player, cards) for player, cards in enumerate(state.exposed()) if cards]
    if exposed:
        lines.append(Text("Exposed (still in hand): ").append_text(_plays_text(exposed, seat, state, look)))
    declarers, starter = state.declarers, state.starter
    if declarers is not None:
        role = "you declare" if declarers == mine else "you oppose"
        start = f" · starter: {_who(starter, seat)}" if starter is not None else ""
        lines.append(Text(f"Declarers: seats {declarers} and {declarers + 2} ({role}){start}"))
    else:
        lines.append(Text("Declarers: whoever's declaration stands at the end of the draw (round 1)"))
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
        lines.append(
            Text(
                f"  {name + tag:<34} {plural(count, 'card'):>8}{mark}",
                style=STYLES["you"] if player == seat else "",
            )
        )
    lines.append(Text("Your hand:"))
    lines += _hand_lines(state, seat, look)
    if state.phase == "kitty" and starter == seat:
        more = len(state.hand(seat)) - state.hand_size
        lines.append(Text(f"You hold the talon: bury {plural(more, 'more card')}."))
    if state.kitty and ((starter == seat and state.phase != "draw") or _kitty_turned_over(state)):
        owner = "Your kitty (buried)" if starter == seat else "Kitty (turned over)"
        lines.append(Text(f"{owner}: ").append_text(_cards(state.kitty, state, look)))
    last = state.last_trick()
    if last is not None:
        _, plays, winner = last
        points = tractor.trick_points(c for _, cards in plays for c in cards)
        lines.append(
            Text("Last trick: ")
            .append_text(_plays_text(plays, seat, state, look))
            .append(f" → {_who(winner, seat)} ({plural(points, 'point')})")
        )
    if state.phase == "play":
        shown = _plays_text(state.current_trick(), seat, state, look)
        partial = state.partial_play()
        mover = state.current_player
        if partial and mover is not None:
            building = Text(f"{_who(mover, seat)}: ").append_text(_cards(partial, state, look)).append(" …")
            shown = shown.append(" | ").append_text(building) if shown.plain else building
        lines.append(Text("Trick: ").append_text(shown if shown.plain else Text("(nothing led yet)")))
    if state.phase in ("play", "done") and declarers is not None:
        taken = state.trick_points
        lines.append(
            Text(
                f"Opponents' points P: {state.points} (in tricks: opponents {taken[1 - declarers]},"
                f" declarers {taken[declarers]}; the opponents take over at 80)",
                style=STYLES["head"],
            )
        )
    failed = state.failed_throw()
    if failed is not None:
        player, attempted, forced, penalty = failed
        lines.append(
            Text(f"Failed throws this round: {state.failed_throws}; the last: {_who(player, seat)} tried ")
            .append_text(_cards(attempted, state, look))
            .append(" and led ")
            .append_text(_cards(forced, state, look))
            .append(f" (P {penalty:+d})")
        )
    return Text("\n").join(lines)


def render_tractor_view(state: tractor.State, seat: int, look: Look = PLAIN) -> str:
    """The table as ``seat`` sees it: their own hand and only what is public.

    Other seats show only their card counts and the cards they exposed to declare; the kitty is shown to the
    starter once buried, and to everyone when the opponents turn it over after the last trick (R41). At the
    seat's turn to play, the cards it cannot play now are marked and what it owes the lead is said.
    """
    return tractor_view(state, seat, look).plain


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


def _choices_block(labels: list[str], more: int, look: Look = PLAIN) -> Text:
    entries = [
        Text(f"{i:>2}. ", style=STYLES["number"]).append(symbolized(label, look))
        for i, label in enumerate(labels, 1)
    ]
    width = max((len(e.plain) for e in entries), default=0) + 2
    per_row = max(1, 100 // max(width, 1))
    rows = []
    for i in range(0, len(entries), per_row):
        row = Text()
        for entry in entries[i : i + per_row]:
            entry.pad_right(width - len(entry.plain))
            row.append_text(entry)
        row.rstrip()
        rows.append(row)
    if more > 0:
        rows.append(Text(f"    … and {more:,} more legal plays: type the cards of any of them."))
    return Text("\n").join(rows)


_ACTION_WORDS = frozenset({"play", "add", "finish", "pass", "discard", "declare"})


def _parse_cards(words: Sequence[str]) -> list[Card] | str:
    cards = []
    for word in words:
        try:
            cards.append(Card(word))
        except (CardParseError, ValueError):
            return f"{quoted(word)} is not a card (cards look like AH, 10h, th, A♥, BJ, RJ)."
    return cards


def apply_tractor_answer(state: tractor.State, text: str, look: Look = PLAIN) -> str | None:
    """Apply the person's answer ``text`` to ``state``; ``None`` once applied, else a message saying why not.

    ``text`` is a number from :func:`tractor_choices`, a whole play (``AH AH``, ``ah ah``, ``play 10h``), the
    cards to bury in the kitty phase (``5S 6S`` or ``discard 5S``, several at once), an action's text
    (``pass``, ``declare 2H``, ``finish``; ``add AH`` adds one card to the play being built), or during the
    draw the cards to declare (``2H 2H``). Nothing is applied unless all of it is legal; a refused play is
    told the rule it breaks (follow the suit led, pairs for pairs, a lead of one suit).
    """
    if state.is_terminal:
        return "The round is over."
    return _apply_answer(state, text, _choices(state), look)


def _apply_answer(state: tractor.State, text: str, choices: _Choices, look: Look = PLAIN) -> str | None:
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
    return _apply_verb(state, verb, cards, look)


def _apply_verb(state: tractor.State, verb: str, cards: list[Card], look: Look = PLAIN) -> str | None:
    text = " ".join([verb, *(str(c) for c in cards)])
    if verb in ("pass", "finish"):
        if cards:
            return f"'{verb}' takes no cards."
        return _apply_actions(state, [verb], look=look)
    if not cards:
        return f"Say which cards: e.g. '{verb} {'2H' if verb == 'declare' else 'AH'}'."
    if verb == "play":
        if state.phase != "play":
            shown = symbolized(text, look)
            return f"{shown!r} is not legal now: it is the {state.phase} phase ('help' explains)."
        try:
            state.play(cards)
        except (TricktakerError, ValueError) as e:
            return f"You cannot play {_cards_text(cards, look)}: {_explain(state, e, look)}."
        return None
    if verb == "declare":
        return _apply_actions(state, [text], look=look)
    if verb == "add":
        return _apply_actions(state, [f"play {c}" for c in cards], [f"add {c}" for c in cards], look)
    return _apply_actions(state, [f"discard {c}" for c in cards], look=look)


def _apply_actions(
    state: tractor.State, texts: list[str], names: list[str] | None = None, look: Look = PLAIN
) -> str | None:
    """Apply the actions ``texts`` (shown as ``names``) in turn, all or none (tried on a clone first)."""
    trial = state.clone()
    for i, text in enumerate(texts):
        try:
            trial.apply(text)
        except (TricktakerError, ValueError) as e:
            name = names[i] if names is not None else text
            return f"{symbolized(name, look)!r} is not legal now: {_explain(trial, e, look)}."
    for text in texts:
        state.apply(text)
    return None


def _explain(state: tractor.State, error: Exception, look: Look = PLAIN) -> str:
    """The engine's reason, told to the player to move in the rule's words (``you must follow hearts…``),
    without the action id; a reason this does not know is given as the engine words it."""
    text = engine_reason(error)
    trick, trump = state.current_trick(), state.trump
    suit = trump.suit_of(trick[0][1][0]) if trick and trump is not None else None
    led = _suit_name(suit, look) if suit is not None else "the led suit"
    n = len(trick[0][1]) if trick else 0
    c = "(?P<c>BJ|RJ|10[CDHS]|[2-9JQKA][CDHS])"
    rewrites: list[tuple[str, Callable[[re.Match[str]], str]]] = [
        (
            r"^the lead has (\d+) cards? and the play (\d+)",
            lambda m: (
                f"the lead has {plural(int(m[1]), 'card')} and your play {m[2]}: every player plays as"
                " many cards as the lead (R26)"
            ),
        ),
        (
            rf"^{c} is not of the led suit, and the hand holds enough of it to follow",
            lambda m: (
                f"{m['c']} is not of the led suit ({led}): you hold enough {led} to follow the"
                f" {plural(n, 'card')} led with them alone (R28)"
            ),
        ),
        (
            rf"^{c}: the hand holds enough of the led suit and must follow it",
            lambda m: (
                f"{m['c']} is not of the led suit ({led}): you hold enough {led} to follow with them"
                " alone (R28)"
            ),
        ),
        (
            rf"^{c} is of the led suit and must be played",
            lambda m: (
                f"you hold fewer {led} than the lead has cards, so all of them go in, {m['c']} too (R28, R32)"
            ),
        ),
        (
            rf"^{c}: the places left belong to the led suit's cards",
            lambda m: (
                f"the places left in your play are for your {led}, which must all go in; {m['c']} does not"
                " fit (R28, R32)"
            ),
        ),
        (
            r"^the play has (\d+) pairs?(?:\(s\))? of the led suit where (\d+) (?:are|is) required",
            lambda m: (
                f"the lead asks for {plural(int(m[2]), 'pair')} of {led} and you hold them; your play has"
                f" {int(m[1])} (R30–R32)"
            ),
        ),
        (
            rf"^{c}: the follow could not then hold the pairs",
            lambda m: f"with {m['c']} your play could not hold the pairs the lead asks for (R30–R32)",
        ),
        (
            rf"^{c} and (?P<d>\S+) are of different effective suits",
            lambda m: (
                f"{m['c']} and {m['d']} are not of one suit (trumps count as one suit): a lead is all of"
                " one suit (R27)"
            ),
        ),
        (
            rf"^{c} is not of the lead's effective suit",
            lambda m: (
                f"{m['c']} is not of the suit of the lead you are building: a lead is all of one suit (R27)"
            ),
        ),
    ]
    for pattern, rewrite in rewrites:
        if (m := re.search(pattern, text)) is not None:
            return symbolized(rewrite(m), look)
    mover = state.current_player
    if mover is not None:
        text = re.sub(rf"\bseat {mover} does not hold\b", "you do not hold", text)
        text = re.sub(rf"\bseat {mover} has no\b", "you have no", text)
        text = re.sub(rf"\bseat {mover} holds\b", "you hold", text)
    return symbolized(text, look)


@dataclass
class TractorTable(PlayTable):
    """A person at ``seat`` of a :class:`tractor.Match`; the other seats are played by ``opponent`` (a
    :mod:`tricktaker.bots` bot), or uniformly at random with ``rng`` when it is ``None``.

    At a prompt the person may also type ``undo`` (back to their previous decision of the round), ``save
    FILE`` (the match as it stands, resumed by ``play tractor --resume FILE``), ``show``, ``help`` and
    ``quit``. With ``record_path`` the record of the match is written there when it ends or the person leaves.
    ``max_rounds`` stops the match after that many rounds.
    """

    match: tractor.Match
    max_rounds: int | None = None
    game: ClassVar[str] = "tractor"
    deal: ClassVar[str] = "round"

    def _standing(self) -> str:
        return f"Levels after {plural(len(self.match.record), 'round')}: {self._levels_text()}"

    def save_fields(self) -> dict[str, Any]:
        return {"max_rounds": self.max_rounds}

    def _run(self) -> int:
        say = self.console.print
        while True:
            state = self.match.state
            number = len(self.match.record) + 1
            declarers = (
                f" · declarers seats {state.declarers} and {state.declarers + 2}"
                if state.declarers is not None
                else ""
            )
            say(Text(f"\n=== Round {number} · rank {state.rank}{declarers} ===", style="bold"))
            if not self._play_round(state):
                say(f"\nGoodbye. Levels after {plural(number - 1, 'round')}: {self._levels_text()}")
                return 0
            self._report_round(state)
            self.match.next_round()
            self.decisions.clear()
            self._show_rounds()
            say(f"Levels: {self._levels_text()}")
            winner = self.match.winner
            if winner is not None:
                who = "Your team" if winner == self.seat % 2 else f"Seats {winner} and {winner + 2}"
                say(f"\nMatch over after {plural(number, 'round')}: {who} passed the ace and won.")
                return 0
            if self.max_rounds is not None and number >= self.max_rounds:
                say(f"\nStopping after {plural(number, 'round')} (--rounds).")
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
                if state.deals > deals:
                    why = (
                        "Nobody declared"
                        if state.declarers is None
                        else "Nobody declared and the talon fixes no trump"
                    )
                    say(f"{why}: all 108 cards are shuffled and drawn again (deal {state.deals}).")
                deals = state.deals
            phase = state.phase
            player = state.current_player
            assert player is not None
            try:
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
            except TakeBack:
                deals = state.deals
        return True

    def _draw_turn(self, state: tractor.State, player: int) -> bool:
        say = self.console.print
        final = state.drawn == 4 * state.hand_size
        if player == self.seat:
            say(f"\nThe draw goes on… {state.drawn} of {4 * state.hand_size} cards drawn; you may declare.")
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
            say(
                Text(f"{_verb(player, self.seat, 'declare')} ")
                .append_text(_cards(cards, state, self.look))
                .append(f" → {_declaration_effect(cards, self.look)}")
            )
        elif final or player == self.seat:
            say(f"{_verb(player, self.seat, 'pass', 'passes')}")
        return True

    def _announce_trump(self, state: tractor.State) -> None:
        say = self.console.print
        declaration = state.declaration
        trump = symbolized(str(state.trump), self.look)
        if declaration is None:
            say(f"\nThe draw is over. Nobody declared: the talon is turned up and sets the trump: {trump}.")
        else:
            player, _, cards = declaration
            say(
                Text(f"\nThe draw is over. Trump: {trump} (declared by {_who(player, self.seat)}: ")
                .append_text(_cards(cards, state, self.look))
                .append(").")
            )
        declarers, starter = state.declarers, state.starter
        assert declarers is not None and starter is not None
        role = "you declare" if declarers == self.seat % 2 else "you oppose"
        say(
            f"Declarers: seats {declarers} and {declarers + 2} ({role}); starter: {_who(starter, self.seat)}."
        )
        k = state.rules.kitty_size
        if k == 0:
            say("There is no kitty (kitty_size 0): the starter leads at once.")
        elif starter == self.seat:
            say(f"You take the {plural(k, 'card')} of the talon into your hand and bury {k} face down.")
        else:
            say(f"Seat {starter} takes the {plural(k, 'card')} of the talon into its hand and buries {k}.")

    def _kitty_turn(self, state: tractor.State, player: int) -> bool:
        texts: list[str] = []
        if player != self.seat:
            while state.phase == "kitty":
                action = self._opponent_action(state)
                texts.append(public_action(state, player, action, self.seat))
                state.apply_action(action)
        else:
            start = len(state.history())
            while state.phase == "kitty":
                if not self._ask(state):
                    return False
            before = state.clone()
            for _ in state.history()[start:]:
                before.undo()
            for action in state.history()[start:]:
                texts.append(public_action(before, player, action, self.seat))
                before.apply_action(action)
        self.console.print(self._kitty_text(player, texts, state))
        return True

    def _kitty_text(self, player: int, texts: Sequence[str], state: tractor.State) -> Text:
        """What the person is told of ``player``'s discards, from their :func:`public_action` texts (written
        with letters): the cards the person may see, the count of the others."""
        shown = [Card(t.partition(" ")[2]) for t in texts if t != "discard a card"]
        hidden = len(texts) - len(shown)
        verb = _verb(player, self.seat, "bury", "buries")
        line = Text(f"{verb[0].upper()}{verb[1:]} ")
        if shown:
            line.append_text(_cards(sorted(shown, key=lambda c: c.id), state, self.look))
        if hidden:
            line.append(("and " if shown else "") + f"{plural(hidden, 'card')} face down")
        return line.append(".")

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
        seat, look = self.seat, self.look
        if state.failed_throws > failed:
            throw = state.failed_throw()
            assert throw is not None
            _, attempted, forced, penalty = throw
            back = len(attempted) - len(forced)
            say(
                Text(f"{_verb(player, seat, 'try', 'tries')} to throw ")
                .append_text(_cards(attempted, state, look))
                .append(
                    f": the throw fails (a part can be beaten), {plural(back, 'card')} go"
                    f"{'es' if back == 1 else ''} back and P changes by {penalty:+d}."
                )
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
        say(Text(f"{verb} ").append_text(_cards(cards, state, look)))
        if winner is not None:
            points = tractor.trick_points(c for _, p in plays for c in p)
            declarers = state.declarers
            side = (
                "declarers" if declarers is not None and tractor.team_of(winner) == declarers else "opponents"
            )
            gain = f"{plural(points, 'point')} for the {side}" if points else "no points"
            say(f"  → {_verb(winner, seat, 'win')} the trick ({gain}); opponents' points P: {state.points}")

    def _help(self, state: tractor.State, choices: _Choices) -> None:
        self.console.print(_TRACTOR_HELP)
        self._show_choices(state, choices)

    def _show(self, state: tractor.State, choices: _Choices) -> None:
        self.console.print(tractor_view(state, self.seat, self.look))
        self._show_choices(state, choices)

    def _ask(self, state: tractor.State) -> bool:
        """Ask the person until one answer is applied; ``False`` if they quit. Raises
        :class:`~tricktaker.cli.common.TakeBack` once ``undo`` has taken the round back."""
        say = self.console.print
        self.decisions.reached(state)
        say("")
        choices = _choices(state)
        self._show(state, choices)
        what = {"draw": "declare or pass", "kitty": "bury", "play": "your play"}.get(state.phase, "move")
        while True:
            numbers = "1" if len(choices.labels) == 1 else f"1-{len(choices.labels)}"
            answer = self.console.ask(f"{what.capitalize()} [{numbers}, cards, 'help']: ")
            if answer is None:
                return False
            command = table_command(answer)
            if command is not None:
                if not self._command(
                    state,
                    command,
                    help=partial(self._help, state, choices),
                    show=partial(self._show, state, choices),
                ):
                    return False
                continue
            try:
                message = _apply_answer(state, answer, choices, self.look)
            except (TricktakerError, ValueError) as e:  # not expected: every path checks first
                message = f"That did not work: {e}."
                choices = _choices(state)
            if message is None:
                return True
            say(Text(message, style=STYLES["refusal"]))

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
        self.console.print(_choices_block(choices.labels, more, self.look))

    def _report_round(self, state: tractor.State) -> None:
        say = self.console.print
        seat, look = self.seat, self.look
        declarers = state.declarers
        assert declarers is not None
        opponents = 1 - declarers
        taken = state.trick_points
        bonus = state.kitty_bonus
        penalties = state.points - taken[opponents] - bonus
        say(Text("--- Round over ---", style=STYLES["head"]))
        kitty = state.kitty
        if _kitty_turned_over(state):
            kitty_points = tractor.trick_points(kitty)
            say(
                Text("The opponents won the last trick: the kitty (")
                .append_text(_cards(kitty, state, look))
                .append(f", {plural(kitty_points, 'point')}) is turned over and adds {bonus} to P.")
            )
        else:
            line = Text("The declarers won the last trick: the kitty scores nothing.")
            if state.starter == seat:
                line.append(" Your kitty: ").append_text(_cards(kitty, state, look)).append(".")
            say(line)
        say(
            f"Opponents' points P = {state.points} (tricks {taken[opponents]}, kitty {bonus:+d},"
            f" failed-throw penalties {penalties:+d}; {plural(state.failed_throws, 'failed throw')})"
        )
        outcome = tractor.level_outcome(state.points)
        if outcome.declarers_hold:
            say(
                f"P < 80: the declarers hold: {_team_text(declarers, seat)} declare again and go up"
                f" {plural(outcome.levels, 'level')}."
            )
        else:
            say(
                f"P >= 80: the opponents take over: {_team_text(opponents, seat)} declare next round and go"
                f" up {plural(outcome.levels, 'level')}."
            )
        say(f"Returns: {scores_text(state.returns(), seat)}")

    def _show_rounds(self) -> None:
        """The rounds of the match so far: declarers, trump, P, the level change and the levels after."""
        mine = self.seat % 2
        table = new_table(
            self.look,
            "round",
            "declarers",
            "trump",
            "P",
            "result",
            "your team",
            "seats " + ("1 and 3" if mine == 0 else "0 and 2"),
            right=("round", "P"),
        )
        record = self.match.record
        for i, r in enumerate(record):
            after = record[i + 1].levels if i + 1 < len(record) else self.match.levels
            result = (
                f"declarers +{r.outcome.levels}"
                if r.outcome.declarers_hold
                else f"takeover +{r.outcome.levels}"
            )
            mine_won = (r.declarers == mine) == r.outcome.declarers_hold
            table.add_row(
                str(r.number),
                "your team" if r.declarers == mine else _team_text(r.declarers, self.seat),
                symbolized(r.trump, self.look),
                str(r.points),
                Text(result, style=STYLES["good"] if mine_won else STYLES["bad"]),
                _level_name(after[mine]),
                _level_name(after[1 - mine]),
            )
        self.console.print(Text(f"After {plural(len(record), 'round')}:", style=STYLES["head"]))
        self.console.show(table)


def _add_play_options(parser: argparse.ArgumentParser) -> None:
    add_number_flag(
        parser,
        "--rounds",
        1,
        MAX_COUNT,
        "stop after R rounds",
        note="default: play until a team passes the ace",
        aliases=("--deals", "--hands"),
        metavar="R",
    )


def _opening(match: tractor.Match, seat: int, name: str, resumed_from: str | None) -> str:
    seed, partner = match.seed, (seat + 2) % 4
    if resumed_from is None:
        return (
            f"Tractor: you are seat {seat} (partner: seat {partner}); the other seats are played by the"
            f" {name} bot. Seed {seed} (replay with --seed {seed}). Type 'help' at any prompt."
        )
    return (
        f"Tractor, resumed from {resumed_from}: you are seat {seat} (partner: seat {partner}), round"
        f" {len(match.record) + 1}; the other seats are played by the {name} bot. Seed {seed}; the seat, the"
        " seed and the rules are the saved game's. Type 'help' at any prompt."
    )


def _play(args: argparse.Namespace, console: Console) -> int:
    def options(saved: Mapping[str, Any]) -> dict[str, Any]:
        try:
            max_rounds = saved_int(saved, "max_rounds", 1, MAX_COUNT, optional=True)
        except SaveFileError as e:
            raise SaveFileError(f"{args.resume!r} is not a valid saved game of tractor: {e}") from None
        return {"max_rounds": args.rounds if args.rounds is not None else max_rounds}

    return play_table(
        args,
        console,
        game="tractor",
        new_match=lambda seed: tractor.Match(seed=seed, rules=_rules(args)),
        bots=BOTS,
        opening=_opening,
        make=TractorTable,
        options=options,
    )


# ---- the plug-in ----


BOTS: dict[str, BotMaker] = game_bots(bots.TractorHeuristicBot, bots.TractorPIMCBot)
"""The bots Tractor offers, by name, made from a seed (and the threads of the pimc bot's rollouts)."""

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
