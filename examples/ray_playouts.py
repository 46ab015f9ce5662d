"""Random playouts spread over a Ray cluster: ``pip install "tricktaker[ray]"``, then
``python examples/ray_playouts.py --game tractor --games 2000000 --chunks 64``.

Each Ray task plays one chunk of games with ``random_playouts`` (which itself runs in Rust on every core of
its node with the GIL released); chunk k is seeded with ``seed + k``, so the result depends on the seed, the
number of games and the number of chunks, never on where or in which order the chunks ran. With
``ray.init()`` and no address, Ray starts a local cluster; pass ``--address`` to join an existing one.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import numpy as np
import ray

from tricktaker import sheepshead, tractor

GAMES = {"sheepshead": sheepshead, "tractor": tractor}


@ray.remote
def play_chunk(game: str, n: int, seed: int) -> Any:
    """One chunk of random games; returns their returns, shape (n, players)."""
    return GAMES[game].random_playouts(n, seed)


def chunk_sizes(games: int, chunks: int) -> list[int]:
    """``games`` split into ``chunks`` nearly equal parts."""
    base, extra = divmod(games, chunks)
    return [base + (1 if k < extra else 0) for k in range(chunks)]


def distributed_playouts(game: str, games: int, seed: int, chunks: int) -> Any:
    """The returns of ``games`` random games played as ``chunks`` Ray tasks, in chunk order."""
    sizes = [n for n in chunk_sizes(games, chunks) if n > 0]
    futures = [play_chunk.remote(game, n, seed + k) for k, n in enumerate(sizes)]
    return np.concatenate(ray.get(futures))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--game", choices=sorted(GAMES), default="sheepshead")
    parser.add_argument("--games", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--chunks", type=int, default=16)
    parser.add_argument("--address", default=None, help="a Ray cluster to join (default: start a local one)")
    args = parser.parse_args(argv)
    ray.init(address=args.address, include_dashboard=False, log_to_driver=False)
    start = time.perf_counter()
    returns = distributed_playouts(args.game, args.games, args.seed, args.chunks)
    seconds = time.perf_counter() - start
    print(f"{args.game}: {len(returns):,} games in {seconds:.2f} s ({len(returns) / seconds:,.0f} games/s)")
    print("mean return per seat:", " ".join(f"{x:+.4f}" for x in returns.mean(axis=0)))
    ray.shutdown()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
