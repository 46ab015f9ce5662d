"""Regression tests for the known findings of the fuzz suite, each call run in a child process with a
deadline (``harness.py``): a crash, an abort, a hang or runaway memory fails the test with what happened.

Each case names the outcome the contract asks for: ``ok`` (the call works), or the exception classes one of
which it must raise (``ArgumentError`` for an argument out of range, ``TypeError`` for a wrong type,
``IllegalActionError``, ``InvalidStateError``, or any ``TricktakerError``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

import numpy as np
import pytest
from harness import Call, FuzzConfig, Outcome, Ref, WorkerPool
from strategies import HAVE_ENVS, NO_ENVS, Endless

GAMES = ("sheepshead", "tractor")
MODULE = {"sheepshead": "tricktaker.sheepshead", "tractor": "tricktaker.tractor"}
CORE = {"sheepshead": "tricktaker._core.sheepshead", "tractor": "tricktaker._core.tractor"}


@dataclass(frozen=True)
class Case:
    id: str
    call: Call
    expect: tuple[str, ...]
    """``"ok"`` and/or exception class names (the call's exception must be one of them or a subclass)."""


def case(
    id: str,
    target: str,
    *args: object,
    expect: tuple[str, ...],
    receiver: object = None,
    timeout: float = 10.0,
    **kwargs: object,
) -> Case:
    return Case(
        id,
        Call(target, args, dict(kwargs), receiver=receiver, group="regressions", name=id, timeout=timeout),
        expect,
    )


def state(game: str, steps: int = 10) -> Ref:
    """A state some random moves into a deal (Tractor's is in the draw, Sheepshead's in the auction)."""
    return Ref("state", (game, 1, steps))


ARG = ("ArgumentError",)
BIG = 2**40

CASES: list[Case] = []

# Batches too large for any memory: refused up front (they aborted on a failed allocation, or tried).
for n in (2**40, 2**63):
    CASES.append(
        case(
            f"sheepshead.random_playouts({n:#x}, 1)",
            f"{CORE['sheepshead']}:random_playouts",
            n,
            1,
            expect=ARG,
        )
    )
for game in GAMES:
    m, c = MODULE[game], CORE[game]
    CASES += [
        case(f"{game}.random_playouts(2**40, 1)", f"{c}:random_playouts", BIG, 1, expect=ARG),
        case(f"{game}.random_summaries(2**40, 1)", f"{c}:random_summaries", BIG, 1, expect=ARG),
        case(f"{game}.simulate(2**40, 1)", f"{m}:simulate", BIG, 1, expect=ARG),
        case(f"{game}.playouts(state, 2**40, 1)", f"{m}:playouts", state(game), BIG, 1, expect=ARG),
        case(
            f"{game}.playout_summaries(state, 2**40, 1)",
            f"{m}:playout_summaries",
            state(game),
            BIG,
            1,
            expect=ARG,
        ),
        case(
            f"{game}._core.playout_summaries(state, 2**40, 1)",
            f"{c}:playout_summaries",
            state(game),
            BIG,
            1,
            expect=ARG,
        ),
        case(f"{game}.VectorState(2**40, 1)", f"{c}:VectorState", BIG, 1, expect=ARG),
        case(
            f"{game}.State.resamples(0, 2**40, 1)", ".resamples", 0, BIG, 1, receiver=state(game), expect=ARG
        ),
    ]

# Thread counts no machine has: refused (2**31 panicked in a thread and hung; 10_000 panicked building the
# pool). 10_000 may also work, by using fewer threads.
for game in GAMES:
    m, c = MODULE[game], CORE[game]
    batch = [
        ("random_playouts", f"{c}:random_playouts", (4, 1)),
        ("random_summaries", f"{c}:random_summaries", (4, 1)),
        ("simulate", f"{m}:simulate", (4, 1)),
        ("playouts", f"{m}:playouts", (state(game), 4, 1)),
        ("playout_summaries", f"{m}:playout_summaries", (state(game), 4, 1)),
    ]
    for name, target, args in batch:
        CASES.append(case(f"{game}.{name}(threads=2**31)", target, *args, threads=2**31, expect=ARG))
        CASES.append(
            case(
                f"{game}.{name}(threads=10_000)",
                target,
                *args,
                threads=10_000,
                expect=("ok", *ARG),
                timeout=30,
            )
        )

# A Tractor save of a resampled round listing 65,535 restacked deals (and one more, and as many as fit in a
# megabyte): loads or is refused, within seconds.
RESTACKS = (
    (65_535, "same"),
    (65_536, "same"),
    (65_535, "repeat"),
    (65_535, "no history"),
    (2_000, "same"),
    (2_000, "repeat"),
)
for n, variant in RESTACKS:
    CASES.append(
        case(
            f"tractor.State.from_json({n} restacks, {variant})",
            f"{MODULE['tractor']}:State.from_json",
            Ref("restacks", (n, variant)),
            expect=("ok", "InvalidStateError"),
            timeout=20,
        )
    )

# Follows that cannot be listed: refused quickly with a typed error.
SUITED = [f"{r}{s}" for r in "2 3 4 5 6 7 8 9 10 J Q K A".split() for s in "CDHS"]
DECK = [*SUITED, "BJ", "RJ"]
VOID_84 = [c for c in DECK * 2 if not (c.endswith("S") and not c.startswith("2"))]  # no plain spade
LEAD_12 = "3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS".split()
TRUMPS_36 = [c for c in DECK * 2 if c.endswith("H") or c.startswith("2") or c in ("BJ", "RJ")]
CLUB_SINGLES_12 = "3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC".split()
HEART_SINGLES_12 = "3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH".split()
VOID_25 = [c for c in DECK * 2 if c.endswith("D")][:25]
TRUMP = Ref("trump", ("2", "H"))
TYPED = ("TricktakerError",)
assert len(VOID_84) == 84 and len(TRUMPS_36) == 36
for label, hand, lead in (
    ("84-card void hand vs 12-card lead", VOID_84, LEAD_12),
    ("36 trumps vs 12 plain singles", TRUMPS_36, CLUB_SINGLES_12),
    ("36 trumps vs 12 trump singles", TRUMPS_36, HEART_SINGLES_12),
):
    t = MODULE["tractor"]
    CASES += [
        case(
            f"tractor.legal_follows({label})",
            f"{t}:legal_follows",
            hand,
            lead,
            TRUMP,
            expect=TYPED,
            timeout=10,
        ),
        case(
            f"tractor.follow_extensions({label})",
            f"{t}:follow_extensions",
            hand,
            lead,
            [],
            TRUMP,
            expect=("ok", *TYPED),
            timeout=10,
        ),
        case(
            f"tractor.follow_error({label})",
            f"{t}:follow_error",
            hand,
            lead,
            hand[:12],
            TRUMP,
            expect=("ok", *TYPED),
            timeout=10,
        ),
    ]
CASES.append(
    case(
        "tractor.legal_follows(25-card void hand vs 12-card lead, limit=1000)",
        f"{MODULE['tractor']}:legal_follows",
        VOID_25,
        LEAD_12,
        TRUMP,
        limit=1000,
        expect=("LimitExceededError",),
        timeout=10,
    )
)

# Out-of-range ints: ArgumentError (they raised OverflowError or a plain ValueError).
sh, tr = MODULE["sheepshead"], MODULE["tractor"]
CASES += [
    case("sheepshead.State.new(1, dealer=-1)", f"{sh}:State.new", 1, dealer=-1, expect=ARG),
    case("sheepshead.State.new(1, dealer=5)", f"{sh}:State.new", 1, dealer=5, expect=ARG),
    case("sheepshead.State.new(1, dealer=2**70)", f"{sh}:State.new", 1, dealer=2**70, expect=ARG),
    case(
        "tractor.State.new(1, declarers=-1, starter=0)",
        f"{tr}:State.new",
        1,
        declarers=-1,
        starter=0,
        expect=ARG,
    ),
    case(
        "tractor.State.new(1, declarers=0, starter=-1)",
        f"{tr}:State.new",
        1,
        declarers=0,
        starter=-1,
        expect=ARG,
    ),
    case(
        "tractor.State.new(1, declarers=0, starter=2**70)",
        f"{tr}:State.new",
        1,
        declarers=0,
        starter=2**70,
        expect=ARG,
    ),
    case("Card.from_id(2**64)", "tricktaker:Card.from_id", 2**64, expect=ARG),
    case("Card.from_id(-1)", "tricktaker:Card.from_id", -1, expect=ARG),
]
for game in GAMES:
    c = CORE[game]
    CASES += [
        case(f"{game}.State.resamples(0, -1, 1)", ".resamples", 0, -1, 1, receiver=state(game), expect=ARG),
        case(f"{game}.VectorState(-1, 1)", f"{c}:VectorState", -1, 1, expect=ARG),
        case(f"{game}.State.hand(2**70)", ".hand", 2**70, receiver=state(game), expect=ARG),
        case(f"{game}.State.hand(-1)", ".hand", -1, receiver=state(game), expect=ARG),
    ]

# Actions: a bool is not an action id; ids out of range are illegal actions.
for game in GAMES:
    for steps in (0, 30):
        CASES += [
            case(
                f"{game}.State.apply_action(True) after {steps} moves",
                ".apply_action",
                True,
                receiver=state(game, steps),
                expect=("TypeError",),
            ),
            case(
                f"{game}.State.apply_action(-1) after {steps} moves",
                ".apply_action",
                -1,
                receiver=state(game, steps),
                expect=("IllegalActionError",),
            ),
            case(
                f"{game}.State.apply_action(2**70) after {steps} moves",
                ".apply_action",
                2**70,
                receiver=state(game, steps),
                expect=("IllegalActionError",),
            ),
        ]

# Saves of the wrong shape: InvalidStateError.
for value in ([], [1, 2]):
    CASES.append(
        case(
            f"tractor.State.from_json(a save whose deal is {value})",
            f"{tr}:State.from_json",
            Ref("save", ("tractor", 1, 10, [("deal", "replace", value)])),
            expect=("InvalidStateError",),
        )
    )
for game in GAMES:
    CASES.append(
        case(
            f"{game}.State.from_json('[' * 1000)",
            f"{MODULE[game]}:State.from_json",
            "[" * 1000,
            expect=("InvalidStateError",),
        )
    )
    CASES.append(
        case(
            f"{game}.State.from_json('[' * 100_000)",
            f"{MODULE[game]}:State.from_json",
            "[" * 100_000,
            expect=("InvalidStateError",),
        )
    )

# Environments take numpy seeds.
for game in GAMES:
    for seed in (np.uint64(5), np.int64(5)):
        CASES.append(
            case(
                f"envs.{game}_v0 reset(seed={seed!r})",
                ".reset",
                seed=seed,
                receiver=Ref("env", (game, {}, None, 0)),
                expect=("ok",),
            )
        )

# Found by the long fuzz: texts with a lone surrogate (UnicodeEncodeError), values whose repr fails in an
# error message (a 5000-digit int, a list nested deep), arrays where a str is meant (ValueError from `==`),
# wrong-length levels and generator states, unknown agents and calls before reset().
SURROGATE = "\ud800"
for game in GAMES:
    CASES += [
        case(f"{game}: Card({SURROGATE!r})", "tricktaker:Card", SURROGATE, expect=("CardParseError",)),
        case(
            f"{game}: string_to_action('play' + surrogate)",
            ".string_to_action",
            "play " + SURROGATE,
            receiver=state(game),
            expect=("IllegalActionError",),
        ),
        case(
            f"{game}: playouts(policy=surrogate)",
            f"{MODULE[game]}:playouts",
            state(game),
            2,
            1,
            policy=SURROGATE,
            expect=ARG,
        ),
        case(
            f"{game}: Rules(hands_per_game / game_end = a 5000-digit int)",
            f"{MODULE[game]}:Rules",
            **({"hands_per_game": 10**5000} if game == "sheepshead" else {"game_end": 10**5000}),
            expect=("RulesError",),
        ),
        case(
            f"{game}: Match(seed=a 5000-digit int)",
            f"{MODULE[game]}:Match",
            10**5000,
            expect=ARG,
        ),
        case(
            f"envs.{game}_v0.env(render_mode=array)",
            f"tricktaker.envs.{game}_v0:env",
            render_mode=np.array([1, 2]),
            expect=ARG,
        ),
        case(
            f"envs.{game}_v0 step() before reset()",
            ".step",
            0,
            receiver=Ref("env", (game, {}, None, 0)),
            expect=("InvalidStateError",),
        ),
        case(
            f"envs.{game}_v0 observe('player_9')",
            ".observe",
            "player_9",
            receiver=Ref("env", (game, {}, 1, 0)),
            expect=ARG,
        ),
    ]
CASES += [
    case("tractor: State.new(levels=(2,))", "tricktaker.tractor:State.new", 1, levels=(2,), expect=ARG),
    case(
        "sheepshead: rng_state = [1, 2, 3]", "=rng_state", [1, 2, 3], receiver=state("sheepshead"), expect=ARG
    ),
    case(
        "bots.SheepsheadPIMCBot(bidding=array)",
        "tricktaker.bots:SheepsheadPIMCBot",
        bidding=np.array([]),
        expect=("ArgumentTypeError",),
    ),
    case("bots.RandomBot().act(5)", ".act", 5, receiver=Ref("bot", ("RandomBot", {})), expect=("TypeError",)),
]

# A state used from this thread while another runs a GIL-released call on it never errors.
for game in GAMES:
    for background in ("resamples", "resample", "playouts", "playout_summaries"):
        ops = ["apply", "legal", "undo", "clone", "to_json", "observe", "apply_undo", "pickle", "eq", "hand"]
        CASES.append(
            case(
                f"{game}: {background} in a thread while this one uses the state",
                "scenario:threads",
                game,
                3,
                30,
                background,
                2.0,
                ops,
                expect=("ok",),
                timeout=60,
            )
        )


@pytest.fixture(scope="module")
def regression_pool() -> Iterator[WorkerPool]:
    pool = WorkerPool(FuzzConfig(), size=1)
    yield pool
    pool.close()


def verdict(outcome: Outcome, expect: tuple[str, ...]) -> str | None:
    """Why ``outcome`` is not what ``expect`` allows, or ``None`` if it is."""
    if outcome.kind == "ok" and "ok" in expect:
        return None
    if outcome.kind in ("refused", "error") and any(outcome.raised(name) for name in expect if name != "ok"):
        return None
    return f"expected {' or '.join(expect)}, got {outcome.summary()} ({outcome.seconds:.2f} s)"


def needs_envs(case: Case) -> bool:
    """Whether the case calls a PettingZoo environment (skipped without the ``envs`` extra)."""
    return case.id.startswith("envs.") or "tricktaker.envs." in case.call.target


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_regression(regression_pool: WorkerPool, case: Case) -> None:
    if needs_envs(case) and not HAVE_ENVS:
        pytest.skip(NO_ENVS)
    outcome = regression_pool.run_one(case.call)
    problem = verdict(outcome, case.expect)
    if problem is not None:
        pytest.fail(f"{case.call.describe()}: {problem}", pytrace=False)


# ---- findings of the fuzz runs of issue 12, fixed: each call is refused with a typed error, in time ----


@dataclass(frozen=True)
class OpenFinding:
    id: str
    make: Callable[[], Call]
    """The call (made when the test runs: some arguments are megabytes)."""
    expect: tuple[str, ...]
    reason: str
    """What it did before the fix."""


def open_finding(
    id: str,
    target: str,
    *args: object,
    expect: tuple[str, ...],
    reason: str,
    timeout: float = 5.0,
    **kwargs: object,
) -> OpenFinding:
    return OpenFinding(
        id,
        lambda: Call(target, args, dict(kwargs), group="regressions", name=id, timeout=timeout),
        expect,
        reason,
    )


def _small_containers(body: str, size: int = 64 * 2**20) -> str:
    """A JSON list of ``body`` (``{}``), ``size`` bytes long: as long as a record may be."""
    return "[" + ",".join([body] * ((size - 2) // (len(body) + 1))) + "]"


RENDER = "tricktaker.render"
OPEN: list[OpenFinding] = [
    open_finding(
        "render.hand(cards that never end)",
        f"{RENDER}:hand",
        Endless("AS"),
        game="tractor",
        expect=TYPED,
        timeout=2.0,
        reason="render/cards.py as_cards() makes a list of every card before any bound: an endless iterable"
        " never returns (memory grows until the limit)",
    ),
    open_finding(
        "render.hand(legal= cards that never end)",
        f"{RENDER}:hand",
        ["AS"],
        game="tractor",
        legal=Endless("AS"),
        expect=TYPED,
        timeout=2.0,
        reason="render/cards.py hand(): set(as_cards(legal)) reads an endless iterable of legal cards",
    ),
    open_finding(
        "render.Hand(cards that never end)",
        f"{RENDER}:Hand",
        Endless("QC"),
        game="sheepshead",
        expect=TYPED,
        timeout=2.0,
        reason="render/cards.py Hand.__init__ passes a generator over the cards to list.__init__: no bound",
    ),
    open_finding(
        "render.hand(a million cards)",
        f"{RENDER}:hand",
        Ref("big_list", ("AS", 1_000_000)),
        game="sheepshead",
        expect=ARG,
        timeout=3.0,
        reason="render.hand draws any number of cards (no game has more than 108): 100,000 take 2 s and"
        " 120 MB of SVG, a million about 20 s and 1.2 GB",
    ),
    open_finding(
        "render.Hand(5)",
        f"{RENDER}:Hand",
        5,
        expect=("ArgumentTypeError",),
        reason="render/cards.py Hand.__init__ iterates its argument unchecked: a plain TypeError ('int'"
        " object is not iterable), where render.hand(5) raises ArgumentTypeError",
    ),
    open_finding(
        "render.table(seat=a 5000-digit int)",
        f"{RENDER}:table",
        state("tractor"),
        seat=10**5000,
        expect=ARG,
        reason="render/cards.py seat_index() formats the seat into its message with f'{seat}': ValueError"
        " (Python's limit on int-to-text conversion) instead of ArgumentError",
    ),
    open_finding(
        "record.load(True)",
        "tricktaker.record:load",
        True,
        expect=("TypeError",),
        reason="record.py load() passes its path to open(): a bool or an int is taken for a file"
        " descriptor (True: standard output), which is read and then closed",
    ),
    open_finding(
        "record.load(-1)",
        "tricktaker.record:load",
        -1,
        expect=("TypeError",),
        reason="record.py load(-1): open() raises a plain ValueError (negative file descriptor)",
    ),
    open_finding(
        "record.load(a path with a NUL)",
        "tricktaker.record:load",
        "/tmp/record.json\x00",
        expect=("TricktakerError", "OSError"),
        reason="record.py load(): open() raises a plain ValueError (embedded null byte)",
    ),
    open_finding(
        "record.load(a path with a lone surrogate)",
        "tricktaker.record:load",
        "\ud800.json",
        expect=("TricktakerError", "OSError"),
        reason="record.py load(): open() raises UnicodeEncodeError for a path that is not UTF-8 text",
    ),
    open_finding(
        "search.ismcts(seconds=a huge int)",
        "tricktaker.search:ismcts",
        Ref("state", ("tractor", 0, 0)),
        expect=("ArgumentError",),
        reason="search.py ismcts passed seconds and exploration to the native float conversion, whose"
        " OverflowError escaped for an int too large for a float",
        seconds=10**5000,
    ),
    open_finding(
        "search.pimc(a Tractor deal mid-play, evaluator='solver')",
        "tricktaker.search:pimc",
        Ref("endgame", ("tractor", 10, 14)),
        1,
        expect=("ArgumentError",),
        reason="tractor/evaluate.rs: the solver evaluator searched 2 million nodes a line in a round of 10"
        " cards a hand: minutes; it now takes the last tricks only (at most 4 cards a hand)",
        evaluator="solver",
        policy="greedy",
    ),
    OpenFinding(
        "record.from_record(64 MiB of [{}, {}, ...])",
        lambda: Call(
            "tricktaker.record:from_record",
            (_small_containers("{}"),),
            group="regressions",
            name="record.from_record(64 MiB of [{}, {}, ...])",
            timeout=20,
        ),
        ("RecordError",),
        reason="record.py _parse() json.loads a text of up to MAX_RECORD_BYTES (64 MiB) before any check: 22"
        " million empty objects take 1.6 GiB (and 64 MiB of [[], [], ...] 12 s) before the refusal",
    ),
]


@pytest.fixture(scope="module")
def open_outcomes(pool: WorkerPool) -> dict[str, tuple[Call, Outcome]]:
    """Every finding's call, run at once in the suite's pool (most of them wait for their deadline)."""
    calls = [f.make() for f in OPEN]
    return {f.id: (c, o) for f, c, o in zip(OPEN, calls, pool.run(calls, quarantine=False), strict=True)}


@pytest.mark.parametrize(
    "finding",
    [pytest.param(f, id=f.id) for f in OPEN],
)
def test_a_fuzz_finding_is_refused_with_a_typed_error_in_time(
    open_outcomes: dict[str, tuple[Call, Outcome]], finding: OpenFinding
) -> None:
    call, outcome = open_outcomes[finding.id]
    problem = verdict(outcome, finding.expect)
    if problem is not None:
        pytest.fail(f"{call.describe()}: {problem}", pytrace=False)
