"""Sheepshead on the command line: its rule flags, its ``simulate`` tally, and its table for ``play``.

Everything the commands know of Sheepshead is here, in :data:`GAME`. The rule flags are in two functions only:
:func:`add_rule_options` adds them, :func:`rules_dict` turns them back into ``sheepshead.Rules(**options)``.
"""

from __future__ import annotations

import argparse
import re
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any, ClassVar

import numpy as np
from rich.text import Text

from ... import bots, sheepshead
from ..._core import Card
from ...errors import CardParseError, IllegalActionError
from ..common import (
    COMMANDS_HELP,
    PLAIN,
    STYLES,
    BotMaker,
    Console,
    Game,
    Look,
    PlayTable,
    TakeBack,
    Tally,
    add_number_flag,
    add_rule_flags,
    choice_number,
    engine_reason,
    game_bots,
    mean_of,
    new_table,
    option_bounds,
    play_table,
    plural,
    quoted,
    rate_of,
    rules_from_flags,
    scores_text,
    symbolized,
    table_command,
)

__all__ = [
    "BOTS",
    "GAME",
    "SheepsheadTable",
    "SheepsheadTally",
    "add_rule_options",
    "public_action",
    "render_sheepshead_view",
    "resolve_sheepshead_choice",
    "rules_dict",
    "sheepshead_choices",
    "sheepshead_view",
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
    seat_returns: list[int] = field(default_factory=list)
    """Each seat's total return (as many seats as the rules' table)."""
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
        table = sheepshead.State.new(0, rules=self.rules)
        hand_size, active = table.hand_size, len(table.active_seats)
        self.hands += len(sim)
        self.picked += int(np.count_nonzero(picked))
        self.leasters += int(np.count_nonzero(sim.leaster))
        # Thrown in: no picker, no trick game and no picking side (a black-queens hand has one, V15).
        self.doublers += int(np.count_nonzero(~picked & ~sim.leaster & (points < 0)))
        self.alone += int(np.count_nonzero(alone))
        self.wins += int(np.count_nonzero(won))
        self.wins_with_partner += int(np.count_nonzero(won & with_partner))
        self.wins_alone += int(np.count_nonzero(won & alone))
        self.schneider += int(np.count_nonzero(picked & ((points >= 91) | (points <= 30))))
        self.schwarz += int(np.count_nonzero(picked & ((tricks == hand_size) | (tricks == 0))))
        totals = returns.sum(axis=0).tolist()
        if not self.seat_returns:
            self.seat_returns = [0] * len(totals)
        for seat, total in enumerate(totals):
            self.seat_returns[seat] += int(total)
        rows = np.flatnonzero(picked)
        picker_returns = returns[rows, sim.picker[rows]]
        partner_rows = np.flatnonzero(with_partner)
        partner_returns = returns[partner_rows, sim.partner[partner_rows]]
        self.picker_returns += int(picker_returns.sum())
        self.partner_returns += int(partner_returns.sum())
        # Every hand is zero-sum, so the opponents of the picked hands got what picker and partner did not.
        self.opponent_returns -= int(picker_returns.sum()) + int(partner_returns.sum())
        self.opponent_seats += (active - 1) * len(rows) - len(partner_rows)

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
            f"{'schwarz rate (all or no tricks)':<40}{pct(stats['schwarz_rate'])}  of picked hands",
            f"{'mean return per seat':<40}" + "  ".join(signed(v) for v in stats["mean_return_per_seat"]),
            f"{'mean return per role':<40}picker {signed(role['picker'])}  partner {signed(role['partner'])}"
            f"  opponent {signed(role['opponent'])}",
        ]


def _new_tally(args: argparse.Namespace) -> Tally:
    return SheepsheadTally(rules=_rules(args))


# ---- at the table ----

_ONE = {"C": "club", "H": "heart", "S": "spade", "D": "diamond"}

_SHEEPSHEAD_HELP = f"""\
Answer with one of:
  a number from the list            e.g. 1 (your hand numbers the cards you may play)
  the action's text                 e.g. pick, pass, bury QC, call AH, alone, play 10D
  just a card                       e.g. QC, qc, Q♣, 10h, TH (when only one listed action uses it)
{COMMANDS_HELP}
Cards: rank 7 8 9 10 J Q K A (T for 10) and suit C D H S (clubs, diamonds, hearts, spades) or ♣ ♦ ♥ ♠.
Trumps, high to low: QC QS QH QD JC JS JH JD AD 10D KD 9D 8D 7D; you must follow the suit led if you can
(R22-R24). Until the called suit is led, the picker may not throw off their last card of it (the hold card)
but may lead it, and the partner plays the called card the first time the suit is led (R18, R19)."""


