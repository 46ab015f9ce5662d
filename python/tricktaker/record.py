"""Game records: a versioned, human-readable JSON record of a hand, a round or a whole match.

A record holds the rules, the seats, every deal (how it started, the cards dealt, every action as text with
the seat that took it, the result) and, for a match, its totals. :func:`to_record` writes one from a
``State`` or a ``Match``; :func:`from_record` reads one back and replays and verifies every action, refusing
a record that does not replay with a :class:`RecordError` that names the deal, the step and the reason::

    from tricktaker import record, sheepshead

    state = sheepshead.State.new(seed=7)
    state.apply("pick")
    data = record.to_record(state, seats=["Ann", "Bo", "Cy", "Di", "Ed"])
    replay = record.from_record(data)       # also JSON text or bytes
    assert replay.deals[0].final == state
    replay.deals[0].state_at(0)             # the table before any action

The format, every field and the version policy are in ``docs/records.md``.
"""

from __future__ import annotations

import json
import os
import re
import unicodedata
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final, Literal, TypeAlias, TypeVar

from . import _args, sheepshead, tractor
from ._core import Card, __version__
from .errors import ArgumentError, ArgumentTypeError, InvalidStateError, TricktakerError

__all__ = [
    "FORMAT",
    "MAX_ACTIONS",
    "MAX_CONTAINERS",
    "MAX_DEALS",
    "MAX_RECORD_BYTES",
    "Deal",
    "RecordError",
    "Replay",
    "Step",
    "deal_path",
    "dumps",
    "final_state",
    "from_record",
    "load",
    "save",
    "to_record",
]

FORMAT: Final[int] = 1
"""The record format version this library writes (``"tricktaker_record"``); it reads each one up to it."""
MAX_RECORD_BYTES: Final[int] = 64 * 2**20
"""The largest record :func:`from_record` reads: 64 MiB of JSON."""
MAX_DEALS: Final[int] = 100_000
"""The most deals a record may hold."""
MAX_CONTAINERS: Final[int] = MAX_RECORD_BYTES // 16
"""The most JSON objects and lists a record may hold (counted before it is parsed, with the brackets inside
strings: a bound on the memory parsing takes, which no real record comes near)."""
MAX_ACTIONS: Final[int] = 100_000
"""The most actions one deal of a record may list."""
MAX_NAME: Final[int] = 200
"""The longest seat name or event, in characters."""

_SAVE_FORMAT: Final[int] = 1
"""The format of the saves (``State.to_json``) whose start fields a deal's ``"start"`` holds."""
_SAVE_ONLY = ("game", "format", "rules", "history")
"""The fields of a save that are not part of how the deal began."""
_WIDTH = 100
""":func:`dumps` writes a list or an object on one line when it fits in this many columns."""
_SURROGATE = re.compile("[\ud800-\udfff]")
_CONTROL_CATEGORIES = frozenset({"Cc", "Cf", "Zl", "Zp"})
"""What a seat's name or the event may not hold: control characters (``Cc``: newline, tab, ESC…), format
characters (``Cf``: the bidi overrides and isolates, zero-width joiners…) and the line and paragraph
separators (``Zl``, ``Zp``), so that a name prints as what it says on one line of a terminal."""


def _control(text: str) -> str | None:
    """The first character of ``text`` that a name may not hold (see :data:`_CONTROL_CATEGORIES`), written as
    an escape (``\\x1b``, ``\\u202e``), or ``None``."""
    for char in text:
        if unicodedata.category(char) in _CONTROL_CATEGORIES:
            return ascii(char)[1:-1]
    return None


State: TypeAlias = sheepshead.State | tractor.State
"""A deal of any game."""
Match: TypeAlias = sheepshead.Match | tractor.Match
"""A match of any game."""
_M = TypeVar("_M", sheepshead.Match, tractor.Match)
Kind = Literal["hand", "round", "match"]
"""What a record holds: a Sheepshead hand, a Tractor round, or a match of either."""


class RecordError(InvalidStateError):
    """A record that cannot be read or does not replay: the message names where (the deal, the step with its
    seat and action, or the field) and why, e.g. ``deal 2, step 14 (seat 3: play KD): illegal action …``.

    Also a :class:`ValueError` and a :class:`~tricktaker.errors.TricktakerError`. The parts of the message
    are attributes: :attr:`reason`, :attr:`deal`, :attr:`step`, :attr:`seat`, :attr:`action`, :attr:`part`.
    """

    def __init__(
        self,
        reason: str,
        *,
        deal: int | None = None,
        step: int | None = None,
        seat: int | None = None,
        action: str | None = None,
        part: str | None = None,
    ) -> None:
        self.reason = reason
        """Why the record is refused."""
        self.deal = deal
        """The deal's number (from 1), or ``None`` when the fault is not in a deal."""
        self.step = step
        """The step's number (from 1) in the deal, or ``None``."""
        self.seat = seat
        """The seat the record gives the step, or ``None``."""
        self.action = action
        """The step's action text, or ``None``."""
        self.part = part
        """The field at fault (``"start"``, ``"result"``, ``"rules"``…), or ``None``."""
        where = []
        if deal is not None:
            where.append(f"deal {deal}")
        if step is not None:
            who = f"seat {seat}" if seat is not None else "no seat"
            where.append(f"step {step} ({who}: {action})" if action is not None else f"step {step}")
        if part is not None:
            where.append(part)
        super().__init__(f"{', '.join(where)}: {reason}" if where else reason)

    def __reduce__(self) -> tuple[Any, ...]:
        keywords = {k: getattr(self, k) for k in ("deal", "step", "seat", "action", "part")}
        return (_rebuild_error, (self.reason, keywords))


