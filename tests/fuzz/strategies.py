"""Hypothesis strategies of abusive calls, one family per entry-point group (see ``harness.py``).

A call mixes sane arguments (so that it gets past the first check and reaches deeper ones) with abusive
ones: huge, negative and boolean ints, floats and NaN, strings, bytes, ``None``, containers, numpy scalars
and arrays, objects of the wrong game, deep nesting, iterators that fail, enormous sizes. The parent never
imports tricktaker: anything that must be a library object is a :class:`harness.Ref` the child builds.

The records tests (``test_fuzz_records.py``) mutate real records and saved games in the parent (plain JSON,
:func:`record_variant`) and describe each call as a :class:`Probe`. The functions at the end of this module
(:func:`cli_contract`, :func:`write_corpus`) and :class:`Endless` run in the child, which imports this module
to reach them: they import tricktaker themselves.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import pathlib
import re
from dataclasses import dataclass
from typing import Any

import numpy as np
from harness import Call, Ref, _short
from hypothesis import strategies as st

GAMES = ("sheepshead", "tractor")
HAVE_ENVS = all(importlib.util.find_spec(name) is not None for name in ("pettingzoo", "gymnasium"))
"""Whether the PettingZoo environments can be built here (the ``envs`` extra): without it their calls are
skipped, as ``tests/test_envs.py`` is."""
NO_ENVS = "PettingZoo and Gymnasium are not installed (pip install -e '.[envs]')"
NUM_PLAYERS = {"sheepshead": 5, "tractor": 4}
NUM_ACTIONS = {"sheepshead": 105, "tractor": 120}
OBSERVATION_SIZE = {"sheepshead": 537, "tractor": 939}
MODULE = {"sheepshead": "tricktaker.sheepshead", "tractor": "tricktaker.tractor"}
CORE = {"sheepshead": "tricktaker._core.sheepshead", "tractor": "tricktaker._core.tractor"}

RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
SUITS = ["C", "D", "H", "S"]
TRACTOR_CARDS = [f"{r}{s}" for r in RANKS for s in SUITS] + ["BJ", "RJ"]
SHEEPSHEAD_CARDS = [f"{r}{s}" for r in RANKS[5:] for s in SUITS]

RULE_OPTIONS: dict[str, dict[str, list[Any]]] = {
    "sheepshead": {
        "jack_order": ["standard", "seed"],
        "all_pass": ["leaster", "doubler"],
        "double_on_the_bump": [False, True],
        "no_trick_split": [False, True],
        "schwarz": ["tricks", "points"],
        "no_legal_call": ["alone", "unknown"],
        "hold_card_lead": ["allowed", "forbidden"],
        "called_card_no_discard": [True, False],
        "no_ace_face_trump_redeal": [False, True],
        "hands_per_game": [1, 2, 15, 2**32 - 1],
    },
    "tractor": {
        "first_drawer_round1": ["random", "seat0"],
        "allow_self_reinforce": [False, True],
        "red_pair_overrides_black_pair": [False, True],
        "plain_suit_gap_closing": [True, False],
        "tractor_follow": ["none", "full", "fallback"],
        "new_adjacency": ["allow", "forbid"],
        "format_based_draw": [True, False],
        "throw_compare": ["pairs_first", "all_components", "highest", "unit_length"],
        "failed_throw_forced": ["fewest_cards_then_lowest", "first_in_turn_smallest"],
        "throw_penalty": ["per_card_taken_back", "per_attempt_10", "none"],
        "negative_points": ["clamp", "extra_levels"],
        "deadzone": [True, False],
        "over_240": ["per40_from_80"],
        "kitty_multiplier": ["seed_2c", "exp", "largest_unit_times2", "largest_unit_pow2"],
        "game_end": ["pass_ace", "must_defend_ace"],
        "after_ace": ["game_over", "no_trump_level"],
        "defend_points": [False, True],
    },
}

# ---- abusive values ----

HUGE = [
    2**31 - 1,
    2**31,
    2**32,
    2**40,
    2**53 + 1,
    2**62,
    2**63 - 1,
    2**63,
    2**64 - 1,
    2**64,
    2**70,
    2**128,
    10**5000,
]
NEGATIVE = [-1, -2, -(2**31), -(2**63), -(2**63) - 1, -(2**64), -(2**70), -(10**5000)]
FLOATS = [0.0, -0.0, 1.0, 1.5, 2.0, -1.0, float("nan"), float("inf"), float("-inf"), 1e300, 2.0**64]
STRINGS = [
    "",
    "0",
    "1",
    "5",
    "-1",
    " 3",
    "abc",
    "AS",
    "10H",
    "BJ",
    "\x00",
    "é",
    "\U0001f0a1",
    "\ud800",
    "1e3",
    "0x10",
    "nan",
    "None",
    "٣",
    "x" * 100_000,
]
NUMPY = [
    np.int8(-1),
    np.int32(3),
    np.int64(2**62),
    np.int64(-1),
    np.uint8(2),
    np.uint64(5),
    np.uint64(2**64 - 1),
    np.float64(1.0),
    np.float32("nan"),
    np.bool_(True),
    np.array(3),
    np.array([1, 2]),
    np.array([], dtype=np.int64),
]
MISC = [
    None,
    True,
    False,
    [],
    [0],
    [1, 2],
    [[]],
    (),
    (0, 0),
    {},
    {"a": 1},
    b"",
    b"\xff\xfe",
    b"5",
    Ref("object"),
    Ref("bad_index"),
    Ref("deep_list", (1000,)),
    Ref("deep_list", (100_000,)),
    Ref("big_str", ("9", 5000)),
    Ref("big_list", (0, 1_000_000)),
    Ref("iter", ([1, 2],)),
    Ref("raising_iter"),
    Ref("str_sub", ("AS",)),
    Ref("bytearray", (b"5",)),
    Ref("set", ([1],)),
]

ints_abusive = st.one_of(
    st.sampled_from(HUGE + NEGATIVE + [0, 1, 2, 3, 4, 5, 6, 7, 8]),
    st.integers(),
    st.integers(-(2**70), 2**70),
)
anything = st.one_of(
    ints_abusive,
    st.sampled_from(FLOATS),
    st.sampled_from(STRINGS),
    st.sampled_from(NUMPY),
    st.sampled_from(MISC),
    st.text(max_size=20),
    st.binary(max_size=20),
)

BAD_COUNTS = [
    -1,
    -(2**63),
    2**31,
    2**32,
    2**40,
    2**48,
    2**62,
    2**63 - 1,
    2**63,
    2**64 - 1,
    2**64,
    2**70,
    10**5000,
    True,
    False,
    1.0,
    2.5,
    float("nan"),
    float("inf"),
    "10",
    None,
    np.int64(3),
    np.uint64(2**64 - 1),
    np.int64(2**40),
    np.float64(3.0),
]
"""Batch and sample sizes that cannot work in memory, or are not counts at all."""
counts_abusive = st.one_of(st.sampled_from(BAD_COUNTS), anything)

BAD_THREADS = [
    0,
    -1,
    2**31,
    10_000,
    2**32 + 1,
    2**63,
    2**64,
    2**70,
    True,
    1.0,
    "2",
    np.int64(2),
    np.uint64(2**63),
]
threads_abusive = st.one_of(st.sampled_from(BAD_THREADS), anything)

BAD_SEEDS = [
    -1,
    2**64,
    2**70,
    -(2**63),
    10**5000,
    True,
    1.5,
    float("nan"),
    "7",
    None,
    np.uint64(5),
    np.int64(-5),
]
seeds_abusive = st.one_of(st.sampled_from(BAD_SEEDS), anything)
seeds = st.one_of(st.integers(0, 2**64 - 1), st.sampled_from([0, 1, 2**63, 2**64 - 1]))


def seats_abusive(game: str) -> st.SearchStrategy[Any]:
    n = NUM_PLAYERS[game]
    return st.one_of(
        st.sampled_from([-1, n, n + 1, 255, 256, 2**31, 2**63, 2**64, 2**70, True, False, 1.0, "0", None]),
        st.sampled_from([np.int64(1), np.uint64(0), np.int8(-1), np.uint8(255)]),
        anything,
    )


def actions_abusive(game: str) -> st.SearchStrategy[Any]:
    n = NUM_ACTIONS[game]
    return st.one_of(
        st.sampled_from([-1, n, n + 1, 2**31, 2**32, 2**63, 2**64, 2**70, -(2**70), True, False, 1.0]),
        st.sampled_from(
            [np.int64(0), np.uint8(1), np.int64(-1), np.uint64(2**64 - 1), "pick", "finish", None]
        ),
        anything,
    )


def card_texts(game: str) -> st.SearchStrategy[str]:
    return st.sampled_from(SHEEPSHEAD_CARDS if game == "sheepshead" else TRACTOR_CARDS)


BAD_CARDS = [
    "",
    "1H",
    "11H",
    "QX",
    "BJJ",
    "10",
    "♥",
    "A♠",
    "a♠",
    "th",
    "TH",
    " AS",
    "AS ",
    "as",
    "2C",
    "BJ",
    "\x00",
    "A" * 100_000,
    54,
    -1,
    2**70,
    None,
    b"AS",
    1.5,
    Ref("str_sub", ("AS",)),
    Ref("card", ("AS",)),
    Ref("card", ("RJ",)),
    Ref("object"),
]
cards_abusive = st.one_of(st.sampled_from(BAD_CARDS), anything)


def tractor_hand(max_size: int = 25) -> st.SearchStrategy[list[str]]:
    """A multiset of Tractor cards, at most two copies of a kind."""
    return st.lists(st.sampled_from(TRACTOR_CARDS), max_size=2 * max_size).map(
        lambda cards: _two_copies(cards)[:max_size]
    )


def _two_copies(cards: list[str]) -> list[str]:
    seen: dict[str, int] = {}
    out = []
    for c in cards:
        if seen.get(c, 0) < 2:
            seen[c] = seen.get(c, 0) + 1
            out.append(c)
    return out


def suit_cards(suit: str) -> list[str]:
    return [f"{r}{suit}" for r in RANKS]


def tractor_lead() -> st.SearchStrategy[list[str]]:
    """A lead of one plain suit (any sizes, pairs and tractors among them), or of any cards."""
    one_suit = st.sampled_from(SUITS).flatmap(
        lambda s: st.lists(st.sampled_from(suit_cards(s)), min_size=1, max_size=16).map(_two_copies)
    )
    return st.one_of(one_suit, tractor_hand(6))


HUGE_HANDS = [
    TRACTOR_CARDS * 2,  # both decks: 108 cards
    [c for c in TRACTOR_CARDS * 2 if not (c.endswith("S") and not c.startswith("2"))],  # 84, void in spades
    TRACTOR_CARDS * 3,  # three of each
    ["AS"] * 3,
    ["AS"] * 100_000,
]


def hands_abusive(game: str) -> st.SearchStrategy[Any]:
    return st.one_of(
        st.sampled_from(HUGE_HANDS),
        st.lists(cards_abusive, max_size=5),
        st.sampled_from(
            [
                "AS KS",
                "AS",
                [["AS"]],
                {"AS": 1},
                Ref("iter", (["AS", "KS"],)),
                Ref("raising_iter"),
                Ref("big_list", ("AS", 1_000_000)),
                Ref("deep_list", (1000,)),
                Ref("cards", (["AS", "AS", "AS"],)),
                None,
                5,
            ]
        ),
        anything,
    )


def trumps_sane() -> st.SearchStrategy[Ref]:
    rank = st.one_of(st.none(), st.sampled_from(RANKS), st.integers(2, 14))
    suit = st.one_of(st.none(), st.sampled_from(SUITS))
    return st.builds(lambda r, s: Ref("trump", (r, s)), rank, suit).filter(
        lambda t: not (t.args[0] is None and t.args[1] is not None)
    )


trumps_abusive = st.one_of(
    st.sampled_from(["2H", ("2", "H"), None, Ref("rules", ("tractor", {})), Ref("card", ("2H",))]), anything
)


# ---- states and other library objects, built in the child ----

STEPS = [0, 1, 2, 3, 5, 8, 13, 21, 40, 60, 90, 130, 400]
"""Random moves from a fresh deal: the start, the auction or draw, the kitty, the play, the end."""


def state_refs(game: str) -> st.SearchStrategy[Ref]:
    return st.builds(
        lambda seed, steps: Ref("state", (game, seed, steps)), st.integers(0, 40), st.sampled_from(STEPS)
    )


def endgame_refs(game: str) -> st.SearchStrategy[Ref]:
    return st.builds(
        lambda seed, size: Ref("endgame", (game, seed, size)), st.integers(0, 20), st.integers(1, 25)
    )


def any_state(game: str) -> st.SearchStrategy[Ref]:
    return st.one_of(state_refs(game), endgame_refs(game))


def states_abusive(game: str) -> st.SearchStrategy[Any]:
    other = "tractor" if game == "sheepshead" else "sheepshead"
    return st.one_of(
        state_refs(other),
        st.sampled_from([Ref("rules", (game, {})), Ref("vector", (game, 2, 1, 0)), None, "state", 0]),
        anything,
    )


def rules_sane(game: str) -> st.SearchStrategy[Any]:
    options = RULE_OPTIONS[game]
    chosen = st.fixed_dictionaries({}, optional={k: st.sampled_from(v) for k, v in options.items()})
    return st.one_of(st.none(), chosen.map(lambda d: Ref("rules", (game, d))))


def rules_abusive(game: str) -> st.SearchStrategy[Any]:
    other = "tractor" if game == "sheepshead" else "sheepshead"
    return st.one_of(
        st.sampled_from(
            [Ref("rules", (other, {})), {}, {"jack_order": "seed"}, "standard", Ref("state", (game, 0, 0))]
        ),
        anything,
    )


def policies(game: str) -> st.SearchStrategy[str]:
    return st.sampled_from(["random", "greedy"] if game == "tractor" else ["random"])


policies_abusive = st.one_of(
    st.sampled_from(["", "RANDOM", "greedy", "Greedy", "random ", "x" * 100_000]), anything
)


# ---- entry points and calls ----

GENERIC = [
    None,
    True,
    False,
    1.5,
    float("nan"),
    "x",
    b"\xff",
    [],
    {},
    -1,
    2**70,
    np.uint64(5),
    np.int64(-1),
    10**5000,
    "\ud800",
    Ref("object"),
    Ref("bad_index"),
    Ref("deep_list", (1000,)),
]
"""Abusive values tried on every parameter in the CI matrix (besides the parameter's own list): among them a
5000-digit int (Python refuses to turn it into text), a lone surrogate (not UTF-8) and a list nested a
thousand deep (its repr overflows the stack)."""


def _dedupe(values: list[Any]) -> list[Any]:
    seen, out = set(), []
    for v in values:
        key = (type(v).__name__, _short(v, 200))
        if key not in seen:
            seen.add(key)
            out.append(v)
    return out


class P:
    """A parameter: its name, sane values, and abusive ones.

    ``curated`` lists the abusive values every CI run tries (with :data:`GENERIC`); ``extra`` adds drawn
    ones for the random examples (default: :data:`anything`). ``keyword`` parameters are passed by name;
    ``optional`` ones are sometimes left out.
    """

    def __init__(
        self,
        name: str,
        sane: st.SearchStrategy[Any],
        curated: list[Any] | tuple[Any, ...] = (),
        *,
        extra: st.SearchStrategy[Any] | None = None,
        keyword: bool = False,
        optional: bool = False,
        generic: bool = True,
    ) -> None:
        self.name = name
        self.sane = sane
        self.curated = _dedupe(list(curated) + (GENERIC if generic else []))
        extra = extra if extra is not None else anything
        self.abuse = st.one_of(st.sampled_from(self.curated), extra) if self.curated else extra
        self.keyword = keyword
        self.optional = optional


Parts = tuple[Any, list[P]]


class Entry:
    """One public entry point: how to call it with sane arguments and where to put abusive ones.

    ``receiver`` (a strategy) gives the object of a method call. When arguments must fit a drawn context (a
    state's own legal actions), ``context`` is drawn first and ``build(context)`` returns
    ``(receiver, params)``. ``custom`` replaces all that with a strategy of whole calls (scenarios).
    """

    def __init__(
        self,
        name: str,
        target: str,
        params: list[P] | None = None,
        *,
        group: str,
        receiver: st.SearchStrategy[Any] | None = None,
        context: st.SearchStrategy[Any] | None = None,
        build: Any = None,
        timeout: float | None = None,
        custom: st.SearchStrategy[Call] | None = None,
    ) -> None:
        self.name, self.target, self.group, self.timeout = name, target, group, timeout
        self._params = params or []
        self.receiver, self.context, self._build, self.custom = receiver, context, build, custom

    def _parts(self, draw: st.DrawFn) -> Parts:
        if self._build is not None:
            ctx = draw(self.context) if self.context is not None else None
            receiver, params = self._build(ctx)
            return (draw(receiver) if isinstance(receiver, st.SearchStrategy) else receiver), params
        return (draw(self.receiver) if self.receiver is not None else None), self._params

    @property
    def arity(self) -> int:
        """How many parameters the CI matrix goes through."""
        if self.custom is not None:
            return 0
        if self._build is not None:
            return len(self._build(None)[1])
        return len(self._params)

    def strategy(self) -> st.SearchStrategy[Call]:
        """Random calls: every parameter sane but one (most often), several, or none abusive."""
        if self.custom is not None:
            return self.custom

        @st.composite
        def draw_call(draw: st.DrawFn) -> Call:
            receiver, params = self._parts(draw)
            mode = draw(st.sampled_from(["sane", "one", "one", "one", "one", "many"]))
            abused: set[int] = set()
            if params and mode == "one":
                abused = {draw(st.integers(0, len(params) - 1))}
            elif params and mode == "many":
                abused = {i for i in range(len(params)) if draw(st.booleans())}
            values: dict[int, Any] = {}
            omitted: set[int] = set()
            for i, p in enumerate(params):
                if i in abused:
                    values[i] = draw(p.abuse)
                elif p.optional and draw(st.integers(0, 3)) == 0:
                    omitted.add(i)
                else:
                    values[i] = draw(p.sane)
            as_keyword = {i for i, p in enumerate(params) if p.optional and draw(st.booleans())}
            extra = draw(st.integers(0, 40))
            extra = {17: 0, 29: 1}.get(extra, 99)  # now and then an argument too many
            return self.make(receiver, params, values, omitted, as_keyword, abused, extra, draw)

        return draw_call()

    def base(self) -> st.SearchStrategy[tuple[Any, list[P], dict[int, Any], set[int]]]:
        """Sane arguments (and receiver) for the CI matrix."""

        @st.composite
        def draw_base(draw: st.DrawFn) -> tuple[Any, list[P], dict[int, Any], set[int]]:
            receiver, params = self._parts(draw)
            values = {i: draw(p.sane) for i, p in enumerate(params)}
            omitted = {i for i, p in enumerate(params) if p.optional and draw(st.integers(0, 2)) == 0}
            return receiver, params, values, omitted

        return draw_base()

    def matrix(self, bases: list[tuple[Any, list[P], dict[int, Any], set[int]]], index: int) -> list[Call]:
        """The calls of the CI matrix for parameter ``index``: each of its curated abusive values in turn,
        the others sane (from ``bases``, in turn)."""
        out: list[Call] = []
        if not bases or index >= len(bases[0][1]):
            return out
        for j, value in enumerate(bases[0][1][index].curated):
            receiver, params, values, omitted = bases[j % len(bases)]
            vals = dict(values)
            vals[index] = value
            out.append(self.make(receiver, params, vals, omitted - {index}, set(), {index}, 99, None))
        return out

    def make(
        self,
        receiver: Any,
        params: list[P],
        values: dict[int, Any],
        omitted: set[int],
        as_keyword: set[int],
        abused: set[int],
        extra: int,
        draw: st.DrawFn | None,
    ) -> Call:
        args: list[Any] = []
        kwargs: dict[str, Any] = {}
        tags = [f"{params[i].name}={_short(values[i], 40)}" for i in sorted(abused)]
        positional_open = True
        for i, p in enumerate(params):
            if i in omitted:
                positional_open = False
                continue
            if p.keyword or not positional_open or i in as_keyword:
                kwargs[p.name] = values[i]
                positional_open = False
            else:
                args.append(values[i])
        if draw is not None and extra == 0 and not kwargs:
            args.append(draw(anything))
            tags.append("an extra positional argument")
        elif draw is not None and extra == 1:
            kwargs["bogus"] = draw(anything)
            tags.append("an unknown keyword")
        return Call(
            self.target,
            tuple(args),
            kwargs,
            receiver=receiver,
            group=self.group,
            name=self.name,
            tag="; ".join(tags),
            timeout=self.timeout,
        )


def method(
    game: str,
    cls: str,
    name: str,
    params: list[P],
    *,
    group: str,
    receiver: st.SearchStrategy[Any],
    **kw: Any,
) -> Entry:
    return Entry(f"{game}.{cls}.{name}", f".{name}", params, group=group, receiver=receiver, **kw)


# ---- parameters used by many entry points ----


def p_seed(name: str = "seed", **kw: Any) -> P:
    return P(name, seeds, BAD_SEEDS, extra=seeds_abusive, **kw)


def p_count(name: str, high: int, **kw: Any) -> P:
    return P(name, st.integers(0, high), BAD_COUNTS, extra=counts_abusive, **kw)


def p_threads() -> P:
    return P(
        "threads",
        st.sampled_from([None, 1, 2]),
        BAD_THREADS,
        extra=threads_abusive,
        keyword=True,
        optional=True,
    )


def p_rules(game: str, **kw: Any) -> P:
    other = "tractor" if game == "sheepshead" else "sheepshead"
    curated = [Ref("rules", (other, {})), {"jack_order": "seed"}, "standard", Ref("state", (game, 0, 0))]
    return P("rules", rules_sane(game), curated, extra=rules_abusive(game), **kw)


def p_seat(game: str, name: str = "player", **kw: Any) -> P:
    n = NUM_PLAYERS[game]
    curated = [
        -1,
        n,
        n + 1,
        255,
        256,
        2**31,
        2**63,
        2**64,
        2**70,
        -(2**70),
        1.0,
        "0",
        np.int64(1),
        np.uint64(0),
        np.int8(-1),
        10**5000,
    ]
    return P(name, st.integers(0, n - 1), curated, extra=seats_abusive(game), **kw)


def p_state(game: str, name: str = "state") -> P:
    other = "tractor" if game == "sheepshead" else "sheepshead"
    curated = [
        Ref("state", (other, 1, 10)),
        Ref("rules", (game, {})),
        Ref("vector", (game, 2, 1, 0)),
        "state",
        0,
    ]
    return P(name, any_state(game), curated, extra=states_abusive(game))


def p_cards(name: str, sane: st.SearchStrategy[Any], game: str = "tractor") -> P:
    curated = [
        *HUGE_HANDS,
        "AS KS",
        "AS",
        [["AS"]],
        {"AS": 1},
        Ref("iter", (["AS", "KS"],)),
        Ref("raising_iter"),
        Ref("big_list", ("AS", 1_000_000)),
        Ref("deep_list", (1000,)),
        Ref("cards", (["AS", "AS", "AS"],)),
        ["AS", None],
        ["AS", 5],
        ["XX"],
        [Ref("card", ("BJ",))],
        5,
    ]
    return P(name, sane, curated, extra=hands_abusive(game))


def p_trump() -> P:
    return P(
        "trump",
        trumps_sane(),
        ["2H", ("2", "H"), Ref("rules", ("tractor", {})), Ref("card", ("2H",))],
        extra=trumps_abusive,
    )


def p_policy(game: str) -> P:
    return P(
        "policy",
        policies(game),
        ["", "RANDOM", "greedy", "Greedy", "random ", "x" * 100_000],
        extra=policies_abusive,
        keyword=True,
        optional=True,
    )


# ---- batch functions ----


def batch_entries(game: str) -> list[Entry]:
    g = "batch functions"
    n = p_count("n", 200 if game == "sheepshead" else 30)
    m, c = MODULE[game], CORE[game]
    seed, threads, rules, state = (
        p_seed(),
        p_threads(),
        p_rules(game, keyword=True, optional=True),
        p_state(game),
    )
    policy = p_policy(game)
    player = P("player", st.none(), [-1, 5, 2**70, 1.0, "0"], optional=True)
    out = [
        Entry(f"{game}.random_playouts", f"{c}:random_playouts", [n, seed, threads, rules], group=g),
        Entry(f"{game}.random_summaries", f"{c}:random_summaries", [n, seed, threads, rules], group=g),
        Entry(f"{game}.simulate", f"{m}:simulate", [n, seed, threads, rules], group=g),
        Entry(f"{game}.playouts", f"{m}:playouts", [state, n, seed, threads, policy], group=g),
        Entry(
            f"{game}._core.playout_summaries",
            f"{c}:playout_summaries",
            [state, n, seed, threads, policy],
            group=g,
        ),
        Entry(
            f"{game}.playout_summaries",
            f"{m}:playout_summaries",
            [state, n, seed, threads] + ([policy] if game == "tractor" else []),
            group=g,
        ),
        Entry(
            f"search.pimc ({game})",
            "tricktaker.search:pimc",
            [
                state,
                player,
                P("worlds", st.integers(1, 4), [0, -1, 10**7, 2**70, 1.5, "4"], optional=True),
                P(
                    "evaluator",
                    st.sampled_from(["rollouts", "points"] if game == "tractor" else ["rollouts"]),
                    ["", "solver", "win", "x" * 100_000, None, 5],
                    keyword=True,
                    optional=True,
                ),
                policy,
                P("rollouts", st.integers(1, 3), [0, -1, 10**6, 2**70, 1.0], keyword=True, optional=True),
                P(
                    "lines",
                    st.none(),
                    [[], [[]], [[0]], [[999]], [[-1]], [[0] * 300], [[0]] * 5000, "ab", [None], [["0"]]],
                    keyword=True,
                    optional=True,
                ),
                p_seed(keyword=True, optional=True),
                threads,
            ],
            group=g,
        ),
        Entry(
            f"search.ismcts ({game})",
            "tricktaker.search:ismcts",
            [
                state,
                player,
                P(
                    "simulations",
                    st.integers(1, 200),
                    [0, -1, 10**10, 2**70, 1.5],
                    keyword=True,
                    optional=True,
                ),
                P(
                    "seconds",
                    st.none(),
                    [0.0, -1.0, float("nan"), float("inf"), 1e7, "1"],
                    keyword=True,
                    optional=True,
                ),
                P(
                    "exploration",
                    st.floats(0, 2),
                    [-1.0, float("nan"), float("inf"), "0.7"],
                    keyword=True,
                    optional=True,
                ),
                policy,
                p_seed(keyword=True, optional=True),
                threads,
            ],
            group=g,
        ),
    ]
    # The exact solvers: any state (most are not in the card play, or too large for Tractor's), any target.
    if game == "sheepshead":
        target = P("target", st.sampled_from([0, 31, 61, 91, 120, 121]), [-1, 2**70, 1.5, "61", None])
        moves = P("moves", st.booleans(), [1, "yes", None, 2**70], keyword=True, optional=True)
        out += [
            Entry("sheepshead.solve", f"{m}:solve", [state, moves], group=g),
            Entry("sheepshead.reaches", f"{m}:reaches", [state, target, moves], group=g),
            Entry("sheepshead.settlement_class", f"{m}:settlement_class", [state, moves], group=g),
            Entry(
                "sheepshead.leaster_values",
                f"{m}:leaster_values",
                [state, p_seat(game, "seat"), moves],
                group=g,
            ),
            Entry("sheepshead.bidding_action", f"{m}:bidding_action", [state], group=g),
        ]
    else:
        nodes = P(
            "max_nodes", st.integers(1, 20_000), [0, -1, 2**70, 1.5, "10", None], keyword=True, optional=True
        )
        out.append(Entry("tractor.solve", f"{m}:solve", [state, nodes], group=g))

    def observations(ctx: Any) -> Parts:
        count, seed_, steps, players = ctx if ctx is not None else (2, 0, 0, [0, 1])
        size = OBSERVATION_SIZE[game]
        other = "tractor" if game == "sheepshead" else "sheepshead"
        return None, [
            P(
                "states",
                st.just(Ref("states", (game, count, seed_, steps))),
                [
                    Ref("states", (other, count, seed_, steps)),
                    Ref("states", (game, count + 1, seed_, steps)),
                    Ref("iter", ([],)),
                    Ref("state", (game, seed_, steps)),
                    [Ref("state", (other, 1, 1))] * max(count, 1),
                    [None] * max(count, 1),
                ],
                extra=st.lists(states_abusive(game), min_size=count, max_size=count),
            ),
            P(
                "players",
                st.just(players),
                [
                    [*players, 0],
                    players[:-1],
                    [-1] * count,
                    [NUM_PLAYERS[game]] * count,
                    [2**70] * count,
                    [True] * count,
                    [1.0] * count,
                    np.array(players, dtype=np.int64),
                    np.array(players, dtype=np.float64),
                    np.array(players, dtype=np.uint64),
                    Ref("ndarray", ((count,), "int64")),
                    Ref("iter", (players,)),
                ],
                extra=st.lists(seats_abusive(game), min_size=count, max_size=count + 1),
            ),
            P(
                "out",
                st.one_of(st.none(), st.just(Ref("ndarray", ((count, size), "float32")))),
                [
                    Ref("ndarray", ((count + 1, size), "float32")),
                    Ref("ndarray", ((count, size), "float64")),
                    Ref("ndarray", ((size,), "float32")),
                    Ref("ndarray", ((count, size, 1), "float32")),
                    Ref("ndarray", ((), "float32")),
                    Ref("readonly", ((count, size),)),
                    [[0.0] * size] * count,
                ],
                optional=True,
            ),
        ]

    players_ctx = st.integers(0, 5).flatmap(
        lambda k: st.tuples(
            st.just(k),
            st.integers(0, 30),
            st.sampled_from(STEPS),
            st.lists(st.integers(0, NUM_PLAYERS[game] - 1), min_size=k, max_size=k),
        )
    )
    out.append(
        Entry(f"{game}.observations", f"{m}:observations", group=g, context=players_ctx, build=observations)
    )
    return out


# ---- the state protocol ----


def state_entries(game: str) -> list[Entry]:
    g = "State"
    m = MODULE[game]
    out: list[Entry] = []
    if game == "sheepshead":
        new_params = [
            p_seed(),
            p_rules(game, optional=True),
            p_seat(game, "dealer", optional=True),
            P(
                "multiplier",
                st.sampled_from([1, 2, 4, 2**20]),
                [0, -1, 2**20 + 1, 2**32, 2**64, 2**70, 1.0],
                optional=True,
            ),
        ]
    else:
        level = st.integers(2, 14)
        new_params = [
            p_seed(),
            p_rules(game, optional=True),
            P(
                "levels",
                st.tuples(level, level),
                [
                    (1, 2),
                    (2, 15),
                    (-1, 2),
                    (2**70, 2),
                    (2, 2**64),
                    (2,),
                    (2, 2, 2),
                    [2, 2],
                    (True, 2),
                    (2.0, 2),
                    "22",
                    ("2", "2"),
                    (np.int64(2), 3),
                ],
                extra=st.one_of(st.tuples(ints_abusive, level), st.tuples(level, ints_abusive), anything),
                optional=True,
            ),
            P(
                "declarers",
                st.sampled_from([None, 0, 1]),
                [-1, 2, 2**63, 2**70, 1.0, np.int64(1)],
                optional=True,
            ),
            p_seat(game, "starter", optional=True),
        ]
        new_params[-1].sane = st.sampled_from([None, 0, 1, 2, 3])
    out.append(Entry(f"{game}.State.new", f"{m}:State.new", new_params, group=g))

    if game == "sheepshead":

        def from_cards(ctx: Any) -> Parts:
            cards = list(ctx) if ctx is not None else SHEEPSHEAD_CARDS
            hands, blind = [cards[i * 6 : i * 6 + 6] for i in range(5)], cards[30:]
            return None, [
                P(
                    "hands",
                    st.just(hands),
                    [
                        hands[:4],
                        [*hands, blind],
                        [hands[0]] * 5,
                        [[*hands[0], "AS"], *hands[1:]],
                        [h[:5] for h in hands],
                    ],
                    extra=hands_abusive(game),
                ),
                P(
                    "blind",
                    st.just(blind),
                    [hands[0][:2], [blind[0]], [*blind, "AS"], ["BJ", "RJ"], ["2C", "3C"]],
                    extra=hands_abusive(game),
                ),
                p_seat(game, "dealer", optional=True),
                p_rules(game, optional=True),
                P("multiplier", st.just(1), [0, -1, 2**21, 2**70], optional=True),
                P("seed", st.one_of(st.none(), seeds), BAD_SEEDS, optional=True),
            ]

        # A picked hand after two tricks (docs/tutorials/positions.md), its parts abused one at a time.
        position_hands = [
            ["QH", "QD", "7S", "8S"],
            ["JH", "JD", "9D", "7H"],
            ["AD", "10D", "KD", "9S"],
            ["AH", "10H", "KH", "AS"],
            ["10S", "KS", "8H", "9H"],
        ]
        seats5 = [0, 25, 0, 10, 0]
        out.append(
            Entry(
                "sheepshead.State.from_position",
                f"{m}:State.from_position",
                [
                    P(
                        "hands",
                        st.just(position_hands),
                        [position_hands[:4], [["AS"] * 4] * 5],
                        extra=hands_abusive(game),
                    ),
                    p_seat(game, "leader"),
                    P(
                        "trick",
                        st.just([]),
                        [["9D"] * 4, ["9D", "KD"], ["XX"], "9D"],
                        keyword=True,
                        optional=True,
                    ),
                    P("picker", st.just(1), [None, -1, 5, 2**70, "1"], keyword=True),
                    P("called", st.just("AH"), [None, "QC", "AS", "XX", 5], keyword=True),
                    P("partner", st.none(), [2, 1, -1, 2**70], keyword=True, optional=True),
                    P("bury", st.just(["7D", "8D"]), [["7D"], [], ["AH", "7D"]], keyword=True),
                    P("under", st.none(), ["9D", "AS", "XX"], keyword=True, optional=True),
                    P("called_suit_led", st.booleans(), [1, "yes", None], keyword=True, optional=True),
                    P(
                        "points",
                        st.just(seats5),
                        [[0] * 5, [121] * 5, [0] * 4, [-1] * 5, [2**70] * 5],
                        keyword=True,
                    ),
                    P("tricks_won", st.just([0, 1, 0, 1, 0]), [[6] * 5, [0] * 5, [1] * 9], keyword=True),
                    P(
                        "first_tricks",
                        st.none(),
                        [[None] * 5, [9] * 5, [None] * 4],
                        keyword=True,
                        optional=True,
                    ),
                    p_rules(game, keyword=True, optional=True),
                ],
                group=g,
            )
        )
        out.append(
            Entry(
                "sheepshead.State.from_cards",
                f"{m}:State.from_cards",
                group=g,
                context=st.permutations(SHEEPSHEAD_CARDS),
                build=from_cards,
            )
        )
    else:

        def from_cards(ctx: Any) -> Parts:
            deck, size, kitty_size = ctx if ctx is not None else (TRACTOR_CARDS * 2, 5, 0)
            hands = [list(deck[i * size : (i + 1) * size]) for i in range(4)]
            kitty = list(deck[4 * size : 4 * size + kitty_size])
            return None, [
                P(
                    "hands",
                    st.just(hands),
                    [
                        hands[:3],
                        [*hands, hands[0]],
                        [hands[0][:1], *hands[1:]],
                        [[], [], [], []],
                        [TRACTOR_CARDS * 2] * 4,
                        [h * 2 for h in hands],
                    ],
                    extra=hands_abusive(game),
                ),
                P(
                    "kitty",
                    st.just(kitty),
                    [TRACTOR_CARDS * 2, hands[0][:1] * 3, ["AS"] * 9],
                    extra=hands_abusive(game),
                ),
                p_trump(),
                p_seat(game, "starter"),
                P("declarers", st.integers(0, 1), [-1, 2, 2**70, None, 1.0]),
                p_rules(game, optional=True),
                P(
                    "levels",
                    st.one_of(st.none(), st.tuples(st.integers(2, 14), st.integers(2, 14))),
                    [(1, 1), (2**70, 2), (2,), "22"],
                    optional=True,
                ),
            ]

        ctx = st.tuples(st.permutations(TRACTOR_CARDS * 2), st.integers(1, 25), st.sampled_from([0, 8]))
        out.append(
            Entry("tractor.State.from_cards", f"{m}:State.from_cards", group=g, context=ctx, build=from_cards)
        )

        def from_stack(ctx: Any) -> Parts:
            stack = list(ctx) if ctx is not None else TRACTOR_CARDS * 2
            return None, [
                P(
                    "stack",
                    st.just(stack),
                    [stack[:-1], [*stack, stack[0]], [stack[0], *stack[:-1]], TRACTOR_CARDS, [], "AS" * 108],
                    extra=hands_abusive(game),
                ),
                P("seed", seeds, BAD_SEEDS, optional=True),
                p_rules(game, optional=True),
                P(
                    "levels",
                    st.one_of(st.none(), st.tuples(st.integers(2, 14), st.integers(2, 14))),
                    [(1, 1), (2**70, 2), (2,), "22", (3, 5)],
                    optional=True,
                ),
                P("declarers", st.one_of(st.none(), st.integers(0, 1)), [-1, 2, 2**70, 1.0], optional=True),
                p_seat(game, "starter", optional=True),
            ]

        out.append(
            Entry(
                "tractor.State.from_stack",
                f"{m}:State.from_stack",
                group=g,
                context=st.permutations(TRACTOR_CARDS * 2),
                build=from_stack,
            )
        )

    texts_bad = [
        "",
        "pick",
        "PICK",
        "play",
        "play AS AS",
        "bury",
        "declare",
        "finish now",
        "discard 5S",
        "pass ",
        "play " + "A" * 100_000,
        "\x00",
        "play \ud800",
        "play 🂡",
        "play 2C",
    ]
    size = OBSERVATION_SIZE[game]
    out_bad = [
        Ref("ndarray", ((size + 1,), "float32")),
        Ref("ndarray", ((size,), "float64")),
        Ref("ndarray", ((1, size), "float32")),
        Ref("ndarray", ((0,), "float32")),
        Ref("readonly", ((size,),)),
        [0.0] * size,
    ]

    def method_entry(name: str, make_params: Any, steps: list[int] | None = None) -> Entry:
        def build(ctx: Any) -> Parts:
            seed_, steps_ = ctx if ctx is not None else (0, 0)
            return Ref("state", (game, seed_, steps_)), make_params(seed_, steps_)

        ctx = st.tuples(st.integers(0, 40), st.sampled_from(steps or STEPS))
        return Entry(f"{game}.State.{name}", f".{name}", group=g, context=ctx, build=build)

    def legal(seed_: int, steps_: int) -> st.SearchStrategy[Ref]:
        return st.integers(0, 50).map(lambda k: Ref("legal_action", (game, seed_, steps_, k)))

    def legal_text(seed_: int, steps_: int) -> st.SearchStrategy[Ref]:
        return st.integers(0, 50).map(lambda k: Ref("legal_text", (game, seed_, steps_, k)))

    actions_bad = [
        -1,
        NUM_ACTIONS[game],
        NUM_ACTIONS[game] + 1,
        2**31,
        2**32,
        2**63,
        2**64,
        2**70,
        -(2**70),
        10**5000,
        True,
        False,
        1.0,
        np.int64(0),
        np.uint8(1),
        np.int64(-1),
        np.uint64(2**64 - 1),
        np.bool_(True),
        "pick",
        "finish",
        "0",
    ]
    methods: list[tuple[str, Any]] = [
        (
            "apply_action",
            lambda s_, n_: [P("action", legal(s_, n_), actions_bad, extra=actions_abusive(game))],
        ),
        (
            "apply",
            lambda s_, n_: [
                P(
                    "action",
                    st.one_of(legal(s_, n_), legal_text(s_, n_)),
                    actions_bad + texts_bad,
                    extra=actions_abusive(game),
                )
            ],
        ),
        ("undo", lambda s_, n_: []),
        ("legal_actions", lambda s_, n_: []),
        ("legal_action_mask", lambda s_, n_: []),
        (
            "action_to_string",
            lambda s_, n_: [P("action", legal(s_, n_), actions_bad, extra=actions_abusive(game))],
        ),
        ("string_to_action", lambda s_, n_: [P("text", legal_text(s_, n_), texts_bad)]),
        ("information_state_key", lambda s_, n_: [p_seat(game)]),
        (
            "observation",
            lambda s_, n_: [
                p_seat(game),
                P(
                    "out",
                    st.one_of(st.none(), st.just(Ref("ndarray", ((size,), "float32")))),
                    out_bad,
                    optional=True,
                ),
            ],
        ),
        ("resample", lambda s_, n_: [p_seat(game), p_seed()]),
        ("resamples", lambda s_, n_: [p_seat(game), p_count("n", 6), p_seed()]),
        ("hand", lambda s_, n_: [p_seat(game, "seat")]),
        ("clone", lambda s_, n_: []),
        ("returns", lambda s_, n_: []),
        ("history", lambda s_, n_: []),
        ("to_json", lambda s_, n_: []),
        ("hands", lambda s_, n_: []),
        ("current_trick", lambda s_, n_: []),
        ("__str__", lambda s_, n_: []),
        ("__repr__", lambda s_, n_: []),
        ("__deepcopy__", lambda s_, n_: [P("memo", st.just({}))]),
        (
            "__eq__",
            lambda s_, n_: [
                P(
                    "other",
                    st.just(Ref("state", (game, s_, n_))),
                    [
                        Ref("state", ("tractor" if game == "sheepshead" else "sheepshead", s_, n_)),
                        Ref("state", (game, s_ + 1, n_)),
                    ],
                )
            ],
        ),
    ]
    if game == "sheepshead":
        methods += [
            (
                "next_hand",
                lambda s_, n_: [
                    P(
                        "multiplier",
                        st.sampled_from([1, 2]),
                        [0, -1, 2**20 + 1, 2**32, 2**64, 2**70, 1.0],
                        optional=True,
                    )
                ],
            ),
            ("dealt_hands", lambda s_, n_: []),
            ("tricks", lambda s_, n_: []),
            ("points", lambda s_, n_: []),
            ("tricks_won", lambda s_, n_: []),
        ]
    else:
        methods += [
            (
                "play",
                lambda s_, n_: [
                    p_cards(
                        "cards",
                        st.one_of(
                            st.integers(0, 60).map(lambda k: Ref("legal_play", (s_, n_, k))),
                            st.lists(card_texts(game), max_size=6),
                        ),
                    )
                ],
            ),
            (
                "legal_plays",
                lambda s_, n_: [
                    P(
                        "limit",
                        st.one_of(st.none(), st.integers(0, 10_000)),
                        [-1, 2**64, 2**70, 1.0, "10", True],
                        keyword=True,
                        optional=True,
                    )
                ],
            ),
            ("count_legal_plays", lambda s_, n_: []),
            ("exposed", lambda s_, n_: []),
            ("partial_play", lambda s_, n_: []),
            ("last_trick", lambda s_, n_: []),
            ("failed_throw", lambda s_, n_: []),
        ]
    for name, make in methods:
        out.append(method_entry(name, make))

    if game == "sheepshead":
        words_bad = [
            [0, 0, 0, 0],
            [2**64, 0, 0, 0],
            [-1, 1, 1, 1],
            [1, 2, 3],
            [1, 2, 3, 4, 5],
            "abcd",
            (1.0, 2, 3, 4),
            [True, 1, 1, 1],
            np.array([1, 2, 3, 4], dtype=np.uint64),
            [2**70] * 4,
        ]
        out.append(
            Entry(
                "sheepshead.State.rng_state=",
                "=rng_state",
                [P("words", st.lists(st.integers(0, 2**64 - 1), min_size=4, max_size=4), words_bad)],
                group=g,
                receiver=state_refs(game),
            )
        )
    out.append(
        Entry(
            f"{game}.State (a sequence of calls)", "scenario:sequence", group=g, custom=sequence_calls(game)
        )
    )
    return out


@st.composite
def sequence_calls(draw: st.DrawFn, game: str) -> Call:
    """Several calls in turn on one state, legal and abusive mixed (the child checks each)."""
    seed, steps = draw(st.integers(0, 40)), draw(st.sampled_from(STEPS[:9]))
    n = NUM_PLAYERS[game]
    op = st.one_of(
        st.tuples(st.just("apply_action"), st.tuples(st.integers(0, NUM_ACTIONS[game] - 1)), st.just({})),
        st.tuples(st.just("apply_action"), st.tuples(actions_abusive(game)), st.just({})),
        st.tuples(
            st.just("apply"), st.tuples(st.one_of(st.text(max_size=12), actions_abusive(game))), st.just({})
        ),
        st.tuples(st.just("undo"), st.just(()), st.just({})),
        st.tuples(
            st.just("resample"), st.tuples(st.integers(0, n - 1) | seats_abusive(game), seeds), st.just({})
        ),
        st.tuples(
            st.just("resamples"),
            st.tuples(st.integers(0, n - 1), st.integers(0, 3) | counts_abusive, seeds),
            st.just({}),
        ),
        st.tuples(st.just("observation"), st.tuples(seats_abusive(game)), st.just({})),
        st.tuples(st.just("hand"), st.tuples(seats_abusive(game)), st.just({})),
    )
    if game == "tractor":
        op = st.one_of(
            op, st.tuples(st.just("play"), st.tuples(st.lists(card_texts(game), max_size=4)), st.just({}))
        )
    ops = draw(st.lists(op, min_size=1, max_size=25))
    return Call(
        "scenario:sequence",
        (game, seed, steps, ops),
        group="State",
        name=f"{game}.State (a sequence of calls)",
    )


# ---- saves and pickles ----

JSON_VALUES: list[Any] = [
    0,
    -1,
    1,
    2,
    7,
    2**31,
    2**63,
    2**64 - 1,
    2**64,
    -(2**63),
    2**70,
    10**300,
    1.5,
    1e308,
    float("nan"),
    float("inf"),
    True,
    False,
    None,
    "",
    "x",
    "AS",
    "10H",
    "pick",
    "play AS",
    "declare 2H",
    "finish",
    "sheepshead",
    "tractor",
    "\ud800",
    "\x00",
    "A" * 10_000,
    [],
    [1],
    [[]],
    [1, 2, 3, 4],
    {},
    {"deal": 1},
    {"position": {}},
    [None] * 1000,
]
SAVE_KEYS = [
    "game",
    "format",
    "rules",
    "dealer",
    "multiplier",
    "hands",
    "blind",
    "rng",
    "history",
    "levels",
    "start",
    "deal",
    "declarers",
    "starter",
    "restacks",
    "stack",
    "after",
    "position",
    "kitty",
    "trump",
    "jack_order",
    "hands_per_game",
    "kitty_multiplier",
]
mutation = st.tuples(
    st.one_of(st.integers(0, 10**6), st.sampled_from(SAVE_KEYS)),
    st.sampled_from(["replace", "replace", "delete", "wrap", "dup", "add", "stringify", "negate", "big"]),
    st.sampled_from(JSON_VALUES),
)
raw_op = st.tuples(
    st.sampled_from(["truncate", "flip", "bom", "bytes", "latin1", "double", "nest", "nul", "bignum"]),
    st.integers(0, 10**6),
)

WRONG_SHAPES = [
    "",
    " ",
    "null",
    "0",
    "[]",
    "{}",
    '""',
    "[" * 1000,
    "[" * 100_000,
    '{"a":' * 1000,
    '{"game": "sheepshead"}',
    '{"game": "tractor"}',
    '{"game": "tractor", "format": 1}',
    '{"game": "sheepshead", "format": 2}',
    '{"game": "sheepshead", "format": 1, "rules": {}, "history": []}',
    '{"game": "tractor", "format": 1, "rules": {}, "levels": [2, 2], "start": {"deal": []}, "history": []}',
    '{"game": "tractor", "format": 1, "rules": {}, "levels": [2, 2], "start": {"deal": [1, 2]}, '
    '"history": []}',
    '{"game": "tractor", "format": 1, "rules": {}, "levels": [2, 2], "start": {}, "history": []}',
    '{"game": "tractor", "format": 1, "levels": [2, 2], "start": {"deal": {"rng": [1, 2, 3, 4]}}, '
    '"history": []}',
    '{"format": 1e400}',
    '{"format": ' + "9" * 5000 + "}",
    "NaN",
    "\ufeff{}",
    "\x00",
    "\ud800",
    b"\xff\xfe",
    b"{}",
    Ref("bytearray", (b"{}",)),
    Ref("memoryview", (b"{}",)),
    Ref("str_sub", ("{}",)),
    Ref("big_str", (" ", 10_000_000)),
    None,
    5,
    ["{}"],
    {"game": "tractor"},
]


REPLACEMENTS: list[Any] = [[], [1, 2], {}, None, "x", 2**64, -1]
"""What the curated saves put in place of a key's value."""


def save_entries(game: str) -> list[Entry]:
    g = "saves"
    m = MODULE[game]
    other = "tractor" if game == "sheepshead" else "sheepshead"
    seed, steps = st.integers(0, 30), st.sampled_from(STEPS)
    mutated = st.builds(
        lambda s_, n_, muts: Ref("save", (game, s_, n_, muts)),
        seed,
        steps,
        st.lists(mutation, min_size=1, max_size=3),
    )
    damaged = st.builds(
        lambda s_, n_, ops: Ref("save_raw", (game, s_, n_, ops)),
        seed,
        steps,
        st.lists(raw_op, min_size=1, max_size=2),
    )
    real = st.builds(lambda s_, n_: Ref("save", (game, s_, n_, [])), seed, steps)
    curated = [
        *WRONG_SHAPES,
        Ref("save_of_other", (other, 3, 20)),
        *[
            Ref("save", (game, 3, 20, [(key, "replace", value)]))
            for key in ("deal", "hands", "history", "rng", "levels", "rules", "start")
            for value in REPLACEMENTS
        ],
        *[Ref("save", (game, 3, 20, [(key, "delete", None)])) for key in SAVE_KEYS[:12]],
        *[
            Ref("save_raw", (game, 3, 20, [(op, 77)]))
            for op in ("truncate", "flip", "bom", "bytes", "latin1", "double", "nest", "nul", "bignum")
        ],
    ]
    text = P(
        "text",
        st.one_of(mutated, mutated, damaged, real),
        curated,
        extra=st.one_of(mutated, damaged, st.text(max_size=50)),
        generic=True,
    )
    pickles = st.one_of(
        st.builds(
            lambda kind, s_, n_, muts: Ref("pickle", (kind, game, s_, n_, muts)),
            st.sampled_from(["state", "state", "rules", "args"]),
            seed,
            steps,
            st.lists(mutation, min_size=1, max_size=3),
        ),
        st.builds(lambda s_, n_: Ref("pickle_of", (game, s_, n_)), seed, steps),
    )
    odd_args: list[Any] = [None, 5, 2**70, [], {}, b"{}", ""]
    odd_values: list[Any] = [None, 2**70, [], "x"]
    pickle_curated = [Ref("pickle", ("args", game, 0, 0, [(0, "replace", v)])) for v in odd_args] + [
        Ref("pickle", ("rules", game, 0, 0, [(k, "replace", v)]))
        for k in list(RULE_OPTIONS[game])[:3]
        for v in odd_values
    ]
    rules_dicts = [
        {},
        {"bogus": 1},
        {k: None for k in RULE_OPTIONS[game]},
        {k: 2**70 for k in RULE_OPTIONS[game]},
        {k: [] for k in RULE_OPTIONS[game]},
        {k: "x" * 10_000 for k in RULE_OPTIONS[game]},
        {1: 1},
        {None: None},
        [("jack_order", "seed")],
        "jack_order=seed",
    ]
    return [
        Entry(f"{game}.State.from_json", f"{m}:State.from_json", [text], group=g),
        Entry(
            f"pickle.loads({game} state or rules)",
            "pickle:loads",
            [P("data", pickles, pickle_curated, extra=pickles, generic=False)],
            group=g,
        ),
        Entry(
            f"{game}.Rules.from_dict",
            f"{m}:Rules.from_dict",
            [
                P(
                    "options",
                    st.fixed_dictionaries(
                        {}, optional={k: st.sampled_from(v) for k, v in RULE_OPTIONS[game].items()}
                    ),
                    rules_dicts,
                )
            ],
            group=g,
        ),
    ]


# ---- rules and matches ----


def rules_entries(game: str) -> list[Entry]:
    g = "Rules and Match"
    m = MODULE[game]
    options = RULE_OPTIONS[game]
    option_bad: list[Any] = [
        None,
        2**70,
        -1,
        0,
        "",
        "x",
        "STANDARD",
        1.5,
        [],
        np.bool_(True),
        np.int64(1),
        "true",
        1,
        "1",
    ]
    rules_params = [
        P(name, st.sampled_from(values), option_bad, keyword=True, optional=True)
        for name, values in options.items()
    ]
    out = [
        Entry(f"{game}.Rules", f"{m}:Rules", rules_params, group=g),
        Entry(
            f"{game}.Rules (positional)",
            f"{m}:Rules",
            [P("options", st.just({}), ["standard", None, {}])],
            group=g,
        ),
        Entry(
            f"{game}.Rules.replace",
            ".replace",
            rules_params,
            group=g,
            receiver=rules_sane(game).filter(lambda r: r is not None),
        ),
        Entry(f"{game}.Rules.options", f"{m}:Rules.options", [], group=g),
        Entry(
            f"{game}.Rules.__eq__",
            ".__eq__",
            [p_rules(game)],
            group=g,
            receiver=rules_sane(game).filter(lambda r: r is not None),
        ),
    ]
    match_params = [p_seed(), p_rules(game, optional=True)]
    match_params[1].sane = rules_sane(game).map(lambda r: r if r is not None else Ref("rules", (game, {})))
    if game == "sheepshead":
        match_params.append(p_seat(game, "dealer", optional=True))
    out.append(Entry(f"{game}.Match", f"{m}:Match", match_params, group=g))
    next_name = "next_hand" if game == "sheepshead" else "next_round"
    out.append(
        Entry(
            f"{game}.Match.{next_name}",
            f".{next_name}",
            [],
            group=g,
            receiver=st.builds(
                lambda s_, f: Ref("match", (game, s_, f, {})), st.integers(0, 50), st.booleans()
            ),
        )
    )
    if game == "tractor":
        c = CORE["tractor"]
        level = st.integers(2, 14)
        points = P(
            "points", st.integers(-400, 400), [2**31, 2**63, 2**64, 2**70, -(2**70), 10**5000, 1.0, True]
        )
        out += [
            Entry("tractor._core.level_outcome", f"{c}:level_outcome", [points], group=g),
            Entry("tractor.level_outcome", f"{m}:level_outcome", [points], group=g),
            Entry("tractor.team_of", f"{m}:team_of", [p_seat(game, "seat")], group=g),
            Entry(
                "tractor.next_round",
                f"{c}:next_round",
                [
                    P(
                        "levels",
                        st.tuples(level, level),
                        [(1, 2), (2, 15), (2**70, 2), (-1, 2), (2,), "22", (2.0, 2)],
                    ),
                    P("declarers", st.integers(0, 1), [-1, 2, 2**70, 2**64]),
                    p_seat(game, "starter"),
                    points,
                    P("game_end", st.sampled_from(["pass_ace", "must_defend_ace"]), ["", "x", "PASS_ACE"]),
                ],
                group=g,
            ),
        ]
    return out


# ---- vectors ----


def vector_entries(game: str) -> list[Entry]:
    g = "VectorState"
    c = CORE[game]
    out = [
        Entry(
            f"{game}.VectorState",
            f"{c}:VectorState",
            [p_count("n", 8), p_seed(), p_rules(game, keyword=True, optional=True)],
            group=g,
        )
    ]

    def vector_method(name: str, make: Any) -> Entry:
        def build(ctx: Any) -> Parts:
            n, seed_, steps = ctx if ctx is not None else (2, 0, 0)
            return Ref("vector", (game, n, seed_, steps)), make(n)

        ctx = st.tuples(st.integers(0, 6), st.integers(0, 20), st.sampled_from([0, 1, 5, 30, 200]))
        return Entry(f"{game}.VectorState.{name}", f".{name}", group=g, context=ctx, build=build)

    def step_params(n: int) -> list[P]:
        bad = [
            Ref("ndarray", ((n + 1,), "int64")),
            Ref("ndarray", ((n,), "float64")),
            Ref("ndarray", ((n,), "uint64")),
            Ref("ndarray", ((n,), "int8")),
            Ref("ndarray", ((n,), "bool")),
            Ref("ndarray", ((n, 1), "int64")),
            Ref("ndarray", ((), "int64")),
            Ref("readonly", ((n,),)),
            [0] * n,
            [-1] * n,
            [2**63] * n,
            [2**70] * n,
            [NUM_ACTIONS[game]] * n,
            [True] * n,
            np.full(n, -1, dtype=np.int64),
            np.full(n, 2**62, dtype=np.int64),
            np.full(n, NUM_ACTIONS[game], dtype=np.int64),
            np.full(n, 2**64 - 1, dtype=np.uint64),
            np.zeros(2 * n, dtype=np.int64)[::2],
        ]
        return [P("actions", st.just(Ref("ndarray", ((n,), "int64"))), bad)]

    out += [
        vector_method("step", step_params),
        vector_method(
            "state",
            lambda n: [
                P("i", st.integers(0, max(0, n - 1)), [-1, n, 2**63, 2**64, 2**70, 1.0, "0", np.int64(0)])
            ],
        ),
        vector_method("current_players", lambda n: []),
        vector_method("legal_action_masks", lambda n: []),
        vector_method("observations", lambda n: []),
    ]
    return out


# ---- Tractor's toolkit, Sheepshead's helpers, cards ----


def toolkit_entries() -> list[Entry]:
    g = "tractor toolkit"
    m = MODULE["tractor"]
    trump = p_trump()
    hand = p_cards("hand", tractor_hand(33))
    lead = p_cards("lead", tractor_lead())
    cards = p_cards("cards", tractor_hand(25))
    play = p_cards("play", tractor_hand(12))
    partial = p_cards("partial", tractor_hand(6))
    tmft = P(
        "tractor_must_follow_tractor",
        st.booleans(),
        [1, 0, "yes", 2**70, np.bool_(True)],
        keyword=True,
        optional=True,
    )
    follow_kind = P(
        "tractor_follow",
        st.sampled_from(["none", "full", "fallback"]),
        ["", "FULL", None, True, 1, "x" * 10_000],
        keyword=True,
        optional=True,
    )
    format_draw = P("format_based_draw", st.booleans(), [None, "no", 2, 2**70], keyword=True, optional=True)
    compare = P(
        "throw_compare",
        st.sampled_from(["pairs_first", "all_components", "highest", "unit_length"]),
        ["", "highest ", None, 0, "x" * 10_000],
        keyword=True,
        optional=True,
    )
    others = P(
        "other_hands",
        st.lists(tractor_hand(25), min_size=1, max_size=3),
        [
            [],
            [[]] * 1000,
            "AS",
            Ref("iter", ([["AS"]],)),
            [HUGE_HANDS[0]] * 3,
            [["AS"] * 3],
            [None],
            [5],
            Ref("raising_iter"),
        ],
        extra=st.lists(hands_abusive("tractor"), max_size=4),
    )
    limit = P(
        "limit",
        st.one_of(st.none(), st.integers(0, 10_000)),
        [-1, 2**64, 2**70, 1.0, "10", True, np.int64(5)],
        keyword=True,
        optional=True,
    )
    forced = P(
        "failed_throw_forced",
        st.just("fewest_cards_then_lowest"),
        ["", "fewest", "x" * 10_000],
        keyword=True,
        optional=True,
    )
    plays = P(
        "plays",
        st.lists(tractor_hand(4), min_size=1, max_size=4),
        [
            [],
            [[]] * 1000,
            "AS",
            [["AS"]] * 5,
            [["AS", "AS", "AS"]],
            [HUGE_HANDS[0]] * 4,
            [None],
            [["XX"]],
            Ref("iter", ([["AS"]],)),
        ],
        extra=st.lists(hands_abusive("tractor"), max_size=5),
    )
    rank_bad = [1, 15, 0, -1, 2**70, "1", "11", "X", "", "10 ", 2.0, "\uff2a", "j", "T"]
    suit_bad = ["X", "", "HH", "h", "♥", "T", 0, b"H"]
    out = [
        Entry(
            "tractor.Trump",
            f"{m}:Trump",
            [
                P("rank", st.sampled_from([*RANKS, None]), rank_bad),
                P("suit", st.sampled_from([*SUITS, None]), suit_bad),
            ],
            group=g,
        ),
        Entry("tractor.decompose", f"{m}:decompose", [cards, trump], group=g),
        Entry(
            "tractor.follow_error",
            f"{m}:follow_error",
            [hand, lead, play, trump, follow_kind, format_draw],
            group=g,
        ),
        Entry(
            "tractor.is_legal_follow",
            f"{m}:is_legal_follow",
            [hand, lead, play, trump, follow_kind, format_draw],
            group=g,
        ),
        Entry(
            "tractor.legal_follows",
            f"{m}:legal_follows",
            [hand, lead, trump, follow_kind, format_draw, limit],
            group=g,
        ),
        Entry("tractor.count_legal_follows", f"{m}:count_legal_follows", [hand, lead, trump, tmft], group=g),
        Entry(
            "tractor.follow_extensions",
            f"{m}:follow_extensions",
            [hand, lead, partial, trump, follow_kind, format_draw],
            group=g,
        ),
        Entry("tractor.check_throw", f"{m}:check_throw", [lead, others, trump, forced], group=g),
        Entry("tractor.trick_winner", f"{m}:trick_winner", [plays, trump, compare], group=g),
        Entry("tractor.trick_points", f"{m}:trick_points", [cards], group=g),
    ]
    card = P("card", card_texts("tractor"), BAD_CARDS, extra=cards_abusive)
    for name in ("is_trump", "suit_of", "strength"):
        out.append(Entry(f"tractor.Trump.{name}", f".{name}", [card], group=g, receiver=trumps_sane()))
    out.append(Entry("tractor.Trump.sort", ".sort", [cards], group=g, receiver=trumps_sane()))
    out.append(Entry("tractor.Trump.__eq__", ".__eq__", [trump], group=g, receiver=trumps_sane()))
    return out


def helper_entries() -> list[Entry]:
    g = "sheepshead helpers and Card"
    m = MODULE["sheepshead"]
    jack = P(
        "jack_order", st.sampled_from(["standard", "seed"]), ["", "STANDARD", 0, "x" * 10_000], optional=True
    )
    trick = P(
        "cards",
        st.lists(card_texts("sheepshead"), min_size=1, max_size=5, unique=True),
        [
            [],
            ["AS"] * 6,
            ["AS", "AS"],
            SHEEPSHEAD_CARDS,
            ["2C"],
            ["BJ"],
            "QC",
            ["QC", None],
            Ref("raising_iter"),
            Ref("big_list", ("AS", 10**6)),
            Ref("deep_list", (1000,)),
        ],
        extra=hands_abusive("sheepshead"),
    )
    card = P("card", card_texts("sheepshead"), BAD_CARDS, extra=cards_abusive)
    any_card = P("text", card_texts("tractor"), BAD_CARDS, extra=cards_abusive)
    out = [
        Entry("sheepshead.trick_winner", f"{m}:trick_winner", [trick, jack], group=g),
        Entry("sheepshead.suit_of", f"{m}:suit_of", [card], group=g),
        Entry("sheepshead.card_points", f"{m}:card_points", [card], group=g),
        Entry("sheepshead.trumps", f"{m}:trumps", [jack], group=g),
        Entry("Card", "tricktaker:Card", [any_card], group=g),
        Entry("Card.parse", "tricktaker:Card.parse", [any_card], group=g),
        Entry(
            "Card.from_id",
            "tricktaker:Card.from_id",
            [
                P(
                    "id",
                    st.integers(0, 53),
                    [
                        54,
                        255,
                        256,
                        2**31,
                        2**63,
                        2**64,
                        2**70,
                        -(2**70),
                        10**5000,
                        1.0,
                        "1",
                        np.int64(3),
                        np.uint64(2**64 - 1),
                    ],
                )
            ],
            group=g,
        ),
        Entry("Card.all", "tricktaker:Card.all", [], group=g),
    ]
    CARD_REFS = card_texts("tractor").map(lambda t: Ref("card", (t,)))
    for op in ("lt", "le", "gt", "ge", "eq", "ne"):
        out.append(
            Entry(
                f"Card.__{op}__",
                f"operator:{op}",
                [
                    # Always a Card on the left: a comparison of two foreign values is not ours to judge.
                    P("card", CARD_REFS, extra=CARD_REFS, generic=False),
                    P("other", CARD_REFS, BAD_CARDS),
                ],
                group=g,
            )
        )
    return out


# ---- environments ----


def env_entries(game: str) -> list[Entry]:
    g = "envs"
    module = f"tricktaker.envs.{game}_v0"
    render = P(
        "render_mode",
        st.sampled_from([None, "ansi"]),
        ["", "rgb_array", 5, "HUMAN"],
        keyword=True,
        optional=True,
    )
    if game == "sheepshead":
        params = [
            p_rules(game, keyword=True, optional=True),
            p_seat(game, "dealer", keyword=True, optional=True),
            P(
                "multiplier",
                st.sampled_from([1, 2]),
                [0, -1, 2**20 + 1, 2**70, 1.0],
                keyword=True,
                optional=True,
            ),
            render,
        ]
    else:
        level = st.integers(2, 14)
        params = [
            p_rules(game, keyword=True, optional=True),
            P(
                "levels",
                st.tuples(level, level),
                [(1, 2), (2**70, 2), (2,), "22"],
                keyword=True,
                optional=True,
            ),
            P("declarers", st.sampled_from([None, 0, 1]), [-1, 2, 2**70], keyword=True, optional=True),
            p_seat(game, "starter", keyword=True, optional=True),
            render,
        ]
        params[3].sane = st.sampled_from([None, 0, 1, 2, 3])
    out = [
        Entry(f"envs.{game}_v0.env", f"{module}:env", params, group=g),
        Entry(f"envs.{game}_v0.raw_env", f"{module}:raw_env", params, group=g),
    ]
    envs = st.builds(
        lambda seed_, steps: Ref("env", (game, {}, seed_, steps)),
        st.one_of(st.integers(0, 50), st.integers(0, 50), st.integers(0, 50), st.none()),
        st.sampled_from([0, 1, 5, 30, 200, 500]),
    )
    agents = [f"player_{i}" for i in range(NUM_PLAYERS[game])]
    agent = P("agent", st.sampled_from(agents), ["player_9", "player_-1", "", "player_0 ", 0, "PLAYER_0"])
    actions = [
        -1,
        NUM_ACTIONS[game],
        2**31,
        2**63,
        2**64,
        2**70,
        10**5000,
        1.0,
        np.int64(0),
        np.uint8(1),
        np.int64(-1),
        np.uint64(2**64 - 1),
        "pick",
        "0",
    ]
    methods: list[tuple[str, list[P]]] = [
        (
            "reset",
            [
                P(
                    "seed",
                    st.one_of(st.none(), seeds),
                    [*BAD_SEEDS, np.uint64(5), np.int64(5), np.uint64(2**64 - 1), np.int8(5)],
                    keyword=True,
                    optional=True,
                ),
                P("options", st.none(), [{"x": 1}, 5], keyword=True, optional=True, generic=False),
            ],
        ),
        ("step", [P("action", st.integers(0, NUM_ACTIONS[game] - 1), actions, extra=actions_abusive(game))]),
        ("observe", [agent]),
        ("last", []),
        ("action_space", [agent]),
        ("observation_space", [agent]),
        ("render", []),
        ("close", []),
    ]
    for name, mparams in methods:
        out.append(Entry(f"envs.{game}_v0.{name}", f".{name}", mparams, group=g, receiver=envs))
    return out


# ---- bots ----


def bot_entries() -> list[Entry]:
    g = "bots"
    out: list[Entry] = []
    seed_bad = [-1, 2**70, 10**5000, 1.5, float("nan"), "7", None]
    count_bad = [0, -1, 2**70, 1.5, None, "2"]
    constructors: dict[str, list[P]] = {
        "RandomBot": [
            P("seed", st.integers(0, 99), seed_bad, optional=True),
            P("name", st.just("r"), [None, 5], optional=True),
        ],
        "SheepsheadHeuristicBot": [P("name", st.just("h"), [None, 5], optional=True)],
        "TractorHeuristicBot": [P("name", st.just("h"), [None, 5], optional=True)],
        "SheepsheadPIMCBot": [
            P("samples", st.integers(1, 2), count_bad, keyword=True, optional=True),
            P("rollouts", st.integers(1, 2), count_bad, keyword=True, optional=True),
            P("seed", st.integers(0, 99), seed_bad, keyword=True, optional=True),
            P("threads", st.sampled_from([None, 1]), BAD_THREADS, keyword=True, optional=True),
            P(
                "bidding",
                st.sampled_from(["heuristic", None]),
                ["random", 5, "heuristic "],
                keyword=True,
                optional=True,
            ),
        ],
        "TractorPIMCBot": [
            P("samples", st.integers(1, 2), count_bad, keyword=True, optional=True),
            P("rollouts", st.integers(1, 2), count_bad, keyword=True, optional=True),
            P("seed", st.integers(0, 99), seed_bad, keyword=True, optional=True),
            P("threads", st.sampled_from([None, 1]), BAD_THREADS, keyword=True, optional=True),
            P("max_follows", st.integers(2, 4), [0, 1, -1, 2**70, 1.5], keyword=True, optional=True),
            P("point_weight", st.just(0.05), [float("nan"), float("inf"), "x"], keyword=True, optional=True),
            P(
                "policy",
                st.sampled_from(["random", "greedy"]),
                ["", "x", "RANDOM"],
                keyword=True,
                optional=True,
            ),
        ],
    }
    for kind, params in constructors.items():
        out.append(Entry(f"bots.{kind}", f"tricktaker.bots:{kind}", params, group=g))

    def bot_ref(kind: str) -> st.SearchStrategy[Ref]:
        params = constructors[kind]
        return st.fixed_dictionaries({}, optional={p.name: p.sane for p in params if p.name != "name"}).map(
            lambda kw: Ref("bot", (kind, kw))
        )

    for kind in constructors:
        own = "sheepshead" if "Sheepshead" in kind else "tractor" if "Tractor" in kind else None
        games = [own] if own else list(GAMES)
        states = st.one_of([state_refs(game) for game in games])
        other = [Ref("state", ("tractor" if own == "sheepshead" else "sheepshead", 1, 10))] if own else []
        terminal = [Ref("state", (game, 1, 400)) for game in games]
        out.append(
            Entry(
                f"bots.{kind}.act",
                ".act",
                [
                    P(
                        "state",
                        states,
                        [*terminal, *other, Ref("rules", (games[0], {})), None, 5, "state"],
                        generic=False,
                    )
                ],
                group=g,
                receiver=bot_ref(kind),
                timeout=60,
            )
        )

    def arena(ctx: Any) -> Parts:
        game, field = ctx if ctx is not None else ("sheepshead", [Ref("bot", ("RandomBot", {}))] * 5)
        return None, [
            P("game", st.just(game), ["", "Sheepshead", "chess", "tractor "]),
            P(
                "bots",
                st.just(field),
                [
                    field[:-1],
                    [*field, field[0]],
                    [],
                    [None] * len(field),
                    [5] * len(field),
                    [
                        Ref(
                            "bot",
                            ("TractorHeuristicBot" if game == "sheepshead" else "SheepsheadHeuristicBot", {}),
                        )
                    ]
                    * len(field),
                ],
            ),
            P("hands", st.integers(2, 3), [0, 1, -1, 2**40, 2**70, 2.0, "3"]),
            P("seed", st.integers(0, 2**64 - 1), seed_bad),
        ]

    cheap = {
        "sheepshead": ["RandomBot", "SheepsheadHeuristicBot"],
        "tractor": ["RandomBot", "TractorHeuristicBot"],
    }
    ctx = st.sampled_from(GAMES).flatmap(
        lambda game: st.tuples(
            st.just(game),
            st.lists(
                st.sampled_from(cheap[game]).map(lambda k: Ref("bot", (k, {}))),
                min_size=NUM_PLAYERS[game],
                max_size=NUM_PLAYERS[game],
            ),
        )
    )
    out.append(Entry("bots.arena", "tricktaker.bots:arena", group=g, context=ctx, build=arena, timeout=60))
    return out


def entries_strategy(entries: list[Entry]) -> st.SearchStrategy[Call]:
    """Random calls of any of ``entries``."""
    return st.one_of([e.strategy() for e in entries])


# ---- the command line ----

COUNT_WORDS = [
    "0",
    "-1",
    "1e12",
    "1099511627776",
    "18446744073709551616",
    "9" * 5000,
    "1e400",
    "nan",
    "inf",
    "1_000",
    "0x10",
    "",
    " 5",
    "5 ",
    "٣",
    "1.5",
    "2147483648",
    "10000",
    "--",
    "-9" * 10,
]
UNWRITABLE_FILES = [
    "/proc/tricktaker-fuzz/out.json",
    "/dev/null/out.json",
    "/dev/full",
    "/proc/self",
    "/nonexistent-tricktaker-fuzz/out.json",
    "9" * 5000,
]
"""``--record FILE`` / ``--html OUT`` paths that cannot be written (a directory, a path under a file, a full
device, a name too long, /proc): absolute, or too long for any file system, so that nothing is ever written
into the checkout (the CLI processes run in it)."""
UNWRITABLE_DIRS = [
    "/proc/tricktaker-fuzz",
    "/proc/self",
    "/dev/null",
    "/dev/full",
    "/dev/null/deals",
    "9" * 5000,
]
"""``arena --record DIR`` directories that cannot be made or written to (never ``""``, ``"/"`` or a relative
path: those are writable, and a run in the checkout would write its records there)."""
UNREADABLE_FILES = [
    "/nonexistent-tricktaker-fuzz.json",
    "/dev/null",
    "/",
    "",
    "/proc/self/status",
    "/proc/self/mem",
    "/dev/null/x.json",
    "9" * 5000,
    "\udcff.json",
]
"""``--resume FILE`` / ``replay FILE`` paths that hold no saved game or record: missing, empty, a directory,
text that is not JSON, a file that cannot be read, a name too long, a name that is not UTF-8."""
SEED_WORDS = [
    "-1",
    "18446744073709551616",
    "0x10",
    "0b1",
    "1e3",
    "9" * 5000,
    "",
    "nan",
    "0o7",
    "1_0",
    "٣",
    "2**64",
]


LONG_COUNT_WORDS = {"1e12", "2147483648", "10000", "1_000"}
"""Counts that ``simulate --games`` and ``arena --hands`` take and play for minutes or hours: a Ctrl-C case
(the fixed process cases have them), a hang in a child that no Ctrl-C reaches."""


@st.composite
def cli_argv(draw: st.DrawFn, allow_slow: bool = False, long_counts: bool | None = None) -> list[str]:
    """An argv for ``tricktaker``: a command and game, then flags with sane and abusive values. ``allow_slow``
    adds the search bot; ``long_counts`` (default: ``allow_slow``) the counts of :data:`LONG_COUNT_WORDS`."""
    long_counts = allow_slow if long_counts is None else long_counts
    counts = COUNT_WORDS if long_counts else [w for w in COUNT_WORDS if w not in LONG_COUNT_WORDS]
    command = draw(
        st.sampled_from(
            [
                "simulate",
                "simulate",
                "play",
                "play",
                "arena",
                "generate",
                "replay",
                "bench",
                "",
                "bogus",
                "--version",
                "--help",
            ]
        )
    )
    argv = [command] if command else []
    if command == "replay" and draw(st.integers(0, 7)) > 0:
        argv.append(draw(st.sampled_from(UNREADABLE_FILES)))
    if command in ("simulate", "play", "arena", "generate"):
        game = draw(
            st.sampled_from(["sheepshead", "tractor", "sheepshead", "tractor", "chess", "", "Sheepshead"])
        )
        argv.append(game)
    small = st.sampled_from(["1", "2", "3", "7"])
    flags: list[tuple[str, st.SearchStrategy[str]]] = [
        (
            "--seed",
            st.one_of(st.sampled_from(["0", "1", "42", "18446744073709551615"]), st.sampled_from(SEED_WORDS)),
        ),
        ("--json", st.just("")),
        ("--bogus", st.just("")),
        ("--help", st.just("")),
    ]
    if command == "simulate":
        flags += [
            ("--games", st.one_of(st.sampled_from(["1", "10", "200", "1e2"]), st.sampled_from(counts))),
            ("--threads", st.one_of(st.sampled_from(["1", "2"]), st.sampled_from(COUNT_WORDS))),
            ("--progress", st.just("")),
            ("--no-progress", st.just("")),
            ("--jack-order", st.sampled_from(["seed", "x", ""])),
            ("--kitty-multiplier", st.sampled_from(["exp", "x"])),
            ("--hands-per-game", st.sampled_from(["3"])),
        ]
    elif command == "play":
        flags += [
            ("--seat", st.one_of(small, st.sampled_from(["-1", "5", "2**70", "9" * 5000, "x", ""]))),
            ("--hands", st.one_of(small, st.sampled_from(COUNT_WORDS))),
            ("--rounds", st.one_of(small, st.sampled_from(COUNT_WORDS))),
            ("--deals", st.one_of(small, st.sampled_from(COUNT_WORDS))),
            ("--threads", st.one_of(st.sampled_from(["1", "2"]), st.sampled_from(COUNT_WORDS))),
            (
                "--opponents",
                st.sampled_from(["random", "heuristic", "x", ""] + (["pimc"] if allow_slow else [])),
            ),
            ("--jack-order", st.sampled_from(["seed", "x"])),
            ("--all-pass", st.sampled_from(["doubler", "x"])),
            ("--plain", st.just("")),
            ("--record", st.sampled_from([*UNWRITABLE_FILES, "/dev/null"])),
            ("--resume", st.sampled_from(UNREADABLE_FILES)),
        ]
    elif command == "arena":
        bots = ["random", "heuristic"] + (["pimc"] if allow_slow else [])
        flags += [
            (
                "--bots",
                st.one_of(
                    st.lists(st.sampled_from(bots), min_size=1, max_size=6).map(",".join),
                    st.sampled_from(["", ",", "random,,random", "x", "random," * 1000, "\x00"]),
                ),
            ),
            ("--hands", st.one_of(st.sampled_from(["2", "3"]), st.sampled_from(counts))),
            ("--deals", st.one_of(st.sampled_from(["2", "3"]), st.sampled_from(counts))),
            ("--plain", st.just("")),
            ("--progress", st.just("")),
            ("--no-progress", st.just("")),
            ("--record", st.sampled_from(UNWRITABLE_DIRS)),
        ]
    elif command == "generate":
        flags += [
            (
                "--bots",
                st.one_of(
                    st.lists(st.sampled_from(["random", "heuristic"]), min_size=1, max_size=6).map(",".join),
                    st.sampled_from(["", ",", "x", "\x00"]),
                ),
            ),
            ("--hands", st.one_of(st.sampled_from(["2", "3"]), st.sampled_from(counts))),
            ("--out", st.sampled_from([*UNWRITABLE_DIRS, "shards", ""])),
            ("--shard-hands", st.one_of(small, st.sampled_from(COUNT_WORDS))),
            ("--format", st.sampled_from(["arrays", "records", "csv", ""])),
            ("--workers", st.one_of(small, st.sampled_from(COUNT_WORDS))),
            ("--no-progress", st.just("")),
        ]
    elif command == "replay":
        flags += [
            ("--html", st.sampled_from(UNWRITABLE_FILES)),
            ("--seat", st.one_of(small, st.sampled_from(["-1", "8", "9" * 5000, "x", ""]))),
            ("--deal", st.one_of(small, st.sampled_from(COUNT_WORDS))),
            ("--step", st.one_of(small, st.sampled_from(COUNT_WORDS))),
            ("--plain", st.just("")),
        ]
    elif command == "bench":
        flags += [("--quick", st.just("")), ("--quick=3", st.just(""))]
    chosen = draw(st.lists(st.sampled_from(flags), max_size=5))
    needs = {"simulate": ["--games", "--seed"], "arena": ["--bots"], "generate": ["--bots", "--out"]}.get(
        command, []
    )
    names = [f for f, _ in chosen]
    for required in needs:
        if required not in names and draw(st.integers(0, 5)) > 0:
            chosen.append(next((f, s) for f, s in flags if f == required))
    for flag, values in chosen:
        value = draw(values)
        if flag in (
            "--json",
            "--bogus",
            "--help",
            "--progress",
            "--no-progress",
            "--plain",
            "--quick",
            "--quick=3",
        ):
            argv.append(flag)
        elif draw(st.integers(0, 6)) == 0:
            argv.append(f"{flag}={value}")
        else:
            argv += [flag, value]
    if draw(st.integers(0, 12)) == 0:
        argv.insert(
            draw(st.integers(0, len(argv))),
            draw(st.sampled_from(["--", "-", "-x", "\x00", "é", "\ud800", "9" * 5000])),
        )
    return argv


ANSWERS = [
    "",
    "1",
    "2",
    "0",
    "-1",
    "99",
    "999999999999999999999",
    "9" * 5000,
    "help",
    "show",
    "pick",
    "pass",
    "play AS",
    "AS KS",
    "AS AS AS",
    "bury QC JD",
    "declare 2H",
    "finish",
    "\x00",
    "é",
    "\U0001f0a1",
    " " * 1000,
    "1e5",
    "nan",
    "1 2",
    "1,2",
    "٣",
    "x" * 100_000,
    "\ud800",
    "quit",
]


CLI_WORDS = {"simulate", "play", "arena", "generate", "replay", "bench", "sheepshead", "tractor"}


@st.composite
def cli_main_calls(draw: st.DrawFn, allow_slow: bool = False) -> Call:
    argv = draw(cli_argv(allow_slow, long_counts=False))
    if "bench" in argv and "--help" not in argv and draw(st.integers(0, 3)) > 0:
        argv.append("--bogus")  # a real bench takes seconds: the CLI process test runs one
    lines = draw(st.lists(st.one_of(st.sampled_from(ANSWERS), st.text(max_size=10)), max_size=30))
    return Call(
        "scenario:cli",
        (argv, lines),
        group="cli (in process)",
        name="cli.main " + " ".join(w for w in argv[:2] if w in CLI_WORDS),
        tag="",
        timeout=60,
    )


STDIN_CHUNKS = [
    b"",
    b"\n",
    b"1\n",
    b"help\n",
    b"\xff\xfe\n",
    b"\x80abc\n",
    b"\xc3\x28\n",
    b"\xed\xa0\x80\n",
    b"9" * 5000 + b"\n",
    b"\x00\n",
    b"play AS\n",
    b"quit\n",
    b"x" * 1_000_000 + b"\n",
    "é\n".encode("latin-1"),
    "\U0001f0a1\n".encode(),
    b"\r\n",
    b"1" * 20 + b"\n",
]
stdin_bytes = st.lists(st.sampled_from(STDIN_CHUNKS), max_size=12).map(b"".join)


# ---- pictures (tricktaker.render) ----


class Endless:
    """An iterable of cards that never ends (``itertools.repeat(card)``, as a class that pickles by reference:
    the child imports this module to build it). What a caller's endless generator looks like to the
    library."""

    def __init__(self, item: Any = "AS") -> None:
        self.item = item

    def __iter__(self) -> Endless:
        return self

    def __next__(self) -> Any:
        return self.item

    def __repr__(self) -> str:
        return f"<endless {self.item!r}>"


ENDLESS = [Endless("XX"), Endless(None)]
"""Endless iterables whose first item is no card: refused at once, if the library looks at them one by one."""
BAD_FLAGS = [1, 0, None, "yes", "", np.bool_(True), np.int64(1), 1.0, [True]]
"""Values for a ``bool`` keyword that are not a ``bool``."""


def render_entries() -> list[Entry]:
    g = "render"
    r = "tricktaker.render"
    games = st.sampled_from(GAMES)
    any_game_state = st.one_of(any_state("sheepshead"), any_state("tractor"))
    some_cards = st.lists(card_texts("tractor"), max_size=33)
    state_bad = [
        Ref("rules", ("tractor", {})),
        Ref("match", ("sheepshead", 1, False, {})),
        Ref("vector", ("tractor", 2, 1, 0)),
        *([Ref("env", ("sheepshead", {}, 1, 0))] if HAVE_ENVS else []),
        Ref("card", ("AS",)),
        "state",
        0,
    ]
    trump = P(
        "trump",
        st.one_of(st.none(), trumps_sane()),
        ["2H", ("2", "H"), Ref("rules", ("tractor", {})), Ref("card", ("2H",)), True, 0],
        extra=trumps_abusive,
        keyword=True,
        optional=True,
    )
    game_bad = ["", "Sheepshead", "chess", "tractor ", b"tractor", Ref("str_sub", ("tractor",)), 0, True]
    out = [
        Entry(
            "render.card",
            f"{r}:card",
            [
                P(
                    "card",
                    st.one_of(card_texts("tractor"), card_texts("tractor").map(lambda t: Ref("card", (t,)))),
                    [*BAD_CARDS, True, False, *ENDLESS],
                    extra=cards_abusive,
                ),
                trump,
                P(
                    "game",
                    st.sampled_from([None, "sheepshead", "tractor"]),
                    game_bad,
                    keyword=True,
                    optional=True,
                ),
                P("face_down", st.booleans(), BAD_FLAGS, keyword=True, optional=True),
                P("legal", st.sampled_from([None, True, False]), BAD_FLAGS[:-1], keyword=True, optional=True),
            ],
            group=g,
            timeout=5,
        ),
    ]

    def hand(ctx: Any) -> Parts:
        game = ctx if ctx is not None else "tractor"
        cards = st.one_of(
            st.lists(card_texts(game), max_size=33),
            st.builds(
                lambda s_, n_, seat: Ref("hand", (game, s_, n_, seat)),
                st.integers(0, 30),
                st.sampled_from(STEPS),
                st.integers(0, NUM_PLAYERS[game] - 1),
            ),
        )
        other = "tractor" if game == "sheepshead" else "sheepshead"
        return None, [
            P(
                "cards",
                cards,
                [
                    *ENDLESS,
                    Ref("raising_iter"),
                    Ref("iter", (["AS", "KS"],)),
                    ["AS"] * 200,
                    ["AS"] * 100_000,
                    TRACTOR_CARDS * 2,
                    ["2C", "BJ"],
                    "AS KS",
                    "AS",
                    Ref("card", ("AS",)),
                    {"AS": 1},
                    [["AS"]],
                    ["AS", None],
                    ["AS", 5],
                    ["XX"],
                    5,
                ],
                extra=hands_abusive(game),
            ),
            P("game", st.just(game), [*game_bad, other, None], keyword=True),
            trump,
            P(
                "legal",
                st.one_of(st.none(), st.lists(card_texts(game), max_size=4)),
                [*ENDLESS, Ref("raising_iter"), "AS", 5, [None], ["XX"], Ref("card", ("AS",))],
                extra=hands_abusive(game),
                keyword=True,
                optional=True,
            ),
        ]

    out.append(Entry("render.hand", f"{r}:hand", group=g, context=games, build=hand, timeout=5))
    out.append(
        Entry(
            "render.Hand",
            f"{r}:Hand",
            [
                P(
                    "cards",
                    some_cards,
                    [*ENDLESS, Ref("raising_iter"), 5, None, "AS KS", ["XX"], [None], Ref("card", ("AS",))],
                    extra=hands_abusive("tractor"),
                    optional=True,
                ),
                P("game", st.just("tractor"), [*game_bad, None], optional=True),
                P(
                    "trump",
                    st.one_of(st.none(), trumps_sane()),
                    ["2H", True, 0],
                    extra=trumps_abusive,
                    optional=True,
                ),
            ],
            group=g,
            timeout=5,
        )
    )
    out.append(
        Entry(
            "render.trick",
            f"{r}:trick",
            [P("state", any_game_state, state_bad, extra=states_abusive("tractor"))],
            group=g,
            timeout=5,
        )
    )

    def table(ctx: Any) -> Parts:
        game = ctx if ctx is not None else "sheepshead"
        n = NUM_PLAYERS[game]
        return None, [
            P("state", any_state(game), state_bad, extra=states_abusive(game)),
            P(
                "seat",
                st.one_of(st.none(), st.integers(0, n - 1)),
                [
                    -1,
                    n,
                    2**63,
                    2**64,
                    2**70,
                    10**5000,
                    -(10**5000),
                    True,
                    False,
                    1.0,
                    "0",
                    np.int64(1),
                    np.uint64(2**64 - 1),
                    np.int8(-1),
                    Ref("bad_index"),
                ],
                extra=seats_abusive(game),
                keyword=True,
                optional=True,
            ),
        ]

    out.append(Entry("render.table", f"{r}:table", group=g, context=games, build=table, timeout=5))
    out.append(
        Entry(
            "render.Hand._repr_svg_",
            "._repr_svg_",
            [],
            group=g,
            receiver=st.builds(
                lambda game, s_, n_, seat: Ref("hand", (game, s_, n_, seat)),
                games,
                st.integers(0, 30),
                st.sampled_from(STEPS),
                st.integers(0, 3),
            ),
            timeout=5,
        )
    )
    return out


RENDER_BOUND_SECONDS = 3.0
"""The deadline of :func:`render_endless_calls`: a hand of every card of both decks draws in milliseconds."""


def render_endless_calls() -> list[Call]:
    """Cards that never end or are a million long (a caller's generator, a bug upstream): refused in bounded
    time and memory, not drawn until the memory runs out. Each its own entry point, so that one that hangs
    does not stop the others' matrix."""
    r = "tricktaker.render"
    big = Ref("big_list", ("AS", 1_000_000))
    cases: list[tuple[str, str, tuple[Any, ...], dict[str, Any]]] = [
        ("render.hand (cards that never end)", f"{r}:hand", (Endless("AS"),), {"game": "tractor"}),
        (
            "render.hand (legal cards that never end)",
            f"{r}:hand",
            (["AS"],),
            {"game": "tractor", "legal": Endless("AS")},
        ),
        ("render.hand (a million cards)", f"{r}:hand", (big,), {"game": "sheepshead"}),
        ("render.Hand (cards that never end)", f"{r}:Hand", (Endless("QC"),), {"game": "sheepshead"}),
    ]
    return [
        Call(target, args, kwargs, group="render", name=name, timeout=RENDER_BOUND_SECONDS)
        for name, target, args, kwargs in cases
    ]


# ---- game records (tricktaker.record) and the saved games of ``play`` ----


@dataclass(frozen=True)
class Probe:
    """A call with what the contract asks of it beyond the harness's own rules (for the records tests)."""

    call: Call
    label: str
    """What the call is, for the findings: ``record.from_record(<sheepshead-hand: seat + 1, as bytes>)``."""
    record_error: bool = False
    """A refusal must be a ``RecordError`` (the readers of records)."""
    where: str = ""
    """A regex the ``RecordError``'s message must match: the deal and the step the mutation is at."""
    file_errors: bool = False
    """An ``OSError`` is a refusal too (a path that cannot be read), and so are a ``TypeError`` (no path) and
    an ``ArgumentError`` (a text that is no path of this system)."""


@dataclass
class Corpus:
    """Real records and saved games written by the library in the child (:func:`write_corpus`), read back by
    the parent, and a directory to write their mutations to (the CLI and ``record.load`` take files)."""

    directory: str
    records: dict[str, str]
    """Name -> the JSON text of a record (``sheepshead-hand``, ``tractor-match``…)."""
    saves: dict[str, str]
    """Name -> the JSON text of a game saved by ``play``'s ``save FILE``."""

    def file(self, content: str | bytes, suffix: str = ".json") -> str:
        """A file holding ``content`` (written once, named by its hash) in :attr:`directory`."""
        data = content.encode("utf-8", "surrogatepass") if isinstance(content, str) else content
        path = os.path.join(self.directory, f"f-{hashlib.sha1(data).hexdigest()[:16]}{suffix}")
        if not os.path.exists(path):
            with open(path, "wb") as f:
                f.write(data)
        return path

    def out(self, label: str, suffix: str = ".json") -> str:
        """A fresh path to write to (a record, a page, a save), unique to ``label``."""
        return os.path.join(
            self.directory, f"out-{hashlib.sha1(label.encode('utf-8', 'replace')).hexdigest()[:16]}{suffix}"
        )


class _Inert(Exception):
    """The mutation does not apply to this record (no such field, no action)."""


_SURROGATE = re.compile("[\ud800-\udfff]")


def _token(name: str) -> str:
    return f"\x00tt:{name}\x00"


_TOKEN_TEXT = {
    "deep": "[" * 100_000 + "]" * 100_000,
    "nan": "NaN",
    "inf": "Infinity",
    "-inf": "-Infinity",
    "1e400": "1e400",
    "bignum": "9" * 5000,
}
"""What a token (:func:`_token`) stands for in a record's JSON text: what ``json.dumps`` cannot write."""
_TOKEN_VALUE: dict[str, Any] = {
    "deep": Ref("deep_list", (100_000,)),
    "nan": float("nan"),
    "inf": float("inf"),
    "-inf": float("-inf"),
    "1e400": float("inf"),
    "bignum": 10**5000,
}
"""What a token stands for in a record given as data (a ``dict``)."""


def _texts_of(doc: Any) -> str:
    text = json.dumps(doc, ensure_ascii=False)
    for name, value in _TOKEN_TEXT.items():
        text = text.replace(json.dumps(_token(name)), value)
    return text


def _values_of(doc: Any) -> Any:
    if isinstance(doc, str) and doc.startswith("\x00tt:"):
        return _TOKEN_VALUE[doc[4:-1]]
    if isinstance(doc, list):
        return [_values_of(v) for v in doc]
    if isinstance(doc, dict):
        return {k: _values_of(v) for k, v in doc.items()}
    return doc


def _deal_of(doc: dict[str, Any], k: int, *, with_actions: bool = False) -> tuple[int, dict[str, Any]]:
    deals = [
        (j, d)
        for j, d in enumerate(doc["deals"])
        if isinstance(d, dict) and (not with_actions or (isinstance(d.get("actions"), list) and d["actions"]))
    ]
    if not deals:
        raise _Inert
    return deals[k % len(deals)]


def _action_of(doc: dict[str, Any], k: int) -> tuple[int, int, list[Any]]:
    j, deal = _deal_of(doc, k, with_actions=True)
    actions = deal["actions"]
    return j, (k * 7919 + k // 7) % len(actions), actions


def _step(j: int, i: int) -> str:
    return rf"^deal {j + 1}, step {i + 1}\b"


def _deal_at(j: int) -> str:
    return rf"^deal {j + 1}\b"


def _action_field(field: str, value: Any) -> Any:
    """A mutation setting ``field`` of one action to ``value(action, doc)``: refused at that very step."""

    def op(doc: dict[str, Any], k: int) -> str:
        j, i, actions = _action_of(doc, k)
        actions[i][field] = value(actions[i], doc)
        return _step(j, i)

    return op


def _actions(change: Any) -> Any:
    """A mutation of one deal's list of actions (``change(actions, i)`` in place): refused in that deal."""

    def op(doc: dict[str, Any], k: int) -> str:
        j, i, actions = _action_of(doc, k)
        change(actions, i)
        return _deal_at(j)

    return op


def _deal_field(path: tuple[Any, ...], value: Any) -> Any:
    """A mutation of a deal's field at ``path`` (``value(old)``, ``_DROP`` deletes it): refused there."""

    def op(doc: dict[str, Any], k: int) -> str:
        j, deal = _deal_of(doc, k)
        parent: Any = deal
        for key in path[:-1]:
            parent = parent[key]
        last = path[-1]
        if isinstance(parent, list):
            if not parent:
                raise _Inert
            last = last % len(parent)
        elif last not in parent:
            raise _Inert
        new = value(parent[last])
        if new is _DROP:
            del parent[last]
        else:
            parent[last] = new
        return _deal_at(j)

    return op


def _top(key: str, value: Any) -> Any:
    """A mutation of a top-level field (``value(old)``, ``_DROP`` deletes it, ``_MISSING`` when absent)."""

    def op(doc: dict[str, Any], k: int) -> str:
        new = value(doc.get(key, _MISSING))
        if new is _DROP:
            doc.pop(key, None)
        else:
            doc[key] = new
        return ""

    return op


def _rule(choose: Any) -> Any:
    """A mutation of one rule option (the ``k``-th): ``choose(name, old)``."""

    def op(doc: dict[str, Any], k: int) -> str:
        rules = doc["rules"]
        if not isinstance(rules, dict) or not rules:
            raise _Inert
        name = sorted(rules)[k % len(rules)]
        rules[name] = choose(name, rules[name])
        return ""

    return op


def _other_choice(name: str, old: Any) -> Any:
    for options in RULE_OPTIONS.values():
        if name in options:
            others = [v for v in options[name] if v != old]
            if others:
                return others[0]
    raise _Inert


def _swap_cards(deal: dict[str, Any]) -> None:
    hands = deal["deal"]["hands"]
    hands[0][0], hands[1][0] = hands[1][0], hands[0][0]


def _match_deals(change: Any) -> Any:
    def op(doc: dict[str, Any], k: int) -> str:
        deals = doc["deals"]
        if len(deals) < 2:
            raise _Inert
        change(deals, k % (len(deals) - 1))
        return r"^(deal \d+|totals)\b"

    return op


def _upper(text: Any) -> Any:
    if not isinstance(text, str) or text.upper() == text:
        raise _Inert
    return text.upper()


_DROP = object()
_MISSING = object()


def _seats(action: Any, doc: dict[str, Any]) -> int:
    """How many seats the record's game has (the first seat out of range)."""
    return len(doc["seats"])


def _cards_swapped(doc: dict[str, Any], k: int) -> str:
    j, deal = _deal_of(doc, k)
    _swap_cards(deal)
    return _deal_at(j)


RECORD_OPS: dict[str, Any] = {
    # one action: refused at that very step
    "seat + 1": _action_field("seat", lambda a, doc: (a["seat"] + 1) % _seats(a, doc)),
    "seat out of range": _action_field("seat", _seats),
    "seat -1": _action_field("seat", lambda a, doc: -1),
    "seat as text": _action_field("seat", lambda a, doc: str(a["seat"])),
    "seat as float": _action_field("seat", lambda a, doc: float(a["seat"])),
    "seat as bool": _action_field("seat", lambda a, doc: bool(a["seat"])),
    "seat null": _action_field("seat", lambda a, doc: None),
    "seat 5000 digits": _action_field("seat", lambda a, doc: _token("bignum")),
    "seat NaN": _action_field("seat", lambda a, doc: _token("nan")),
    "seat 1e400": _action_field("seat", lambda a, doc: _token("1e400")),
    "action junk": _action_field("action", lambda a, doc: "play XX"),
    "action upper case": _action_field("action", lambda a, doc: _upper(a["action"])),
    "action padded": _action_field("action", lambda a, doc: f" {a['action']}"),
    "action 300 chars": _action_field("action", lambda a, doc: "play " + "A" * 300),
    "action 1 MB": _action_field("action", lambda a, doc: "x" * 1_000_000),
    "action lone surrogate": _action_field("action", lambda a, doc: a["action"] + "\ud800"),
    "action NUL": _action_field("action", lambda a, doc: a["action"] + "\x00"),
    "action as number": _action_field("action", lambda a, doc: 5),
    "action null": _action_field("action", lambda a, doc: None),
    "action as list": _action_field("action", lambda a, doc: a["action"].split()),
    "action nested deep": _action_field("action", lambda a, doc: _token("deep")),
    "action extra field": _action_field("id", lambda a, doc: 3),
    "action without seat": _actions(lambda acts, i: acts[i].pop("seat")),
    "action as text": _actions(lambda acts, i: acts.__setitem__(i, acts[i]["action"])),
    # the list of actions: refused in that deal
    "drop an action": _actions(lambda acts, i: acts.pop(i)),
    "repeat an action": _actions(lambda acts, i: acts.insert(i, dict(acts[i]))),
    "swap two actions": _actions(lambda acts, i: acts.insert(max(i - 1, 0), acts.pop(i)) if i else _inert()),
    "move an action to the end": _actions(lambda acts, i: acts.append(acts.pop(i))),
    "reverse the actions": _actions(lambda acts, i: acts.reverse()),
    "drop the later half": _actions(lambda acts, i: acts.__delitem__(slice(len(acts) // 2, None))),
    "another step's action": _actions(
        lambda acts, i: acts[i].__setitem__("action", acts[(i + 3) % len(acts)]["action"])
    ),
    "the actions 50 times": _actions(lambda acts, i: acts.extend(acts * 49)),
    "100,001 actions": _actions(lambda acts, i: acts.extend([{}] * (100_001 - len(acts)))),
    # a deal's other fields
    "card junk": _deal_field(("deal", "hands", 0, 0), lambda c: "XX"),
    "card lower case": _deal_field(("deal", "hands", 0, 0), lambda c: c.lower()),
    "card with a symbol": _deal_field(
        ("deal", "hands", 0, 0), lambda c: c[:-1] + {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}.get(c[-1], c[-1])
    ),
    "card as number": _deal_field(("deal", "hands", 0, 0), lambda c: 12),
    "card 9 characters": _deal_field(("deal", "hands", 0, 0), lambda c: "QC" + " " * 7),
    "card dropped": _deal_field(("deal", "hands", 0), lambda h: h[1:]),
    "card repeated": _deal_field(("deal", "hands", 0), lambda h: [*h, h[0]]),
    "cards swapped between hands": _cards_swapped,
    "deal null": _deal_field(("deal",), lambda d: None),
    "deal empty": _deal_field(("deal",), lambda d: {}),
    "result null": _deal_field(("result",), lambda r: None if r is not None else _inert()),
    "result empty": _deal_field(("result",), lambda r: {} if r is not None else _inert()),
    "result returns changed": _deal_field(("result", "returns", 0), lambda v: v + 1),
    "result field dropped": _deal_field(("result", "returns"), lambda v: _DROP),
    "result field added": _deal_field(
        ("result",), lambda r: {**r, "bonus": 1} if isinstance(r, dict) else _inert()
    ),
    "result as list": _deal_field(("result",), lambda r: [r]),
    "start null": _deal_field(("start",), lambda s_: None),
    "start empty": _deal_field(("start",), lambda s_: {}),
    "start field dropped": _deal_field(("start",), lambda s_: dict(list(s_.items())[1:])),
    "start with a history": _deal_field(("start",), lambda s_: {**s_, "history": []}),
    "start with a game": _deal_field(("start",), lambda s_: {**s_, "game": "sheepshead"}),
    "start unknown field": _deal_field(("start",), lambda s_: {**s_, "bogus": 1}),
    "start rng changed": _deal_field(("start", "rng", 0), lambda w: w ^ 1),
    "start rng 2**64": _deal_field(("start", "rng"), lambda w: [2**64] * 4),
    "start dealer + 1": _deal_field(("start", "dealer"), lambda d: (d + 1) % 5),
    "start multiplier 2**70": _deal_field(("start", "multiplier"), lambda m: 2**70),
    "start levels junk": _deal_field(("start", "levels"), lambda v: [1, 99]),
    "start tractor rng changed": _deal_field(("start", "start", "deal", "rng", 0), lambda w: w ^ 1),
    "number + 1": _deal_field(("number",), lambda n: n + 1),
    "number as text": _deal_field(("number",), lambda n: str(n)),
    "number 1.0": _deal_field(("number",), lambda n: float(n)),
    # the record
    "format 2": _top("tricktaker_record", lambda v: 2),
    "format 0": _top("tricktaker_record", lambda v: 0),
    "format as text": _top("tricktaker_record", lambda v: "1"),
    "format 1.0": _top("tricktaker_record", lambda v: 1.0),
    "format true": _top("tricktaker_record", lambda v: True),
    "format 5000 digits": _top("tricktaker_record", lambda v: _token("bignum")),
    "format Infinity": _top("tricktaker_record", lambda v: _token("inf")),
    "format missing": _top("tricktaker_record", lambda v: _DROP),
    "the other game": _top("game", lambda v: "tractor" if v == "sheepshead" else "sheepshead"),
    "game chess": _top("game", lambda v: "chess"),
    "game as number": _top("game", lambda v: 1),
    "game 1 MB": _top("game", lambda v: "x" * 1_000_000),
    "kind hand": _top("kind", lambda v: "hand" if v != "hand" else "round"),
    "kind match": _top("kind", lambda v: "match" if v != "match" else "hand"),
    "kind as list": _top("kind", lambda v: [v]),
    "seats one short": _top("seats", lambda v: v[:-1]),
    "seats one more": _top("seats", lambda v: [*v, "extra"]),
    "seat name empty": _top("seats", lambda v: ["", *v[1:]]),
    "seat name 201 characters": _top("seats", lambda v: ["x" * 201, *v[1:]]),
    "seat name as number": _top("seats", lambda v: [0, *v[1:]]),
    "seat name lone surrogate": _top("seats", lambda v: ["\udc80", *v[1:]]),
    "library as number": _top("library", lambda v: 1),
    "library 101 characters": _top("library", lambda v: "1" * 101),
    "event 201 characters": _top("event", lambda v: "e" * 201),
    "event as list": _top("event", lambda v: ["x"]),
    "event lone surrogate": _top("event", lambda v: "\ud800"),
    "unknown field": _top("bogus", lambda v: 1),
    "match added": _top("match", lambda v: {"seed": 1} if v is _MISSING else _inert()),
    "totals added": _top("totals", lambda v: {"deals_scored": 1} if v is _MISSING else _inert()),
    "rules: another choice": _rule(_other_choice),
    "rules: junk value": _rule(lambda name, old: "junk"),
    "rules: 5000 digits": _rule(lambda name, old: _token("bignum")),
    "rules: NaN": _rule(lambda name, old: _token("nan")),
    "rules: value as text": _rule(lambda name, old: json.dumps(old)),
    "rules: unknown option": _top(
        "rules", lambda v: {**v, "bogus": True} if isinstance(v, dict) else _inert()
    ),
    "rules as list": _top("rules", lambda v: list(v.items()) if isinstance(v, dict) else _inert()),
    "rules empty": _top("rules", lambda v: {}),
    # deals
    "no deal": _top("deals", lambda v: []),
    "deals as object": _top("deals", lambda v: {"1": v[0]}),
    "deals 1000 times": _top("deals", lambda v: v * 1000),
    "100,001 deals": _top("deals", lambda v: [None] * 100_001),
    "deal nested deep": _top("deals", lambda v: [_token("deep")]),
    "a deal repeated": _match_deals(lambda deals, i: deals.insert(i, json.loads(json.dumps(deals[i])))),
    "a deal dropped": _match_deals(lambda deals, i: deals.pop(i)),
    "two deals swapped": _match_deals(lambda deals, i: deals.insert(i + 1, deals.pop(i))),
    "starts swapped": _match_deals(lambda deals, i: (deals[i].__setitem__("start", deals[i + 1]["start"]),)),
    # a match's fields
    "match seed + 1": _top(
        "match", lambda v: {**v, "seed": v["seed"] + 1} if isinstance(v, dict) else _inert()
    ),
    "match seed 2**64": _top("match", lambda v: {**v, "seed": 2**64} if isinstance(v, dict) else _inert()),
    "match seed NaN": _top(
        "match", lambda v: {**v, "seed": _token("nan")} if isinstance(v, dict) else _inert()
    ),
    "match dealer 5": _top("match", lambda v: {**v, "dealer": 5} if isinstance(v, dict) else _inert()),
    "match dropped": _top("match", lambda v: _DROP if v is not _MISSING else _inert()),
    "totals dropped": _top("totals", lambda v: _DROP if v is not _MISSING else _inert()),
    "totals empty": _top("totals", lambda v: {} if v is not _MISSING else _inert()),
    "deals scored - 1": _top(
        "totals", lambda v: {**v, "deals_scored": v["deals_scored"] - 1} if isinstance(v, dict) else _inert()
    ),
    "deals scored + 1": _top(
        "totals", lambda v: {**v, "deals_scored": v["deals_scored"] + 1} if isinstance(v, dict) else _inert()
    ),
    "over flipped": _top(
        "totals", lambda v: {**v, "over": not v["over"]} if isinstance(v, dict) else _inert()
    ),
    "totals unknown field": _top("totals", lambda v: {**v, "bogus": 0} if isinstance(v, dict) else _inert()),
}
"""Structural mutations of a record: each returns a regex its ``RecordError`` must match (the deal, and the
step when the mutation is in one action), ``""`` when it names no deal, and raises :class:`_Inert` when it
does not apply."""


def _inert() -> Any:
    raise _Inert


RAW_RECORD_OPS = ["truncate", "flip", "bom", "latin1", "double", "nest", "nul", "bignum"]
"""Text-level damage (``worker.raw_mutate``): truncation, a character changed, a BOM, bytes that are not
UTF-8, the text twice, nesting, a NUL, a 5000-digit number."""
FORMS = ("text", "bytes", "data")
"""How a record is given: JSON text, UTF-8 bytes, or the parsed data (a ``dict``)."""


def record_variant(text: str, ops: list[tuple[str, int]], form: str) -> tuple[Any, str, str]:
    """``(value, label, where)``: the record ``text`` with ``ops`` applied, given as ``form`` (:data:`FORMS`).
    An op is ``(name, k)``: a structural mutation of :data:`RECORD_OPS` (``k`` picks the deal and the action),
    ``("raw:" + op, k)`` text damage (``worker.raw_mutate``) or ``("generic:" + op, k)`` a mutation of any
    field (``worker.mutate_doc``). ``label`` says what was done; ``where`` is the regex the refusal must match
    (one structural mutation only, in a record that still reads as JSON)."""
    from worker import mutate_doc, raw_mutate

    doc = json.loads(text)
    done: list[str] = []
    where = ""
    raw: list[tuple[str, int]] = []
    for name, k in ops:
        if name.startswith("raw:"):
            raw.append((name[4:], k))
            done.append(name)
            continue
        if name.startswith("generic:"):
            value = JSON_VALUES[k % len(JSON_VALUES)]
            how = name.split(":", 1)[1]
            doc = mutate_doc(doc, [(k // 3, how, value)])
            done.append(f"{how} at path {k // 3} with {_short(value, 20)}")
            continue
        trial = json.loads(json.dumps(doc))
        try:
            found = RECORD_OPS[name](trial, k)
        except (_Inert, KeyError, IndexError, TypeError, ValueError, AttributeError, ZeroDivisionError):
            continue
        doc = trial
        done.append(name)
        where = found if len(ops) == 1 else ""
    label = ", ".join(done) if done else "unchanged"
    if "\x00tt:" in json.dumps(doc, ensure_ascii=False).replace("\\u0000", "\x00") or (
        form == "bytes" and _SURROGATE.search(json.dumps(doc, ensure_ascii=False))
    ):
        where = ""  # refused as it is read (not JSON data, not UTF-8), before any deal
    if raw:
        damaged = raw_mutate(_texts_of(doc), raw)
        if form == "bytes" and isinstance(damaged, str):
            damaged = damaged.encode("utf-8", "surrogatepass")
        return damaged, f"{label}, as {'bytes' if isinstance(damaged, bytes) else 'text'}", ""
    if form == "data":
        return _values_of(doc), f"{label}, as data", where
    value = _texts_of(doc)
    if form == "bytes":
        return value.encode("utf-8", "surrogatepass"), f"{label}, as bytes", where
    return value, f"{label}, as text", where


HUGE_OPS = {
    "100,001 actions",
    "100,001 deals",
    "the actions 50 times",
    "deals 1000 times",
    "action 1 MB",
    "game 1 MB",
}
"""The mutations that make a record megabytes long: in the CI matrix, not in random combinations (each further
mutation of such a record would copy it again)."""
GENERIC_RECORD_OPS = [
    f"generic:{op}" for op in ("replace", "delete", "wrap", "dup", "add", "stringify", "big")
]
_SMALL_OPS = sorted(set(RECORD_OPS) - HUGE_OPS)
record_ops = st.lists(
    st.tuples(
        st.one_of(
            st.sampled_from(_SMALL_OPS),
            st.sampled_from(_SMALL_OPS),
            st.sampled_from(GENERIC_RECORD_OPS),
            st.sampled_from([f"raw:{op}" for op in RAW_RECORD_OPS]),
        ),
        st.integers(0, 10**6),
    ),
    min_size=1,
    max_size=3,
)

NOT_RECORDS: list[tuple[str, Any]] = [
    ("None", None),
    ("5", 5),
    ("[]", []),
    ("''", ""),
    ("b''", b""),
    ("'{}'", "{}"),
    ("{}", {}),
    ("'null'", "null"),
    ("'[]'", "[]"),
    ("'NaN'", "NaN"),
    ("'[' * 100_000", "[" * 100_000),
    ("'{\"a\":' * 100_000", '{"a":' * 100_000),
    ("b'\\xff\\xfe'", b"\xff\xfe"),
    ("UTF-16", '{"tricktaker_record": 1}'.encode("utf-16")),
    ("a bytearray", Ref("bytearray", (b"{}",))),
    ("a memoryview", Ref("memoryview", (b"{}",))),
    ("a str subclass", Ref("str_sub", ("{}",))),
    ("10 MB of spaces", Ref("big_str", (" ", 10_000_000))),
    ("65 MiB of spaces", Ref("big_str", (" ", 65 * 2**20))),
    ("a set in the data", {"tricktaker_record": 1, "game": {"sheepshead"}}),
    ("an object in the data", {"tricktaker_record": 1, "game": Ref("object")}),
    ("a tuple key", {("a",): 1}),
    ("a list 100,000 deep in the data", {"tricktaker_record": 1, "game": Ref("deep_list", (100_000,))}),
    ("a state", Ref("state", ("sheepshead", 1, 10))),
    ("a state's save", Ref("save", ("tractor", 3, 20, []))),
    ("a list of records", ["{}"]),
    ("a record's keys as items", Ref("dict_items", ({"tricktaker_record": 1},))),
]
"""Values that are no record at all, each with its label."""

READERS = {
    "record.from_record": "tricktaker.record:from_record",
    "sheepshead.State.from_record": "tricktaker.sheepshead:State.from_record",
    "tractor.State.from_record": "tricktaker.tractor:State.from_record",
    "sheepshead.Match.from_record": "tricktaker.sheepshead:Match.from_record",
    "tractor.Match.from_record": "tricktaker.tractor:Match.from_record",
}
"""The readers of a record (each refuses with a ``RecordError``)."""


def _reader_probe(name: str, value: Any, label: str, where: str = "") -> Probe:
    call = Call(READERS[name], (value,), group="records", name=name, tag=label, timeout=20)
    return Probe(call, f"<{label}>", record_error=True, where=where)


def record_reader_probes(corpus: Corpus) -> list[Probe]:
    """The CI matrix of the readers: every structural mutation on two records (one of each game where it
    applies), the text-level damage, values that are no record, and every real record given to every reader
    (records of the other game, hand records to ``Match.from_record``)."""
    names = sorted(corpus.records)
    out: list[Probe] = []
    for i, op in enumerate(sorted(RECORD_OPS)):
        for j in (i, i + len(names) // 2):
            rec = names[j % len(names)]
            form = FORMS[(i + j) % len(FORMS)]
            value, label, where = record_variant(corpus.records[rec], [(op, i * 7 + j)], form)
            if label.startswith("unchanged"):
                continue
            out.append(_reader_probe("record.from_record", value, f"{rec}: {label}", where))
    for i, op in enumerate(RAW_RECORD_OPS):
        for j in (i, i + 1):
            rec = names[j % len(names)]
            value, label, _ = record_variant(corpus.records[rec], [(f"raw:{op}", 77 + i * 1000)], "text")
            out.append(_reader_probe("record.from_record", value, f"{rec}: {label}"))
    for label, value in NOT_RECORDS:
        out.append(_reader_probe("record.from_record", value, label))
    for name in READERS:
        for rec in names:
            form = FORMS[len(out) % len(FORMS)]
            value, label, _ = record_variant(corpus.records[rec], [], form)
            out.append(_reader_probe(name, value, f"{rec}, {label.split(', ', 1)[1]}"))
        for save in sorted(corpus.saves)[:1]:
            out.append(_reader_probe(name, corpus.saves[save], f"the saved game {save}"))
        for label, value in NOT_RECORDS[:4]:
            out.append(_reader_probe(name, value, label))
    return out


def record_reader_strategy(corpus: Corpus) -> st.SearchStrategy[Probe]:
    """Random mutations (one to three, structural, generic or text damage) of real records, to any reader."""
    return st.builds(
        lambda name, rec, ops, form: _reader_probe(
            name, *_labelled(record_variant(corpus.records[rec], ops, form), rec)
        ),
        st.sampled_from(sorted(READERS)),
        st.sampled_from(sorted(corpus.records)),
        record_ops,
        st.sampled_from(FORMS),
    )


def _labelled(variant: tuple[Any, str, str], rec: str) -> tuple[Any, str, str]:
    value, label, where = variant
    return value, f"{rec}: {label}", where


def load_probes(corpus: Corpus) -> list[Probe]:
    """``record.load(path)``: real record files, damaged ones, and paths that are no record file. A path that
    cannot be read may raise an ``OSError``; nothing else but a ``RecordError``, and never a bool or an int
    read as a file descriptor."""
    names = sorted(corpus.records)
    paths: list[tuple[str, Any]] = [(f"the file of {n}", corpus.file(corpus.records[n])) for n in names]
    for i, op in enumerate(["seat + 1", "drop an action", "format 2", "card junk"]):
        rec = names[i % len(names)]
        value, label, _ = record_variant(corpus.records[rec], [(op, i)], "text")
        paths.append((f"a file of {rec}: {label}", corpus.file(value)))
    record = corpus.records[names[0]]
    paths += [
        ("a truncated file", corpus.file(record[: len(record) // 2])),
        ("a file of binary junk", corpus.file(bytes(range(256)) * 64)),
        ("a file not UTF-8", corpus.file(record.encode().replace(b'"', b'"\xff', 1))),
        ("a 10 MB file", corpus.file(record[:-2] + ', "pad": "' + "x" * 10_000_000 + '"}')),
        ("a 65 MiB file", corpus.file(b" " * (65 * 2**20))),
        ("an empty file", corpus.file(b"")),
        ("a saved game of play", corpus.file(next(iter(corpus.saves.values())))),
        ("the directory", corpus.directory),
        ("a missing file", os.path.join(corpus.directory, "missing.json")),
        ("a path under a file", os.path.join(corpus.file(record), "x.json")),
        ("/dev/null", "/dev/null"),
        ("/proc/self/mem", "/proc/self/mem"),
        ("a name too long", "9" * 5000),
        ("a path as bytes", os.fsencode(corpus.file(record))),
        ("a path as a Path", pathlib.Path(corpus.file(record))),
        ("''", ""),
        ("a NUL in the path", corpus.file(record) + "\x00"),
        ("a lone surrogate in the path", "\ud800.json"),
        ("True (fd 1)", True),
        ("False (fd 0)", False),
        ("-1", -1),
        ("2**70", 2**70),
        ("1.5", 1.5),
        ("None", None),
        ("the record's text", record),
        ("a list", [corpus.file(record)]),
    ]
    return [
        Probe(
            Call(
                "tricktaker.record:load", (path,), group="records", name="record.load", tag=label, timeout=20
            ),
            f"<{label}>",
            record_error=True,
            file_errors=True,
        )
        for label, path in paths
    ]


SAVE_REPLACEMENTS: list[Any] = [None, [], {}, "x", -1, 2**64, True, 1.5, _token("bignum"), _token("nan")]
"""What the curated saved games put in place of a field's value (the tokens: a 5000-digit number, NaN)."""

RESUME_LINES = ["1", "1", "undo", "show", "1", "2", "undo", "1", "quit"]
"""The answers to the prompts of a resumed game: moves, take-backs, and leave."""


def game_of_save(text: str) -> str:
    """The game of a saved game (its ``"game"``)."""
    game = json.loads(text).get("game")
    return game if game in GAMES else "sheepshead"


def cli_probe(
    argv: list[str], lines: list[str], label: str, statuses: tuple[int, ...], says: str = ""
) -> Probe:
    """``tricktaker.cli.main(argv)`` in the child, judged by :func:`cli_contract`."""
    words = " ".join(w for w in argv[:2] if w in CLI_WORDS)
    call = Call(
        "strategies:cli_contract",
        (argv, lines, list(statuses), says),
        group="records (cli)",
        name=f"cli.main {words} ({label.split(':', 1)[0]})",
        tag=label,
        timeout=60,
    )
    words = " ".join(w if len(w) <= 60 else f"{w[:20]}…<{len(w)} chars>" for w in argv)
    return Probe(call, f"{label} | tricktaker {words}")


SAVE_RECORD_OPS = [
    "seat + 1",
    "action junk",
    "drop an action",
    "repeat an action",
    "card junk",
    "start rng changed",
    "result returns changed",
    "format 2",
    "the other game",
    "kind hand",
    "seats one short",
    "a deal dropped",
    "match seed + 1",
    "deals scored - 1",
    "rules: another choice",
    "100,001 actions",
]
"""Mutations of the record a saved game holds (the saves of ``play`` hold the match's record)."""


def _save_doc_variants(text: str) -> list[tuple[str, Any]]:
    """Damage to a saved game, whatever its fields: each top-level field dropped and replaced by odd values,
    each field of its objects replaced, the record it holds mutated (:data:`SAVE_RECORD_OPS`), and the fields
    every save has (game, version, seat, opponents, decisions) given values they cannot have."""
    doc = json.loads(text)
    out: list[tuple[str, Any]] = []
    for i, (key, value) in enumerate(doc.items()):
        out.append((f"{key} dropped", {k: v for k, v in doc.items() if k != key}))
        odd = SAVE_REPLACEMENTS[i % len(SAVE_REPLACEMENTS)]
        out.append((f"{key} = {_short(odd, 20)}", {**doc, key: odd}))
        out.append((f"{key} nested deep", {**doc, key: _token("deep")}))
        if isinstance(value, dict):
            for j, inner in enumerate(value):
                odd = SAVE_REPLACEMENTS[(i + j + 3) % len(SAVE_REPLACEMENTS)]
                out.append((f"{key}.{inner} = {_short(odd, 20)}", {**doc, key: {**value, inner: odd}}))
            out.append((f"{key} as text", {**doc, key: json.dumps(value)}))
    held = doc.get("record")
    if isinstance(held, dict) and "tricktaker_record" in held:
        for k, op in enumerate(SAVE_RECORD_OPS):
            trial = json.loads(json.dumps(held))
            try:
                RECORD_OPS[op](trial, k * 7)
            except (_Inert, KeyError, IndexError, TypeError, ValueError, AttributeError, ZeroDivisionError):
                continue
            out.append((f"its record: {op}", {**doc, "record": trial}))
    game = doc.get("game")
    out += [
        ("the other game", {**doc, "game": "tractor" if game == "sheepshead" else "sheepshead"}),
        ("game chess", {**doc, "game": "chess"}),
        ("format of a record", {**doc, "format": "tricktaker_record"}),
        (
            "version + 1",
            {**doc, "version": doc.get("version", 1) + 1 if isinstance(doc.get("version"), int) else 99},
        ),
        ("version 0", {**doc, "version": 0}),
        (
            "version 1.0",
            {**doc, "version": float(doc["version"]) if isinstance(doc.get("version"), int) else 1.0},
        ),
        ("version true", {**doc, "version": True}),
        ("version 5000 digits", {**doc, "version": _token("bignum")}),
        ("seat + 1", {**doc, "seat": doc["seat"] + 1 if isinstance(doc.get("seat"), int) else 1}),
        ("seat 9", {**doc, "seat": 9}),
        ("seat NaN", {**doc, "seat": _token("nan")}),
        ("opponents pimc", {**doc, "opponents": "pimc"}),
        ("opponents as list", {**doc, "opponents": ["random"]}),
        ("decisions huge", {**doc, "decisions": [10**300, 2**64]}),
        ("decisions negative", {**doc, "decisions": [-1]}),
        ("decisions decreasing", {**doc, "decisions": [5, 3, 1]}),
        ("decisions 100,000", {**doc, "decisions": list(range(100_000))}),
        ("max_rounds 0", {**doc, "max_rounds": 0}),
        ("max_rounds 10**13", {**doc, "max_rounds": 10**13}),
        ("an unknown field", {**doc, "bogus": 1}),
    ]
    return out


def resume_probes(corpus: Corpus) -> list[Probe]:
    """``play GAME --resume FILE`` of damaged saved games (each field, the text, the file itself), and of
    files that are no saved game: each exits 0 (still a game) or 1 with ``tricktaker: error:``."""
    from worker import raw_mutate

    out: list[Probe] = []

    def resume(
        path: str, game: str, label: str, statuses: tuple[int, ...] = (0, 1), extra: list[str] = ()
    ) -> None:
        argv = ["play", game, "--resume", path, "--plain", "--opponents", "random", *extra]
        lines = [*RESUME_LINES[:-1], f"save {corpus.out(label)}", "quit"]
        out.append(
            cli_probe(
                argv, lines, f"resume: {label}", statuses, "" if 0 in statuses else "tricktaker: error:"
            )
        )

    names = sorted(corpus.saves)
    for name in names:
        text, game = corpus.saves[name], game_of_save(corpus.saves[name])
        resume(corpus.file(text), game, f"{name} as saved")
        resume(
            corpus.file(text),
            game,
            f"{name}, with --record and --deals 1",
            extra=["--record", corpus.out(f"{name} record"), "--deals", "1"],
        )
    for k, name in enumerate(names):  # each damage once, on the saves in turn
        text, game = corpus.saves[name], game_of_save(corpus.saves[name])
        for label, doc in _save_doc_variants(text)[k :: len(names)]:
            resume(corpus.file(_texts_of(doc)), game, f"{name}: {label}")
    for i, op in enumerate(["truncate", "flip", "bom", "latin1", "double", "nest", "nul", "bignum"]):
        name = names[i % len(names)]
        text, game = corpus.saves[name], game_of_save(corpus.saves[name])
        resume(corpus.file(raw_mutate(text, [(op, 37 + 101 * i)])), game, f"{name}: {op}")
    name = sorted(corpus.saves)[0]
    text, game = corpus.saves[name], game_of_save(corpus.saves[name])
    other = "tractor" if game == "sheepshead" else "sheepshead"
    failing = [
        ("a saved game of the other game", corpus.file(text), other),
        ("a record", corpus.file(next(iter(corpus.records.values()))), game),
        *[
            (f"its {key} alone", corpus.file(json.dumps(json.loads(text)[key])), game)
            for key in ("state", "record", "match")
            if isinstance(json.loads(text).get(key), dict)
        ],
        ("binary junk", corpus.file(bytes(range(256)) * 64), game),
        ("10 MB of junk", corpus.file("x" * 10_000_000), game),
        ("17 MB of spaces", corpus.file(b" " * (17 * 2**20)), game),
        ("an empty file", corpus.file(b""), game),
        ("UTF-16", corpus.file(text.encode("utf-16")), game),
        ("nested 100,000 deep", corpus.file("[" * 100_000 + "]" * 100_000), game),
        ("a directory", corpus.directory, game),
        ("a missing file", os.path.join(corpus.directory, "missing.json"), game),
        ("a path under a file", os.path.join(corpus.file(text), "x.json"), game),
        ("/dev/null", "/dev/null", game),
        ("/proc/self/mem", "/proc/self/mem", game),
        ("a name too long", "9" * 5000, game),
        ("a name not UTF-8", "\udcff.json", game),
    ]
    for label, path, g in failing:
        resume(path, g, label, (1,))
    resume(
        corpus.file(text[:-2] + ', "pad": "' + "x" * 10_000_000 + '"}'),
        game,
        f"{name}: padded to 10 MB",
    )
    return out


def replay_probes(corpus: Corpus) -> list[Probe]:
    """``replay FILE`` of real records (every view: terminal steps, a seat's view, one step, the web page),
    of damaged ones, and of files that are no record."""
    out: list[Probe] = []
    views: list[tuple[str, list[str], list[str]]] = [
        ("every step", ["--plain"], []),
        ("seat 1's view", ["--plain", "--seat", "1"], []),
        ("step 5 as seat 3", ["--step", "5", "--seat", "3"], []),
        ("interactive", [], ["", "", "b", "3", "99999", "x" * 300, "help", "", "q"]),
        ("deal 2", ["--deal", "2", "--step", "0"], []),
        ("the web page", ["--html", ""], []),
        ("the web page as seat 2", ["--html", "", "--seat", "2"], []),
    ]

    def replay(
        path: str, label: str, view: int, statuses: tuple[int, ...] = (0, 1, 2), says: str = ""
    ) -> None:
        what, flags, lines = views[view % len(views)]
        flags = [corpus.out(f"{label} {what}", ".html") if f == "" else f for f in flags]
        out.append(cli_probe(["replay", path, *flags], lines, f"replay: {label}, {what}", statuses, says))

    names = sorted(corpus.records)
    for i, name in enumerate(names):  # two views of each record, every view of a match of hands
        for v in range(len(views)):
            if v in (i % len(views), (i + 3) % len(views)) or name == "sheepshead-match-over":
                replay(corpus.file(corpus.records[name]), name, v)
    for i, op in enumerate(sorted(RECORD_OPS)[::3]):
        rec = names[i % len(names)]
        value, label, _ = record_variant(corpus.records[rec], [(op, i * 13)], "bytes")
        if not label.startswith("unchanged"):
            replay(corpus.file(value), f"{rec}: {label}", i)
    record = corpus.records[names[0]]
    failing = [
        ("a truncated record", corpus.file(record[: len(record) // 3])),
        ("a record not UTF-8", corpus.file(record.encode().replace(b'"', b'"\xff', 1))),
        ("binary junk", corpus.file(bytes(range(256)) * 64)),
        ("65 MiB of spaces", corpus.file(b" " * (65 * 2**20))),
        ("a saved game of play", corpus.file(next(iter(corpus.saves.values())))),
        ("nested 100,000 deep", corpus.file("[" * 100_000 + "]" * 100_000)),
        (
            "NaN for the format",
            corpus.file(record.replace('"tricktaker_record": 1', '"tricktaker_record": NaN')),
        ),
        ("a directory", corpus.directory),
        ("a missing file", os.path.join(corpus.directory, "missing.json")),
        ("/dev/null", "/dev/null"),
        ("a name too long", "9" * 5000),
    ]
    for i, (label, path) in enumerate(failing):
        replay(path, label, i, (1,), "tricktaker: error:")
    return out


def unwritable_probes(corpus: Corpus) -> list[Probe]:
    """``play --record``, ``arena --record`` and ``replay --html`` to paths that cannot be written: exit 1
    with ``tricktaker: error:`` naming the path."""
    out: list[Probe] = []
    record_file = corpus.file(corpus.records[sorted(corpus.records)[0]])
    a_file = corpus.file(b"not a directory")
    files = [*UNWRITABLE_FILES, corpus.directory, os.path.join(a_file, "x.json")]
    dirs = [*UNWRITABLE_DIRS, a_file, os.path.join(a_file, "deals")]
    for i, path in enumerate(files):
        game = GAMES[i % 2]
        label = _short(path, 40)
        out.append(
            cli_probe(
                ["play", game, "--seed", str(i), "--record", path, "--plain"],
                ["1", "quit"],
                f"play --record {label}",
                (1,),
                "tricktaker: error: cannot write",
            )
        )
        out.append(
            cli_probe(
                ["replay", record_file, "--html", path],
                [],
                f"replay --html {label}",
                (1,),
                "tricktaker: error: cannot write",
            )
        )
    for i, path in enumerate(dirs):
        game = GAMES[i % 2]
        out.append(
            cli_probe(
                [
                    "arena",
                    game,
                    "--bots",
                    "random",
                    "--deals",
                    "2",
                    "--record",
                    path,
                    "--plain",
                    "--progress",
                ],
                [],
                f"arena --record {_short(path, 40)}",
                (1,),
                "tricktaker: error: cannot",
            )
        )
    return out


def cli_record_strategy(corpus: Corpus) -> st.SearchStrategy[Probe]:
    """Random: a saved game with one to three generic mutations, resumed; a record with one to three random
    mutations, replayed in a random view."""
    from worker import mutate_doc

    def resumed(name: str, muts: list[Any], extra: list[str]) -> Probe:
        text = corpus.saves[name]
        doc = mutate_doc(json.loads(text), muts)
        label = f"{name}: " + "; ".join(f"{op} at {sel} with {_short(v, 20)}" for sel, op, v in muts)
        argv = ["play", game_of_save(text), "--resume", corpus.file(json.dumps(doc)), "--plain", *extra]
        lines = [*RESUME_LINES[:-1], f"save {corpus.out(label)}", "quit"]
        return cli_probe(argv, lines, f"resume: {label}", (0, 1))

    def replayed(name: str, ops: list[tuple[str, int]], flags: list[str]) -> Probe:
        value, label, _ = record_variant(corpus.records[name], ops, "bytes")
        label = f"{name}: {label}"
        flags = [corpus.out(label, ".html") if f == "" else f for f in flags]
        return cli_probe(
            ["replay", corpus.file(value), *flags], ["", "b", "1", "q"], f"replay: {label}", (0, 1, 2)
        )

    extras = st.sampled_from(
        [
            ["--opponents", "random"],
            ["--opponents", "random", "--deals", "1"],
            ["--opponents", "heuristic", "--threads", "2"],
            [],
        ]
    )
    flags = st.sampled_from(
        [["--plain"], ["--step", "3"], ["--html", ""], [], ["--seat", "0", "--step", "1"]]
    )
    return st.one_of(
        st.builds(
            resumed, st.sampled_from(sorted(corpus.saves)), st.lists(mutation, min_size=1, max_size=3), extras
        ),
        st.builds(replayed, st.sampled_from(sorted(corpus.records)), record_ops, flags),
    )


# ---- run in the child (targets ``strategies:…`` of a Call; they import tricktaker themselves) ----


class CliContractError(Exception):
    """Raised in the child by :func:`cli_contract` when the command line breaks its contract."""


def cli_contract(argv: list[str], lines: list[str], statuses: list[int], says: str = "") -> str:
    """``tricktaker.cli.main(argv)`` answering its prompts with ``lines`` (then the end of the input): it must
    return one of ``statuses``, 1 with ``tricktaker: error:`` (and ``says``) on stderr, 2 with an error on
    stderr; no exception may escape it, no traceback be printed, no prompt be asked 5000 times. Returns what
    happened (``exit 1: tricktaker: error: …``)."""
    import contextlib
    import io
    import traceback

    from worker import scripted_input

    from tricktaker import cli

    input_fn = scripted_input(lines, CliContractError)

    out, err = io.StringIO(), io.StringIO()
    real_out, real_err = io.StringIO(), io.StringIO()
    try:
        with contextlib.redirect_stdout(real_out), contextlib.redirect_stderr(real_err):
            code = cli.main(argv, input_fn=input_fn, out=out, err=err)
    except CliContractError:
        raise
    except BaseException as e:
        frames = [f for f in traceback.extract_tb(e.__traceback__) if "/python/tricktaker/" in f.filename]
        where = (
            f" (raised at {frames[-1].filename.split('/python/', 1)[-1]}:{frames[-1].lineno})"
            if frames
            else ""
        )
        text = str(e)[:200] if not isinstance(e, ValueError) or "digits" not in str(e) else "a huge int"
        raise CliContractError(f"an exception escaped main: {type(e).__name__}: {text}{where}") from None
    errors = err.getvalue() + real_err.getvalue()
    last = next((line for line in reversed(errors.strip().splitlines()) if line.strip()), "")
    if "Traceback (most recent call last)" in errors + out.getvalue() + real_out.getvalue():
        raise CliContractError(f"a traceback was printed: {last[:200]}")
    if not isinstance(code, int) or isinstance(code, bool):
        raise CliContractError(f"main returned {code!r}, not an exit status")
    if code not in statuses:
        raise CliContractError(f"exit status {code}, not {' or '.join(map(str, statuses))}: {last[:200]}")
    if code == 1 and "tricktaker: error:" not in errors:
        raise CliContractError(f"exit status 1 without 'tricktaker: error:' on stderr: {last[:200]!r}")
    if code == 1 and says and says not in errors:
        raise CliContractError(f"exit status 1, but stderr does not say {says!r}: {last[:200]!r}")
    if code == 2 and "error:" not in errors:
        raise CliContractError(f"exit status 2 without an error on stderr: {last[:200]!r}")
    return f"exit {code}: {last[:150]}"


def write_corpus(directory: str) -> str:
    """Real records and saved games, written to ``directory`` by the library's own code: ``play`` (its
    ``save FILE`` and ``--record``) and ``arena --record`` driven through ``cli.main``, and
    ``record.to_record`` of unfinished hands, given cards, resampled deals and finished matches. Returns the
    files' names."""
    import io
    import random

    from tricktaker import cli, record, sheepshead, tractor

    def path(name: str) -> str:
        return os.path.join(directory, name)

    def run(argv: list[str], lines: list[str]) -> None:
        answers = iter(lines)

        def input_fn(prompt: str) -> str:
            try:
                return next(answers)
            except StopIteration:
                raise EOFError from None

        err = io.StringIO()
        code = cli.main(argv, input_fn=input_fn, out=io.StringIO(), err=err)
        if code != 0:
            raise RuntimeError(f"{argv}: exit {code}: {err.getvalue()[-300:]}")

    def saves(name: str, at: list[int], total: int) -> list[str]:
        lines = []
        for k in range(total):
            if k in at:
                lines.append(f"save {path(f'save-{name}-{k}.json')}")
            lines.append("1")
        return lines

    run(
        ["play", "sheepshead", "--seed", "3", "--plain", "--record", path("sheepshead-match.json")],
        [*saves("sheepshead", [0, 3], 5), "quit"],
    )
    run(
        [
            "play",
            "sheepshead",
            "--seed",
            "5",
            "--hands",
            "2",
            "--opponents",
            "random",
            "--plain",
            "--record",
            path("sheepshead-match-over.json"),
        ],
        saves("sheepshead-late", [11], 200),
    )
    run(
        ["play", "tractor", "--seed", "3", "--plain", "--record", path("tractor-match.json")],
        [*saves("tractor", [0, 6], 8), "quit"],
    )
    run(
        [
            "play",
            "tractor",
            "--seed",
            "4",
            "--rounds",
            "2",
            "--opponents",
            "random",
            "--plain",
            "--record",
            path("tractor-match-2-rounds.json"),
        ],
        [*saves("tractor-late", [45, 60], 70), "quit"],
    )
    for game in GAMES:
        run(
            ["arena", game, "--bots", "random,heuristic", "--deals", "2", "--record", path(f"arena-{game}")],
            [],
        )
        os.replace(
            path(f"arena-{game}/deal-00001.json"),
            path(f"{game}-{'hand' if game == 'sheepshead' else 'round'}.json"),
        )

    def played(state: Any, steps: int, seed: int) -> Any:
        rng = random.Random(seed)
        for _ in range(steps):
            if state.is_terminal:
                break
            state.apply_action(rng.choice(state.legal_actions()))
        return state

    seats = {"sheepshead": ["Ann", "Bo", "Cy", "Di", "Ed"], "tractor": ["N", "E", "S", "W"]}
    dealt = sheepshead.State.new(17)
    states: dict[str, Any] = {
        "sheepshead-hand-unfinished": played(sheepshead.State.new(7), 9, 7),
        "sheepshead-hand-given-cards": played(
            sheepshead.State.from_cards(dealt.dealt_hands(), dealt.blind, dealer=2, multiplier=4), 1000, 3
        ),
        "sheepshead-hand-resampled": played(played(sheepshead.State.new(9), 3, 9).resample(0, 5), 6, 9),
        "sheepshead-hand-doubler-rules": played(
            sheepshead.State.new(11, sheepshead.Rules(all_pass="doubler", jack_order="seed")), 1000, 11
        ),
        "tractor-round-mid-draw": played(tractor.State.new(9), 20, 9),
        "tractor-round-resampled": played(played(tractor.State.new(11), 1, 11).resample(0, 5), 30, 11),
    }
    position = tractor.State.new(13)  # a round played from given cards: 4 each, at the start of the play
    rng = random.Random(13)
    while position.phase != "play":
        position.apply_action(rng.choice(position.legal_actions()))
    hands = [rng.sample(position.hand(i), 4) for i in range(4)]
    states["tractor-round-position"] = played(
        tractor.State.from_cards(hands, [], position.trump, 1, 1), 1000, 13
    )
    match = sheepshead.Match(21, sheepshead.Rules(hands_per_game=2))
    while not match.is_over:
        played(match.state, 1000, len(match.record))
        match.next_hand()
    states["sheepshead-match-over-2-hands"] = match
    for name, game in states.items():
        record.save(
            record.to_record(
                game, seats=seats["sheepshead" if name.startswith("sheepshead") else "tractor"], event=name
            ),
            path(f"{name}.json"),
        )
    return " ".join(sorted(os.listdir(directory)))
