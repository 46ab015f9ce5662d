"""The child process of the fuzz harness: ``python worker.py READ_FD WRITE_FD MEMORY_LIMIT``.

It limits its address space, imports tricktaker (retrying for a while: the native module may be being
rebuilt), answers ``"ready"``, then runs :class:`harness.Call` objects one at a time and answers an
:class:`harness.Outcome` for each. It builds the :class:`harness.Ref` objects of a call (states, saves,
environments…), snapshots every library object it passes before the call, and after a refused call checks
that none changed; after a call that worked, checks that the returned state (and the receiver) still saves,
loads back equal and plays on. ``SCENARIOS`` are the checks that are more than one call (threads, leaks,
the command line's ``main``, sequences of calls on one state).
"""

from __future__ import annotations

import contextlib
import copy
import io
import json
import os
import pickle
import random
import resource
import sys
import threading
import time
import traceback
from collections.abc import Callable
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from harness import Call, Outcome, Ref, _short

MEMORY_FINDING = 1536 << 20
"""A call that takes the child's peak resident memory above this is reported (``memory``)."""


class CallerError(Exception):
    """Raised by the caller's own objects (an iterator that fails): the library may let it through."""


class ScenarioFailure(Exception):
    """A scenario saw the contract broken; the message says how."""


# ---- the library ----

tricktaker: Any = None
GAMES: dict[str, Any] = {}
TricktakerError: type[BaseException] = Exception


def import_library() -> None:
    global tricktaker, TricktakerError
    deadline = time.monotonic() + 150
    while True:
        try:
            import numpy  # noqa: F401

            import tricktaker as tt
            import tricktaker._core as core
            import tricktaker.sheepshead
            import tricktaker.tractor

            break
        except ImportError:
            if time.monotonic() > deadline:
                raise
            for name in [m for m in sys.modules if m == "tricktaker" or m.startswith("tricktaker.")]:
                del sys.modules[name]
            time.sleep(2)
    tricktaker = tt
    TricktakerError = tt.errors.TricktakerError
    GAMES["sheepshead"] = tt.sheepshead
    GAMES["tractor"] = tt.tractor
    GAMES["_core.sheepshead"] = core.sheepshead
    GAMES["_core.tractor"] = core.tractor


# ---- building the objects of a call ----

_state_cache: dict[tuple[Any, ...], Any] = {}


def build_state(game: str, seed: int, steps: int) -> Any:
    """``State.new(seed)`` then ``steps`` uniformly random legal actions (fewer if the deal ends)."""
    key = (game, seed, steps)
    cached = _state_cache.get(key)
    if cached is None:
        state = GAMES[game].State.new(seed)
        rng = random.Random(seed * 1_000_003 + steps)
        for _ in range(steps):
            if state.is_terminal:
                break
            state.apply_action(rng.choice(state.legal_actions()))
        if len(_state_cache) > 512:
            _state_cache.clear()
        _state_cache[key] = cached = state
    return cached.clone()


def build_endgame(game: str, seed: int, size: int) -> Any:
    """A ``from_cards`` position: ``size`` cards per hand at the start of the play (Tractor), or the deal
    as dealt (Sheepshead)."""
    mod = GAMES[game]
    if game == "sheepshead":
        dealt = mod.State.new(seed)
        return mod.State.from_cards(dealt.dealt_hands(), dealt.blind, dealer=seed % 5)
    state = mod.State.new(seed)
    rng = random.Random(seed)
    while state.phase != "play":
        state.apply_action(rng.choice(state.legal_actions()))
    full = [state.hand(i) for i in range(4)]
    size = max(1, min(size, *(len(h) for h in full)))
    hands = [rng.sample(h, size) for h in full]
    return mod.State.from_cards(hands, [], state.trump, seed % 4, seed % 2)


