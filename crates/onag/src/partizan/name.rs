//! Names of canonical games, in CGSuite-style ASCII or with the literature's Unicode symbols.
//!
//! | value                  | ASCII        | Unicode       |
//! |------------------------|--------------|---------------|
//! | 95/16                  | `95/16`      | `95/16`       |
//! | *, *3                  | `*`, `*3`    | `*`, `*3`     |
//! | ↑, ⇑, 3·↑              | `^`, `^2`, `^3` | `↑`, `⇑`, `3·↑` |
//! | ↑ + *                  | `^*`         | `↑*`          |
//! | 2 + 4·↓                | `2v4`        | `2+4·↓`       |
//! | −1 + ⇑                 | `-1^2`       | `-1⇑`         |
//! | {x \| −x}              | `+-x`        | `±x`          |
//! | {A, B \| −A, −B}       | `+-(A,B)`    | `±(A,B)`      |
//! | {0 ‖ 0 \| −x}, x > 0   | `Tiny(x)`    | `Tiny(x)`     |
//! | {x \| 0 ‖ 0}, x > 0    | `Miny(x)`    | `Miny(x)`     |
//! | anything else          | `{A,B\|C}`   | `{A,B\|C}`    |
//!
//! Options are printed in one canonical order that does not depend on how the game was built
//! (see [`option_order`]), so equal games always print equal names.
//!
//! A count always follows its arrow (`2v4`: the number 2, then four downs), so no name reads
//! as a different number: 2 + 4·↓ is never written with "24" in it. Every name parses back
//! to the same game with [`super::parse::parse`].

use std::cmp::Ordering;
use std::collections::HashMap;

use super::dyadic::Dyadic;
use super::game::{Arena, GameId};

/// Which symbols [`name`] uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum NameStyle {
    /// CGSuite's ASCII: `^`, `v`, `+-`, `*` (the default; safe for terminals and URLs).
    #[default]
    Ascii,
    /// The literature's symbols: ↑ ↓ ⇑ ⇓ ± ·.
    Unicode,
}

/// The name of `g` in `style`.
///
/// # Examples
/// ```
/// use onag::partizan::dyadic::Dyadic;
/// use onag::partizan::game::Arena;
/// use onag::partizan::name::{name, NameStyle};
///
/// let mut arena = Arena::new();
/// let g = arena.nus(Dyadic::from_int(2), -4, 0).unwrap();
/// assert_eq!(name(&arena, g, NameStyle::Ascii), "2v4");
/// assert_eq!(name(&arena, g, NameStyle::Unicode), "2+4·↓");
/// ```
pub fn name(arena: &Arena, g: GameId, style: NameStyle) -> String {
    Namer {
        arena,
        style,
        negation: HashMap::new(),
        names: HashMap::new(),
    }
    .name(g)
    .text
}

/// A name and whether it can stand as the operand of ± or `tiny-` without parentheses.
#[derive(Clone)]
struct Named {
    text: String,
    atomic: bool,
}

struct Namer<'a> {
    arena: &'a Arena,
    style: NameStyle,
    negation: HashMap<(GameId, GameId), bool>,
    /// Names already made: a game's followers share subgames, and naming each occurrence
    /// afresh would take time exponential in the depth.
    names: HashMap<GameId, Named>,
}

/// The order in which options are printed: by decreasing left stop, then decreasing right
/// stop, then increasing birthday, then the name's text. Every key is a property of the
/// value (not of the arena id, which depends on the order games were built in), and distinct
/// canonical games have distinct names, so the order is total and canonical.
pub fn option_order(arena: &Arena, a: GameId, a_name: &str, b: GameId, b_name: &str) -> Ordering {
    arena
        .left_stop(b)
        .cmp(&arena.left_stop(a))
        .then_with(|| arena.right_stop(b).cmp(&arena.right_stop(a)))
        .then_with(|| arena.birthday(a).cmp(&arena.birthday(b)))
        .then_with(|| a_name.cmp(b_name))
}