def _is_trump(card: Card) -> bool:
    return sheepshead.suit_of(card) == "T"


def _hand_order(state: sheepshead.State, seat: int) -> list[Card]:
    """``seat``'s hand in the library's play order (``state.hand``: trumps high to low, then fail)."""
    return list(state.hand(seat))


def sheepshead_choices(state: sheepshead.State) -> list[int]:
    """The legal actions of the player to act, as ``play`` numbers them: the cards to bury, lay under or play
    in the order of the hand (``state.hand``), the other actions in their id order."""
    legal = state.legal_actions()
    player = state.current_player
    if player is None or state.phase not in ("bury", "under", "play"):
        return legal
    place = {c: i for i, c in enumerate(_hand_order(state, player))}

    def key(action: int) -> tuple[int, int]:
        arg = state.action_to_string(action).partition(" ")[2]
        return (place.get(Card(arg), len(place)), action) if arg else (-1, action)

    return sorted(legal, key=key)


def _who(player: int, seat: int) -> str:
    return "you" if player == seat else f"seat {player}"


def _suits(suit: str, look: Look) -> str:
    """``clubs`` (``clubs ♣``), or ``trumps`` for ``T``."""
    return "trumps" if suit == "T" else look.suit(suit)


def _refusal(state: sheepshead.State, verb: str, card: Card, look: Look = PLAIN) -> tuple[str, str] | None:
    """Why the player to act may not ``verb`` ``card`` now, as ``(sentence, short)``: the rule in a player's
    words, and a few words for the hand's legend; ``None`` when it is legal."""
    try:
        action = state.string_to_action(f"{verb} {card}")
    except (IllegalActionError, CardParseError, ValueError) as e:
        reason = symbolized(engine_reason(e), look)
        return reason, reason
    if action in state.legal_actions():
        return None
    try:
        state.clone().apply_action(action)
    except IllegalActionError as e:
        return _reason(state, engine_reason(e), look)
    return None


def _reason(state: sheepshead.State, text: str, look: Look) -> tuple[str, str]:
    """The engine's reason ``text`` told to the player to act, with the suits named and the rule cited."""
    me = state.current_player
    called = state.called_card
    called_name = look.name(called) if called is not None else "called card"
    called_suit = called.suit or "" if called is not None else ""
    trick = state.current_trick()
    if (m := re.search(r"must follow (trump|[CDHS])\b", text)) is not None:
        suit = "T" if m[1] == "trump" else m[1]
        held = [c for c in _hand_order(state, me) if sheepshead.suit_of(c) == suit] if me is not None else []
        led = (
            f" ({look.name(trick[0][1])} by {_who(trick[0][0], me if me is not None else -1)})"
            if trick
            else ""
        )
        rule = "R24" if suit == "T" else "R22"
        return (
            f"you must follow the {_suits(suit, look)} led{led} while you hold {look.names(held)} ({rule})",
            f"you must follow {_suits(suit, look)}, {rule}",
        )
    if (m := re.search(r"(\S+) is the picker's hold card", text)) is not None:
        card = Card(m[1])
        suits = _suits(called_suit, look)
        if state.under is not None and card == state.under:
            return (
                f"{look.name(card)} is your under card, the hold card of the called {called_name}: it stays"
                f" until {suits} are led or the last trick is played (R16, R18)",
                f"held: your under card for the called {called_name}, R18",
            )
        return (
            f"you must keep your last {_ONE.get(called_suit, 'card')}, {look.name(card)}, as the hold card"
            f" for the called {called_name} until {suits} are led or the last trick is played (R18)",
            f"held: the hold card for the called {called_name}, R18",
        )
    if re.search(r"is the called card: it may not be thrown", text):
        return (
            f"{called_name} is the called card: as the partner you may not throw it on another suit before"
            " the last trick (R19)",
            "the called card: not thrown on another suit before the last trick, R19",
        )
    if re.search(r"led for the first time: \S+ must be played", text):
        suits = _suits(called_suit, look)
        return (
            f"{suits} are led for the first time: you must play the called {called_name} (R19)",
            f"the called {called_name} goes on the first {_ONE.get(called_suit, 'called-suit')} trick, R19",
        )
    if re.search(r"is of the called suit, which the partner must open", text):
        one = _ONE.get(called_suit, "card of the called suit")
        return (
            f"as the partner you may not lead another {one} before the called {called_name}: the first"
            f" {one} led must bring it out (R19)",
            f"the partner opens {_suits(called_suit, look)} with the called {called_name}, R19",
        )
    if (m := re.search(r"the hand is in the (\w+) phase, not the (\w+) phase", text)) is not None:
        return f"it is the {m[1]} phase", f"the {m[1]} phase"
    if me is not None:
        text = re.sub(rf"\bseat {me} does not hold\b", "you do not hold", text)
        text = re.sub(r"\bthe picker holds\b" if state.picker == me else r"(?!)", "you hold", text)
    shown = symbolized(text, look)
    return shown, shown


