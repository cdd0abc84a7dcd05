//! GF(2)-linear maps of 64-bit nimbers as byte tables, and the polynomial basis of GF(2^64)
//! the carry-less-multiply product works in.
//!
//! Nim addition is XOR, so every map `f` with `f(x ⊕ y) = f(x) ⊕ f(y)` is a 64×64 bit matrix;
//! [`Linear64`] stores it as eight tables of 256 words (16 KiB, L1-resident), one per input
//! byte, so applying it is eight lookups. Square root (the inverse Frobenius map) and the
//! product by the constant `2^63` are such maps.
//!
//! [`PolyBasis`]: with `α = 2^32` (a nimber outside the subfield GF(2^32), so of degree 64),
//! `x^i ↦ α^i` is a field isomorphism `GF(2)[x]/(p) → GF(2^64)` for `p` the minimal polynomial
//! of `α`. Its matrix and inverse turn a nim product into a carry-less product of polynomials
//! and a reduction modulo `p` (Barrett, with `μ = ⌊x^128 / p⌋`): the work of
//! [`super::clmul`]. Everything here is computed at first use from the portable product.

use std::sync::OnceLock;

use super::fast;

/// A GF(2)-linear map on 64-bit words as eight byte tables.
pub(crate) struct Linear64 {
    t: Box<[[u64; 256]; 8]>,
}

impl Linear64 {
    /// The map with `f(2^j) = images[j]`.
    pub(crate) fn from_images(images: &[u64; 64]) -> Self {
        let mut t = Box::new([[0u64; 256]; 8]);
        for (k, table) in t.iter_mut().enumerate() {
            for byte in 1..256usize {
                let low = byte.trailing_zeros() as usize;
                // Each entry is the previous one (lowest bit removed) plus that bit's image.
                table[byte] = table[byte & (byte - 1)] ^ images[8 * k + low];
            }
        }
        Self { t }
    }

    /// `f(v)`: eight lookups.
    #[inline(always)]
    pub(crate) fn apply(&self, v: u64) -> u64 {
        let b = v.to_le_bytes();
        let t = &*self.t;
        (t[0][usize::from(b[0])] ^ t[1][usize::from(b[1])])
            ^ (t[2][usize::from(b[2])] ^ t[3][usize::from(b[3])])
            ^ ((t[4][usize::from(b[4])] ^ t[5][usize::from(b[5])])
                ^ (t[6][usize::from(b[6])] ^ t[7][usize::from(b[7])]))
    }
}

/// A GF(2)-linear map on 64-bit words as 8×8 bit blocks in the encoding of the GFNI affine
/// instruction (`vgf2p8affineqb`): `m[j][k]` maps input byte `j` to its part of output byte
/// `k`, row `i` of the block (output bit `i`) in byte `7 − i`, its bit `r` the coefficient of
/// input bit `r`. [`super::clmul`] applies it to eight words at once.
pub(crate) struct Affine64 {
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    pub(crate) m: [[u64; 8]; 8],
}

impl Affine64 {
    /// The map with `f(2^j) = images[j]`.
    pub(crate) fn from_images(images: &[u64; 64]) -> Self {
        let mut m = [[0u64; 8]; 8];
        for (j, blocks) in m.iter_mut().enumerate() {
            for (k, block) in blocks.iter_mut().enumerate() {
                for r in 0..8 {
                    for i in 0..8 {
                        if images[8 * j + r] >> (8 * k + i) & 1 == 1 {
                            *block |= 1 << (8 * (7 - i) + r);
                        }
                    }
                }
            }
        }
        Self { m }
    }

    /// `f(v)` read from the blocks one bit at a time, as the instruction computes each
    /// byte (`bit i = parity(block byte 7 − i AND input byte)`): the portable check of the
    /// encoding.
    #[cfg(test)]
    fn apply_slowly(&self, v: u64) -> u64 {
        let mut out = 0u64;
        for (j, blocks) in self.m.iter().enumerate() {
            let byte = (v >> (8 * j)) as u8;
            for (k, block) in blocks.iter().enumerate() {
                for i in 0..8 {
                    let row = (block >> (8 * (7 - i))) as u8;
                    out ^= u64::from((row & byte).count_ones() & 1) << (8 * k + i);
                }
            }
        }
        out
    }
}

/// The polynomial basis of GF(2^64): `p(x) = x^64 + q(x)`, the minimal polynomial of
/// `α = 2^32`, with the two changes of basis.
pub(crate) struct PolyBasis {
    /// Nim basis → polynomial basis (`ψ`).
    pub(crate) to_poly: Linear64,
    /// Polynomial basis → nim basis (`φ(x^i) = α^i`).
    pub(crate) to_nim: Linear64,
    /// `p(x) − x^64`.
    pub(crate) q: u64,
    /// `⌊x^128 / p⌋ − x^64` (Barrett's constant).
    pub(crate) mu: u64,
    /// `ψ(2^63)`: the `F/2` of the 128-bit Karatsuba split, in the polynomial basis.
    #[cfg_attr(
        not(any(target_arch = "x86_64", target_arch = "aarch64")),
        allow(dead_code)
    )]
    pub(crate) half: u64,
    /// `ψ` as GFNI blocks.
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    pub(crate) to_poly_blocks: Affine64,
    /// `ψ⁻¹` as GFNI blocks.
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    pub(crate) to_nim_blocks: Affine64,
}

/// The generator of the polynomial basis (any nimber in `[2^32, 2^64)` has degree 64).
const ALPHA: u64 = 1 << 32;

