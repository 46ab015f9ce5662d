"""SVG pictures of cards, hands, tricks and whole tables, drawn by the library itself (no image is fetched).

Every function returns a :class:`Picture`: ``picture.svg`` is a standalone SVG document, Jupyter shows it,
and ``picture.save("table.svg")`` writes it. Suits are paths drawn here (not font glyphs) and text uses the
generic ``sans-serif`` family, so a picture looks the same everywhere; the same input gives the same bytes.

>>> from tricktaker import render, sheepshead, tractor
>>> state = sheepshead.State.new(seed=3)
>>> picture = render.table(state, seat=0)   # what seat 0 sees; seat=None shows every card
>>> picture.svg.startswith("<svg")
True
>>> picture.save("table.svg")  # doctest: +SKIP
>>> render.hand(state.hand(0), game="sheepshead").width   # trumps first, in play order
285.0
>>> render.card("RJ", trump=tractor.Trump("2", "H"))   # in Jupyter: the big joker, marked as a trump
<Picture 120x160 SVG, ... characters>

* :func:`card`: one card (``face_down``, ``legal``; the trump marked by ``trump=`` or ``game="sheepshead"``);
* :func:`hand`: a hand in its game's play order, trumps first, legal cards raised;
* :func:`trick`: the trick on the table, each card under its seat, the leader and the winner marked;
* :func:`table`: the whole table of either game, omniscient or from one seat's view (only what that seat may
  know: other hands as backs with their counts, the blind, bury and kitty face down unless it may see them);
* :class:`Hand`: a ``list`` of cards that Jupyter draws; in either game ``State.hand(seat)`` returns one and
  ``State.hands()`` a list of them, one per seat.

Cards drawn face up carry ``data-card="QC"``, seats ``data-seat``, the seat to act ``data-turn="true"``: the
pictures can be checked without looking at them (``tricktaker.render.table`` documents the hooks).
"""

from __future__ import annotations

from .cards import Hand, card, hand
from .svg import Picture
from .table import table, trick

__all__ = ["Hand", "Picture", "card", "hand", "table", "trick"]
