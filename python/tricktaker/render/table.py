"""The trick and the whole table of a Sheepshead or Tractor state, from one seat's view or with every card.

A view is worked out first (:func:`sheepshead_view`, :func:`tractor_view`): what each seat shows, which cards
lie on the table, what the header says. A seat's view is made from public facts and that seat's own cards
only (what ``docs/sheepshead-protocol.md`` and ``docs/tractor-protocol.md`` call what a seat knows), so two
deals the seat cannot tell apart draw the same picture. Then it is drawn (:func:`draw_table`,
:func:`draw_trick`).

Hooks for tests and browsers: every seat is a ``<g class="seat" data-seat="N">`` (with ``data-turn="true"`` on
the seat to act and ``data-return="+2"`` once the game is over); its cards are in ``<g class="hand"
data-seat="N">``; the zones (``data-zone="blind"``, ``"bury"``, ``"kitty"``, ``"stack"``) and the trick
(``class="trick"``, each play ``data-seat``, ``data-lead``, ``data-winner``) likewise.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Literal

from .._core import Card
from .._core import sheepshead as _sheepshead
from .._core import tractor as _tractor
from ..errors import ArgumentTypeError
from .cards import (
    BLACK,
    GOLD,
    RED,
    SUIT_COLOUR,
    Game,
    card_height,
    draw_backs,
    draw_card,
    draw_cards,
    draw_suit,
    groups,
    is_trump,
    runs,
    seat_index,
    star_path,
)
from .svg import Canvas, Picture, text_width

__all__ = ["TableView", "sheepshead_view", "table", "tractor_view", "trick"]

State = _sheepshead.State | _tractor.State

FELT = "#1f5f3b"
FELT_LIGHT = "#2a7449"
PANEL = "#000000"
INK = "#f6f6f0"
SOFT_INK = "#cfe4d6"
TURN = "#ffd23f"
PICKING = "#f2b632"
TEAM_COLOURS = ("#5fb3ff", "#ff9f5a")
"""Tractor's team 0 (seats 0 and 2) and team 1 (seats 1 and 3)."""
WIN = "#46d17a"
LOSE = "#ff6b6b"

Token = str | Card | tuple[Literal["suit"], str]
"""A piece of a line of text: words, a card (drawn as a small chip: rank and suit symbol) or a suit symbol."""


@dataclass
class Chip:
    """A small coloured tag next to a seat's name ("picker", "declarers", "to act"…)."""

    text: str
    fill: str
    ink: str = "#111111"


@dataclass
class SeatView:
    """What the picture shows of one seat."""

    seat: int
    chips: list[Chip]
    stats: list[Token]
    face_up: list[list[Card]] | None
    """The hand in play order and groups, or ``None`` when it is hidden."""
    backs: int = 0
    shown: list[Card] = field(default_factory=list)
    """Cards of a hidden hand that everyone has seen (Tractor's exposed declaration cards)."""
    legal: set[Card] | None = None
    turn: bool = False
    result: int | None = None
    you: bool = False


@dataclass
class ZoneView:
    """Cards set aside: the blind, the bury, the kitty, the undrawn stack."""

    name: str
    label: str
    cards: list[Card] | None
    """Face up, or ``None`` when hidden (``backs`` of them)."""
    backs: int = 0
    note: str = ""


@dataclass
class PlayView:
    """One seat's play to a trick."""

    seat: int
    cards: list[Card]
    chips: list[Chip]
    lead: bool = False
    winner: bool = False
    building: bool = False


@dataclass
class TrickView:
    """The trick the picture shows."""

    caption: str
    plays: list[PlayView]


@dataclass
class TableView:
    """Everything a table picture shows, worked out from the state and the view."""

    game: Game
    seat: int | None
    players: int
    lines: list[list[Token]]
    seats: list[SeatView]
    zones: list[ZoneView]
    trick: TrickView
    marked: Callable[[Card], bool]
    notes: list[list[Token]] = field(default_factory=list)
    colours: dict[int, str] = field(default_factory=dict)
    """A team colour for the name of each seat that has one."""


def _check_state(state: object) -> State:
    if not isinstance(state, _sheepshead.State | _tractor.State):
        raise ArgumentTypeError(
            f"state must be a sheepshead.State or a tractor.State, not {type(state).__name__}"
        )
    return state


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def _seats(seats: Sequence[int]) -> str:
    return ("seat " if len(seats) == 1 else "seats ") + ", ".join(str(s) for s in seats)


