//! Transfinite nimbers: nim addition and nim multiplication of ordinals (Conway's field On₂,
//! *On Numbers and Games* ch. 6), by Lenstra's method ("On the algebraic closure of two",
//! *Indag. Math.* 39, 1977; "Nim multiplication", Sém. Théorie des Nombres Bordeaux, 1978).
//!
//! # The represented segment
//!
//! [`Ordinal`] holds the ordinals below ω^(ω^54) whose Cantor-normal-form coefficients are
//! below 2^128: Σ ω^α·c with α = ω^53·a₅₃ + … + ω·a₁ + a₀ (each aⱼ < 2^32) and
//! 0 ≤ c < 2^128. They form a subfield of On₂ (the compositum of GF(2^128) with the field of
//! the ordinals below κ₂₆₃ = ω^(ω^54)), so sums, products, inverses and square roots stay
//! inside. The 54 levels are the odd primes 3 … 257 for which Lenstra's constants are known
//! (tabulated in [`LENSTRA`]); the algebraic closure of GF(2) in On₂ is all of ω^(ω^ω), and
//! each further prime needs its constants computed first (CGSuite's `NimFieldCalculator`
//! does that, at a cost that grows quickly with p). An ordinal beyond (an exponent
//! ≥ ω^54, a coefficient ≥ 2^128) is an [`OrdinalError::BeyondSegment`].
//!
//! # Lenstra's description
//!
//! For the j-th odd prime p = pⱼ (3, 5, 7, … 257 for j = 0 … 53) put κ_p = ω^(ω^j); then
//! κ_{p^(n+1)} = ω^(ω^j·p^n) satisfies κ_{p^(n+1)}^p = κ_{p^n} for n ≥ 1, and κ_p^p = α_p, the
//! *excess* of Lenstra's table. Writing each aⱼ in base pⱼ makes every ω^α a product of
//! distinct powers κ_q^e (e < p) — and the nim product of such a family is their ordinal
//! product, so ω^α·c = ω^α ⊗ c. Multiplying two monomials adds the digits; a digit that
//! reaches p is carried: down one place (κ_{p^(n+1)}^p = κ_{p^n}) or, at the lowest place,
//! replaced by α_p = κ_{f(p)} + m(p), where f(p) is the order of 2 mod p, κ_{f(p)} a sum of
//! κ_q over Lenstra's Q-set and m(p) the least excess without a p-th root ([`LENSTRA`]). The
//! first ones are
//!
//! | p  | κ_p       | κ_p^p = α_p |
//! |----|-----------|-------------|
//! | 3  | ω         | 2           |
//! | 5  | ω^ω       | 4           |
//! | 7  | ω^(ω²)    | ω + 1       |
//! | 11 | ω^(ω³)    | ω^ω + 1     |
//! | 13 | ω^(ω⁴)    | ω + 4       |
//! | 17 | ω^(ω⁵)    | 16          |
//! | 19 | ω^(ω⁶)    | ω³ + 4      |
//! | 23 | ω^(ω⁷)    | ω^(ω³) + 1  |
//!
//! and the tests (`tests/ordinal_lenstra.rs`) re-derive them with this arithmetic: for every
//! prime whose fields have degree ≤ 1024 over GF(2) (40 of the 54; all 54 in an ignored test,
//! p = 167 in GF(2^68060) taking about an hour), α_p has no p-th root while κ_{f(p)} + m' for
//! m' < m(p) has one, and the Q-sets follow from Lenstra's degree rule (47 primes; all 54 in
//! the ignored test); for p = 11 and 13 every smaller ordinal is shown to be a p-th power.
//!
//! Inverses and square roots solve one linear system over GF(2^128) in the smallest
//! represented field F(x) containing x (of degree Π pⱼ^kⱼ over GF(2^128)):
//! x·y = 1, and Σ wᵢ·bᵢ² = x with y = Σ √wᵢ·bᵢ (squaring is additive). Degrees above
//! [`MAX_DEGREE`] are an [`OrdinalError::TooLarge`].
//!
//! # Examples
//! ```
//! use onag::nimber::ordinal::Ordinal;
//! let w: Ordinal = "w".parse().unwrap();
//! assert_eq!((w.mul(&w).unwrap()).to_string(), "w^2"); // ω ⊗ ω = ω²
//! assert_eq!(w.pow(3).unwrap().to_string(), "2"); // ω³ = 2 (ONAG ch. 6)
//! let x: Ordinal = "w^w".parse().unwrap();
//! assert_eq!(x.pow(5).unwrap().to_string(), "4");
//! let y: Ordinal = "w^2*3+w+5".parse().unwrap();
//! let inv = y.inverse().unwrap();
//! assert!(y.mul(&inv).unwrap().is_one());
//! ```