def _rebuild_error(reason: str, keywords: dict[str, Any]) -> RecordError:
    """What a pickled :class:`RecordError` calls when loaded."""
    return RecordError(reason, **keywords)


@dataclass(frozen=True)
class _At:
    """Where in a record a check is made, to name it in a :class:`RecordError`."""

    deal: int | None = None
    step: int | None = None
    seat: int | None = None
    action: str | None = None
    part: str | None = None

    def error(self, reason: str, part: str | None = None) -> RecordError:
        """A :class:`RecordError` at this place (in ``part`` of it, if given)."""
        return RecordError(
            reason,
            deal=self.deal,
            step=self.step,
            seat=self.seat,
            action=self.action,
            part=part if part is not None else self.part,
        )

    def within(self, part: str) -> _At:
        """The same place, in field ``part``."""
        return _At(self.deal, self.step, self.seat, self.action, part)


# ---- what the library reads and writes ----


@dataclass(frozen=True)
class Step:
    """One action of a deal, as the record gives it (checked against the replay)."""

    number: int
    """From 1: the state after this step is ``Deal.state_at(number)``."""
    seat: int | None
    """The seat that acted (``current_player`` before the action)."""
    action: str
    """The action's text, as the engine writes it (``"play QC"``, ``"declare 2H 2H"``)."""
    id: int
    """The action's id in the game's numbering (``NUM_ACTIONS``)."""


@dataclass(frozen=True, eq=False)
class Deal:
    """One replayed deal (a Sheepshead hand, a Tractor round) of a record."""

    number: int
    """From 1, in the order of the record."""
    start: State
    """The deal before any action (do not change it: :meth:`state_at` copies from it)."""
    steps: list[Step]
    """Every action, in order."""
    final: State
    """The deal after its last action."""
    cards: dict[str, Any]
    """The deal as the record shows it (``"deal"``: the hands dealt, the blind or the kitty)."""
    results: dict[str, Any] | None
    """What the deal came to (``"result"``), or ``None`` when it is unfinished."""

    def state_at(self, step: int) -> State:
        """The deal after ``step`` actions (0: the start, ``len(steps)``: the final state), a fresh copy."""
        number = _args.whole(step, "step", 0, len(self.steps))
        state = self.start.clone()
        for s in self.steps[:number]:
            state.apply_action(s.id)
        return state

    def states(self) -> Iterator[State]:
        """``state_at(0)``, ``state_at(1)``, … ``state_at(len(steps))`` in turn, each a fresh copy."""
        state = self.start.clone()
        yield state.clone()
        for s in self.steps:
            state.apply_action(s.id)
            yield state.clone()


@dataclass(frozen=True, eq=False)
class Replay:
    """A record read back by :func:`from_record`: every deal replayed and verified."""

    game: str
    """``"sheepshead"`` or ``"tractor"``."""
    kind: Kind
    """``"hand"`` (Sheepshead), ``"round"`` (Tractor) or ``"match"``."""
    record: dict[str, Any]
    """The record, as plain JSON data."""
    seats: list[str]
    """The seats' names, seat 0 first."""
    deals: list[Deal]
    """The deals, one per hand or round (one in a hand or round record)."""
    rules: sheepshead.Rules | tractor.Rules
    """The rules every deal was played under."""
    event: str | None = None
    """The record's ``"event"``, if it has one."""
    match: Match | None = field(default=None)
    """A match record's match, replayed through the game's ``Match`` to where the record ends (``None``
    for a hand or round record)."""


# ---- the games ----


class _Game:
    """What the record of one game needs that is the game's own."""

    name: str
    kind: Literal["hand", "round"]
    num_players: int

    def state_class(self) -> type[State]:
        """The game's ``State`` class."""
        raise NotImplementedError

    def rules_from_dict(self, options: dict[str, Any]) -> sheepshead.Rules | tractor.Rules:
        """The game's ``Rules.from_dict``."""
        raise NotImplementedError

    def players(self, rules: Any) -> int:
        """The seats at the table ``rules`` make (Sheepshead's variants seat 3 to 8)."""
        return int(self.state_class().new(0, rules=rules).num_players)

    def deal_cards(self, start: State, ids: Sequence[int]) -> dict[str, Any]:
        """The ``"deal"`` of a deal that began at ``start`` and took actions ``ids``."""
        raise NotImplementedError

    def result(self, final: State) -> dict[str, Any] | None:
        """The ``"result"`` of a deal that ended at ``final`` (``None`` while it is not finished)."""
        raise NotImplementedError

    def match_fields(self, match: Match) -> dict[str, Any]:
        """The ``"match"`` fields that start ``match`` again."""
        raise NotImplementedError

    def new_match(self, fields: Mapping[str, Any], rules: Any, at: _At) -> Match:
        """A fresh match from its ``"match"`` fields."""
        raise NotImplementedError

    def advance(self, match: Match) -> None:
        """Score the finished deal of ``match`` and deal the next (``next_hand`` / ``next_round``)."""
        raise NotImplementedError

    def totals(self, match: Match) -> dict[str, Any]:
        """The ``"totals"`` of ``match`` as it stands."""
        raise NotImplementedError