def _action_cards(state: State, seat: int | None) -> set[Card] | None:
    """The cards named by the legal actions of the seat to act (play, bury, under, discard, declare); ``None``
    when that is every card it holds, or none (nothing to single out)."""
    if seat is None or state.current_player != seat:
        return None
    cards: set[Card] = set()
    for action in state.legal_actions():
        words = state.action_to_string(action).split()
        for word in words[1:]:
            try:
                cards.add(Card(word))
            except ValueError:
                pass
    if not cards or cards >= set(state.hand(seat)):
        return None
    return cards


def _minus(cards: Sequence[Card], taken: Sequence[Card]) -> list[Card]:
    """``cards`` without ``taken`` (as multisets), order kept."""
    left = Counter(taken)
    out = []
    for card in cards:
        if left[card]:
            left[card] -= 1
        else:
            out.append(card)
    return out


def _common(cards: Sequence[Card], wanted: Sequence[Card]) -> list[Card]:
    """The cards of ``wanted`` that ``cards`` holds (multiset intersection), in ``wanted``'s order."""
    left = Counter(cards)
    out = []
    for card in wanted:
        if left[card]:
            left[card] -= 1
            out.append(card)
    return out


# ---- Sheepshead ----

_SHEEPSHEAD_PHASES = {
    "pick": "picking",
    "bury": "burying",
    "call": "calling a partner",
    "under": "laying the under",
    "done": "hand over",
}


def sheepshead_view(state: _sheepshead.State, seat: int | None) -> TableView:
    """What a Sheepshead table shows to ``seat`` (``None``: every card).

    A seat sees its own hand; the blind once it picked it (or when a leaster ends); its own bury and under;
    the partner only once the called card is played (R17) unless it holds the called card itself. After the
    six tricks the bury is the two cards nobody played, so everyone is shown it.
    """
    omni = seat is None
    phase = state.phase
    picker = state.picker
    called = state.called_card
    public_partner = state.partner
    secret = state.secret_partner
    tricks = state.tricks()
    finished = phase == "done" and len(tricks) == 6
    alone = picker is not None and called is None and phase in ("play", "done")
    current = state.current_player
    points, won = state.points(), state.tricks_won()
    returns = state.returns() if phase == "done" else None
    knows_partner = omni or (seat is not None and seat == secret)
    partner = secret if knows_partner else public_partner
    sees_bury = omni or seat == picker or finished

    seats: list[SeatView] = []
    for s in range(5):
        cards = list(state.hand(s))
        chips: list[Chip] = []
        if s == state.dealer:
            chips.append(Chip("dealer", "#d9d9d9"))
        if s == picker:
            chips.append(Chip("picker", PICKING))
        if partner is not None and s == partner:
            chips.append(Chip("partner" if public_partner == s else "partner (secret)", PICKING))
        if s == current:
            chips.append(Chip("to act", TURN))
        stats: list[Token] = [f"{points[s]} pts · {_plural(won[s], 'trick')}"]
        under = state.under
        if under is not None and s == picker and (omni or seat == picker) and under in cards:
            stats += [" · under ", under]
        face_up = omni or s == seat
        seats.append(
            SeatView(
                seat=s,
                chips=chips,
                stats=stats,
                face_up=runs(cards, "sheepshead") if face_up else None,  # as the state orders it (R3)
                backs=0 if face_up else len(cards),
                legal=_action_cards(state, s) if face_up else None,
                turn=s == current,
                result=None if returns is None else returns[s],
                you=s == seat,
            )
        )

    zones: list[ZoneView] = []
    if phase == "pick" or state.is_leaster or state.is_doubler:
        blind = state.blind
        visible = omni or (state.is_leaster and finished)
        note = "to the last trick" if state.is_leaster else ""
        zones.append(ZoneView("blind", "blind", blind if visible else None, len(blind), note))
    elif picker is not None:
        bury = state.bury
        note = f"{sum(_sheepshead.card_points(c) for c in bury)} pts" if sees_bury and bury else ""
        zones.append(ZoneView("bury", "bury", bury if sees_bury else None, len(bury), note))

    # the header
    title: list[Token] = [f"Sheepshead · dealer seat {state.dealer}"]
    if phase == "play":
        title.append(f" · trick {state.trick_number + 1} of 6")
    else:
        title.append(f" · {_SHEEPSHEAD_PHASES[phase]}")
    if state.multiplier > 1:
        title.append(f" · stakes ×{state.multiplier}")
    title.append(" · all cards shown" if omni else f" · seat {seat}'s view")
    lines: list[list[Token]] = [title]
    if state.is_doubler:
        lines.append(["All passed: doubler (thrown in, the next hand counts double)"])
    elif state.is_leaster:
        lines.append(["All passed: leaster (the fewest points with at least one trick wins)"])
    elif picker is None:
        passed = [(state.dealer + 1 + i) % 5 for i in range(len(state.history()))]
        lines.append([f"No picker yet · passed: {_seats(passed)}" if passed else "No picker yet"])
    else:
        line: list[Token] = [f"Picker: seat {picker}"]
        if called is not None:
            line += [" · called ", called]
            if state.under is not None or phase == "under":
                line.append(" (an unknown: the picker lays an under)")
            if partner is None:
                line.append(" · partner unknown")
            elif public_partner is None:
                line.append(f" · partner seat {partner} (secret)")
            else:
                line.append(f" · partner seat {partner}")
        elif alone:
            line.append(" · alone")
        lines.append(line)
    if picker is not None:
        side = [picker] + ([] if partner is None or partner == picker else [partner])
        knows_points = (
            omni or finished or (seat == picker and (alone or public_partner is not None or not tricks))
        )
        in_tricks = sum(points[s] for s in side)
        if knows_points and state.picking_side_points is not None:
            lines.append([f"Picking side: {state.picking_side_points} pts (tricks and bury)"])
        elif alone or public_partner is not None:
            lines.append([f"Picking side: {in_tricks} pts in tricks, and the bury"])
    if returns is not None and not state.is_doubler:
        if state.is_leaster:
            best = max(range(5), key=lambda s: returns[s])
            lines.append([f"Result: seat {best} wins the leaster ({_signed(returns[best])})"])
        elif picker is not None:
            verdict = "wins" if returns[picker] > 0 else "loses"
            lines.append([f"Result: the picking side {verdict} · returns {' '.join(map(_signed, returns))}"])

    colours = {s: PICKING for s in range(5) if s == picker or (partner is not None and s == partner)}
    return TableView(
        game="sheepshead",
        seat=seat,
        players=5,
        lines=lines,
        seats=seats,
        zones=zones,
        trick=_sheepshead_trick(state),
        marked=lambda c: is_trump(c, "sheepshead", None),
        colours=colours,
    )


