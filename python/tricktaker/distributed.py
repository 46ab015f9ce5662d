"""The arena and the self-play generator spread over a `Ray <https://www.ray.io/>`_ cluster (extra ``[ray]``).

:func:`arena` plays the hands of :func:`tricktaker.bots.arena` and :func:`generate` the shards of
:func:`tricktaker.selfplay.generate`, as Ray tasks: chunks of hands (a shard for ``generate``) handed to at
most ``workers`` tasks at a time, anywhere on the cluster. Hand ``h`` depends only on the seed and ``h``, and
the bots are deterministic, so the results are those of the one-process functions, whatever the number of
workers or the order in which the chunks finish. The driver keeps every result and writes every file: the
workers need no shared disk. Bots time-limited by ``seconds`` are the exception: how far they search depends
on the machine.

Connect first with :func:`connect` (``ray.init``: a new local cluster, or ``address`` ``"auto"`` or
``"ray://host:10001"`` to join one; ``RAY_ADDRESS`` is honoured), or call ``ray.init`` yourself: both
functions use the cluster this process is connected to, and connect to a new local one if there is none.

>>> from tricktaker import bots, distributed
>>> distributed.connect()  # doctest: +SKIP
>>> field = [bots.SheepsheadHeuristicBot()] + [bots.RandomBot(i) for i in range(4)]
>>> same = distributed.arena("sheepshead", field, 1000, 0) == bots.arena("sheepshead", field, 1000, 0)
>>> same  # doctest: +SKIP
True
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from . import _args, bots, selfplay
from .errors import ArgumentTypeError
from .protocol import GameState

__all__ = ["MAX_WORKERS", "arena", "connect", "generate", "workers"]

MAX_WORKERS = 100_000
"""The most tasks :func:`arena` and :func:`generate` keep running at once."""
_CHUNKS_A_WORKER = 4
"""How many chunks :func:`arena` cuts its hands into per worker (more balance the load; fewer cost less)."""


def _ray() -> Any:
    try:
        import ray
    except ImportError as e:  # pragma: no cover - the [ray] extra is installed wherever this is tested
        raise ImportError('tricktaker.distributed needs Ray: pip install "tricktaker[ray]"') from e
    return ray


def connect(address: str | None = None, **init: Any) -> None:
    """Connect this process to a Ray cluster unless it is already: ``ray.init(address, **init)`` (no
    address: a new local cluster, or ``RAY_ADDRESS``'s), without the dashboard and the workers' logs unless
    ``init`` says otherwise."""
    ray = _ray()
    if address is not None and not isinstance(address, str):
        raise ArgumentTypeError(f"address must be a str or None, not {_args.shown(address)}")
    if not ray.is_initialized():
        init.setdefault("include_dashboard", False)
        init.setdefault("log_to_driver", False)
        ray.init(address=address or None, **init)


def workers() -> int:
    """The CPUs of the cluster this process is connected to (connecting to a local one if none): the
    default number of workers."""
    connect()
    return max(1, int(_ray().cluster_resources().get("CPU", 1)))


def _workers(value: int | None) -> int:
    return workers() if value is None else _args.whole(value, "workers", 1, MAX_WORKERS)


def _shipped(field: Sequence[bots.Bot]) -> Any:
    """The bots, put in the object store once for every task."""
    ray = _ray()
    try:
        ray.cloudpickle.dumps(list(field))
    except Exception as e:
        raise ArgumentTypeError(f"the bots must pickle to go to Ray's workers: {e}") from e
    return ray.put(list(field))


def _in_order(tasks: Sequence[Callable[[], Any]], limit: int, done: Callable[[int, Any], None]) -> None:
    """Run ``tasks`` (each starts a Ray task and returns its reference) at most ``limit`` at a time, and call
    ``done(i, result)`` for every task ``i`` in order of ``i`` as soon as it and those before it are done. A
    task's exception is raised as itself (not Ray's wrapper), after the others are cancelled."""
    ray = _ray()
    pending: dict[Any, int] = {}
    results: dict[int, Any] = {}
    started = finished = 0
    try:
        while finished < len(tasks):
            while started < len(tasks) and len(pending) < limit:
                pending[tasks[started]()] = started
                started += 1
            ready, _ = ray.wait(list(pending), num_returns=1)
            for ref in ready:
                i = pending.pop(ref)
                try:
                    results[i] = ray.get(ref)
                except ray.exceptions.RayTaskError as e:
                    raise (e.cause if isinstance(e.cause, BaseException) else e) from e
            while finished in results:
                done(finished, results.pop(finished))
                finished += 1
    finally:
        for ref in pending:
            ray.cancel(ref)


def _play_chunk(
    game: str, field: list[bots.Bot], seed: int, hands: range, keep_states: bool
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float64], list[GameState] | None]:
    """A worker's chunk of an arena: :func:`tricktaker.bots.play_hands`, and the final states if asked."""
    states: list[GameState] = []
    seats, seat_returns = bots.play_hands(
        game,
        field,
        seed,
        hands,
        on_deal=(lambda h, state, names: states.append(state)) if keep_states else None,
    )
    return seats, seat_returns, states if keep_states else None