use std::collections::{BTreeMap, HashMap};
use std::fmt;
use std::str::FromStr;

use super::Nimber128;
use crate::Span;

/// How many levels (odd primes) are represented: exponents below ω^LEVELS.
pub const LEVELS: usize = 54;
/// The odd prime of each level: κ = ω^(ω^j) has degree `PRIMES[j]` over the ordinals below it.
pub const PRIMES: [u64; LEVELS] = [
    3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79, 83, 89, 97,
    101, 103, 107, 109, 113, 127, 131, 137, 139, 149, 151, 157, 163, 167, 173, 179, 181, 191, 193,
    197, 199, 211, 223, 227, 229, 233, 239, 241, 251, 257,
];
/// Lenstra's constants of each level's prime p: the Q-set Q(p) — the prime powers q whose κ_q
/// are the summands of κ_{f(p)}, f(p) the order of 2 mod p — and the excess m(p), so that
/// κ_p^p = α_p = Σ_{q ∈ Q(p)} κ_q + m(p) (Lenstra 1977, §4; the values for p ≤ 257 as tabulated
/// in CGSuite's `NimFieldConstants`, computed there by `NimFieldCalculator`). Here κ_{2^n} is
/// the finite 2^(2^(n−1)) and κ_{p^(n+1)} = ω^(ω^j·p^n) for the j-th odd prime p. The tests
/// re-derive the excesses (α_p has no p-th root, α_p − 1, … do) and the Q-sets of the small
/// primes.
pub const LENSTRA: [(&[u32], u8); LEVELS] = [
    (&[2], 0),
    (&[4], 0),
    (&[3], 1),
    (&[5], 1),
    (&[4, 3], 0),
    (&[8], 0),
    (&[9], 4),
    (&[11], 1),
    (&[4, 7], 0),
    (&[5], 1),
    (&[4, 9], 0),
    (&[5], 1),
    (&[7], 1),
    (&[23], 1),
    (&[13], 1),
    (&[29], 1),
    (&[3, 5], 0),
    (&[3, 11], 0),
    (&[5, 7], 0),
    (&[9], 1),
    (&[13], 1),
    (&[41], 1),
    (&[11], 1),
    (&[16, 3], 0),
    (&[25], 1),
    (&[3, 17], 0),
    (&[53], 1),
    (&[4, 9], 0),
    (&[4, 7], 0),
    (&[7], 1),
    (&[5, 13], 0),
    (&[17], 1),
    (&[3, 23], 0),
    (&[37], 1),
    (&[3, 5], 0),
    (&[13], 1),
    (&[81], 4),
    (&[83], 1),
    (&[4, 43], 0),
    (&[89], 1),
    (&[9, 5], 0),
    (&[5, 19], 0),
    (&[32, 3], 0),
    (&[4, 49], 0),
    (&[9, 11], 0),
    (&[5, 7], 0),
    (&[37], 1),
    (&[113], 1),
    (&[19], 1),
    (&[29], 1),
    (&[7, 17], 0),
    (&[8, 3], 0),
    (&[25], 1),
    (&[16], 0),
];
/// Largest accepted exponent coefficient aⱼ (exclusive).
pub const MAX_EXPONENT_DIGIT: u64 = 1 << 32;
/// Largest field degree over GF(2^128) in which [`Ordinal::inverse`] and [`Ordinal::sqrt`]
/// solve their linear system.
pub const MAX_DEGREE: usize = 400;