def _sheepshead_trick(state: _sheepshead.State) -> TrickView:
    plays = state.current_trick()
    under = state.under
    picker = state.picker

    def chips(s: int, card: Card) -> list[Chip]:
        return [Chip("under", "#d9d9d9")] if under is not None and s == picker and card == under else []

    if plays:
        return TrickView(
            f"trick {state.trick_number + 1} of 6",
            [PlayView(s, [c], chips(s, c), lead=i == 0) for i, (s, c) in enumerate(plays)],
        )
    tricks = state.tricks()
    if tricks:
        leader, done, winner = tricks[-1]
        return TrickView(
            f"trick {len(tricks)} of 6 · won by seat {winner}",
            [PlayView(s, [c], chips(s, c), lead=s == leader, winner=s == winner) for s, c in done],
        )
    return TrickView("no trick yet", [])


# ---- Tractor ----


def trump_words(trump: _tractor.Trump | None, rank: str) -> str:
    """The trump in words, as ``print(state)`` says it (``str(state.trump)``: ``"Trump: rank 2 of hearts"``,
    ``"Trump: no trump (jokers only)"``); before it is declared, the rank it will have."""
    if trump is None:
        return f"Trump: rank {rank}, suit not declared yet"
    return f"Trump: {trump}"


def _trump_tokens(trump: _tractor.Trump | None, rank: str) -> list[Token]:
    """:func:`trump_words`, with the trump suit's symbol after it."""
    words = trump_words(trump, rank)
    if trump is None or trump.suit is None:
        return [words]
    return [words, ("suit", trump.suit)]


