//! Misère quotients of heap games: published quotients (tests/data/misere_quotients.txt),
//! the quotient map against misère outcomes by the definition, perfect play, and the
//! certificate checker rejecting corrupted certificates.

mod common;

use std::collections::BTreeSet;

use onag::heaps::quotient::brute::{positions, Outcomes};
use onag::heaps::quotient::{
    quotient, CertificateError, MisereQuotient, QuotientError, QuotientLimits,
};
use onag::heaps::Ruleset;
use onag::StopFlag;

fn q(code: &str, n: usize) -> MisereQuotient {
    common::quotient_of(code, n)
}

struct Published {
    ruleset: String,
    n: usize,
    order: usize,
    p_size: Option<usize>,
    relations: Option<BTreeSet<String>>,
    source: String,
}

fn published() -> Vec<Published> {
    let text = include_str!("data/misere_quotients.txt");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            assert_eq!(f.len(), 6, "{l}");
            Published {
                ruleset: f[0].to_string(),
                n: f[1].parse().unwrap(),
                order: f[2].parse().unwrap(),
                p_size: (f[3] != "-").then(|| f[3].parse().unwrap()),
                relations: (f[4] != "-")
                    .then(|| f[4].split(';').map(|r| r.trim().to_string()).collect()),
                source: f[5].to_string(),
            }
        })
        .collect()
}

fn check_published(heavy: bool) {
    for p in published() {
        if (p.n >= 25) != heavy {
            continue;
        }
        let got = q(&p.ruleset, p.n);
        assert_eq!(
            got.order(),
            p.order,
            "{} Q_{} ({})",
            p.ruleset,
            p.n,
            p.source
        );
        if let Some(size) = p.p_size {
            assert_eq!(
                got.p_portion().len(),
                size,
                "{} |P| ({})",
                p.ruleset,
                p.source
            );
        }
        if let Some(rels) = &p.relations {
            let mine: BTreeSet<String> = got.presentation().relations.into_iter().collect();
            assert_eq!(&mine, rels, "{} relations ({})", p.ruleset, p.source);
        }
    }
}

#[test]
fn published_quotients() {
    check_published(false);
}

#[test]
#[ignore]
fn ci_published_quotients_heavy() {
    // Q_30 of Dawson's Kayles: 360 elements (about a minute)
    check_published(true);
}

/// Φ(G) ∈ P exactly when G is a misère P-position by the definition, for every position up
/// to a total size, over several kinds of rulesets.
#[test]
fn outcomes_match_the_definition() {
    for (code, n, total) in [
        ("nim", 6, 14),
        ("0.07", 20, 22),
        ("0.77", 24, 22),
        ("0.137", 18, 20),
        ("0.6", 12, 16),
        ("4.07", 12, 16),
        ("S(1,3)", 16, 20),
        ("grundy", 12, 16),
        ("0.007", 18, 20),
    ] {
        let quo = q(code, n);
        let mut brute = Outcomes::new(&code.parse().unwrap());
        for pos in positions(n, total) {
            assert_eq!(
                quo.is_p_position(&pos).unwrap(),
                brute.is_p(&pos),
                "{code}: {pos:?}"
            );
        }
        let cert = quo.certificate();
        cert.verify(total.min(16), &StopFlag::new())
            .unwrap_or_else(|e| panic!("{code}: {e}"));
    }
}

/// The order only grows with n, and Q_n is the quotient of Q_{n+1}'s restriction: every Q_k
/// along the way checks as a certificate.
#[test]
fn each_step_is_a_quotient() {
    let mut last = 0;
    for n in 1..=26 {
        let quo = q("0.07", n);
        assert!(quo.order() >= last, "Q_{n} shrank");
        assert!(
            quo.order().is_multiple_of(2) || quo.order() == 1,
            "impartial quotients have even order"
        );
        last = quo.order();
        quo.certificate().verify(12, &StopFlag::new()).unwrap();
    }
}

#[test]
fn perfect_play_wins() {
    for (code, n) in [("0.77", 16), ("0.07", 18), ("0.137", 14)] {
        let quo = q(code, n);
        let r: Ruleset = code.parse().unwrap();
        let mut brute = Outcomes::new(&r);
        let moves = r.moves();
        for pos in positions(n, 18) {
            let wins = quo.winning_moves(&pos).unwrap();
            let mut has_move = false;
            for &h in &pos {
                moves.for_each_leave(h, |_| has_move = true);
            }
            if !has_move {
                // no move: the player to move has already won (an N-position with no move)
                assert!(wins.is_empty() && !brute.is_p(&pos));
                continue;
            }
            assert_eq!(wins.is_empty(), brute.is_p(&pos), "{code} {pos:?}");
            for m in wins {
                let mut next = pos.clone();
                next.remove(m.heap);
                next.extend_from_slice(m.leave.parts());
                assert!(brute.is_p(&next), "{code}: {pos:?} → {next:?} does not win");
            }
        }
    }
}

