//! Misère quotients against a peer: the order and P-portion size of Q_k at every heap k, as
//! Siegel's MisereSolver computes them (tests/data/misere_quotients_miseresolver.txt, written
//! by bench/miseresolver; a peer cross-check, not published figures).

use onag::heaps::quotient::{quotient, QuotientLimits};
use onag::heaps::Ruleset;
use onag::StopFlag;

struct Peer {
    ruleset: String,
    n: usize,
    order: usize,
    p_size: usize,
    /// (k, |Q_k|, |P|) at each k where either changed
    changes: Vec<(usize, usize, usize)>,
}

fn peers() -> Vec<Peer> {
    include_str!("data/misere_quotients_miseresolver.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            assert_eq!(f.len(), 6, "{l}");
            let changes = f[4]
                .split(' ')
                .map(|c| {
                    let (k, rest) = c.split_once(':').unwrap();
                    let (q, p) = rest.split_once('/').unwrap();
                    (k.parse().unwrap(), q.parse().unwrap(), p.parse().unwrap())
                })
                .collect();
            Peer {
                ruleset: f[0].to_string(),
                n: f[1].parse().unwrap(),
                order: f[2].parse().unwrap(),
                p_size: f[3].parse().unwrap(),
                changes,
            }
        })
        .collect()
}

fn check(heavy: bool) {
    let mut checked = 0;
    for peer in peers() {
        // the two long ones (Dawson's Kayles to 33, Dawson's Chess to 28) are the heavy test
        if matches!(peer.ruleset.as_str(), "0.07" | "0.137") != heavy {
            continue;
        }
        let r: Ruleset = peer.ruleset.parse().unwrap();
        let mut mine = Vec::new();
        let (mut last_q, mut last_p) = (0, usize::MAX);
        let q = quotient(
            &r,
            peer.n,
            QuotientLimits::default(),
            &StopFlag::new(),
            &mut |s| {
                if (s.order, s.p_size) != (last_q, last_p) {
                    mine.push((s.heap, s.order, s.p_size));
                    (last_q, last_p) = (s.order, s.p_size);
                }
            },
        )
        .unwrap();
        assert_eq!(
            (q.order(), q.p_portion().len()),
            (peer.order, peer.p_size),
            "{} Q_{}",
            peer.ruleset,
            peer.n
        );
        assert_eq!(
            mine, peer.changes,
            "{} Q_k for k ≤ {}",
            peer.ruleset, peer.n
        );
        checked += 1;
    }
    assert!(checked >= if heavy { 2 } else { 10 });
}

#[test]
fn quotients_agree_with_miseresolver() {
    check(false);
}

#[test]
#[ignore]
fn ci_quotients_agree_with_miseresolver_heavy() {
    check(true);
}
