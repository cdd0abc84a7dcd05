//! The partizan claims: canonical forms, means and temperatures of values from the literature.

use super::*;

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

pub(super) fn claims() -> Vec<Claim> {
    vec![
        value_claim("{1 | {1/2 | 0}}", ["{1|{1/2|0}}", "5/8", "3/8", "L"]),
        value_claim("{5 | {3 | -3}, 1*}", ["{5|+-3,1*}", "3", "2", "L"]),
        value_claim("{3||2|1}", ["{3|{2|1}}", "9/4", "3/4", "L"]),
    ]
}
