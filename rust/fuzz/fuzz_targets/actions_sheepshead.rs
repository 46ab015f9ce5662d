//! Action invariants on Sheepshead walks driven by the input (options, seed and steps; see
//! `Walk::from_bytes`): every legal action applies and undoes exactly, every other id or text is refused and
//! changes nothing, texts and saves round-trip, the game ends within its bound. The checks are the property
//! tests' own.
#![no_main]

#[path = "../../core/tests/invariants/mod.rs"]
mod invariants;

use invariants::{check_random_walk, Depth, Walk};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    check_random_walk::<tricktaker_core::sheepshead::State>(&Walk::from_bytes(data), Depth::FUZZ);
});
