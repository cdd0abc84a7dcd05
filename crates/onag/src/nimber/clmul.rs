//! The hardware nim product: a change to the polynomial basis ([`super::basis`]), one
//! carry-less multiply (PCLMULQDQ on x86-64, PMULL on aarch64), a Barrett reduction modulo the
//! minimal polynomial (two more carry-less multiplies) and the change back.
//!
//! This is the only module of the library with `unsafe` code: calling a
//! `#[target_feature]` function from code compiled without that feature. [`Clmul`] can only be
//! obtained from [`Clmul::detect`], which checks the CPU at run time, so holding one proves the
//! instruction exists; every `unsafe` block below relies on exactly that.

use super::basis::{self, PolyBasis};
use super::{Nimber, Nimber128};

/// Proof that the CPU has a carry-less multiply instruction; its methods are the hardware
/// nim products (equal to the portable [`super::fast`] ones, tested on 10^7 random pairs).
///
/// Where the CPU also has AVX-512 (F, BW, VBMI), GFNI and VPCLMULQDQ (x86-64), the slice
/// methods work on eight words at once ([`Clmul::wide`]): the changes of basis become GFNI
/// affine steps on 8×8 bit blocks of eight transposed words instead of eight table lookups
/// per word. [`Clmul::narrow`] turns that off (to test and measure the one-at-a-time loop).
#[derive(Clone, Copy)]
pub struct Clmul {
    basis: &'static PolyBasis,
    wide: bool,
}

impl std::fmt::Debug for Clmul {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(imp::NAME)?;
        if self.wide {
            f.write_str(" + avx512/gfni slices")?;
        }
        Ok(())
    }
}

/// Whether the eight-at-a-time slice path can run here.
fn wide_detected() -> bool {
    #[cfg(target_arch = "x86_64")]
    return imp::wide::detected();
    #[cfg(not(target_arch = "x86_64"))]
    return false;
}

/// How many leading elements the eight-at-a-time `$call` did: 0 where [`Clmul::wide`] is off
/// or the architecture has no such path (the statement is compiled out there).
macro_rules! wide_prefix {
    ($self:ident, $call:expr) => {{
        #[cfg(target_arch = "x86_64")]
        let done = if $self.wide {
            // SAFETY: `wide` is true only where `imp::wide::detected` found every instruction
            // the `imp::wide` functions are compiled for.
            unsafe { $call }
        } else {
            0
        };
        #[cfg(not(target_arch = "x86_64"))]
        let done = 0;
        done
    }};
}

fn check_lengths(a: usize, b: usize, out: usize, what: &str) {
    assert!(a == b && b == out, "{what} needs slices of equal length");
}

/// `out[i] = f(x[i])` from index `done` on: what the eight-at-a-time path left.
fn finish<S: Copy, D>(x: &[S], out: &mut [D], done: usize, f: impl Fn(S) -> D) {
    for (o, &v) in out[done..].iter_mut().zip(&x[done..]) {
        *o = f(v);
    }
}

impl Clmul {
    /// `Some` when this CPU has the instruction (PCLMULQDQ on x86-64, PMULL on aarch64),
    /// `None` elsewhere (then only the portable product exists).
    pub fn detect() -> Option<Clmul> {
        imp::detected().then(|| Clmul {
            basis: basis::poly(),
            wide: wide_detected(),
        })
    }

    /// The instruction used, e.g. `"pclmulqdq"`.
    pub fn name(self) -> &'static str {
        imp::NAME
    }

    /// Whether the slice methods run eight at a time on AVX-512 + GFNI + VPCLMULQDQ.
    pub fn wide(self) -> bool {
        self.wide
    }

    /// The same products with the slice methods one word at a time and [`Clmul::mul128`]
    /// through byte tables (same results).
    pub fn narrow(self) -> Clmul {
        Clmul {
            wide: false,
            ..self
        }
    }

    /// `a ⊗ b` in GF(2^64).
    #[inline]
    pub fn mul64(self, a: u64, b: u64) -> u64 {
        // SAFETY: `self` exists only if `detect` found the CPU feature `imp` is compiled for.
        unsafe { imp::mul64(self.basis, a, b) }
    }

    /// `a ⊗ b` in GF(2^128): one Karatsuba level over GF(2^64), four reduced products; where
    /// [`Clmul::wide`], the four input halves change basis in one GFNI batch and the two
    /// output halves in another (≈ 15 % faster than 48 byte-table lookups).
    #[inline]
    pub fn mul128(self, a: u128, b: u128) -> u128 {
        #[cfg(target_arch = "x86_64")]
        if self.wide {
            // SAFETY: `wide` is true only where `imp::wide::detected` found the instructions.
            return unsafe { imp::wide::mul128(self.basis, a, b) };
        }
        // SAFETY: as in `mul64`, the token proves the feature.
        unsafe { imp::mul128(self.basis, a, b) }
    }

    /// `out[i] = a[i] ⊗ b[i]`, eight at a time where [`Clmul::wide`], the rest one at a time
    /// with the whole loop compiled for the instruction.
    ///
    /// # Panics
    /// If the three slices differ in length.
    pub fn mul_slice(self, a: &[Nimber], b: &[Nimber], out: &mut [Nimber]) {
        check_lengths(a.len(), b.len(), out.len(), "mul_slice");
        let done = wide_prefix!(self, imp::wide::mul_slice(self.basis, a, b, out));
        // SAFETY: as in `mul64`, the token proves the feature.
        unsafe { imp::mul_slice(self.basis, &a[done..], &b[done..], &mut out[done..]) }
    }

    /// `out[i] = a[i] ⊗ b[i]` for 128-bit words (eight at a time where [`Clmul::wide`]).
    ///
    /// # Panics
    /// If the three slices differ in length.
    pub fn mul128_slice(self, a: &[Nimber128], b: &[Nimber128], out: &mut [Nimber128]) {
        check_lengths(a.len(), b.len(), out.len(), "mul128_slice");
        let done = wide_prefix!(self, imp::wide::mul128_slice(self.basis, a, b, out));
        for ((o, x), y) in out[done..].iter_mut().zip(&a[done..]).zip(&b[done..]) {
            *o = Nimber128(self.mul128(x.0, y.0));
        }
    }

    /// `x^e` by square-and-multiply, staying in the polynomial basis for the whole chain
    /// (`x^0 = 1`, also for `x = 0`).
    pub fn pow64(self, x: u64, e: u128) -> u64 {
        // SAFETY: as in `mul64`, the token proves the feature.
        unsafe { imp::pow64(self.basis, x, e) }
    }
}

