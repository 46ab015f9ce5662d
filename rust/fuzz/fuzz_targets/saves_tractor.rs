//! Save invariant on the input as a Tractor save text: `from_json` refuses it with a reason, or loads a state
//! that re-saves identically and plays on to its end under the action invariants; never a panic or a hang.
//! The checks are the property tests' own.
#![no_main]

#[path = "../../core/tests/invariants/mod.rs"]
mod invariants;

use invariants::{check_save_bytes, Depth};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    check_save_bytes::<tricktaker_core::tractor::round::State>(data, Depth::FUZZ, Depth::LIGHT);
});
