//! Coin-turning rulesets: single-coin values against OEIS (with the documented indexing),
//! values by move enumeration against the fast value paths, and the Tartan theorem.

mod common;

use onag::impartial::coins::{Rule, MOCK_TURTLES, MOEBIUS, MOGUL};
use onag::impartial::mex::mex;
use onag::impartial::product::Product;

/// Values by the general definition: mex over `Rule::moves` masks.
fn values_by_moves(rule: Rule, count: usize) -> Vec<u64> {
    let mut v = Vec::new();
    for x in 0..count {
        if x < rule.first_coin() {
            v.push(0);
            continue;
        }
        let options = rule.moves(x).into_iter().map(|m| {
            (0..x)
                .filter(|&i| m >> i & 1 == 1)
                .fold(0, |acc, i| acc ^ v[i])
        });
        v.push(mex(options));
    }
    v
}

#[test]
fn twins_is_nim() {
    let v = Rule::Twins.values(200);
    assert!(v.iter().enumerate().all(|(x, &val)| val == x as u64));
}

#[test]
fn ruler_matches_a006519_from_coin_1() {
    let terms = common::oeis("A006519");
    let v = Rule::Ruler.values(terms.len() + 1);
    assert_eq!(v[0], 0, "position 0 is the border");
    for (n, a) in terms {
        assert_eq!(i128::from(v[n as usize]), a, "ruler coin {n}");
    }
}

/// "Turn at most k" numbers coins from 0 and the OEIS sequences have offset 1: v(x) = a(x+1).
fn check_at_most(k: u32, id: &str) {
    let terms = common::oeis(id);
    assert_eq!(terms[0].0, 1, "{id} has offset 1");
    let v = Rule::AtMost(k).values(terms.len());
    for (n, a) in terms {
        assert_eq!(
            i128::from(v[n as usize - 1]),
            a,
            "at-most-{k} coin {} ({id})",
            n - 1
        );
    }
}

#[test]
fn mock_turtles_values_are_the_odious_numbers_a000069() {
    assert_eq!(MOCK_TURTLES, Rule::AtMost(3));
    check_at_most(3, "A000069");
}

#[test]
fn turn_at_most_4_to_8_match_oeis() {
    check_at_most(4, "A033623");
    check_at_most(5, "A054016");
    check_at_most(6, "A054043");
    check_at_most(7, "A054044");
    check_at_most(8, "A054045");
}

#[test]
fn mogul_values_from_the_spec() {
    assert_eq!(
        MOGUL.values(12),
        vec![1, 2, 4, 8, 16, 32, 64, 127, 128, 256, 512, 911]
    );
}

#[test]
fn values_by_move_sets_agree_with_fast_values() {
    for rule in [
        Rule::Twins,
        Rule::Ruler,
        MOCK_TURTLES,
        Rule::AtMost(4),
        MOEBIUS,
        MOGUL,
    ] {
        assert_eq!(values_by_moves(rule, 20), rule.values(20), "{rule}");
    }
}

#[test]
fn move_counts_match_the_move_lists() {
    for rule in [
        Rule::Twins,
        Rule::Ruler,
        MOCK_TURTLES,
        MOEBIUS,
        MOGUL,
        Rule::AtMost(1),
    ] {
        for x in 0..20 {
            assert_eq!(
                rule.move_count(x),
                rule.moves(x).len() as u128,
                "{rule} coin {x}"
            );
        }
    }
    assert_eq!(Rule::AtMost(64).move_count(63), 1 << 63);
}

#[test]
fn rule_names_round_trip() {
    for name in [
        "twins",
        "ruler",
        "mock-turtles",
        "moebius",
        "mogul",
        "at-most:4",
    ] {
        let rule: Rule = name.parse().unwrap();
        assert_eq!(rule.to_string(), name);
    }
    assert_eq!("at-most:3".parse::<Rule>().unwrap(), MOCK_TURTLES);
    for bad in ["", "twin", "at-most:0", "at-most:65", "at-most:x"] {
        assert!(bad.parse::<Rule>().is_err(), "{bad}");
    }
}

#[test]
fn tartan_theorem_for_six_products_up_to_32x32() {
    let rules = [Rule::Twins, Rule::Ruler, MOCK_TURTLES];
    for (i, &g) in rules.iter().enumerate() {
        for &h in &rules[i..] {
            let report = Product { g, h }.tartan_check(32, 32);
            assert_eq!(report.cells, 1024);
            assert_eq!(report.mismatches, 0, "{g} × {h}");
        }
    }
}

#[test]
fn turning_corners_by_mex_is_the_nim_product() {
    let v = Product::CORNERS.values_by_mex(16, 16);
    for a in 1..=16u64 {
        for b in 1..=16u64 {
            let p = onag::nimber::Nimber(a) * onag::nimber::Nimber(b);
            assert_eq!(v[a as usize - 1][b as usize - 1], p.0);
        }
    }
}