def _texts(cards: Sequence[Card]) -> list[str]:
    return [str(c) for c in cards]


class _Sheepshead(_Game):
    name = "sheepshead"
    kind: Literal["hand", "round"] = "hand"
    num_players = sheepshead.NUM_PLAYERS

    def state_class(self) -> type[State]:
        return sheepshead.State

    def rules_from_dict(self, options: dict[str, Any]) -> sheepshead.Rules:
        return sheepshead.Rules.from_dict(options)

    def deal_cards(self, start: State, ids: Sequence[int]) -> dict[str, Any]:
        assert isinstance(start, sheepshead.State)
        return {"hands": [_texts(h) for h in start.dealt_hands()], "blind": _texts(start.blind)}

    def result(self, final: State) -> dict[str, Any] | None:
        assert isinstance(final, sheepshead.State)
        if not final.is_terminal:
            return None
        picker, partner = final.picker, final.partner
        tricks = final.tricks_won()
        side = None if picker is None else tricks[picker] + (tricks[partner] if partner is not None else 0)
        called = final.called_card
        under = final.under
        return {
            "returns": final.returns(),
            "multiplier": final.multiplier,
            "picker": picker,
            "called_card": None if called is None else str(called),
            "partner": partner,
            "alone": picker is not None and partner is None,
            "under": None if under is None else str(under),
            "bury": _texts(final.bury),
            "leaster": final.is_leaster,
            "doubler": final.is_doubler,
            "picking_side_points": final.picking_side_points,
            "picking_side_tricks": side,
            "points": final.points(),
            "tricks_won": tricks,
        }

    def match_fields(self, match: Match) -> dict[str, Any]:
        assert isinstance(match, sheepshead.Match)
        return {"seed": match.seed, "dealer": match.dealer}

    def new_match(self, fields: Mapping[str, Any], rules: Any, at: _At) -> Match:
        _keys(fields, ("seed", "dealer"), (), at)
        seed = _seed(fields["seed"], at)
        dealer = _int(fields["dealer"], at.within("match.dealer"), 0, self.players(rules) - 1)
        return sheepshead.Match(seed, rules, dealer)

    def advance(self, match: Match) -> None:
        assert isinstance(match, sheepshead.Match)
        match.next_hand()

    def totals(self, match: Match) -> dict[str, Any]:
        assert isinstance(match, sheepshead.Match)
        return {
            "deals_scored": len(match.record),
            "hands_played": match.hands_played,
            "scores": list(match.scores),
            "pending_doublers": match.pending_doublers,
            "over": match.is_over,
            "winners": match.winners(),
        }


class _Tractor(_Game):
    name = "tractor"
    kind: Literal["hand", "round"] = "round"
    num_players = tractor.NUM_PLAYERS

    def state_class(self) -> type[State]:
        return tractor.State

    def rules_from_dict(self, options: dict[str, Any]) -> tractor.Rules:
        return tractor.Rules.from_dict(options)

    def deal_cards(self, start: State, ids: Sequence[int]) -> dict[str, Any]:
        assert isinstance(start, tractor.State)
        state = start.clone()
        hands: list[list[str]] | None = None
        kitty: list[str] | None = None
        steps = iter(ids)
        while True:
            if hands is None and state.phase != "draw":
                hands = [_texts(h) for h in state.hands()]
            if state.phase in ("play", "done"):
                kitty = _texts(state.kitty)
                break
            action = next(steps, None)
            if action is None:
                break
            state.apply_action(action)
        return {"redeals": max(state.deals - 1, 0), "hands": hands, "kitty": kitty}

    def result(self, final: State) -> dict[str, Any] | None:
        assert isinstance(final, tractor.State)
        if not final.is_terminal:
            return None
        trump, declaration = final.trump, final.declaration
        outcome = tractor.level_outcome(final.points)
        return {
            "returns": final.returns(),
            "trump": None if trump is None else {"rank": trump.rank, "suit": trump.suit},
            "declaration": None
            if declaration is None
            else {"seat": declaration[0], "kind": declaration[1], "cards": _texts(declaration[2])},
            "declarers": final.declarers,
            "starter": final.starter,
            "points": final.points,
            "trick_points": list(final.trick_points),
            "kitty": _texts(final.kitty),
            "kitty_bonus": final.kitty_bonus,
            "failed_throws": final.failed_throws,
            "outcome": {"declarers_hold": outcome.declarers_hold, "levels": outcome.levels},
        }

    def match_fields(self, match: Match) -> dict[str, Any]:
        assert isinstance(match, tractor.Match)
        return {"seed": match.seed}

    def new_match(self, fields: Mapping[str, Any], rules: Any, at: _At) -> Match:
        _keys(fields, ("seed",), (), at)
        return tractor.Match(_seed(fields["seed"], at), rules)

    def advance(self, match: Match) -> None:
        assert isinstance(match, tractor.Match)
        match.next_round()

    def totals(self, match: Match) -> dict[str, Any]:
        assert isinstance(match, tractor.Match)
        return {
            "deals_scored": len(match.record),
            "levels": list(match.levels),
            "declarers": match.declarers,
            "starter": match.starter,
            "over": match.is_over,
            "winner": match.winner,
        }


_GAMES: Final[dict[str, _Game]] = {"sheepshead": _Sheepshead(), "tractor": _Tractor()}


