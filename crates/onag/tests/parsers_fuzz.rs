//! Fuzzing every text parser of the library with proptest (arbitrary Unicode strings, strings
//! over each grammar's own alphabet, and valid inputs with one character changed).
//!
//! Invariants, for every input:
//! - no panic (a panic fails the test) and no abort (a stack overflow kills the test binary);
//! - bounded time: each parse (and, for games, each build within small counts) returns within
//!   [`BOUND`] — inputs are length-limited, so memory is bounded by the same limits;
//! - an error points inside the input: its [`Span`] has a byte offset on a character boundary
//!   and the character offset of that byte;
//! - round trip where a printer exists: `parse(print(x)) == x`.
//!
//! The default run is a few thousand cases per parser (seconds, part of `cargo test`); the
//! `ci_` variant runs 20,000 per parser in CI's exhaustive step.

use std::time::{Duration, Instant};

use onag::games::toads_and_frogs::{Board as ToadsBoard, BoardError};
use onag::impartial::coins::Rule;
use onag::impartial::solver::Board as CoinsBoard;
use onag::nimber::ordinal::{Ordinal, OrdinalError};
use onag::partizan::dyadic::Dyadic;
use onag::partizan::game::Arena;
use onag::partizan::name::{name, NameStyle};
use onag::partizan::parse::{parse_expr, parse_with_limits, ParseErrorKind, ParseLimits};
use onag::wythoff::variants::formula::Expr as Formula;
use onag::wythoff::variants::moves::MoveSet;
use onag::Span;
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

/// Longest time one parse may take (generous: a parse that first builds the nim lookup
/// tables took 4 s on a loaded 2-core machine; a hang or blow-up still fails).
const BOUND: Duration = Duration::from_secs(10);

fn timed<T>(what: &str, input: &str, f: impl FnOnce() -> T) -> Result<T, TestCaseError> {
    let start = Instant::now();
    let out = f();
    let took = start.elapsed();
    prop_assert!(took < BOUND, "{what} took {took:?} on {input:?}");
    Ok(out)
}

/// The span of an error points inside `text`: a character boundary, and the character
/// offset is that of the byte offset.
fn span_ok(text: &str, span: Span) -> Result<(), TestCaseError> {
    prop_assert!(span.byte <= text.len() && text.is_char_boundary(span.byte));
    prop_assert_eq!(span.char, text[..span.byte].chars().count());
    Ok(())
}

/// A valid input with one character replaced, inserted or deleted.
fn mutated(
    valid: &'static [&'static str],
    alphabet: &'static str,
) -> impl Strategy<Value = String> {
    let chars: Vec<char> = alphabet.chars().collect();
    (
        prop::sample::select(valid),
        any::<prop::sample::Index>(),
        prop::sample::select(chars),
        0u8..3,
    )
        .prop_map(|(base, at, c, op)| {
            let mut v: Vec<char> = base.chars().collect();
            let i = at.index(v.len() + 1);
            match op {
                0 if i < v.len() => v[i] = c,
                1 if i < v.len() => {
                    v.remove(i);
                }
                _ => v.insert(i.min(v.len()), c),
            }
            v.into_iter().collect()
        })
}

const GAME_ALPHABET: &str = "-+0123456789/{}|,^v*·↑↓⇑⇓±()‖ tinymâ−×";
const GAMES: &[&str] = &[
    "{2|-1}", "+-1/8", "2+4·↓", "{3||2|1}", "2v3*", "tiny-2", "±(1,*)", "3·{1|0}",
];