def _hidden_under(state: sheepshead.State, seat: int, player: int, card: Card) -> bool:
    """Whether ``card`` played by ``player`` is the picker's face-down under card, unseen by ``seat``."""
    return player != seat and player == state.picker and state.under is not None and card == state.under


def _trick_text(
    state: sheepshead.State, seat: int, trick: Sequence[tuple[int, Card]], look: Look = PLAIN
) -> Text:
    out = Text()
    for i, (player, card) in enumerate(trick):
        if i:
            out.append(" | ")
        out.append(f"{_who(player, seat)}: ")
        if _hidden_under(state, seat, player, card):
            out.append("under", style=STYLES["unplayable"])
        else:
            out.append_text(look.card(card, trump=_is_trump(card)))
    return out


def _revealed_partner(state: sheepshead.State) -> int | None:
    """The partner's seat once the called card has been played (R17), even within the unfinished trick."""
    if state.partner is not None or state.called_card is None:
        return state.partner
    for player, card in state.current_trick():
        if card == state.called_card:
            return player
    return None


def _known_partner(state: sheepshead.State, seat: int) -> int | None:
    """The partner as ``seat`` knows them: revealed by the called card (R17), or ``seat`` itself when it holds
    the called card."""
    partner = _revealed_partner(state)
    if partner is None and state.secret_partner == seat:
        return seat
    return partner


def _sides_text(state: sheepshead.State, seat: int) -> str | None:
    """The points and tricks of each side as ``seat`` knows them: picker and partner against the others once
    the partner is known (or the picker is alone), else the picker's and the viewer's own."""
    if state.phase not in ("play", "done") or state.picker is None or state.is_leaster:
        return None
    points, tricks = state.points(), state.tricks_won()
    picker = state.picker

    def side(seats: Sequence[int]) -> str:
        return (
            f"{plural(sum(points[s] for s in seats), 'point')} in"
            f" {plural(sum(tricks[s] for s in seats), 'trick')}"
        )

    partner = _known_partner(state, seat)
    bury = ""
    if picker == seat and state.bury:
        bury = f" (+{sum(sheepshead.card_points(c) for c in state.bury)} in your bury)"
    if state.called_card is None or partner is not None:
        picking = [picker] + ([partner] if partner is not None and partner != picker else [])
        others = [s for s in state.active_seats if s not in picking]
        names = " + ".join(_who(s, seat) for s in picking)
        return (
            f"Sides: picker {names} {side(picking)}{bury} · the others {side(others)}"
            " · the picking side needs 61"
        )
    mine = f" · you {side([seat])}" if seat != picker else ""
    return f"Sides: picker {_who(picker, seat)} {side([picker])}{bury}{mine} · the partner is not known yet"


