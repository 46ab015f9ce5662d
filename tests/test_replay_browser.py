"""The replay page of ``tricktaker replay FILE --html OUT`` in a real headless browser: Debian's Chromium
driven by Playwright (no downloaded browser). The page loads without console errors or page errors, opens at
the step its address names, shows that step's table (the face-up cards of ``tricktaker.render.table`` of
the replayed state), and steps with its buttons, the arrow keys, the slider and the step list.

Without Playwright or Chromium the tests are skipped, saying which is missing; with
``TRICKTAKER_REQUIRE_BROWSER=1`` (CI, ``.ci/run``) they fail instead.
"""

from __future__ import annotations

import io
import os
import random
import re
import shutil
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from tricktaker import bots, cli, record, sheepshead, tractor

REQUIRED = os.environ.get("TRICKTAKER_REQUIRE_BROWSER") == "1"
CARD = re.compile(r'data-card="([^"]+)"')


def unavailable(reason: str) -> None:
    """Skip, or fail where the browser is required (CI)."""
    if REQUIRED:
        pytest.fail(f"TRICKTAKER_REQUIRE_BROWSER=1, but {reason}", pytrace=False)
    pytest.skip(reason)


def chromium_path() -> str | None:
    return shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        unavailable("Playwright is not installed (pip install 'tricktaker[browser]')")
    executable = chromium_path()
    if executable is None:
        unavailable("Chromium is not installed (apt-get install chromium)")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=executable, args=["--no-sandbox"])
        try:
            yield launched
        finally:
            launched.close()


@dataclass
class Page:
    """A replay page open in the browser, with everything it logged."""

    page: Any
    problems: list[str] = field(default_factory=list)

    def step(self) -> int:
        return int(self.page.text_content("#step-number"))

    def cards(self) -> list[str]:
        found = self.page.eval_on_selector_all(
            "#table [data-card]", "nodes => nodes.map(n => n.getAttribute('data-card'))"
        )
        return sorted(found)

    def wait_for_step(self, k: int) -> None:
        self.page.wait_for_function(
            "k => document.getElementById('step-number').textContent === String(k)", arg=k, timeout=5000
        )


def open_page(browser: Any, path: Path, step: int | None = None) -> Page:
    page = browser.new_page()
    opened = Page(page)

    def on_console(message: Any) -> None:
        if message.type in ("error", "warning"):
            opened.problems.append(f"console {message.type}: {message.text}")

    page.on("console", on_console)
    page.on("pageerror", lambda error: opened.problems.append(f"page error: {error}"))
    page.on("requestfailed", lambda request: opened.problems.append(f"request failed: {request.url}"))
    url = path.resolve().as_uri() + ("" if step is None else f"#step={step}")
    page.goto(url, wait_until="load")
    return opened


def face_up(state: sheepshead.State | tractor.State, seat: int | None = None) -> list[str]:
    """The cards ``render.table`` shows face up for ``state``."""
    from tricktaker import render

    return sorted(CARD.findall(render.table(state, seat=seat).svg))


def write_page(tmp_path: Path, name: str, data: dict[str, Any], *extra: str) -> tuple[Path, record.Replay]:
    source = tmp_path / f"{name}.json"
    record.save(data, source)
    out = tmp_path / f"{name}.html"
    stdout, stderr = io.StringIO(), io.StringIO()
    status = cli.main(["replay", str(source), "--html", str(out), *extra], out=stdout, err=stderr)
    assert status == 0, stderr.getvalue()
    return out, record.load(source)


def sheepshead_hand() -> sheepshead.State:
    state = sheepshead.State.new(seed=11)
    players = [bots.SheepsheadHeuristicBot() for _ in range(5)]
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        state.apply_action(players[seat].act(state))
    return state


def tractor_round() -> tractor.State:
    rng = random.Random(3)
    state = tractor.State.new(seed=3)
    while not state.is_terminal:
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_the_sheepshead_page_opens_at_its_step_shows_that_table_and_steps(
    browser: Any, tmp_path: Path
) -> None:
    path, replay = write_page(tmp_path, "hand", record.to_record(sheepshead_hand(), seats=list("ABCDE")))
    deal = replay.deals[0]
    k = 14
    view = open_page(browser, path, k)
    assert view.step() == k
    assert view.cards() == face_up(deal.state_at(k))
    assert view.page.title().startswith("tricktaker replay: sheepshead")
    view.page.click("#next")
    view.wait_for_step(k + 1)
    assert view.cards() == face_up(deal.state_at(k + 1))
    assert view.page.evaluate("window.location.hash") == f"#step={k + 1}"
    view.page.click("#prev")
    view.page.click("#prev")
    view.wait_for_step(k - 1)
    assert view.cards() == face_up(deal.state_at(k - 1))
    view.page.keyboard.press("ArrowRight")
    view.wait_for_step(k)
    view.page.keyboard.press("End")
    view.wait_for_step(len(deal.steps))
    assert view.cards() == face_up(deal.final)
    assert view.page.is_disabled("#next") and "Returns:" in view.page.text_content("#result")
    view.page.keyboard.press("Home")
    view.wait_for_step(0)
    assert view.page.is_disabled("#prev") and view.cards() == face_up(deal.start)
    view.page.click('#steps a[data-step="5"]')
    view.wait_for_step(5)
    view.page.evaluate(
        "s => { s.value = '9'; s.dispatchEvent(new Event('input')); }", view.page.query_selector("#slider")
    )
    view.wait_for_step(9)
    view.page.evaluate("window.location.hash = '#step=3'")
    view.wait_for_step(3)
    assert view.cards() == face_up(deal.state_at(3))
    assert view.page.text_content("#seats").count("seat ") == 5
    assert view.problems == []
    view.page.close()


def test_the_tractor_page_from_a_seat_shows_that_seats_view(browser: Any, tmp_path: Path) -> None:
    state = tractor_round()
    path, replay = write_page(tmp_path, "round", record.to_record(state), "--seat", "1")
    deal = replay.deals[0]
    k = len(deal.steps) // 2
    view = open_page(browser, path, k)
    assert view.step() == k
    assert view.cards() == face_up(deal.state_at(k), seat=1)
    view.page.keyboard.press("ArrowRight")
    view.wait_for_step(k + 1)
    assert view.cards() == face_up(deal.state_at(k + 1), seat=1)
    view.page.keyboard.press("ArrowLeft")
    view.wait_for_step(k)
    assert view.problems == []
    view.page.close()
    beyond = open_page(browser, path, 10_000)  # a step past the end opens at the end
    assert beyond.step() == len(deal.steps)
    plain = open_page(browser, path)  # no step in the address: the start
    assert plain.step() == 0 and plain.cards() == face_up(deal.start, seat=1)
    assert beyond.problems == [] and plain.problems == []
    beyond.page.close()
    plain.page.close()


def test_a_match_page_links_its_deals(browser: Any, tmp_path: Path) -> None:
    match = sheepshead.Match(seed=4, rules=sheepshead.Rules(hands_per_game=2))
    rng = random.Random(4)
    while not match.is_over:
        while not match.state.is_terminal:
            match.state.apply_action(rng.choice(match.state.legal_actions()))
        match.next_hand()
    path, replay = write_page(tmp_path, "match", match.to_record())
    index = open_page(browser, path)
    index.page.click('a[href="match-deal-2.html"]')
    index.page.wait_for_load_state("load")
    assert index.page.url.endswith("match-deal-2.html")
    assert index.step() == 0 and index.cards() == face_up(replay.deals[1].start)
    assert index.problems == []
    index.page.close()
