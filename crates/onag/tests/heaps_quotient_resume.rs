//! A quotient computation resumed from a certificate of Q_k (read back and checked) reaches the
//! same Q_n, element for element, as the run from heap 1; and the misère outcomes of the
//! resumed quotient agree with the definition, by brute force.

mod common;

use onag::heaps::quotient::brute::{positions, Outcomes};
use onag::heaps::quotient::{quotient_resumed, MisereQuotient, QuotientError, QuotientLimits};
use onag::heaps::Ruleset;
use onag::StopFlag;

fn direct(code: &str, n: usize) -> MisereQuotient {
    common::quotient_of(code, n)
}

#[test]
fn resumed_quotients_equal_the_direct_ones() {
    // (code, k, n): k is a heap before the quotient changes (0.07 grows at 25 and 27; 0.54
    // and 4.7 often), so the resumed run must build new candidates, not only extend
    for (code, k, n) in [
        ("0.07", 14, 27),
        ("0.07", 24, 27),
        ("0.54", 10, 26),
        ("4.7", 8, 14),
        ("kayles", 5, 30),
    ] {
        let stop = StopFlag::new();
        let from = direct(code, k).certificate();
        let from = MisereQuotient::from_certificate(&from, 8, &stop).unwrap();
        assert!(from.steps().is_empty());
        let mut heard = Vec::new();
        let mut trials = Vec::new();
        let (q, why) = quotient_resumed(
            from,
            n,
            QuotientLimits::default(),
            &stop,
            &mut |s| heard.push(s.heap),
            &mut |t| trials.push(t.clone()),
        );
        assert!(why.is_none(), "{code} from {k} to {n}: {why:?}");
        assert_eq!(heard, ((k + 1)..=n).collect::<Vec<_>>(), "{code}");
        let d = direct(code, n);
        assert_eq!(q.max_heap(), n);
        assert_eq!(q.certificate(), d.certificate(), "{code} from {k} to {n}");
        assert_eq!(q.steps(), &d.steps()[k..], "{code}");
        // each heap whose quotient changed heard its trials, the last one without a failure
        for s in q.steps().iter().filter(|s| !s.conservative) {
            let mine: Vec<_> = trials.iter().filter(|t| t.heap == s.heap).collect();
            assert!(!mine.is_empty(), "{code} heap {}", s.heap);
            let last = mine.last().unwrap();
            assert_eq!((last.order, last.failure.as_deref()), (s.order, None));
            assert!(mine[..mine.len() - 1].iter().all(|t| t.failure.is_some()));
        }
    }
}

#[test]
fn from_the_trivial_quotient_is_the_direct_run() {
    for code in ["0.07", "0.54", "0.137"] {
        let r: Ruleset = code.parse().unwrap();
        let stop = StopFlag::new();
        let t = MisereQuotient::trivial(&r);
        assert_eq!((t.max_heap(), t.order()), (0, 1));
        let (q, why) = quotient_resumed(
            t,
            22,
            QuotientLimits::default(),
            &stop,
            &mut |_| {},
            &mut |_| {},
        );
        assert!(why.is_none());
        let d = direct(code, 22);
        assert_eq!(q.certificate(), d.certificate(), "{code}");
        assert_eq!(q.steps(), d.steps(), "{code}");
    }
}

#[test]
fn resumed_outcomes_match_the_definition() {
    let code = "0.54";
    let r: Ruleset = code.parse().unwrap();
    let stop = StopFlag::new();
    let from = MisereQuotient::from_certificate(&direct(code, 9).certificate(), 8, &stop).unwrap();
    let (q, why) = quotient_resumed(
        from,
        16,
        QuotientLimits::default(),
        &stop,
        &mut |_| {},
        &mut |_| {},
    );
    assert!(why.is_none());
    let mut brute = Outcomes::new(&r);
    let mut seen = 0;
    for pos in positions(16, 18) {
        assert_eq!(
            q.is_p_position(&pos).unwrap(),
            brute.is_p(&pos),
            "{code}: {pos:?}"
        );
        seen += 1;
    }
    assert!(seen > 1000);
}

#[test]
fn a_resumed_run_keeps_what_it_proved_when_stopped() {
    let stop = StopFlag::new();
    let from = direct("0.07", 20);
    let limits = QuotientLimits {
        max_order: 30,
        ..QuotientLimits::default()
    };
    let (q, why) = quotient_resumed(from, 30, limits, &stop, &mut |_| {}, &mut |_| {});
    // Q_24 has order 24; heap 25 makes it 144, above the limit
    assert_eq!((q.max_heap(), q.order()), (24, 24));
    assert!(matches!(
        why,
        Some(QuotientError::TooLarge { heap: 25, .. })
    ));
}
