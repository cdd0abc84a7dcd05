//! The lexer of game notation: characters to tokens, with byte positions and whether each
//! token touches the previous one (compact literals such as `2v3*` must be written together).

use super::{error_at, ParseError, ParseErrorKind};

/// A token of game notation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Tok {
    Int(String),
    Slash,
    LBrace,
    RBrace,
    LParen,
    RParen,
    Comma,
    Bars(usize),
    Plus,
    Minus,
    PlusMinus,
    /// Arrows: +1 per ↑ (+2 per ⇑), −1 per ↓.
    Arrows(i64),
    Star,
    Dot,
    Tiny,
    Miny,
    /// A function name such as `cool` or `aw`.
    Func(super::Func),
    /// Loopy notation only: any other word (`pass`, `on`, a cycle's name).
    Word(String),
    /// Loopy notation only: `:` after a cycle's name (`a:{0|a}`).
    Colon,
}

/// A token and where it is.
#[derive(Clone, Debug)]
pub(super) struct Token {
    pub(super) tok: Tok,
    pub(super) pos: usize,
    /// Whether the token directly follows the previous one (no whitespace in between).
    pub(super) glued: bool,
}

/// How a token is written, for error messages.
pub(super) fn describe(tok: &Tok) -> String {
    match tok {
        Tok::Int(s) => s.clone(),
        Tok::Slash => "/".into(),
        Tok::LBrace => "{".into(),
        Tok::RBrace => "}".into(),
        Tok::LParen => "(".into(),
        Tok::RParen => ")".into(),
        Tok::Comma => ",".into(),
        Tok::Bars(n) => "|".repeat(*n),
        Tok::Plus => "+".into(),
        Tok::Minus => "-".into(),
        Tok::PlusMinus => "±".into(),
        Tok::Arrows(n) if *n > 0 => "^".repeat(*n as usize),
        Tok::Arrows(n) => "v".repeat(n.unsigned_abs() as usize),
        Tok::Star => "*".into(),
        Tok::Dot => "·".into(),
        Tok::Tiny => "tiny".into(),
        Tok::Miny => "miny".into(),
        Tok::Func(f) => f.name().into(),
        Tok::Word(w) => w.clone(),
        Tok::Colon => ":".into(),
    }
}

/// Splits `text` into tokens; runs of one arrow direction merge (`^^`, `↑⇑`). With `loopy`,
/// other words and `:` are tokens too (the loopy notation's words and cycle names).
pub(super) fn lex(text: &str, loopy: bool) -> Result<Vec<Token>, ParseError> {
    let mut out: Vec<Token> = Vec::new();
    let mut chars = text.char_indices().peekable();
    let mut glued = false;
    while let Some(&(pos, c)) = chars.peek() {
        if c.is_whitespace() {
            chars.next();
            glued = false;
            continue;
        }
        let single = |tok| Token { tok, pos, glued };
        let token = match c {
            '0'..='9' => {
                let mut digits = String::new();
                while let Some(&(_, d)) = chars.peek() {
                    if d.is_ascii_digit() {
                        digits.push(d);
                        chars.next();
                    } else {
                        break;
                    }
                }
                out.push(single(Tok::Int(digits)));
                glued = true;
                continue;
            }
            'a'..='z' | 'A'..='Z' => {
                let mut word = String::new();
                while let Some(&(_, d)) = chars.peek() {
                    if d.is_ascii_alphabetic() {
                        word.push(d);
                        chars.next();
                    } else {
                        break;
                    }
                }
                // CGSuite prints −upon as `v[on]` (a down arrow with `[on]` below it).
                if loopy && word == "v" && text[pos + 1..].starts_with("[on]") {
                    for _ in 0.."[on]".len() {
                        chars.next();
                    }
                    out.push(single(Tok::Word("v[on]".into())));
                    glued = true;
                    continue;
                }
                let tok = match word.to_ascii_lowercase().as_str() {
                    "tiny" => Tok::Tiny,
                    "miny" => Tok::Miny,
                    w if w.chars().all(|c| c == 'v') => Tok::Arrows(-(w.len() as i64)),
                    w if super::Func::from_name(w).is_some() => {
                        Tok::Func(super::Func::from_name(w).unwrap_or(super::Func::Rcf))
                    }
                    _ if loopy => Tok::Word(word),
                    _ => return Err(error_at(text, pos, ParseErrorKind::UnknownWord(word))),
                };
                out.push(single(tok));
                glued = true;
                continue;
            }
            '|' => {
                let mut n = 0;
                while let Some(&(_, '|')) = chars.peek() {
                    n += 1;
                    chars.next();
                }
                out.push(single(Tok::Bars(n)));
                glued = true;
                continue;
            }
            '‖' => Tok::Bars(2),
            '/' => Tok::Slash,
            '{' => Tok::LBrace,
            '}' => Tok::RBrace,
            '(' => Tok::LParen,
            ')' => Tok::RParen,
            ',' => Tok::Comma,
            '+' => {
                chars.next();
                if let Some(&(_, '-')) = chars.peek() {
                    chars.next();
                    out.push(single(Tok::PlusMinus));
                } else {
                    out.push(single(Tok::Plus));
                }
                glued = true;
                continue;
            }
            '-' | '−' => Tok::Minus,
            '±' => Tok::PlusMinus,
            // CGSuite prints upon = {pass|*} as `^[on]` (an up arrow with `[on]` above it).
            '^' | '↑' if loopy && text[pos + c.len_utf8()..].starts_with("[on]") => {
                for _ in 0..1 + "[on]".len() {
                    chars.next();
                }
                out.push(single(Tok::Word("^[on]".into())));
                glued = true;
                continue;
            }
            '^' | '↑' => Tok::Arrows(1),
            '⇑' => Tok::Arrows(2),
            '↓' => Tok::Arrows(-1),
            '⇓' => Tok::Arrows(-2),
            '*' | '∗' => Tok::Star,
            '·' | '⋅' => Tok::Dot,
            ':' if loopy => Tok::Colon,
            other => return Err(error_at(text, pos, ParseErrorKind::UnexpectedChar(other))),
        };
        chars.next();
        // Runs of arrows of one direction merge into one token (`^^`, `↑↑↑`, `⇑↑`).
        if let (Tok::Arrows(n), Some(last)) = (&token, out.last_mut()) {
            if let Tok::Arrows(m) = &mut last.tok {
                if glued && (*m > 0) == (*n > 0) {
                    *m += n;
                    continue;
                }
            }
        }
        out.push(single(token));
        glued = true;
    }
    Ok(out)
}