def tractor_view(state: _tractor.State, seat: int | None) -> TableView:
    """What a Tractor table shows to ``seat`` (``None``: every card).

    A seat sees its own hand; of the others, how many cards they hold and the cards they exposed to declare
    and have not played since (the starter's only during the draw: it may have discarded them since); the
    kitty if it is the starter, and everyone once the round is over (R41); the trick on the table, with the
    play being built only if it is its own (the cards of a play are shown when it is finished); the levels,
    the trump, the declarers, P.
    """
    omni = seat is None
    phase = state.phase
    trump = state.trump
    levels = state.levels
    declarers = state.declarers
    starter = state.starter
    current = state.current_player
    partial = state.partial_play()
    exposed = state.exposed()
    returns = state.returns() if phase == "done" else None
    declaration = state.declaration

    sees_partial = omni or seat == current
    played: list[list[Card]] | None = None
    seats: list[SeatView] = []
    for s in range(4):
        cards = list(state.hand(s))
        if s == current and partial and sees_partial:
            cards = _minus(cards, partial)  # on the table, being played
        team = s % 2
        chips: list[Chip] = []
        if declarers is None:
            chips.append(Chip(f"team {team}", TEAM_COLOURS[team]))
        else:
            chips.append(Chip("declarers" if team == declarers else "opponents", TEAM_COLOURS[team]))
        if s == starter:
            chips.append(Chip("starter", "#d9d9d9"))
        if s == current:
            chips.append(Chip("to act", TURN))
        stats: list[Token] = [f"{_plural(len(cards), 'card')} · level {levels[team]}"]
        face_up = omni or s == seat
        shown: list[Card] = []
        # exposed cards are public until played; the starter may have discarded them into the kitty (hidden)
        if not face_up and exposed[s] and (s != starter or phase == "draw"):
            if played is None:
                played = _played(state)
            shown = _common(cards, _minus(exposed[s], played[s]))
        seats.append(
            SeatView(
                seat=s,
                chips=chips,
                stats=stats,
                face_up=groups(cards, "tractor", trump) if face_up else None,
                backs=0 if face_up else len(cards) - len(shown),
                shown=[card for group in groups(shown, "tractor", trump) for card in group],
                legal=_action_cards(state, s) if face_up else None,
                turn=s == current,
                result=None if returns is None else returns[s],
                you=s == seat,
            )
        )

    zones: list[ZoneView] = []
    if phase == "draw":
        undrawn = 108 - len(state.taken_out()) - state.drawn  # F5: the cards taken out are not in play
        zones.append(ZoneView("stack", "stack", None, undrawn, f"{undrawn} undrawn"))
    else:
        kitty = list(state.kitty)
        visible = omni or seat == starter or phase == "done"
        if phase == "kitty":
            note = f"{len(kitty)} of {state.rules.kitty_size} discarded"
        elif visible:
            note = f"{_tractor.trick_points(kitty)} pts"
        else:
            note = ""
        if visible and kitty and trump is not None:
            kitty = trump.sort(kitty)
        zones.append(ZoneView("kitty", "kitty", kitty if visible else None, len(kitty), note))

    team_name = [f"team {t} ({_seats((t, t + 2))})" for t in (0, 1)]
    title: list[Token] = [f"Tractor · rank {state.rank} · {phase}"]
    if phase == "play":
        title.append(f" · trick {state.tricks_played + 1}")
    title.append(" · all cards shown" if omni else f" · seat {seat}'s view")
    lines: list[list[Token]] = [title]
    lines.append(
        [
            f"Levels: {team_name[0]} {levels[0]}, {team_name[1]} {levels[1]} · ",
            *_trump_tokens(trump, state.rank),
        ]
    )
    line: list[Token] = []
    if declarers is not None:
        line.append(f"Declarers: {team_name[declarers]} · starter seat {starter}")
    if declaration is not None:
        by, _kind, cards = declaration
        line.append(f"{' · ' if line else ''}declared by seat {by}:")
        for card in cards:
            line += [" ", card]
    elif phase == "draw":
        line.append("Nobody has declared yet")
    lines.append(line)
    if returns is not None and declarers is not None:
        hold, gained = _tractor.level_outcome(state.points)
        verdict = "the declarers hold" if hold else "the opponents take over"
        text = f"Result: P = {state.points}, {verdict}, +{_plural(gained, 'level')}"
        if state.kitty_bonus:
            text += f" (kitty bonus {state.kitty_bonus})"
        lines.append([text])
    elif phase in ("play", "done"):
        team_points = state.trick_points
        text = f"P (opponents' points): {state.points}"
        text += f" · in tricks: team 0 {team_points[0]}, team 1 {team_points[1]}"
        lines.append([text])

    notes: list[list[Token]] = []
    failed = state.failed_throw()
    if failed is not None and phase == "play":
        by, attempted, _forced, penalty = failed
        throw: list[Token] = [f"failed throw by seat {by}:"]
        for card in attempted:
            throw += [" ", card]
        throw.append(f" ({_signed(penalty)})")
        notes.append(throw)

    return TableView(
        game="tractor",
        seat=seat,
        players=4,
        lines=lines,
        seats=seats,
        zones=zones,
        trick=_tractor_trick(state, sees_partial),
        marked=lambda c: is_trump(c, "tractor", trump),
        notes=notes,
        colours={s: TEAM_COLOURS[s % 2] for s in range(4)},
    )


