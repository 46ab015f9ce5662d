"""The fuzz harness: abusive calls of tricktaker's public entry points, each run in a child process.

The contract under test ("nothing a caller passes can crash, hang or wedge the library"): every public entry
point, given any arguments, either works or raises a :class:`tricktaker.errors.TricktakerError` (which
includes ``ArgumentError``, ``ArgumentTypeError`` and ``LimitExceededError``) or a ``TypeError``; a refused
call changes no object; memory stays bounded; calls finish in bounded time; the command line exits with a
message and never a traceback.

How it works
------------
* The tests (``test_fuzz_*.py``) describe calls as plain data: a :class:`Call` names its target (a module
  attribute, a method of a receiver, or a worker scenario) and its arguments, in which a :class:`Ref` stands
  for an object the child builds (a state after some random moves, a mutated save, an environment…).
* ``strategies.py`` lists the entry points (``Entry``: the parameters, each with sane values and abusive
  ones). Each test runs a matrix, every curated abusive value of every parameter with the other arguments
  sane (drawn by Hypothesis), then random Hypothesis calls mixing sane and abusive arguments. The calls are
  drawn first, then run.
* :class:`WorkerPool` runs them in child processes (``worker.py``, one per core), many calls per process, one
  call at a time per child with a deadline. The child sets ``RLIMIT_AS`` (4 GiB by default), runs the call,
  compares every object it was given before and after a refused call, checks that what it got back is usable
  (a returned state saves and loads back equal, and plays on), and reports an :class:`Outcome`. A child that
  dies (a signal, an abort on a failed allocation, a Rust panic that aborts) or misses its deadline is killed
  and restarted; the call in flight is the one reported, with the tail of the child's stderr. A call that
  crashed or hung is not run again with the same abusive arguments (its ``tag``) in the same run, and an
  entry point that hung twice (CI) is not called again.
* :func:`run_cli` runs the real ``python -m tricktaker`` with abusive flags and stdin bytes, and
  :func:`judge_cli` flags a traceback, a panic, a signal, a silent failure or a hang.
* :class:`FindingLog` deduplicates what is wrong (by entry point, kind, exception type, and the raise site or
  the message with its numbers blanked) and formats it; every test fails with its list, and ``conftest.py``
  prints them all at the end of the run and stores them in the pytest cache
  (``.pytest_cache/v/fuzz/findings``).

Running it
----------
``python -m pytest tests/fuzz`` is the CI size: the matrix and a fixed number of random calls per test,
drawn from seeds fixed by the tests' names (deterministic), about two minutes on two cores.
``python -m pytest tests/fuzz --fuzz-minutes 10`` (the one option, in ``tests/conftest.py``) runs for about
ten minutes more in all: each test gets a share of the time (``conftest.WEIGHTS``) and repeats rounds of the
matrix and four times as many random calls from fresh random seeds until its share is spent, with longer
deadlines and more repetitions. ``python -m pytest tests/fuzz/test_regressions.py`` runs only the known
findings, each with the outcome the contract asks for.
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from multiprocessing.connection import Connection, wait
from pathlib import Path
from typing import Any

__all__ = [
    "ALLOWED",
    "Call",
    "CliResult",
    "FindingLog",
    "FuzzConfig",
    "Outcome",
    "Ref",
    "WorkerPool",
    "judge_cli",
    "run_cli",
    "wait_for_library",
]

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
WORKER = HERE / "worker.py"
GIB = 1 << 30


# ---- what a call is ----


@dataclass(frozen=True)
class Ref:
    """An object the child builds before the call (it cannot be pickled, or should not be shared).

    ``kind`` names a builder of ``worker.py`` (``state``, ``rules``, ``save``, ``env``…) and ``args`` its
    arguments (plain data). The same ``Ref`` builds the same object every time.
    """

    kind: str
    args: tuple[Any, ...] = ()

    def __repr__(self) -> str:
        inner = ", ".join(_short(a, 40) for a in self.args)
        return f"<{self.kind}{'(' + inner + ')' if inner else ''}>"


@dataclass(frozen=True)
class Call:
    """One call to run in the child.

    ``target`` is ``"module:attr.attr"`` (``"tricktaker.sheepshead:random_playouts"``), ``".method"`` (a
    method of ``receiver``), ``"=attribute"`` (``setattr(receiver, attribute, args[0])``) or
    ``"scenario:name"`` (a function of ``worker.py``'s ``SCENARIOS``). ``group`` is the entry-point group
    reported and ``name`` the entry point (``"tractor.State.resamples"``); ``tag`` says which arguments were
    abusive (calls that crashed or hung with the same name and tag are not run again); ``timeout`` overrides
    the pool's deadline and ``memory`` the peak resident memory above which the call is reported (for the
    documented worst cases, which take seconds and gigabytes by design).
    """

    target: str
    args: tuple[Any, ...] = ()
    kwargs: dict[str, Any] = field(default_factory=dict)
    receiver: Any = None
    group: str = ""
    name: str = ""
    tag: str = ""
    timeout: float | None = None
    memory: int | None = None

    def describe(self) -> str:
        """The call as Python-like text: ``sheepshead.random_playouts(1099511627776, 1)``."""
        parts = [_short(a) for a in self.args]
        parts += [f"{k}={_short(v)}" for k, v in self.kwargs.items()]
        name = self.target
        if name.startswith("."):
            name = f"{self.receiver!r}{name}"
        elif name.startswith("="):
            return f"{self.receiver!r}.{name[1:]} = {parts[0] if parts else '?'}"
        else:
            name = name.replace("tricktaker.", "").replace(":", ".")
        return f"{name}({', '.join(parts)})"

    @property
    def key(self) -> tuple[str, str]:
        return (self.name or self.target, self.tag)


def _short(value: Any, limit: int = 80, depth: int = 0) -> str:
    """A bounded repr (5000-digit ints and megabyte strings stay readable)."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 2**16:
        if abs(value) < 2**200:
            exp = value.bit_length() - 1
            if abs(value) == 2**exp:
                return f"{'-' if value < 0 else ''}2**{exp}"
            if value + 1 == 2 ** value.bit_length():
                return f"2**{value.bit_length()}-1"
        text = str(value) if value.bit_length() < 4000 else f"<int of {value.bit_length()} bits>"
    elif type(value) in (list, tuple) and depth > 4:
        text = "[…]" if type(value) is list else "(…)"
    elif type(value) in (list, tuple) and len(value) <= 200:
        inner = ", ".join(_short(v, limit, depth + 1) for v in value[:20]) + (
            ", …" if len(value) > 20 else ""
        )
        text = f"[{inner}]" if type(value) is list else f"({inner}{',' if len(value) == 1 else ''})"
    else:
        try:
            text = repr(value)
        except Exception as e:  # a repr that fails is worth seeing, not a harness crash
            text = f"<repr failed: {type(e).__name__}>"
    if len(text) > limit:
        text = f"{text[: limit - 20]}…<{len(text)} chars>"
    return text


