"""What every benchmark of ``benches/`` records besides its time: its throughput, in ``extra_info``."""

from __future__ import annotations

from typing import Any


def per_second(benchmark: Any, count: int, key: str) -> None:
    """Record ``count`` items over the mean time as ``extra_info[key]`` (items per second). Nothing is
    recorded when the benchmarks only run once to check that they work (``--benchmark-disable``)."""
    if benchmark.stats is not None:
        benchmark.extra_info[key] = count / benchmark.stats.stats.mean