def _hand_text(state: sheepshead.State, seat: int, look: Look) -> list[Text]:
    """``seat``'s hand in play order; at its turn the cards it may bury or play are numbered (the numbers it
    types) and the others dim, with a legend that says why each may not be played."""
    hand = _hand_order(state, seat)
    numbers: dict[Card, int] = {}
    reasons: dict[Card, str] = {}
    if state.current_player == seat and state.phase in ("bury", "under", "play"):
        for i, action in enumerate(sheepshead_choices(state), 1):
            arg = state.action_to_string(action).partition(" ")[2]
            if arg:
                numbers[Card(arg)] = i
        if state.phase == "play":
            for card in hand:
                if card not in numbers:
                    why = _refusal(state, "play", card, look)
                    reasons[card] = why[1] if why is not None else "not playable now"
    line = Text("Your hand: ")
    previous: str | None = None
    for i, card in enumerate(hand):
        group = "T" if _is_trump(card) else card.suit or ""
        if i:
            line.append("  " if group != previous else " ")
        previous = group
        line.append_text(
            look.card(card, trump=group == "T", playable=card not in reasons, number=numbers.get(card))
        )
    if not hand:
        line.append("-")
    lines = [line]
    if reasons:
        by_reason: dict[str, list[Card]] = {}
        for card, short in reasons.items():
            by_reason.setdefault(short, []).append(card)
        legend = " · ".join(f"{look.names(cards)} ({short})" for short, cards in by_reason.items())
        lines.append(Text(f"  not playable now: {legend}", style=STYLES["unplayable"]))
    return lines


def sheepshead_view(state: sheepshead.State, seat: int, look: Look = PLAIN) -> Text:
    """:func:`render_sheepshead_view` as styled text, the cards written as ``look`` writes them."""
    head = f"Sheepshead · dealer {state.dealer} · {state.phase}"
    if state.multiplier > 1:
        head += f" · counts x{state.multiplier}"
    if state.phase == "play":
        head += f" · trick {state.trick_number + 1} of 6"
    lines: list[Text] = [Text(head, style=STYLES["head"])]
    if state.is_leaster:
        lines.append(Text("All passed: leaster (fewest points with at least one trick wins)"))
    elif state.is_doubler:
        lines.append(Text("All passed: doubler (thrown in, the next hand counts double)"))
    elif state.picker is not None:
        role = f"Picker: {_who(state.picker, seat)}"
        if state.called_card is not None:
            partner = _revealed_partner(state)
            if partner is not None:
                known = _who(partner, seat)
            elif state.secret_partner == seat:
                known = "you (secret: you hold the called card)"
            else:
                known = "not yet revealed"
            role += f" · called {look.name(state.called_card)} · partner: {known}"
        elif state.phase in ("play", "done"):
            role += " · alone"
        lines.append(Text(role))
    points, tricks = state.points(), state.tricks_won()
    for player in range(state.num_players):
        name = f"you (seat {player}" if player == seat else f"seat {player}"
        if player == state.dealer:
            name += ", dealer" if player == seat else " (dealer"
        if player == seat or player == state.dealer:
            name += ")"
        count = len(state.hand(player))
        cards = f"[{plural(count, 'card')}]"
        mark = "  ← to act" if state.current_player == player else ""
        row = f"  {name:<22} {cards:<10} {points[player]:>3} pts  {plural(tricks[player], 'trick')}{mark}"
        lines.append(Text(row, style=STYLES["you"] if player == seat else ""))
    sides = _sides_text(state, seat)
    if sides is not None:
        lines.append(Text(sides))
    lines += _hand_text(state, seat, look)
    if state.picker == seat and state.bury:
        lines.append(Text("Your bury: ").append_text(look.cards(state.bury, trump=_is_trump)))
    if state.picker == seat and state.under is not None:
        lines.append(Text("Your under card: ").append_text(look.card(state.under)))
    done = state.tricks()
    if done:
        _, last, winner = done[-1]
        lines.append(
            Text("Last trick: ")
            .append_text(_trick_text(state, seat, last, look))
            .append(f"  → {_who(winner, seat)}")
        )
    trick = state.current_trick()
    if state.phase == "play":
        shown = _trick_text(state, seat, trick, look) if trick else Text("(nothing played yet)")
        lines.append(Text("Trick: ").append_text(shown))
    return Text("\n").join(lines)


def render_sheepshead_view(state: sheepshead.State, seat: int, look: Look = PLAIN) -> str:
    """The table as ``seat`` sees it: the other seats' card counts, the points of the sides, their own hand in
    play order (at their turn the cards they may play numbered, the others with the reason), the tricks.

    Other seats' cards, the blind and a bury the viewer did not make are never shown; the partner is named
    only once the called card has been played (R17), unless the viewer is the partner.
    """
    return sheepshead_view(state, seat, look).plain


