"""Hypothesis strategies of abusive calls, one family per entry-point group (see ``harness.py``).

A call mixes sane arguments (so that it gets past the first check and reaches deeper ones) with abusive
ones: huge, negative and boolean ints, floats and NaN, strings, bytes, ``None``, containers, numpy scalars
and arrays, objects of the wrong game, deep nesting, iterators that fail, enormous sizes. The parent never
imports tricktaker: anything that must be a library object is a :class:`harness.Ref` the child builds.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from harness import Call, Ref, _short
from hypothesis import strategies as st

GAMES = ("sheepshead", "tractor")
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
        "no_legal_call": ["alone", "unknown"],
        "called_card_no_discard": [True, False],
        "hands_per_game": [1, 2, 15, 2**32 - 1],
    },
    "tractor": {
        "first_drawer_round1": ["random", "seat0"],
        "allow_self_reinforce": [False, True],
        "red_pair_overrides_black_pair": [False, True],
        "plain_suit_gap_closing": [True, False],
        "tractor_must_follow_tractor": [False, True],
        "failed_throw_forced": ["fewest_cards_then_lowest"],
        "negative_points_as_zero": [True, False],
        "over_240": ["per40_from_80"],
        "kitty_multiplier": ["seed_2c", "exp"],
        "game_end": ["pass_ace", "must_defend_ace"],
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
    ]

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
        [None, 1, 0, "yes", 2**70, np.bool_(True)],
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
        Entry("tractor.follow_error", f"{m}:follow_error", [hand, lead, play, trump, tmft], group=g),
        Entry("tractor.is_legal_follow", f"{m}:is_legal_follow", [hand, lead, play, trump, tmft], group=g),
        Entry("tractor.legal_follows", f"{m}:legal_follows", [hand, lead, trump, tmft, limit], group=g),
        Entry("tractor.count_legal_follows", f"{m}:count_legal_follows", [hand, lead, trump, tmft], group=g),
        Entry(
            "tractor.follow_extensions", f"{m}:follow_extensions", [hand, lead, partial, trump, tmft], group=g
        ),
        Entry("tractor.check_throw", f"{m}:check_throw", [lead, others, trump, forced], group=g),
        Entry("tractor.trick_winner", f"{m}:trick_winner", [plays, trump], group=g),
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


@st.composite
def cli_argv(draw: st.DrawFn, allow_slow: bool = False) -> list[str]:
    """An argv for ``tricktaker``: a command and game, then flags with sane and abusive values."""
    command = draw(
        st.sampled_from(
            ["simulate", "simulate", "play", "play", "arena", "bench", "", "bogus", "--version", "--help"]
        )
    )
    argv = [command] if command else []
    if command in ("simulate", "play", "arena"):
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
            ("--games", st.one_of(st.sampled_from(["1", "10", "200", "1e2"]), st.sampled_from(COUNT_WORDS))),
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
            (
                "--opponents",
                st.sampled_from(["random", "heuristic", "x", ""] + (["pimc"] if allow_slow else [])),
            ),
            ("--jack-order", st.sampled_from(["seed", "x"])),
            ("--all-pass", st.sampled_from(["doubler", "x"])),
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
            ("--hands", st.one_of(st.sampled_from(["2", "3"]), st.sampled_from(COUNT_WORDS))),
        ]
    elif command == "bench":
        flags += [("--quick", st.just("")), ("--quick=3", st.just(""))]
    chosen = draw(st.lists(st.sampled_from(flags), max_size=5))
    needs = {"simulate": ["--games", "--seed"], "arena": ["--bots"]}.get(command, [])
    names = [f for f, _ in chosen]
    for required in needs:
        if required not in names and draw(st.integers(0, 5)) > 0:
            chosen.append(next((f, s) for f, s in flags if f == required))
    for flag, values in chosen:
        value = draw(values)
        if flag in ("--json", "--bogus", "--help", "--progress", "--no-progress", "--quick", "--quick=3"):
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


CLI_WORDS = {"simulate", "play", "arena", "bench", "sheepshead", "tractor"}


@st.composite
def cli_main_calls(draw: st.DrawFn, allow_slow: bool = False) -> Call:
    argv = draw(cli_argv(allow_slow))
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
