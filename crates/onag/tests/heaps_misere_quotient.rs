//! Misère play of heap positions answered by misère quotients (`misere_position_with`),
//! checked against a brute-force misère search of the positions that knows nothing of
//! quotients or canonical forms (`onag::misere::misere_outcome` over the game graph).

use onag::games::ImpartialGame;
use onag::heaps::misere::{misere_position_with, MisereMethod, MiserePlay, MiserePlayError};
#[cfg(feature = "serde")]
use onag::heaps::quotient::Certificate;
use onag::heaps::quotient::{MisereQuotient, QuotientLimits};
use onag::heaps::Ruleset;
use onag::misere::misere_outcome;
use onag::partizan::Outcome;
use onag::StopFlag;

/// A sum of heaps of one ruleset, as a game: a move is a move in one heap.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Pos {
    rules: &'static str,
    heaps: Vec<u64>,
}

impl std::fmt::Display for Pos {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:?}", self.heaps)
    }
}

impl ImpartialGame for Pos {
    fn options(&self) -> Vec<Pos> {
        let moves = self.rules.parse::<Ruleset>().unwrap().moves();
        let mut out = Vec::new();
        for i in 0..self.heaps.len() {
            moves.for_each_leave(self.heaps[i], |l| {
                let mut h = self.heaps.clone();
                h.remove(i);
                h.extend_from_slice(l.parts());
                h.sort_unstable();
                out.push(Pos {
                    rules: self.rules,
                    heaps: h,
                });
            });
        }
        out
    }
}

fn brute(rules: &'static str, heaps: &[u64]) -> Outcome {
    let mut heaps = heaps.to_vec();
    heaps.sort_unstable();
    misere_outcome(&Pos { rules, heaps }, &StopFlag::new()).unwrap()
}

/// Quotients only: no canonical form may be created, so the genus never answers.
fn quotient_only() -> MiserePlay<'static> {
    MiserePlay {
        form_limit: 0,
        quick_forms: 0,
        quotient_limits: QuotientLimits::default(),
        quotient: None,
    }
}

struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
}

