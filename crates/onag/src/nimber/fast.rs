//! The table-driven nim product: discrete logarithms in GF(2^16), Karatsuba above.
//!
//! The nimbers below 65536 form the field GF(2^16); its multiplicative group is cyclic of
//! order 65535, so with a generator `g` a product is `exp[log a + log b]` (two 128 KiB tables
//! of `u16`, built once on first use from the [`super::reference`] product). Wider words use
//! the Fermat-2-power split of [`super::reference`] (32 bits = 3 products of 16-bit halves,
//! 64 bits = 3 products of 32-bit halves), reusing the logarithms of the halves, so a 64-bit
//! product costs about 20 logarithm and 14 exponential lookups and no recursion.
//!
//! Inverse and square root use the same split: in GF(F²) over GF(F), `F` is a root of
//! `X² + X + F/2`, its conjugate is `F ⊕ 1`, so `a⁻¹ = conj(a) ⊗ N(a)⁻¹` with the norm
//! `N(a) = a0⊗(a0⊕a1) ⊕ a1⊗a1⊗(F/2)` in the subfield, and `√(x1·F ⊕ x0) = √x1·F ⊕ √(x0 ⊕
//! x1⊗F/2)`.

use std::sync::OnceLock;

/// The order of the multiplicative group of GF(2^16).
const ORDER: usize = 65535;

/// Logarithm and exponential tables of GF(2^16) for the smallest generator.
struct Tables {
    /// `log[x]` for `x ≠ 0`; `log[0]` is unused (products with 0 are masked).
    log: Box<[u16; 65536]>,
    /// `exp[i] = g^(i mod 65535)` for `i < 3·65535`, so sums of three logarithms need no reduction.
    exp: Box<[u16; 3 * ORDER]>,
    /// `log(2^15)`: multiplying by `F/2` for F = 65536 is adding this.
    log_half: u32,
    /// The generator the tables were built from.
    generator: u16,
}

static TABLES: OnceLock<Tables> = OnceLock::new();

#[inline]
fn tables() -> &'static Tables {
    TABLES.get_or_init(build_tables)
}

/// Whether `g` generates GF(2^16)*: `g^(65535/p) ≠ 1` for each prime `p | 65535 = 3·5·17·257`.
pub(crate) fn generates_gf65536(g: u16) -> bool {
    g > 1
        && [3u128, 5, 17, 257]
            .iter()
            .all(|&p| super::reference::pow(u128::from(g), 65535 / p) != 1)
}

fn build_tables() -> Tables {
    // The smallest generator; the search cannot run off the end because GF(2^16)* is cyclic
    // and so has φ(65535) = 32768 generators.
    let generator = (2..=u16::MAX).find(|&g| generates_gf65536(g)).unwrap_or(2);
    // Fixed-size tables: an index below the length by its type (a `u16`, a sum of at most
    // three logarithms) needs no bounds check. Built on the heap (they are 512 KiB).
    let mut log: Box<[u16; 65536]> = boxed_zeros();
    let mut exp: Box<[u16; 3 * ORDER]> = boxed_zeros();
    let mut x: u16 = 1;
    for (i, slot) in exp.iter_mut().enumerate() {
        *slot = x;
        if i < ORDER {
            log[usize::from(x)] = i as u16;
        }
        x = super::reference::mul(u128::from(x), u128::from(generator)) as u16;
    }
    let log_half = u32::from(log[0x8000]);
    Tables {
        log,
        exp,
        log_half,
        generator,
    }
}

/// A zeroed array on the heap (not through the stack).
fn boxed_zeros<const N: usize>() -> Box<[u16; N]> {
    match vec![0u16; N].into_boxed_slice().try_into() {
        Ok(array) => array,
        Err(_) => unreachable!("a boxed slice of N elements converts to [u16; N]"),
    }
}

/// The smallest generator of GF(2^16)* (the one the tables use).
pub fn generator() -> u16 {
    tables().generator
}