# ---- what happened ----

ALLOWED = ("TricktakerError", "TypeError")
"""A refused call may raise these (and their subclasses): anything else is a finding."""

FINDING_KINDS = ("crash", "hang", "memory", "error", "mutated", "postcheck", "slow", "setup")
"""Every kind of finding, most severe first."""


@dataclass
class Outcome:
    """What one call did: ``kind`` is ``ok``, ``refused`` (an allowed exception), ``skipped`` (quarantined),
    or one of :data:`FINDING_KINDS`. ``mro`` lists the exception's classes (``ArgumentError``,
    ``TricktakerError``, ``ValueError``…), ``detail`` the message, the stderr tail or the difference."""

    kind: str
    exc_type: str = ""
    mro: tuple[str, ...] = ()
    message: str = ""
    detail: str = ""
    seconds: float = 0.0
    maxrss: int = 0
    result: str = ""

    @property
    def is_finding(self) -> bool:
        return self.kind in FINDING_KINDS

    def raised(self, name: str) -> bool:
        """Whether the call raised ``name`` or a subclass of it."""
        return self.kind in ("refused", "error", "mutated") and name in self.mro

    def summary(self) -> str:
        text = self.kind
        if self.exc_type:
            text += f" {self.exc_type}: {self.message}"
        elif self.message:
            text += f": {self.message}"
        if self.detail:
            text += f" [{self.detail}]"
        return text