impl Namer<'_> {
    fn name(&mut self, g: GameId) -> Named {
        if let Some(named) = self.names.get(&g) {
            return named.clone();
        }
        let named = self.make_name(g);
        self.names.insert(g, named.clone());
        named
    }

    /// The names of `ids`, in the canonical [`option_order`].
    fn sorted_names(&mut self, ids: &[GameId]) -> Vec<Named> {
        let mut named: Vec<(GameId, Named)> = ids.iter().map(|&o| (o, self.name(o))).collect();
        let arena = self.arena;
        named.sort_by(|(a, na), (b, nb)| option_order(arena, *a, &na.text, *b, &nb.text));
        named.into_iter().map(|(_, n)| n).collect()
    }

    fn make_name(&mut self, g: GameId) -> Named {
        if let Some((number, ups, star)) = self.arena.as_nus(g) {
            return nus_name(number, ups, star, self.style);
        }
        if let Some(named) = self.tiny_or_miny(g) {
            return named;
        }
        let left = self.arena.left_options(g);
        let right = self.arena.right_options(g);
        if self.is_plus_minus(left, right) {
            let pm = match self.style {
                NameStyle::Ascii => "+-",
                NameStyle::Unicode => "±",
            };
            let names = self.sorted_names(left);
            let text = if names.len() == 1 && names[0].atomic {
                format!("{pm}{}", names[0].text)
            } else {
                let inner: Vec<String> = names.into_iter().map(|n| n.text).collect();
                format!("{pm}({})", inner.join(","))
            };
            return Named {
                text,
                atomic: false,
            };
        }
        let join = |namer: &mut Self, ids: &[GameId]| {
            namer
                .sorted_names(ids)
                .into_iter()
                .map(|n| n.text)
                .collect::<Vec<_>>()
                .join(",")
        };
        let text = format!("{{{}|{}}}", join(self, left), join(self, right));
        Named { text, atomic: true }
    }

    /// tiny-x = {0 ‖ 0 | −x} and miny-x = {x | 0 ‖ 0} for a positive number x, written as
    /// CGSuite writes them, `Tiny(x)` and `Miny(x)` (the literature's subscript, tiny_x,
    /// has no plain-text form; the parser reads both this and `tiny-x`).
    fn tiny_or_miny(&mut self, g: GameId) -> Option<Named> {
        let a = self.arena;
        let zero = a.zero();
        let (left, right) = (a.left_options(g), a.right_options(g));
        let (outer_zero, inner, tiny) = match (left, right) {
            ([l], [r]) if *l == zero => (true, *r, true),
            ([l], [r]) if *r == zero => (true, *l, false),
            _ => (false, zero, true),
        };
        if !outer_zero {
            return None;
        }
        let (il, ir) = (a.left_options(inner), a.right_options(inner));
        let x = match (il, ir, tiny) {
            ([l], [r], true) if *l == zero => a.as_number(*r)?.checked_neg().ok()?,
            ([l], [r], false) if *r == zero => a.as_number(*l)?,
            _ => return None,
        };
        if x <= Dyadic::ZERO {
            return None;
        }
        let word = if tiny { "Tiny" } else { "Miny" };
        Some(Named {
            text: format!("{word}({x})"),
            atomic: false,
        })
    }

    /// Whether the Right options are exactly the negatives of the Left options.
    fn is_plus_minus(&mut self, left: &[GameId], right: &[GameId]) -> bool {
        left.len() == right.len()
            && left
                .iter()
                .all(|&l| right.iter().any(|&r| self.is_negation(l, r)))
    }

    /// Whether a = −b, by the structure of canonical forms (unique, so structural negation
    /// is value negation); needs no mutable arena.
    fn is_negation(&mut self, a: GameId, b: GameId) -> bool {
        if let Some(&known) = self.negation.get(&(a, b)) {
            return known;
        }
        let arena = self.arena;
        let result = match (arena.as_number(a), arena.as_number(b)) {
            (Some(x), Some(y)) => x.checked_neg().is_ok_and(|nx| nx == y),
            (None, None) => {
                let (al, ar) = (arena.left_options(a), arena.right_options(a));
                let (bl, br) = (arena.left_options(b), arena.right_options(b));
                al.len() == br.len()
                    && ar.len() == bl.len()
                    && al
                        .iter()
                        .all(|&x| br.iter().any(|&y| self.is_negation(x, y)))
                    && ar
                        .iter()
                        .all(|&x| bl.iter().any(|&y| self.is_negation(x, y)))
            }
            _ => false,
        };
        self.negation.insert((a, b), result);
        result
    }
}

/// number + ups·↑ + *star.
fn nus_name(number: Dyadic, ups: i64, star: u32, style: NameStyle) -> Named {
    let mut text = String::new();
    let mut atomic = true;
    let has_number = number != Dyadic::ZERO || (ups == 0 && star == 0);
    if has_number {
        text.push_str(&number.to_string());
    }
    let count = ups.unsigned_abs();
    match style {
        NameStyle::Ascii => {
            if ups != 0 {
                text.push(if ups > 0 { '^' } else { 'v' });
                if count > 1 {
                    text.push_str(&count.to_string());
                }
            }
        }
        NameStyle::Unicode => match count {
            0 => {}
            1 => text.push(if ups > 0 { '↑' } else { '↓' }),
            2 => text.push(if ups > 0 { '⇑' } else { '⇓' }),
            _ => {
                if has_number {
                    text.push('+');
                    atomic = false;
                }
                text.push_str(&count.to_string());
                text.push('·');
                text.push(if ups > 0 { '↑' } else { '↓' });
            }
        },
    }
    if star > 0 {
        text.push('*');
        if star > 1 {
            text.push_str(&star.to_string());
        }
    }
    Named { text, atomic }
}