/// A 64-bit nimber held in the polynomial basis of [`Clmul`] (`ψ(x)`): a product there is one
/// carry-less multiply and a Barrett reduction, without the three changes of basis of
/// [`Clmul::mul64`], and a sum is still XOR (`ψ` is GF(2)-linear). For chains of products
/// (powers, polynomials, dot products): convert once with [`Clmul::to_poly`], multiply with
/// [`Clmul::mul_poly`] / [`Clmul::mul_poly_slice`], convert back with [`Clmul::to_nim`].
///
/// # Examples
/// ```
/// use onag::nimber::clmul::{Clmul, Poly64};
/// use onag::nimber::Nimber;
///
/// if let Some(h) = Clmul::detect() {
///     let (x, y) = (h.to_poly(Nimber(5)), h.to_poly(Nimber(51)));
///     assert_eq!(h.to_nim(h.mul_poly(x, y)), Nimber(255)); // 5 ⊗ 51 = 255
///     assert_eq!(h.to_nim(x ^ y), Nimber(5 ^ 51)); // sums stay XOR
///     assert_eq!(h.to_poly(Nimber(1)), Poly64::ONE);
/// }
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Poly64(u64);

impl Poly64 {
    /// `ψ(0)`.
    pub const ZERO: Poly64 = Poly64(0);
    /// `ψ(1)`: the constant polynomial 1 (`α^0`).
    pub const ONE: Poly64 = Poly64(1);

    /// The coefficients of the polynomial (bit `i` is the coefficient of `x^i`, i.e. of `α^i`).
    pub fn bits(self) -> u64 {
        self.0
    }

    /// The polynomial with these coefficients (every word is one: the basis has 64 elements).
    pub const fn from_bits(bits: u64) -> Poly64 {
        Poly64(bits)
    }
}

impl std::ops::BitXor for Poly64 {
    type Output = Poly64;

    /// The nim sum, in the polynomial basis.
    fn bitxor(self, rhs: Poly64) -> Poly64 {
        Poly64(self.0 ^ rhs.0)
    }
}

impl Clmul {
    /// `ψ(x)`: eight byte-table lookups.
    #[inline]
    pub fn to_poly(self, x: Nimber) -> Poly64 {
        Poly64(self.basis.to_poly.apply(x.0))
    }

    /// `ψ⁻¹(p)`: eight byte-table lookups.
    #[inline]
    pub fn to_nim(self, p: Poly64) -> Nimber {
        Nimber(self.basis.to_nim.apply(p.0))
    }

    /// The nim product in the polynomial basis: `ψ(ψ⁻¹(a) ⊗ ψ⁻¹(b))`.
    #[inline]
    pub fn mul_poly(self, a: Poly64, b: Poly64) -> Poly64 {
        // SAFETY: as in `mul64`, the token proves the feature.
        Poly64(unsafe { imp::mul_poly(self.basis, a.0, b.0) })
    }

    /// `out[i] = a[i] ⊗ b[i]` in the polynomial basis (eight at a time where
    /// [`Clmul::wide`]), the loop compiled for the instruction.
    ///
    /// # Panics
    /// If the three slices differ in length.
    pub fn mul_poly_slice(self, a: &[Poly64], b: &[Poly64], out: &mut [Poly64]) {
        check_lengths(a.len(), b.len(), out.len(), "mul_poly_slice");
        let done = wide_prefix!(self, imp::wide::mul_poly_slice(self.basis, a, b, out));
        // SAFETY: as in `mul64`, the token proves the feature.
        unsafe { imp::mul_poly_slice(self.basis, &a[done..], &b[done..], &mut out[done..]) }
    }