# ---- the children ----


@dataclass
class FuzzConfig:
    """How big a run is: CI size (``minutes == 0``: fixed, derandomized) or ``minutes`` of random draws."""

    minutes: float = 0.0
    memory_limit: int = 4 * GIB
    workers: int = max(1, min(2, os.cpu_count() or 1))

    @property
    def ci(self) -> bool:
        return self.minutes <= 0

    @property
    def call_timeout(self) -> float:
        """A call's deadline: every call the strategies make is small, so anything slower is a hang."""
        return 10.0 if self.ci else 30.0

    @property
    def slow_seconds(self) -> float:
        """A call slower than this is reported as ``slow``."""
        return 4.0 if self.ci else 8.0

    @property
    def max_hangs(self) -> int:
        """Hangs of one entry point after which its further calls are skipped (each costs a deadline)."""
        return 2 if self.ci else 5

    @property
    def max_crashes(self) -> int:
        """Crashes of one entry point after which its further calls are skipped (each costs a restart)."""
        return 20 if self.ci else 100


def _python_path() -> str:
    """``PYTHONPATH`` for the children: where this interpreter finds tricktaker, else the repository's
    ``python/`` (the editable install may point elsewhere), then the parent's own path."""
    paths = []
    with contextlib.suppress(ImportError, ValueError):
        spec = importlib.util.find_spec("tricktaker")
        if spec is not None and spec.origin:
            paths.append(str(Path(spec.origin).resolve().parent.parent))
    paths.append(str(REPO / "python"))
    if os.environ.get("PYTHONPATH"):
        paths.append(os.environ["PYTHONPATH"])
    return os.pathsep.join(dict.fromkeys(paths))


def wait_for_library(timeout: float = 300.0) -> str | None:
    """Wait until a fresh interpreter imports tricktaker (the native module may be being rebuilt in place);
    ``None`` when it does, else the last error."""
    deadline = time.monotonic() + timeout
    error = ""
    while True:
        proc = subprocess.run(
            [sys.executable, "-c", "import tricktaker, tricktaker.cli, tricktaker.bots"],
            capture_output=True,
            env=child_env(),
            cwd=str(REPO),
            timeout=120,
            check=False,
        )
        if proc.returncode == 0:
            return None
        lines = proc.stderr.decode("utf-8", "replace").strip().splitlines()
        error = lines[-1] if lines else f"exit status {proc.returncode}"
        if time.monotonic() > deadline:
            return error
        time.sleep(5)


def child_env(**extra: str) -> dict[str, str]:
    """The environment of every child: the parent's, tricktaker importable, no Rust backtraces (the panic
    line is what counts), Python's faulthandler on (a segfault prints the Python stack)."""
    env = dict(os.environ)
    env.update(
        PYTHONPATH=_python_path(),
        RUST_BACKTRACE="0",
        PYTHONFAULTHANDLER="1",
        PYTHONHASHSEED="0",
        PYTHONDONTWRITEBYTECODE="1",
    )
    env.update(extra)
    return env


