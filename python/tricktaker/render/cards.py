"""Cards and hands: the faces (ranks as text, suits as paths drawn here), the back, the marks, a hand's order
and layout, and the pictures :func:`card` and :func:`hand` with the list :class:`Hand`.

A face is a white rounded rectangle with a thin border, the rank and a small suit in the top-left corner (and
upside down in the bottom-right), a large suit in the middle; hearts and diamonds are red, clubs and spades
black. A joker has "JOKER" down its corner (a star on a small card) and a star in the middle, red for the big
joker ``RJ``, black for the small joker ``BJ``. A trump has a pale gold face, a gold border and a gold star
under its corner suit, so that it shows in an overlapped hand. A card that is not legal is dimmed; a legal one
is outlined in blue (and raised in a hand).
Every face drawn carries ``data-card="QC"`` (its text); a back carries nothing about the card.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from itertools import islice
from typing import Literal, SupportsIndex

from .._args import shown
from .._core import Card
from .._core import sheepshead as _sheepshead
from .._core.tractor import Trump
from ..errors import ArgumentError, ArgumentTypeError
from .svg import Canvas, Fragment, Picture, num

__all__ = ["Hand", "card", "hand"]

Game = Literal["sheepshead", "tractor"]
GAMES: tuple[Game, ...] = ("sheepshead", "tractor")
JackOrder = Literal["standard", "seed"]
"""Sheepshead's order of the jacks (R3): ``"standard"`` (J♣ above J♠) or ``"seed"`` (J♠ above J♣)."""
JACK_ORDERS: tuple[JackOrder, ...] = ("standard", "seed")

RED = "#c8102e"
BLACK = "#1b1b1b"
GOLD = "#c9971c"
FACE = "#ffffff"
TRUMP_FACE = "#fff1c2"
BORDER = "#4a4a4a"
LEGAL = "#1f7bff"
DIM = "#6b6b6b"
BACK = "#27468f"
BACK_EDGE = "#172c5e"
BACK_LINE = "#8fa9e8"
ASPECT = 1.4
"""A card's height over its width."""

SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
SUIT_COLOUR = {"C": BLACK, "S": BLACK, "H": RED, "D": RED}

# The suits, each in a 100 x 100 box (drawn scaled): paths written for this module, no font glyph.
_HEART = (
    "M50 94C46 86 36 76 22 63C7 49 0 39 0 26C0 12 11 2 25 2C36 2 45 9 50 19"
    "C55 9 64 2 75 2C89 2 100 12 100 26C100 39 93 49 78 63C64 76 54 86 50 94Z"
)
_DIAMOND = "M50 0C59 17 71 33 86 50C71 67 59 83 50 100C41 83 29 67 14 50C29 33 41 17 50 0Z"
_SPADE = (
    "M50 0C58 14 71 25 85 37C95 46 100 54 100 63C100 77 89 87 76 87C66 87 58 82 53 74"
    "C54 85 58 93 66 100H34C42 93 46 85 47 74C42 82 34 87 24 87C11 87 0 77 0 63"
    "C0 54 5 46 15 37C29 25 42 14 50 0Z"
)
_CLUB_STEM = "M46.5 58C46.5 79 42 91 33 100H67C58 91 53.5 79 53.5 58Z"
_CLUB_LEAVES = ((50.0, 26.0), (24.0, 60.0), (76.0, 60.0))
_STAR = (
    (0.0, -1.0),
    (0.2351, -0.3236),
    (0.9511, -0.309),
    (0.3804, 0.1236),
    (0.5878, 0.809),
    (0.0, 0.4),
    (-0.5878, 0.809),
    (-0.3804, 0.1236),
    (-0.9511, -0.309),
    (-0.2351, -0.3236),
)
"""A five-pointed star of radius 1 about the origin (inner radius 0.4), point up."""

_RANK_ORDER = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
_SHEEPSHEAD_FAIL = ("A", "10", "K", "9", "8", "7")
"""A fail suit from its highest card (R4)."""
_SHEEPSHEAD_SUITS = ("C", "S", "H")
"""The fail suits in the order a hand shows them (that of ``print(state)``)."""


def _scale(value: float) -> str:
    text = f"{value:.4f}".rstrip("0").rstrip(".")
    return text or "0"


