"""``tricktaker replay FILE``: step through a game record (:mod:`tricktaker.record`) in the terminal, or write
it as a web page that steps through the pictures of the table.

In the terminal, each step shows the table after it (every hand face up, or one seat's view with
``--seat``): Enter is the next step, ``b`` the one before, a number jumps to that step of the deal, ``q``
quits. Without a terminal on standard input (piped), or with ``--no-prompt``, every step is printed in turn;
``--step K`` prints step K alone (of ``--deal D``, which a match record of several deals needs). The table has
the look of ``play``: suit symbols and colour on a terminal, letters with ``--plain``, on a pipe or with
``TERM=dumb``. Every step is labelled with :func:`public_text`: with ``--seat`` another seat's hidden cards (a
bury, an under, a discard) are never named. ``--html OUT`` writes a self-contained page (inline SVG, CSS and
script, no network) per deal: one file for a hand or round record, an index and one page per deal for a
match; with ``--step K`` the page opens at step K.
"""

from __future__ import annotations

import argparse
import builtins
import html
import json
import os
import re
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from rich.text import Text

from .. import record as records
from .. import sheepshead
from ..record import Deal, Replay
from .common import PLAIN, Console, Look, add_number_flag, add_plain_flag, symbolized
from .games import sheepshead as sheepshead_cli
from .games import tractor as tractor_cli

__all__ = [
    "MAX_STEP",
    "add_command",
    "deal_page",
    "html_pages",
    "public_text",
    "result_lines",
    "step_header",
    "step_labels",
    "table_text",
]

MAX_STEP = 1_000_000
"""The largest ``--step`` the command reads (a deal has at most :data:`tricktaker.record.MAX_ACTIONS`)."""
_MAX_SEAT = 1_000_000
"""The largest ``--seat`` read; the record's game bounds it (0 to 4 for Sheepshead, 0 to 3 for Tractor)."""

PROMPT = "[Enter] next · b back · <number> go to step · q quit > "
"""The prompt between steps of an interactive replay."""


