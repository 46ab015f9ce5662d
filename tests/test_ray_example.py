"""The Ray example runs on a local cluster and gives the same games as playing its chunks here."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

ray = pytest.importorskip("ray")

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "ray_playouts.py"


def load_example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("ray_playouts", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_distributed_playouts_match_the_chunks_played_locally() -> None:
    example = load_example()
    if ray.is_initialized():  # another test's cluster
        ray.shutdown()
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        for game in ("sheepshead", "tractor"):
            returns = example.distributed_playouts(game, 3000, 11, chunks=5)
            module = example.GAMES[game]
            local = np.concatenate(
                [module.random_playouts(n, 11 + k) for k, n in enumerate(example.chunk_sizes(3000, 5))]
            )
            assert returns.shape == (3000, module.NUM_PLAYERS)
            assert (returns == local).all()
            assert (returns.sum(axis=1) == 0).all()
    finally:
        ray.shutdown()
    assert example.chunk_sizes(10, 4) == [3, 3, 2, 2]
