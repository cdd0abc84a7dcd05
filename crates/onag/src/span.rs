//! Where in a text a parser stopped: [`Span`], the one position type of every parse error
//! (game notation, Toads boards, Corner-the-Queen formulas, transfinite ordinals).

use std::fmt;

/// A place in a parsed text, where an error starts: its byte offset (to slice the text) and its
/// character offset (to show people), both 0-based. Messages print it 1-based, as
/// `character N` (its [`Display`](fmt::Display)).
///
/// # Examples
/// ```
/// use onag::Span;
///
/// let text = "↑↑x";
/// let span = Span::at(text, 6); // '↑' is three bytes
/// assert_eq!((span.byte, span.char), (6, 2));
/// assert_eq!(&text[span.byte..], "x");
/// assert_eq!(span.to_string(), "character 3");
/// assert_eq!(Span::at_char(text, 2), span);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Span {
    /// Byte offset into the text; always on a character boundary, at most the text's length.
    pub byte: usize,
    /// Character (Unicode scalar value) offset into the text.
    pub char: usize,
}

impl Span {
    /// The place `byte` bytes into `text`, clamped to the text and moved back to the start of
    /// the character it falls in.
    pub fn at(text: &str, byte: usize) -> Span {
        let mut byte = byte.min(text.len());
        while !text.is_char_boundary(byte) {
            byte -= 1;
        }
        Span {
            byte,
            char: text[..byte].chars().count(),
        }
    }

    /// The place of the `char`-th character of `text` (0-based; the end of the text when
    /// `char` is past it).
    pub fn at_char(text: &str, char: usize) -> Span {
        let byte = text.char_indices().nth(char).map_or(text.len(), |(b, _)| b);
        Span::at(text, byte)
    }

    /// At most `width` characters of `text` around this place, on one line, for an error
    /// message that must not repeat a long input: control characters (line breaks included)
    /// become spaces and a cut end is marked `…`. About two thirds of the excerpt come before
    /// the place (what led to the error), the rest after it.
    ///
    /// # Examples
    /// ```
    /// use onag::Span;
    ///
    /// let text = "1+".repeat(5_000) + "q";
    /// let span = Span::at(&text, 10_000);
    /// let shown = span.excerpt(&text, 20);
    /// assert_eq!(shown, "…+1+1+1+1+1+1+q");
    /// assert_eq!(Span::at("{1|2}", 1).excerpt("{1|2}", 80), "{1|2}");
    /// ```
    pub fn excerpt(self, text: &str, width: usize) -> String {
        self.excerpt_with_caret(text, width).0
    }

    /// [`Span::excerpt`] and the column (in characters, 0-based) of this place within it: where
    /// a caret line under the excerpt points.
    ///
    /// # Examples
    /// ```
    /// use onag::Span;
    ///
    /// let text = "{1|2|3}";
    /// assert_eq!(Span::at(text, 4).excerpt_with_caret(text, 80), ("{1|2|3}".to_string(), 4));
    /// let long = "1+".repeat(5_000) + "q";
    /// let (shown, caret) = Span::at(&long, 10_000).excerpt_with_caret(&long, 20);
    /// assert_eq!(shown.chars().nth(caret), Some('q'));
    /// ```
    pub fn excerpt_with_caret(self, text: &str, width: usize) -> (String, usize) {
        let width = width.max(8);
        let before = text[..self.byte]
            .chars()
            .rev()
            .take(width * 2 / 3 + 1)
            .count();
        let start_char = self.char - before.min(width * 2 / 3);
        let total = text.chars().count();
        let end_char = (start_char + width).min(total);
        let mut out = String::new();
        if start_char > 0 {
            out.push('…');
        }
        out.extend(
            text.chars()
                .skip(start_char)
                .take(end_char - start_char)
                .map(|c| if c.is_control() { ' ' } else { c }),
        );
        if end_char < total {
            out.push('…');
        }
        let caret = self.char - start_char + usize::from(start_char > 0);
        (out, caret)
    }

    /// The character number for people: 1-based.
    pub fn column(self) -> usize {
        self.char + 1
    }
}

impl fmt::Display for Span {
    /// `character N`, N 1-based.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "character {}", self.column())
    }
}

/// What the head of a `HEAD:a,b a,b …` notation is, for its errors: Turning Corners' board
/// size (`4x4:2,3 4,4`), the board side of a sum of Wythoff queens (`8:3,5 2,1`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PairsHead {
    /// The head in "expected …, a ':' and then pairs a,b" (`"the size RxC"`).
    pub expected: &'static str,
    /// The head in "'…' is not …" (`"a board size RxC"`).
    pub noun: &'static str,
}

/// Why a text is not `HEAD:a,b a,b …` ([`head_and_pairs`]): the one notation error of the
/// games written as a head and pairs (Turning Corners, sums of Wythoff queens).
///
/// # Examples
/// ```
/// use onag::games::turning_corners::TurningCorners;
///
/// let err = "4x4 2,3".parse::<TurningCorners>().unwrap_err();
/// assert_eq!(err.to_string(), "character 8: expected the size RxC, a ':' and then pairs a,b");
/// assert_eq!(err.span().map(|s| s.char), Some(7));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PairsError {
    /// No `:` after the head.
    #[error("{span}: expected {}, a ':' and then pairs a,b", .head.expected)]
    MissingColon {
        /// The notation's head.
        head: PairsHead,
        /// The end of the text.
        span: Span,
    },
    /// A head that is not one.
    #[error("{span}: '{found}' is not {}", .head.noun)]
    BadHead {
        /// The notation's head.
        head: PairsHead,
        /// The head as written (trimmed).
        found: String,
        /// The start of the text.
        span: Span,
    },
    /// A pair that is not two numbers `a,b`.
    #[error("{span}: '{found}' is not a pair of numbers a,b")]
    BadPair {
        /// The pair as written.
        found: String,
        /// Where it starts.
        span: Span,
    },
}

impl PairsError {
    /// Where in the text the error is.
    pub fn span(&self) -> Span {
        match self {
            PairsError::MissingColon { span, .. }
            | PairsError::BadHead { span, .. }
            | PairsError::BadPair { span, .. } => *span,
        }
    }
}

/// `HEAD:a,b a,b …` (pairs separated by whitespace or `;`) → the head, read by `read_head`
/// from its trimmed text, and the pairs, with the place of each bad part for errors.
pub(crate) fn head_and_pairs<H>(
    s: &str,
    head: PairsHead,
    read_head: impl FnOnce(&str) -> Option<H>,
) -> Result<(H, Vec<(usize, usize)>), PairsError> {
    let (text, rest) = s.split_once(':').ok_or(PairsError::MissingColon {
        head,
        span: Span::at(s, s.len()),
    })?;
    let mut out = Vec::new();
    let mut offset = text.len() + 1;
    for part in rest.split(|c: char| c.is_whitespace() || c == ';') {
        if !part.is_empty() {
            let bad = || PairsError::BadPair {
                found: part.to_string(),
                span: Span::at(s, offset),
            };
            let (a, b) = part.split_once(',').ok_or_else(bad)?;
            out.push((a.parse().map_err(|_| bad())?, b.parse().map_err(|_| bad())?));
        }
        offset += part.len() + 1;
    }
    let value = read_head(text.trim()).ok_or_else(|| PairsError::BadHead {
        head,
        found: text.trim().to_string(),
        span: Span::at(s, 0),
    })?;
    Ok((value, out))
}
