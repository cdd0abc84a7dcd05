//! The genus of an impartial game (Conway, *On Numbers and Games*, ch. 12; *Winning Ways*,
//! ch. 13): `g^{g0 g1 g2 …}` where `g` is the normal-play Grundy value, `g0` the misère
//! Grundy value and `gk` the misère Grundy value of the game plus k copies of \*2.
//!
//! The superscript sequence is eventually periodic with period 2 (Conway); it is printed, as
//! in ONAG, up to the first place from which its last two digits repeat for ever: the nim
//! heaps are `0^120`, `1^031`, `2^20`, `3^31`, …, and `0^02` is the genus of \*2 + \*2.
//! Digits of 10 or more are printed comma-separated in parentheses, `5^(10,8)`.

use std::fmt;
use std::str::FromStr;

/// A genus `g^{g0 g1 …}`: the normal Grundy value and the misère sequence, whose digit `i`
/// for `i` beyond the stored prefix equals digit `i − 2`.
///
/// # Examples
/// ```
/// use onag::misere::Genus;
///
/// let g: Genus = "2^1420".parse().unwrap();
/// assert_eq!(g.normal, 2);
/// assert_eq!((0..7).map(|i| g.digit(i)).collect::<Vec<_>>(), [1, 4, 2, 0, 2, 0, 2]);
/// assert_eq!(g.to_string(), "2^1420");
/// assert!(!g.is_tame());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Genus {
    /// `g`: the normal-play Grundy value.
    pub normal: u32,
    /// `g0 g1 …` up to the point from which the last two repeat (at least two digits).
    pub misere: Vec<u32>,
}

fn mex_of(seen: &[u32], extra: [u32; 2], use_extra: bool) -> u32 {
    let mut m = 0;
    loop {
        if !(seen.contains(&m) || (use_extra && extra.contains(&m))) {
            return m;
        }
        m += 1;
    }
}

impl Genus {
    /// Digit `i` of the misère sequence (the misère Grundy value of the game plus `i` copies
    /// of \*2).
    pub fn digit(&self, i: usize) -> u32 {
        let n = self.misere.len();
        if i < n {
            self.misere[i]
        } else {
            // the period-2 tail: digit i equals digit n − 2 or n − 1, by parity
            self.misere[n - 2 + ((i - n) % 2)]
        }
    }

    /// The misère Grundy value `g0` (0 exactly for misère P-positions).
    pub fn misere_grundy(&self) -> u32 {
        self.misere[0]
    }

    /// The genus of a game whose options have genera `options` (ONAG ch. 12):
    /// g = mex of the options' g; g0 = mex of their g0 (1 with no option);
    /// gk = mex of {g(k−1), g(k−1) ⊕ 1} and their gk — G + k·\*2 moves to G′ + k·\*2, to
    /// G + (k−1)·\*2 and to G + (k−1)·\*2 + \*, whose misère value is g(k−1) ⊕ 1.
    pub fn of_options(options: &[&Genus]) -> Genus {
        let normal = {
            let v: Vec<u32> = options.iter().map(|g| g.normal).collect();
            mex_of(&v, [0, 0], false)
        };
        let longest = options.iter().map(|g| g.misere.len()).max().unwrap_or(0);
        let mut seq: Vec<u32> = Vec::new();
        let mut column: Vec<u32> = Vec::with_capacity(options.len());
        let mut i = 0usize;
        loop {
            column.clear();
            column.extend(options.iter().map(|g| g.digit(i)));
            let d = if i == 0 {
                if options.is_empty() {
                    1
                } else {
                    mex_of(&column, [0, 0], false)
                }
            } else {
                let p = seq[i - 1];
                mex_of(&column, [p, p ^ 1], true)
            };
            seq.push(d);
            // Past every option's prefix the options' digits have period 2, so once
            // d(i) = d(i − 2) there, every later digit repeats the one two before it.
            if i > longest && i >= 2 && seq[i] == seq[i - 2] {
                break;
            }
            i += 1;
            if i > longest + 256 {
                break; // never reached: Conway's theorem bounds the preperiod
            }
        }
        while seq.len() > 2 && seq[seq.len() - 1] == seq[seq.len() - 3] {
            seq.pop();
        }
        Genus {
            normal,
            misere: seq,
        }
    }

    /// Whether the genus is one of the tame genera `0^120`, `1^031`, `0^02`, `1^13` or
    /// `n^{n, n⊕2}` (n ≥ 2) — the genera of nim heaps and of sums of them (ONAG ch. 12):
    /// here, g and g0 both at most 1 or equal, with the tail of a sum of nim heaps.
    pub fn is_tame(&self) -> bool {
        let g = self.normal;
        let g0 = self.misere[0];
        if !(g == g0 || (g <= 1 && g0 <= 1)) {
            return false;
        }
        // from g1 on, a tame genus alternates g ⊕ 2, g, …
        (1..self.misere.len() + 2).all(|i| self.digit(i) == if i % 2 == 1 { g ^ 2 } else { g })
    }
}

impl fmt::Display for Genus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}^", self.normal)?;
        if self.misere.iter().any(|&d| d >= 10) {
            let parts: Vec<String> = self.misere.iter().map(u32::to_string).collect();
            write!(f, "({})", parts.join(","))
        } else {
            for d in &self.misere {
                write!(f, "{d}")?;
            }
            Ok(())
        }
    }
}

/// Why a text is not a genus.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not a genus ({0}): expected g^digits, e.g. 2^1420")]
pub struct GenusParseError(pub String);

impl FromStr for Genus {
    type Err = GenusParseError;

    /// Reads `g^digits` or `g^(d,d,…)` with at least two digits (the printed form).
    fn from_str(s: &str) -> Result<Genus, GenusParseError> {
        let err = |why: &str| GenusParseError(why.to_string());
        let (g, sup) = s.trim().split_once('^').ok_or_else(|| err("no ^"))?;
        let normal: u32 = g.parse().map_err(|_| err("bad Grundy value"))?;
        let misere: Vec<u32> = if let Some(inner) = sup.strip_prefix('(') {
            let inner = inner.strip_suffix(')').ok_or_else(|| err("unclosed ("))?;
            inner
                .split(',')
                .map(|d| d.trim().parse().map_err(|_| err("bad digit")))
                .collect::<Result<_, _>>()?
        } else {
            sup.chars()
                .map(|c| c.to_digit(10).ok_or_else(|| err("bad digit")))
                .collect::<Result<_, _>>()?
        };
        if misere.len() < 2 {
            return Err(err("at least two superscript digits"));
        }
        let mut misere = misere;
        while misere.len() > 2 && misere[misere.len() - 1] == misere[misere.len() - 3] {
            misere.pop();
        }
        Ok(Genus { normal, misere })
    }
}