/// Why an ordinal operation failed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OrdinalError {
    /// Text that is not an ordinal in Cantor normal form.
    #[error("not an ordinal: {message} at {span}")]
    Parse {
        /// What was expected or found.
        message: String,
        /// Where in the text (byte and character offsets of the text as given, spaces
        /// included).
        span: Span,
    },
    /// An ordinal past the represented segment (see the module docs).
    #[error(
        "{0}: onag represents the ordinals below ω^(ω^{LEVELS}) with coefficients below 2^128"
    )]
    BeyondSegment(String),
    /// 0 has no inverse.
    #[error("0 has no nim inverse")]
    ZeroInverse,
    /// An exponent or a field degree beyond the limits of this implementation.
    #[error("too large: {0}")]
    TooLarge(String),
}

/// The exponent α = Σ ω^j·aⱼ (j < [`LEVELS`]) of a Cantor-normal-form term, as its
/// coefficients a₀, a₁, … (no trailing zeros); `Ord` is the ordinal order.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct Exponent(Vec<u64>);

impl Ord for Exponent {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.0
            .len()
            .cmp(&other.0.len())
            .then_with(|| self.0.iter().rev().cmp(other.0.iter().rev()))
    }
}

impl PartialOrd for Exponent {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Exponent {
    /// The exponent Σ ω^j·aⱼ from its coefficients a₀, a₁, … (at most [`LEVELS`] of them;
    /// `None` past the represented segment).
    ///
    /// # Examples
    /// ```
    /// use onag::nimber::ordinal::{Exponent, Ordinal};
    /// let e = Exponent::new(&[1, 0, 2]).unwrap(); // ω²·2 + 1
    /// assert_eq!(Ordinal::term(e, 3).to_string(), "w^(w^2*2+1)*3");
    /// assert!(Exponent::new(&[0; 60]).is_some()); // zeros past the segment are fine
    /// ```
    pub fn new(coefficients: &[u64]) -> Option<Exponent> {
        let len = coefficients
            .iter()
            .rposition(|&a| a != 0)
            .map_or(0, |i| i + 1);
        (len <= LEVELS).then(|| Exponent(coefficients[..len].to_vec()))
    }

    /// The finite exponent n.
    pub fn finite(n: u64) -> Exponent {
        Exponent::new(&[n]).expect("one level")
    }

    /// The coefficient aⱼ of ω^j.
    pub fn coefficient(&self, j: usize) -> u64 {
        self.0.get(j).copied().unwrap_or(0)
    }

    fn unit(level: usize) -> Exponent {
        let mut a = vec![0; level + 1];
        a[level] = 1;
        Exponent(a)
    }

    fn is_zero(&self) -> bool {
        self.0.is_empty()
    }
}

/// κ_q as a monomial (exponent, coefficient): 2^(2^(n−1)) for q = 2^n, ω^(ω^j·p^n) for
/// q = p^(n+1), p the j-th odd prime.
fn kappa(q: u32) -> (Exponent, u128) {
    let q = u64::from(q);
    if q.is_power_of_two() {
        return (Exponent::default(), 1u128 << (q / 2));
    }
    let j = PRIMES
        .iter()
        .position(|&p| q % p == 0)
        .expect("a prime power of the table");
    let mut a = vec![0; j + 1];
    a[j] = q / PRIMES[j];
    (Exponent(a), 1)
}

/// κ_p^p = α_p for the prime of `level`, as (exponent, coefficient) terms (the [`LENSTRA`]
/// table). Each refers to lower levels only, so carrying terminates.
fn excess(level: usize) -> &'static [(Exponent, u128)] {
    static TABLE: std::sync::OnceLock<Vec<Vec<(Exponent, u128)>>> = std::sync::OnceLock::new();
    &TABLE.get_or_init(|| {
        LENSTRA
            .iter()
            .map(|&(qs, m)| {
                let mut finite = u128::from(m);
                let mut terms = Vec::new();
                for &q in qs {
                    match kappa(q) {
                        (e, c) if e.is_zero() => {
                            // the table never has both an even q and an excess, so + is ⊕
                            debug_assert!(finite & c == 0);
                            finite ^= c;
                        }
                        term => terms.push(term),
                    }
                }
                if finite != 0 {
                    terms.push((Exponent::default(), finite));
                }
                terms
            })
            .collect()
    })[level]
}