def _game_of(game: object) -> _Game:
    if isinstance(game, (sheepshead.State, sheepshead.Match)):
        return _GAMES["sheepshead"]
    if isinstance(game, (tractor.State, tractor.Match)):
        return _GAMES["tractor"]
    raise ArgumentTypeError(
        "to_record takes a sheepshead or tractor State or Match, not " + _args.shown(type(game).__name__)
    )


# ---- writing ----


def to_record(
    game: State | Match, *, seats: Sequence[str] | None = None, event: str | None = None
) -> dict[str, Any]:
    """The record of a hand or round (a ``State``, finished or not) or of a whole ``Match`` as it stands.

    ``seats`` names the seats (default ``"seat 0"``, ``"seat 1"``…), ``event`` says what the game was (a
    tournament, a session); both are free text of at most :data:`MAX_NAME` characters. The record is plain
    JSON data (write it with :func:`save` or ``json.dumps``); ``docs/records.md`` describes every field.
    A match's deals are replayed from its seed, so a ``Match`` whose hands were changed by hand is refused
    with a :class:`RecordError`.
    """
    g = _game_of(game)
    names = _seat_names(seats, g.players(game.rules))
    if event is not None and not isinstance(event, str):
        raise ArgumentTypeError(f"event must be a str or None, not {type(event).__name__}")
    if event is not None and (len(event) > MAX_NAME or _SURROGATE.search(event)):
        raise ArgumentError(f"event must be Unicode text of at most {MAX_NAME} characters")
    bad = None if event is None else _control(event)
    if bad is not None:
        raise ArgumentError(f"event must be printable text on one line, not hold the control character {bad}")
    match: Match | None = None
    if isinstance(game, (sheepshead.Match, tractor.Match)):
        match = game
        finals = _match_deals(g, game)
        kind: Kind = "match"
        rules = game.rules
    else:
        finals = [game]
        kind = g.kind
        rules = game.rules
    data: dict[str, Any] = {
        "tricktaker_record": FORMAT,
        "game": g.name,
        "kind": kind,
        "library": __version__,
    }
    if event is not None:
        data["event"] = event
    data["rules"] = rules.to_dict()
    data["seats"] = names
    if match is not None:
        data["match"] = g.match_fields(match)
    data["deals"] = [_deal_entry(g, number, final) for number, final in enumerate(finals, 1)]
    if match is not None:
        data["totals"] = g.totals(match)
    return data


def _seat_names(seats: Sequence[str] | None, n: int) -> list[str]:
    if seats is None:
        return [f"seat {i}" for i in range(n)]
    if isinstance(seats, str) or not isinstance(seats, Sequence):
        raise ArgumentTypeError(f"seats must be a sequence of {n} names, not {type(seats).__name__}")
    names = list(seats)
    if len(names) != n:
        raise ArgumentError(f"seats must name the {n} seats, not {len(names)}")
    for i, name in enumerate(names):
        if not isinstance(name, str):
            raise ArgumentTypeError(f"seats[{i}], a seat's name, must be a str, not {type(name).__name__}")
        if not 1 <= len(name) <= MAX_NAME:
            raise ArgumentError(
                f"seats[{i}], a seat's name, must have 1 to {MAX_NAME} characters, not {len(name):,}"
            )
        if _SURROGATE.search(name):
            raise ArgumentError(f"seats[{i}], a seat's name, must be Unicode text, not hold a lone surrogate")
        bad = _control(name)
        if bad is not None:
            raise ArgumentError(
                f"seats[{i}], a seat's name, must be printable text on one line, not hold the control"
                f" character {bad}"
            )
    return names


def _start_fields(state: State) -> dict[str, Any]:
    """How ``state``'s deal began: its save without the history (and the fields every save has)."""
    save = json.loads(state.to_json())
    if save.get("format") != _SAVE_FORMAT:
        raise RuntimeError(f"saves of format {save.get('format')!r} are not known to tricktaker.record")
    return {k: v for k, v in save.items() if k not in _SAVE_ONLY}


def _start_state(g: _Game, rules: sheepshead.Rules | tractor.Rules, start: Mapping[str, Any]) -> State:
    """The state a deal's ``"start"`` describes, loaded as a save with an empty history."""
    save = {"game": g.name, "format": _SAVE_FORMAT, "rules": rules.to_dict(), **start, "history": []}
    return g.state_class().from_json(json.dumps(save))


def _deal_entry(g: _Game, number: int, final: State) -> dict[str, Any]:
    start_fields = _start_fields(final)
    state = _start_state(g, final.rules, start_fields)
    start = state.clone()
    ids = final.history()
    actions = []
    for action in ids:
        actions.append({"seat": state.current_player, "action": state.action_to_string(action)})
        state.apply_action(action)
    if state != final:  # the save format's own guarantee: a save replays to its state
        raise RecordError("the state does not replay from its own save", deal=number)
    return {
        "number": number,
        "start": start_fields,
        "deal": g.deal_cards(start, ids),
        "actions": actions,
        "result": g.result(final),
    }


