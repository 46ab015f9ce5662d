//! Text invariant on the input as a string: parsing it as a card, rank, suit, Sheepshead or Tractor action
//! (at every trump rank) or rule option returns, and what parses prints back to itself. The checks are the
//! property tests' own.
#![no_main]

#[path = "../../core/tests/invariants/mod.rs"]
mod invariants;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    invariants::check_texts(&String::from_utf8_lossy(data));
});