/// Base-pⱼ digits of each exponent coefficient, lowest first (digits may exceed p − 1 while
/// a product is being carried); one entry per level up to the highest used.
type Digits = Vec<Vec<u64>>;

fn add_digits(d: &mut Digits, e: &Exponent) {
    if d.len() < e.0.len() {
        d.resize(e.0.len(), Vec::new());
    }
    for (j, &a) in e.0.iter().enumerate() {
        let p = PRIMES[j];
        let mut a = a;
        let mut n = 0;
        while a > 0 {
            if d[j].len() <= n {
                d[j].push(0);
            }
            d[j][n] += a % p;
            a /= p;
            n += 1;
        }
    }
}

fn exponent_of(d: &Digits) -> Result<Exponent, OrdinalError> {
    let mut e = vec![0u64; d.len()];
    for (j, digits) in d.iter().enumerate() {
        let mut a: u64 = 0;
        for &digit in digits.iter().rev() {
            a = a
                .checked_mul(PRIMES[j])
                .and_then(|a| a.checked_add(digit))
                .filter(|&a| a < MAX_EXPONENT_DIGIT << 8)
                .ok_or_else(|| OrdinalError::TooLarge("an exponent coefficient".into()))?;
        }
        e[j] = a;
    }
    Ok(Exponent::new(&e).expect("levels of the operands"))
}

/// Adds c·(the monomial with digits `d`) to `out`, carrying digits ≥ p (module docs).
fn carry(
    mut d: Digits,
    c: Nimber128,
    out: &mut BTreeMap<Exponent, Nimber128>,
) -> Result<(), OrdinalError> {
    loop {
        let found = (0..d.len())
            .rev()
            .find_map(|j| d[j].iter().rposition(|&x| x >= PRIMES[j]).map(|n| (j, n)));
        match found {
            None => {
                let e = exponent_of(&d)?;
                let slot = out.entry(e.clone()).or_insert(Nimber128(0));
                *slot += c;
                if slot.0 == 0 {
                    out.remove(&e);
                }
                return Ok(());
            }
            Some((j, n)) if n > 0 => {
                d[j][n] -= PRIMES[j];
                d[j][n - 1] += 1;
            }
            Some((j, _)) => {
                d[j][0] -= PRIMES[j];
                for (e, k) in excess(j) {
                    let mut next = d.clone();
                    add_digits(&mut next, e);
                    carry(next, c * Nimber128(*k), out)?;
                }
                return Ok(());
            }
        }
    }
}

/// An ordinal of the represented segment (module docs) as a transfinite nimber: nim sum `add`,
/// nim product `mul`.
///
/// # Examples
/// ```
/// use onag::nimber::ordinal::Ordinal;
///
/// let w: Ordinal = "ω".parse().unwrap();
/// let w2 = w.mul(&w).unwrap();
/// assert_eq!(w2.to_string(), "w^2");
/// assert_eq!(w2.mul(&w).unwrap(), Ordinal::finite(2)); // ω³ = 2 (Conway, ONAG ch. 6)
/// assert_eq!(w.add(&w), Ordinal::zero()); // nim sum: every ordinal is its own negative
/// assert_eq!(Ordinal::finite(3).mul(&Ordinal::finite(3)).unwrap().as_finite(), Some(2));
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct Ordinal {
    /// Exponent → nonzero coefficient (Cantor normal form).
    terms: BTreeMap<Exponent, Nimber128>,
}

impl Ordinal {
    /// 0.
    pub fn zero() -> Ordinal {
        Ordinal::default()
    }