def _match_deals(g: _Game, match: Match) -> list[State]:
    """Every deal of ``match`` (each as it ended, or stands), replayed from the match's seed."""
    fresh = g.new_match(g.match_fields(match), match.rules, _At(part="match"))
    deals: list[State] = []
    done: Sequence[sheepshead.HandRecord | tractor.RoundRecord] = match.record
    for number, past in enumerate(done, 1):
        state = fresh.state
        try:
            for text in past.history:
                state.apply(text)
            deals.append(state.clone())
            g.advance(fresh)
        except TricktakerError as e:
            raise RecordError(f"the match's deals do not follow from its seed ({e})", deal=number) from e
    if not match.is_over:
        state = fresh.state
        try:
            for action in match.state.history():
                state.apply_action(action)
        except TricktakerError as e:
            raise RecordError(
                f"the match's deal in progress is not the one its seed deals ({e})", deal=len(deals) + 1
            ) from e
        deals.append(state)
    if fresh != match:
        raise RecordError("the match is not what its seed and its deals' actions make (was it edited?)")
    return deals


# ---- JSON ----


def dumps(data: Mapping[str, Any]) -> str:
    """``data`` as JSON text the way :func:`save` writes it: characters as they are, keys in their order,
    indented, every list or object that fits in a line of about 100 columns on one line (a hand, an action),
    long lists of cards wrapped, and a final newline."""
    return _encode(data, 0, 0) + "\n"


def _encode(value: Any, indent: int, prefix: int) -> str:
    flat = json.dumps(value, ensure_ascii=False, allow_nan=False)
    if not isinstance(value, (dict, list)) or not value or indent + prefix + len(flat) <= _WIDTH:
        return flat
    pad = " " * (indent + 2)
    if isinstance(value, list) and all(not isinstance(v, (dict, list)) for v in value):
        lines: list[str] = []  # a long list of cards or numbers: as many to a line as fit
        for item in value:
            text = json.dumps(item, ensure_ascii=False, allow_nan=False)
            if lines and len(pad) + len(lines[-1]) + len(text) + 2 <= _WIDTH:
                lines[-1] += ", " + text
            else:
                lines.append(text)
        return "[\n" + ",\n".join(pad + line for line in lines) + "\n" + " " * indent + "]"
    if isinstance(value, dict):
        items = []
        for key, item in value.items():
            name = json.dumps(str(key), ensure_ascii=False) + ": "
            items.append(pad + name + _encode(item, indent + 2, len(name)))
        return "{\n" + ",\n".join(items) + "\n" + " " * indent + "}"
    return (
        "[\n" + ",\n".join(pad + _encode(item, indent + 2, 0) for item in value) + "\n" + " " * indent + "]"
    )


def deal_path(directory: str | os.PathLike[str], h: int, deals: int) -> Path:
    """The record file of deal ``h`` (from 0) of a run of ``deals`` deals written one file a deal
    (``tricktaker arena --record``, :mod:`tricktaker.selfplay`): ``DIR/deal-00001.json``…, numbered from 1
    with at least 5 digits (as many as the last number needs, so that the names sort)."""
    width = max(5, len(str(deals)))
    return Path(directory) / f"deal-{h + 1:0{width}d}.json"


def save(data: Mapping[str, Any], path: str | os.PathLike[str]) -> None:
    """Write the record ``data`` (from :func:`to_record`) to ``path`` as UTF-8 JSON (see :func:`dumps`),
    replacing the file if there is one.

    ``path`` is a ``str`` or an :class:`os.PathLike`, never a file descriptor: an ``int`` (``True`` too),
    ``bytes`` or anything else raises :class:`~tricktaker.ArgumentTypeError`, a path no file can have
    (holding a NUL) :class:`~tricktaker.ArgumentError`. A file that cannot be written (a missing folder, a
    folder, no permission, a full disk) raises the :class:`OSError` itself, its ``filename`` always the path,
    so its message names it (``[Errno 2] No such file or directory: 'out/hand.json'``): the record is sound,
    the file system refused it, and ``except OSError`` tells the two apart.
    """
    if not isinstance(data, Mapping):
        raise ArgumentTypeError(f"save takes a record (a mapping), not {type(data).__name__}")
    _args.write_text(path, dumps(data))


def load(path: str | os.PathLike[str]) -> Replay:
    """Read the record at ``path`` and replay it (:func:`from_record`); a file over
    :data:`MAX_RECORD_BYTES` is refused without being read whole.

    ``path`` is a ``str`` or an :class:`os.PathLike`, never a file descriptor: anything else raises
    :class:`~tricktaker.ArgumentTypeError` (``True`` too), a path no file can have (holding a NUL)
    :class:`~tricktaker.ArgumentError`. A file that cannot be read (missing, a folder, no permission) raises
    :class:`RecordError`, like a record that does not replay: ``cannot read 'hand.json': No such file or
    directory`` (the :class:`OSError` is its ``__cause__``).
    """
    target = _args.file_path(path)
    try:
        with open(target, "rb") as f:
            data = f.read(MAX_RECORD_BYTES + 1)
    except (OSError, ValueError) as e:
        reason = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
        raise RecordError(f"cannot read {target!r}: {reason}") from e
    return from_record(data)