def draw_suit(
    canvas: Fragment, suit: str, cx: float, cy: float, size: float, fill: str | None = None
) -> None:
    """The symbol of ``suit`` (``C``, ``D``, ``H`` or ``S``), ``size`` pixels tall, centred on (cx, cy)."""
    colour = fill or SUIT_COLOUR[suit]
    s = size / 100
    transform = f"translate({num(cx - 50 * s)} {num(cy - 50 * s)}) scale({_scale(s)})"
    if suit == "C":
        with canvas.group(transform=transform, fill=colour):
            for x, y in _CLUB_LEAVES:
                canvas.circle(x, y, 23)
            canvas.circle(50, 52, 14)
            canvas.path(_CLUB_STEM)
    else:
        shape = {"D": _DIAMOND, "H": _HEART, "S": _SPADE}[suit]
        canvas.path(shape, transform=transform, fill=colour)


def star_path(cx: float, cy: float, r: float) -> str:
    """The path of a five-pointed star of radius ``r`` centred on (cx, cy)."""
    points = [f"{num(cx + r * x)} {num(cy + r * y)}" for x, y in _STAR]
    return "M" + "L".join(points) + "Z"


def _lattice(x0: float, y0: float, x1: float, y1: float, spacing: float) -> str:
    """Diagonal lines both ways across the rectangle (x0, y0)–(x1, y1), cut at its edges: a card back's
    pattern, drawn without a clip path or a pattern (which would need ids)."""
    segments: list[str] = []
    steps = int((x1 - x0 + y1 - y0) / spacing) + 1
    for k in range(1, steps):
        c = y0 - x1 + k * spacing  # lines y = x + c
        lo, hi = max(x0, y0 - c), min(x1, y1 - c)
        if hi - lo > 0.5:
            segments.append(f"M{num(lo)} {num(lo + c)}L{num(hi)} {num(hi + c)}")
        c = x0 + y0 + k * spacing  # lines y = c - x
        lo, hi = max(x0, c - y1), min(x1, c - y0)
        if hi - lo > 0.5:
            segments.append(f"M{num(lo)} {num(c - lo)}L{num(hi)} {num(c - hi)}")
    return "".join(segments)


def card_height(width: float) -> float:
    """The height of a card ``width`` pixels wide."""
    return round(width * ASPECT, 2)


def _index(canvas: Fragment, card: Card, w: float, colour: str, trump: bool) -> None:
    """The corner index: the rank over a small suit (a joker: JOKER written downwards)."""
    if card.is_joker and w < 60:  # too small for letters: a star
        canvas.path(star_path(0.2 * w, 0.22 * w, 0.15 * w), fill=colour)
        canvas.path(star_path(0.2 * w, 0.5 * w, 0.1 * w), fill=colour)
        return
    if card.is_joker:
        size = 0.155 * w
        for i, letter in enumerate("JOKER"):
            canvas.text(
                0.16 * w, 0.21 * w + i * 0.165 * w, letter, size=size, fill=colour, bold=True, anchor="middle"
            )
        return
    rank = card.rank or ""
    size = 0.27 * w if len(rank) == 1 else 0.245 * w
    spacing = {"letter_spacing": num(-0.03 * size)} if len(rank) > 1 else {}
    canvas.text(0.2 * w, 0.29 * w, rank, size=size, fill=colour, bold=True, anchor="middle", **spacing)
    draw_suit(canvas, card.suit or "S", 0.2 * w, 0.44 * w, 0.2 * w)
    if trump:
        canvas.path(star_path(0.2 * w, 0.67 * w, 0.09 * w), fill=GOLD)


def draw_card(
    canvas: Fragment,
    card: Card | None,
    x: float,
    y: float,
    w: float,
    *,
    trump: bool = False,
    legal: bool | None = None,
) -> None:
    """A card ``w`` pixels wide with its top-left corner at (x, y); ``card=None`` draws a back."""
    attrs: dict[str, object] = {"class_": "card" if card is not None else "card back"}
    if card is not None:
        attrs["data_card"] = str(card)
        if trump:
            attrs["data_trump"] = "true"
    if legal is not None:
        attrs["data_legal"] = legal
    attrs["transform"] = f"translate({num(x)} {num(y)})"
    with canvas.group(**attrs):
        canvas.raw(_card_svg(None if card is None else str(card), w, trump, legal))