class Worker:
    """One child process running ``worker.py``: calls go in one at a time, outcomes come back."""

    def __init__(self, config: FuzzConfig) -> None:
        self.config = config
        self.proc: subprocess.Popen[bytes] | None = None
        self.conn_in: Connection | None = None  # outcomes from the child
        self.conn_out: Connection | None = None  # calls to the child
        self.stderr_fd = -1
        self.stderr_mark = 0
        self.call: Call | None = None
        self.deadline = 0.0
        self.started = 0.0

    def start(self) -> None:
        to_child_r, to_child_w = os.pipe()
        from_child_r, from_child_w = os.pipe()
        # An unlinked file: nothing to clean up, and nothing another process can remove under us.
        fd, path = tempfile.mkstemp(prefix="tricktaker-fuzz-", suffix=".stderr")
        os.unlink(path)
        self.stderr_fd = os.dup(fd)
        self.stderr_mark = 0
        try:
            self.proc = subprocess.Popen(
                [
                    sys.executable,
                    str(WORKER),
                    str(to_child_r),
                    str(from_child_w),
                    str(self.config.memory_limit),
                ],
                pass_fds=(to_child_r, from_child_w),
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=fd,
                env=child_env(),
                cwd=str(REPO),
            )
        finally:
            os.close(fd)
            os.close(to_child_r)
            os.close(from_child_w)
        self.conn_out = Connection(to_child_w, readable=False)
        self.conn_in = Connection(from_child_r, writable=False)
        # The child imports tricktaker, retrying while the native module is being rebuilt.
        if not self.conn_in.poll(180):
            tail = self.stderr_tail()
            self.kill()
            raise RuntimeError(f"the fuzz worker did not start: {tail}")
        try:
            hello = self.conn_in.recv()
        except EOFError:
            tail = self.stderr_tail()
            self.kill()
            raise RuntimeError(f"the fuzz worker died while starting: {tail}") from None
        if hello != "ready":
            self.kill()
            raise RuntimeError(f"the fuzz worker could not start: {hello}")
        self.started = time.monotonic()

    @property
    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def send(self, call: Call, timeout: float) -> None:
        if not self.alive:
            self.start()
        assert self.conn_out is not None
        self.call = call
        self.deadline = time.monotonic() + timeout
        self.stderr_mark = self._stderr_size()
        try:
            self.conn_out.send(call)
        except (BrokenPipeError, OSError):
            pass  # the child died: the receive below reports it

    def receive(self) -> Outcome:
        """The outcome of the call in flight (the child has answered or died)."""
        assert self.conn_in is not None
        try:
            outcome: Outcome = self.conn_in.recv()
        except (EOFError, OSError):
            outcome = self._died()
        self.call = None
        return outcome

    def _died(self) -> Outcome:
        assert self.proc is not None
        try:
            code = self.proc.wait(5)
        except subprocess.TimeoutExpired:
            self.kill()
            code = self.proc.returncode
        tail = self.stderr_tail()
        self._cleanup()
        if code is not None and code < 0:
            import signal

            try:
                what = signal.Signals(-code).name
            except ValueError:
                what = f"signal {-code}"
        else:
            what = f"exit status {code}"
        return Outcome("crash", message=f"the child died: {what}", detail=crash_reason(tail))

    def timed_out(self) -> Outcome:
        """Kill the child that missed its deadline; the outcome of its call is a hang."""
        tail = self.stderr_tail()
        self.kill()
        return Outcome(
            "hang", message="no answer before the deadline", detail=crash_reason(tail, fallback=False)
        )

    def _stderr_size(self) -> int:
        try:
            return os.fstat(self.stderr_fd).st_size if self.stderr_fd >= 0 else 0
        except OSError:
            return 0

    def stderr_tail(self, size: int = 4000) -> str:
        """The end of what the child wrote on stderr since the call in flight was sent (read without moving
        the offset the child writes at)."""
        if self.stderr_fd < 0:
            return ""
        try:
            end = os.fstat(self.stderr_fd).st_size
            start = max(self.stderr_mark, end - size)
            return os.pread(self.stderr_fd, end - start, start).decode("utf-8", "replace")
        except OSError:
            return ""

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.proc.wait(10)
        self._cleanup()

    def _cleanup(self) -> None:
        for conn in (self.conn_in, self.conn_out):
            if conn is not None:
                with contextlib.suppress(OSError):
                    conn.close()
        self.conn_in = self.conn_out = None
        if self.stderr_fd >= 0:
            with contextlib.suppress(OSError):
                os.close(self.stderr_fd)
            self.stderr_fd = -1
        self.call = None

    def stop(self) -> None:
        if self.alive and self.conn_out is not None:
            with contextlib.suppress(OSError):
                self.conn_out.send("exit")
            assert self.proc is not None
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.proc.wait(5)
        self.kill()


