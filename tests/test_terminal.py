"""``tricktaker play`` in a real terminal, driven through tmux: the suit symbols and the colour escape codes a
terminal gets, the reason for a refused card, the team totals, take-back, and ``save`` then ``--resume``.

Each test runs its own tmux server (``tmux -L <unique socket>``) and kills it at the end; every wait is
bounded (a few seconds per prompt). Skipped where tmux is not installed; with
``TRICKTAKER_REQUIRE_TERMINAL=1`` (CI) they fail instead.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

TMUX = shutil.which("tmux")
REQUIRED = os.environ.get("TRICKTAKER_REQUIRE_TERMINAL") == "1"


@pytest.fixture(autouse=True)
def _tmux() -> None:
    """Skip without tmux, or fail where the terminal tests are required (CI)."""
    if TMUX is None:
        if REQUIRED:
            pytest.fail("TRICKTAKER_REQUIRE_TERMINAL=1, but tmux is not installed", pytrace=False)
        pytest.skip("tmux is not installed")


SYMBOLS = ("♣", "♦", "♥", "♠")
PROMPT = "'help']: "
WAIT = 10.0
"""The longest wait for the table to answer, in seconds."""


def letters(text: str) -> str:
    """Cards written with symbols as the engine's letters (``A♣`` → ``AC``): what the tests type."""
    for letter, symbol in zip("CDHS", SYMBOLS, strict=True):
        text = text.replace(symbol, letter)
    return text


class Pane:
    """A tmux session of its own server, running one command."""

    def __init__(self, directory: Path, argv: list[str]) -> None:
        assert TMUX is not None
        self.tmux = TMUX
        self.socket = f"tricktaker-test-{os.getpid()}-{uuid.uuid4().hex[:10]}"
        self.name = "play"
        conf = directory / f"{self.socket}.conf"
        conf.write_text("set -g history-limit 100000\nset -g remain-on-exit on\n")
        command = shlex.join(
            ["env", "-u", "NO_COLOR", "TERM=xterm-256color", sys.executable, "-m", "tricktaker", *argv]
        )
        env = {k: v for k, v in os.environ.items() if k not in ("TMUX", "NO_COLOR")}
        env.setdefault("LANG", "C.UTF-8")
        self._run(
            "-f", str(conf), "new-session", "-d", "-s", self.name, "-x", "160", "-y", "50",
            "-c", str(directory), command,
            env=env,
        )  # fmt: skip

    def _run(self, *args: str, env: dict[str, str] | None = None) -> str:
        result = subprocess.run(
            [self.tmux, "-L", self.socket, *args],
            capture_output=True,
            text=True,
            timeout=WAIT,
            check=True,
            env=env,
        )
        return result.stdout

    def text(self, *, escapes: bool = False) -> str:
        """Everything the pane has shown (its history too), wrapped lines joined; with the escape codes."""
        return self._run("capture-pane", "-p", "-J", "-S", "-", *(["-e"] if escapes else []), "-t", self.name)

    def wait(self, done: Callable[[str], bool], what: str) -> str:
        """The pane's text once ``done`` holds for it; fails after :data:`WAIT` seconds."""
        deadline = time.monotonic() + WAIT
        while True:
            text = self.text()
            if done(text):
                return text
            if time.monotonic() > deadline:
                pytest.fail(f"waited {WAIT:.0f} s for {what}; the pane shows:\n{text[-3000:]}")
            time.sleep(0.05)

    def answer(self, line: str, done: Callable[[str], bool] | None = None, what: str = "") -> str:
        """Type ``line`` and Enter; then wait for ``done`` (default: the next prompt or the end)."""
        before = self.text().count(PROMPT)
        self._run("send-keys", "-t", self.name, "-l", line)
        self._run("send-keys", "-t", self.name, "Enter")
        if done is None:
            return self.wait(
                lambda t: t.count(PROMPT) > before or "Goodbye" in t or "Match over" in t or "Stopping" in t,
                f"an answer to {line!r}",
            )
        return self.wait(done, what or f"an answer to {line!r}")

    def close(self) -> None:
        subprocess.run(
            [self.tmux, "-L", self.socket, "kill-server"], capture_output=True, timeout=WAIT, check=False
        )


@contextmanager
def session(directory: Path, argv: list[str]) -> Iterator[Pane]:
    pane = Pane(directory, argv)
    try:
        yield pane
    finally:
        pane.close()


def last_prompt(text: str) -> str:
    """The text since the last table shown (the view and choices before the prompt waiting for an answer)."""
    start = max(text.rfind("\nSheepshead · "), text.rfind("\nTractor · "))
    return text[start:]


def table_of(view: str) -> str:
    """The table of a view, without the prompt and the answers after it."""
    return view[: view.index("Your choices:")]