def _played(state: _tractor.State) -> list[list[Card]]:
    """The cards each seat has played to the tricks of the round (public), read by taking the actions back
    one by one on a copy (the state keeps only the last trick)."""
    played: list[list[Card]] = [[] for _ in range(4)]
    for s, cards in state.current_trick():
        played[s] += cards
    back = state.clone()
    seen = back.tricks_played
    while seen and back.history():
        if back.tricks_played == seen:
            last = back.last_trick()
            assert last is not None
            for s, cards in last[1]:
                played[s] += cards
            seen -= 1
        back.undo()
    return played


def _tractor_trick(state: _tractor.State, with_partial: bool = True) -> TrickView:
    plays = state.current_trick()
    partial = state.partial_play() if with_partial else []
    if plays or partial:
        out = [PlayView(s, list(cards), [], lead=i == 0) for i, (s, cards) in enumerate(plays)]
        current = state.current_player
        if partial and current is not None:
            out.append(
                PlayView(current, list(partial), [Chip("playing…", TURN)], lead=not plays, building=True)
            )
        return TrickView(f"trick {state.tricks_played + 1}", out)
    last = state.last_trick()
    if last is not None:
        leader, done, winner = last
        return TrickView(
            f"trick {state.tricks_played} · won by seat {winner}",
            [PlayView(s, list(cards), [], lead=s == leader, winner=s == winner) for s, cards in done],
        )
    return TrickView("no trick yet", [])


# ---- drawing ----


def draw_tokens(
    canvas: Canvas, x: float, y: float, tokens: Sequence[Token], *, size: float, fill: str, bold: bool = False
) -> float:
    """A line of text from ``x``, baseline ``y``, with cards as small chips; returns where it ends."""
    merged: list[Token] = []
    for token in tokens:  # words next to words make one text
        if isinstance(token, str) and merged and isinstance(merged[-1], str):
            merged[-1] += token
        else:
            merged.append(token)
    for token in merged:
        if isinstance(token, str):
            # SVG drops a text's leading and trailing spaces: they are kept here as room around it
            words = token.strip()
            x += text_width(token[: len(token) - len(token.lstrip())], size, bold=bold)
            if words:
                canvas.text(x, y, words, size=size, fill=fill, bold=bold)
            x += text_width(token.lstrip(), size, bold=bold) * 1.02  # renderers that round each glyph up
        elif isinstance(token, Card):
            x += _card_chip(canvas, x, y, token, size) + 1
        else:
            suit = token[1]
            canvas.rect(x, y - size * 0.92, size * 1.05, size * 1.2, rx=3, fill="#ffffff")
            draw_suit(canvas, suit, x + size * 0.525, y - size * 0.32, size * 0.85)
            x += size * 1.05 + 1
    return x


def _card_chip(canvas: Canvas, x: float, y: float, card: Card, size: float) -> float:
    """A card in a line of text: its rank and suit symbol in the suit's colour on a white chip."""
    if card.is_joker:
        colour = RED if str(card) == "RJ" else BLACK
        label = "big joker" if str(card) == "RJ" else "small joker"
        width = text_width(label, size * 0.9, bold=True) + size * 1.2
        canvas.rect(x, y - size * 0.92, width, size * 1.2, rx=3, fill="#ffffff")
        canvas.path(star_path(x + size * 0.55, y - size * 0.34, size * 0.42), fill=colour)
        canvas.text(x + size * 1.0, y - size * 0.02, label, size=size * 0.9, fill=colour, bold=True)
        return width
    rank = card.rank or ""
    suit = card.suit or "S"
    colour = SUIT_COLOUR[suit]
    width = text_width(rank, size, bold=True) + size * 1.15
    canvas.rect(x, y - size * 0.92, width, size * 1.2, rx=3, fill="#ffffff")
    canvas.text(x + size * 0.2, y, rank, size=size, fill=colour, bold=True)
    draw_suit(canvas, suit, x + width - size * 0.5, y - size * 0.33, size * 0.78)
    return width


def draw_chip(canvas: Canvas, x: float, y: float, chip: Chip, size: float = 11.5) -> float:
    """A tag with its baseline at ``y``; returns its width."""
    width = text_width(chip.text, size, bold=True) + 10
    canvas.rect(x, y - size - 1, width, size + 5, rx=(size + 5) / 2, fill=chip.fill)
    canvas.text(x + 5, y, chip.text, size=size, fill=chip.ink, bold=True)
    return width


def _panel(canvas: Canvas, x: float, y: float, w: float, h: float, turn: bool) -> None:
    canvas.rect(x, y, w, h, rx=10, fill=PANEL, fill_opacity=0.22)
    if turn:
        canvas.rect(x + 1.5, y + 1.5, w - 3, h - 3, rx=9, fill="none", stroke=TURN, stroke_width=3)