_REASONS = (
    re.compile(r"panicked at [^\n]*\n[^\n]*"),
    re.compile(r"memory allocation of \d+ bytes failed"),
    re.compile(r"Fatal Python error: [^\n]*"),
    re.compile(r"(?:Segmentation fault|Aborted|Bus error|Illegal instruction)[^\n]*"),
    re.compile(r"\w*(?:Error|Exception): [^\n]*"),
)


def crash_reason(stderr: str, fallback: bool = True) -> str:
    """The line of a dead child's stderr that says why: a Rust panic, a failed allocation, a fatal error
    (else, with ``fallback``, its last line)."""
    for pattern in _REASONS:
        found = pattern.findall(stderr)
        if found:
            return " ".join(found[-1].split())[:300]
    if not fallback:
        return ""
    lines = [line for line in stderr.strip().splitlines() if line.strip()]
    return lines[-1][:300] if lines else ""


class WorkerPool:
    """Children that run batches of calls in parallel, one call per child at a time, with deadlines."""

    def __init__(self, config: FuzzConfig, size: int | None = None) -> None:
        self.config = config
        self.workers = [Worker(config) for _ in range(size or config.workers)]
        self.quarantine: dict[tuple[str, str], Outcome] = {}
        self.failures: dict[tuple[str, str], int] = {}  # (name, "hang" or "crash") -> how many
        self.restarts = 0

    def run(self, calls: Sequence[Call], *, quarantine: bool = True) -> list[Outcome]:
        """Run every call; the outcomes in the same order."""
        outcomes: list[Outcome | None] = [None] * len(calls)
        pending = list(range(len(calls)))
        pending.reverse()
        busy: dict[int, int] = {}  # worker index -> call index
        while pending or busy:
            for w, worker in enumerate(self.workers):
                if w in busy or not pending:
                    continue
                i = pending.pop()
                call = calls[i]
                if quarantine and call.tag and call.key in self.quarantine:
                    outcomes[i] = Outcome("skipped", message="same target and abusive arguments as a crash")
                    continue
                name = call.name or call.target
                if quarantine and (
                    self.failures.get((name, "hang"), 0) >= self.config.max_hangs
                    or self.failures.get((name, "crash"), 0) >= self.config.max_crashes
                ):
                    outcomes[i] = Outcome("skipped", message="this entry point crashed or hung too often")
                    continue
                worker.send(call, call.timeout or self.config.call_timeout)
                busy[w] = i
            if not busy:
                continue
            now = time.monotonic()
            timeout = max(0.0, min(self.workers[w].deadline for w in busy) - now)
            conns: dict[Any, int] = {}
            for w in busy:
                conn = self.workers[w].conn_in
                if conn is not None:
                    conns[conn] = w
            ready = wait(list(conns), timeout=timeout) if conns else []
            for ready_conn in ready:
                w = conns[ready_conn]
                outcome = self.workers[w].receive()
                if outcome.kind == "memory":
                    # The child's peak memory stays high: start afresh to measure the next calls.
                    self.workers[w].stop()
                i = busy.pop(w)
                outcomes[i] = self._record(calls[i], outcome, quarantine)
            now = time.monotonic()
            for w in list(busy):
                if self.workers[w].deadline <= now:
                    outcome = self.workers[w].timed_out()
                    i = busy.pop(w)
                    outcomes[i] = self._record(calls[i], outcome, quarantine)
        return [o if o is not None else Outcome("setup", message="not run") for o in outcomes]

    def run_one(self, call: Call) -> Outcome:
        return self.run([call], quarantine=False)[0]

    def _record(self, call: Call, outcome: Outcome, quarantine: bool) -> Outcome:
        if outcome.kind in ("crash", "hang"):
            self.restarts += 1
            name = (call.name or call.target, outcome.kind)
            self.failures[name] = self.failures.get(name, 0) + 1
            if quarantine and call.tag:
                self.quarantine[call.key] = outcome
        slow = outcome.seconds > self.config.slow_seconds and call.timeout is None  # scenarios set their own
        # A call that worked did the work asked of it (a legal batch of millions takes its time; a hang still
        # meets the deadline); a refusal must come before any work, so a slow one is reported.
        if outcome.kind not in ("crash", "hang", "ok") and slow:
            if not outcome.is_finding:
                outcome = Outcome(
                    "slow",
                    exc_type=outcome.exc_type,
                    mro=outcome.mro,
                    message=f"{outcome.kind} after {outcome.seconds:.1f} s",
                    detail=f"{outcome.exc_type}: {outcome.message}" if outcome.exc_type else "",
                    seconds=outcome.seconds,
                )
        return outcome

    def close(self) -> None:
        for worker in self.workers:
            worker.stop()