def resolve_sheepshead_choice(state: sheepshead.State, text: str, look: Look = PLAIN) -> int | str:
    """The legal action that ``text`` selects, or a message saying why it selects none.

    ``text`` is a number from :func:`sheepshead_choices` (1-based), an action's text (``play QC``, ``pick``,
    any case) or a lone card (``QC``, ``qc``, ``Q♣``, ``10h``) that exactly one legal action uses. A card that
    may not be played is refused with the rule's reason (follow suit, the hold card…).
    """
    legal = sheepshead_choices(state)
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
            return f"{symbolized(str(e), look)}. Type a number from 1 to {len(legal)} or 'help'."
        if action in legal:
            return action
        return _why_not(state, state.action_to_string(action), look)
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
        options = " or ".join(repr(symbolized(state.action_to_string(a), look)) for a in matches)
        return f"{look.name(card)} could mean {options}: type the whole action."
    seat = state.current_player
    verb = {"bury": "bury", "under": "under", "play": "play", "call": "call"}.get(state.phase)
    if seat is not None and verb in ("bury", "under", "play") and card not in state.hand(seat):
        return f"You do not hold {look.name(card)}."
    if verb is not None:
        why = _refusal(state, verb, card, look)
        if why is not None:
            doing = {"under": "lay under", "bury": "bury", "call": "call", "play": "play"}[verb]
            return f"You cannot {doing} {look.name(card)} now: {why[0]}."
    shown = ", ".join(symbolized(c, look) for c in choices)
    return f"No legal action uses {look.name(card)} now. Legal: {shown}."


def _why_not(state: sheepshead.State, action: str, look: Look) -> str:
    verb, _, arg = action.partition(" ")
    seat = state.current_player
    if arg and verb in ("play", "bury", "under") and seat is not None:
        if Card(arg) not in state.hand(seat):
            return f"You do not hold {look.name(Card(arg))}."
    reason = _refusal(state, verb, Card(arg), look) if arg else None
    if reason is None and not arg:
        try:
            state.clone().apply(action)
        except IllegalActionError as e:
            reason = _reason(state, engine_reason(e), look)
    because = f": {reason[0]}" if reason is not None else ""
    return f"{symbolized(action, look)!r} is not legal now{because}."


def _choices_text(state: sheepshead.State, legal: Sequence[int], look: Look) -> Text:
    entries = []
    for i, action in enumerate(legal, 1):
        verb, _, arg = state.action_to_string(action).partition(" ")
        entry = Text(f"{i:>2}. ", style=STYLES["number"]).append(verb)
        if arg:
            card = Card(arg)
            entry.append(" ").append_text(look.card(card, trump=_is_trump(card)))
        entry.pad_right(max(0, 14 - len(entry.plain)))
        entries.append(entry)
    rows = [Text(" ").join(entries[i : i + 5]) for i in range(0, len(entries), 5)]
    for row in rows:
        row.rstrip()
    return Text("\n").join(rows)


def public_action(
    state: sheepshead.State, player: int | None, action: int, seat: int | None, look: Look = PLAIN
) -> str:
    """The text of ``action``, taken by ``player`` at ``state`` (before it is applied), as ``seat`` may
    know it (docs/sheepshead-protocol.md, "What a seat knows"; R11, R16): the engine's text (``bury KH``),
    but another seat's bury is ``bury a card``, its under ``under a face-down card`` and its play of that
    under card ``play the under card face down`` (R16). ``seat`` ``None`` (every hand face up) and
    ``seat``'s own actions are in full. Cards are written as ``look`` writes them. The one source of what
    ``play`` narrates and what ``replay`` labels its steps with."""
    text = state.action_to_string(action)
    verb, _, arg = text.partition(" ")
    if seat is not None and player != seat and arg:
        if verb == "bury":
            return "bury a card"
        if verb == "under":
            return "under a face-down card"
        if verb == "play" and player is not None and _hidden_under(state, seat, player, Card(arg)):
            return "play the under card face down"
    return symbolized(text, look)


_THIRD = {"pick": "picks", "pass": "passes", "bury": "buries", "call": "calls", "play": "plays"}


def _describe(state: sheepshead.State, seat: int, player: int, action: int, look: Look = PLAIN) -> str:
    """What ``seat`` sees when ``player`` takes ``action`` (call before applying it): :func:`public_action` as
    a sentence."""
    you = player == seat
    who = _who(player, seat)
    verb, _, rest = public_action(state, player, action, seat, look).partition(" ")
    if verb == "alone":
        return f"{who} go{'' if you else 'es'} alone"
    if verb == "under":
        return f"{who} lay{'' if you else 's'} {rest} under"
    return f"{who} {verb if you else _THIRD.get(verb, verb)} {rest}".rstrip()


