"""Fuzz the command line: ``tricktaker.cli.main`` in a child process (many invocations per process, answers
to ``play``'s prompts included), and the real ``python -m tricktaker`` with abusive flags, non-UTF-8 argv
and stdin bytes, 5000-digit numbers, files that cannot be read (``--resume``, ``replay``) and paths that
cannot be written (``--record``, ``--html``). Nothing may escape ``main``; a run must exit with a message
(status 1 or 2), never print a traceback, panic, die of a signal or hang. Real saved games and records,
damaged, are ``test_fuzz_records.py``'s."""

from __future__ import annotations

import random
import time
import zlib
from concurrent.futures import ThreadPoolExecutor

import strategies as s
from fuzzer import Fuzzer, draw_examples
from harness import CliResult, judge_cli, run_cli
from hypothesis import strategies as st

NINES = "9" * 5000

CASES: list[tuple[list[str | bytes], bytes]] = [
    (["simulate", "sheepshead", "--games", "10", "--seed", "1", "--threads", "2147483648"], b""),
    (["simulate", "tractor", "--games", "10", "--seed", "1", "--threads", "2147483648"], b""),
    (["simulate", "sheepshead", "--games", "10", "--seed", "1", "--threads", "10000"], b""),
    (["simulate", "tractor", "--games", "5", "--seed", "1", "--threads", NINES], b""),
    (["simulate", "tractor", "--games", NINES, "--seed", "1"], b""),
    (["simulate", "sheepshead", "--games", "1e12", "--seed", "1"], b""),
    (["simulate", "sheepshead", "--games", "10", "--seed", NINES], b""),
    (["simulate", "sheepshead", "--games", "10", "--seed", "-1", "--json"], b""),
    (["simulate", "sheepshead", "--games", "200", "--seed", "3", "--json", "--hands-per-game", "2"], b""),
    (["play", "sheepshead", "--seed", "1"], b"\xff\xfe\n"),
    (["play", "tractor", "--seed", "1"], b"\x80abc\n1\n"),
    (["play", "sheepshead", "--seed", "1"], NINES.encode() + b"\n"),
    (["play", "tractor", "--seed", "1"], NINES.encode() + b"\n" + b"-1\n0\n"),
    (["play", "sheepshead", "--seed", "2", "--hands", "1"], b"1\n" * 200),
    (["play", "tractor", "--seed", "2", "--rounds", "1"], b"1\n" * 400),
    (["play", "tractor", "--seed", "2", "--rounds", NINES], b""),
    (["play", "sheepshead", "--seat", NINES], b""),
    (["play", "sheepshead", "--seed", "1"], b""),
    (["play", "tractor", "--seed", "1"], b"x" * 1_000_000 + b"\n"),
    (["play", "tractor", "--seed", "1"], b"\x00\nplay \xed\xa0\x80\n"),
    (["arena", "sheepshead", "--bots", "random", "--hands", "2147483648"], b""),
    (["arena", "tractor", "--bots", "random", "--hands", "1e12"], b""),
    (["arena", "tractor", "--bots", "random,,random"], b""),
    (["arena", "sheepshead", "--bots", "random", "--hands", NINES], b""),
    (["arena", "sheepshead", "--bots", "random", "--seed", NINES], b""),
    (["play", "tractor", "--seed", "1", "--record", "/dev/full", "--deals", NINES], b"1\n1\nquit\n"),
    (["play", "sheepshead", "--resume", "/", "--threads", "2", "--plain"], b"quit\n"),
    (
        [
            "arena",
            "tractor",
            "--bots",
            "random",
            "--deals",
            "2",
            "--record",
            "/dev/null",
            "--progress",
            "--plain",
        ],
        b"",
    ),
    (["replay", "/dev/null", "--step", NINES, "--seat", "-1"], b""),
    ([b"replay", b"/tmp/\xff\xfe.json", b"--html", b"/proc/\xff.html"], b""),
    (["bench", "--frobnicate"], b""),
    (["bench", "--openspiel", "--quick=1"], b""),
    ([b"simulate", b"sheepshead", b"--games", b"10", b"--seed", b"\xff"], b""),
    ([b"\xff\xfe"], b""),
    ([b"play", b"sheepshead", b"--seed", b"1", b"--opponents", b"\xe9"], b""),
    (["--version"], b""),
    (["--help"], b""),
    ([], b""),
]
SLOW_CASES: list[tuple[list[str | bytes], bytes]] = [(["bench", "--quick", "--json"], b"")]


def _run_all(fuzz: Fuzzer, cases: list[tuple[list[str | bytes], bytes]], timeout: float) -> list[CliResult]:
    memory = fuzz.config.memory_limit
    with ThreadPoolExecutor(max_workers=fuzz.config.workers) as executor:
        results = list(
            executor.map(lambda c: run_cli(c[0], c[1], timeout=timeout, memory_limit=memory), cases)
        )
    for result in results:
        fuzz.log.calls += 1
        problem = judge_cli(result)
        kind = problem[0] if problem is not None else f"exit {result.returncode}"
        fuzz.log.counts[kind] = fuzz.log.counts.get(kind, 0) + 1
        command = (
            " ".join(a if isinstance(a, str) else a.decode("latin-1") for a in result.argv[:2]) or "(none)"
        )
        if problem is not None:
            fuzz.log.add_finding(
                "cli (process)", f"python -m tricktaker {command}", problem[0], problem[1], result.describe()
            )
    return results


def test_cli_process(fuzz: Fuzzer) -> None:
    """simulate / play / arena / replay / bench as real processes: abusive flags, non-UTF-8 argv and stdin,
    huge numbers, unreadable and unwritable files."""
    timeout = 15.0 if fuzz.config.ci else 60.0
    _run_all(fuzz, CASES, timeout)
    _run_all(fuzz, SLOW_CASES, 120.0)
    drawn = st.tuples(s.cli_argv(), s.stdin_bytes)
    if fuzz.config.ci:
        _run_all(fuzz, draw_examples(drawn, 16, zlib.crc32(b"cli process")), timeout)
    else:
        deadline = time.monotonic() + fuzz.budget("cli (process)")
        while time.monotonic() < deadline:
            _run_all(
                fuzz,
                draw_examples(
                    st.tuples(s.cli_argv(allow_slow=True), s.stdin_bytes), 16, random.getrandbits(32)
                ),
                timeout,
            )
    fuzz.check()


def test_cli_in_process(fuzz: Fuzzer) -> None:
    """tricktaker.cli.main(argv, input_fn=…) for simulate / play / arena / replay / bench: no exception
    escapes, every failure says something on stderr, no prompt loop."""
    fuzz.explore("cli (in process)", s.cli_main_calls(allow_slow=not fuzz.config.ci), examples=200)
    fuzz.check()
