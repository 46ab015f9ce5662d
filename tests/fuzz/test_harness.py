"""The harness itself: a crash, a hang, runaway memory, a refused call that changed its argument, a plain
``ValueError`` and an allowed ``TypeError`` are each told apart (so that a clean fuzz run means something)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from harness import Call, CliResult, FuzzConfig, WorkerPool, judge_cli


@pytest.fixture(scope="module")
def self_pool() -> Iterator[WorkerPool]:
    pool = WorkerPool(FuzzConfig(), size=1)
    yield pool
    pool.close()


@pytest.mark.parametrize(
    ("call", "kind"),
    [
        (Call("builtins:abs", (-1,)), "ok"),
        (Call("builtins:int", (None,)), "refused"),
        (Call("builtins:int", ("x",)), "error"),
        (Call("os:abort"), "crash"),
        (Call("ctypes:string_at", (0,)), "crash"),
        (Call("time:sleep", (60,), timeout=2), "hang"),
        (Call("operator:mul", (b"x", 2 << 30)), "memory"),
        (Call(".update", ([(1, 2), 5],), receiver={}), "mutated"),
        (Call("tricktaker.nothing:here"), "setup"),
    ],
    ids=["ok", "refused", "error", "abort", "segfault", "hang", "memory", "mutated", "setup"],
)
def test_outcome_kinds(self_pool: WorkerPool, call: Call, kind: str) -> None:
    outcome = self_pool.run_one(call)
    assert outcome.kind == kind, outcome.summary()


def test_the_pool_recovers_after_a_crash(self_pool: WorkerPool) -> None:
    outcomes = self_pool.run(
        [
            Call("os:abort"),
            Call("builtins:abs", (-2,)),
            Call("time:sleep", (60,), timeout=1),
            Call("builtins:abs", (-3,)),
        ]
    )
    assert [o.kind for o in outcomes] == ["crash", "ok", "hang", "ok"]


def test_cli_judge() -> None:
    def result(code: int | None, err: bytes, timed_out: bool = False) -> CliResult:
        return CliResult([], b"", code, b"", err, 1.0, timed_out)

    assert judge_cli(result(0, b"")) is None
    assert judge_cli(result(2, b"usage: tricktaker ...\nerror: bad")) is None
    assert judge_cli(result(1, b"Traceback (most recent call last):\n  ...\nKeyError: 1\n")) == (
        "error",
        "traceback: KeyError: 1",
    )
    assert judge_cli(result(-6, b"memory allocation of 8 bytes failed"))[0] == "crash"
    assert judge_cli(result(None, b"", timed_out=True))[0] == "hang"
    assert judge_cli(result(1, b""))[0] == "error"
