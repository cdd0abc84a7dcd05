//! Nimbers: nim addition (XOR) and Conway's nim multiplication on 64- and 128-bit words.
//!
//! The nimbers below a Fermat 2-power `F = 2^(2^k)` form the field GF(F) under nim addition
//! `⊕` (XOR) and nim multiplication `⊗` (Conway, *On Numbers and Games*, ch. 6). [`Nimber`]
//! wraps a `u64` (the field GF(2^64)), [`Nimber128`] a `u128` (GF(2^128)); their `+` is XOR
//! and their `*` is the nim product.
//!
//! Three product implementations exist and are tested to agree: [`reference::mul`], the plain
//! Fermat-2-power recursion; [`fast`], the portable product through discrete-logarithm tables
//! of GF(2^16) with a Karatsuba split above; and [`clmul`], a change to a polynomial basis and
//! the CPU's carry-less multiply (PCLMULQDQ / PMULL), chosen at run time when the CPU has it
//! ([`backend`]; [`force_portable`] switches back to [`fast`], e.g. to test it). Operands below
//! 2^16 take one log/exp lookup on either path. Square roots are one GF(2)-linear map
//! ([`basis`]). [`table`] builds multiplication tables with their "closed field" / "overflows"
//! marking and Conway's by-definition mex table.
//!
//! # Examples
//! (the example of `docs/library.md`; both copies run as doc-tests)
//! ```
//! use onag::nimber::{Nimber, Nimber128};
//!
//! assert_eq!(Nimber(2) * Nimber(2), Nimber(3)); // 2 ⊗ 2 = 3
//! assert_eq!(Nimber(5) * Nimber(51), Nimber(255)); // 5 ⊗ 51 = 255
//! assert_eq!(Nimber(4) + Nimber(6), Nimber(2)); // nim sum is XOR
//! assert_eq!(Nimber(16) * Nimber(16), Nimber(24)); // F ⊗ F = 3F/2 for F = 16
//! let x = Nimber(0xDEAD_BEEF_1234_5678);
//! assert_eq!(x * x.inverse().unwrap(), Nimber::ONE); // every x ≠ 0 has an inverse
//! assert_eq!(x.sqrt() * x.sqrt(), x); // squaring is the Frobenius map
//! assert_eq!(x.pow(u64::MAX.into()), Nimber::ONE); // x^(q−1) = 1 in GF(2^64)
//! assert_eq!(x.mul_reference(x), x * x); // table product = Fermat-power recursion
//! let big = Nimber128(1 << 64); // 128-bit words too
//! assert_eq!((big * big).0, 3 << 63);
//! assert_eq!(Nimber(5).to_string(), "*5");
//! ```

#[forbid(unsafe_code)]
pub mod basis;
#[forbid(unsafe_code)]
pub mod calc;
#[allow(unsafe_code)]
pub mod clmul;
#[forbid(unsafe_code)]
pub mod fast;
#[forbid(unsafe_code)]
pub mod ordinal;
#[forbid(unsafe_code)]
pub mod reference;
#[forbid(unsafe_code)]
pub mod table;

use std::fmt;
use std::ops::{Add, AddAssign, Div, Mul, MulAssign, Sub};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::OnceLock;

use clmul::Clmul;

/// Which implementation the nim products behind `*` use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    /// The portable table product of [`fast`].
    Portable,
    /// The carry-less-multiply product of [`clmul`].
    Clmul,
}

static FORCE_PORTABLE: AtomicBool = AtomicBool::new(false);
static HW: OnceLock<Option<Clmul>> = OnceLock::new();

/// Makes `*` use the portable product even where the CPU has a carry-less multiply (`true`),
/// or the best available again (`false`). Both give the same results; this exists to test
/// and measure the fallback.
pub fn force_portable(on: bool) {
    FORCE_PORTABLE.store(on, Ordering::Relaxed);
}

/// The implementation `*` uses now.
pub fn backend() -> Backend {
    match hw() {
        Some(_) => Backend::Clmul,
        None => Backend::Portable,
    }
}

#[inline]
fn hw() -> Option<Clmul> {
    if FORCE_PORTABLE.load(Ordering::Relaxed) {
        None
    } else {
        *HW.get_or_init(Clmul::detect)
    }
}

/// `a ⊗ b` for 64-bit words on the current [`backend`] (one lookup below 2^16; below 2^32 the
/// three lookups of one Karatsuba level, faster than the three changes of basis of [`clmul`]:
/// 5.2 vs 8.0 ns, BENCHMARKS.md).
#[inline]
pub fn mul64(a: u64, b: u64) -> u64 {
    if (a | b) >> 16 == 0 {
        return u64::from(fast::mul16(a as u16, b as u16));
    }
    mul64_wider(a, b)
}

/// [`mul64`] past 16 bits: kept out of line so that the one-lookup case inlines into callers.
#[inline(never)]
fn mul64_wider(a: u64, b: u64) -> u64 {
    if (a | b) >> 32 == 0 {
        return u64::from(fast::mul32(a as u32, b as u32));
    }
    match hw() {
        Some(c) => c.mul64(a, b),
        None => fast::mul64(a, b),
    }
}

