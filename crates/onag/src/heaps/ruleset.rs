//! Heap rulesets: take-and-break codes, Grundy's game and subtraction games, their printed
//! form and the names of the classic games.
//!
//! A take-and-break code `d0.d1d2…` (Guy and Smith, *The G-values of various games*, 1956;
//! *Winning Ways*, ch. 4) says, for each `i`, how a player may remove `i` tokens from one heap:
//! bit 1 of `dᵢ` — when exactly `i` are there, leaving nothing; bit 2 — leaving one non-empty
//! heap; bit 4 — leaving two non-empty heaps; bit 8 (hexadecimal codes) — leaving three. The
//! digit `d0` before the point is for moves that remove nothing: it may only split (4, or 8 for
//! three heaps), since "remove nothing and leave the heap" is no move.

use std::fmt;

/// The most digits after the point a [`Code`] may have.
pub const MAX_CODE_DIGITS: usize = 64;

/// The largest number a subtraction set may name.
pub const MAX_SUBTRACTION: u32 = 1 << 16;

/// A take-and-break code `d0.d1d2…d_t`: `digits()[i]` is `dᵢ` (`d0` first), with no trailing
/// zero after the point (so every code has one printed form).
///
/// # Examples
/// ```
/// use onag::heaps::{Code, Ruleset};
///
/// let kayles: Ruleset = "0.77".parse().unwrap();
/// let Ruleset::Code(code) = &kayles else { unreachable!() };
/// assert_eq!(code.digits(), &[0, 7, 7]);
/// assert_eq!(code.last_index(), 2);
/// assert_eq!(Code::new(vec![4, 0, 7, 0]).unwrap().to_string(), "4.07");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Code {
    digits: Vec<u8>,
}

/// Why a list of digits is not a take-and-break code.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CodeError {
    /// A digit above 15.
    #[error("digit {index} of the code is above f (15)")]
    DigitTooLarge {
        /// Its index (0 for the digit before the point).
        index: usize,
    },
    /// The digit before the point asks for a move that removes nothing and leaves no heap or
    /// the same heap (bits 1 and 2).
    #[error(
        "the digit before the point may only split a heap (0, 4, 8 or c): \
        removing nothing must leave two or three heaps"
    )]
    BadLeadingDigit,
    /// More than [`MAX_CODE_DIGITS`] digits after the point.
    #[error("a code has at most {MAX_CODE_DIGITS} digits after the point")]
    TooLong,
}

impl Code {
    /// The code with digits `d0, d1, …` (trailing zeros after the point dropped).
    pub fn new(mut digits: Vec<u8>) -> Result<Code, CodeError> {
        if digits.is_empty() {
            digits.push(0);
        }
        while digits.len() > 1 && digits.last() == Some(&0) {
            digits.pop();
        }
        if let Some(index) = digits.iter().position(|&d| d > 15) {
            return Err(CodeError::DigitTooLarge { index });
        }
        if digits[0] & 3 != 0 {
            return Err(CodeError::BadLeadingDigit);
        }
        if digits.len() > MAX_CODE_DIGITS + 1 {
            return Err(CodeError::TooLong);
        }
        Ok(Code { digits })
    }

    /// The digits `d0, d1, …, d_t`.
    pub fn digits(&self) -> &[u8] {
        &self.digits
    }

    /// `t`, the index of the last non-zero digit (0 for a code with no digit after the point).
    pub fn last_index(&self) -> usize {
        self.digits.len() - 1
    }

    /// Whether some digit is above 7 (a hexadecimal code: some move leaves three heaps).
    pub fn is_hexadecimal(&self) -> bool {
        self.digits.iter().any(|&d| d > 7)
    }
}

impl fmt::Display for Code {
    /// `d0.d1d2…`, lowercase hexadecimal digits above 9; `0.0` for the code with no move.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let digit = |d: u8| char::from_digit(u32::from(d), 16).unwrap_or('?');
        write!(f, "{}.", digit(self.digits[0]))?;
        if self.digits.len() == 1 {
            return f.write_str("0");
        }
        for &d in &self.digits[1..] {
            write!(f, "{}", digit(d))?;
        }
        Ok(())
    }
}

/// A heap game: what a move may do to one heap.
///
/// Parse one with [`str::parse`] (see [`super::parse`] for the notation) and print it with
/// `Display`: printing round-trips.
///
/// # Examples
/// ```
/// use onag::heaps::Ruleset;
///
/// for text in ["0.137", "4.07", "0.f", "grundy", "S(1,3,4)", "all-but(2)"] {
///     let r: Ruleset = text.parse().unwrap();
///     assert_eq!(r.to_string(), text);
/// }
/// assert_eq!("kayles".parse::<Ruleset>().unwrap().to_string(), "0.77");
/// assert_eq!("nim".parse::<Ruleset>().unwrap().to_string(), "all-but()");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Ruleset {
    /// A take-and-break code.
    Code(Code),
    /// Grundy's game: split one heap into two heaps of different sizes.
    Grundy,
    /// The subtraction game `S(s₁, s₂, …)`: remove any number of the set from one heap (the
    /// code with digit 3 at each `sᵢ`). Sorted, no duplicates, every number ≥ 1.
    Subtraction(Vec<u32>),
    /// The all-but subtraction game: remove any positive number *not* in the set (`all-but()`
    /// is Nim). Sorted, no duplicates, every number ≥ 1.
    AllBut(Vec<u32>),
}

impl Ruleset {
    /// Whether the Guy–Smith periodicity theorem applies: a finite code with no
    /// condition on the sizes of the heaps left (not Grundy's game, not an all-but game).
    pub fn has_periodicity_theorem(&self) -> bool {
        matches!(self, Ruleset::Code(_) | Ruleset::Subtraction(_))
    }

    /// The classic name of the ruleset, if it has one in [`NAMES`].
    pub fn name(&self) -> Option<&'static str> {
        NAMES
            .iter()
            .find(|(_, text, _)| text.parse::<Ruleset>().ok().as_ref() == Some(self))
            .map(|(name, _, _)| *name)
    }
}

impl fmt::Display for Ruleset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let list = |f: &mut fmt::Formatter<'_>, set: &[u32]| {
            for (i, s) in set.iter().enumerate() {
                if i > 0 {
                    f.write_str(",")?;
                }
                write!(f, "{s}")?;
            }
            f.write_str(")")
        };
        match self {
            Ruleset::Code(code) => code.fmt(f),
            Ruleset::Grundy => f.write_str("grundy"),
            Ruleset::Subtraction(set) => {
                f.write_str("S(")?;
                list(f, set)
            }
            Ruleset::AllBut(set) => {
                f.write_str("all-but(")?;
                list(f, set)
            }
        }
    }
}

/// The named games: (name, ruleset as text, where it is described).
pub const NAMES: &[(&str, &str, &str)] = &[
    ("nim", "all-but()", "Bouton 1901: remove any number"),
    ("kayles", "0.77", "Dudeney 1908; Winning Ways ch. 4"),
    ("double-kayles", "0.7777", "Winning Ways ch. 4"),
    ("dawsons-kayles", "0.07", "Winning Ways ch. 4"),
    ("dawsons-chess", "0.137", "Dawson 1934; Winning Ways ch. 4"),
    ("treblecross", "0.007", "Winning Ways ch. 4"),
    ("guiles", "0.15", "Winning Ways ch. 4"),
    ("officers", "0.6", "Winning Ways ch. 4"),
    ("grundy", "grundy", "Grundy 1939; Winning Ways ch. 4"),
];
