//! The column sweep and the period search: sweep vs definition table, OEIS periods and
//! preperiods, state equality, checkpoint/resume bit-identical.
mod common;

use onag::wythoff::grundy_table;
use onag::wythoff::periodicity::{search, PeriodConfig, PeriodSearch};
use onag::wythoff::sweep::Sweep;
use onag::StopFlag;

#[test]
fn sweep_equals_definition_table() {
    let (rows, cols) = (60, 700);
    let t = grundy_table(rows, cols).unwrap();
    let mut s = Sweep::new(rows - 1).unwrap();
    for y in 0..cols {
        let col = s.step().unwrap().to_vec();
        for (x, &v) in col.iter().enumerate() {
            assert_eq!(v, u64::from(t.get(x, y)), "({x},{y})");
        }
    }
}

#[test]
fn sweep_state_roundtrip_continues_identically() {
    let mut a = Sweep::new(30).unwrap();
    for _ in 0..500 {
        a.step().unwrap();
    }
    let mut b = Sweep::from_state(a.state()).unwrap();
    for _ in 0..500 {
        assert_eq!(a.step().unwrap().to_vec(), b.step().unwrap().to_vec());
    }
}

#[test]
fn periods_and_preperiods_match_oeis() {
    let cfg = PeriodConfig {
        top: 53,
        columns: 40_000,
        period_cap: 1536,
    };
    let rows = search(cfg, &StopFlag::new()).unwrap();
    let periods = common::oeis("A046875");
    assert_eq!(periods.len(), 54);
    for (n, p) in periods {
        let r = rows[n as usize];
        assert!(r.proven, "row {n} not proven: {r:?}");
        assert_eq!(r.period.map(i128::from), Some(p), "period of row {n}");
    }
    let pre = common::oeis("A046874");
    assert_eq!(pre.len(), 46);
    for (n, c) in pre {
        assert_eq!(
            rows[n as usize].preperiod.map(i128::from),
            Some(c),
            "preperiod of row {n}"
        );
    }
}

#[test]
fn periodic_row_state_equals_its_shift_and_not_a_wrong_one() {
    // Row 10: preperiod 224, period 24.
    let mut s = Sweep::new(10).unwrap();
    let mut states = Vec::new();
    for _ in 0..400 {
        states.push(s.state());
        s.step().unwrap();
    }
    // Past the preperiod (with the lower rows settled) the state repeats with period 24.
    assert_eq!(states[300].row_state(10), states[324].row_state(10));
    assert_eq!(states[300].row_state(10), states[348].row_state(10));
    assert_ne!(states[300].row_state(10), states[312].row_state(10));
    assert_ne!(states[300].row_state(10), states[323].row_state(10));
    assert_eq!(states[300].row_state(10).len(), 11);
}

#[test]
fn checkpoint_resume_is_bit_identical() {
    let cfg = PeriodConfig {
        top: 20,
        columns: 6000,
        period_cap: 384,
    };
    let mut whole = PeriodSearch::new(cfg).unwrap();
    whole
        .run(cfg.columns, &StopFlag::new(), &mut |_| {})
        .unwrap();

    // Interrupt by column limits at awkward places, then through the stop flag.
    let mut part = PeriodSearch::new(cfg).unwrap();
    for stop_at in [100, 1000, 1001, 2345] {
        part.run(stop_at, &StopFlag::new(), &mut |_| {}).unwrap();
        part = PeriodSearch::resume(part.checkpoint()).unwrap();
        assert_eq!(part.column(), stop_at);
    }
    let flag = StopFlag::new();
    let raiser = flag.clone();
    let r = part.run(cfg.columns, &flag, &mut |c| {
        if c >= 4096 {
            raiser.stop()
        }
    });
    assert!(r.is_err());
    let cp = part.checkpoint();
    assert!(cp.column < cfg.columns);
    let mut resumed = PeriodSearch::resume(cp).unwrap();
    resumed
        .run(cfg.columns, &StopFlag::new(), &mut |_| {})
        .unwrap();
    assert_eq!(resumed.results(), whole.results());
    assert_eq!(resumed.checkpoint(), whole.checkpoint());
    assert!(whole.results().iter().all(|r| r.proven));
}

#[test]
fn row_profiles_are_proven_up_to_row_64() {
    let pre = common::oeis("A046874");
    for x in [0usize, 10, 40, 45, 64] {
        let p = onag::wythoff::periodicity::row_profile(x, 300).unwrap();
        assert!(p.result.proven, "row {x}");
        if let Some(&(_, c)) = pre.get(x) {
            assert_eq!(p.result.preperiod.map(i128::from), Some(c));
        }
        let t = grundy_table(x + 1, 300).unwrap();
        for (y, &r) in p.residues.iter().enumerate() {
            assert_eq!(r, i64::from(t.get(x, y)) - y as i64);
        }
    }
    assert!(onag::wythoff::periodicity::row_profile(65, 10).is_err());
}