def _seat_heading(
    canvas: Canvas, view: TableView, seat: SeatView, x: float, y: float, *, wrap: float, result_x: float
) -> float:
    """The seat's name, its chips and its stats from (x, y), the result (once over) ending at ``result_x``;
    returns the baseline of the last line."""
    name = f"seat {seat.seat}" + (" (you)" if seat.you else "")
    colour = view.colours.get(seat.seat, INK)
    canvas.text(x, y, name, size=15, fill=colour, bold=True)
    cx = x + text_width(name, 15, bold=True) + 8
    line_y = y
    for chip in seat.chips:
        width = text_width(chip.text, 11.5, bold=True) + 10
        if cx + width > x + wrap:
            cx, line_y = x, line_y + 19
        cx += draw_chip(canvas, cx, line_y, chip) + 5
    if seat.result is not None:
        colour = WIN if seat.result > 0 else LOSE if seat.result < 0 else INK
        canvas.text(result_x, y, _signed(seat.result), size=17, fill=colour, bold=True, anchor="end")
    line_y += 19
    draw_tokens(canvas, x, line_y, seat.stats, size=13, fill=SOFT_INK)
    return line_y


def _seat_cards(
    canvas: Canvas,
    view: TableView,
    seat: SeatView,
    x: float,
    y: float,
    *,
    w: float,
    width: float,
    rows: Literal["one", "per_group"],
    back_step: float,
) -> None:
    with canvas.group(class_="hand", data_seat=seat.seat):
        if seat.face_up is not None:
            if not seat.face_up:
                canvas.text(x, y + 0.5 * card_height(w), "no cards", size=13, fill=SOFT_INK)
            draw_cards(
                canvas,
                seat.face_up,
                x,
                y,
                w=w,
                step=0.5 * w,
                gap=0.14 * w,
                width=width,
                marked=view.marked,
                legal=seat.legal,
                rows=rows,
                row_step=(0.8 if rows == "per_group" else 0.62) * w,
                min_step=0.3 * w,
                raise_by=0.1 * w,
            )
            return
        used = draw_backs(canvas, seat.backs, x, y, w=w, step=back_step)
        if seat.shown:
            sx = x + used + (0.2 * w if used else 0)
            canvas.text(sx, y - 3, "exposed", size=11, fill=SOFT_INK)
            draw_cards(
                canvas,
                [seat.shown],
                sx,
                y,
                w=w,
                step=0.42 * w,
                gap=0,
                width=max(width - (sx - x), w),
                marked=view.marked,
            )
        elif not seat.backs:
            canvas.text(x, y + 0.5 * card_height(w), "no cards", size=13, fill=SOFT_INK)


def _draw_seat(
    canvas: Canvas,
    view: TableView,
    seat: SeatView,
    box: tuple[float, float, float, float],
    *,
    side: bool,
    w: float,
) -> None:
    x, y, bw, bh = box
    attrs: dict[str, object] = {"class_": "seat", "data_seat": seat.seat}
    if seat.turn:
        attrs["data_turn"] = "true"
    if seat.result is not None:
        attrs["data_return"] = _signed(seat.result)
    with canvas.group(**attrs):
        _panel(canvas, x, y, bw, bh, seat.turn)
        if side or view.game == "sheepshead":
            last = _seat_heading(canvas, view, seat, x + 12, y + 22, wrap=bw - 24, result_x=x + bw - 12)
            top = last + 10 + 0.1 * w
            _seat_cards(
                canvas,
                view,
                seat,
                x + 12,
                top,
                w=w,
                width=bw - 24,
                rows="per_group" if view.game == "tractor" else "one",
                back_step=0.16 * w,
            )
        else:  # a long row: the name on the left, the cards beside it
            _seat_heading(canvas, view, seat, x + 12, y + 22, wrap=150, result_x=x + bw - 12)
            _seat_cards(
                canvas,
                view,
                seat,
                x + 178,
                y + 6 + 0.1 * w,
                w=w,
                width=bw - 230,
                rows="one",
                back_step=0.2 * w,
            )


