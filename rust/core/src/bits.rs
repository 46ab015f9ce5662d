//! Bit tricks on masks: picking the k-th set bit.
//!
//! With BMI2 (detected once at run time) `pdep` finds it in one instruction; elsewhere a popcount-guided
//! search does. Both give the same answer.

use std::sync::OnceLock;

/// Index of the `k`-th (0-based, from the low end) set bit of `x`. `k` must be below `x.count_ones()`.
#[inline]
pub fn select64(x: u64, k: u32) -> u32 {
    debug_assert!(k < x.count_ones());
    #[cfg(target_arch = "x86_64")]
    {
        if has_bmi2() {
            // SAFETY: the CPU supports BMI2, checked just above.
            return unsafe { select64_bmi2(x, k) };
        }
    }
    select64_portable(x, k)
}

/// Index of the `k`-th set bit of a 128-bit mask.
#[inline]
pub fn select128(x: u128, k: u32) -> u32 {
    let lo = x as u64;
    let n = lo.count_ones();
    if k < n {
        select64(lo, k)
    } else {
        64 + select64((x >> 64) as u64, k - n)
    }
}

/// The indices of the set bits of a 128-bit mask, from the lowest.
pub fn ones128(mut mask: u128) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let i = mask.trailing_zeros() as u8;
            mask &= mask - 1;
            i
        })
    })
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "bmi2")]
fn select64_bmi2(x: u64, k: u32) -> u32 {
    std::arch::x86_64::_pdep_u64(1u64 << k, x).trailing_zeros()
}

/// Popcount-guided binary search, then a short scan.
#[inline]
pub fn select64_portable(mut x: u64, mut k: u32) -> u32 {
    let mut base = 0;
    for width in [32u32, 16, 8] {
        let low = x & ((1u64 << width) - 1);
        let n = low.count_ones();
        if k >= n {
            k -= n;
            x >>= width;
            base += width;
        } else {
            x = low;
        }
    }
    for _ in 0..k {
        x &= x - 1;
    }
    base + x.trailing_zeros()
}

/// Whether this CPU has BMI2 and POPCNT, the features of the fast playout kernels (checked once).
#[inline]
pub fn has_fast_bit_ops() -> bool {
    static FAST: OnceLock<bool> = OnceLock::new();
    #[cfg(target_arch = "x86_64")]
    {
        *FAST.get_or_init(|| {
            has_bmi2()
                && std::arch::is_x86_feature_detected!("popcnt")
                && std::arch::is_x86_feature_detected!("bmi1")
                && std::arch::is_x86_feature_detected!("lzcnt")
        })
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        *FAST.get_or_init(|| false)
    }
}

/// Whether this CPU has BMI2 (checked once).
#[inline]
pub fn has_bmi2() -> bool {
    static BMI2: OnceLock<bool> = OnceLock::new();
    #[cfg(target_arch = "x86_64")]
    {
        *BMI2.get_or_init(|| std::arch::is_x86_feature_detected!("bmi2"))
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        *BMI2.get_or_init(|| false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn select_finds_the_kth_bit(x in 1u64.., k in 0u32..64) {
            let k = k % x.count_ones();
            let naive = (0..64).filter(|i| x >> i & 1 == 1).nth(k as usize).unwrap();
            prop_assert_eq!(select64(x, k), naive);
            prop_assert_eq!(select64_portable(x, k), naive);
        }

        #[test]
        fn select128_finds_the_kth_bit(x in 1u128.., k in 0u32..128) {
            let k = k % x.count_ones();
            let naive = (0..128).filter(|i| x >> i & 1 == 1).nth(k as usize).unwrap();
            prop_assert_eq!(select128(x, k), naive);
        }
    }
}
