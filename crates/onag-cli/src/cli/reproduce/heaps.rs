//! The heap-game claims: the published nim sequences (OEIS), Flammenkamp's sparse heaps of
//! Grundy's game, and the published preperiods and periods of octal games, each proven again by
//! the periodicity theorem (Guy and Smith; *Winning Ways*, ch. 4) from a fresh period search.

use onag::heaps::{values_report, PeriodSearch, Ruleset, Status};

use super::*;

/// `(n, G(n))` pairs of a heap-game fixture (`crates/onag/tests/data/heaps/`, compiled in).
macro_rules! heaps_fixture {
    ($file:literal) => {
        oeis(include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../onag/tests/data/heaps/",
            $file
        )))
    };
}

fn ruleset(code: &str) -> anyhow::Result<Ruleset> {
    code.parse().map_err(|e| anyhow::anyhow!("{code}: {e}"))
}

/// The values of `code` against the published terms `(n, G(n))`.
fn sequence_claim(id: &'static str, code: &'static str, terms: Vec<(i64, i128)>) -> Claim {
    let last = terms.last().map_or(0, |t| t.0);
    claim(
        Family::Heaps,
        format!("{id}: the nim sequence of {code}, G(n) for n ≤ {last}"),
        "OEIS (crates/onag/tests/data/heaps/, each file naming its source)",
        format!("onag heaps values {code} --count {}", last + 1),
        move |stop| {
            let r = values_report(&ruleset(code)?, last as usize + 1, stop)?;
            let computed: Vec<(i64, i128)> = terms
                .iter()
                .map(|&(n, _)| (n, i128::from(r.values[n as usize])))
                .collect();
            Ok(same(terms_of(&terms), terms_of(&computed)))
        },
    )
}

fn terms_of(pairs: &[(i64, i128)]) -> String {
    terms(pairs)
}

/// A proven period: `code` has preperiod `pre` and period `per` (the search runs to `max_n`).
fn period_claim(
    code: &'static str,
    pre: usize,
    per: usize,
    max_n: usize,
    source: &'static str,
) -> Claim {
    claim(
        Family::Heaps,
        format!("{code}: preperiod {pre}, period {per}, proven"),
        source,
        format!("onag heaps period {code} --max {max_n}"),
        move |stop| {
            let mut search = PeriodSearch::new(&ruleset(code)?, max_n);
            search.run(usize::MAX, stop, &mut |_| {})?;
            let a = search.report().analysis;
            let computed = match (a.status, a.period()) {
                (Status::Periodic, Some((p, q))) => format!("preperiod {p}, period {q}"),
                _ => format!("{:?} up to {}", a.status, a.computed_to).to_lowercase(),
            };
            Ok(same(format!("preperiod {pre}, period {per}"), computed))
        },
    )
}

pub(super) fn claims(s: &Sizes) -> Vec<Claim> {
    let flammenkamp = heaps_fixture!("grundy_rare_flammenkamp.txt");
    let flammenkamp_last = flammenkamp.last().map_or(0, |t| t.0) as usize;
    let tczajka = "tczajka/octal-games, SolvedGames.md (prefix, period); Austin (1976), Kenyon \
                   (1967), Flammenkamp's octal-game tables";
    // Found by this project's census (results/heaps/census-3-1048576.json), for codes that
    // tczajka/octal-games lists among its unsolved games: the claim is the census's own.
    let census = "results/heaps/README.md (this project's census; listed unsolved by \
                  tczajka/octal-games, UnsolvedGames.md)";
    let mut claims = vec![
        sequence_claim(
            "A002186 (Kayles)",
            "0.77",
            heaps_fixture!("oeis_A002186.txt"),
        ),
        sequence_claim(
            "A002187 (Dawson's chess)",
            "0.137",
            heaps_fixture!("oeis_A002187.txt"),
        ),
        sequence_claim(
            "A002188 (Grundy's game)",
            "grundy",
            heaps_fixture!("oeis_A002188.txt"),
        ),
        sequence_claim("A125920", "0.176", heaps_fixture!("oeis_A125920.txt")),
        sequence_claim("A125944", "4.726", heaps_fixture!("oeis_A125944.txt")),
        claim(
            Family::Heaps,
            format!(
                "Grundy's game: the heaps n ≤ {flammenkamp_last} with sparse values (mask …11110) \
                 and their values"
            ),
            "Flammenkamp, Sprague-Grundy Values of Grundy's Game, table \"Known Sparse SGV\"",
            format!(
                "onag heaps values grundy --count {} --json",
                flammenkamp_last + 1
            ),
            move |stop| {
                let r = values_report(&ruleset("grundy")?, flammenkamp_last + 1, stop)?;
                // Sparse under Flammenkamp's mask: an even number of ones above the lowest bit.
                let computed: Vec<(i64, i128)> = (0..=flammenkamp_last)
                    .filter(|&n| (r.values[n] & !1).count_ones() % 2 == 0)
                    .map(|n| (n as i64, i128::from(r.values[n])))
                    .collect();
                let show = |v: &[(i64, i128)]| list(v.iter().map(|(n, g)| format!("{n}:{g}")));
                Ok(same(show(&flammenkamp), show(&computed)))
            },
        ),
        period_claim(
            "0.77",
            71,
            12,
            1 << 12,
            "Guy and Smith (1956); Winning Ways ch. 4 (Kayles); OEIS A002186",
        ),
        period_claim(
            "0.137",
            52,
            34,
            1 << 12,
            "Guy and Smith (1956); Winning Ways ch. 4 (Dawson's chess); OEIS A002187",
        ),
        period_claim(
            "0.176",
            24,
            8,
            1 << 12,
            "OEIS A125920 (last exception n = 23)",
        ),
        period_claim(
            "4.726",
            5,
            16,
            1 << 12,
            "OEIS A125944 (last exception n = 4)",
        ),
        period_claim("0.156", 3_479, 349, 1 << 16, tczajka),
        period_claim("0.356", 7_315, 142, 1 << 16, tczajka),
        period_claim("0.644", 3_256, 442, 1 << 16, tczajka),
        period_claim("0.165", 5_181, 1_550, 1 << 16, tczajka),
        period_claim("4.344", 998, 51, 1 << 16, census),
        period_claim("4.364", 11_687, 62, 1 << 16, census),
    ];
    let gp = "Gangolli and Plambeck, A note on periodicity in some octal games (1989); \
              tczajka/octal-games, SolvedGames.md";
    claims.extend([
        period_claim("0.16", 105_351, 149_459, 1 << 20, gp),
        period_claim("0.56", 326_640, 144, 1 << 20, gp),
        period_claim("0.127", 46_578, 4, 1 << 20, gp),
        period_claim("4.064", 94_272, 16_132, 1 << 20, census),
        period_claim("4.406", 294_097, 44, 1 << 20, census),
    ]);
    if !s.quick {
        claims.extend([
            period_claim("0.376", 2_268_248, 4, 1 << 23, gp),
            period_claim(
                "0.354",
                10_061_916,
                1_180,
                1 << 25,
                "Flammenkamp's octal-game tables (2002); tczajka/octal-games, SolvedGames.md",
            ),
        ]);
    }
    claims
}
