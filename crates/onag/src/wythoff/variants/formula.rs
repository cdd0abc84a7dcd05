//! Integer expressions in `x` and `y`, parsed by a small recursive-descent parser and evaluated
//! with checked `i64` arithmetic (no `eval`).
//!
//! Grammar, loosest binding first (as in C, XOR binds looser than `+`):
//!
//! ```text
//! expr    := sum ('^' sum)*                 bitwise XOR
//! sum     := product (('+' | '-') product)*
//! product := unary (('*' | '/' | '%') unary)*
//! unary   := '-' unary | atom
//! atom    := integer | 'x' | 'y' | '(' expr ')' | ('min' | 'max') '(' expr ',' expr ')'
//! ```
//!
//! `/` is floor division and `%` the matching remainder (`a = b·(a/b) + a%b`, the remainder
//! has the sign of `b`), so `x/3` is `⌊x/3⌋`. Overflow and division by zero are errors.
//!
//! The typographic look-alikes `−` (minus sign), `×` and `÷` are read as `-`, `*` and `/`;
//! any other character outside the grammar is reported as itself, with its character
//! position (1-based, counting characters, not bytes).

use std::str::FromStr;

use crate::Span;

/// A parsed expression.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expr {
    /// An integer literal.
    Num(i64),
    /// The variable `x`.
    X,
    /// The variable `y`.
    Y,
    /// `-e`.
    Neg(Box<Expr>),
    /// A binary operation.
    Bin(Op, Box<Expr>, Box<Expr>),
}

/// Binary operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    /// `+`
    Add,
    /// `-`
    Sub,
    /// `*`
    Mul,
    /// `/` (floor division)
    Div,
    /// `%` (floor remainder)
    Rem,
    /// `^` (bitwise XOR)
    Xor,
    /// `min(a, b)`
    Min,
    /// `max(a, b)`
    Max,
}

/// A syntax error, with where it was found.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message} at {span}")]
pub struct ParseError {
    /// Where in the input (byte and character offsets).
    pub span: Span,
    /// What went wrong.
    pub message: String,
}

/// The ASCII operator a typographic look-alike stands for.
fn ascii_of(c: char) -> Option<u8> {
    match c {
        '−' | '–' => Some(b'-'),
        '×' | '·' | '⋅' | '∗' => Some(b'*'),
        '÷' | '∕' => Some(b'/'),
        c if c.is_ascii() => Some(c as u8),
        _ => None,
    }
}

/// An evaluation error.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EvalError {
    /// A result does not fit in `i64`.
    #[error("arithmetic overflow")]
    Overflow,
    /// Division or remainder by zero.
    #[error("division by zero")]
    DivisionByZero,
}

/// Longest formula accepted (bytes), which also bounds the recursion depth.
pub const MAX_FORMULA_LEN: usize = 1000;

struct Parser<'a> {
    text: &'a str,
    pos: usize,
}

