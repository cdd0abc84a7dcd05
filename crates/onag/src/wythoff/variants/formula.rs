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

use std::fmt;
use std::str::FromStr;

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

/// A syntax error, with the byte offset where it was found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// Byte offset in the input.
    pub at: usize,
    /// What went wrong.
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at offset {}", self.message, self.at)
    }
}

impl std::error::Error for ParseError {}

/// An evaluation error.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EvalError {
    /// A result does not fit in `i64`.
    Overflow,
    /// Division or remainder by zero.
    DivisionByZero,
}

impl fmt::Display for EvalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Overflow => "arithmetic overflow",
            Self::DivisionByZero => "division by zero",
        })
    }
}

impl std::error::Error for EvalError {}

/// Longest formula accepted (bytes), which also bounds the recursion depth.
pub const MAX_FORMULA_LEN: usize = 1000;

struct Parser<'a> {
    text: &'a [u8],
    pos: usize,
}

impl Parser<'_> {
    fn skip(&mut self) {
        while self.pos < self.text.len() && self.text[self.pos].is_ascii_whitespace() {
            self.pos += 1;
        }
    }

    fn peek(&mut self) -> Option<u8> {
        self.skip();
        self.text.get(self.pos).copied()
    }

    fn err<T>(&self, message: impl Into<String>) -> Result<T, ParseError> {
        Err(ParseError {
            at: self.pos,
            message: message.into(),
        })
    }

    fn expect(&mut self, c: u8) -> Result<(), ParseError> {
        if self.peek() == Some(c) {
            self.pos += 1;
            Ok(())
        } else {
            self.err(format!("expected '{}'", c as char))
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
            self.pos += 1;
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
            self.pos += 1;
            return Ok(Expr::Neg(Box::new(self.unary()?)));
        }
        self.atom()
    }

    fn atom(&mut self) -> Result<Expr, ParseError> {
        match self.peek() {
            Some(b'(') => {
                self.pos += 1;
                let e = self.expr()?;
                self.expect(b')')?;
                Ok(e)
            }
            Some(c) if c.is_ascii_digit() => {
                let start = self.pos;
                while self.pos < self.text.len() && self.text[self.pos].is_ascii_digit() {
                    self.pos += 1;
                }
                let digits = String::from_utf8_lossy(&self.text[start..self.pos]);
                match digits.parse::<i64>() {
                    Ok(n) => Ok(Expr::Num(n)),
                    Err(_) => Err(ParseError {
                        at: start,
                        message: format!("number '{digits}' is too large"),
                    }),
                }
            }
            Some(c) if c.is_ascii_alphabetic() => {
                let start = self.pos;
                while self.pos < self.text.len() && self.text[self.pos].is_ascii_alphanumeric() {
                    self.pos += 1;
                }
                let name = String::from_utf8_lossy(&self.text[start..self.pos]).to_string();
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
                    _ => Err(ParseError {
                        at: start,
                        message: format!("unknown name '{name}' (use x, y, min, max)"),
                    }),
                }
            }
            Some(c) => self.err(format!("unexpected '{}'", c as char)),
            None => self.err("unexpected end of formula"),
        }
    }
}

impl FromStr for Expr {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        if text.len() > MAX_FORMULA_LEN {
            return Err(ParseError {
                at: MAX_FORMULA_LEN,
                message: format!("formula longer than {MAX_FORMULA_LEN} bytes"),
            });
        }
        let mut p = Parser {
            text: text.as_bytes(),
            pos: 0,
        };
        let e = p.expr()?;
        match p.peek() {
            None => Ok(e),
            Some(c) => p.err(format!("unexpected '{}'", c as char)),
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
