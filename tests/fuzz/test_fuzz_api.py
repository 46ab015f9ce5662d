"""Fuzz the library's entry points, one test per group, each call in a child process (``harness.py``).

Each test runs a matrix (every curated abusive value of every parameter of every entry point of its group,
the other arguments sane) and random Hypothesis calls mixing sane and abusive arguments. It fails with the
list of its distinct findings: a call that raised something other than a ``TricktakerError`` or a
``TypeError``, crashed or hung the child, took runaway memory, changed an object it refused, or worked but
left something unusable.
"""

from __future__ import annotations

import random
import time
import zlib

import pytest
import strategies as s
from fuzzer import Fuzzer, draw_examples
from harness import Call, Ref

GAMES = ("sheepshead", "tractor")


@pytest.mark.parametrize("game", GAMES)
def test_batch_functions(fuzz: Fuzzer, game: str) -> None:
    """random_playouts, random_summaries, simulate, playouts, playout_summaries (both the module's and
    _core.s), observations, and the native search (search.pimc, search.ismcts)."""
    fuzz.explore_entries("batch functions", s.batch_entries(game), examples=150)
    fuzz.check()


@pytest.mark.parametrize("game", GAMES)
def test_state_protocol(fuzz: Fuzzer, game: str) -> None:
    """State.new, State.from_cards, State.from_position (Sheepshead) and every State method (apply_action,
    apply, undo, resample(s), hand, observation, play, next_hand, rng_state…), also as sequences of calls on
    one state."""
    fuzz.explore_entries("State", s.state_entries(game), examples=250)
    fuzz.check()


@pytest.mark.parametrize("game", GAMES)
def test_saves(fuzz: Fuzzer, game: str) -> None:
    """State.from_json of mutated real saves, damaged text, wrong shapes and deep nesting; pickle.loads of
    crafted state and rules pickles; Rules.from_dict."""
    fuzz.explore_entries("saves", s.save_entries(game), examples=300)
    fuzz.check()


@pytest.mark.parametrize("game", GAMES)
def test_rules_and_match(fuzz: Fuzzer, game: str) -> None:
    """Rules(...), Rules.replace, Rules.options, Rules ==, Match and its next deal; Tractor's level_outcome,
    next_round and team_of."""
    fuzz.explore_entries("Rules and Match", s.rules_entries(game), examples=100)
    fuzz.check()


@pytest.mark.parametrize("game", GAMES)
def test_vector_state(fuzz: Fuzzer, game: str) -> None:
    """VectorState(n, seed) and its step, state, current_players, legal_action_masks, observations."""
    fuzz.explore_entries("VectorState", s.vector_entries(game), examples=100)
    fuzz.check()


def test_tractor_toolkit(fuzz: Fuzzer) -> None:
    """Trump and its methods, decompose, follow_error, is_legal_follow, legal_follows, follow_extensions,
    check_throw, trick_winner, trick_points."""
    fuzz.explore_entries("tractor toolkit", s.toolkit_entries(), examples=300)
    fuzz.check()


def test_sheepshead_helpers_and_card(fuzz: Fuzzer) -> None:
    """sheepshead.trick_winner, suit_of, card_points, trumps; Card, Card.parse, Card.from_id, Card.all and
    the comparisons."""
    fuzz.explore_entries("sheepshead helpers and Card", s.helper_entries(), examples=100)
    fuzz.check()


@pytest.mark.parametrize("game", GAMES)
def test_envs(fuzz: Fuzzer, game: str) -> None:
    """The PettingZoo environments: env/raw_env options, reset, step, observe, last, the spaces, render."""
    if not s.HAVE_ENVS:
        pytest.skip(s.NO_ENVS)
    fuzz.explore_entries("envs", s.env_entries(game), examples=100)
    fuzz.check()


def test_bots(fuzz: Fuzzer) -> None:
    """RandomBot, the heuristic and PIMC bots (constructors and act), and arena."""
    fuzz.explore_entries("bots", s.bot_entries(), examples=80)
    fuzz.check()


SIGNATURE_ABUSE = ("an extra positional argument", "an unknown keyword")
"""Tags of calls given an argument too many: Python's own ``TypeError`` is the answer."""
RENDER_SLOW = 2.0
"""Seconds a picture (or the refusal of one) may take: the largest, a Tractor table, takes milliseconds."""