def all_paths(doc: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path (keys and indices) into a JSON document, the root included."""
    paths = [prefix]
    if isinstance(doc, dict):
        for k, v in doc.items():
            paths += all_paths(v, (*prefix, k))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            paths += all_paths(v, (*prefix, i))
    return paths


def mutate_doc(doc: Any, mutations: list[tuple[int, str, Any]]) -> Any:
    """Apply ``(selector, op, value)`` mutations to a JSON document: the path ``selector`` picks (modulo
    the number of paths) is replaced, deleted, duplicated, wrapped in a list, or gets a key or item added.
    A mutation that would leave no JSON document (a value added into itself, nesting past what ``json``
    writes) is skipped."""
    for selector, op, value in mutations:
        try:
            before = copy.deepcopy(doc)
        except RecursionError:  # too deep to copy: the mutations so far are enough
            return doc
        try:
            doc = _mutate_once(doc, selector, op, value)
        except (ValueError, RecursionError):  # json.dumps of a cycle made by an earlier step
            doc = before
        if not _writable(doc):
            doc = before
    return doc


def _writable(doc: Any) -> bool:
    """Whether ``json.dumps`` can write ``doc`` (no cycle, not nested past Python's recursion limit)."""
    try:
        json.dumps(doc)
    except (ValueError, TypeError, RecursionError):
        return False
    return True


def _mutate_once(doc: Any, selector: Any, op: str, value: Any) -> Any:
    """One mutation of :func:`mutate_doc`."""
    paths = all_paths(doc)
    if isinstance(selector, str):  # the first path ending at that key, else the root
        named = [p for p in paths if p and p[-1] == selector]
        path = named[0] if named else ()
    else:
        path = paths[selector % len(paths)]
    if not path:
        if op == "replace":
            doc = value
        elif op == "wrap":
            doc = [doc]
        return doc
    parent = doc
    for step in path[:-1]:
        parent = parent[step]
    last = path[-1]
    if op == "replace":
        parent[last] = value
    elif op == "delete":
        del parent[last]
    elif op == "wrap":
        parent[last] = [parent[last]]
    elif op == "dup" and isinstance(parent, list):
        parent.insert(last, copy.deepcopy(parent[last]))
    elif op == "add":
        target = parent[last]
        if isinstance(target, dict):
            target[str(value)[:20]] = value
        elif isinstance(target, list):
            target.append(value)
        else:
            parent[last] = value
    elif op == "stringify":
        parent[last] = json.dumps(parent[last])
    elif op == "negate" and isinstance(parent[last], int) and not isinstance(parent[last], bool):
        parent[last] = -parent[last] - 1
    elif op == "big" and isinstance(parent[last], int) and not isinstance(parent[last], bool):
        parent[last] = parent[last] + 2**64
    return doc


def raw_mutate(text: str, ops: list[tuple[str, int]]) -> str | bytes:
    """Text-level damage to a save: truncation, a byte flipped, a BOM, bytes, doubled text, nesting."""
    data: str | bytes = text
    for op, k in ops:
        s = data if isinstance(data, str) else data.decode("utf-8", "surrogateescape")
        if op == "truncate":
            data = s[: k % (len(s) + 1)]
        elif op == "flip" and s:
            i = k % len(s)
            data = s[:i] + chr((ord(s[i]) + 1 + k % 7) % 0x10FFFF or 1) + s[i + 1 :]
        elif op == "bom":
            data = "\ufeff" + s
        elif op == "bytes":
            data = s.encode("utf-8", "surrogatepass")
        elif op == "latin1":
            data = s.encode("utf-8", "surrogatepass").replace(b'"', b'"\xff', 1 + k % 3)
        elif op == "double":
            data = s + s
        elif op == "nest":
            data = "[" * (k % 5000) + s + "]" * (k % 5000)
        elif op == "bignum":
            digits = [i for i, ch in enumerate(s) if ch.isdigit() and (i == 0 or not s[i - 1].isalnum())]
            if digits:
                i = digits[k % len(digits)]
                data = s[:i] + "9" * 5000 + s[i:]
        elif op == "nul":
            i = k % (len(s) + 1)
            data = s[:i] + "\x00" + s[i:]
    return data


def restack_save(n: int, variant: str) -> str:
    """A Tractor save of a resampled round listing ``n`` restacked deals (from a real one)."""
    mod = GAMES["tractor"]
    state = mod.State.new(11)
    state.apply_action(state.legal_actions()[-1])
    doc = json.loads(state.resample(0, 5).to_json())
    deal = doc["start"]["deal"]
    restacks = deal.get("restacks") or []
    if not restacks:
        raise RuntimeError("a resampled mid-draw state saved no restacks")
    one = restacks[0]
    if variant == "same":
        deal["restacks"] = [dict(one, deal=k + 1) for k in range(n)]
    elif variant == "repeat":
        deal["restacks"] = [dict(one) for _ in range(n)]
    else:
        deal["restacks"] = [dict(one, deal=k + 1) for k in range(n)]
        doc["history"] = []
    return json.dumps(doc)


class _Reduced:
    """Pickles as ``fn(*args)``: how a crafted pickle of a state or rules is made."""

    def __init__(self, fn: Any, args: tuple[Any, ...]) -> None:
        self.fn, self.args = fn, args

    def __reduce__(self) -> tuple[Any, ...]:
        return (self.fn, self.args)


def crafted_pickle(kind: str, game: str, seed: int, steps: int, mutations: list[Any]) -> bytes:
    """The pickle of a state or rules whose reconstruction arguments are mutated as a save is."""
    mod = GAMES[game]
    obj = build_state(game, seed, steps) if kind == "state" else mod.Rules()
    fn, args = obj.__reduce__()[:2]
    if kind == "state":
        doc = mutate_doc(json.loads(args[0]), mutations)
        new_args: tuple[Any, ...] = (json.dumps(doc),)
    elif kind == "rules":
        new_args = (mutate_doc(dict(args[0]), mutations),)
    else:  # the reconstructor called with the wrong arguments entirely
        new_args = tuple(m[2] for m in mutations)
    return pickle.dumps(_Reduced(fn, new_args))


def build_env(game: str, kwargs: dict[str, Any], reset_seed: Any, steps: int) -> Any:
    from tricktaker.envs import sheepshead_v0, tractor_v0

    module = {"sheepshead": sheepshead_v0, "tractor": tractor_v0}[game]
    env = module.env(**resolve(kwargs))
    if reset_seed is not None:
        env.reset(seed=reset_seed)
        rng = random.Random(steps)
        for _ in range(steps):
            agent = env.agent_selection
            if env.terminations[agent] or env.truncations[agent]:
                env.step(None)
                if not env.agents:
                    break
                continue
            mask = env.observe(agent)["action_mask"]
            env.step(rng.choice([i for i, m in enumerate(mask) if m]))
    return env


def build_bot(name: str, kwargs: dict[str, Any]) -> Any:
    from tricktaker import bots

    return getattr(bots, name)(**resolve(kwargs))


def build_match(game: str, seed: int, finish: bool, kwargs: dict[str, Any]) -> Any:
    mod = GAMES[game]
    match = mod.Match(seed, **resolve(kwargs))
    if finish:
        rng = random.Random(seed)
        while not match.state.is_terminal:
            match.state.apply_action(rng.choice(match.state.legal_actions()))
    return match


def build_vector(game: str, n: int, seed: int, steps: int) -> Any:
    import numpy as np

    vec = GAMES[game].VectorState(n, seed)
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        masks = vec.legal_action_masks()
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in masks], dtype=np.int64)
        vec.step(actions)
    return vec