    /// The finite ordinal n.
    pub fn finite(n: u128) -> Ordinal {
        Ordinal::term(Exponent::default(), n)
    }

    /// ω^α·c.
    pub fn term(alpha: Exponent, c: u128) -> Ordinal {
        let mut terms = BTreeMap::new();
        if c != 0 {
            terms.insert(alpha, Nimber128(c));
        }
        Ordinal { terms }
    }

    /// The Cantor normal form: (exponent, coefficient) terms, largest exponent first.
    pub fn terms(&self) -> impl Iterator<Item = (Exponent, u128)> + '_ {
        self.terms.iter().rev().map(|(e, c)| (e.clone(), c.0))
    }

    /// `Some(n)` when the ordinal is finite.
    pub fn as_finite(&self) -> Option<u128> {
        match self.terms.iter().next_back() {
            None => Some(0),
            Some((e, c)) if e.is_zero() => Some(c.0),
            _ => None,
        }
    }

    /// Whether this is 1.
    pub fn is_one(&self) -> bool {
        self.as_finite() == Some(1)
    }

    /// The nim sum (XOR of the Cantor-normal-form coefficients).
    pub fn add(&self, other: &Ordinal) -> Ordinal {
        let mut terms = self.terms.clone();
        for (e, c) in &other.terms {
            let slot = terms.entry(e.clone()).or_insert(Nimber128(0));
            *slot += *c;
            if slot.0 == 0 {
                terms.remove(e);
            }
        }
        Ordinal { terms }
    }

    /// The nim product (module docs).
    pub fn mul(&self, other: &Ordinal) -> Result<Ordinal, OrdinalError> {
        let mut out = BTreeMap::new();
        for (ea, ca) in &self.terms {
            let mut da: Digits = Default::default();
            add_digits(&mut da, ea);
            for (eb, cb) in &other.terms {
                let mut d = da.clone();
                add_digits(&mut d, eb);
                carry(d, *ca * *cb, &mut out)?;
            }
        }
        Ok(Ordinal { terms: out })
    }

    /// The nim square x ⊗ x. In characteristic 2 the cross terms cancel, so
    /// (Σ cᵢ·mᵢ)² = Σ cᵢ²·mᵢ²: one monomial product per term instead of one per pair.
    ///
    /// # Examples
    /// ```
    /// use onag::nimber::ordinal::Ordinal;
    /// let x: Ordinal = "w^(w^5)*3+w+1".parse().unwrap();
    /// assert_eq!(x.square().unwrap(), x.mul(&x).unwrap());
    /// assert_eq!(Ordinal::finite(2).square().unwrap().to_string(), "3");
    /// ```
    pub fn square(&self) -> Result<Ordinal, OrdinalError> {
        let mut out = BTreeMap::new();
        for (e, c) in &self.terms {
            let mut d: Digits = Vec::new();
            add_digits(&mut d, e);
            add_digits(&mut d, e);
            carry(d, *c * *c, &mut out)?;
        }
        Ok(Ordinal { terms: out })
    }

    /// The nim power x^e.
    pub fn pow(&self, mut e: u128) -> Result<Ordinal, OrdinalError> {
        let mut acc = Ordinal::finite(1);
        let mut base = self.clone();
        while e > 0 {
            if e & 1 == 1 {
                acc = acc.mul(&base)?;
            }
            e >>= 1;
            if e > 0 {
                base = base.square()?;
            }
        }
        Ok(acc)
    }

    /// How many base-pⱼ digits the smallest represented field containing `self` needs at each
    /// level (including the levels its excesses refer to).
    fn field_digits(&self) -> [u32; LEVELS] {
        let mut k = [0u32; LEVELS];
        let need = |k: &mut [u32; LEVELS], e: &Exponent| {
            for (j, &a) in e.0.iter().enumerate() {
                let mut a = a;
                let mut n = 0;
                while a > 0 {
                    a /= PRIMES[j];
                    n += 1;
                }
                k[j] = k[j].max(n);
            }
        };
        for e in self.terms.keys() {
            need(&mut k, e);
        }
        // closure under the excesses, which refer to lower levels only
        for j in (0..LEVELS).rev() {
            if k[j] > 0 {
                for (e, _) in excess(j) {
                    need(&mut k, e);
                }
            }
        }
        k
    }

    /// The monomial basis (coefficient 1) of the smallest represented field containing `self`.
    fn basis(&self) -> Result<Vec<Exponent>, OrdinalError> {
        let k = self.field_digits();
        let mut degree: usize = 1;
        let mut sizes = [1u64; LEVELS];
        for j in 0..LEVELS {
            sizes[j] = PRIMES[j].saturating_pow(k[j]);
            degree = degree.saturating_mul(sizes[j] as usize);
        }
        if degree > MAX_DEGREE {
            return Err(OrdinalError::TooLarge(format!(
                "a field of degree {degree} over GF(2^128) (limit {MAX_DEGREE})"
            )));
        }
        let mut basis = vec![vec![0u64; LEVELS]];
        for (j, &size) in sizes.iter().enumerate() {
            let mut next = Vec::with_capacity(basis.len() * size as usize);
            for e in &basis {
                for a in 0..size {
                    let mut e = e.clone();
                    e[j] = a;
                    next.push(e);
                }
            }
            basis = next;
        }
        Ok(basis
            .iter()
            .map(|a| Exponent::new(a).expect("LEVELS coefficients"))
            .collect())
    }

    /// The nim inverse (an error for 0).
    pub fn inverse(&self) -> Result<Ordinal, OrdinalError> {
        if let Some(n) = self.as_finite() {
            return Nimber128(n)
                .inverse()
                .map(|v| Ordinal::finite(v.0))
                .ok_or(OrdinalError::ZeroInverse);
        }
        let basis = self.basis()?;
        let columns = basis
            .iter()
            .map(|b| self.mul(&Ordinal::term(b.clone(), 1)))
            .collect::<Result<Vec<_>, _>>()?;
        let y = solve(&basis, &columns, &Ordinal::finite(1))?;
        Ok(combine(&basis, &y, |c| c))
    }

    /// The nim square root: the unique y with y ⊗ y = self.
    pub fn sqrt(&self) -> Result<Ordinal, OrdinalError> {
        if let Some(n) = self.as_finite() {
            return Ok(Ordinal::finite(Nimber128(n).sqrt().0));
        }
        let basis = self.basis()?;
        let columns = basis
            .iter()
            .map(|b| {
                let b = Ordinal::term(b.clone(), 1);
                b.mul(&b)
            })
            .collect::<Result<Vec<_>, _>>()?;
        let w = solve(&basis, &columns, self)?;
        Ok(combine(&basis, &w, |c| c.sqrt()))
    }
}