impl Parser<'_> {
    fn skip(&mut self) {
        while let Some(c) = self.current().filter(|c| c.is_whitespace()) {
            self.pos += c.len_utf8();
        }
    }

    /// The character at the current position, as written.
    fn current(&self) -> Option<char> {
        self.text[self.pos..].chars().next()
    }

    /// The next character after whitespace, look-alikes mapped to ASCII; a non-ASCII
    /// character that is not a look-alike reads as `0xff` (never part of the grammar).
    fn peek(&mut self) -> Option<u8> {
        self.skip();
        self.current().map(|c| ascii_of(c).unwrap_or(0xff))
    }

    /// Steps over the current character.
    fn bump(&mut self) {
        self.pos += self.current().map_or(0, char::len_utf8);
    }

    fn error_at(&self, at: usize, message: impl Into<String>) -> ParseError {
        ParseError {
            span: Span::at(self.text, at),
            message: message.into(),
        }
    }

    fn err<T>(&self, message: impl Into<String>) -> Result<T, ParseError> {
        Err(self.error_at(self.pos, message))
    }

    /// The error for an unexpected character at the current position, naming it as written.
    fn unexpected<T>(&self) -> Result<T, ParseError> {
        match self.current() {
            Some(c) if c.is_ascii_graphic() => self.err(format!("unexpected '{c}'")),
            Some(c) => self.err(format!("unexpected character '{c}' (U+{:04X})", c as u32)),
            None => self.err("unexpected end of formula"),
        }
    }

    fn expect(&mut self, c: u8) -> Result<(), ParseError> {
        if self.peek() == Some(c) {
            self.bump();
            Ok(())
        } else if self.current().is_none() {
            self.err(format!(
                "expected '{}', found the end of the formula",
                c as char
            ))
        } else {
            let found = self.current().map_or(String::new(), String::from);
            self.err(format!("expected '{}', found '{found}'", c as char))
        }
    }

    fn binary(
        &mut self,
        next: fn(&mut Self) -> Result<Expr, ParseError>,
        ops: &[(u8, Op)],
    ) -> Result<Expr, ParseError> {
        let mut lhs = next(self)?;
        while let Some(c) = self.peek() {
            let Some(&(_, op)) = ops.iter().find(|(ch, _)| *ch == c) else {
                break;
            };
            self.bump();
            let rhs = next(self)?;
            lhs = Expr::Bin(op, Box::new(lhs), Box::new(rhs));
        }
        Ok(lhs)
    }

    fn expr(&mut self) -> Result<Expr, ParseError> {
        self.binary(Self::sum, &[(b'^', Op::Xor)])
    }

    fn sum(&mut self) -> Result<Expr, ParseError> {
        self.binary(Self::product, &[(b'+', Op::Add), (b'-', Op::Sub)])
    }

    fn product(&mut self) -> Result<Expr, ParseError> {
        self.binary(
            Self::unary,
            &[(b'*', Op::Mul), (b'/', Op::Div), (b'%', Op::Rem)],
        )
    }

    fn unary(&mut self) -> Result<Expr, ParseError> {
        if self.peek() == Some(b'-') {
            self.bump();
            return Ok(Expr::Neg(Box::new(self.unary()?)));
        }
        self.atom()
    }

    fn atom(&mut self) -> Result<Expr, ParseError> {
        match self.peek() {
            Some(b'(') => {
                self.bump();
                let e = self.expr()?;
                self.expect(b')')?;
                Ok(e)
            }
            Some(c) if c.is_ascii_digit() => {
                let start = self.pos;
                while self.current().is_some_and(|c| c.is_ascii_digit()) {
                    self.pos += 1;
                }
                let digits = &self.text[start..self.pos];
                match digits.parse::<i64>() {
                    Ok(n) => Ok(Expr::Num(n)),
                    Err(_) => Err(self.error_at(
                        start,
                        format!(
                            "number too large ({} digits; at most {})",
                            digits.len(),
                            i64::MAX
                        ),
                    )),
                }
            }
            Some(c) if c.is_ascii_alphabetic() => {
                let start = self.pos;
                while self.current().is_some_and(|c| c.is_ascii_alphanumeric()) {
                    self.pos += 1;
                }
                let name = self.text[start..self.pos].to_string();
                match name.as_str() {
                    "x" => Ok(Expr::X),
                    "y" => Ok(Expr::Y),
                    "min" | "max" => {
                        self.expect(b'(')?;
                        let a = self.expr()?;
                        self.expect(b',')?;
                        let b = self.expr()?;
                        self.expect(b')')?;
                        let op = if name == "min" { Op::Min } else { Op::Max };
                        Ok(Expr::Bin(op, Box::new(a), Box::new(b)))
                    }
                    _ => {
                        Err(self
                            .error_at(start, format!("unknown name '{name}' (use x, y, min, max)")))
                    }
                }
            }
            _ => self.unexpected(),
        }
    }
}

impl FromStr for Expr {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        if text.len() > MAX_FORMULA_LEN {
            return Err(ParseError {
                span: Span::default(),
                message: format!("formula longer than {MAX_FORMULA_LEN} bytes"),
            });
        }
        let mut p = Parser { text, pos: 0 };
        let e = p.expr()?;
        match p.peek() {
            None => Ok(e),
            Some(_) => p.unexpected(),
        }
    }
}

impl Expr {
    /// The value at `(x, y)` with checked arithmetic.
    ///
    /// # Examples
    /// ```
    /// let e: onag::wythoff::variants::formula::Expr = "(x+y)%3 + 3*((x/3)^(y/3))".parse().unwrap();
    /// assert_eq!(e.eval(4, 7), Ok(2 + 3 * (1 ^ 2)));
    /// ```
    pub fn eval(&self, x: i64, y: i64) -> Result<i64, EvalError> {
        use EvalError::{DivisionByZero, Overflow};
        Ok(match self {
            Self::Num(n) => *n,
            Self::X => x,
            Self::Y => y,
            Self::Neg(e) => e.eval(x, y)?.checked_neg().ok_or(Overflow)?,
            Self::Bin(op, a, b) => {
                let (a, b) = (a.eval(x, y)?, b.eval(x, y)?);
                match op {
                    Op::Add => a.checked_add(b).ok_or(Overflow)?,
                    Op::Sub => a.checked_sub(b).ok_or(Overflow)?,
                    Op::Mul => a.checked_mul(b).ok_or(Overflow)?,
                    Op::Div | Op::Rem => {
                        if b == 0 {
                            return Err(DivisionByZero);
                        }
                        let q = a.checked_div(b).ok_or(Overflow)?;
                        let r = a.checked_rem(b).ok_or(Overflow)?;
                        // Round toward −∞: adjust when the remainder's sign differs from b's.
                        let adjust = r != 0 && ((r < 0) != (b < 0));
                        if *op == Op::Div {
                            if adjust {
                                q - 1
                            } else {
                                q
                            }
                        } else if adjust {
                            r + b
                        } else {
                            r
                        }
                    }
                    Op::Xor => a ^ b,
                    Op::Min => a.min(b),
                    Op::Max => a.max(b),
                }
            }
        })
    }
}