def _raising_iter() -> Any:
    def gen() -> Any:
        yield "AS"
        raise CallerError("the caller's iterator failed")

    return gen()


class _BadIndex:
    """An object whose ``__index__`` raises: an int-like that is not one."""

    def __index__(self) -> int:
        raise CallerError("__index__ failed")

    def __int__(self) -> int:
        raise CallerError("__int__ failed")


class _BadStr(str):
    """A ``str`` subclass (texts are often checked with exact types)."""


def _deep_list(depth: int) -> Any:
    value: Any = []
    for _ in range(depth):
        value = [value]
    return value


def build(ref: Ref) -> Any:
    kind, a = ref.kind, ref.args
    builders: dict[str, Callable[..., Any]] = {
        "state": build_state,
        "endgame": build_endgame,
        "legal_action": lambda g, s, n, k: _pick(build_state(g, s, n).legal_actions(), k),
        "legal_text": legal_text,
        "legal_play": legal_play,
        "long_lead": long_lead_state,
        "hand": lambda g, s, n, seat: build_state(g, s, n).hand(seat),
        "rules": lambda g, options: GAMES[g].Rules(**options),
        "trump": lambda rank, suit: GAMES["tractor"].Trump(rank, suit),
        "card": lambda text: tricktaker.Card(text),
        "cards": lambda texts: [tricktaker.Card(t) for t in texts],
        "vector": build_vector,
        "save": lambda g, s, n, m: json.dumps(mutate_doc(json.loads(build_state(g, s, n).to_json()), m)),
        "save_raw": lambda g, s, n, ops: raw_mutate(build_state(g, s, n).to_json(), ops),
        "save_of_other": lambda g, s, n: build_state(g, s, n).to_json(),
        "restacks": restack_save,
        "pickle": crafted_pickle,
        "pickle_of": lambda g, s, n: pickle.dumps(build_state(g, s, n)),
        "env": build_env,
        "bot": build_bot,
        "match": build_match,
        "states": lambda g, count, s, n: [build_state(g, s + i, n) for i in range(count)],
        "ndarray": lambda shape, dtype: __import__("numpy").zeros(shape, dtype=dtype),
        "readonly": lambda shape: _readonly(shape),
        "object": lambda: object(),
        "bad_index": lambda: _BadIndex(),
        "str_sub": lambda text: _BadStr(text),
        "deep_list": _deep_list,
        "iter": lambda items: iter(resolve(items)),
        "raising_iter": _raising_iter,
        "big_list": lambda item, n: [resolve(item)] * n,
        "big_str": lambda char, n: char * n,
        "bytearray": lambda data: bytearray(data),
        "memoryview": lambda data: memoryview(data),
        "dict_items": lambda d: d.items(),
        "set": lambda items: set(items),
    }
    return builders[kind](*a)


