//! Every single-region Domineering position up to N squares in canonical form: the census's
//! rows as they finish (seconds, classes, the largest temperature and its regions).
//! `cargo run --release -p onag --example domineering_census -- 12`
use std::time::Instant;

fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(10);
    let start = Instant::now();
    let c = onag::games::domineering_census::census(n, &onag::StopFlag::new(), |row| {
        println!(
            "{:>2} cells: {:>10} fixed {:>9} classes {:>8} values {:>7} numbers {:>6} infinitesimal ({} nimbers ≤ *{}, {} ups ≤ {}↑, {} tiny values) {:>8} hot; max temperature {} ({}): {:?}  [{:.1} s]",
            row.cells, row.fixed, row.classes, row.distinct_values, row.numbers, row.infinitesimals,
            row.nimbers, row.largest_nimber, row.ups, row.largest_up_multiple, row.tiny_values, row.hot,
            row.max_temperature, row.hottest_count, row.hottest.iter().take(3).collect::<Vec<_>>(),
            start.elapsed().as_secs_f64()
        );
    })
    .unwrap();
    println!(
        "{} distinct values; tinies and minies: {:?}",
        c.distinct_values, c.tiny_names
    );
}
