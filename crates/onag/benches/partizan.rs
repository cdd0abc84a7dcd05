//! Canonical-form engine benchmarks; each asserts the answer it times.

use criterion::{criterion_group, criterion_main, Criterion};
use onag::partizan::dyadic::Dyadic;
use onag::partizan::game::Arena;
use onag::partizan::Outcome;

/// Σ_{k=1..8} ±(k/8) + ↑ + *: a hot sum whose canonical form needs many simplifications.
fn switch_sum(c: &mut Criterion) {
    c.bench_function("partizan sum of 8 switches + ^*", |b| {
        b.iter(|| {
            let mut a = Arena::new();
            let mut total = a.nus(Dyadic::ZERO, 1, 1).unwrap();
            for k in 1..=8 {
                let x = a.number(Dyadic::new(k, 3).unwrap()).unwrap();
                let nx = a.neg(x);
                let s = a.from_options(&[x], &[nx]).unwrap();
                total = a.add(total, s).unwrap();
            }
            assert_eq!(a.outcome(total), Outcome::N);
            // the switches cancel in pairs: adding the sum to itself leaves ⇑ (↑* + ↑* = ⇑)
            let twice = a.add(total, total).unwrap();
            assert_eq!(a.as_nus(twice), Some((Dyadic::ZERO, 2, 0)));
        })
    });
}

/// Games born by day 3 built from their options, compared pairwise by ≤.
fn day3_order(c: &mut Criterion) {
    c.bench_function("partizan <= on 300 day-3 games", |b| {
        b.iter(|| {
            let mut a = Arena::new();
            let z = a.zero();
            let day1 = [
                z,
                a.integer(1).unwrap(),
                a.integer(-1).unwrap(),
                a.nimber(1).unwrap(),
            ];
            let mut day2 = Vec::new();
            for mask_l in 0..16u32 {
                for mask_r in 0..16u32 {
                    let l: Vec<_> = (0..4)
                        .filter(|i| mask_l >> i & 1 == 1)
                        .map(|i| day1[i])
                        .collect();
                    let r: Vec<_> = (0..4)
                        .filter(|i| mask_r >> i & 1 == 1)
                        .map(|i| day1[i])
                        .collect();
                    day2.push(a.from_options(&l, &r).unwrap());
                }
            }
            day2.sort();
            day2.dedup();
            assert_eq!(day2.len(), 22); // the 22 games born by day 2
            let mut day3 = Vec::new();
            for (i, &x) in day2.iter().enumerate() {
                for &y in &day2[i..] {
                    day3.push(a.from_options(&[x], &[y]).unwrap());
                    day3.push(a.from_options(&[x, y], &[z]).unwrap());
                }
            }
            let mut comparable = 0u32;
            for &x in day3.iter().take(300) {
                for &y in day3.iter().take(300) {
                    if a.le(x, y) || a.le(y, x) {
                        comparable += 1;
                    }
                }
            }
            assert!(comparable > 300);
        })
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = switch_sum, day3_order
}
criterion_main!(benches);