def long_lead_state() -> Any:
    """A legal Tractor position on lead whose hand (25 trumps of 18 kinds) has 4,478,975 whole plays."""
    mod = GAMES["tractor"]
    ranks = "3 4 5 6 7 8 9 10 J Q K A".split()
    kinds = [r + "H" for r in ranks] + ["2C", "2D", "2S", "2H", "BJ", "RJ"]
    first = kinds + kinds[:7]
    rest = [f"{r}{s}" for r in ["2", *ranks] for s in "CDHS"] * 2 + ["BJ", "RJ"] * 2
    for card in first:
        rest.remove(card)
    random.Random(1).shuffle(rest)
    hands = [first] + [rest[i * 25 : (i + 1) * 25] for i in range(3)]
    return mod.State.from_cards(hands, rest[75:83], mod.Trump("2", "H"), 0, 0)


def legal_play(seed: int, steps: int, k: int) -> Any:
    """A legal whole play of a Tractor state: one legal card on lead (a lead's plays are too many to list),
    the ``k``-th legal follow otherwise; ``[]`` out of the play phase."""
    state = build_state("tractor", seed, steps)
    if state.phase != "play":
        return []
    if not state.current_trick() and not state.partial_play():
        cards = [a for a in state.legal_actions() if a < 54]
        return [tricktaker.Card.from_id(_pick(cards, k))] if cards else []
    if state.partial_play():
        return []
    return _pick(state.legal_plays(), k) or []


def legal_text(game: str, seed: int, steps: int, k: int) -> str:
    """The text of the ``k``-th legal action of a state (``"pass"`` when it has none)."""
    state = build_state(game, seed, steps)
    legal = state.legal_actions()
    return state.action_to_string(_pick(legal, k)) if legal else "pass"


def _pick(items: list[Any], k: int) -> Any:
    return items[k % len(items)] if items else None


def _readonly(shape: Any) -> Any:
    import numpy as np

    out = np.zeros(shape, dtype=np.float32)
    out.setflags(write=False)
    return out


def resolve(value: Any, depth: int = 0) -> Any:
    """``value`` with every :class:`Ref` in it built. Refs sit near the top of a call's arguments: below
    depth 20 (a deeply nested list, say) values are taken as they are, so that resolving never recurses past
    Python's limit."""
    if isinstance(value, Ref):
        return build(value)
    if depth > 20:
        return value
    if type(value) is list:
        return [resolve(v, depth + 1) for v in value]
    if type(value) is tuple:
        return tuple(resolve(v, depth + 1) for v in value)
    if type(value) is dict:
        return {k: resolve(v, depth + 1) for k, v in value.items()}
    return value


# ---- before and after ----