@lru_cache(maxsize=1024)
def _card_svg(text: str | None, w: float, trump: bool, legal: bool | None) -> str:
    """The elements of a card at the origin (the same for every copy: a table draws a hundred cards)."""
    out = Fragment()
    h = card_height(w)
    r = 0.07 * w
    if legal:
        out.rect(0, 0, w, h, rx=r, fill="none", stroke=LEGAL, stroke_width=0.11 * w)
    if text is None:
        out.rect(0, 0, w, h, rx=r, fill=BACK, stroke=BACK_EDGE, stroke_width=max(0.8, 0.015 * w))
        inset = 0.09 * w
        out.rect(
            inset,
            inset,
            w - 2 * inset,
            h - 2 * inset,
            rx=0.5 * r,
            fill="none",
            stroke="#ffffff",
            stroke_width=max(0.6, 0.025 * w),
        )
        pad = inset + 0.05 * w
        out.path(
            _lattice(pad, pad, w - pad, h - pad, 0.13 * w),
            fill="none",
            stroke=BACK_LINE,
            stroke_width=max(0.5, 0.018 * w),
        )
        return out.svg()
    card = Card(text)
    colour = SUIT_COLOUR.get(card.suit or "", RED if text == "RJ" else BLACK)
    out.rect(
        0,
        0,
        w,
        h,
        rx=r,
        fill=TRUMP_FACE if trump else FACE,
        stroke=GOLD if trump else BORDER,
        stroke_width=max(1.2, 0.035 * w) if trump else max(0.8, 0.014 * w),
    )
    _index(out, card, w, colour, trump)
    with out.group(transform=f"rotate(180 {num(w / 2)} {num(h / 2)})"):
        _index(out, card, w, colour, False)
    if card.is_joker:
        out.path(star_path(0.5 * w, 0.72 * w, 0.25 * w), fill=colour)
    else:
        draw_suit(out, card.suit or "S", 0.5 * w, 0.7 * w, 0.38 * w)
    if legal is False:  # dimmed under a veil: still opaque over the cards it overlaps
        out.rect(0, 0, w, h, rx=r, fill=DIM, fill_opacity=0.5)
    return out.svg()


# ---- reading arguments ----


def as_card(value: object, name: str = "card") -> Card:
    """A :class:`Card` from a card or its text; a bad text raises ``CardParseError`` (as ``Card(text)``)."""
    if isinstance(value, Card):
        return value
    if isinstance(value, str):
        return Card(value)
    raise ArgumentTypeError(f"{name} must be a Card or a card text such as 'QC', not {type(value).__name__}")


MAX_CARDS = 108
"""The most cards a hand, a trick or a set of legal cards may hold: Tractor's two decks and four jokers (an
iterable is read no further, so an endless one is refused too)."""


def as_cards(values: object, name: str = "cards") -> list[Card]:
    """A list of cards from an iterable of cards or card texts (a single text is not an iterable of cards),
    of at most :data:`MAX_CARDS`."""
    if isinstance(values, str | Card) or not isinstance(values, Iterable):
        raise ArgumentTypeError(
            f"{name} must be an iterable of Cards or card texts, not {type(values).__name__}"
        )
    cards = [as_card(value, f"each of {name}") for value in islice(values, MAX_CARDS + 1)]
    if len(cards) > MAX_CARDS:
        raise ArgumentError(f"{name} holds more than {MAX_CARDS} cards: no game has more")
    return cards


def as_game(value: object, name: str = "game") -> Game:
    """``"sheepshead"`` or ``"tractor"``."""
    if not isinstance(value, str):
        raise ArgumentTypeError(f"{name} must be 'sheepshead' or 'tractor', not {type(value).__name__}")
    if value not in GAMES:
        raise ArgumentError(f"{name} must be 'sheepshead' or 'tractor', not {value!r}")
    return "sheepshead" if value == "sheepshead" else "tractor"