def _chunks(hands: int, count: int) -> Iterator[range]:
    size = math.ceil(hands / count)
    return (range(a, min(a + size, hands)) for a in range(0, hands, size))


def arena(
    game: str,
    field: Sequence[bots.Bot],
    hands: int,
    seed: int,
    *,
    workers: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    on_deal: Callable[[int, GameState, list[str]], None] | None = None,
) -> bots.ArenaResult:
    """:func:`tricktaker.bots.arena` ``(game, field, hands, seed)`` played over the Ray cluster, at most
    ``workers`` tasks at a time (default: the cluster's CPUs): the same :class:`~tricktaker.bots.ArenaResult`.
    The hands are cut into about ``4 × workers`` chunks; ``progress(done, hands)`` is called as chunks end
    (in order), and ``on_deal(h, state, names)`` for every hand in order, on this process (the final states
    come back from the workers only when it is given)."""
    hands, seed = bots.check_arena(game, field, hands, seed)
    bots.check_hooks(progress=progress, on_deal=on_deal)
    limit = _workers(workers)
    connect()
    remote = _ray().remote(_play_chunk)
    shipped = _shipped(field)
    chunks = list(_chunks(hands, limit * _CHUNKS_A_WORKER))
    keep = on_deal is not None
    parts: list[tuple[npt.NDArray[np.int64], npt.NDArray[np.float64]]] = []
    names = [b.name for b in field]

    def done(i: int, result: tuple[Any, Any, list[GameState] | None]) -> None:
        seats, seat_returns, states = result
        parts.append((seats, seat_returns))
        if on_deal is not None and states is not None:
            for h, state, row in zip(chunks[i], states, seats, strict=True):
                on_deal(h, state, [names[b] for b in row])
        if progress is not None:
            progress(chunks[i].stop, hands)

    tasks = [lambda part=part: remote.remote(game, shipped, seed, part, keep) for part in chunks]
    _in_order(tasks, limit, done)
    return bots.ArenaResult.from_hands(
        game, names, np.concatenate([p[0] for p in parts]), np.concatenate([p[1] for p in parts])
    )


def generate(
    game: str,
    field: Sequence[bots.Bot],
    hands: int,
    seed: int,
    directory: str | os.PathLike[str],
    *,
    shard_hands: int = selfplay.DEFAULT_SHARD_HANDS,
    format: str = "arrays",
    workers: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> selfplay.Generated:
    """:func:`tricktaker.selfplay.generate` over the Ray cluster: each shard is a task (at most ``workers`` at
    a time, default the cluster's CPUs), written by this process into ``directory`` as it comes back, in
    order. The shards are those :func:`tricktaker.selfplay.generate` writes."""
    run = selfplay.plan(game, field, hands, seed, shard_hands, format)
    bots.check_hooks(progress=progress)
    limit = _workers(workers)
    writer = selfplay.Writer(run, directory, progress)
    connect()
    remote = _ray().remote(selfplay.play_shard)
    shipped = _shipped(field)
    tasks = [lambda k=k: remote.remote(run, shipped, k) for k in range(len(run.parts))]
    _in_order(tasks, limit, lambda i, shard: writer.write(shard))
    return writer.generated()