    /// `out[i] = √x[i]` (eight at a time where [`Clmul::wide`]: the square root is
    /// GF(2)-linear, so one GFNI change of basis; else one byte-table map each).
    ///
    /// # Panics
    /// If the slices differ in length.
    pub fn sqrt_slice(self, x: &[Nimber], out: &mut [Nimber]) {
        check_lengths(x.len(), out.len(), out.len(), "sqrt_slice");
        let maps = basis::maps();
        let done = wide_prefix!(
            self,
            imp::wide::change_basis(&maps.sqrt_blocks, x, out, |n: Nimber| n.0, Nimber)
        );
        finish(x, out, done, |n| Nimber(maps.sqrt.apply(n.0)));
    }

    /// `out[i] = x[i]⁻¹`, and `0` where `x[i] = 0` (the map `x ↦ x^(q−2)`). Where
    /// [`Clmul::wide`]: Montgomery's batch inversion on eight interleaved chains, three
    /// products per element and eight inversions in all; else one inversion each (the norm
    /// recursion of [`super::fast`]).
    ///
    /// # Panics
    /// If the slices differ in length.
    pub fn inverse_slice(self, x: &[Nimber], out: &mut [Nimber]) {
        check_lengths(x.len(), out.len(), out.len(), "inverse_slice");
        let invert = |v: u64| super::fast::inv64(v).unwrap_or(0);
        let done = wide_prefix!(self, imp::wide::inverse_slice(self.basis, x, out, invert));
        finish(x, out, done, |n| Nimber(invert(n.0)));
    }

    /// `out[i] = x[i]^e` (`x^0 = 1`, also for `x = 0`): where [`Clmul::wide`], one
    /// square-and-multiply chain per eight elements in 512-bit registers; else
    /// [`Clmul::pow64`] each.
    ///
    /// # Panics
    /// If the slices differ in length.
    pub fn pow_slice(self, x: &[Nimber], e: u128, out: &mut [Nimber]) {
        check_lengths(x.len(), out.len(), out.len(), "pow_slice");
        let done = wide_prefix!(self, imp::wide::pow_slice(self.basis, x, e, out));
        finish(x, out, done, |n| Nimber(self.pow64(n.0, e)));
    }

    /// `out[i] = ψ(x[i])`: [`Clmul::to_poly`] on a slice (eight at a time where
    /// [`Clmul::wide`]).
    ///
    /// # Panics
    /// If the slices differ in length.
    pub fn to_poly_slice(self, x: &[Nimber], out: &mut [Poly64]) {
        check_lengths(x.len(), out.len(), out.len(), "to_poly_slice");
        let done = wide_prefix!(
            self,
            imp::wide::change_basis(&self.basis.to_poly_blocks, x, out, |n: Nimber| n.0, Poly64)
        );
        finish(x, out, done, |n| self.to_poly(n));
    }

    /// `out[i] = ψ⁻¹(p[i])`: [`Clmul::to_nim`] on a slice (eight at a time where
    /// [`Clmul::wide`]).
    ///
    /// # Panics
    /// If the slices differ in length.
    pub fn to_nim_slice(self, p: &[Poly64], out: &mut [Nimber]) {
        check_lengths(p.len(), out.len(), out.len(), "to_nim_slice");
        let done = wide_prefix!(
            self,
            imp::wide::change_basis(&self.basis.to_nim_blocks, p, out, |q: Poly64| q.0, Nimber)
        );
        finish(p, out, done, |q| self.to_nim(q));
    }
}

/// A 128-bit nimber `x1·F ⊕ x0` (`F = 2^64`) with both halves in the polynomial basis of
/// GF(2^64): a product is the Karatsuba split of [`Clmul::mul128`], four reduced carry-less
/// products and no change of basis; a sum is XOR.
///
/// # Examples
/// ```
/// use onag::nimber::clmul::{Clmul, Poly128};
/// use onag::nimber::Nimber128;
///
/// if let Some(h) = Clmul::detect() {
///     let f = h.to_poly128(Nimber128(1 << 64)); // F = 2^64
///     assert_eq!(h.to_nim128(h.mul_poly128(f, f)), Nimber128(3 << 63)); // F ⊗ F = 3F/2
///     assert_eq!(h.to_poly128(Nimber128(1)), Poly128::ONE);
/// }
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Poly128 {
    lo: Poly64,
    hi: Poly64,
}

impl Poly128 {
    /// `0`.
    pub const ZERO: Poly128 = Poly128 {
        lo: Poly64::ZERO,
        hi: Poly64::ZERO,
    };
    /// `1`.
    pub const ONE: Poly128 = Poly128 {
        lo: Poly64::ONE,
        hi: Poly64::ZERO,
    };

    /// The halves `(x0, x1)` of `x1·F ⊕ x0`, each in the polynomial basis.
    pub fn halves(self) -> (Poly64, Poly64) {
        (self.lo, self.hi)
    }
}

impl std::ops::BitXor for Poly128 {
    type Output = Poly128;