fn check_game(text: &str) -> Result<(), TestCaseError> {
    let limits = ParseLimits {
        max_count: 16,
        ..ParseLimits::default()
    };
    let syntax = timed("parse_expr", text, || {
        parse_expr(text, ParseLimits::default())
    })?;
    let mut a = Arena::new();
    let built = timed("parse", text, || parse_with_limits(&mut a, text, limits))?;
    for e in [syntax.err(), built.clone().err()].into_iter().flatten() {
        span_ok(text, e.span)?;
        prop_assert!(!e.to_string().contains('\n'));
    }
    if let Ok(g) = built {
        // Sums and braces may build a multiple larger than any literal may state (`{0|^16*}` is
        // ↑17): its name is then refused for that count and nothing else, and reads back once
        // the limit admits it.
        let roomy = ParseLimits {
            max_count: u32::MAX,
            ..limits
        };
        for style in [NameStyle::Ascii, NameStyle::Unicode] {
            let printed = name(&a, g, style);
            match parse_with_limits(&mut a, &printed, limits) {
                Ok(back) => prop_assert_eq!(back, g),
                Err(e) => {
                    prop_assert_eq!(e.kind, ParseErrorKind::CountTooLarge { max: 16 });
                    prop_assert_eq!(parse_with_limits(&mut a, &printed, roomy).ok(), Some(g));
                }
            }
        }
    }
    Ok(())
}

const DYADICS: &[&str] = &[
    "0",
    "-3",
    "5/8",
    "+7/2",
    "9223372036854775807/4611686018427387904",
];

fn check_dyadic(text: &str) -> Result<(), TestCaseError> {
    if let Ok(x) = timed("Dyadic", text, || text.parse::<Dyadic>())? {
        prop_assert_eq!(x.to_string().parse::<Dyadic>(), Ok(x));
    }
    Ok(())
}

const FORMULAS: &[&str] = &["(x+y)%3 + 3*((x/3)^(y/3))", "min(x,y)*2", "x−y", "-x÷2"];

fn check_formula(text: &str) -> Result<(), TestCaseError> {
    match timed("formula", text, || text.parse::<Formula>())? {
        Ok(e) => {
            // evaluation is checked arithmetic: a value or a typed error, never a panic
            for (x, y) in [(0, 0), (3, 7), (i64::MAX, i64::MIN), (-1, 1)] {
                let _ = e.eval(x, y);
            }
        }
        Err(e) => {
            span_ok(text, e.span)?;
            // a non-ASCII character is named as itself, never as a byte of its encoding
            for c in e.message.chars().filter(|c| !c.is_ascii()) {
                prop_assert!(text.contains(c), "{} names {c:?}", e.message);
            }
        }
    }
    Ok(())
}

const MOVES: &[&str] = &["left,down,diag", "left:3,diag", "pair", "down:1"];

fn check_moves(text: &str) -> Result<(), TestCaseError> {
    if let Ok(m) = timed("moves", text, || text.parse::<MoveSet>())? {
        prop_assert_eq!(m.to_string().parse::<MoveSet>(), Ok(m));
    }
    Ok(())
}

const TOADS: &[&str] = &["TT..FF", "T3.2F3", "T□TF□F□^6", "TF.TF"];

fn check_toads(text: &str) -> Result<(), TestCaseError> {
    match timed("toads board", text, || text.parse::<ToadsBoard>())? {
        Ok(b) => prop_assert_eq!(b.to_string().parse::<ToadsBoard>(), Ok(b)),
        Err(
            BoardError::UnexpectedChar { span, .. }
            | BoardError::DanglingCount { span }
            | BoardError::ZeroCount { span },
        ) => span_ok(text, span)?,
        Err(_) => {}
    }
    Ok(())
}

const ORDINALS: &[&str] = &["w^(w^2*3+1)*5 + w^3 + 7", "ω^ω · 3 + 0x10", "w*2+1", "12"];

fn check_ordinal(text: &str) -> Result<(), TestCaseError> {
    match timed("ordinal", text, || text.parse::<Ordinal>())? {
        Ok(o) => prop_assert_eq!(o.to_string().parse::<Ordinal>(), Ok(o)),
        Err(OrdinalError::Parse { span, .. }) => span_ok(text, span)?,
        Err(_) => {}
    }
    Ok(())
}

const COINS: &[&str] = &[
    "twins:10",
    "mogul:12",
    "corners:4x5",
    "ruler*twins:3x3",
    "at-most:4:9",
];