def _draw_zone(canvas: Canvas, zone: ZoneView, x: float, y: float, w: float, view: TableView) -> None:
    """A zone: its label above, its cards (face up or backs) below, from (x, y)."""
    with canvas.group(class_="zone", data_zone=zone.name):
        label = zone.label + (f" · {zone.note}" if zone.note else "")
        canvas.text(x, y + 12, label, size=12.5, fill=SOFT_INK, bold=True)
        top = y + 18
        if zone.cards is not None:
            if zone.cards:
                draw_cards(
                    canvas,
                    [zone.cards],
                    x,
                    top,
                    w=w,
                    step=0.36 * w if len(zone.cards) > 2 else 1.08 * w,
                    gap=0,
                    width=200,
                    marked=view.marked,
                )
            else:
                canvas.text(x, top + 0.6 * card_height(w), "empty", size=12, fill=SOFT_INK)
        elif zone.name == "stack":
            draw_backs(canvas, min(zone.backs, 10), x, top, w=w, step=3, badge=zone.backs)
        elif zone.backs:
            draw_backs(canvas, zone.backs, x, top, w=w, step=0.36 * w if zone.backs > 2 else 1.08 * w)
        else:
            canvas.text(x, top + 0.6 * card_height(w), "empty", size=12, fill=SOFT_INK)


def _draw_play(
    canvas: Canvas,
    view: TableView,
    play: PlayView,
    x: float,
    y: float,
    *,
    w: float,
    width: float,
    align: Literal["start", "middle", "end"],
) -> None:
    """One play of a trick: the seat's name above its cards, the lead and winner chips below."""
    step = 0.4 * w
    natural = (len(play.cards) - 1) * step + w
    if natural > width and len(play.cards) > 1:
        step = max(4.0, (width - w) / (len(play.cards) - 1))
        natural = (len(play.cards) - 1) * step + w
    left = x if align == "start" else x - natural / 2 if align == "middle" else x - natural
    attrs: dict[str, object] = {"class_": "play", "data_seat": play.seat}
    if play.lead:
        attrs["data_lead"] = "true"
    if play.winner:
        attrs["data_winner"] = "true"
    with canvas.group(**attrs):
        h = card_height(w)
        if play.winner:
            canvas.rect(
                left - 5, y - 5, natural + 10, h + 10, rx=8, fill="none", stroke=GOLD, stroke_width=3.5
            )
        name = f"seat {play.seat}"
        canvas.text(left, y - 8, name, size=12.5, fill=view.colours.get(play.seat, INK), bold=True)
        for i, card in enumerate(play.cards):
            draw_card(canvas, card, left + i * step, y, w, trump=view.marked(card))
        chips = ([Chip("lead", "#d9d9d9")] if play.lead else []) + list(play.chips)
        if play.winner:
            chips.append(Chip("wins", GOLD))
        cx = left
        for chip in chips:
            cx += draw_chip(canvas, cx, y + h + 19, chip, size=11) + 4


# The tables' geometry: a box (x, y, width, height) per position, the viewer (or seat 0) at position 0, the
# next seats clockwise: bottom, left, top, right (and Sheepshead's fifth).
_Box = tuple[float, float, float, float]
_Spot = tuple[float, float, Literal["start", "middle", "end"]]
_SHEEPSHEAD_BOXES: tuple[_Box, ...] = (
    (306, 500, 288, 134),
    (10, 334, 284, 134),
    (10, 96, 284, 134),
    (606, 96, 284, 134),
    (606, 334, 284, 134),
)
_SHEEPSHEAD_PLAYS: tuple[_Spot, ...] = (
    (450, 395, "middle"),
    (322, 328, "start"),
    (340, 192, "start"),
    (560, 192, "end"),
    (578, 328, "end"),
)
_TRACTOR_BOXES: tuple[_Box, ...] = (
    (10, 548, 880, 88),
    (10, 184, 284, 356),
    (10, 92, 880, 88),
    (606, 184, 284, 356),
)
_TRACTOR_PLAYS: tuple[_Spot, ...] = (
    (450, 440, "middle"),
    (306, 318, "start"),
    (450, 206, "middle"),
    (594, 318, "end"),
)
WIDTH, HEIGHT = 900, 640


