"""Fuzz game records and the saved games of ``play``: real ones, written by the library in a child
(``strategies.write_corpus``: ``play``'s ``save FILE`` and ``--record``, ``arena --record``,
``record.to_record`` of unfinished, resampled and given-card deals and of finished matches), then mutated.

* the readers of records (``record.from_record``, ``record.load``, both games' ``State.from_record`` and
  ``Match.from_record``): every structural mutation of ``strategies.RECORD_OPS`` (actions dropped, repeated,
  swapped; seats, cards, rules and results changed; wrong versions, huge lists, deep nesting, NaN, numbers as
  text…), text damage, values that are no record. A refusal is a ``RecordError`` (a file that cannot be read:
  an ``OSError``) and one in an action names its deal and step;
* ``play GAME --resume FILE`` of damaged saves and of files that are no save, ``replay FILE`` of damaged
  records in every view, and ``--record`` / ``--html`` to paths that cannot be written, through ``cli.main``
  in a child (``strategies.cli_contract``): exit 0, or 1 with ``tricktaker: error:``; never a traceback;
* a few of those as real ``python -m tricktaker`` processes.
"""

from __future__ import annotations

import json
import random
import re
import time
import zlib
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from pathlib import Path

import pytest
import strategies as s
from fuzzer import Fuzzer, draw_examples
from harness import Call, CliResult, Outcome, WorkerPool, judge_cli, run_cli
from hypothesis import strategies as st


@pytest.fixture(scope="module")
def corpus(pool: WorkerPool, tmp_path_factory: pytest.TempPathFactory) -> Iterator[s.Corpus]:
    """The real records and saves, written in a child by the library's own code."""
    directory = tmp_path_factory.mktemp("records")
    outcome = pool.run_one(
        Call("strategies:write_corpus", (str(directory),), group="records", name="write_corpus", timeout=120)
    )
    if outcome.kind != "ok":
        pytest.fail(f"the records and saves could not be written: {outcome.summary()}", pytrace=False)
    records, saves = {}, {}
    for path in sorted(directory.glob("*.json")):
        text = path.read_text(encoding="utf-8")
        (records if "tricktaker_record" in json.loads(text) else saves)[path.stem] = text
    yield s.Corpus(str(directory), records, saves)


class _Shown:
    """What a finding shows for a probe's arguments (a mutated record's text is no help): its label."""

    def __init__(self, label: str) -> None:
        self.label = label

    def __repr__(self) -> str:
        return self.label


def judge(probe: s.Probe, outcome: Outcome, slow: float) -> Outcome:
    """The outcome with the contract of the records applied: an ``OSError`` from a file that cannot be read
    is a refusal; a reader refuses with a ``RecordError`` naming the step; an int or a bool is no path."""
    arg = probe.call.args[0] if probe.call.args else None
    if outcome.exc_type == "CliContractError":  # what strategies.cli_contract saw: its message says it all
        return replace(outcome, detail="")
    if probe.file_errors and outcome.kind == "error" and "OSError" in outcome.mro:
        outcome = replace(outcome, kind="refused", detail="")
    if probe.file_errors and type(arg) in (bool, int) and outcome.kind in ("ok", "refused", "error"):
        if outcome.raised("TypeError"):
            return outcome
        return replace(
            outcome,
            kind="error",
            message=f"takes {arg!r} for a file descriptor (reads it, then closes it): {outcome.summary()}",
        )
    if outcome.kind == "refused" and probe.record_error and not outcome.raised("RecordError"):
        # A path that is no path (a NUL, a lone surrogate) is an ArgumentError of the library.
        path_errors = ("OSError", "TypeError", "ArgumentError")
        if not (probe.file_errors and any(outcome.raised(e) for e in path_errors)):
            return replace(
                outcome,
                kind="error",
                message=f"refused with {outcome.exc_type}, not a RecordError: {outcome.message}",
            )
    if outcome.kind == "refused" and probe.where and outcome.raised("RecordError"):
        if not re.search(probe.where, outcome.message):
            return replace(
                outcome,
                kind="error",
                message=f"the RecordError does not name the deal and step ({probe.where}): {outcome.message}",
            )
    if outcome.kind in ("ok", "refused") and outcome.seconds > slow:
        return replace(
            outcome, kind="slow", message=f"{outcome.kind} after {outcome.seconds:.1f} s: {outcome.message}"
        )
    return outcome


def run_probes(fuzz: Fuzzer, corpus: s.Corpus, probes: list[s.Probe]) -> list[Outcome]:
    outcomes = fuzz.pool.run([p.call for p in probes])
    slow = fuzz.config.slow_seconds * (3 if fuzz.config.ci else 2)
    for probe, outcome in zip(probes, outcomes, strict=True):
        shown = _Shown(probe.label.replace(corpus.directory, "$TMP"))
        call = replace(probe.call, args=(shown,), kwargs={})
        fuzz.log.add(call, judge(probe, outcome, slow))
    return outcomes


def explore(
    fuzz: Fuzzer,
    corpus: s.Corpus,
    group: str,
    curated: list[s.Probe],
    strategy: st.SearchStrategy[s.Probe],
    examples: int,
) -> None:
    """CI size: the curated probes and ``examples`` random ones drawn from a seed fixed by the test's name. A
    long run: the curated ones, then rounds of four times as many random ones until the group's time is
    spent."""
    if fuzz.config.ci:
        run_probes(fuzz, corpus, curated + draw_examples(strategy, examples, zlib.crc32(fuzz.name.encode())))
        return
    deadline = time.monotonic() + fuzz.budget(group)
    run_probes(fuzz, corpus, curated)
    while time.monotonic() < deadline:
        run_probes(fuzz, corpus, draw_examples(strategy, examples * 4, random.getrandbits(32)))