def add_command(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``replay`` (it reads records of every game)."""
    replay = commands.add_parser(
        "replay",
        help="step through a game record (play … --record, arena … --record) or write it as a web page",
        description="Replay a game record step by step, checking every action: in the terminal (Enter:"
        " next, b: back, a number: that step, q: quit; piped, every step in turn), or as a self-contained"
        " web page of the table's pictures (--html).",
    )
    replay.add_argument("file", metavar="FILE", help="the record (JSON, docs/records.md)")
    replay.add_argument(
        "--html",
        metavar="OUT",
        help="write a web page that steps through the record (a match: OUT indexes one page per deal)",
    )
    add_number_flag(
        replay,
        "--seat",
        0,
        _MAX_SEAT,
        "show the table as this seat sees it, another seat's hidden cards never named",
        note="the record's game bounds it: 0 to 4 for sheepshead, 0 to 3 for tractor; default: every hand"
        " face up",
        metavar="N",
    )
    add_number_flag(
        replay,
        "--deal",
        1,
        records.MAX_DEALS,
        "replay this deal only",
        note="default: every deal",
        metavar="D",
    )
    add_number_flag(
        replay,
        "--step",
        0,
        MAX_STEP,
        "print the table after this step of the deal and exit (of --deal D, which a match record of"
        " several deals needs); with --html the page opens at this step",
        note="0: its start",
        metavar="K",
    )
    replay.add_argument(
        "--no-prompt",
        action="store_true",
        help="print every step in turn without prompting (the default when standard input is no terminal)",
    )
    add_plain_flag(replay)
    replay.set_defaults(run=_run_replay)


def _run_replay(args: argparse.Namespace, console: Console) -> int:
    try:
        replay = records.load(args.file)
    except OSError as e:
        console.err.write(f"tricktaker: error: cannot read {args.file}: {e.strerror or e}\n")
        return 1
    players = len(replay.seats)
    if args.seat is not None and args.seat >= players:
        return _usage(console, f"--seat must be from 0 to {players - 1} for {replay.game}, not {args.seat}")
    if args.deal is not None and args.deal > len(replay.deals):
        return _usage(
            console, f"--deal must be from 1 to {len(replay.deals)} for this record, not {args.deal}"
        )
    deals = replay.deals if args.deal is None else [replay.deals[args.deal - 1]]
    if args.step is not None and len(deals) > 1:
        return _usage(
            console,
            f"--step needs --deal D for this match record of {len(deals)} deals (which deal's step K?)",
        )
    if args.step is not None:
        deal = deals[0]
        if args.step > len(deal.steps):
            return _usage(console, f"--step must be from 0 to {len(deal.steps)} for deal {deal.number}")
    if args.html is not None:
        try:
            written = html_pages(replay, args.html, seat=args.seat, deal=args.deal, start=args.step or 0)
        except OSError as e:
            console.err.write(
                f"tricktaker: error: cannot write {e.filename or args.html}: {e.strerror or e}\n"
            )
            return 1
        steps = sum(len(d.steps) for d in deals)
        if args.step is not None:
            console.print(
                f"wrote {written[0]} ({steps} steps; it opens at step {args.step}: #step={args.step})"
            )
        elif len(written) == 1:
            console.print(f"wrote {written[0]} ({steps} steps)")
        else:
            console.print(f"wrote {written[0]} and {len(written) - 1} pages, one per deal ({steps} steps)")
        return 0
    if args.step is not None:
        _show(console, replay, deals[0], args.step, args.seat)
        return 0
    interactive = not args.no_prompt and (console.input_fn is not builtins.input or _stdin_is_a_terminal())
    if not interactive:
        for deal in deals:
            for step in range(len(deal.steps) + 1):
                _show(console, replay, deal, step, args.seat)
        return 0
    return _interactive(console, replay, deals, args.seat)


def _usage(console: Console, message: str) -> int:
    console.err.write(f"tricktaker replay: error: {message}\n")
    return 2


def _stdin_is_a_terminal() -> bool:
    try:
        return sys.stdin is not None and sys.stdin.isatty()
    except (OSError, ValueError):
        return False


def _interactive(console: Console, replay: Replay, deals: Sequence[Deal], seat: int | None) -> int:
    index, step = 0, 0
    _show(console, replay, deals[index], step, seat)
    while True:
        answer = console.ask(PROMPT)
        if answer is None:
            return 0
        word = answer.strip().lower()
        deal = deals[index]
        if word in ("q", "quit", "exit"):
            return 0
        if word in ("", "n", "next"):
            if step < len(deal.steps):
                step += 1
            elif index + 1 < len(deals):
                index, step = index + 1, 0
            else:
                console.print("That was the last step of the record (b: back, a number: that step, q: quit).")
                continue
        elif word in ("b", "back", "p", "prev"):
            if step > 0:
                step -= 1
            elif index > 0:
                index -= 1
                step = len(deals[index].steps)
            else:
                console.print("This is the start of the record.")
                continue
        elif re.fullmatch(r"[0-9]{1,7}", word):
            number = int(word)
            if number > len(deal.steps):
                console.print(f"Deal {deal.number} has steps 0 to {len(deal.steps)}.")
                continue
            step = number
        elif word in ("h", "help", "?"):
            console.print(
                "Enter or n: the next step · b: the step before · a number: that step of this deal"
                " (0 is its start) · q: quit"
            )
            continue
        else:
            console.print(f"Not understood: {answer.strip()[:40]!r} (Enter, b, a number or q).")
            continue
        _show(console, replay, deals[index], step, seat)


def _show(console: Console, replay: Replay, deal: Deal, step: int, seat: int | None) -> None:
    console.print(step_header(replay, deal, step, seat, console.look))
    state = deal.state_at(step)
    console.print(table_view(state, seat, console.look))
    if step == len(deal.steps) and deal.results is not None:
        for line in result_lines(replay, deal):
            console.print(line)
    console.print()


def _seat_name(replay: Replay, seat: int | None) -> str:
    if seat is None:
        return "nobody"
    name = replay.seats[seat]
    return name if name == f"seat {seat}" else f"{name} (seat {seat})"


def public_text(
    state: records.State, player: int | None, action: int, seat: int | None, look: Look = PLAIN
) -> str:
    """The text of ``action``, taken by ``player`` at ``state`` (before it is applied), as ``seat`` may
    know it (``None``: every hand face up, the engine's text): the game's ``public_action``, which ``play``
    narrates with too."""
    if isinstance(state, sheepshead.State):
        return sheepshead_cli.public_action(state, player, action, seat, look)
    return tractor_cli.public_action(state, player, action, seat, look)


def _label(replay: Replay, before: records.State, s: records.Step, seat: int | None, look: Look) -> str:
    return f"{_seat_name(replay, s.seat)}: {public_text(before, s.seat, s.id, seat, look)}"


def step_header(replay: Replay, deal: Deal, step: int, seat: int | None = None, look: Look = PLAIN) -> str:
    """The line above a step's table: the deal, the step and what was done at it, as ``seat`` may know it
    (:func:`public_text`; ``None``: in full)."""
    where = f"deal {deal.number} of {len(replay.deals)} · " if len(replay.deals) > 1 else ""
    if step == 0:
        what = "the deal as dealt"
    else:
        what = _label(replay, deal.state_at(step - 1), deal.steps[step - 1], seat, look)
    return f"── {replay.game} · {where}step {step} of {len(deal.steps)} · {what} ──"


def step_labels(replay: Replay, deal: Deal, seat: int | None = None, look: Look = PLAIN) -> list[str]:
    """The label of every step of ``deal`` (``seat: action`` as ``seat`` may know it, :func:`public_text`),
    the start first: what the page lists."""
    labels = ["start: the deal as dealt"]
    state = deal.start.clone()
    for s in deal.steps:
        labels.append(_label(replay, state, s, seat, look))
        state.apply_action(s.id)
    return labels


def table_view(state: records.State, seat: int | None, look: Look = PLAIN) -> Text | str:
    """The table as ``play`` shows it, in ``look`` (suit symbols and colour on a terminal): every hand face
    up (``seat`` is ``None``), or as ``seat`` sees it."""
    if seat is None:
        return symbolized(str(state), look)
    if isinstance(state, sheepshead.State):
        return sheepshead_cli.sheepshead_view(state, seat, look)
    return tractor_cli.tractor_view(state, seat, look)


def table_text(state: records.State, seat: int | None, look: Look = PLAIN) -> str:
    """:func:`table_view` as plain text (the views of ``tricktaker play``)."""
    view = table_view(state, seat, look)
    return view.plain if isinstance(view, Text) else view


def _signed(values: Sequence[int], replay: Replay) -> str:
    return " · ".join(f"{replay.seats[i]} {v:+d}" for i, v in enumerate(values))


def result_lines(replay: Replay, deal: Deal) -> list[str]:
    """What a finished deal came to, in words (nothing for an unfinished one)."""
    r = deal.results
    if r is None:
        return []
    lines = []
    if replay.game == "sheepshead":
        if r["leaster"]:
            lines.append("Leaster: everybody passed.")
        elif r["doubler"]:
            lines.append("Doubler: everybody passed; the next hand counts double.")
        elif r["picker"] is not None:
            side = f"Picker {_seat_name(replay, r['picker'])}"
            if r["called_card"] is not None:
                side += f", called {r['called_card']}, partner {_seat_name(replay, r['partner'])}"
            else:
                side += ", alone"
            side += f": {r['picking_side_points']} points in {r['picking_side_tricks']} tricks."
            lines.append(side)
    else:
        trump = r["trump"]
        if trump is None or (trump["rank"] is None and trump["suit"] is None):
            trump_text = "no trump"
        else:
            trump_text = f"rank {trump['rank']}" + (f", suit {trump['suit']}" if trump["suit"] else "")
        team = r["declarers"]
        outcome = r["outcome"]
        winner = "the declarers hold" if outcome["declarers_hold"] else "the opponents take over"
        lines.append(
            f"Trump {trump_text} · declarers seats {team} and {team + 2} · opponents' points {r['points']}:"
            f" {winner}, +{outcome['levels']} level{'s' if outcome['levels'] != 1 else ''}."
        )
    lines.append("Returns: " + _signed(r["returns"], replay))
    return lines


# ---- the web page ----


def html_pages(
    replay: Replay,
    out: str | os.PathLike[str],
    *,
    seat: int | None = None,
    deal: int | None = None,
    start: int = 0,
) -> list[Path]:
    """Write the replay page(s) and return their paths: one page at ``out`` when the record has one deal or
    ``deal`` is given; otherwise ``out`` is an index of the deals, each on its own page beside it
    (``<stem>-deal-<n><suffix>``), so that no page holds the pictures of more than one deal. ``start`` is
    the step a page opens at without a ``#step=K`` in its URL."""
    path = Path(out)
    if deal is not None or len(replay.deals) == 1:
        chosen = replay.deals[(deal or 1) - 1]
        path.write_text(deal_page(replay, chosen, seat=seat, start=start), encoding="utf-8")
        return [path]
    names = [f"{path.stem}-deal-{d.number}{path.suffix or '.html'}" for d in replay.deals]
    path.write_text(_index_page(replay, names), encoding="utf-8")
    written = [path]
    for i, d in enumerate(replay.deals):
        links = {
            "index": path.name,
            "previous": names[i - 1] if i > 0 else None,
            "next": names[i + 1] if i + 1 < len(names) else None,
        }
        page = path.with_name(names[i])
        page.write_text(deal_page(replay, d, seat=seat, links=links), encoding="utf-8")
        written.append(page)
    return written


_CSP = (
    "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:; font-src data:"
)

_STYLE = """
:root { color-scheme: light dark; --accent: #2e7d32; }
body { font: 15px/1.4 system-ui, sans-serif; margin: 0 auto; padding: 1em; max-width: 90em; }
h1 { font-size: 1.3em; margin: 0 0 .3em; }
.meta, .seats { margin: .2em 0; color: GrayText; }
.seats { list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: .3em 1.2em; }
.layout { display: grid; grid-template-columns: minmax(0, 1fr) 18em; gap: 1em; align-items: start; }
.controls { display: flex; align-items: center; gap: .6em; flex-wrap: wrap; margin: .6em 0; }
.controls input[type=range] { flex: 1; min-width: 10em; }
button { font: inherit; padding: .2em .8em; }
#action { font-weight: 600; }
#table svg { display: block; max-width: 100%; height: auto; }
#steps { max-height: 80vh; overflow-y: auto; margin: 0; padding-left: 3.2em; font-size: .92em; }
#steps a { color: inherit; text-decoration: none; display: block; padding: 0 .3em; }
#steps a[aria-current] { background: var(--accent); color: white; border-radius: .2em; }
.result { margin: .6em 0; }
nav.deals { margin: .4em 0; display: flex; gap: 1em; }
@media (max-width: 50em) { .layout { grid-template-columns: 1fr; } #steps { max-height: 30vh; } }
"""

_SCRIPT = """
(function () {
  "use strict";
  var table = document.getElementById("table");
  var number = document.getElementById("step-number");
  var action = document.getElementById("action");
  var slider = document.getElementById("slider");
  var prev = document.getElementById("prev");
  var next = document.getElementById("next");
  var links = document.querySelectorAll("#steps a");
  var last = links.length - 1;
  var current = -1;
  var pictures = JSON.parse(document.getElementById("pictures").textContent);
  function picture(k) {
    var runs = pictures.frames[k], lines = [];
    for (var i = 0; i < runs.length; i += 2) {
      for (var j = 0; j < runs[i + 1]; j++) lines.push(pictures.lines[runs[i] + j]);
    }
    return lines.join("\\n");
  }
  function fromHash() {
    var m = /(?:^#|&)step=([0-9]+)/.exec(window.location.hash);
    var start = parseInt(document.body.getAttribute("data-start") || "0", 10) || 0;
    return Math.min(m ? parseInt(m[1], 10) : start, last);
  }
  function setHash(k) {
    var hash = "#step=" + k;
    if (window.location.hash === hash) return;
    try { window.history.replaceState(null, "", hash); } catch (e) { window.location.replace(hash); }
  }
  function show(k, keepHash) {
    k = Math.max(0, Math.min(last, k));
    if (k !== current) {
      table.innerHTML = picture(k);
      if (current >= 0) links[current].removeAttribute("aria-current");
      links[k].setAttribute("aria-current", "step");
      links[k].scrollIntoView({block: "nearest"});
      number.textContent = String(k);
      action.textContent = links[k].getAttribute("data-label");
      slider.value = String(k);
      prev.disabled = k === 0;
      next.disabled = k === last;
      current = k;
    }
    if (!keepHash) setHash(k);
  }
  prev.addEventListener("click", function () { show(current - 1); });
  next.addEventListener("click", function () { show(current + 1); });
  slider.addEventListener("input", function () { show(parseInt(slider.value, 10)); });
  document.addEventListener("keydown", function (e) {
    if (e.target === slider || e.altKey || e.ctrlKey || e.metaKey) return;
    var to = {ArrowRight: current + 1, ArrowLeft: current - 1, Home: 0, End: last}[e.key];
    if (to === undefined) return;
    e.preventDefault();
    show(to);
  });
  window.addEventListener("hashchange", function () { show(fromHash(), true); });
  show(fromHash(), true);
})();
"""


def _head(title: str) -> list[str]:
    return [
        "<!DOCTYPE html>",
        '<html lang="en">',
        "<head>",
        '<meta charset="utf-8">',
        f'<meta http-equiv="Content-Security-Policy" content="{_CSP}">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        '<link rel="icon" href="data:,">',
        f"<title>{html.escape(title)}</title>",
        f"<style>{_STYLE}</style>",
        "</head>",
    ]


def _title(replay: Replay) -> str:
    what = {"hand": "a hand", "round": "a round", "match": "a match"}[replay.kind]
    title = f"tricktaker replay: {replay.game}, {what}"
    return f"{title} · {replay.event}" if replay.event else title


def _header(replay: Replay, subtitle: str) -> list[str]:
    lines = [
        "<header>",
        f"<h1>{html.escape(_title(replay))}</h1>",
        f'<p class="meta">{html.escape(subtitle)}</p>',
    ]
    seats = "".join(f"<li>seat {i}: {html.escape(name)}</li>" for i, name in enumerate(replay.seats))
    lines += [f'<ul class="seats" id="seats">{seats}</ul>', "</header>"]
    return lines


def _rules_text(replay: Replay) -> str:
    options = replay.rules.to_dict()
    defaults = type(replay.rules)().to_dict()
    changed = [f"{k}={json.dumps(v)}" for k, v in options.items() if defaults.get(k) != v]
    return "rules: " + (", ".join(changed) if changed else "the defaults")


def deal_page(
    replay: Replay,
    deal: Deal,
    *,
    seat: int | None = None,
    links: dict[str, str | None] | None = None,
    start: int = 0,
) -> str:
    """The self-contained page of one deal: the seats, the steps (``seat: action``), previous and next
    buttons, the arrow keys, a slider, the step in the URL (``#step=14``), ``#step-number`` and the table's
    picture after the step in ``#table`` (``tricktaker.render.table``, from ``seat``'s view if given). The
    steps are labelled by :func:`step_labels` (no card ``seat`` may not see); without ``#step=K`` in its URL
    the page opens at step ``start``."""
    from .. import render  # the pictures (imported here: the terminal replay does not need them)

    view = "every hand face up" if seat is None else f"as {_seat_name(replay, seat)} sees it"
    where = f"deal {deal.number} of {len(replay.deals)} · " if len(replay.deals) > 1 else ""
    made = f"recorded by tricktaker {replay.record['library']}"
    subtitle = f"{where}{len(deal.steps)} steps · {view} · {_rules_text(replay)} · {made}"
    start = max(0, min(start, len(deal.steps)))
    body = [f'<body data-start="{start}">', *_header(replay, subtitle)]
    if links:
        nav = ['<nav class="deals">']
        nav.append(f'<a href="{html.escape(links["index"] or "")}">all deals</a>')
        if links.get("previous"):
            nav.append(f'<a href="{html.escape(links["previous"] or "")}" rel="prev">previous deal</a>')
        if links.get("next"):
            nav.append(f'<a href="{html.escape(links["next"] or "")}" rel="next">next deal</a>')
        body += [*nav, "</nav>"]
    last = len(deal.steps)
    body += [
        '<div class="layout">',
        "<main>",
        '<div class="controls">',
        '<button id="prev" type="button" title="previous step (←)">◀ back</button>',
        f'<input id="slider" type="range" min="0" max="{last}" value="0" aria-label="step">',
        '<button id="next" type="button" title="next step (→)">next ▶</button>',
        f'<span>step <span id="step-number">0</span> of {last}</span>',
        '<span id="action"></span>',
        "</div>",
        '<div id="table" aria-live="polite"></div>',
    ]
    result = result_lines(replay, deal)
    if result:
        shown = "<br>".join(html.escape(x) for x in result)
        body.append(f'<div class="result" id="result"><strong>Result:</strong> {shown}</div>')
    else:
        body.append('<div class="result" id="result">The deal is not finished.</div>')
    body += ["</main>", '<ol id="steps" start="0">']
    labels = step_labels(replay, deal, seat)
    for k, label in enumerate(labels):
        text = html.escape(label)
        body.append(f'<li><a href="#step={k}" data-step="{k}" data-label="{text}">{text}</a></li>')
    body += ["</ol>", "</div>"]
    pictures = _pictures(render.table(state, seat=seat).svg for state in deal.states())
    body.append(f'<script type="application/json" id="pictures">{pictures}</script>')
    body += [f"<script>{_SCRIPT}</script>", "</body>", "</html>"]
    return "\n".join(_head(_title(replay)) + body) + "\n"


def _pictures(svgs: Iterable[str]) -> str:
    """The SVG pictures of every step, as the JSON the page's script reads: each distinct line of them once
    (``lines``), and each picture as runs of consecutive lines (``frames``: start, count, start, count…).
    Consecutive pictures of a deal share almost every line, so a Tractor round's 150 pictures of 80 kB take
    a few hundred kB instead of 13 MB. ``<``, ``>`` and ``&`` are written as JSON escapes (``\\u003c``…), so
    nothing in the text closes the script."""
    lines: dict[str, int] = {}
    frames: list[list[int]] = []
    for svg in svgs:
        runs: list[int] = []
        for line in svg.split("\n"):
            index = lines.setdefault(line, len(lines))
            if runs and runs[-2] + runs[-1] == index:
                runs[-1] += 1
            else:
                runs += [index, 1]
        frames.append(runs)
    text = json.dumps({"lines": list(lines), "frames": frames}, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def _index_page(replay: Replay, names: Sequence[str]) -> str:
    body = ["<body>", *_header(replay, f"{len(replay.deals)} deals · {_rules_text(replay)}"), "<ol>"]
    for deal, name in zip(replay.deals, names, strict=True):
        summary = " ".join(result_lines(replay, deal)) or "not finished"
        body.append(
            f'<li><a href="{html.escape(name)}">deal {deal.number}</a> ({len(deal.steps)} steps):'
            f" {html.escape(summary)}</li>"
        )
    body.append("</ol>")
    totals: Any = replay.record.get("totals")
    if isinstance(totals, dict):
        body.append(f"<p>Totals: {html.escape(json.dumps(totals))}</p>")
    body += ["</body>", "</html>"]
    return "\n".join(_head(_title(replay)) + body) + "\n"
