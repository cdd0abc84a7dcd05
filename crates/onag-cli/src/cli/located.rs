//! Bad input with a place: the error line, then the input (an excerpt of at most
//! [`ECHO_WIDTH`] characters) and a caret under the place where reading stopped, as compilers
//! print them. Every parser with a [`Span`] reports through [`Located`], so the three lines look
//! the same for game notation, positions, boards, rulesets and formulas.

use std::fmt;

use onag::Span;

use super::common::ECHO_WIDTH;

/// An error message about `input` at `span`. Its `Display` is the message alone (one line);
/// [`caret_lines`] gives the two lines printed under it.
#[derive(Debug, thiserror::Error)]
#[error("{message}")]
pub struct Located {
    message: String,
    excerpt: String,
    caret: usize,
}

impl Located {
    /// `message` (any error) about the text `input`, at `span`.
    pub fn new(message: impl fmt::Display, input: &str, span: Span) -> Located {
        let (excerpt, caret) = span.excerpt_with_caret(input, ECHO_WIDTH);
        Located {
            message: message.to_string(),
            excerpt,
            caret,
        }
    }

    /// `message` about `input` at `span` when there is one, else the message alone.
    pub fn maybe(message: impl fmt::Display, input: &str, span: Option<Span>) -> anyhow::Error {
        match span {
            Some(span) => Located::new(message, input, span).into(),
            None => anyhow::anyhow!("{message}"),
        }
    }
}

/// The two lines printed under the error line of an error that has a place: the excerpt of the
/// input and a caret under the place, each indented by two spaces.
pub fn caret_lines(err: &anyhow::Error) -> Option<[String; 2]> {
    let located = err.chain().find_map(|e| e.downcast_ref::<Located>())?;
    Some([
        format!("  {}", located.excerpt),
        format!("  {}^", " ".repeat(located.caret)),
    ])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_caret_is_under_the_place_even_in_a_cut_excerpt() {
        let input = format!("{}q{}", "1+".repeat(500), "+2".repeat(500));
        let err: anyhow::Error = Located::new("bad", &input, Span::at(&input, 1000)).into();
        let [excerpt, caret] = caret_lines(&err).unwrap();
        assert!(excerpt.chars().count() <= ECHO_WIDTH + 4, "{excerpt}");
        let column = caret.chars().count() - 1;
        assert_eq!(excerpt.chars().nth(column), Some('q'), "{excerpt}\n{caret}");
        assert_eq!(err.to_string(), "bad");
    }
}
