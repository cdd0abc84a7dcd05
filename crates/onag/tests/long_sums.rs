//! Sums of any length from text: the parser keeps a sum as a flat list of terms, so parsing,
//! building and dropping a sum of 30,000 terms never recurse once per term. A left-nested tree
//! of `a + b` nodes overflowed the stack at ~27,500 terms (`1+1+…`, `*-*-…`, `^+^+…`).
//!
//! Invariants:
//! - any sum of terms joined by `+`, `-` or `±`, of any length within the text limit, parses
//!   and builds on a small (256 KiB) stack, to the left-to-right fold of its terms in the
//!   arena (`a - b` = a + (−b), `a ± b` = a + {b | −b});
//! - the nesting a sum may contain is still bounded by `max_depth`, whatever the length.

use onag::partizan::game::{Arena, GameId};
use onag::partizan::parse::{parse, parse_expr, parse_with_limits, ParseErrorKind, ParseLimits};
use proptest::prelude::*;

/// Runs `f` on a thread with a 256 KiB stack (a few hundred frames at most), so a recursion
/// once per term fails the test with an abort instead of passing on a big stack.
fn on_small_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new()
        .stack_size(256 << 10)
        .spawn(f)
        .unwrap()
        .join()
        .unwrap()
}

fn wide() -> ParseLimits {
    ParseLimits {
        max_len: 1 << 22,
        max_depth: 50,
        ..ParseLimits::default()
    }
}

#[test]
fn sums_of_thirty_thousand_terms_parse_build_and_drop_on_a_small_stack() {
    on_small_stack(|| {
        let cases = [
            ("1", "+", "30000"),
            ("*", "-", "0"),
            ("0", "+-", "0"),
            ("1/2", "-", "-14999"),
            ("{1|-1}", "+", "0"),
        ];
        for (term, op, want) in cases {
            let text = vec![term; 30_000].join(op);
            let mut arena = Arena::new();
            let g = parse_with_limits(&mut arena, &text, wide())
                .unwrap_or_else(|e| panic!("{term}{op}…: {e}"));
            let expected = parse(&mut arena, want).unwrap();
            // ±0 = *, an even number of them is 0; {1|-1} = ±1, and ±1 + ±1 = 0
            let expected = if op == "+-" {
                let star = parse(&mut arena, "*").unwrap();
                arena.add(expected, star).unwrap()
            } else {
                expected
            };
            assert_eq!(g, expected, "{term}{op}… ×30000");
            // the syntax tree alone, dropped without recursion
            drop(parse_expr(&text, wide()).unwrap());
        }
    });
}

#[test]
fn a_long_sum_that_exceeds_an_arena_bound_is_a_clear_error() {
    on_small_stack(|| {
        let text = vec!["^"; 30_000].join("+");
        let e = parse_with_limits(&mut Arena::new(), &text, wide()).unwrap_err();
        assert!(matches!(e.kind, ParseErrorKind::Game(_)), "{e}");
        assert!(e.to_string().contains("too large"), "{e}");
    });
}

#[test]
fn nesting_inside_a_long_sum_is_still_bounded() {
    let deep = format!("{}0{}", "(".repeat(60), ")".repeat(60));
    let text = format!("{}+{deep}", vec!["1"; 10_000].join("+"));
    let e = parse_expr(&text, wide()).unwrap_err();
    assert_eq!(e.kind, ParseErrorKind::TooDeep { max: 50 });
}

const TERMS: [&str; 8] = ["1", "-2", "*", "^", "1/4", "{1|0}", "{3|-1}", "+-1"];

fn fold(arena: &mut Arena, terms: &[(usize, usize)]) -> GameId {
    let mut acc = arena.zero();
    for &(op, t) in terms {
        let g = parse(arena, TERMS[t]).unwrap();
        let term = match op {
            0 => g,
            1 => arena.neg(g),
            _ => {
                let ng = arena.neg(g);
                arena.from_options(&[g], &[ng]).unwrap()
            }
        };
        acc = arena.add(acc, term).unwrap();
    }
    acc
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// The parse of `t0 op1 t1 op2 t2 …` is the fold of its terms, whatever the length.
    #[test]
    fn a_sum_is_the_fold_of_its_terms(
        terms in prop::collection::vec((0usize..3, 0usize..TERMS.len()), 1..200)
    ) {
        let mut text = String::new();
        for (i, &(op, t)) in terms.iter().enumerate() {
            let op = ["+", "-", "+-"][op];
            if i > 0 || op != "+" {
                text.push_str(op);
            }
            // parentheses: `-1/4` after `-` would read as a signed literal, `+-1` as ±
            text.push('(');
            text.push_str(TERMS[t]);
            text.push(')');
        }
        let mut arena = Arena::new();
        let parsed = parse_with_limits(&mut arena, &text, wide()).unwrap();
        prop_assert_eq!(parsed, fold(&mut arena, &terms), "{}", text);
    }
}