impl Tables {
    #[inline(always)]
    fn lg(&self, x: u16) -> u32 {
        u32::from(self.log[usize::from(x)])
    }

    /// `g^(sum of logs)` or 0 when a factor is 0 (`nonzero` false).
    #[inline(always)]
    fn ex(&self, sum: u32, nonzero: bool) -> u16 {
        let v = self.exp[sum as usize];
        if nonzero {
            v
        } else {
            0
        }
    }

    #[inline(always)]
    fn mul16(&self, a: u16, b: u16) -> u16 {
        self.ex(self.lg(a) + self.lg(b), a != 0 && b != 0)
    }

    /// `a ⊗ b` for 32-bit words: one Karatsuba level over GF(2^16).
    #[inline(always)]
    fn mul32(&self, a: u32, b: u32) -> u32 {
        let (a1, a0) = ((a >> 16) as u16, a as u16);
        let (b1, b0) = ((b >> 16) as u16, b as u16);
        let (a2, b2) = (a1 ^ a0, b1 ^ b0);
        let low = self.mul16(a0, b0);
        let mid = self.mul16(a2, b2);
        let high_half = self.ex(
            self.lg(a1) + self.lg(b1) + self.log_half,
            a1 != 0 && b1 != 0,
        );
        (u32::from(mid ^ low) << 16) | u32::from(low ^ high_half)
    }

    /// `x ⊗ 2^31` (the `F/2` of F = 2^32): `2^31 = 2^16 ⊗ 2^15`.
    #[inline(always)]
    fn mul32_half(&self, x: u32) -> u32 {
        let (x1, x0) = ((x >> 16) as u16, x as u16);
        let s = x1 ^ x0;
        let hi = self.ex(self.lg(s) + self.log_half, s != 0);
        let lo = self.ex(self.lg(x1) + 2 * self.log_half, x1 != 0);
        (u32::from(hi) << 16) | u32::from(lo)
    }

    #[inline(always)]
    fn mul64(&self, a: u64, b: u64) -> u64 {
        let (a1, a0) = ((a >> 32) as u32, a as u32);
        let (b1, b0) = ((b >> 32) as u32, b as u32);
        let low = self.mul32(a0, b0);
        let mid = self.mul32(a1 ^ a0, b1 ^ b0);
        let high = self.mul32(a1, b1);
        (u64::from(mid ^ low) << 32) | u64::from(low ^ self.mul32_half(high))
    }

    /// `x ⊗ 2^63` (the `F/2` of F = 2^64): `2^63 = 2^32 ⊗ 2^31`.
    fn mul64_half(&self, x: u64) -> u64 {
        let (x1, x0) = ((x >> 32) as u32, x as u32);
        let hi = self.mul32_half(x1 ^ x0);
        let lo = self.mul32_half(self.mul32_half(x1));
        (u64::from(hi) << 32) | u64::from(lo)
    }

    fn mul128(&self, a: u128, b: u128) -> u128 {
        let (a1, a0) = ((a >> 64) as u64, a as u64);
        let (b1, b0) = ((b >> 64) as u64, b as u64);
        let low = self.mul64(a0, b0);
        let mid = self.mul64(a1 ^ a0, b1 ^ b0);
        let high = self.mul64(a1, b1);
        (u128::from(mid ^ low) << 64) | u128::from(low ^ self.mul64_half(high))
    }

    fn inv16(&self, x: u16) -> u16 {
        // x ≠ 0 here; log ∈ [0, 65535), so 65535 − log ∈ (0, 65535].
        self.exp[ORDER - self.lg(x) as usize]
    }

    fn inv32(&self, x: u32) -> u32 {
        let (x1, x0) = ((x >> 16) as u16, x as u16);
        if x1 == 0 {
            return u32::from(self.inv16(x0));
        }
        let conj0 = x1 ^ x0;
        let norm = self.mul16(x0, conj0) ^ self.ex(2 * self.lg(x1) + self.log_half, true);
        let n_inv = self.inv16(norm);
        (u32::from(self.mul16(x1, n_inv)) << 16) | u32::from(self.mul16(conj0, n_inv))
    }