def as_trump(value: object, game: Game | None) -> Trump | None:
    """A Tractor :class:`~tricktaker.tractor.Trump` or ``None``; Sheepshead's trumps are fixed (R3)."""
    if value is None:
        return None
    if not isinstance(value, Trump):
        raise ArgumentTypeError(f"trump must be a tractor.Trump or None, not {type(value).__name__}")
    if game == "sheepshead":
        raise ArgumentError("trump is a Tractor trump: Sheepshead's trumps are fixed (R3), give trump=None")
    return value


def as_jack_order(value: object, game: Game) -> JackOrder | None:
    """Sheepshead's jack order (``"standard"`` or ``"seed"``, R3) or ``None``; Tractor has none."""
    if value is None:
        return None
    if not isinstance(value, str):
        raise ArgumentTypeError(f"jack_order must be 'standard', 'seed' or None, not {type(value).__name__}")
    if value not in JACK_ORDERS:
        raise ArgumentError(f"jack_order must be 'standard', 'seed' or None, not {value!r}")
    if game != "sheepshead":
        raise ArgumentError("jack_order is a Sheepshead rule (R3): give jack_order=None for a Tractor hand")
    return "seed" if value == "seed" else "standard"


def check_deck(cards: Iterable[Card], game: Game | None) -> None:
    """Raise :class:`CardParseError` for a card that is not in ``game``'s deck (Sheepshead has 32 cards)."""
    if game == "sheepshead":
        for card in cards:
            _sheepshead.suit_of(card)  # raises CardParseError for 2-6 and jokers


def check_hand(cards: Sequence[Card], game: Game, legal: Iterable[Card] | None = None) -> None:
    """Raise :class:`ArgumentError` for a card a hand of ``game`` cannot hold so many times (Sheepshead's deck
    has one of each card, Tractor's two decks two), or a ``legal`` card that is not in the hand."""
    copies = 1 if game == "sheepshead" else 2
    for card, count in Counter(cards).items():
        if count > copies:
            deck = "a Sheepshead deck has one of each card" if copies == 1 else "Tractor's two decks have two"
            raise ArgumentError(f"cards holds {card} {count} times: {deck}")
    if legal is not None:
        held = set(cards)
        for card in legal:
            if card not in held:
                raise ArgumentError(f"legal names {card}, which is not in the hand")


def as_bool(value: object, name: str) -> bool:
    """A ``bool`` argument."""
    if not isinstance(value, bool):
        raise ArgumentTypeError(f"{name} must be a bool, not {type(value).__name__}")
    return value


# ---- the order of a hand ----


def is_trump(card: Card, game: Game | None, trump: Trump | None) -> bool:
    """Whether ``card`` is drawn as a trump: Sheepshead's queens, jacks and diamonds, or Tractor's trumps
    per ``trump`` (nothing is marked in Tractor before the trump is known)."""
    if game == "sheepshead":
        return _sheepshead.suit_of(card) == "T"
    return trump is not None and trump.is_trump(card)


def _tractor_key(card: Card) -> tuple[int, int]:
    """Before the trump is known: by suit (C, D, H, S, then the jokers), the highest first."""
    if card.is_joker:
        return (4, 0 if str(card) == "RJ" else 1)
    return ("CDHS".index(card.suit or "C"), -_RANK_ORDER.index(card.rank or "2"))


def effective_suit(card: Card, game: Game, trump: Trump | None = None) -> str:
    """The suit ``card`` follows as: Sheepshead's ``"T"`` (a trump) or its suit; Tractor's ``trump.suit_of``,
    or before the trump is known its suit (``"J"`` for a joker)."""
    if game == "sheepshead":
        return _sheepshead.suit_of(card)
    if trump is not None:
        return trump.suit_of(card)
    return "J" if card.is_joker else card.suit or "J"


def runs(cards: Iterable[Card], game: Game, trump: Trump | None = None) -> list[list[Card]]:
    """The cards in the order given, cut into groups wherever the effective suit changes: how a hand that is
    already in play order (``State.hand``) is drawn, as it is."""
    out: list[list[Card]] = []
    last = ""
    for card in cards:
        suit = effective_suit(card, game, trump)
        if not out or suit != last:
            out.append([])
            last = suit
        out[-1].append(card)
    return out