def _parse(data: object) -> dict[str, Any]:
    """``data`` (JSON text or bytes, or a mapping) as plain JSON data, within the bounds."""
    if isinstance(data, (bytes, bytearray, memoryview)):
        raw = bytes(data)
        if len(raw) > MAX_RECORD_BYTES:
            raise RecordError(f"the record is over {MAX_RECORD_BYTES // 2**20} MiB")
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as e:
            raise RecordError(f"the record is not UTF-8 text ({e.reason} at byte {e.start})") from None
    elif isinstance(data, str):
        text = data
        if len(text) > MAX_RECORD_BYTES or len(text.encode("utf-8", "surrogatepass")) > MAX_RECORD_BYTES:
            raise RecordError(f"the record is over {MAX_RECORD_BYTES // 2**20} MiB")
    elif isinstance(data, Mapping):
        try:
            text = json.dumps(data, allow_nan=False)
        except (TypeError, ValueError, RecursionError) as e:
            raise RecordError(f"the record is not JSON data ({_args.shown(str(e))})") from None
        if len(text) > MAX_RECORD_BYTES:
            raise RecordError(f"the record is over {MAX_RECORD_BYTES // 2**20} MiB")
    else:
        raise RecordError(f"a record is JSON text, bytes or a mapping, not {type(data).__name__}")
    # Every object and list of a real record holds some 30 bytes or more (an action is
    # {"seat": 1, "action": "play QC"}); refused before parsing, 64 MiB of [{}, {}, ...] would take gigabytes.
    containers = text.count("{") + text.count("[")
    if containers > MAX_CONTAINERS:
        raise RecordError(
            f"the record holds {containers:,} JSON objects and lists, more than a record of"
            f" {MAX_RECORD_BYTES // 2**20} MiB can ({MAX_CONTAINERS:,})"
        )
    try:
        parsed = json.loads(text, parse_constant=_refuse_constant)
    except json.JSONDecodeError as e:
        raise RecordError(f"the record is not JSON: {e.msg} (line {e.lineno}, column {e.colno})") from None
    except RecursionError:
        raise RecordError("the record is nested too deeply") from None
    except ValueError as e:  # an int of more digits than Python reads, NaN
        raise RecordError(f"the record is not JSON data ({_args.shown(str(e))})") from None
    if not isinstance(parsed, dict):
        raise RecordError(f"a record is a JSON object, not {_json_type(parsed)}")
    return parsed


def _refuse_constant(name: str) -> None:
    raise ValueError(f"{name} is not a number of JSON")


# ---- checking values ----