static POLY: OnceLock<PolyBasis> = OnceLock::new();

/// The polynomial basis (built on first use, about 64 portable products and a 64×64
/// elimination).
pub(crate) fn poly() -> &'static PolyBasis {
    POLY.get_or_init(build_poly)
}

fn build_poly() -> PolyBasis {
    // powers[i] = α^i in the nim basis, i = 0..=64.
    let mut powers = [0u64; 65];
    powers[0] = 1;
    for i in 1..65 {
        powers[i] = fast::mul64(powers[i - 1], ALPHA);
    }
    let mut phi = [0u64; 64];
    phi.copy_from_slice(&powers[..64]);
    let psi = invert(&phi);
    let to_poly = Linear64::from_images(&psi);
    let q = to_poly.apply(powers[64]);
    PolyBasis {
        to_poly_blocks: Affine64::from_images(&psi),
        to_nim_blocks: Affine64::from_images(&phi),
        to_nim: Linear64::from_images(&phi),
        mu: barrett_mu(q),
        half: to_poly.apply(1 << 63),
        to_poly,
        q,
    }
}

/// The inverse of the bijective linear map with `f(2^i) = images[i]`, as the images of the
/// unit vectors (Gauss–Jordan on rows `images[i] | 2^i << 64`).
fn invert(images: &[u64; 64]) -> [u64; 64] {
    let mut rows: Vec<u128> = (0..64)
        .map(|i| u128::from(images[i]) | 1u128 << (64 + i))
        .collect();
    for j in 0..64 {
        // The images are α^0..α^63, linearly independent (α has degree 64): a pivot exists.
        let pivot = (j..64).find(|&r| rows[r] >> j & 1 == 1).unwrap_or(j);
        rows.swap(j, pivot);
        let pr = rows[j];
        for (r, row) in rows.iter_mut().enumerate() {
            if r != j && *row >> j & 1 == 1 {
                *row ^= pr;
            }
        }
    }
    let mut inv = [0u64; 64];
    for (j, slot) in inv.iter_mut().enumerate() {
        *slot = (rows[j] >> 64) as u64;
    }
    inv
}

/// `⌊x^128 / (x^64 + q)⌋ − x^64` by long division.
fn barrett_mu(q: u64) -> u64 {
    // x^128 − x^64·p = x^64·q: quotient bit 64, remainder q·x^64; then the bits 127..64.
    let mut r = u128::from(q) << 64;
    let mut quotient = 0u64;
    for d in (64..128).rev() {
        if r >> d & 1 == 1 {
            r ^= (1u128 << d) ^ (u128::from(q) << (d - 64));
            quotient |= 1 << (d - 64);
        }
    }
    quotient
}

/// Portable linear maps of the nim basis used by square roots.
pub(crate) struct NimMaps {
    /// `√x` in GF(2^64).
    pub(crate) sqrt: Linear64,
    /// `x ⊗ 2^63`.
    pub(crate) half: Linear64,
    /// `√x` as GFNI blocks.
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    pub(crate) sqrt_blocks: Affine64,
}

static MAPS: OnceLock<NimMaps> = OnceLock::new();

/// The square-root and `⊗ 2^63` tables (built from the portable product on first use).
pub(crate) fn maps() -> &'static NimMaps {
    MAPS.get_or_init(|| {
        let sqrt: [u64; 64] = std::array::from_fn(|j| fast::sqrt64(1 << j));
        let half: [u64; 64] = std::array::from_fn(|j| fast::mul64(1 << j, 1 << 63));
        NimMaps {
            sqrt_blocks: Affine64::from_images(&sqrt),
            sqrt: Linear64::from_images(&sqrt),
            half: Linear64::from_images(&half),
        }
    })
}

/// The carry-less (GF(2)[x]) product of two 64-bit polynomials in software: the slow
/// reference [`super::clmul`] is checked against.
pub fn clmul_soft(a: u64, b: u64) -> u128 {
    (0..64)
        .filter(|&i| b >> i & 1 == 1)
        .fold(0u128, |acc, i| acc ^ u128::from(a) << i)
}

/// The nim product through the polynomial basis with software carry-less products (slow;
/// checks the basis and the reduction independently of the hardware instruction).
pub fn mul64_poly_soft(a: u64, b: u64) -> u64 {
    let basis = poly();
    basis.to_nim.apply(mulred_soft(
        basis,
        basis.to_poly.apply(a),
        basis.to_poly.apply(b),
    ))
}

/// `x·y mod p` in the polynomial basis by Barrett's reduction, with software carry-less
/// products.
pub(crate) fn mulred_soft(basis: &PolyBasis, x: u64, y: u64) -> u64 {
    let c = clmul_soft(x, y);
    let (lo, hi) = (c as u64, (c >> 64) as u64);
    let quot = hi ^ (clmul_soft(hi, basis.mu) >> 64) as u64;
    lo ^ clmul_soft(quot, basis.q) as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The GFNI block encoding of both changes of basis is the byte-table map, bit for bit.
    #[test]
    fn affine_blocks_encode_the_changes_of_basis() {
        let b = poly();
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..2_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            assert_eq!(b.to_poly_blocks.apply_slowly(x), b.to_poly.apply(x));
            assert_eq!(b.to_nim_blocks.apply_slowly(x), b.to_nim.apply(x));
        }
        for j in 0..64 {
            assert_eq!(
                b.to_poly_blocks.apply_slowly(1 << j),
                b.to_poly.apply(1 << j)
            );
        }
    }
}