def prompted(text: str) -> bool:
    return text.rstrip().endswith(PROMPT.rstrip())


def test_sheepshead_at_a_terminal(tmp_path: Path) -> None:
    saved = tmp_path / "sheepshead.json"
    with session(tmp_path, ["play", "sheepshead", "--seed", "5", "--hands", "1"]) as pane:
        text = pane.wait(prompted, "the first prompt")
        assert any(s in text for s in SYMBOLS), text
        colored = pane.text(escapes=True)
        assert "\x1b[" in colored and "\x1b[31m" in colored  # colour, hearts and diamonds red
        # A card that may not be played: its reason, in the hand's legend and when it is typed.
        for _ in range(12):
            legend = re.findall(r"not playable now: (\S+)", last_prompt(text))
            if legend:
                break
            text = pane.answer("1")
        else:
            pytest.fail("no unplayable card in the first tricks")
        card = letters(legend[0])
        text = pane.answer(card, lambda t: "You cannot play" in t, "the refusal")
        refusal = text[text.rindex("You cannot play") :].splitlines()[0]
        assert re.search(r"\(R(1[89]|2[2-4])\)\.$", refusal), refusal
        assert "Sides: picker" in text  # the points of the sides
        # Take-back: one card, then undo, and the same table as before it.
        before = last_prompt(pane.wait(prompted, "the prompt again"))
        pane.answer("1")
        text = pane.answer("undo", lambda t: "Taken back" in t and prompted(t), "the take-back")
        assert table_of(last_prompt(text)) == table_of(before)
        text = pane.answer(f"save {saved}", lambda t: "Saved to" in t, "the save")
        assert saved.exists()
        for _ in range(40):
            if "Match over" in text:
                break
            text = pane.answer("1")
        assert "After 1 hand of 1" in text and "match" in text and "Scores:" in text
    with session(tmp_path, ["play", "sheepshead", "--resume", str(saved)]) as pane:
        text = pane.wait(prompted, "the resumed table")
        assert "resumed from" in text and "Hand 1 of 1" in text
        assert any(s in last_prompt(text) for s in SYMBOLS)
        text = pane.answer("quit", lambda t: "Goodbye" in t, "goodbye")


def _lead_size(view: str) -> int:
    """The number of cards led to the trick shown in ``view`` (0 when nothing is led)."""
    trick = next(line for line in view.splitlines() if line.startswith("Trick: "))
    if "nothing led" in trick:
        return 0
    first = trick.removeprefix("Trick: ").split(" | ")[0]
    return len(first.split(": ", 1)[1].split())


def _choices(view: str) -> list[list[str]]:
    """The plays listed by number in ``view``."""
    block = view[view.index("Your legal plays") :]
    return [label.split() for label in re.findall(r"\d+\. (\S+(?: \S+)*?)(?=\s{2,}|\s*$)", block, re.M)]


def test_tractor_at_a_terminal(tmp_path: Path) -> None:
    saved = tmp_path / "tractor.json"
    with session(tmp_path, ["play", "tractor", "--seed", "5", "--rounds", "1"]) as pane:
        text = pane.wait(prompted, "the first prompt")
        assert "Tractor · draw · rank 2" in text
        assert any(s in text for s in SYMBOLS) and "\x1b[" in pane.text(escapes=True)
        refused = False
        undone = False
        for _ in range(80):
            if "Stopping after" in text:
                break
            view = last_prompt(text)
            prompt = text.rstrip().splitlines()[-1]
            if prompt.startswith("Your play") and "Your legal plays (" in view:
                n, plays = _lead_size(view), _choices(view)
                if not refused and n >= 1:
                    wrong = plays[0][: n - 1] if n >= 2 else [plays[0][0], *(p[0] for p in plays[1:2])]
                    if len(wrong) != n:
                        text = pane.answer(" ".join(letters(c) for c in wrong))
                        assert "You cannot play" in text and "as many cards as the lead (R26)" in text
                        refused = True
                        continue
                if refused and not undone and n == 0:
                    pane.answer("1")
                    text = pane.answer("undo", lambda t: "Taken back" in t and prompted(t), "the take-back")
                    undone = True
                    text = pane.answer(f"save {saved}", lambda t: "Saved to" in t, "the save")
            text = pane.answer("1")
        assert refused and undone and saved.exists()
        assert "Stopping after 1 round" in text and "After 1 round:" in text and "your team" in text
        assert "Opponents' points P" in text
    with session(tmp_path, ["play", "tractor", "--resume", str(saved)]) as pane:
        text = pane.wait(prompted, "the resumed table")
        assert "resumed from" in text and "Tractor · play · rank" in text
        pane.answer("quit", lambda t: "Goodbye" in t, "goodbye")