#[test]
fn two_thread_pipeline_is_identical_and_resumable() {
    let cfg = PeriodConfig {
        top: 70,
        columns: 40_000,
        period_cap: 3072,
    };
    let mut one = PeriodSearch::new(cfg).unwrap();
    one.run(cfg.columns, &StopFlag::new(), &mut |_| {}).unwrap();

    let mut two = PeriodSearch::new(cfg).unwrap();
    two.set_threads(2).unwrap();
    two.run(7_777, &StopFlag::new(), &mut |_| {}).unwrap();
    let flag = StopFlag::new();
    let raiser = flag.clone();
    let stopped = two.run(cfg.columns, &flag, &mut |c| {
        if c >= 20_000 {
            raiser.stop()
        }
    });
    assert!(stopped.is_err());
    assert!(two.column() < cfg.columns);
    let mut resumed = PeriodSearch::resume(two.checkpoint()).unwrap();
    resumed.set_threads(2).unwrap();
    resumed
        .run(cfg.columns, &StopFlag::new(), &mut |_| {})
        .unwrap();
    assert_eq!(resumed.results(), one.results());
    assert_eq!(resumed.checkpoint(), one.checkpoint());
    assert!(one.results()[..=50].iter().all(|r| r.proven));
}

/// Proven rows are frozen (copied from one period earlier instead of searched), their searched
/// states go stale, and the snapshots must still hold exact states: the checkpoint's base state
/// equals a plain sweep's state at that column, on one thread and on two rebalanced bands.
#[test]
fn frozen_rows_keep_exact_states_and_results() {
    let cfg = PeriodConfig {
        top: 70,
        columns: 40_000,
        period_cap: 3072,
    };
    let mut plain = Sweep::new(cfg.top).unwrap();
    let mut reference = None;
    for threads in [1, 2] {
        let mut s = PeriodSearch::new(cfg).unwrap();
        s.set_threads(threads).unwrap();
        let mut checked = 0;
        let mut p = Sweep::new(cfg.top).unwrap();
        while !s.is_done() {
            // In chunks, as the CLI runs it, so the two bands are rebalanced as rows freeze.
            s.run(s.column() + cfg.spacing(), &StopFlag::new(), &mut |_| {})
                .unwrap();
            let base = s.checkpoint().base;
            if base.column == 0 {
                continue;
            }
            while p.column() < base.column {
                p.step().unwrap();
            }
            assert_eq!(p.state(), base, "threads {threads}, column {}", base.column);
            checked += 1;
        }
        assert!(checked > 10, "{checked}");
        let results = s.results();
        assert!(results[..=50].iter().all(|r| r.proven));
        match &reference {
            None => reference = Some((results, s.checkpoint())),
            Some((r, c)) => {
                assert_eq!(&results, r);
                assert_eq!(&s.checkpoint(), c);
            }
        }
    }
    // The plain sweep agrees with the proven periodicity of every proven row.
    let (results, _) = reference.unwrap();
    let mut cols = Vec::new();
    while plain.column() < cfg.columns {
        cols.push(plain.step().unwrap().to_vec());
    }
    for r in results.iter().filter(|r| r.proven) {
        let (p, c) = (r.period.unwrap(), r.preperiod.unwrap());
        for y in c..cfg.columns - p {
            let (a, b) = (cols[y as usize][r.row], cols[(y + p) as usize][r.row]);
            assert_eq!(a + p, b, "row {} column {y}", r.row);
        }
    }
}

#[test]
fn corrupt_checkpoints_are_rejected() {
    let cfg = PeriodConfig {
        top: 10,
        columns: 2000,
        period_cap: 96,
    };
    let mut s = PeriodSearch::new(cfg).unwrap();
    s.run(1000, &StopFlag::new(), &mut |_| {}).unwrap();
    let good = s.checkpoint();
    let mut bad = good.clone();
    bad.last_mismatch[3] = Some(5);
    assert!(PeriodSearch::resume(bad).is_err());
    let mut bad = good.clone();
    bad.base.free.pop();
    assert!(PeriodSearch::resume(bad).is_err());
    let mut bad = good.clone();
    bad.config.period_cap = 100;
    assert!(PeriodSearch::resume(bad).is_err());
    let mut bad = good;
    bad.proof[0] = Some(990);
    assert!(PeriodSearch::resume(bad).is_err());
}