#[test]
fn heaps_above_n_are_refused() {
    let quo = q("0.77", 10);
    assert_eq!(
        quo.image(&[3, 11]),
        Err(QuotientError::HeapTooLarge {
            heap: 11,
            max_heap: 10
        })
    );
}

#[test]
fn limits_and_stop() {
    let r: Ruleset = "0.07".parse().unwrap();
    let small = QuotientLimits {
        max_order: 20,
        max_candidate: 1 << 20,
    };
    assert!(matches!(
        quotient(&r, 20, small, &StopFlag::new(), &mut |_| {}),
        Err(QuotientError::TooLarge { .. })
    ));
    let stop = StopFlag::new();
    stop.stop();
    assert_eq!(
        quotient(&r, 20, QuotientLimits::default(), &stop, &mut |_| {}).unwrap_err(),
        QuotientError::Stopped
    );
}

#[test]
fn corrupted_certificates_are_rejected() {
    let quo = q("0.07", 24);
    let good = quo.certificate();
    let stop = StopFlag::new();
    assert!(good.verify(14, &stop).is_ok());
    let order = good.order as u32;
    let mut rejected = 0;
    // every change of one table entry in the first rows (kept symmetric)
    for x in 0..6u32 {
        for y in x..order {
            let mut c = good.clone();
            let old = c.table[x as usize][y as usize];
            let new = (old + 1 + (x * 7 + y) % (order - 1)) % order;
            assert_ne!(new, old);
            c.table[x as usize][y as usize] = new;
            c.table[y as usize][x as usize] = new;
            assert!(
                c.verify(14, &stop).is_err(),
                "table ({x},{y}) {old}→{new} accepted"
            );
            rejected += 1;
        }
    }
    // an element taken out of, or put into, the P-portion
    for x in 0..order {
        let mut c = good.clone();
        match c.p_portion.iter().position(|&p| p == x) {
            Some(i) => {
                c.p_portion.remove(i);
            }
            None => c.p_portion.push(x),
        }
        assert!(
            c.verify(14, &stop).is_err(),
            "P-portion with {x} flipped accepted"
        );
        rejected += 1;
    }
    // a heap image changed
    for h in 1..good.heap_images.len() {
        let mut c = good.clone();
        c.heap_images[h] = (c.heap_images[h] + 1) % order;
        assert!(
            c.verify(14, &stop).is_err(),
            "heap {h}'s image changed accepted"
        );
        rejected += 1;
    }
    assert!(rejected > 100);
    // malformed
    let mut c = good.clone();
    c.table.pop();
    assert!(matches!(
        c.verify(10, &stop),
        Err(CertificateError::Malformed(_))
    ));
    let mut c = good.clone();
    c.format = "something else".into();
    assert!(matches!(
        c.verify(10, &stop),
        Err(CertificateError::Malformed(_))
    ));
    let mut c = good.clone();
    c.heap_images[3] = order + 5;
    assert!(matches!(
        c.verify(10, &stop),
        Err(CertificateError::Malformed(_))
    ));
}

#[test]
fn a_non_reduced_monoid_is_named() {
    // Q × {1, e} (e² = e) with heap 6 mapped to (φ(6), e): outcomes are still right (P
    // ignores e) but (φ(6), 1) and (φ(6), e) cannot be told apart. Keep the submonoid the
    // heap images generate, the identity first.
    let good = q("0.75", 8).certificate();
    let n = good.order;
    let mul = |a: usize, b: usize| good.table[a % n][b % n] as usize + n * ((a / n) | (b / n));
    let mut images: Vec<usize> = good.heap_images.iter().map(|&x| x as usize).collect();
    images[6] += n;
    let mut elems = vec![0usize];
    let mut i = 0;
    while i < elems.len() {
        for &g in &images {
            let y = mul(elems[i], g);
            if !elems.contains(&y) {
                elems.push(y);
            }
        }
        i += 1;
    }
    let id = |x: usize| elems.iter().position(|&e| e == x).unwrap() as u32;
    let mut big = good.clone();
    big.order = elems.len();
    big.table = elems
        .iter()
        .map(|&x| elems.iter().map(|&y| id(mul(x, y))).collect())
        .collect();
    big.p_portion = elems
        .iter()
        .enumerate()
        .filter(|(_, &x)| good.p_portion.contains(&((x % n) as u32)))
        .map(|(i, _)| i as u32)
        .collect();
    big.heap_images = images.iter().map(|&x| id(x)).collect();
    assert!(big.order > n);
    let err = big.verify(10, &StopFlag::new()).unwrap_err();
    assert!(matches!(err, CertificateError::NotReduced { .. }), "{err}");
}
