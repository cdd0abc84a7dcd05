//! Transfinite nimbers: nim addition and nim multiplication of ordinals (Conway's field On₂,
//! *On Numbers and Games* ch. 6), by Lenstra's method ("On the algebraic closure of two",
//! *Indag. Math.* 39, 1977; "Nim multiplication", Sém. Théorie des Nombres Bordeaux, 1978).
//!
//! # The represented segment
//!
//! [`Ordinal`] holds the ordinals below ω^(ω^5) whose Cantor-normal-form coefficients are below
//! 2^128: Σ ω^α·c with α = ω⁴·a₄ + … + ω·a₁ + a₀ (each aⱼ < 2^32) and 0 ≤ c < 2^128. They
//! form a subfield of On₂ (the compositum of GF(2^128) with the field of the ordinals below
//! κ₁₇ = ω^(ω^5)), so sums, products, inverses and square roots stay inside. An ordinal
//! beyond (an exponent ≥ ω^5, a coefficient ≥ 2^128) is an [`OrdinalError::BeyondSegment`].
//!
//! # Lenstra's description
//!
//! For the j-th odd prime p = pⱼ (3, 5, 7, 11, 13 for j = 0…4) put κ = ω^(ω^j); then
//! κ_{p^(n+1)} = ω^(ω^j·p^n) satisfies κ_{p^(n+1)}^p = κ_{p^n} for n ≥ 1, and κ_p^p = α_p, the
//! *excess* of Lenstra's table. Writing each aⱼ in base pⱼ makes every ω^α a product of
//! distinct powers κ_q^e (e < p) — and the nim product of such a family is their ordinal
//! product, so ω^α·c = ω^α ⊗ c. Multiplying two monomials adds the digits; a digit that
//! reaches p is carried: down one place (κ_{p^(n+1)}^p = κ_{p^n}) or, at the lowest place,
//! replaced by α_p. The excesses (Lenstra's table, as tabulated in CGSuite's
//! `NimFieldConstants`) are
//!
//! | p  | κ_p       | κ_p^p = α_p |
//! |----|-----------|-------------|
//! | 3  | ω         | 2           |
//! | 5  | ω^ω       | 4           |
//! | 7  | ω^(ω²)    | ω + 1       |
//! | 11 | ω^(ω³)    | ω^ω + 1     |
//! | 13 | ω^(ω⁴)    | ω + 4       |
//!
//! and the tests re-derive them: α_p is not a p-th power in the finite subfields that contain
//! it, while the smaller ordinals are (Lenstra's characterisation of α_p as the least
//! ordinal of the field below κ_p without a p-th root there).
//!
//! Inverses and square roots solve one linear system over GF(2^128) in the smallest
//! represented field F(x) containing x (of degree 3^k₀·5^k₁·7^k₂·11^k₃·13^k₄ over GF(2^128)):
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
pub const LEVELS: usize = 5;
/// The odd prime of each level: κ = ω^(ω^j) has degree `PRIMES[j]`.
pub const PRIMES: [u64; LEVELS] = [3, 5, 7, 11, 13];
/// Largest accepted exponent coefficient aⱼ (exclusive).
pub const MAX_EXPONENT_DIGIT: u64 = 1 << 32;
/// Largest field degree over GF(2^128) in which [`Ordinal::inverse`] and [`Ordinal::sqrt`]
/// solve their linear system.
pub const MAX_DEGREE: usize = 400;

/// Why an ordinal operation failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OrdinalError {
    /// Text that is not an ordinal in Cantor normal form.
    Parse {
        /// What was expected or found.
        message: String,
        /// Where in the text (byte and character offsets of the text as given, spaces
        /// included).
        span: Span,
    },
    /// An ordinal past the represented segment (see the module docs).
    BeyondSegment(String),
    /// 0 has no inverse.
    ZeroInverse,
    /// An exponent or a field degree beyond the limits of this implementation.
    TooLarge(String),
}

impl fmt::Display for OrdinalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OrdinalError::Parse { message, span } => {
                write!(f, "not an ordinal: {message} at {span}")
            }
            OrdinalError::BeyondSegment(m) => write!(
                f,
                "{m}: onag represents the ordinals below ω^(ω^5) with coefficients below 2^128"
            ),
            OrdinalError::ZeroInverse => f.write_str("0 has no nim inverse"),
            OrdinalError::TooLarge(m) => write!(f, "too large: {m}"),
        }
    }
}

impl std::error::Error for OrdinalError {}

/// The exponent α = Σ ω^j·aⱼ (j < [`LEVELS`]) of a Cantor-normal-form term; `Ord` is the
/// ordinal order.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Exponent(pub [u64; LEVELS]);

impl Ord for Exponent {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.0.iter().rev().cmp(other.0.iter().rev())
    }
}

impl PartialOrd for Exponent {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Exponent {
    /// The finite exponent n.
    pub fn finite(n: u64) -> Exponent {
        let mut a = [0; LEVELS];
        a[0] = n;
        Exponent(a)
    }