def groups(
    cards: Iterable[Card], game: Game, trump: Trump | None = None, jack_order: JackOrder = "standard"
) -> list[list[Card]]:
    """A hand in its game's play order, in groups of one effective suit.

    Sheepshead: the trumps from the highest (R3, in ``jack_order``), then clubs, spades and hearts, each
    from its highest card (R4), as ``print(state)`` shows a hand. Tractor: ``trump.sort(cards)`` (the trumps,
    then each plain suit, from the highest), grouped by effective suit; before the trump is known, by suit
    (clubs, diamonds, hearts, spades, then the jokers), the highest first.
    """
    cards = list(cards)
    if game == "sheepshead":
        trumps = {c: i for i, c in enumerate(_sheepshead.trumps(jack_order))}
        out = [sorted((c for c in cards if c in trumps), key=trumps.__getitem__)]
        for suit in _SHEEPSHEAD_SUITS:
            fail = [c for c in cards if c not in trumps and c.suit == suit]
            out.append(sorted(fail, key=lambda c: _SHEEPSHEAD_FAIL.index(c.rank or "7")))
        return [group for group in out if group]
    if trump is not None:
        result: list[list[Card]] = []
        last = ""
        for card in trump.sort(cards):
            suit = trump.suit_of(card)
            if suit != last:
                result.append([])
                last = suit
            result[-1].append(card)
        return result
    ordered = sorted(cards, key=_tractor_key)
    by_suit: dict[int, list[Card]] = {}
    for card in ordered:
        by_suit.setdefault(_tractor_key(card)[0], []).append(card)
    return list(by_suit.values())


# ---- the layout of a hand ----


