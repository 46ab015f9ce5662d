"""Fuzz what is more than one call: a state used from this thread while another thread runs a GIL-released
call on it (``resample``, ``resamples``, ``playouts``…), and memory that must stay bounded when the same
call (refused or not) is made thousands of times."""

from __future__ import annotations

import strategies as s
from fuzzer import Fuzzer
from harness import Call, Ref
from hypothesis import strategies as st

GAMES = ("sheepshead", "tractor")
BACKGROUND = ["resamples", "resample", "playouts", "playout_summaries", "observations"]
FOREGROUND = [
    "apply",
    "undo",
    "apply_undo",
    "clone",
    "to_json",
    "legal",
    "observe",
    "pickle",
    "eq",
    "str",
    "hand",
]


def thread_calls(seconds: float) -> st.SearchStrategy[Call]:
    return st.builds(
        lambda game, seed, steps, background, ops: Call(
            "scenario:threads",
            (game, seed, steps, background, seconds, ops),
            group="threads",
            name=f"{game}: {background} in a thread while this one uses the state",
            timeout=60,
        ),
        st.sampled_from(GAMES),
        st.integers(0, 40),
        st.sampled_from([0, 1, 3, 8, 20, 40, 90, 130]),
        st.sampled_from(BACKGROUND),
        st.lists(st.sampled_from(FOREGROUND), min_size=1, max_size=8),
    )


def test_threads(fuzz: Fuzzer) -> None:
    """A GIL-released call on a state in one thread, the state's methods in another: only allowed errors,
    never ``RuntimeError: Already borrowed``, no deadlock."""
    fuzz.explore("threads", thread_calls(0.4 if fuzz.config.ci else 2.0), examples=16)
    fuzz.check()


def leak_cases() -> list[tuple[Call, int]]:
    """Calls to repeat, with how many times (in CI; ten times as many in a long run)."""
    sh, tr = "tricktaker.sheepshead", "tricktaker.tractor"
    void_25 = [f"{r}D" for r in "2 3 4 5 6 7 8 9 10 J Q K A".split()] * 2
    lead_12 = "3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS".split()
    heavy = {
        "tractor.legal_follows(limit=10)",
        "envs.tractor_v0.step(-1)",
        "tractor.State.resamples(0, 4, 1)",
    }
    calls = [
        Call(f"{sh}:State.from_json", ("[" * 1000,), name="sheepshead.State.from_json('[' * 1000)"),
        Call(
            f"{tr}:State.from_json",
            (Ref("save", ("tractor", 2, 30, [("deal", "replace", [1, 2])])),),
            name="tractor.State.from_json(bad deal)",
        ),
        Call(
            ".apply_action",
            (-1,),
            receiver=Ref("state", ("tractor", 1, 30)),
            name="tractor.State.apply_action(-1)",
        ),
        Call(
            ".apply_action",
            (2**70,),
            receiver=Ref("state", ("sheepshead", 1, 3)),
            name="sheepshead.State.apply_action(2**70)",
        ),
        Call("tricktaker:Card", ("XX",), name="Card('XX')"),
        Call(
            f"{tr}:legal_follows",
            (void_25[:25], lead_12, Ref("trump", ("2", "H"))),
            {"limit": 10},
            name="tractor.legal_follows(limit=10)",
        ),
        Call(
            "tricktaker._core.sheepshead:random_playouts",
            (2**40, 1),
            name="sheepshead.random_playouts(2**40, 1)",
        ),
        Call(f"{tr}:State.new", (2**70,), name="tractor.State.new(2**70)"),
        Call(
            ".play", (["XX"],), receiver=Ref("state", ("tractor", 1, 30)), name="tractor.State.play(['XX'])"
        ),
        Call(
            "tricktaker._core.sheepshead:random_playouts", (10, 1), name="sheepshead.random_playouts(10, 1)"
        ),
        Call(
            ".resamples",
            (0, 4, 1),
            receiver=Ref("state", ("tractor", 1, 30)),
            name="tractor.State.resamples(0, 4, 1)",
        ),
        Call(
            ".resample",
            (0, 1),
            receiver=Ref("state", ("sheepshead", 1, 20)),
            name="sheepshead.State.resample(0, 1)",
        ),
    ]
    if s.HAVE_ENVS:
        calls.append(
            Call(".step", (-1,), receiver=Ref("env", ("tractor", {}, 1, 5)), name="envs.tractor_v0.step(-1)")
        )
    return [(call, 300 if call.name in heavy else 3000) for call in calls]


def test_memory_stays_bounded(fuzz: Fuzzer) -> None:
    """The same call thousands of times (refused ones and ones that work): the child's resident memory may
    not keep growing."""
    scale = 1 if fuzz.config.ci else 10
    calls = [
        Call(
            "scenario:leak",
            (call, n * scale, 64.0),
            group="memory",
            name=f"repeated {call.name}",
            timeout=600,
        )
        for call, n in leak_cases()
    ]
    fuzz.run(calls)
    fuzz.check()
