//! The reference nim product: Conway's Fermat-2-power recursion, with no tables.
//!
//! For a Fermat 2-power `F = 2^(2^k)` and `a = a1·F ⊕ a0`, `b = b1·F ⊕ b0` (halves below `F`),
//! the identities `F ⊗ x = F·x` (x < F) and `F ⊗ F = F ⊕ F/2` give the Karatsuba-like split
//!
//! ```text
//! a⊗b = ((a1⊕a0)⊗(b1⊕b0) ⊕ a0⊗b0)·F  ⊕  (a0⊗b0 ⊕ (a1⊗b1)⊗(F/2))
//! ```
//!
//! (Conway, *On Numbers and Games*, ch. 6; Lenstra, *Nim multiplication*, 1978). This module is
//! deliberately plain: it is the slow code the table-driven product in [`super::fast`] is
//! checked against.

/// The nim product of two 128-bit words by the Fermat-2-power recursion.
pub fn mul(a: u128, b: u128) -> u128 {
    mul_level(a, b, 128)
}

/// `a ⊗ b` for `a, b < 2^bits`, `bits` a power of two.
fn mul_level(a: u128, b: u128, bits: u32) -> u128 {
    if a < 2 || b < 2 {
        // 0 and 1 are the ordinary 0 and 1 of the field.
        return a * b;
    }
    let half = bits / 2;
    if (a | b) >> half == 0 {
        // Both operands live in the subfield below F = 2^half.
        return mul_level(a, b, half);
    }
    let mask = (1u128 << half) - 1;
    let (a1, a0) = (a >> half, a & mask);
    let (b1, b0) = (b >> half, b & mask);
    let low = mul_level(a0, b0, half);
    let high = mul_level(a1, b1, half);
    let mid = mul_level(a1 ^ a0, b1 ^ b0, half);
    let half_f = 1u128 << (half - 1);
    ((mid ^ low) << half) | (low ^ mul_level(high, half_f, half))
}

/// `x^e` by square-and-multiply on the reference product.
pub fn pow(x: u128, e: u128) -> u128 {
    super::pow_with(x, 1, e, mul)
}

/// The inverse of a nonzero `x` in the field of `2^bits` elements (`bits` ∈ {1, 2, 4, …, 128},
/// `x < 2^bits`) as `x^(q−2)` (Lagrange: `x^(q−1) = 1`), or `None` for `x = 0`.
pub fn inverse_in(x: u128, bits: u32) -> Option<u128> {
    if x == 0 {
        return None;
    }
    // q − 2 = 2^bits − 2, i.e. all bits set except bit 0.
    let e = if bits == 128 {
        u128::MAX - 1
    } else {
        (1u128 << bits) - 2
    };
    Some(pow(x, e))
}

/// The square root of `x` in the field of `2^bits` elements as `x^(q/2)`: squaring is the
/// Frobenius automorphism, and `(x^(q/2))^2 = x^q = x`.
pub fn sqrt_in(x: u128, bits: u32) -> u128 {
    let mut r = x;
    for _ in 0..bits - 1 {
        r = mul(r, r);
    }
    r
}