def test_render(fuzz: Fuzzer) -> None:
    """tricktaker.render: card, hand, Hand, trick, table and Hand._repr_svg_ with abusive arguments (wrong
    types, bool and huge seats, texts that name no card, iterables that fail or never end, 100,000 cards,
    objects of the wrong kind): a picture, or a typed error of the library (``ArgumentError``,
    ``ArgumentTypeError``, ``CardParseError``), never a plain ``TypeError`` or ``ValueError``, and quickly."""
    entries = s.render_entries()
    strategy = s.entries_strategy(entries)
    rounds = 1 if fuzz.config.ci else 10**9
    deadline = time.monotonic() + (0 if fuzz.config.ci else fuzz.budget("render"))
    seed = zlib.crc32(fuzz.name.encode())
    while rounds:
        calls = fuzz.matrix(entries, seed) + draw_examples(strategy, 120 if fuzz.config.ci else 480, seed)
        for call, outcome in zip(calls, fuzz.run(calls), strict=True):
            untyped = (
                outcome.kind == "refused"
                and not outcome.raised("TricktakerError")
                and not outcome.raised("CallerError")
                and not any(t in call.tag for t in SIGNATURE_ABUSE)
            )
            if untyped:
                fuzz.log.add_finding(
                    "render",
                    call.name,
                    "error",
                    f"refused with a plain {outcome.exc_type}, not a library error: {outcome.message}",
                    call.describe(),
                )
            if outcome.kind in ("ok", "refused") and outcome.seconds > RENDER_SLOW:
                fuzz.log.add_finding(
                    "render",
                    call.name,
                    "slow",
                    f"{outcome.kind} after {outcome.seconds:.1f} s",
                    call.describe(),
                )
        rounds -= 1
        seed = random.getrandbits(32)
        if time.monotonic() >= deadline:
            break
    fuzz.run(s.render_endless_calls())
    fuzz.check()


RANKS = "3 4 5 6 7 8 9 10 J Q K A".split()
VOID_25 = [r + "C" for r in RANKS] + [r + "D" for r in RANKS] + ["BJ"]
"""25 different cards (a legal hand size), none a spade nor a trump of 2H: any 12 follow 12 spade singles."""
SPADES_12 = [r + "S" for r in RANKS]


WORST_CASE_SECONDS = 60.0
"""The documented worst cases of listing (docs/design.md, "Bad input, bounds and threads") take about 5-10 s
and 1.5 GiB on the 2-core CI machine; this is the bound they are held to."""
WORST_CASE_MEMORY = 3 << 30


def test_worst_cases(fuzz: Fuzzer) -> None:
    """Legal positions whose enumerations are the largest (5,200,300 follows, 4,478,975 leads): listing them
    must stay within the documented bounds of time and memory; counting and ``limit=`` must be quick (2 s)."""
    t, trump, lead = "tricktaker.tractor", Ref("trump", ("2", "H")), Ref("long_lead")
    group = "tractor toolkit"
    calls = [
        Call(
            f"{t}:legal_follows",
            (VOID_25, SPADES_12, trump),
            group=group,
            name="tractor.legal_follows (worst case)",
            timeout=WORST_CASE_SECONDS,
            memory=WORST_CASE_MEMORY,
        ),
        Call(
            f"{t}:count_legal_follows",
            (VOID_25, SPADES_12, trump),
            group=group,
            name="tractor.count_legal_follows (worst case)",
        ),
        Call(
            f"{t}:legal_follows",
            (VOID_25, SPADES_12, trump),
            {"limit": 1000},
            group=group,
            name="tractor.legal_follows (worst case, limit=1000)",
        ),
        Call(
            f"{t}:follow_extensions",
            (VOID_25, SPADES_12, [], trump),
            group=group,
            name="tractor.follow_extensions (worst case)",
        ),
        Call(
            f"{t}:check_throw",
            (SPADES_12, [VOID_25] * 3, trump),
            group=group,
            name="tractor.check_throw (worst case)",
        ),
        Call(
            ".legal_plays",
            (),
            receiver=lead,
            group=group,
            name="tractor.State.legal_plays (worst case)",
            timeout=WORST_CASE_SECONDS,
            memory=WORST_CASE_MEMORY,
        ),
        Call(
            ".legal_plays",
            (),
            {"limit": 1000},
            receiver=lead,
            group=group,
            name="tractor.State.legal_plays (worst case, limit=1000)",
        ),
        Call(
            ".count_legal_plays",
            (),
            receiver=lead,
            group=group,
            name="tractor.State.count_legal_plays (worst case)",
        ),
        Call(
            ".legal_actions", (), receiver=lead, group=group, name="tractor.State.legal_actions (worst case)"
        ),
        Call("tricktaker.tractor:playouts", (lead, 50, 1), group=group, name="tractor.playouts (worst case)"),
    ]
    outcomes = fuzz.run(calls)
    for call, outcome in zip(calls, outcomes, strict=True):
        if outcome.kind == "ok" and outcome.seconds > 2.0 and call.timeout is None:
            fuzz.log.add_finding(
                group, call.name, "slow", f"worked in {outcome.seconds:.1f} s", call.describe()
            )
    fuzz.check()