    /// The nim sum.
    fn bitxor(self, rhs: Poly128) -> Poly128 {
        Poly128 {
            lo: self.lo ^ rhs.lo,
            hi: self.hi ^ rhs.hi,
        }
    }
}

impl Clmul {
    /// Both halves of `x` into the polynomial basis (16 byte-table lookups).
    #[inline]
    pub fn to_poly128(self, x: Nimber128) -> Poly128 {
        Poly128 {
            lo: self.to_poly(Nimber(x.0 as u64)),
            hi: self.to_poly(Nimber((x.0 >> 64) as u64)),
        }
    }

    /// Back to the nim basis.
    #[inline]
    pub fn to_nim128(self, p: Poly128) -> Nimber128 {
        Nimber128(u128::from(self.to_nim(p.hi).0) << 64 | u128::from(self.to_nim(p.lo).0))
    }

    /// The 128-bit nim product in the polynomial basis.
    #[inline]
    pub fn mul_poly128(self, a: Poly128, b: Poly128) -> Poly128 {
        // SAFETY: as in `mul64`, the token proves the feature.
        let (lo, hi) = unsafe { imp::mul_poly128(self.basis, (a.lo.0, a.hi.0), (b.lo.0, b.hi.0)) };
        Poly128 {
            lo: Poly64(lo),
            hi: Poly64(hi),
        }
    }
}

/// The products written once over a reduced carry-less product `mulred` (defined per
/// architecture next to the macro call); `$feature` is the target feature they need.
#[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
macro_rules! via_poly {
    ($feature:literal) => {
        use super::{Nimber, Poly64, PolyBasis};

        #[target_feature(enable = $feature)]
        pub(super) fn mul_poly(b: &PolyBasis, x: u64, y: u64) -> u64 {
            mulred(b, x, y)
        }

        /// `(x0, x1) ⊗ (y0, y1)` over GF(2^64) in the polynomial basis: low, middle and
        /// high (times `F/2`) products, as in [`mul128`].
        #[target_feature(enable = $feature)]
        pub(super) fn mul_poly128(b: &PolyBasis, x: (u64, u64), y: (u64, u64)) -> (u64, u64) {
            let low = mulred(b, x.0, y.0);
            let mid = mulred(b, x.0 ^ x.1, y.0 ^ y.1);
            let high = mulred(b, mulred(b, x.1, y.1), b.half);
            (low ^ high, mid ^ low)
        }

        #[target_feature(enable = $feature)]
        pub(super) fn mul_poly_slice(
            b: &PolyBasis,
            x: &[Poly64],
            y: &[Poly64],
            out: &mut [Poly64],
        ) {
            for ((o, &u), &v) in out.iter_mut().zip(x).zip(y) {
                *o = Poly64(mulred(b, u.0, v.0));
            }
        }

        /// `ψ⁻¹(ψ(a)·ψ(b) mod p)`.
        #[target_feature(enable = $feature)]
        pub(super) fn mul64(b: &PolyBasis, x: u64, y: u64) -> u64 {
            b.to_nim
                .apply(mulred(b, b.to_poly.apply(x), b.to_poly.apply(y)))
        }

        /// The Karatsuba split of [`crate::nimber::reference`] with `F = 2^64`, all four
        /// 64-bit products (the fourth by `F/2`) in the polynomial basis, where additions
        /// are still XORs.
        #[target_feature(enable = $feature)]
        pub(super) fn mul128(b: &PolyBasis, x: u128, y: u128) -> u128 {
            let p = |v: u128| (b.to_poly.apply(v as u64), b.to_poly.apply((v >> 64) as u64));
            let (lo, hi) = mul_poly128(b, p(x), p(y));
            u128::from(b.to_nim.apply(hi)) << 64 | u128::from(b.to_nim.apply(lo))
        }

        #[target_feature(enable = $feature)]
        pub(super) fn mul_slice(b: &PolyBasis, x: &[Nimber], y: &[Nimber], out: &mut [Nimber]) {
            for ((o, &u), &v) in out.iter_mut().zip(x).zip(y) {
                *o = Nimber(mul64(b, u.0, v.0));
            }
        }

        #[target_feature(enable = $feature)]
        pub(super) fn pow64(b: &PolyBasis, x: u64, mut e: u128) -> u64 {
            if x != 0 && e > 0 {
                // x^(2^64 − 1) = 1 for x ≠ 0: keep a positive exponent below 2^64.
                e = (e - 1) % u128::from(u64::MAX) + 1;
            }
            // ψ(1) = 1: the polynomial 1 is α^0.
            let (mut base, mut acc) = (b.to_poly.apply(x), 1u64);
            while e > 0 {
                if e & 1 == 1 {
                    acc = mulred(b, acc, base);
                }
                base = mulred(b, base, base);
                e >>= 1;
            }
            b.to_nim.apply(acc)
        }
    };
}

#[cfg(target_arch = "x86_64")]
mod imp {
    use std::arch::x86_64::{
        __m128i, _mm_clmulepi64_si128, _mm_cvtsi128_si64, _mm_cvtsi64_si128, _mm_set_epi64x,
        _mm_xor_si128,
    };