def _role(state: sheepshead.State, player: int) -> str:
    if state.is_doubler:
        return "-"
    if state.is_leaster:
        return "leaster"
    if player == state.picker:
        return "picker"
    if player == state.secret_partner:
        return "partner"
    return "opponent"


@dataclass
class SheepsheadTable(PlayTable):
    """A person at ``seat`` of a :class:`sheepshead.Match`; the other seats are played by ``opponent`` (a
    :mod:`tricktaker.bots` bot), or uniformly at random with ``rng`` when it is ``None``.

    At a prompt the person may also type ``undo`` (back to their previous decision of the hand), ``save FILE``
    (the match as it stands, resumed by ``play sheepshead --resume FILE``), ``show``, ``help`` and ``quit``.
    With ``record_path`` the record of the match is written there when it ends or the person leaves.
    """

    match: sheepshead.Match
    game: ClassVar[str] = "sheepshead"
    deal: ClassVar[str] = "hand"

    def _scores(self) -> str:
        return scores_text(self.match.scores, self.seat)

    def _standing(self) -> str:
        return f"Scores after {plural(self.match.hands_played, 'hand')}: {self._scores()}"

    def _run(self) -> int:
        say = self.console.print
        while True:
            hands, played = self.match.hands_per_game, self.match.hands_played
            state = self.match.state
            extra = f" · counts x{state.multiplier}" if state.multiplier > 1 else ""
            say(
                Text(
                    f"\n=== Hand {played + 1} of {hands} · dealer seat {state.dealer}{extra} ===",
                    style="bold",
                )
            )
            if not self._play_hand(state):
                say(f"\nGoodbye. Scores after {plural(played, 'hand')}: {self._scores()}")
                return 0
            self._report_hand(state)
            self.match.next_hand()
            self.decisions.clear()
            self._show_totals(state)
            say(f"Scores: {self._scores()}")
            if self.match.is_over:
                winners = self.match.winners()
                names = ", ".join(_who(w, self.seat) for w in winners)
                say(
                    f"\nMatch over after {plural(self.match.hands_played, 'hand')}."
                    f" Winner{'s' if len(winners) > 1 else ''}: {names}."
                )
                return 0

    def _play_hand(self, state: sheepshead.State) -> bool:
        """Play ``state`` to its end; ``False`` if the person quits."""
        say = self.console.print
        tricks_seen = len(state.tricks())
        announced = state.is_leaster
        while not state.is_terminal:
            player = state.current_player
            assert player is not None
            if player == self.seat:
                try:
                    chosen = self._ask(state)
                except TakeBack:
                    tricks_seen, announced = len(state.tricks()), state.is_leaster
                    continue
                if chosen is None:
                    return False
                action = chosen
            else:
                action = self._opponent_action(state)
            message = _describe(state, self.seat, player, action, self.look)
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
                points = plural(sum(sheepshead.card_points(c) for _, c in cards), "point")
                say(
                    Text(f"  {who} trick {tricks_seen} ({points}): ").append_text(
                        _trick_text(state, self.seat, cards, self.look)
                    )
                )
                sides = _sides_text(state, self.seat)
                if sides is not None and not state.is_terminal:
                    say(f"  {sides}")
        return True

    def _help(self, state: sheepshead.State, legal: Sequence[int]) -> None:
        say = self.console.print
        say(_SHEEPSHEAD_HELP)
        say("Your choices:")
        say(_choices_text(state, legal, self.look))

    def _show(self, state: sheepshead.State, legal: Sequence[int]) -> None:
        say = self.console.print
        say(sheepshead_view(state, self.seat, self.look))
        say("Your choices:")
        say(_choices_text(state, legal, self.look))

    def _ask(self, state: sheepshead.State) -> int | None:
        """The person's legal action, asked until they give one; ``None`` if they quit. Raises
        :class:`~tricktaker.cli.common.TakeBack` once ``undo`` has taken the hand back."""
        say = self.console.print
        self.decisions.reached(state)
        legal = sheepshead_choices(state)
        say("")
        self._show(state, legal)
        numbers = "1" if len(legal) == 1 else f"1-{len(legal)}"
        while True:
            answer = self.console.ask(f"Your move [{numbers}, 'help']: ")
            if answer is None:
                return None
            command = table_command(answer)
            if command is not None:
                if not self._command(
                    state,
                    command,
                    help=partial(self._help, state, legal),
                    show=partial(self._show, state, legal),
                ):
                    return None
                continue
            result = resolve_sheepshead_choice(state, answer, self.look)
            if isinstance(result, int):
                return result
            say(Text(result, style=STYLES["refusal"]))

    def _report_hand(self, state: sheepshead.State) -> None:
        say = self.console.print
        say(Text("--- Hand over ---", style=STYLES["head"]))
        if state.is_doubler:
            say("All passed: the hand is thrown in (doubler); a later hand counts double.")
        elif state.is_leaster:
            returns = state.returns()
            winner = max(range(len(returns)), key=returns.__getitem__)
            say(
                f"Leaster won by {_who(winner, self.seat)}."
                f" Points taken: {scores_text(state.points(), self.seat)}"
            )
        elif state.picker is not None:
            p = state.picking_side_points
            picker = _who(state.picker, self.seat)
            partner = state.secret_partner
            side = f"{picker} alone" if partner is None else f"{picker} with {_who(partner, self.seat)}"
            tricks = state.tricks_won()
            side_tricks = tricks[state.picker] + (tricks[partner] if partner is not None else 0)
            outcome = "wins" if p is not None and p >= 61 else "loses"
            say(
                Text(
                    f"Picking side ({side}): {plural(p or 0, 'point')}, {plural(side_tricks, 'trick')}: it"
                    f" {outcome}. Bury: "
                )
                .append_text(self.look.cards(state.bury, trump=_is_trump))
                .append(".")
            )
        say(f"Returns: {scores_text(state.returns(), self.seat)}")

    def _show_totals(self, state: sheepshead.State) -> None:
        """The finished hand and the match so far, seat by seat."""
        hands = self.match.hands_played
        title = f"After {plural(hands, 'hand')} of {self.match.hands_per_game}"
        table = new_table(
            self.look,
            "seat",
            "role",
            "points",
            "tricks",
            "hand",
            "match",
            right=("points", "tricks", "hand", "match"),
        )
        points, tricks, returns = state.points(), state.tricks_won(), state.returns()
        best = max(self.match.scores)
        for s in range(state.num_players):
            style = "bold" if s == self.seat else ""
            total = self.match.scores[s]
            table.add_row(
                f"you (seat {s})" if s == self.seat else f"seat {s}",
                _role(state, s),
                str(points[s]),
                str(tricks[s]),
                Text(
                    f"{returns[s]:+d}",
                    style=STYLES["good"] if returns[s] > 0 else STYLES["bad"] if returns[s] < 0 else "",
                ),
                Text(f"{total:+d}", style="bold" if total == best else ""),
                style=style,
            )
        self.console.print(Text(title, style=STYLES["head"]))
        self.console.show(table)