/// Σ f(yᵢ)·bᵢ.
fn combine(basis: &[Exponent], y: &[Nimber128], f: impl Fn(Nimber128) -> Nimber128) -> Ordinal {
    let mut terms = BTreeMap::new();
    for (b, &c) in basis.iter().zip(y) {
        let c = f(c);
        if c.0 != 0 {
            terms.insert(b.clone(), c);
        }
    }
    Ordinal { terms }
}

/// Solves Σ yᵢ·columnᵢ = target over GF(2^128) (coordinates in `basis`), by Gaussian
/// elimination; the columns are a basis image, so the system is regular.
fn solve(
    basis: &[Exponent],
    columns: &[Ordinal],
    target: &Ordinal,
) -> Result<Vec<Nimber128>, OrdinalError> {
    let n = basis.len();
    let row: HashMap<&Exponent, usize> = basis.iter().enumerate().map(|(i, e)| (e, i)).collect();
    let outside = || OrdinalError::TooLarge("a product left the field (internal)".into());
    // augmented matrix, rows = coordinates
    let mut m = vec![vec![Nimber128(0); n + 1]; n];
    for (i, col) in columns.iter().enumerate() {
        for (e, c) in &col.terms {
            m[*row.get(e).ok_or_else(outside)?][i] = *c;
        }
    }
    for (e, c) in &target.terms {
        m[*row.get(e).ok_or_else(outside)?][n] = *c;
    }
    for col in 0..n {
        let pivot = (col..n).find(|&r| m[r][col].0 != 0).ok_or_else(outside)?;
        m.swap(col, pivot);
        let inv = m[col][col].inverse().ok_or_else(outside)?;
        for x in m[col].iter_mut() {
            *x *= inv;
        }
        let pivot_row = m[col].clone();
        for (r, other) in m.iter_mut().enumerate() {
            let f = other[col];
            if r != col && f.0 != 0 {
                for (x, &p) in other.iter_mut().zip(&pivot_row) {
                    *x += f * p;
                }
            }
        }
    }
    Ok(m.into_iter().map(|r| r[n]).collect())
}