/// `a ⊗ b` for 128-bit words on the current [`backend`].
#[inline]
pub fn mul128(a: u128, b: u128) -> u128 {
    if (a | b) >> 64 == 0 {
        return u128::from(mul64(a as u64, b as u64));
    }
    match hw() {
        Some(c) => c.mul128(a, b),
        None => fast::mul128(a, b),
    }
}

/// `out[i] = a[i] ⊗ b[i]`: one backend check for the whole slice, the loop compiled for the
/// carry-less multiply when it is used.
///
/// # Panics
/// If the three slices differ in length.
pub fn mul_slice(a: &[Nimber], b: &[Nimber], out: &mut [Nimber]) {
    match hw() {
        Some(c) => c.mul_slice(a, b, out),
        None => portable_zip(a, b, out, |x, y| Nimber(fast::mul64(x.0, y.0)), "mul_slice"),
    }
}

/// `out[i] = a[i] ⊗ b[i]` for 128-bit words: one backend check for the whole slice (eight at
/// a time where [`clmul::Clmul::wide`]).
///
/// # Panics
/// If the three slices differ in length.
pub fn mul128_slice(a: &[Nimber128], b: &[Nimber128], out: &mut [Nimber128]) {
    match hw() {
        Some(c) => c.mul128_slice(a, b, out),
        None => portable_zip(
            a,
            b,
            out,
            |x, y| Nimber128(fast::mul128(x.0, y.0)),
            "mul128_slice",
        ),
    }
}

/// `out[i] = √x[i]` on the current [`backend`] (eight at a time where
/// [`clmul::Clmul::wide`]).
///
/// # Panics
/// If the slices differ in length.
pub fn sqrt_slice(x: &[Nimber], out: &mut [Nimber]) {
    match hw() {
        Some(c) => c.sqrt_slice(x, out),
        None => portable_map(x, out, |v| v.sqrt(), "sqrt_slice"),
    }
}

/// `out[i] = x[i]⁻¹`, and `0` where `x[i] = 0` (the map `x ↦ x^(q−2)`), on the current
/// [`backend`]: Montgomery's batch inversion where [`clmul::Clmul::wide`] (three products per
/// element), else one inversion each.
///
/// # Panics
/// If the slices differ in length.
pub fn inverse_slice(x: &[Nimber], out: &mut [Nimber]) {
    match hw() {
        Some(c) => c.inverse_slice(x, out),
        None => portable_map(
            x,
            out,
            |v| v.inverse().unwrap_or(Nimber::ZERO),
            "inverse_slice",
        ),
    }
}

/// `out[i] = x[i]^e` (`x^0 = 1`) on the current [`backend`] (one chain per eight elements
/// where [`clmul::Clmul::wide`]).
///
/// # Panics
/// If the slices differ in length.
pub fn pow_slice(x: &[Nimber], e: u128, out: &mut [Nimber]) {
    match hw() {
        Some(c) => c.pow_slice(x, e, out),
        None => portable_map(x, out, |v| v.pow(e), "pow_slice"),
    }
}

/// The portable loop of a one-operand slice function (`what` names it in the panic).
fn portable_map(x: &[Nimber], out: &mut [Nimber], f: impl Fn(Nimber) -> Nimber, what: &str) {
    assert!(x.len() == out.len(), "{what} needs slices of equal length");
    for (o, &v) in out.iter_mut().zip(x) {
        *o = f(v);
    }
}

/// The portable loop of a two-operand slice function.
fn portable_zip<T: Copy>(a: &[T], b: &[T], out: &mut [T], f: impl Fn(T, T) -> T, what: &str) {
    assert!(
        a.len() == b.len() && b.len() == out.len(),
        "{what} needs slices of equal length"
    );
    for ((o, &x), &y) in out.iter_mut().zip(a).zip(b) {
        *o = f(x, y);
    }
}

/// `x^e` by square-and-multiply with `mul` (`x^0 = one`).
pub(crate) fn pow_with<T: Copy>(x: T, one: T, mut e: u128, mul: impl Fn(T, T) -> T) -> T {
    let (mut base, mut acc) = (x, one);
    while e > 0 {
        if e & 1 == 1 {
            acc = mul(acc, base);
        }
        base = mul(base, base);
        e >>= 1;
    }
    acc
}

fn pow64(x: u64, e: u128) -> u64 {
    match hw() {
        Some(c) => c.pow64(x, e),
        None => pow_with(x, 1, e, fast::mul64),
    }
}

fn pow128(x: u128, e: u128) -> u128 {
    pow_with(x, 1, e, mul128)
}

/// `√x` in GF(2^64): one GF(2)-linear map (eight lookups).
fn sqrt64(x: u64) -> u64 {
    basis::maps().sqrt.apply(x)
}

/// `√(x1·F ⊕ x0) = √x1·F ⊕ √(x0 ⊕ x1⊗F/2)` with `F = 2^64` (see [`fast`]).
fn sqrt128(x: u128) -> u128 {
    let (x1, x0) = ((x >> 64) as u64, x as u64);
    let m = basis::maps();
    u128::from(m.sqrt.apply(x1)) << 64 | u128::from(m.sqrt.apply(x0 ^ m.half.apply(x1)))
}