def snapshot(obj: Any, depth: int = 0) -> Any:
    """What must not change when a call is refused (``None`` for what cannot change or is not ours)."""
    import numpy as np

    if depth > 2:
        return None
    try:
        if isinstance(obj, np.ndarray):
            return ("array", obj.shape, str(obj.dtype), obj.tobytes()[:100_000])
        name = type(obj).__name__
        if name == "State" and hasattr(obj, "to_json"):
            return ("state", obj.to_json(), obj.history(), obj.returns(), obj.current_player)
        if name == "VectorState":
            n = obj.num_envs
            return (
                "vector",
                n,
                obj.current_players().tobytes(),
                obj.legal_action_masks().tobytes(),
                [obj.state(i).to_json() for i in range(min(n, 3))],
            )
        if name == "Rules" and hasattr(obj, "to_dict"):
            return ("rules", obj.to_dict())
        if name == "Match":
            return ("match", obj.state.to_json(), repr(obj.record), getattr(obj, "scores", None))
        if hasattr(obj, "unwrapped") and hasattr(obj, "possible_agents"):
            raw = obj.unwrapped
            game = raw._game.to_json() if getattr(raw, "_game", None) is not None else None
            return (
                "env",
                game,
                getattr(raw, "agent_selection", None),
                list(getattr(raw, "agents", [])),
                dict(getattr(raw, "rewards", {})),
                dict(getattr(raw, "_cumulative_rewards", {})),
                dict(getattr(raw, "terminations", {})),
            )
        if isinstance(obj, list | tuple) and len(obj) <= 64:
            inner = [snapshot(x, depth + 1) for x in obj]
            return ("seq", inner, [repr(x)[:200] for x in obj] if len(obj) <= 16 else len(obj))
        if isinstance(obj, dict) and len(obj) <= 64:
            return ("dict", {repr(k): snapshot(v, depth + 1) for k, v in obj.items()})
        if isinstance(obj, bytearray):
            return ("bytearray", bytes(obj))
    except Exception as e:  # a snapshot that fails is compared as such
        return ("unreadable", type(e).__name__)
    return None


def difference(before: Any, after: Any) -> str:
    if before == after:
        return ""
    if isinstance(before, tuple) and isinstance(after, tuple) and len(before) == len(after):
        for i, (b, a) in enumerate(zip(before, after, strict=True)):
            if b != a:
                return f"{before[0]} part {i}: {str(b)[:120]!r} -> {str(a)[:120]!r}"
    return f"{str(before)[:150]!r} -> {str(after)[:150]!r}"


def postcheck(value: Any, depth: int = 0) -> None:
    """A state a call gave back (or worked on) must save, load back equal, clone and play on."""
    import numpy as np

    if depth > 1:
        return
    name = type(value).__name__
    if name == "State" and hasattr(value, "to_json"):
        text = value.to_json()
        back = type(value).from_json(text)
        if back != value:
            raise ScenarioFailure("the state does not load back equal from its own save")
        if back.to_json() != text:
            raise ScenarioFailure("the state's save changes when loaded and saved again")
        pickle.loads(pickle.dumps(value))
        clone = value.clone()
        rng = random.Random(len(text))
        for _ in range(4):
            if clone.is_terminal:
                clone.returns()
                break
            legal = clone.legal_actions()
            if not legal:
                raise ScenarioFailure("a state that is not terminal has no legal action")
            clone.apply_action(rng.choice(legal))
            clone.undo()
            clone.apply_action(rng.choice(legal))
        if not value.is_terminal:
            player = value.current_player
            value.observation(player)
            value.information_state_key(player)
    elif name == "VectorState":
        masks = value.legal_action_masks()
        value.observations()
        value.current_players()
        if value.num_envs and value.num_envs <= 4096:
            actions = np.array([int(np.flatnonzero(m)[0]) for m in masks], dtype=np.int64)
            value.clone().step(actions) if hasattr(value, "clone") else None
    elif isinstance(value, list) and value and len(value) <= 64:
        for item in value[:2]:
            postcheck(item, depth + 1)


# ---- running one call ----