/// An exponent α < ω^LEVELS in Cantor normal form, as the aⱼ of α = Σ ω^j·aⱼ.
fn write_exponent(f: &mut fmt::Formatter<'_>, e: &Exponent) -> fmt::Result {
    let mut first = true;
    for j in (0..e.0.len()).rev() {
        let a = e.0[j];
        if a == 0 {
            continue;
        }
        if !first {
            f.write_str("+")?;
        }
        first = false;
        match (j, a) {
            (0, a) => write!(f, "{a}")?,
            (1, 1) => f.write_str("w")?,
            (1, a) => write!(f, "w*{a}")?,
            (j, 1) => write!(f, "w^{j}")?,
            (j, a) => write!(f, "w^{j}*{a}")?,
        }
    }
    Ok(())
}

impl fmt::Display for Ordinal {
    /// Cantor normal form in ASCII: `w^(w^2+1)*3+w^w+w^2+w*5+7` (`w` is ω; `*c` the finite
    /// coefficient on the right, the ordinal product).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.terms.is_empty() {
            return f.write_str("0");
        }
        for (i, (e, c)) in self.terms().enumerate() {
            if i > 0 {
                f.write_str("+")?;
            }
            if e.is_zero() {
                write!(f, "{c}")?;
                continue;
            }
            let finite = e.0.len() == 1;
            match (finite, e.0[0]) {
                (true, 1) => f.write_str("w")?,
                (true, n) => write!(f, "w^{n}")?,
                _ if e == Exponent::unit(1) => f.write_str("w^w")?,
                _ => {
                    f.write_str("w^(")?;
                    write_exponent(f, &e)?;
                    f.write_str(")")?;
                }
            }
            if c != 1 {
                write!(f, "*{c}")?;
            }
        }
        Ok(())
    }
}

/// A tiny cursor over the ASCII/Unicode text of an ordinal, spaces removed.
struct Cursor<'t> {
    /// The text as given (for error positions).
    original: &'t str,
    /// The text without its spaces, which the cursor reads.
    text: &'t str,
    at: usize,
}