/// On random multi-heap positions of wild codes (Kayles, Dawson's Kayles, Grundy's game,
/// Dawson's chess 0.137, 0.6, 0.75): the quotient's outcome and the ✓ of every move agree
/// with the brute-force search.
#[test]
fn quotient_outcomes_and_moves_match_brute_force() {
    let mut rng = Lcg(2024);
    let mut checked = 0;
    let mut by_quotient = 0;
    for rules in ["kayles", "0.07", "grundy", "0.137", "0.6", "0.75"] {
        let ruleset: Ruleset = rules.parse().unwrap();
        for _ in 0..30 {
            let k = 1 + rng.below(4) as usize;
            let heaps: Vec<u64> = (0..k).map(|_| 1 + rng.below(11)).collect();
            let r =
                misere_position_with(&ruleset, &heaps, &quotient_only(), &StopFlag::new()).unwrap();
            // the genus answers only positions that need no form but 0 (Dawson's Kayles'
            // heap of 1, which has no move)
            match r.method {
                MisereMethod::Quotient {
                    certificate: false, ..
                } => {
                    assert!(r.genus.is_none() && r.image.is_some());
                    by_quotient += 1;
                }
                MisereMethod::Genus { forms: 1 } => {}
                ref m => panic!("{rules} {heaps:?}: {m}"),
            }
            let o = brute(rules, &heaps);
            assert_eq!(r.outcome, o, "{rules} {heaps:?}");
            assert_eq!(
                r.winning_move.is_some(),
                o == Outcome::N && !r.moves.is_empty(),
                "{rules} {heaps:?}"
            );
            for m in &r.moves {
                let after = brute(rules, &m.heaps_after);
                assert_eq!(
                    m.winning,
                    after == Outcome::P,
                    "{rules} {heaps:?}: {}",
                    m.text
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 1000, "{checked} moves checked");
    assert!(
        by_quotient > 150,
        "{by_quotient} positions answered by a quotient"
    );
}

/// A quotient read back from its certificate answers as the computed one, and says so.
#[test]
fn a_certificate_answers_as_the_computed_quotient() {
    let ruleset: Ruleset = "0.07".parse().unwrap();
    let q = onag::heaps::quotient::quotient(
        &ruleset,
        14,
        QuotientLimits::default(),
        &StopFlag::new(),
        &mut |_| {},
    )
    .unwrap();
    let back = MisereQuotient::from_certificate(&q.certificate(), 12, &StopFlag::new()).unwrap();
    let play = MiserePlay {
        quotient: Some(&back),
        ..quotient_only()
    };
    for heaps in [vec![14, 9, 3], vec![5, 5], vec![2, 7, 11, 13]] {
        let r = misere_position_with(&ruleset, &heaps, &play, &StopFlag::new()).unwrap();
        assert!(matches!(
            r.method,
            MisereMethod::Quotient {
                max_heap: 14,
                certificate: true,
                ..
            }
        ));
        assert_eq!(r.outcome, brute("0.07", &heaps), "{heaps:?}");
    }
    // a heap above the certificate's n: computed instead
    let r = misere_position_with(&ruleset, &[15, 2], &play, &StopFlag::new()).unwrap();
    assert!(matches!(
        r.method,
        MisereMethod::Quotient {
            max_heap: 15,
            certificate: false,
            ..
        }
    ));
    // a broken certificate is refused
    let mut bad = q.certificate();
    bad.p_portion.pop();
    assert!(MisereQuotient::from_certificate(&bad, 12, &StopFlag::new()).is_err());
}

/// The committed certificate of Kayles's Q_120 (results/quotients) is checked and answers
/// positions the brute force cannot reach; its winning moves lead to positions the same
/// quotient, computed afresh, calls P. (Reading the certificate needs the `serde` feature.)
#[cfg(feature = "serde")]
#[test]
fn committed_kayles_certificate_answers_large_positions() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../results/quotients/0.77-q120.json"
    );
    let text = std::fs::read_to_string(path).unwrap();
    let cert: Certificate = serde_json::from_str(&text).unwrap();
    let q = MisereQuotient::from_certificate(&cert, 14, &StopFlag::new()).unwrap();
    let kayles: Ruleset = "kayles".parse().unwrap();
    let play = MiserePlay {
        quotient: Some(&q),
        ..MiserePlay::new(1 << 18)
    };
    let heaps = [40, 37, 29, 64, 101, 120];
    let from_cert = misere_position_with(&kayles, &heaps, &play, &StopFlag::new()).unwrap();
    let computed =
        misere_position_with(&kayles, &heaps, &MiserePlay::new(1 << 18), &StopFlag::new()).unwrap();
    assert!(matches!(
        computed.method,
        MisereMethod::Quotient {
            order: 40,
            max_heap: 120,
            certificate: false,
            ..
        }
    ));
    assert_eq!(from_cert.outcome, computed.outcome);
    let marks = |r: &onag::heaps::misere::MiserePositionReport| -> Vec<bool> {
        r.moves.iter().map(|m| m.winning).collect()
    };
    assert_eq!(marks(&from_cert), marks(&computed));
    assert_eq!(
        from_cert.outcome == Outcome::N,
        from_cert.winning_move.is_some()
    );
}

/// Kayles 40 + 37 + 29: the genus does not finish within a bound that the quotient
/// (Q_40, order 40) makes irrelevant; the answer is immediate.
#[test]
fn large_wild_positions_answer_at_once() {
    let kayles: Ruleset = "kayles".parse().unwrap();
    let t = std::time::Instant::now();
    let r = misere_position_with(
        &kayles,
        &[40, 37, 29, 23, 17],
        &MiserePlay::new(1 << 18),
        &StopFlag::new(),
    )
    .unwrap();
    assert!(t.elapsed().as_secs_f64() < 10.0, "{:?}", t.elapsed());
    assert!(matches!(r.method, MisereMethod::Quotient { order: 40, .. }));
    // each winning move's position is P in the quotient and has no winning move of its own
    let wins: Vec<_> = r.moves.iter().filter(|m| m.winning).collect();
    assert_eq!(r.outcome == Outcome::N, !wins.is_empty());
    for m in wins.iter().take(3) {
        let after = misere_position_with(
            &kayles,
            &m.heaps_after,
            &MiserePlay::new(0),
            &StopFlag::new(),
        )
        .unwrap();
        assert_eq!(after.outcome, Outcome::P, "{}", m.text);
        assert!(after.moves.iter().all(|x| !x.winning));
    }
}

/// Past both bounds: one clear error naming both.
#[test]
fn past_every_bound_is_a_clear_error() {
    let dawson: Ruleset = "0.07".parse().unwrap();
    let play = MiserePlay {
        form_limit: 50,
        quick_forms: 50,
        quotient_limits: QuotientLimits {
            max_order: 20,
            max_candidate: 10_000,
        },
        quotient: None,
    };
    let e = misere_position_with(&dawson, &[30, 29], &play, &StopFlag::new()).unwrap_err();
    assert!(
        matches!(
            e,
            MiserePlayError::TooLarge {
                form_limit: 50,
                max_heap: 30,
                ..
            }
        ),
        "{e}"
    );
    let stop = StopFlag::new();
    stop.stop();
    let e = misere_position_with(&dawson, &[30, 29], &MiserePlay::new(1 << 18), &stop);
    assert_eq!(e.unwrap_err(), MiserePlayError::Stopped);
}