def resolve_target(call: Call, receiver: Any) -> Callable[..., Any]:
    target = call.target
    if target.startswith("."):
        method: Callable[..., Any] = getattr(receiver, target[1:])
        return method
    if target.startswith("="):
        attribute = target[1:]
        return lambda value: setattr(receiver, attribute, value)
    if target.startswith("scenario:"):
        return SCENARIOS[target.split(":", 1)[1]]
    module_name, _, path = target.partition(":")
    obj: Any = __import__(module_name, fromlist=["_"])
    for part in path.split("."):
        obj = getattr(obj, part)
    return obj  # type: ignore[no-any-return]


def _text(exc: BaseException) -> str:
    """``str(exc)``, bounded, even when that fails (a ``KeyError`` of a 5000-digit int)."""
    try:
        return str(exc)[:300]
    except Exception as e:
        return f"<str() of the exception failed: {type(e).__name__}>"


def _classify(exc: BaseException) -> tuple[str, tuple[str, ...]]:
    mro = tuple(c.__name__ for c in type(exc).__mro__)
    allowed = isinstance(exc, TricktakerError | TypeError | CallerError)
    return ("refused" if allowed else "error"), mro


def _describe_exception(exc: BaseException) -> str:
    """Where the exception came from: the last frame outside the harness, or the native module."""
    frames = traceback.extract_tb(exc.__traceback__)
    ours = [f for f in frames if "tests/fuzz" not in f.filename.replace(os.sep, "/")]
    if not ours:
        # The innermost frame is the harness's: the line calling the library (then the native module raised),
        # or a line of the harness itself.
        last = frames[-1] if frames else None
        where = f" (from {os.path.basename(last.filename)}:{last.lineno}: {last.line})" if last else ""
        return f"raised by the native module{where}"
    last = ours[-1]
    path = last.filename.replace(os.sep, "/")
    where = path.split("/python/", 1)[-1] if "/python/" in path else os.path.basename(path)
    return f"raised at {where}:{last.lineno} in {last.name}"


def run_call(call: Call) -> Outcome:
    try:
        receiver = resolve(call.receiver)
        args = resolve(call.args)
        kwargs = resolve(call.kwargs)
        fn = resolve_target(call, receiver)
    except BaseException as e:
        return Outcome("setup", exc_type=type(e).__name__, message=_text(e), detail=_describe_exception(e))
    watched = [receiver, *args, *kwargs.values()]
    before = [snapshot(x) for x in watched]
    start = time.perf_counter()
    try:
        result = fn(*args, **kwargs)
    except BaseException as e:
        seconds = time.perf_counter() - start
        kind, mro = _classify(e)
        message = _text(e)
        detail = _describe_exception(e) if kind == "error" else ""
        if kind == "refused":
            after = [snapshot(x) for x in watched]
            for i, (b, a) in enumerate(zip(before, after, strict=True)):
                change = difference(b, a)
                if change:
                    which = "the receiver" if i == 0 else f"argument {i}"
                    return Outcome(
                        "mutated",
                        exc_type=type(e).__name__,
                        mro=mro,
                        message=message,
                        detail=f"{which} changed: {change}",
                        seconds=seconds,
                    )
        return Outcome(
            kind, exc_type=type(e).__name__, mro=mro, message=message, detail=detail, seconds=seconds
        )
    seconds = time.perf_counter() - start
    text = _result_text(result)
    try:
        postcheck(result)
        if receiver is not None:
            postcheck(receiver)
    except BaseException as e:
        return Outcome(
            "postcheck",
            exc_type=type(e).__name__,
            message=f"the call worked but left something unusable: {_text(e)}",
            detail=_describe_exception(e),
            seconds=seconds,
            result=text,
        )
    return Outcome("ok", seconds=seconds, result=text)


def _result_text(result: Any) -> str:
    """A short text of what a call returned (without building the repr of a huge result)."""
    try:
        size = len(result)
    except Exception:
        size = 0
    if size > 1000:
        return f"<{type(result).__name__} of length {size}>"
    try:
        return repr(result)[:200]
    except ValueError:  # a dataclass holding a 5000-digit int: Python's own limit, not the library's
        return f"<{type(result).__name__}>"


# ---- scenarios ----