    pub(super) const NAME: &str = "pclmulqdq";

    pub(super) fn detected() -> bool {
        std::arch::is_x86_feature_detected!("pclmulqdq")
    }

    /// `a·b mod p` in the polynomial basis, kept in one vector register: the product `c`,
    /// Barrett's quotient `hi(c) ⊕ hi(hi(c)·μ)` in the high lane, then `lo(c) ⊕ lo(quot·q)`.
    #[target_feature(enable = "pclmulqdq")]
    #[inline]
    fn mulred(b: &PolyBasis, x: u64, y: u64) -> u64 {
        let k: __m128i = _mm_set_epi64x(b.mu as i64, b.q as i64); // lanes (q, μ)
        let c = _mm_clmulepi64_si128(_mm_cvtsi64_si128(x as i64), _mm_cvtsi64_si128(y as i64), 0);
        let t = _mm_clmulepi64_si128(c, k, 0x11); // hi(c)·μ
        let quot = _mm_xor_si128(c, t); // high lane: the quotient
        let u = _mm_clmulepi64_si128(quot, k, 0x01); // quot·q
        _mm_cvtsi128_si64(_mm_xor_si128(c, u)) as u64
    }

    via_poly!("pclmulqdq");

    /// Eight products at once in 512-bit registers: the two changes of basis as GFNI affine
    /// steps on 8×8 bit blocks after a byte transpose of the eight words, the carry-less
    /// products and Barrett's reduction with VPCLMULQDQ.
    pub(super) mod wide {
        use std::arch::x86_64::{
            __m512i, _mm512_clmulepi64_epi128, _mm512_gf2p8affine_epi64_epi8, _mm512_loadu_epi64,
            _mm512_mask_blend_epi64, _mm512_maskz_mov_epi64, _mm512_permutexvar_epi64,
            _mm512_permutexvar_epi8, _mm512_set1_epi64, _mm512_set_epi64, _mm512_setzero_si512,
            _mm512_storeu_epi64, _mm512_test_epi64_mask, _mm512_unpacklo_epi64, _mm512_xor_si512,
        };

        use super::super::{Nimber, Nimber128, Poly64};
        use crate::nimber::basis::{Affine64, PolyBasis};

        /// The instructions the wide path needs.
        pub(in super::super) fn detected() -> bool {
            std::arch::is_x86_feature_detected!("avx512f")
                && std::arch::is_x86_feature_detected!("avx512bw")
                && std::arch::is_x86_feature_detected!("avx512vbmi")
                && std::arch::is_x86_feature_detected!("gfni")
                && std::arch::is_x86_feature_detected!("vpclmulqdq")
        }

        /// A change of basis with its blocks in registers: `blocks[j]` holds, in lane `k`,
        /// the block from input byte `j` to output byte `k`.
        #[derive(Clone, Copy)]
        struct Map {
            blocks: [__m512i; 8],
            transpose: __m512i,
        }

        #[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
        fn map(a: &Affine64) -> Map {
            // Byte 8·j + l of the transpose is byte j of word l (an involution).
            let idx: [u64; 8] = std::array::from_fn(|j| {
                (0..8).fold(0u64, |w, l| w | ((8 * l + j) as u64) << (8 * l))
            });
            Map {
                blocks: std::array::from_fn(|j| load(&a.m[j])),
                transpose: load(&idx),
            }
        }

        #[target_feature(enable = "avx512f")]
        fn load(w: &[u64; 8]) -> __m512i {
            // SAFETY: `w` is 64 readable bytes; the unaligned load has no alignment need.
            unsafe { _mm512_loadu_epi64(w.as_ptr().cast()) }
        }

        #[target_feature(enable = "avx512f")]
        fn store(v: __m512i) -> [u64; 8] {
            let mut w = [0u64; 8];
            // SAFETY: `w` is 64 writable bytes; the unaligned store has no alignment need.
            unsafe { _mm512_storeu_epi64(w.as_mut_ptr().cast(), v) };
            w
        }

        /// The map applied to each of the eight words of `v`. After the transpose lane `j`
        /// holds byte `j` of every word; broadcast, one affine step gives lane `k` the part
        /// of byte `k` of every image from input byte `j`; eight steps XORed and the transpose
        /// back give the images.
        #[target_feature(enable = "avx512f,avx512bw,avx512vbmi,gfni")]
        #[inline]
        fn apply(m: &Map, v: __m512i) -> __m512i {
            let t = _mm512_permutexvar_epi8(m.transpose, v);
            let mut acc = [_mm512_setzero_si512(); 4];
            for j in 0..8 {
                let lane = _mm512_permutexvar_epi64(_mm512_set1_epi64(j as i64), t);
                let part = _mm512_gf2p8affine_epi64_epi8::<0>(lane, m.blocks[j]);
                acc[j % 4] = _mm512_xor_si512(acc[j % 4], part);
            }
            let sum = _mm512_xor_si512(
                _mm512_xor_si512(acc[0], acc[1]),
                _mm512_xor_si512(acc[2], acc[3]),
            );
            _mm512_permutexvar_epi8(m.transpose, sum)
        }