    fn unit(level: usize) -> Exponent {
        let mut a = [0; LEVELS];
        a[level] = 1;
        Exponent(a)
    }
}

/// κ_p^p = α_p for the prime of `level`, as (exponent, coefficient) terms: Lenstra's table
/// (see the module docs). Each refers to lower levels only, so carrying terminates.
fn excess(level: usize) -> [(Exponent, u128); 2] {
    let zero = Exponent::default();
    match level {
        0 => [(zero, 2), (zero, 0)],
        1 => [(zero, 4), (zero, 0)],
        2 => [(Exponent::unit(0), 1), (zero, 1)],
        3 => [(Exponent::unit(1), 1), (zero, 1)],
        _ => [(Exponent::unit(0), 1), (zero, 4)],
    }
}

/// Base-pⱼ digits of each exponent coefficient, lowest first (digits may exceed p − 1 while
/// a product is being carried).
type Digits = [Vec<u64>; LEVELS];

fn add_digits(d: &mut Digits, e: &Exponent) {
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
    let mut e = [0u64; LEVELS];
    for j in 0..LEVELS {
        let mut a: u64 = 0;
        for &digit in d[j].iter().rev() {
            a = a
                .checked_mul(PRIMES[j])
                .and_then(|a| a.checked_add(digit))
                .filter(|&a| a < MAX_EXPONENT_DIGIT << 8)
                .ok_or_else(|| OrdinalError::TooLarge("an exponent coefficient".into()))?;
        }
        e[j] = a;
    }
    Ok(Exponent(e))
}

/// Adds c·(the monomial with digits `d`) to `out`, carrying digits ≥ p (module docs).
fn carry(
    mut d: Digits,
    c: Nimber128,
    out: &mut BTreeMap<Exponent, Nimber128>,
) -> Result<(), OrdinalError> {
    loop {
        let found = (0..LEVELS)
            .rev()
            .find_map(|j| d[j].iter().rposition(|&x| x >= PRIMES[j]).map(|n| (j, n)));
        match found {
            None => {
                let e = exponent_of(&d)?;
                let slot = out.entry(e).or_insert(Nimber128(0));
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
                    if k != 0 {
                        let mut next = d.clone();
                        add_digits(&mut next, &e);
                        carry(next, c * Nimber128(k), out)?;
                    }
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
        self.terms.iter().rev().map(|(e, c)| (*e, c.0))
    }

    /// `Some(n)` when the ordinal is finite.
    pub fn as_finite(&self) -> Option<u128> {
        match self.terms.iter().next_back() {
            None => Some(0),
            Some((e, c)) if *e == Exponent::default() => Some(c.0),
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
            let slot = terms.entry(*e).or_insert(Nimber128(0));
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
                base = base.mul(&base)?;
            }
        }
        Ok(acc)
    }

    /// How many base-pⱼ digits the smallest represented field containing `self` needs at each
    /// level (including the levels its excesses refer to).
    fn field_digits(&self) -> [u32; LEVELS] {
        let mut k = [0u32; LEVELS];
        for e in self.terms.keys() {
            for j in 0..LEVELS {
                let mut a = e.0[j];
                let mut n = 0;
                while a > 0 {
                    a /= PRIMES[j];
                    n += 1;
                }
                k[j] = k[j].max(n);
            }
        }
        // closure under the excesses: ω + 1, ω + 4 need level 0; ω^ω + 1 needs level 1
        if k[3] > 0 {
            k[1] = k[1].max(1);
        }
        if k[2] > 0 || k[4] > 0 {
            k[0] = k[0].max(1);
        }
        k
    }

    /// The monomial basis (coefficient 1) of the smallest represented field containing `self`.
    fn basis(&self) -> Result<Vec<Exponent>, OrdinalError> {
        let k = self.field_digits();
        let mut degree: usize = 1;
        let mut sizes = [1u64; LEVELS];
        for j in 0..LEVELS {
            sizes[j] = PRIMES[j].pow(k[j]);
            degree = degree.saturating_mul(sizes[j] as usize);
        }
        if degree > MAX_DEGREE {
            return Err(OrdinalError::TooLarge(format!(
                "a field of degree {degree} over GF(2^128) (limit {MAX_DEGREE})"
            )));
        }
        let mut basis = vec![Exponent::default()];
        for (j, &size) in sizes.iter().enumerate() {
            let mut next = Vec::with_capacity(basis.len() * size as usize);
            for e in &basis {
                for a in 0..size {
                    let mut e = *e;
                    e.0[j] = a;
                    next.push(e);
                }
            }
            basis = next;
        }
        Ok(basis)
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
            .map(|b| self.mul(&Ordinal::term(*b, 1)))
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
                let b = Ordinal::term(*b, 1);
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
            terms.insert(*b, c);
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
    let row: HashMap<Exponent, usize> = basis.iter().enumerate().map(|(i, e)| (*e, i)).collect();
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

/// An exponent α < ω^5 in Cantor normal form, as the aⱼ of α = Σ ω^j·aⱼ.
fn write_exponent(f: &mut fmt::Formatter<'_>, e: &Exponent) -> fmt::Result {
    let mut first = true;
    for j in (0..LEVELS).rev() {
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
            if e == Exponent::default() {
                write!(f, "{c}")?;
                continue;
            }
            let finite = e.0[1..].iter().all(|&a| a == 0);
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

    /// An exponent α < ω^5: a number, `w`, or a parenthesised Cantor normal form.
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
        Ok(Exponent(e))
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
            if last.is_some_and(|l| e >= l) {
                return Err(cur.error("terms must decrease (Cantor normal form)"));
            }
            last = Some(e);
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