    fn inv64(&self, x: u64) -> u64 {
        let (x1, x0) = ((x >> 32) as u32, x as u32);
        if x1 == 0 {
            return u64::from(self.inv32(x0));
        }
        let conj0 = x1 ^ x0;
        let norm = self.mul32(x0, conj0) ^ self.mul32_half(self.mul32(x1, x1));
        let n_inv = self.inv32(norm);
        (u64::from(self.mul32(x1, n_inv)) << 32) | u64::from(self.mul32(conj0, n_inv))
    }

    fn inv128(&self, x: u128) -> u128 {
        let (x1, x0) = ((x >> 64) as u64, x as u64);
        if x1 == 0 {
            return u128::from(self.inv64(x0));
        }
        let conj0 = x1 ^ x0;
        let norm = self.mul64(x0, conj0) ^ self.mul64_half(self.mul64(x1, x1));
        let n_inv = self.inv64(norm);
        (u128::from(self.mul64(x1, n_inv)) << 64) | u128::from(self.mul64(conj0, n_inv))
    }

    fn sqrt16(&self, x: u16) -> u16 {
        if x == 0 {
            return 0;
        }
        // Halving modulo the odd group order 65535: 2 · 32768 ≡ 1.
        let l = self.lg(x) as usize;
        let half = if l.is_multiple_of(2) {
            l / 2
        } else {
            (l + ORDER) / 2
        };
        self.exp[half]
    }

    fn sqrt32(&self, x: u32) -> u32 {
        let (x1, x0) = ((x >> 16) as u16, x as u16);
        let x1_half = self.ex(self.lg(x1) + self.log_half, x1 != 0);
        (u32::from(self.sqrt16(x1)) << 16) | u32::from(self.sqrt16(x0 ^ x1_half))
    }

    fn sqrt64(&self, x: u64) -> u64 {
        let (x1, x0) = ((x >> 32) as u32, x as u32);
        (u64::from(self.sqrt32(x1)) << 32) | u64::from(self.sqrt32(x0 ^ self.mul32_half(x1)))
    }

    fn sqrt128(&self, x: u128) -> u128 {
        let (x1, x0) = ((x >> 64) as u64, x as u64);
        (u128::from(self.sqrt64(x1)) << 64) | u128::from(self.sqrt64(x0 ^ self.mul64_half(x1)))
    }
}

/// `a ⊗ b` for 16-bit words (one log/exp lookup).
#[inline]
pub fn mul16(a: u16, b: u16) -> u16 {
    tables().mul16(a, b)
}

/// `a ⊗ b` for 32-bit words.
#[inline]
pub fn mul32(a: u32, b: u32) -> u32 {
    tables().mul32(a, b)
}

/// `a ⊗ b` for 64-bit words.
#[inline]
pub fn mul64(a: u64, b: u64) -> u64 {
    tables().mul64(a, b)
}

/// `a ⊗ b` for 128-bit words.
pub fn mul128(a: u128, b: u128) -> u128 {
    tables().mul128(a, b)
}

/// The inverse of a nonzero 64-bit nimber in GF(2^64), `None` for 0.
pub fn inv64(x: u64) -> Option<u64> {
    (x != 0).then(|| tables().inv64(x))
}

/// The inverse of a nonzero 128-bit nimber in GF(2^128), `None` for 0.
pub fn inv128(x: u128) -> Option<u128> {
    (x != 0).then(|| tables().inv128(x))
}

/// The square root of a 64-bit nimber (unique: squaring is a bijection in characteristic 2).
pub fn sqrt64(x: u64) -> u64 {
    tables().sqrt64(x)
}

/// The square root of a 128-bit nimber.
pub fn sqrt128(x: u128) -> u128 {
    tables().sqrt128(x)
}