        /// Barrett's reduction of the four 128-bit products in `c` (see `mulred`), the
        /// results in the low words.
        #[target_feature(enable = "avx512f,vpclmulqdq")]
        #[inline]
        fn reduce4(k: __m512i, c: __m512i) -> __m512i {
            let t = _mm512_clmulepi64_epi128::<0x11>(c, k); // hi(c)·μ
            let quot = _mm512_xor_si512(c, t); // high words: the quotients
            let u = _mm512_clmulepi64_epi128::<0x01>(quot, k); // quot·q
            _mm512_xor_si512(c, u)
        }

        /// Eight reduced products in the polynomial basis.
        #[target_feature(enable = "avx512f,vpclmulqdq")]
        #[inline]
        fn mulred8(k: __m512i, x: __m512i, y: __m512i) -> __m512i {
            let even = reduce4(k, _mm512_clmulepi64_epi128::<0x00>(x, y));
            let odd = reduce4(k, _mm512_clmulepi64_epi128::<0x11>(x, y));
            _mm512_unpacklo_epi64(even, odd)
        }

        #[target_feature(enable = "avx512f")]
        fn constants(b: &PolyBasis) -> __m512i {
            let (q, mu) = (b.q as i64, b.mu as i64);
            _mm512_set_epi64(mu, q, mu, q, mu, q, mu, q) // lanes (q, μ) in every 128 bits
        }

        /// `out[i] = f(x[i], y[i])` eight at a time, the words read with `get` and written with
        /// `put`; returns how many were done (whole chunks of eight).
        #[target_feature(enable = "avx512f")]
        #[inline]
        fn zip8<S: Copy, D>(
            x: &[S],
            y: &[S],
            out: &mut [D],
            get: impl Fn(S) -> u64,
            put: impl Fn(u64) -> D,
            f: impl Fn(__m512i, __m512i) -> __m512i,
        ) -> usize {
            let mut done = 0;
            for ((o, u), v) in out
                .chunks_exact_mut(8)
                .zip(x.chunks_exact(8))
                .zip(y.chunks_exact(8))
            {
                let u = load(&std::array::from_fn(|i| get(u[i])));
                let v = load(&std::array::from_fn(|i| get(v[i])));
                for (slot, &word) in o.iter_mut().zip(&store(f(u, v))) {
                    *slot = put(word);
                }
                done += 8;
            }
            done
        }

        /// `out[i] = x[i] ⊗ y[i]` for whole chunks of eight; returns how many were done.
        #[target_feature(enable = "avx512f,avx512bw,avx512vbmi,gfni,vpclmulqdq")]
        pub(in super::super) fn mul_slice(
            b: &PolyBasis,
            x: &[Nimber],
            y: &[Nimber],
            out: &mut [Nimber],
        ) -> usize {
            let (to_poly, to_nim, k) =
                (map(&b.to_poly_blocks), map(&b.to_nim_blocks), constants(b));
            zip8(
                x,
                y,
                out,
                |n| n.0,
                Nimber,
                |u, v| apply(&to_nim, mulred8(k, apply(&to_poly, u), apply(&to_poly, v))),
            )
        }

        /// The same in the polynomial basis (no change of basis).
        #[target_feature(enable = "avx512f,vpclmulqdq")]
        pub(in super::super) fn mul_poly_slice(
            b: &PolyBasis,
            x: &[Poly64],
            y: &[Poly64],
            out: &mut [Poly64],
        ) -> usize {
            let k = constants(b);
            zip8(x, y, out, |p| p.0, Poly64, |u, v| mulred8(k, u, v))
        }

        /// `x[i] ⊗ y[i]` for 128-bit words, whole chunks of eight: the Karatsuba split of
        /// `mul_poly128` on eight products at once; returns how many were done.
        #[target_feature(enable = "avx512f,avx512bw,avx512vbmi,gfni,vpclmulqdq")]
        pub(in super::super) fn mul128_slice(
            b: &PolyBasis,
            x: &[Nimber128],
            y: &[Nimber128],
            out: &mut [Nimber128],
        ) -> usize {
            let (to_poly, to_nim, k) =
                (map(&b.to_poly_blocks), map(&b.to_nim_blocks), constants(b));
            let half = _mm512_set1_epi64(b.half as i64);
            let halves = |w: &[Nimber128]| {
                let lo = load(&std::array::from_fn(|i| w[i].0 as u64));
                let hi = load(&std::array::from_fn(|i| (w[i].0 >> 64) as u64));
                (apply(&to_poly, lo), apply(&to_poly, hi))
            };
            let mut done = 0;
            for ((o, u), v) in out
                .chunks_exact_mut(8)
                .zip(x.chunks_exact(8))
                .zip(y.chunks_exact(8))
            {
                let ((x0, x1), (y0, y1)) = (halves(u), halves(v));
                let low = mulred8(k, x0, y0);
                let mid = mulred8(k, _mm512_xor_si512(x0, x1), _mm512_xor_si512(y0, y1));
                let high = mulred8(k, mulred8(k, x1, y1), half);
                let lo = store(apply(&to_nim, _mm512_xor_si512(low, high)));
                let hi = store(apply(&to_nim, _mm512_xor_si512(mid, low)));
                for (i, slot) in o.iter_mut().enumerate() {
                    *slot = Nimber128(u128::from(hi[i]) << 64 | u128::from(lo[i]));
                }
                done += 8;
            }
            done
        }

