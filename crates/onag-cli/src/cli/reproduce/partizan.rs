//! The partizan claims: canonical forms, means and temperatures of values from the literature.

use super::*;
use onag::games::domineering_census::census;

fn value_claim(text: &'static str, expect: [&'static str; 4]) -> Claim {
    claim(
        Family::Partizan,
        format!(
            "{text}: canonical {}, mean {}, temperature {}, outcome {}",
            expect[0], expect[1], expect[2], expect[3]
        ),
        "Siegel, Combinatorial Game Theory, ch. II; Winning Ways ch. \
        6",
        format!("onag value '{text}' --json"),
        move |_| {
            let mut arena = Arena::new();
            let g = parse(&mut arena, text).map_err(|e| anyhow::anyhow!("{e}"))?;
            let th = thermograph(&mut arena, g)?;
            let got = format!(
                "{}, {}, {}, {}",
                name(&arena, g, NameStyle::Ascii),
                th.mean(),
                th.temperature(),
                arena.outcome(g)
            );
            Ok(same(expect.join(", "), got))
        },
    )
}

/// Uiterwijk and Barton's database of single-region Domineering positions: among every region
/// of at most `n` squares (the published database is 15; the temperature-2 region has 14),
/// exactly one class of temperature 2 and none hotter, nimbers to *3, pure multiples of up to
/// ⇑, and 11 tinies (each with its miny: "11 different tinies and minies").
fn regions_claim(n: usize) -> Claim {
    claim(
        Family::Partizan,
        format!(
            "Domineering, every single region of at most {n} squares: the hottest is one class \
             of temperature 2; nimbers reach *3, multiples of up ⇑ (no 3·↑){}",
            if n >= 15 { ", tinies 11" } else { "" }
        ),
        "Uiterwijk and Barton, New results for Domineering from combinatorial game theory \
         endgame databases, TCS 592 (2015): its database of every region to 15 squares",
        format!("onag solve domineering --regions {n}"),
        move |stop| {
            let c = census(n, stop, |_| {})?;
            let hottest = c
                .sizes
                .iter()
                .map(|r| r.max_temperature)
                .max()
                .unwrap_or_default();
            let classes: u64 = c
                .sizes
                .iter()
                .filter(|r| r.max_temperature == hottest)
                .map(|r| r.hottest_count)
                .sum();
            let nimber = c.sizes.iter().map(|r| r.largest_nimber).max().unwrap_or(0);
            let ups = c
                .sizes
                .iter()
                .map(|r| r.largest_up_multiple)
                .max()
                .unwrap_or(0);
            let tinies = c.tiny_names.len() / 2;
            let got = |t: &dyn Display, k: u64, nim: u32, up: u64, tiny: usize| {
                format!(
                    "temperature {t} in {k} class{}, *{nim}, {up}·↑{}",
                    if k == 1 { "" } else { "es" },
                    if n >= 15 {
                        format!(", {tiny} tinies")
                    } else {
                        String::new()
                    }
                )
            };
            Ok(same(
                got(&2, 1, 3, 2, 11),
                got(&hottest, classes, nimber, ups, tinies),
            ))
        },
    )
}

pub(super) fn claims(sizes: &Sizes) -> Vec<Claim> {
    vec![
        value_claim("{1 | {1/2 | 0}}", ["{1|{1/2|0}}", "5/8", "3/8", "L"]),
        value_claim("{5 | {3 | -3}, 1*}", ["{5|+-3,1*}", "3", "2", "L"]),
        value_claim("{3||2|1}", ["{3|{2|1}}", "9/4", "3/4", "L"]),
        regions_claim(sizes.pick(14, 15)),
    ]
}