def draw_table(view: TableView) -> Picture:
    """The table of ``view``: 900 × 640 pixels, the viewing seat (or seat 0) at the bottom."""
    sheepshead = view.game == "sheepshead"
    who = "all cards shown" if view.seat is None else f"the view of seat {view.seat}"
    canvas = Canvas(
        WIDTH,
        HEIGHT,
        title=f"a {view.game} table, {who}",
        data_game=view.game,
        data_view="all" if view.seat is None else view.seat,
    )
    canvas.rect(0, 0, WIDTH, HEIGHT, fill=FELT)
    header = 84 if sheepshead else 88
    canvas.rect(0, 0, WIDTH, header, fill=PANEL, fill_opacity=0.28)
    if sheepshead:
        canvas.element("ellipse", cx=450, cy=330, rx=150, ry=190, fill=FELT_LIGHT)
    else:
        canvas.rect(300, 188, 300, 352, rx=40, fill=FELT_LIGHT)
    y = 22.0
    for i, line in enumerate(view.lines):
        draw_tokens(
            canvas, 14, y, line, size=17 if i == 0 else 13.5, fill=INK if i == 0 else SOFT_INK, bold=i == 0
        )
        y += 22 if i == 0 else 19
    bottom = view.seat or 0
    boxes = _SHEEPSHEAD_BOXES if sheepshead else _TRACTOR_BOXES
    for seat in view.seats:
        position = (seat.seat - bottom) % view.players
        side = not sheepshead and position in (1, 3)
        _draw_seat(canvas, view, seat, boxes[position], side=side, w=52 if sheepshead else 46 if side else 50)
    for zone in view.zones:
        if sheepshead:
            _draw_zone(canvas, zone, 404, 96, 42, view)
        else:
            _draw_zone(canvas, zone, 700, 8, 30, view)
    with canvas.group(class_="trick"):
        caption_y = 303 if sheepshead else 322
        canvas.text(450, caption_y, view.trick.caption, size=13, fill=SOFT_INK, anchor="middle", bold=True)
        for note_y, note in enumerate(view.notes):
            width = sum(text_width(t, 12) if isinstance(t, str) else 30 for t in note)
            draw_tokens(canvas, 450 - width / 2, caption_y + 20 + 18 * note_y, note, size=12, fill=SOFT_INK)
        spots = _SHEEPSHEAD_PLAYS if sheepshead else _TRACTOR_PLAYS
        for play in view.trick.plays:
            x, y0, align = spots[(play.seat - bottom) % view.players]
            _draw_play(canvas, view, play, x, y0, w=52 if sheepshead else 40, width=140, align=align)
    return canvas.picture()


def draw_trick(view: TableView) -> Picture:
    """The trick of ``view`` alone: its plays left to right in play order, each under its seat's name."""
    w = 64.0 if view.game == "sheepshead" else 56.0
    gap = 26.0
    widths = [(len(p.cards) - 1) * 0.4 * w + w for p in view.trick.plays]
    width = max(320.0, sum(widths) + gap * (len(widths) - 1) + 40)
    height = card_height(w) + 100
    canvas = Canvas(width, height, title=f"a {view.game} trick: {view.trick.caption}", data_game=view.game)
    canvas.rect(0, 0, width, height, rx=12, fill=FELT)
    canvas.text(20, 26, f"{view.game.capitalize()} · {view.trick.caption}", size=15, fill=INK, bold=True)
    if not view.trick.plays:
        canvas.text(20, 70, "nothing on the table", size=13, fill=SOFT_INK)
    x = 20.0
    with canvas.group(class_="trick"):
        for play, play_width in zip(view.trick.plays, widths, strict=True):
            _draw_play(canvas, view, play, x, 58, w=w, width=play_width + 1, align="start")
            x += play_width + gap
    return canvas.picture()


# ---- the public functions ----


def _view(state: object, seat: int | None) -> TableView:
    checked = _check_state(state)
    if isinstance(checked, _sheepshead.State):
        return sheepshead_view(checked, seat)
    return tractor_view(checked, seat)


def trick(state: _sheepshead.State | _tractor.State) -> Picture:
    """The trick on the table of a Sheepshead or Tractor state, each card under its seat's name, the leader
    marked: the trick in progress (in Tractor with the play being built), else the last finished trick with
    its winner marked, else an empty table. It shows only what everyone sees (the partner's colour once the
    called card is played)."""
    view = _view(state, None)
    if isinstance(state, _sheepshead.State):
        public = (state.picker, state.partner)
        view.colours = {s: colour for s, colour in view.colours.items() if s in public}
    return draw_trick(view)


def table(state: _sheepshead.State | _tractor.State, *, seat: int | None = None) -> Picture:
    """The whole table, 900 × 640 pixels: the header (game state, and the result once over), each seat with
    its name, its chips (dealer, picker, partner once known; Tractor's teams and starter), its points and its
    hand, the trick in the middle, the blind or bury (Sheepshead) or the kitty (Tractor).

    ``seat=None`` shows every card; a seat shows what that seat knows: its own hand face up at the bottom,
    the other hands as backs with their counts, hidden cards face down. ``seat`` out of range raises
    :class:`~tricktaker.ArgumentError`, a ``bool`` or a non-int :class:`~tricktaker.ArgumentTypeError`.
    """
    checked = _check_state(state)
    players = 5 if isinstance(checked, _sheepshead.State) else 4
    where = None if seat is None else seat_index(seat, players)
    return draw_table(_view(checked, where))