def scenario_threads(
    game: str, seed: int, steps: int, background: str, seconds: float, ops: list[str]
) -> str:
    """One thread runs a GIL-releasing call on a state (``resample``, ``resamples``, ``playouts``…) over
    and over while this one calls the state's methods; nothing may raise but the allowed errors, and
    never ``RuntimeError: Already borrowed``."""
    mod = GAMES[game]
    state = build_state(game, seed, steps)
    stop = threading.Event()
    errors: list[str] = []
    player = state.current_player if state.current_player is not None else 0

    background_calls = [0]

    def loop() -> None:
        k = 0
        while not stop.is_set():
            k += 1
            background_calls[0] = k
            try:
                if background == "resamples":
                    state.resamples(player, 8, k)
                elif background == "resample":
                    state.resample(player, k)
                elif background == "playouts":
                    if not state.is_terminal:
                        mod.playouts(state, 16, k, threads=1)
                elif background == "playout_summaries":
                    if not state.is_terminal:
                        mod.playout_summaries(state, 16, k, threads=1)
                elif background == "observations":
                    mod.observations([state, state], [player, player])
            except TricktakerError:
                pass
            except BaseException as e:
                errors.append(f"background {background}: {type(e).__name__}: {e}")
                return

    thread = threading.Thread(target=loop, daemon=True)
    thread.start()
    rng = random.Random(seed)
    deadline = time.monotonic() + seconds
    calls = 0
    try:
        while time.monotonic() < deadline and not errors:
            op = ops[calls % len(ops)]
            calls += 1
            try:
                if op == "apply":
                    if not state.is_terminal:
                        state.apply_action(rng.choice(state.legal_actions()))
                elif op == "undo":
                    if state.history():
                        state.undo()
                elif op == "apply_undo":
                    if not state.is_terminal:
                        state.apply_action(rng.choice(state.legal_actions()))
                        state.undo()
                elif op == "clone":
                    state.clone()
                elif op == "to_json":
                    state.to_json()
                elif op == "legal":
                    state.legal_actions()
                    state.legal_action_mask()
                elif op == "observe":
                    state.observation(player)
                    state.information_state_key(player)
                elif op == "pickle":
                    pickle.dumps(state)
                elif op == "eq":
                    _ = state == state.clone()
                elif op == "str":
                    str(state)
                elif op == "hand":
                    state.hand(player)
            except TricktakerError:
                pass
            except BaseException as e:
                errors.append(f"main thread {op}: {type(e).__name__}: {e}")
    finally:
        stop.set()
        thread.join(30)
    if thread.is_alive():
        errors.append("the background thread did not stop")
    if errors:
        raise ScenarioFailure("; ".join(errors[:3]))
    if background_calls[0] < 2:
        raise ScenarioFailure(f"the background thread made {background_calls[0]} call(s): nothing overlapped")
    return f"{calls} calls here, {background_calls[0]} {background} calls in the thread"


def _rss() -> int:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def scenario_leak(call: Call, repeats: int, limit_mb: float) -> str:
    """The same (refused) call ``repeats`` times: the resident memory may not keep growing."""
    fn_outcomes: dict[str, int] = {}
    run_call(call)  # warm up caches
    start = _rss()
    for _ in range(repeats):
        outcome = run_call(call)
        fn_outcomes[outcome.kind] = fn_outcomes.get(outcome.kind, 0) + 1
    grown = (_rss() - start) / 2**20
    if grown > limit_mb:
        raise ScenarioFailure(f"resident memory grew by {grown:.0f} MiB over {repeats} calls ({fn_outcomes})")
    return f"grew {grown:.1f} MiB; {fn_outcomes}"


def scripted_input(
    lines: list[str], failure: type[Exception], eof: bool = True, most: int = 5000
) -> Callable[[str], str]:
    """An ``input_fn`` for ``cli.main`` that answers prompts with ``lines``, then with the end of file (or
    ``quit`` when not ``eof``), and raises ``failure`` past ``most`` prompts: a command that loops."""
    answers = iter(lines)
    prompts = 0

    def input_fn(prompt: str) -> str:
        nonlocal prompts
        prompts += 1
        if prompts > most:
            raise failure(f"more than {most} prompts: the command loops")
        try:
            return next(answers)
        except StopIteration:
            if eof:
                raise EOFError from None
            return "quit"

    return input_fn