        /// `ψ(x)` of eight words with every zero replaced by `ψ(1) = 1` (the factors of a
        /// batch inversion) and the mask of the nonzero ones.
        #[target_feature(enable = "avx512f,avx512bw,avx512vbmi,gfni")]
        #[inline]
        fn nonzero_factors(to_poly: &Map, w: &[Nimber]) -> (__m512i, u8) {
            let p = apply(to_poly, load(&std::array::from_fn(|i| w[i].0)));
            let nonzero = _mm512_test_epi64_mask(p, p);
            (
                _mm512_mask_blend_epi64(nonzero, _mm512_set1_epi64(1), p),
                nonzero,
            )
        }

        /// `out[i] = x[i]⁻¹` (`0 ↦ 0`) on whole chunks of eight by Montgomery's trick on eight
        /// interleaved chains (one per lane): prefix products forward (kept in `out`, in the
        /// polynomial basis), eight inversions of the lane totals by `invert`, then
        /// `x[i]⁻¹ = (x[0..=i] ⊗ …)⁻¹ ⊗ prefix` backward. Returns how many were done.
        #[target_feature(enable = "avx512f,avx512bw,avx512vbmi,gfni,vpclmulqdq")]
        pub(in super::super) fn inverse_slice(
            b: &PolyBasis,
            x: &[Nimber],
            out: &mut [Nimber],
            invert: impl Fn(u64) -> u64,
        ) -> usize {
            let (to_poly, to_nim, k) =
                (map(&b.to_poly_blocks), map(&b.to_nim_blocks), constants(b));
            let chunks = x.len().min(out.len()) / 8;
            let mut total = _mm512_set1_epi64(1);
            for c in 0..chunks {
                let (f, _) = nonzero_factors(&to_poly, &x[8 * c..8 * c + 8]);
                for (slot, &word) in out[8 * c..8 * c + 8].iter_mut().zip(&store(total)) {
                    *slot = Nimber(word);
                }
                total = mulred8(k, total, f);
            }
            // Every lane total is a product of nonzero factors: invertible.
            let inv = store(total).map(|t| b.to_poly.apply(invert(b.to_nim.apply(t))));
            let mut t = load(&inv);
            for c in (0..chunks).rev() {
                let (f, nonzero) = nonzero_factors(&to_poly, &x[8 * c..8 * c + 8]);
                let prefix = load(&std::array::from_fn(|i| out[8 * c + i].0));
                let r = _mm512_maskz_mov_epi64(nonzero, apply(&to_nim, mulred8(k, t, prefix)));
                for (slot, &word) in out[8 * c..8 * c + 8].iter_mut().zip(&store(r)) {
                    *slot = Nimber(word);
                }
                t = mulred8(k, t, f);
            }
            8 * chunks
        }

        /// `out[i] = x[i]^e` on whole chunks of 32: one square-and-multiply chain for four
        /// registers of eight lanes in the polynomial basis. Returns how many were done.
        #[target_feature(enable = "avx512f,avx512bw,avx512vbmi,gfni,vpclmulqdq")]
        pub(in super::super) fn pow_slice(
            b: &PolyBasis,
            x: &[Nimber],
            e: u128,
            out: &mut [Nimber],
        ) -> usize {
            // x^(2^64 − 1) = 1 for x ≠ 0: a positive exponent reduces into 1..2^64 − 1 (and
            // 0^e' = 0 for every e' ≥ 1), so one chain serves every element.
            let e = if e == 0 {
                0
            } else {
                ((e - 1) % u128::from(u64::MAX) + 1) as u64
            };
            let (to_poly, to_nim, k) =
                (map(&b.to_poly_blocks), map(&b.to_nim_blocks), constants(b));
            // Four chunks per chain: the squarings of one chunk depend on each other, four
            // independent ones keep the carry-less multiplier busy.
            let mut done = 0;
            for (o, u) in out.chunks_exact_mut(32).zip(x.chunks_exact(32)) {
                let chunk = |c: usize| load(&std::array::from_fn(|i| u[8 * c + i].0));
                let mut base: [__m512i; 4] = std::array::from_fn(|c| apply(&to_poly, chunk(c)));
                let mut acc = [_mm512_set1_epi64(1); 4]; // ψ(1) = 1
                let mut e = e;
                while e > 0 {
                    if e & 1 == 1 {
                        acc = std::array::from_fn(|c| mulred8(k, acc[c], base[c]));
                    }
                    e >>= 1;
                    if e > 0 {
                        base = base.map(|v| mulred8(k, v, v));
                    }
                }
                for (c, &a) in acc.iter().enumerate() {
                    let w = store(apply(&to_nim, a));
                    for (slot, &word) in o[8 * c..8 * c + 8].iter_mut().zip(&w) {
                        *slot = Nimber(word);
                    }
                }
                done += 32;
            }
            done
        }