/// The Fermat 2-powers `2^(2^k)` that fit in 64 bits: the sizes of the finite nim fields.
pub const FERMAT_POWERS: [u64; 5] = [2, 4, 16, 256, 65536];

/// The smallest generator of the multiplicative group of GF(65536) (computed, not stored: it is
/// the generator the logarithm tables of [`fast`] were built from).
pub fn gf65536_generator() -> u16 {
    fast::generator()
}

/// Whether `g` generates the multiplicative group of GF(65536) (order test with the
/// reference product: `g^(65535/p) ≠ 1` for `p` = 3, 5, 17, 257).
pub fn generates_gf65536(g: u16) -> bool {
    fast::generates_gf65536(g)
}

macro_rules! nimber_type {
    ($name:ident, $word:ty, $bits:expr, $mul:path, $inv:path, $sqrt:path, $pow:path) => {
        impl $name {
            /// The additive identity `*0`.
            pub const ZERO: Self = Self(0);
            /// The multiplicative identity `*1`.
            pub const ONE: Self = Self(1);

            /// The nim product by the reference Fermat-2-power recursion (slow; for checks).
            pub fn mul_reference(self, rhs: Self) -> Self {
                Self(reference::mul(self.0 as u128, rhs.0 as u128) as $word)
            }

            /// `self^e` by square-and-multiply (`x^0 = 1`, also for `x = 0`).
            pub fn pow(self, e: u128) -> Self {
                Self($pow(self.0, e))
            }

            /// The multiplicative inverse, `None` for zero. Computed by the norm recursion
            /// (see [`fast`]; a version with the carry-less product at the top level measured
            /// no faster, its steps being sequential); equals `x^(q−2)` (checked in tests).
            pub fn inverse(self) -> Option<Self> {
                $inv(self.0).map(Self)
            }

            /// `self / rhs`, `None` when `rhs` is zero.
            pub fn checked_div(self, rhs: Self) -> Option<Self> {
                rhs.inverse().map(|inv| self * inv)
            }

            /// The unique square root (`x^(q/2)`: squaring is the Frobenius automorphism).
            pub fn sqrt(self) -> Self {
                Self($sqrt(self.0))
            }

            /// The smallest Fermat 2-power field GF(2^(2^k)) that contains `self`, as its bit
            /// width `2^k` (1 for 0 and 1).
            pub fn field_bits(self) -> u32 {
                let used = <$word>::BITS - self.0.leading_zeros();
                used.max(1).next_power_of_two()
            }
        }

        // Nim addition *is* XOR: the lint's suspicion does not apply to nimbers.
        #[allow(clippy::suspicious_arithmetic_impl)]
        impl Add for $name {
            type Output = Self;
            /// Nim sum: XOR.
            #[inline]
            fn add(self, rhs: Self) -> Self {
                Self(self.0 ^ rhs.0)
            }
        }

        #[allow(clippy::suspicious_op_assign_impl)]
        impl AddAssign for $name {
            #[inline]
            fn add_assign(&mut self, rhs: Self) {
                self.0 ^= rhs.0;
            }
        }

        #[allow(clippy::suspicious_arithmetic_impl)]
        impl Sub for $name {
            type Output = Self;
            /// In characteristic 2 subtraction is addition.
            #[inline]
            fn sub(self, rhs: Self) -> Self {
                Self(self.0 ^ rhs.0)
            }
        }

        impl Mul for $name {
            type Output = Self;
            /// Nim product (on the current [`backend`]).
            #[inline]
            fn mul(self, rhs: Self) -> Self {
                Self($mul(self.0, rhs.0))
            }
        }

        impl MulAssign for $name {
            #[inline]
            fn mul_assign(&mut self, rhs: Self) {
                *self = *self * rhs;
            }
        }

        impl Div for $name {
            type Output = Self;
            /// Nim quotient.
            ///
            /// # Panics
            /// On division by zero, like integer division; see [`Self::checked_div`].
            fn div(self, rhs: Self) -> Self {
                match self.checked_div(rhs) {
                    Some(q) => q,
                    None => panic!("nimber division by zero"),
                }
            }
        }

        impl fmt::Display for $name {
            /// Nimbers print as `*n`.
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "*{}", self.0)
            }
        }

        impl From<$word> for $name {
            fn from(x: $word) -> Self {
                Self(x)
            }
        }
    };
}

/// A nimber below 2^64, an element of GF(2^64): `+` is XOR, `*` the nim product.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Nimber(pub u64);

/// A nimber below 2^128, an element of GF(2^128): `+` is XOR, `*` the nim product.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Nimber128(pub u128);

nimber_type!(Nimber, u64, 64, mul64, fast::inv64, sqrt64, pow64);
nimber_type!(Nimber128, u128, 128, mul128, fast::inv128, sqrt128, pow128);

impl From<Nimber> for Nimber128 {
    fn from(x: Nimber) -> Self {
        Nimber128(u128::from(x.0))
    }
}