def scenario_cli(argv: list[str], lines: list[str], eof: bool = True) -> str:
    """``tricktaker.cli.main(argv)`` in this process, answering prompts from ``lines`` (then end of file):
    no exception may escape it, it returns an exit status, and a failure says something on stderr."""
    from tricktaker import cli

    input_fn = scripted_input(lines, ScenarioFailure, eof)

    out, err = io.StringIO(), io.StringIO()
    real_out, real_err = io.StringIO(), io.StringIO()  # argparse writes its usage errors to sys.stderr
    try:
        with contextlib.redirect_stdout(real_out), contextlib.redirect_stderr(real_err):
            code = cli.main(argv, input_fn=input_fn, out=out, err=err)
    except ScenarioFailure:
        raise
    except SystemExit as e:
        raise ScenarioFailure(f"main raised SystemExit({e.code!r}) instead of returning") from None
    except BaseException as e:
        where = _describe_exception(e)
        raise ScenarioFailure(
            f"an exception escaped main: {type(e).__name__}: {_text(e)[:200]} ({where})"
        ) from None
    if not isinstance(code, int):
        raise ScenarioFailure(f"main returned {code!r}, not an exit status")
    if code != 0 and not (err.getvalue().strip() or real_err.getvalue().strip()):
        raise ScenarioFailure(f"exit status {code} with nothing on stderr")
    everything = out.getvalue() + err.getvalue() + real_out.getvalue() + real_err.getvalue()
    if "Traceback (most recent call last)" in everything:
        raise ScenarioFailure("a traceback was printed")
    return f"exit {code}; {len(out.getvalue())} chars out"


def scenario_sequence(
    game: str, seed: int, steps: int, ops: list[tuple[str, tuple[Any, ...], dict[str, Any]]]
) -> str:
    """Calls in turn on one state (abusive ones among them): every refused call leaves it as it was, and it
    stays usable throughout."""
    state = build_state(game, seed, steps)
    done = []
    for method, args, kwargs in ops:
        args, kwargs = resolve(args), resolve(kwargs)
        before = snapshot(state)
        try:
            getattr(state, method)(*args, **kwargs)
            done.append(method)
        except BaseException as e:
            kind, _ = _classify(e)
            text = (
                f"{method}{_short(tuple(args), 80)} after {done[-5:]}: {type(e).__name__}: {_text(e)[:160]}"
            )
            if kind != "refused":
                raise ScenarioFailure(text) from None
            change = difference(before, snapshot(state))
            if change:
                raise ScenarioFailure(f"refused call changed the state: {text}; {change}") from None
        postcheck(state)
    return f"{len(done)} of {len(ops)} calls worked"


SCENARIOS: dict[str, Callable[..., Any]] = {
    "threads": scenario_threads,
    "leak": scenario_leak,
    "cli": scenario_cli,
    "sequence": scenario_sequence,
}


# ---- the loop ----


def main() -> None:
    read_fd, write_fd, memory_limit = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
    from multiprocessing.connection import Connection

    conn_in = Connection(read_fd, writable=False)
    conn_out = Connection(write_fd, readable=False)
    if memory_limit > 0:
        resource.setrlimit(resource.RLIMIT_AS, (memory_limit, memory_limit))
    try:
        import_library()
    except BaseException as e:
        conn_out.send(f"import failed: {type(e).__name__}: {e}")
        return
    conn_out.send("ready")
    while True:
        try:
            call = conn_in.recv()
        except EOFError:
            return
        if call == "exit":
            return
        before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
        try:
            outcome = run_call(call)
        except BaseException as e:  # a bug of the harness must not pass for a crash of the library
            outcome = Outcome("setup", exc_type=type(e).__name__, message=f"harness error: {_text(e)}")
        rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
        outcome.maxrss = rss
        # Reported when this call raised the peak past its bound (an earlier documented worst case may have
        # left the peak high already).
        if rss > before and rss > (call.memory or MEMORY_FINDING) and not outcome.is_finding:
            outcome = Outcome(
                "memory",
                exc_type=outcome.exc_type,
                mro=outcome.mro,
                message=f"{outcome.kind}, but the peak resident memory reached {rss / 2**30:.1f} GiB",
                detail=outcome.message[:200],
                seconds=outcome.seconds,
                maxrss=rss,
            )
        with contextlib.suppress(Exception):
            sys.stdout.flush()
        conn_out.send(outcome)
        if outcome.kind == "memory":
            return


if __name__ == "__main__":
    main()