def arrange(
    sizes: Sequence[int],
    *,
    w: float,
    step: float,
    gap: float,
    width: float,
    rows: Literal["one", "per_group"] = "one",
    row_step: float | None = None,
    min_step: float | None = None,
) -> tuple[list[tuple[float, float]], float, float]:
    """Where the cards of groups of ``sizes`` cards go: ``(offsets, width, height)``, one (dx, dy) per card.

    ``rows="one"`` puts every group in one row, ``gap`` between groups, narrowing the step (down to
    ``min_step``) to fit ``width``, then wrapping between groups; ``"per_group"`` gives each group a row.
    Rows are ``row_step`` apart (the corner index of the row above stays in sight).
    """
    h = card_height(w)
    row_step = 0.62 * w if row_step is None else row_step
    min_step = 0.24 * w if min_step is None else min_step
    sizes = [size for size in sizes if size]
    lines: list[list[int]] = []
    if rows == "per_group":
        lines = [[size] for size in sizes]
    elif _row_width(sizes, w, min_step, gap * min_step / step) <= width:
        lines = [sizes]  # one row, narrowed below if need be
    else:  # rows broken between groups; a group longer than a row is cut

        def room(line: list[int]) -> int:
            if not line:
                return max(1, int((width - w) // step) + 1)
            return max(0, int((width - _row_width(line, w, step, gap) - gap) // step))

        line: list[int] = []
        for size in sizes:
            left = size
            while left:
                fits = room(line)
                if line and (fits == 0 or fits < left <= room([])):
                    lines.append(line)
                    line = []
                    continue
                take = min(left, fits)
                line.append(take)
                left -= take
        if line:
            lines.append(line)
    offsets: list[tuple[float, float]] = []
    used = 0.0
    for row, line in enumerate(lines):
        natural = _row_width(line, w, step, gap)
        factor = 1.0 if natural <= width else max(min_step / step, (width - w) / max(natural - w, 1e-9))
        x = 0.0
        for group, size in enumerate(line):
            if group:
                x += gap * factor
            for i in range(size):
                offsets.append((x, row * row_step))
                if i < size - 1:
                    x += step * factor
            x += step * factor
        used = max(used, x - step * factor + w if line else 0.0)
    height = (len(lines) - 1) * row_step + h if lines else 0.0
    return offsets, used, height


def _row_width(sizes: Sequence[int], w: float, step: float, gap: float) -> float:
    cards = sum(sizes)
    if not cards:
        return 0.0
    return (cards - len(sizes)) * step + (len(sizes) - 1) * (gap + step) + w


def draw_cards(
    canvas: Canvas,
    card_groups: Sequence[Sequence[Card]],
    x: float,
    y: float,
    *,
    w: float,
    step: float,
    gap: float,
    width: float,
    marked: Callable[[Card], bool],
    legal: set[Card] | None = None,
    rows: Literal["one", "per_group"] = "one",
    row_step: float | None = None,
    min_step: float | None = None,
    raise_by: float | None = None,
) -> tuple[float, float]:
    """Groups of face-up cards overlapped left to right from (x, y); returns the width and height used.

    With ``legal``, the cards in it are raised by ``raise_by`` and outlined, the others dimmed (the picture
    leaves ``raise_by`` free above ``y`` for it).
    """
    offsets, used, height = arrange(
        [len(g) for g in card_groups],
        w=w,
        step=step,
        gap=gap,
        width=width,
        rows=rows,
        row_step=row_step,
        min_step=min_step,
    )
    lift = 0.1 * card_height(w) if raise_by is None else raise_by
    flat = [card for group in card_groups for card in group]
    for card, (dx, dy) in zip(flat, offsets, strict=True):
        ok = None if legal is None else card in legal
        draw_card(canvas, card, x + dx, y + dy - (lift if ok else 0), w, trump=marked(card), legal=ok)
    return used, height


def draw_backs(
    canvas: Canvas, count: int, x: float, y: float, *, w: float, step: float, badge: int | None = None
) -> float:
    """``count`` card backs overlapped from (x, y), with a badge saying how many (``badge``, if more than are
    drawn); returns the width used."""
    for i in range(count):
        draw_card(canvas, None, x + i * step, y, w)
    if count:
        label = str(count if badge is None else badge)
        r = 10.5 if len(label) < 3 else 13
        cx, cy = x + (count - 1) * step + w - 3, y + 3
        canvas.circle(cx, cy, r, fill="#ffffff", stroke=BACK_EDGE, stroke_width=1.2)
        canvas.text(cx, cy + 4.3, label, size=12, fill=BACK_EDGE, bold=True, anchor="middle")
    return (count - 1) * step + w if count else 0.0


# ---- the pictures ----

CARD_WIDTH = 100
HAND_WIDTH = 72


def card(
    card: Card | str,
    *,
    trump: Trump | None = None,
    game: Game | None = None,
    face_down: bool = False,
    legal: bool | None = None,
) -> Picture:
    """One card, 100 pixels wide: ``render.card("QC", game="sheepshead")``.

    The trump is marked when ``trump`` (a Tractor :class:`~tricktaker.tractor.Trump`) says so, or for a
    Sheepshead trump when ``game="sheepshead"`` (every queen, jack and diamond; the card must then be one of
    the 32). ``face_down=True`` draws the back; ``legal=False`` dims the card and ``legal=True`` outlines it.
    A text that names no card raises :class:`~tricktaker.CardParseError`.
    """
    the_card = as_card(card)
    the_game = None if game is None else as_game(game)
    the_trump = as_trump(trump, the_game)
    check_deck([the_card], the_game)
    face_down = as_bool(face_down, "face_down")
    if legal is not None:
        legal = as_bool(legal, "legal")
    pad = 10.0
    w = float(CARD_WIDTH)
    canvas = Canvas(
        w + 2 * pad,
        card_height(w) + 2 * pad,
        title="a card face down" if face_down else f"the card {the_card}",
    )
    draw_card(
        canvas,
        None if face_down else the_card,
        pad,
        pad,
        w,
        trump=not face_down and is_trump(the_card, the_game, the_trump),
        legal=legal,
    )
    return canvas.picture()


def hand(
    cards: Iterable[Card | str],
    *,
    game: Game,
    trump: Trump | None = None,
    legal: Iterable[Card | str] | None = None,
    jack_order: JackOrder | None = None,
) -> Picture:
    """A hand, its cards overlapped in a row in the game's play order (see :func:`groups`), trumps marked.

    ``legal`` (the cards that may be played) raises and outlines those cards and dims the others; each must
    be in the hand. A hand holds each card at most once in Sheepshead, twice in Tractor (two decks). A card
    held too often or a legal card not held raises :class:`~tricktaker.ArgumentError` naming it.

    Sheepshead's trumps are ordered by ``jack_order`` (R3: ``"standard"``, J♣ above J♠, or ``"seed"``).
    Without it, a Sheepshead :class:`Hand` (what ``State.hand`` returns, already in the play order of its
    state's rules) is drawn in the order it holds, and any other cards in the standard order; so
    ``render.hand(state.hand(seat), game="sheepshead")`` shows the hand as the state orders it whatever its
    ``jack_order``.
    """
    the_game = as_game(game)
    the_trump = as_trump(trump, the_game)
    order = as_jack_order(jack_order, the_game)
    as_given = order is None and isinstance(cards, Hand) and the_game == "sheepshead" == cards.game
    the_cards = as_cards(cards)
    check_deck(the_cards, the_game)
    legal_cards = None if legal is None else as_cards(legal, "legal")
    check_deck(legal_cards or [], the_game)
    check_hand(the_cards, the_game, legal_cards)
    legal_set = None if legal_cards is None else set(legal_cards)
    w = float(HAND_WIDTH)
    step, gap, pad = 0.44 * w, 0.16 * w, 10.0
    lift = 0.1 * card_height(w)
    if as_given:
        card_groups = runs(the_cards, the_game)
    else:
        card_groups = groups(the_cards, the_game, the_trump, order or "standard")
    _, used, height = arrange([len(g) for g in card_groups], w=w, step=step, gap=gap, width=1200)
    width = max(used, w) + 2 * pad
    canvas = Canvas(width, max(height, card_height(w)) + 2 * pad + lift, title=f"a {the_game} hand")
    if not the_cards:
        canvas.rect(
            pad,
            pad + lift,
            w,
            card_height(w),
            rx=0.07 * w,
            fill="none",
            stroke="#9a9a9a",
            stroke_width=1.5,
            stroke_dasharray="6 4",
        )
    draw_cards(
        canvas,
        card_groups,
        pad,
        pad + lift,
        w=w,
        step=step,
        gap=gap,
        width=1200,
        marked=lambda c: is_trump(c, the_game, the_trump),
        legal=legal_set,
        raise_by=lift,
    )
    return canvas.picture()


class Hand(list[Card]):
    """A hand that Jupyter draws (``_repr_svg_``); a ``list`` of :class:`~tricktaker.Card` in every other
    respect: it compares equal to a plain list of the same cards, prints like one, pickles and copies (keeping
    ``game`` and ``trump``).

    >>> from tricktaker import Card, render
    >>> hand = render.Hand([Card("QC"), Card("7H")], game="sheepshead")
    >>> hand == [Card("QC"), Card("7H")]
    True
    """

    __slots__ = ("game", "trump")  # no per-hand __dict__: the engines make a Hand each time a hand is read

    game: Game
    """``"sheepshead"`` or ``"tractor"``: which cards are trumps and how the hand is drawn (Tractor's in
    ``trump``'s play order; Sheepshead's in the order the list holds, which for ``State.hand`` is the play
    order of the state's rules, its ``jack_order`` included)."""
    trump: Trump | None
    """Tractor's trump, if known (``None`` for Sheepshead, whose trumps are fixed)."""

    def __init__(
        self, cards: Iterable[Card | str] = (), game: Game = "sheepshead", trump: Trump | None = None
    ) -> None:
        self.game = as_game(game)
        self.trump = as_trump(trump, self.game)
        super().__init__(as_cards(cards))

    def _repr_svg_(self) -> str:
        """The hand as SVG (``render.hand(self, game=self.game, trump=self.trump)``): what Jupyter shows (a
        Sheepshead hand in the order it holds: a state's hand is in its play order, whatever its jack
        order)."""
        return hand(self, game=self.game, trump=self.trump).svg


def seat_index(value: object, players: int) -> int:
    """A seat from 0 to ``players - 1``: never a ``bool`` (:class:`ArgumentTypeError`)."""
    if isinstance(value, bool) or not isinstance(value, SupportsIndex):
        raise ArgumentTypeError(f"seat must be an int or None, not {type(value).__name__}")
    seat = value.__index__()
    if not 0 <= seat < players:
        raise ArgumentError(f"seat must be an int from 0 to {players - 1}, not {shown(seat)}")
    return seat