# ---- findings ----


def _normal(text: str) -> str:
    """A message with its numbers and quoted values blanked, for grouping findings."""
    text = re.sub(r"\d+", "N", text)
    text = re.sub(r"'[^']*'|\"[^\"]*\"", "'…'", text)
    return text[:160]


@dataclass
class Finding:
    group: str
    target: str
    kind: str
    what: str
    example: str
    count: int = 1
    examples: list[str] = field(default_factory=list)


class FindingLog:
    """Findings, deduplicated: one per (group, target, kind, exception type, normalised message)."""

    def __init__(self) -> None:
        self.findings: dict[tuple[str, ...], Finding] = {}
        self.calls = 0
        self.counts: dict[str, int] = {}

    def add(self, call: Call, outcome: Outcome) -> None:
        self.calls += 1
        self.counts[outcome.kind] = self.counts.get(outcome.kind, 0) + 1
        if not outcome.is_finding:
            return
        target = call.name or call.target
        what = outcome.summary()
        if outcome.detail.startswith("raised at "):
            # A Python raise site is one finding, whatever values its message shows.
            key: tuple[str, ...] = (call.group, target, outcome.kind, outcome.exc_type, outcome.detail)
        else:
            detail_key = _normal(outcome.detail) if outcome.kind in ("crash", "hang", "mutated") else ""
            key = (call.group, target, outcome.kind, outcome.exc_type, _normal(outcome.message), detail_key)
        example = call.describe()
        if key in self.findings:
            finding = self.findings[key]
            finding.count += 1
            if len(finding.examples) < 3 and example not in finding.examples:
                finding.examples.append(example)
        else:
            self.findings[key] = Finding(call.group, target, outcome.kind, what, example, examples=[example])

    def add_all(self, calls: Iterable[Call], outcomes: Iterable[Outcome]) -> None:
        for call, outcome in zip(calls, outcomes, strict=True):
            self.add(call, outcome)

    def add_finding(self, group: str, target: str, kind: str, what: str, example: str) -> None:
        """A finding that is not an :class:`Outcome` of the pool (the command line's)."""
        key = (group, target, kind, _normal(what), "")
        if key in self.findings:
            finding = self.findings[key]
            finding.count += 1
            if len(finding.examples) < 3 and example not in finding.examples:
                finding.examples.append(example)
        else:
            self.findings[key] = Finding(group, target, kind, what, example, examples=[example])

    def sorted(self) -> list[Finding]:
        order = {kind: i for i, kind in enumerate(FINDING_KINDS)}
        return sorted(self.findings.values(), key=lambda f: (order.get(f.kind, 99), f.group, f.target))

    def brief(self, title: str) -> str:
        """One line per finding."""
        lines = [f"{title}: {len(self.findings)} distinct finding(s) in {self.calls} calls"]
        lines += [f"  [{f.kind}] {f.target} ×{f.count}: {f.what[:200]}" for f in self.sorted()]
        return "\n".join(lines)

    def report(self, title: str) -> str:
        counts = ", ".join(f"{k} {v}" for k, v in sorted(self.counts.items()))
        lines = [f"{title}: {len(self.findings)} distinct finding(s) in {self.calls} calls ({counts})"]
        for f in self.sorted():
            lines.append(f"- [{f.kind}] {f.target} ×{f.count}: {f.what[:400]}")
            for example in f.examples:
                lines.append(f"    e.g. {example[:300]}")
        return "\n".join(lines)

    def as_json(self) -> list[dict[str, Any]]:
        return [
            {
                "group": f.group,
                "target": f.target,
                "kind": f.kind,
                "what": f.what,
                "count": f.count,
                "examples": f.examples,
            }
            for f in self.sorted()
        ]