impl Cursor<'_> {
    fn peek(&self) -> Option<char> {
        self.text[self.at..].chars().next()
    }

    fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(c) {
            self.at += c.len_utf8();
            true
        } else {
            false
        }
    }

    fn eat_omega(&mut self) -> bool {
        self.eat('w') || self.eat('ω')
    }

    fn eat_times(&mut self) -> bool {
        self.eat('*') || self.eat('·')
    }

    /// A parse error at the cursor, placed in the original text: the cursor's character
    /// index counts only non-space characters, so find that many in the original.
    fn error(&self, what: &str) -> OrdinalError {
        let kept = self.text[..self.at].chars().count();
        let byte = self
            .original
            .char_indices()
            .filter(|(_, c)| !c.is_whitespace())
            .nth(kept)
            .map_or(self.original.len(), |(b, _)| b);
        OrdinalError::Parse {
            message: what.to_string(),
            span: Span::at(self.original, byte),
        }
    }

    fn number(&mut self) -> Result<u128, OrdinalError> {
        let start = self.at;
        let hex = self.text[self.at..].starts_with("0x");
        if hex {
            self.at += 2;
        }
        while self
            .peek()
            .is_some_and(|c| c.is_ascii_hexdigit() && (hex || c.is_ascii_digit()))
        {
            self.at += 1;
        }
        let digits = &self.text[start..self.at];
        let parsed = match digits.strip_prefix("0x") {
            Some(h) => u128::from_str_radix(h, 16),
            None => digits.parse::<u128>(),
        };
        parsed.map_err(|_| {
            if digits.is_empty() || digits == "0x" {
                self.error("expected a number")
            } else {
                OrdinalError::BeyondSegment(format!("the coefficient {digits}"))
            }
        })
    }

    fn small(&mut self) -> Result<u64, OrdinalError> {
        let n = self.number()?;
        u64::try_from(n)
            .ok()
            .filter(|&n| n < MAX_EXPONENT_DIGIT)
            .ok_or_else(|| OrdinalError::TooLarge(format!("the exponent coefficient {n}")))
    }

    /// One term ω^j·a or a of an exponent (j < LEVELS).
    fn exponent_term(&mut self) -> Result<(usize, u64), OrdinalError> {
        if !self.eat_omega() {
            return Ok((0, self.small()?));
        }
        let mut j = 1u64;
        if self.eat('^') {
            if self
                .peek()
                .is_some_and(|c| c == 'w' || c == 'ω' || c == '(')
            {
                return Err(OrdinalError::BeyondSegment(
                    "an exponent of the form ω^(ω^(…))".into(),
                ));
            }
            j = self.small()?;
        }
        if j as usize >= LEVELS {
            return Err(OrdinalError::BeyondSegment(format!("an exponent ≥ ω^{j}")));
        }
        let a = if self.eat_times() { self.small()? } else { 1 };
        Ok((j as usize, a))
    }

    /// An exponent α < ω^LEVELS: a number, `w`, or a parenthesised Cantor normal form.
    fn exponent(&mut self) -> Result<Exponent, OrdinalError> {
        let mut e = [0u64; LEVELS];
        if self.eat('(') {
            let mut last = LEVELS;
            loop {
                let (j, a) = self.exponent_term()?;
                if j >= last {
                    return Err(self.error("exponent terms must decrease (Cantor normal form)"));
                }
                last = j;
                e[j] = a;
                if !self.eat('+') {
                    break;
                }
            }
            if !self.eat(')') {
                return Err(self.error("expected ')'"));
            }
        } else if self.eat_omega() {
            e[1] = 1;
        } else {
            e[0] = self.small()?;
        }
        Ok(Exponent::new(&e).expect("LEVELS coefficients"))
    }
}

impl FromStr for Ordinal {
    type Err = OrdinalError;

    /// Parses Cantor normal form: terms `w^α*c` (`ω`, `·` also accepted; `w` alone is ω^1,
    /// `*c` optional, α a number, `w`, or `(…)` with terms `w^j*a`, j < 5), joined by `+` in
    /// strictly decreasing order, or a finite number (decimal or 0x-hex). Spaces are ignored.
    fn from_str(text: &str) -> Result<Ordinal, OrdinalError> {
        let cleaned: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        let mut cur = Cursor {
            original: text,
            text: &cleaned,
            at: 0,
        };
        let mut terms = BTreeMap::new();
        let mut last: Option<Exponent> = None;
        loop {
            let (e, c) = if cur.eat_omega() {
                let e = if cur.eat('^') {
                    cur.exponent()?
                } else {
                    Exponent::finite(1)
                };
                let c = if cur.eat_times() { cur.number()? } else { 1 };
                (e, c)
            } else {
                (Exponent::default(), cur.number()?)
            };
            if last.as_ref().is_some_and(|l| e >= *l) {
                return Err(cur.error("terms must decrease (Cantor normal form)"));
            }
            last = Some(e.clone());
            if c != 0 {
                terms.insert(e, Nimber128(c));
            }
            if !cur.eat('+') {
                break;
            }
        }
        if cur.at != cleaned.len() {
            return Err(cur.error("unexpected text"));
        }
        Ok(Ordinal { terms })
    }
}
