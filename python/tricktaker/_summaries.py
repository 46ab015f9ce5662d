"""What both games' ``simulate`` and ``playout_summaries`` share: a dataclass of arrays from the rows of a
game's ``SUMMARY_COLUMNS`` (computed in Rust, ``tricktaker_core::game::Summary``)."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any, TypeVar

import numpy as np
import numpy.typing as npt

T = TypeVar("T")


def from_table(cls: type[T], table: npt.NDArray[np.int32], columns: Sequence[str], num_players: int) -> T:
    """``cls`` (a dataclass of arrays) from a summary table: ``returns`` is the first ``num_players`` columns,
    every other field the column of its name, as booleans where the field is an array of booleans."""
    column = {name: table[:, i] for i, name in enumerate(columns)}
    values: dict[str, Any] = {}
    for f in dataclasses.fields(cls):  # type: ignore[arg-type]
        if f.name == "returns":
            values[f.name] = np.ascontiguousarray(table[:, :num_players])
        else:
            values[f.name] = column[f.name].astype(bool) if "bool_" in str(f.type) else column[f.name]
    return cls(**values)