        /// One 128-bit product: the four input halves through one batched change of basis,
        /// the two output halves through another.
        #[target_feature(enable = "avx512f,avx512bw,avx512vbmi,gfni,pclmulqdq")]
        pub(in super::super) fn mul128(b: &PolyBasis, x: u128, y: u128) -> u128 {
            let (to_poly, to_nim) = (map(&b.to_poly_blocks), map(&b.to_nim_blocks));
            let v = _mm512_set_epi64(
                0,
                0,
                0,
                0,
                (y >> 64) as i64,
                y as i64,
                (x >> 64) as i64,
                x as i64,
            );
            let p = store(apply(&to_poly, v));
            let m = |u, v| super::mulred(b, u, v);
            let (low, mid) = (m(p[0], p[2]), m(p[0] ^ p[1], p[2] ^ p[3]));
            let high = m(m(p[1], p[3]), b.half);
            let r = store(apply(
                &to_nim,
                _mm512_set_epi64(0, 0, 0, 0, 0, 0, (mid ^ low) as i64, (low ^ high) as i64),
            ));
            u128::from(r[1]) << 64 | u128::from(r[0])
        }

        /// A change of basis (`blocks`: ψ or ψ⁻¹) on whole chunks of eight; returns how many
        /// were done.
        #[target_feature(enable = "avx512f,avx512bw,avx512vbmi,gfni")]
        pub(in super::super) fn change_basis<S: Copy, D>(
            blocks: &Affine64,
            x: &[S],
            out: &mut [D],
            get: impl Fn(S) -> u64,
            put: impl Fn(u64) -> D,
        ) -> usize {
            let m = map(blocks);
            zip8(x, x, out, get, put, |u, _| apply(&m, u))
        }
    }
}

#[cfg(target_arch = "aarch64")]
mod imp {
    use std::arch::aarch64::vmull_p64;

    pub(super) const NAME: &str = "pmull";

    pub(super) fn detected() -> bool {
        std::arch::is_aarch64_feature_detected!("pmull")
    }

    #[target_feature(enable = "neon,aes")]
    #[inline]
    fn clmul(x: u64, y: u64) -> u128 {
        vmull_p64(x, y)
    }

    /// `a·b mod p` by Barrett (see the x86-64 version).
    #[target_feature(enable = "neon,aes")]
    #[inline]
    fn mulred(b: &PolyBasis, x: u64, y: u64) -> u64 {
        let c = clmul(x, y);
        let hi = (c >> 64) as u64;
        let quot = hi ^ (clmul(hi, b.mu) >> 64) as u64;
        c as u64 ^ clmul(quot, b.q) as u64
    }

    via_poly!("neon,aes");
}

/// No carry-less multiply known on this architecture: [`Clmul::detect`] says `None`, so these
/// are never called; they forward to the portable product to keep the module well-typed.
#[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
mod imp {
    use super::{Nimber, Poly64, PolyBasis};
    use crate::nimber::{basis, fast};

    pub(super) const NAME: &str = "none";

    pub(super) fn detected() -> bool {
        false
    }

    pub(super) unsafe fn mul64(_: &PolyBasis, x: u64, y: u64) -> u64 {
        fast::mul64(x, y)
    }

    pub(super) unsafe fn mul128(_: &PolyBasis, x: u128, y: u128) -> u128 {
        fast::mul128(x, y)
    }

    pub(super) unsafe fn mul_slice(_: &PolyBasis, x: &[Nimber], y: &[Nimber], out: &mut [Nimber]) {
        for ((o, &u), &v) in out.iter_mut().zip(x).zip(y) {
            *o = Nimber(fast::mul64(u.0, v.0));
        }
    }

    pub(super) unsafe fn pow64(_: &PolyBasis, x: u64, e: u128) -> u64 {
        super::super::pow_with(x, 1, e, fast::mul64)
    }

    pub(super) unsafe fn mul_poly(b: &PolyBasis, x: u64, y: u64) -> u64 {
        basis::mulred_soft(b, x, y)
    }

    pub(super) unsafe fn mul_poly128(b: &PolyBasis, x: (u64, u64), y: (u64, u64)) -> (u64, u64) {
        let m = |u, v| basis::mulred_soft(b, u, v);
        let (low, mid) = (m(x.0, y.0), m(x.0 ^ x.1, y.0 ^ y.1));
        (low ^ m(m(x.1, y.1), b.half), mid ^ low)
    }

    pub(super) unsafe fn mul_poly_slice(
        b: &PolyBasis,
        x: &[Poly64],
        y: &[Poly64],
        out: &mut [Poly64],
    ) {
        for ((o, &u), &v) in out.iter_mut().zip(x).zip(y) {
            *o = Poly64(basis::mulred_soft(b, u.0, v.0));
        }
    }
}
