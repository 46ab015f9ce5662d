"""Sheepshead on the command line: its rule flags, its ``simulate`` tally, and its table for ``play``.

Everything the commands know of Sheepshead is here, in :data:`GAME`. The rule flags are in two functions only:
:func:`add_rule_options` adds them, :func:`rules_dict` turns them back into ``sheepshead.Rules(**options)``.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ... import bots, sheepshead
from ..._core import Card
from ...errors import CardParseError, IllegalActionError
from ..common import (
    HELP,
    INTERRUPTED,
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
    option_bounds,
    quoted,
    rate_of,
    rules_from_flags,
    scores_text,
)

__all__ = [
    "BOTS",
    "GAME",
    "SheepsheadTable",
    "SheepsheadTally",
    "add_rule_options",
    "render_sheepshead_view",
    "resolve_sheepshead_choice",
    "rules_dict",
]

# ---- the rule flags ----


def add_rule_options(parser: argparse.ArgumentParser) -> None:
    """Add a flag per rule option of ``sheepshead.Rules`` (``hands_per_game`` is ``play --hands``)."""
    add_rule_flags(
        parser,
        sheepshead.Rules,
        "rule options (docs/rules/sheepshead.md, B.4)",
        skip=("hands_per_game",),
        aliases={
            "called_card_no_discard": (
                "--allow-called-card-discard",
                False,
                "the same as --no-called-card-no-discard: the partner may discard the called card (R19 off)",
            )
        },
    )


def rules_dict(args: argparse.Namespace) -> dict[str, Any]:
    """The rule options of the parsed flags, as ``sheepshead.Rules(**options)`` keywords.
    ``--hands`` of ``play``, when given, is ``hands_per_game``."""
    options = rules_from_flags(args, sheepshead.Rules, skip=("hands_per_game",))
    hands = getattr(args, "hands", None)
    if hands is not None:
        options["hands_per_game"] = hands
    return options


def _rules(args: argparse.Namespace) -> sheepshead.Rules:
    return sheepshead.Rules(**rules_dict(args))


# ---- simulate ----


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
            "pick_rate": rate_of(self.picked, n),
            "leaster_rate": rate_of(self.leasters, n),
            "doubler_rate": rate_of(self.doublers, n),
            "alone_rate": rate_of(self.alone, n),
            "alone_rate_of_picked": rate_of(self.alone, self.picked),
            "picking_side_win_rate": rate_of(self.wins, self.picked),
            "picking_side_win_rate_with_partner": rate_of(self.wins_with_partner, partnered),
            "picking_side_win_rate_alone": rate_of(self.wins_alone, self.alone),
            "schneider_rate": rate_of(self.schneider, self.picked),
            "schwarz_rate": rate_of(self.schwarz, self.picked),
            "mean_return_per_seat": [total / n if n else None for total in self.seat_returns],
            "mean_return_per_role": {
                "picker": mean_of(self.picker_returns, self.picked),
                "partner": mean_of(self.partner_returns, partnered),
                "opponent": mean_of(self.opponent_returns, self.opponent_seats),
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


def _new_tally(args: argparse.Namespace) -> Tally:
    return SheepsheadTally(rules=_rules(args))


# ---- at the table ----

_CARD_POINTS = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2}

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
    chosen = choice_number(answer, len(legal))
    if isinstance(chosen, str):
        return chosen
    if chosen is not None:
        return legal[chosen]
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
            f"{quoted(answer)} is neither a choice nor a card: type a number from 1 to {len(legal)}, an"
            " action such as 'play QC', or a card such as 'QC' ('help' explains)."
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
        """Play hands until the match is over or the person quits (a ``quit``, the end of the input); returns
        the exit status: 0, or :data:`~tricktaker.cli.common.INTERRUPTED` after Ctrl-C."""
        say = self.console.print
        try:
            while True:
                hands, played = self.match.hands_per_game, self.match.hands_played
                state = self.match.state
                extra = f" · counts x{state.multiplier}" if state.multiplier > 1 else ""
                say(f"\n=== Hand {played + 1} of {hands} · dealer seat {state.dealer}{extra} ===")
                if not self._play_hand(state):
                    scores = scores_text(self.match.scores, self.seat)
                    say(f"\nGoodbye. Scores after {played} hand(s): {scores}")
                    return 0
                self._report_hand(state)
                self.match.next_hand()
                say(f"Scores: {scores_text(self.match.scores, self.seat)}")
                if self.match.is_over:
                    winners = self.match.winners()
                    names = ", ".join("you" if w == self.seat else f"seat {w}" for w in winners)
                    say(f"\nMatch over after {self.match.hands_played} hand(s). Winner(s): {names}.")
                    return 0
        except KeyboardInterrupt:
            say(
                f"\nInterrupted. Goodbye. Scores after {self.match.hands_played} hand(s):"
                f" {scores_text(self.match.scores, self.seat)}"
            )
            return INTERRUPTED

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
        numbers = "1" if len(choices) == 1 else f"1-{len(choices)}"
        while True:
            answer = self.console.ask(f"Your move [{numbers}, 'help']: ")
            if answer is None:
                return None
            word = answer.strip().lower()
            if word in QUIT:
                return None
            if word in HELP:
                say(_SHEEPSHEAD_HELP)
                say("Your choices:")
                say(_choices_text(choices))
                continue
            if word in SHOW:
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
            say(f"Leaster won by {who}. Points taken: {scores_text(state.points(), self.seat)}")
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
        say(f"Returns: {scores_text(returns, self.seat)}")


def _add_play_options(parser: argparse.ArgumentParser) -> None:
    option = next(o for o in sheepshead.Rules.options() if o.name == "hands_per_game")
    add_number_flag(
        parser,
        "--hands",
        *option_bounds(option),
        "hands to play",
        note=f"default: the rules', {option.default}",
        metavar="H",
    )


def _play(args: argparse.Namespace, console: Console) -> int:
    rules = _rules(args)
    seed: int = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 32)
    console.print(
        f"Sheepshead: you are seat {args.seat}; the other seats play at random. Seed {seed}"
        f" (replay with --seed {seed}). Type 'help' at any prompt."
    )
    match = sheepshead.Match(seed=seed, rules=rules)
    opponent = opponent_bot(BOTS, args.opponents, seed)
    return SheepsheadTable(
        match=match, seat=args.seat, rng=random.Random(seed), console=console, opponent=opponent
    ).run()


# ---- the plug-in ----

BOTS: dict[str, Callable[[int], bots.Bot]] = {
    "random": lambda seed: bots.RandomBot(seed),
    "heuristic": lambda seed: bots.SheepsheadHeuristicBot(),
    "pimc": lambda seed: bots.SheepsheadPIMCBot(seed=seed),
}
"""The bots Sheepshead offers, by name, made from a seed."""

GAME = Game(
    name="sheepshead",
    summary="5 players, 32 cards, picker and blind, called ace, leaster",
    add_rule_options=add_rule_options,
    rules_dict=rules_dict,
    new_tally=_new_tally,
    play=_play,
    add_play_options=_add_play_options,
    bots=BOTS,
)
"""Sheepshead's plug-in, found by :data:`tricktaker.cli.GAMES`."""
