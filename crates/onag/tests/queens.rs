//! Corner-the-Queen variants: move-set parsing, the four published closed forms, the pair game
//! and the formula checker.
#![allow(clippy::needless_range_loop)] // index loops read like the tables they check
use onag::wythoff::variants::check::check;
use onag::wythoff::variants::formula::{EvalError, Expr};
use onag::wythoff::variants::moves::{MoveSet, MoveSetError};
use onag::wythoff::variants::table::{grundy_table, pair_table_slow};
use onag::wythoff::variants::QueensError;
use proptest::prelude::*;

fn table(spec: &str, n: usize) -> Vec<Vec<u32>> {
    grundy_table(&spec.parse().unwrap(), n).unwrap()
}

#[test]
fn wythoff_moves_give_the_wythoff_table() {
    let t = table("left,down,diag", 100);
    let w = onag::wythoff::grundy_table(100, 100).unwrap();
    assert_eq!(t, w.to_rows());
    assert_eq!(MoveSet::wythoff(), "diag, down ,left".parse().unwrap());
}

#[test]
fn rook_is_nim() {
    let t = table("left,down", 256);
    for x in 0..256 {
        for y in 0..256 {
            assert_eq!(t[x][y] as usize, x ^ y);
        }
    }
}

#[test]
fn rook_plus_diagonal_step() {
    let t = table("left,down,diag:1", 240);
    for x in 0..240 {
        for y in 0..240 {
            assert_eq!(
                t[x][y] as usize,
                (x + y) % 3 + 3 * ((x / 3) ^ (y / 3)),
                "({x},{y})"
            );
        }
    }
}

#[test]
fn diagonal_plus_single_steps() {
    let t = table("diag,left:1,down:1", 240);
    for x in 0..240i64 {
        for y in 0..240i64 {
            let (m, big) = (x.min(y), x.max(y));
            let expected = if x == y {
                x + [0, 1, -1, 0][(x % 4) as usize]
            } else {
                let c = match (m % 4, big % 2) {
                    (0, 0) => 0,
                    (0, _) => 1,
                    (1, 0) => 2,
                    (1, _) => 1,
                    (2, 0) => -1,
                    (2, _) => -2,
                    (3, 0) => -1,
                    _ => 0,
                };
                m + c
            };
            assert_eq!(i64::from(t[x as usize][y as usize]), expected, "({x},{y})");
        }
    }
}

fn pair_formula(a: i64, b: i64) -> i64 {
    let (p, q) = (a / 2, b / 2);
    match (a % 2, b % 2) {
        (0, 0) => 2 * q + p,
        (1, 0) => 2 * q - p - 1 - (2 * p - q + 1).max(0),
        (0, _) => 2 * q - p + 1 - (2 * p - q).max(0),
        _ => 2 * q + p + 2,
    }
}

#[test]
fn pair_game_closed_form_and_worked_examples() {
    let t = table("pair", 260);
    assert_eq!(t[6][16], 19);
    assert_eq!(t[5][12], 9);
    for a in 0..260 {
        for b in a..260 {
            assert_eq!(
                i64::from(t[a][b]),
                pair_formula(a as i64, b as i64),
                "{{{a},{b}}}"
            );
        }
    }
    assert_eq!(table("pair", 60), pair_table_slow(60));
}

#[test]
fn checker_finds_matches_and_mismatches() {
    let rook: MoveSet = "left,down".parse().unwrap();
    let r = check(&rook, &"x ^ y".parse().unwrap(), 200).unwrap();
    assert_eq!((r.cells, r.mismatches, r.first_mismatch), (40_000, 0, None));
    let r = check(&rook, &"x + y".parse().unwrap(), 50).unwrap();
    assert_eq!(r.first_mismatch, Some((1, 1)));
    assert_eq!(
        r.mismatches as usize,
        (0..50 * 50).filter(|i| (i / 50) & (i % 50) != 0).count()
    );
    let step: MoveSet = "left,down,diag:1".parse().unwrap();
    let f: Expr = "(x+y)%3 + 3*((x/3)^(y/3))".parse().unwrap();
    assert_eq!(check(&step, &f, 200).unwrap().mismatches, 0);
    let pair = MoveSet::Pair;
    let even: Expr = "2*(y/2) + x/2".parse().unwrap();
    let r = check(&pair, &even, 40).unwrap();
    assert_eq!(r.cells, 40 * 41 / 2);
    assert!(r
        .listed
        .iter()
        .all(|&(x, y, _, _)| x % 2 == 1 || y % 2 == 1));
    let e = check(&rook, &"x / (y - 3)".parse().unwrap(), 10).unwrap_err();
    assert_eq!(
        e,
        QueensError::Eval {
            cell: (0, 3),
            error: EvalError::DivisionByZero
        }
    );
    assert!(check(&rook, &"x".parse().unwrap(), 5000).is_err());
}

#[test]
fn move_set_errors_name_the_token() {
    let err = |s: &str| s.parse::<MoveSet>().unwrap_err();
    assert_eq!(err("left,up"), MoveSetError::UnknownRay("up".into()));
    assert_eq!(err("left:0"), MoveSetError::BadBound("left:0".into()));
    assert_eq!(err("diag:x"), MoveSetError::BadBound("diag:x".into()));
    assert_eq!(err("left,left:2"), MoveSetError::Duplicate("left:2".into()));
    assert_eq!(err("pair,left"), MoveSetError::PairNotAlone("left".into()));
    assert_eq!(err(" , "), MoveSetError::Empty);
    assert!(err("up").to_string().contains("'up'"));
    let m: MoveSet = "down:1, diag , left:1".parse().unwrap();
    assert_eq!(m.to_string(), "left:1,down:1,diag");
}

#[test]
fn formula_errors() {
    assert!("x +".parse::<Expr>().is_err());
    assert!("foo(x)"
        .parse::<Expr>()
        .unwrap_err()
        .message
        .contains("foo"));
    assert!("(x".parse::<Expr>().is_err());
    assert!("x y".parse::<Expr>().is_err());
    assert!("99999999999999999999".parse::<Expr>().is_err());
    let big: Expr = "9223372036854775807 + x".parse().unwrap();
    assert_eq!(big.eval(1, 0), Err(EvalError::Overflow));
    let e: Expr = "min(x, y) - max(x, -y) * 2 ^ 1".parse().unwrap();
    assert_eq!(e.eval(3, 5), Ok((3 - 3 * 2) ^ 1));
    assert_eq!("-7 / 2".parse::<Expr>().unwrap().eval(0, 0), Ok(-4));
    assert_eq!("-7 % 2".parse::<Expr>().unwrap().eval(0, 0), Ok(1));
    assert!("((((((((((x))))))))))".parse::<Expr>().is_ok());
    assert!("(".repeat(2000).parse::<Expr>().is_err());
}

proptest! {
    #[test]
    fn floor_division_law(a in -1000i64..1000, b in -50i64..50) {
        prop_assume!(b != 0);
        let q = "x / y".parse::<Expr>().unwrap().eval(a, b).unwrap();
        let r = "x % y".parse::<Expr>().unwrap().eval(a, b).unwrap();
        prop_assert_eq!(b * q + r, a);
        prop_assert!(r == 0 || (r < 0) == (b < 0));
        prop_assert!(r.abs() < b.abs());
    }
}
