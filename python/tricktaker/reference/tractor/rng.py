"""The generator (docs/sheepshead-protocol.md: xoshiro256++ seeded by SplitMix64) and seeds.

`Rng` is the Sheepshead reference's generator, the one both engines use, so a seed gives the same deal in
both (Rust: ``rng.rs``). Here: `derive_seed` (the seed of round ``index`` of a batch) and the checks of a seed
and of a saved generator state.
"""

from __future__ import annotations

from typing import Final

from ..sheepshead import Rng as Rng  # the generator of both reference engines, re-exported

_MASK64: Final = (1 << 64) - 1
_SEED_STRIDE: Final = 0xD1B54A32D192ED03  # docs/tractor-protocol.md, "Random playouts"


def derive_seed(seed: int, index: int) -> int:
    """The seed of round ``index`` of a batch: the SplitMix64 output of ``seed ^ index * 0xD1B54A32D192ED03``
    (all modulo 2**64)."""
    x = (seed ^ (index * _SEED_STRIDE)) & _MASK64
    x = (x + 0x9E3779B97F4A7C15) & _MASK64
    z = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return z ^ (z >> 31)


def _check_seed(seed: object) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= _MASK64:
        raise ValueError(f"seed must be an int in 0..2**64-1, got {seed!r}")
    return seed


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _words(value: object) -> tuple[int, int, int, int]:
    """The four 64-bit state words of a saved generator."""
    if not isinstance(value, list) or len(value) != 4 or not all(_is_int(word) for word in value):
        raise ValueError(f"a generator state is four 64-bit ints, got {value!r}")
    return (value[0], value[1], value[2], value[3])


def _generator(seed: int, words: tuple[int, int, int, int] | None = None) -> Rng:
    """``Rng(seed)``, or, given its four state ``words`` (a saved round), the generator in that state."""
    rng = Rng(seed)
    if words is not None:
        rng.state = words  # checked: four 64-bit words, not all zero
    return rng