def test_record_readers(fuzz: Fuzzer, corpus: s.Corpus) -> None:
    """record.from_record (text, bytes, data), record.load, State.from_record and Match.from_record of both
    games: mutated real records, damaged text, files that are no record, values that are no record."""
    curated = s.record_reader_probes(corpus) + s.load_probes(corpus)
    explore(fuzz, corpus, "records", curated, s.record_reader_strategy(corpus), examples=120)
    fuzz.check()


def test_record_cli(fuzz: Fuzzer, corpus: s.Corpus) -> None:
    """play --resume of damaged saves and of files that are no save; replay of damaged records in every view;
    --record and --html to paths that cannot be written (cli.main in a child)."""
    curated = s.resume_probes(corpus) + s.replay_probes(corpus) + s.unwritable_probes(corpus)
    explore(fuzz, corpus, "records (cli)", curated, s.cli_record_strategy(corpus), examples=30)
    fuzz.check()


def _process_cases(corpus: s.Corpus) -> list[tuple[list[str | bytes], bytes, tuple[int, ...]]]:
    """Real processes: ``(argv, stdin, the exit statuses allowed)``."""
    save = corpus.saves[sorted(corpus.saves)[-1]]
    record = corpus.records["tractor-round"]
    game = s.game_of_save(save)
    other = "tractor" if game == "sheepshead" else "sheepshead"
    a_file = corpus.file(b"not a directory")
    return [
        (["play", game, "--resume", corpus.file(bytes(range(256)) * 64), "--plain"], b"1\nquit\n", (1,)),
        (["play", other, "--resume", corpus.file(save)], b"quit\n", (1,)),
        (
            [
                "play",
                game,
                "--resume",
                corpus.file(save),
                "--plain",
                "--record",
                corpus.out("process record"),
            ],
            b"1\n1\nundo\n1\n" * 3 + b"quit\n",
            (0,),
        ),
        (
            ["arena", "sheepshead", "--bots", "random", "--deals", "2", "--record", a_file, "--progress"],
            b"",
            (1,),
        ),
        ([b"replay", corpus.file(record.encode().replace(b'"', b'"\xff', 1)).encode()], b"", (1,)),
        (["replay", corpus.file(record), "--html", "/proc/tricktaker-fuzz/page.html"], b"", (1,)),
        (
            ["replay", corpus.file(corpus.records["sheepshead-match-over"]), "--deal", "2", "--seat", "4"],
            b"\n",
            (0,),
        ),
    ]


def _judge_process(result: CliResult, statuses: tuple[int, ...]) -> tuple[str, str] | None:
    problem = judge_cli(result)
    if problem is not None:
        return problem
    err = result.stderr.decode("utf-8", "replace")
    if result.returncode not in statuses:
        last = err.strip().splitlines()[-1:] or [""]
        return ("error", f"exit status {result.returncode}, not {statuses}: {last[0][:200]}")
    if result.returncode == 1 and "tricktaker: error:" not in err:
        return ("error", f"exit status 1 without 'tricktaker: error:' on stderr: {err.strip()[-200:]!r}")
    return None


def test_record_cli_process(fuzz: Fuzzer, corpus: s.Corpus) -> None:
    """Resume, record and replay as real ``python -m tricktaker`` processes (damaged and unreadable files,
    unwritable paths, non-UTF-8 names, the terminal replay on a pipe)."""
    cases = _process_cases(corpus)
    timeout = 30.0 if fuzz.config.ci else 60.0
    with ThreadPoolExecutor(max_workers=fuzz.config.workers) as executor:
        results = list(
            executor.map(
                lambda c: run_cli(c[0], c[1], timeout=timeout, memory_limit=fuzz.config.memory_limit), cases
            )
        )
    for (_, _, statuses), result in zip(cases, results, strict=True):
        fuzz.log.calls += 1
        problem = _judge_process(result, statuses)
        kind = problem[0] if problem is not None else f"exit {result.returncode}"
        fuzz.log.counts[kind] = fuzz.log.counts.get(kind, 0) + 1
        if problem is not None:
            words = [w if isinstance(w, str) else w.decode("latin-1") for w in result.argv[:2]]
            fuzz.log.add_finding(
                "records (process)",
                f"python -m tricktaker {' '.join(words)}",
                problem[0],
                problem[1],
                result.describe().replace(corpus.directory, "$TMP"),
            )
    fuzz.check()


def test_corpus_is_real(corpus: s.Corpus) -> None:
    """The corpus holds what the tests need: records of hands, rounds and matches of both games (finished or
    not), and saves of both games, at the start, in the play and after a deal."""
    assert {"sheepshead-hand", "tractor-round", "sheepshead-match-over", "tractor-match-2-rounds"} <= set(
        corpus.records
    )
    games = sorted(json.loads(text)["game"] for text in corpus.saves.values())
    assert games == ["sheepshead"] * 3 + ["tractor"] * 3, sorted(corpus.saves)
    assert Path(corpus.directory).is_dir()