# ---- the command line, as a real process ----


@dataclass
class CliResult:
    argv: list[str | bytes]
    stdin: bytes
    returncode: int | None
    stdout: bytes
    stderr: bytes
    seconds: float
    timed_out: bool
    interrupted: bool = False
    """Still running at the deadline and stopped by a SIGINT (Ctrl-C) instead: a long run, not a hang, if it
    then exits cleanly with status 130."""

    def describe(self) -> str:
        args = " ".join(_short(a, 60) if isinstance(a, bytes) else _cli_word(a) for a in self.argv)
        text = f"python -m tricktaker {args}"
        if self.stdin:
            text += f" <<< {_short(self.stdin, 70)}"
        return text


def _cli_word(word: str) -> str:
    if len(word) > 60:
        return f"{word[:30]}…<{len(word)} chars>"
    return word if word and re.fullmatch(r"[\w.,=+:/-]+", word) else repr(word)


def _limit_memory(limit: int) -> Any:
    """What a CLI child runs before ``exec``: the memory limit, and SIGINT back to its default disposition (a
    test run started in the background of a shell ignores SIGINT, and a child would inherit that and never
    see the Ctrl-C the deadline sends)."""

    def apply() -> None:
        import resource
        import signal

        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
        signal.signal(signal.SIGINT, signal.SIG_DFL)

    return apply


def run_cli(
    argv: Sequence[str | bytes], stdin: bytes = b"", *, timeout: float, memory_limit: int = 4 * GIB
) -> CliResult:
    """``python -m tricktaker *argv`` with ``stdin``, under ``RLIMIT_AS``. A run still going after ``timeout``
    (a legal but long one, ``simulate --games 1e12``) gets a SIGINT, as a person would press Ctrl-C, and is
    killed if it has not exited 10 s later."""
    # An argument cannot hold a NUL byte (exec refuses it; no person can type one into argv): dropped.
    # A str word is passed as its UTF-8 bytes, lone surrogates included (as bytes that are not UTF-8).
    words = [
        (w.encode("utf-8", "surrogatepass") if isinstance(w, str) else w).replace(b"\x00", b"") for w in argv
    ]
    command: list[str | bytes] = [sys.executable, "-m", "tricktaker", *words]
    start = time.monotonic()
    with subprocess.Popen(
        command,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=child_env(),
        cwd=str(REPO),
        preexec_fn=_limit_memory(memory_limit),
    ) as proc:
        timed_out = interrupted = False
        try:
            out, err = proc.communicate(stdin, timeout=timeout)
        except subprocess.TimeoutExpired:
            proc.send_signal(signal.SIGINT)
            interrupted = True
            try:
                out, err = proc.communicate(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                out, err = proc.communicate()
                timed_out = True
    seconds = time.monotonic() - start
    return CliResult(
        list(argv), stdin, proc.returncode, out[-20000:], err[-20000:], seconds, timed_out, interrupted
    )


def judge_cli(result: CliResult) -> tuple[str, str] | None:
    """``(kind, what)`` if the run breaks the command line's contract, else ``None``."""
    err = result.stderr.decode("utf-8", "replace")
    if result.timed_out:
        return ("hang", f"no exit within {result.seconds:.0f} s, not even after a SIGINT")
    if "panicked at" in err:
        return ("crash", f"Rust panic: {crash_reason(err)}")
    if result.returncode is not None and result.returncode < 0:
        return ("crash", f"killed by signal {-result.returncode}: {crash_reason(err)}")
    if "Traceback (most recent call last)" in err:
        last = [line for line in err.strip().splitlines() if line.strip()]
        return ("error", f"traceback: {last[-1][:300] if last else '?'}")
    if result.interrupted:
        if result.returncode != 130:
            return ("error", f"a SIGINT made it exit with status {result.returncode}, not 130")
    elif result.returncode not in (0, 1, 2):
        return ("error", f"exit status {result.returncode}: {crash_reason(err)}")
    if result.returncode != 0 and not err.strip():
        return ("error", f"exit status {result.returncode} with nothing on stderr")
    return None