def _json_type(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return f"the number {_args.shown(value)}"
    if isinstance(value, str):
        return f"the string {_args.shown(value)}"
    if isinstance(value, list):
        return "a list"
    return "an object"


def _keys(obj: Mapping[str, Any], required: Sequence[str], optional: Sequence[str], at: _At) -> None:
    """``obj`` has every ``required`` key and no key outside ``required`` and ``optional``."""
    for key in required:
        if key not in obj:
            raise at.error(f'missing field "{key}"')
    known = set(required) | set(optional)
    for key in obj:
        if key not in known:
            raise at.error(f"unknown field {json.dumps(key)[:60]}")


def _dict(value: object, at: _At) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise at.error(f"must be an object, not {_json_type(value)}")
    return value


def _list(value: object, at: _At) -> list[Any]:
    if not isinstance(value, list):
        raise at.error(f"must be a list, not {_json_type(value)}")
    return value


def _int(value: object, at: _At, lo: int, hi: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise at.error(f"must be a whole number, not {_json_type(value)}")
    if not lo <= value <= hi:
        raise at.error(f"must be from {lo} to {hi}, not {_args.shown(value)}")
    return value


def _str(value: object, at: _At, longest: int = MAX_NAME, *, printable: bool = False) -> str:
    """A string of at most ``longest`` characters; ``printable``: one that holds no control character (a
    name or the event, which are printed)."""
    if not isinstance(value, str):
        raise at.error(f"must be a string, not {_json_type(value)}")
    if len(value) > longest:
        raise at.error(f"must be at most {longest} characters, not {len(value):,}")
    if _SURROGATE.search(value):
        raise at.error("is not Unicode text (it holds a lone surrogate, such as \\ud800)")
    bad = _control(value) if printable else None
    if bad is not None:
        raise at.error(f"must be printable text on one line, not hold the control character {bad}")
    return value


def _seed(value: object, at: _At) -> int:
    return _int(value, at.within("match.seed"), 0, _args.MAX_SEED)


def _describe_value(value: object) -> str:
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = _args.shown(value)
    return text if len(text) <= 80 else text[:77] + "..."


def _same(recorded: object, actual: object, at: _At, what: str) -> None:
    """``recorded`` (from the record) equals ``actual`` (from the replay); otherwise say which field differs
    (``what`` names the field)."""
    if isinstance(actual, dict) and isinstance(recorded, dict):
        for key in actual:
            if key not in recorded:
                raise at.error(
                    f'{what}: missing field "{key}" (the replay gives {_describe_value(actual[key])})'
                )
        for key in recorded:
            if key not in actual:
                raise at.error(f"{what}: unknown field {json.dumps(key)[:60]}")
            _same(recorded[key], actual[key], at, f"{what}.{key}")
        return
    if isinstance(actual, list) and isinstance(recorded, list) and len(actual) == len(recorded):
        for mine, item in zip(recorded, actual, strict=True):
            if type(mine) is not type(item) or mine != item:
                break
        else:
            return
    if type(recorded) is not type(actual) or recorded != actual:
        shown, replayed = _describe_value(recorded), _describe_value(actual)
        raise at.error(f"{what} is {shown} in the record, but the replay gives {replayed}")


def _same_cards(recorded: object, actual: object, at: _At, what: str) -> None:
    """Like :func:`_same`, but a list of cards may list them in any order and in any text the cards read."""
    if isinstance(actual, list) and all(isinstance(c, str) for c in actual):
        cards = _list(recorded, at.within(what))
        mine = Counter(_card(c, at.within(what)) for c in cards)
        if mine != Counter(actual):
            shown, dealt = _describe_value(cards), _describe_value(actual)
            raise at.error(f"{what} is {shown} in the record, but the deal gives {dealt}")
        return
    if isinstance(actual, list):
        items = _list(recorded, at.within(what))
        if len(items) != len(actual):
            raise at.error(f"{what} has {len(items)} entries, but the deal has {len(actual)}")
        for i, (mine_item, item) in enumerate(zip(items, actual, strict=True)):
            _same_cards(mine_item, item, at, f"{what}[{i}]")
        return
    if isinstance(actual, dict):
        mapping = _dict(recorded, at.within(what))
        _keys(mapping, list(actual), (), at.within(what))
        for key, item in actual.items():
            _same_cards(mapping[key], item, at, f"{what}.{key}")
        return
    _same(recorded, actual, at, what)


def _card(text: object, at: _At) -> str:
    if not isinstance(text, str) or len(text) > 8:
        raise at.error(f'a card is a string such as "QC", not {_json_type(text)}')
    try:
        return str(Card(text))
    except TricktakerError as e:
        raise at.error(str(e)) from None


# ---- reading ----


def from_record(data: Mapping[str, Any] | str | bytes) -> Replay:
    """Read a record (JSON text or bytes, or the data of :func:`to_record`), replay every deal and verify it.

    Checked: the format version (a newer one is refused, saying so), the game, the kind, the rules, the
    seats, every deal's start, each action's seat (the seat to act before it) and legality, the cards dealt,
    the results, and for a match that each deal is the one the game's ``Match`` deals next and the totals.
    Anything else raises :class:`RecordError` naming the deal, the step and the reason. Records over
    :data:`MAX_RECORD_BYTES` or with more than :data:`MAX_DEALS` deals are refused before any replay.
    """
    record = _parse(data)
    top = _At()
    if "tricktaker_record" not in record:
        raise RecordError('not a tricktaker record (no "tricktaker_record" field)')
    version = record["tricktaker_record"]
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise RecordError(f'"tricktaker_record" must be a format version (1, 2…), not {_json_type(version)}')
    if version > FORMAT:
        raise RecordError(
            f"the record is of format {version}, newer than the formats this library reads (1 to {FORMAT}):"
            f" read it with a newer tricktaker (this is {__version__})"
        )
    required = ["tricktaker_record", "game", "kind", "library", "rules", "seats", "deals"]
    _keys(record, required, ["event", "match", "totals"], top)
    name = _str(record["game"], top.within("game"), 40)
    if name not in _GAMES:
        raise top.error(f"{json.dumps(name)} is no game of tricktaker ({', '.join(_GAMES)})", "game")
    g = _GAMES[name]
    kind = record["kind"]
    if kind not in (g.kind, "match"):
        raise top.error(f'a {g.name} record is a "{g.kind}" or a "match", not {_json_type(kind)}', "kind")
    is_match = kind == "match"
    for key in ("match", "totals"):
        if is_match and key not in record:
            raise top.error(f'missing field "{key}" (a match record has it)')
        if not is_match and key in record:
            raise top.error(f'unknown field "{key}" (only a match record has it)')
    _str(record["library"], top.within("library"), 100, printable=True)
    event = record.get("event")
    if event is not None:
        event = _str(event, top.within("event"), printable=True)
    options = _dict(record["rules"], top.within("rules"))
    try:
        rules = g.rules_from_dict(options)
    except (TricktakerError, TypeError, ValueError, OverflowError) as e:
        raise top.error(str(e), "rules") from None
    seats = _list(record["seats"], top.within("seats"))
    players = g.players(rules)
    if len(seats) != players:
        raise top.error(f"{g.name} under these rules has {players} seats, not {len(seats)}", "seats")
    for i, seat in enumerate(seats):
        if _str(seat, top.within(f"seats[{i}]"), printable=True) == "":
            raise top.error("a seat's name is empty", f"seats[{i}]")
    deals = _list(record["deals"], top.within("deals"))
    if not deals:
        raise top.error("a record has at least one deal", "deals")
    if len(deals) > MAX_DEALS:
        raise top.error(f"a record has at most {MAX_DEALS:,} deals, not {len(deals):,}", "deals")
    if not is_match and len(deals) != 1:
        raise top.error(f'a "{g.kind}" record has one deal, not {len(deals):,} (a match is "match")', "deals")
    match: Match | None = None
    scored = 0
    if is_match:
        match = g.new_match(_dict(record["match"], top.within("match")), rules, top.within("match"))
        totals = _dict(record["totals"], top.within("totals"))
        if "deals_scored" not in totals:
            raise top.error('missing field "deals_scored"', "totals")
        scored = _int(totals["deals_scored"], top.within("totals.deals_scored"), 0, len(deals))
        if scored < len(deals) - 1:
            raise top.error(
                f"{scored} deals scored, but every deal before the last is scored ({len(deals) - 1})",
                "totals.deals_scored",
            )
    replayed = [_replay_deal(g, rules, number, entry, match) for number, entry in enumerate(deals, 1)]
    if match is not None:
        final = replayed[-1].final
        if scored == len(deals):
            at = _At(deal=len(deals), part="totals.deals_scored")
            if not final.is_terminal:
                raise at.error("the last deal is counted as scored, but it is not finished")
            g.advance(match)
            if not match.is_over:
                raise at.error("the match goes on after the last deal: the record stops before its end")
        _same(totals, g.totals(match), top, "totals")
    return Replay(
        game=g.name,
        kind="match" if is_match else g.kind,
        record=record,
        seats=list(seats),
        deals=replayed,
        rules=rules,
        event=event,
        match=match,
    )


def _replay_deal(
    g: _Game,
    rules: sheepshead.Rules | tractor.Rules,
    number: int,
    entry: object,
    match: Match | None,
) -> Deal:
    at = _At(deal=number)
    deal = _dict(entry, at)
    _keys(deal, ("number", "start", "deal", "actions", "result"), (), at)
    if _int(deal["number"], at.within("number"), 1, MAX_DEALS) != number:
        raise at.error(
            f"deals are numbered in order from 1: this one is {number}, not {deal['number']}", "number"
        )
    fields = _dict(deal["start"], at.within("start"))
    for key in _SAVE_ONLY:
        if key in fields:
            raise at.error(
                f'unknown field "{key}" (it belongs to the record, not to a deal\'s start)', "start"
            )
    try:
        start = _start_state(g, rules, fields)
    except (TricktakerError, TypeError, ValueError, RecursionError) as e:
        raise at.error(str(e), "start") from None
    expected = set(_start_fields(start))
    for key in fields:
        if key not in expected:
            raise at.error(f"unknown field {json.dumps(key)[:60]}", "start")
    if match is not None:
        if number > 1:
            if not match.state.is_terminal:
                raise at.error(f"deal {number - 1} is not finished, yet another deal follows it")
            try:
                g.advance(match)
            except TricktakerError as e:
                raise at.error(f"no deal follows deal {number - 1}: {e}") from None
            if match.is_over:
                raise at.error(f"the match is over after deal {number - 1}: no deal follows it")
        if match.state != start:
            which = "the match's first deal" if number == 1 else f"the deal that follows deal {number - 1}"
            raise at.error(f"this is not {which} (see the match's seed and the deals before)", "start")
        state = match.state
    else:
        state = start.clone()
    actions = _list(deal["actions"], at.within("actions"))
    if len(actions) > MAX_ACTIONS:
        raise at.error(f"a deal lists at most {MAX_ACTIONS:,} actions, not {len(actions):,}", "actions")
    steps = []
    for k, item in enumerate(actions, 1):
        steps.append(_replay_step(state, k, item, at))
    final = state.clone()
    ids = [s.id for s in steps]
    cards = g.deal_cards(start, ids)
    _same_cards(deal["deal"], cards, at, "deal")
    result = g.result(final)
    if result is None and deal["result"] is not None:
        raise at.error(
            f"the deal is not finished after its {len(steps)} actions, so its result is null", "result"
        )
    if result is not None and deal["result"] is None:
        raise at.error(
            f"the deal is finished, so it has a result (the replay gives {_describe_value(result)})"
        )
    if result is not None:
        _same(deal["result"], result, at, "result")
    return Deal(number=number, start=start, steps=steps, final=final, cards=cards, results=result)


def _replay_step(state: State, number: int, item: object, deal: _At) -> Step:
    place = _At(deal=deal.deal, step=number)
    entry = _dict(item, place)
    seat_value, text_value = entry.get("seat"), entry.get("action")
    seat = seat_value if isinstance(seat_value, int) and not isinstance(seat_value, bool) else None
    text = text_value if isinstance(text_value, str) and len(text_value) <= MAX_NAME else None
    at = _At(deal=deal.deal, step=number, seat=seat, action=text)
    _keys(entry, ("seat", "action"), (), at)
    _int(seat_value, at.within("seat"), 0, state.num_players - 1)
    if text is None:
        _str(text_value, at.within("action"))
    assert seat is not None and text is not None
    if state.is_terminal:
        raise at.error("the deal is over: no action follows its last")
    if seat != state.current_player:
        raise at.error(f"seat {state.current_player} is to act, not seat {seat}")
    try:
        action = state.string_to_action(text)
    except TricktakerError as e:
        raise at.error(str(e)) from None
    written = state.action_to_string(action)
    if written != text:
        raise at.error(f"the action is written {json.dumps(written)}")
    try:
        state.apply_action(action)
    except TricktakerError as e:
        raise at.error(str(e)) from None
    return Step(number=number, seat=seat, action=text, id=action)


def _match_of(data: Mapping[str, Any] | str | bytes, cls: type[_M]) -> _M:
    """The match a match record of ``cls``'s game describes, replayed and verified (``Match.from_record``)."""
    replay = from_record(data)
    if replay.kind != "match":
        raise RecordError(f'a "{replay.kind}" record holds no match (a match record is of kind "match")')
    if not isinstance(replay.match, cls):
        raise RecordError(f"a {replay.game} record, not a {cls.__module__.rsplit('.', 1)[-1]} one")
    return replay.match


def final_state(data: Mapping[str, Any] | str | bytes, *, game: str) -> State:
    """The last state of a record of ``game`` (a hand or round record's deal as it ends, or a match record's
    last deal), every action replayed and verified: what ``State.from_record`` returns. A record of another
    game raises :class:`RecordError`."""
    replay = from_record(data)
    if replay.game != game:
        raise RecordError(f"a {replay.game} record, not a {game} one", part="game")
    return replay.deals[-1].final