def _add_play_options(parser: argparse.ArgumentParser) -> None:
    option = next(o for o in sheepshead.Rules.options() if o.name == "hands_per_game")
    add_number_flag(
        parser,
        "--hands",
        *option_bounds(option),
        "hands in the match",
        note=f"default: the rules', {option.default}",
        aliases=("--deals",),
        metavar="H",
    )


def _opening(match: sheepshead.Match, seat: int, name: str, resumed_from: str | None) -> str:
    seed = match.seed
    if resumed_from is None:
        return (
            f"Sheepshead: you are seat {seat}; the other seats are played by the {name} bot. Seed {seed}"
            f" (replay with --seed {seed}). Type 'help' at any prompt."
        )
    return (
        f"Sheepshead, resumed from {resumed_from}: you are seat {seat}, hand {match.hands_played + 1} of"
        f" {match.hands_per_game}; the other seats are played by the {name} bot. Seed {seed}; the seat, the"
        " seed and the rules are the saved game's. Type 'help' at any prompt."
    )


def _play(args: argparse.Namespace, console: Console) -> int:
    return play_table(
        args,
        console,
        game="sheepshead",
        new_match=lambda seed: sheepshead.Match(seed=seed, rules=_rules(args)),
        bots=BOTS,
        opening=_opening,
        make=SheepsheadTable,
    )


# ---- the plug-in ----


BOTS: dict[str, BotMaker] = game_bots(bots.SheepsheadHeuristicBot, bots.SheepsheadPIMCBot)
"""The bots Sheepshead offers, by name, made from a seed (and the threads of the pimc bot's rollouts)."""

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