fn check_coins(text: &str) -> Result<(), TestCaseError> {
    timed("coins board", text, || text.parse::<CoinsBoard>())?.ok();
    if let Ok(r) = timed("rule", text, || text.parse::<Rule>())? {
        prop_assert_eq!(r.to_string().parse::<Rule>(), Ok(r));
    }
    Ok(())
}

macro_rules! fuzz {
    ($cases:expr, $ignore:meta, $($name:ident: $check:ident, $valid:expr, $alphabet:expr;)*) => {
        proptest! {
            #![proptest_config(ProptestConfig::with_cases($cases))]
            $(
                #[test]
                #[$ignore]
                fn $name(
                    text in prop_oneof![
                        any::<String>(),
                        prop::collection::vec(prop::sample::select(
                            $alphabet.chars().collect::<Vec<char>>()), 0..48)
                            .prop_map(|v| v.into_iter().collect::<String>()),
                        mutated($valid, $alphabet),
                    ]
                ) {
                    $check(&text)?;
                }
            )*
        }
    };
}

fuzz! { 1500, allow(unused),
    fuzz_game_notation: check_game, GAMES, GAME_ALPHABET;
    fuzz_dyadic: check_dyadic, DYADICS, "-+0123456789/ ";
    fuzz_queens_formula: check_formula, FORMULAS, "xy()+-*/%^0123456789,minax −×÷é";
    fuzz_queens_moves: check_moves, MOVES, "leftdowniagpr:,0123456789 ";
    fuzz_toads_board: check_toads, TOADS, "TFtf.□_^0123456789 ";
    fuzz_coins: check_coins, COINS, "twinsrulemockmogbeat-:*x0123456789 ";
    fuzz_ordinal: check_ordinal, ORDINALS, "wω^()*·+0123456789x ";
}

mod ci {
    use super::*;

    fuzz! { 20_000, ignore,
        ci_fuzz_game_notation: check_game, GAMES, GAME_ALPHABET;
        ci_fuzz_dyadic: check_dyadic, DYADICS, "-+0123456789/ ";
        ci_fuzz_queens_formula: check_formula, FORMULAS, "xy()+-*/%^0123456789,minax −×÷é";
        ci_fuzz_queens_moves: check_moves, MOVES, "leftdowniagpr:,0123456789 ";
        ci_fuzz_toads_board: check_toads, TOADS, "TFtf.□_^0123456789 ";
        ci_fuzz_coins: check_coins, COINS, "twinsrulemockmogbeat-:*x0123456789 ";
        ci_fuzz_ordinal: check_ordinal, ORDINALS, "wω^()*·+0123456789x ";
    }
}

/// The message cases: look-alikes accepted, other non-ASCII named as itself, numbers
/// beyond 64 bits "too large", empty move-set entries and oversized bounds rejected.
#[test]
fn parser_messages() {
    let f = |t: &str| t.parse::<Formula>();
    assert_eq!(f("x−y"), f("x-y"));
    assert_eq!(f("x×y"), f("x*y"));
    assert_eq!(f("x÷2"), f("x/2"));
    let e = f("x+é").unwrap_err().to_string();
    assert!(e.contains("'é'") && e.contains("character 3"), "{e}");
    assert!(!e.contains('Ã'), "{e}");
    let e = f("99999999999999999999").unwrap_err().to_string();
    assert!(e.contains("too large"), "{e}");
    let m = |t: &str| t.parse::<MoveSet>().map_err(|e| e.to_string());
    let e = m("left,,down").unwrap_err();
    assert!(e.contains("empty entry"), "{e}");
    let e = m("left:99999999999999999999").unwrap_err();
    assert!(e.contains("too large"), "{e}");
    assert!(m("left:0").unwrap_err().contains("positive"));
    let mut a = Arena::new();
    let e = parse_with_limits(&mut a, "18446744073709551615", ParseLimits::default())
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("too large") && !e.contains("18446744073709551615"),
        "{e}"
    );
    let e = parse_with_limits(&mut a, "x−y", ParseLimits::default())
        .unwrap_err()
        .to_string();
    assert!(!e.contains('â'), "{e}");
}
