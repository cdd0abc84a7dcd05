//! The coin-turning claims: single-coin values (OEIS), the Tartan theorem, the full-position
//! solver against the XOR of single-coin values, lexicodes.

use super::*;

pub(super) fn claims(s: &Sizes) -> Vec<Claim> {
    let src = "Winning Ways ch. 14; Lenstra, Nim multiplication (1978)";
    let mut out = vec![claim(
        Family::Coins,
        "Ruler coin values = OEIS A006519 (from coin 1)",
        "OEIS A006519",
        "onag coins values ruler --count 64",
        |_| {
            let t = fixture!("A006519");
            let v = Rule::Ruler.values(t.len() + 1);
            Ok(same(terms(&t), list(t.iter().map(|&(n, _)| v[n as usize]))))
        },
    )];
    for (k, id, text) in [
        (3u32, "A000069", fixture!("A000069")),
        (4, "A033623", fixture!("A033623")),
        (5, "A054016", fixture!("A054016")),
        (6, "A054043", fixture!("A054043")),
        (7, "A054044", fixture!("A054044")),
        (8, "A054045", fixture!("A054045")),
    ] {
        out.push(claim(
            Family::Coins,
            format!("turn at most {k} coins: values = OEIS {id} (v(x) = a(x+1))"),
            "OEIS",
            format!("onag coins values at-most:{k} --count 64"),
            move |_| {
                let v = Rule::AtMost(k).values(text.len());
                Ok(same(
                    terms(&text),
                    list(text.iter().map(|&(n, _)| v[n as usize - 1])),
                ))
            },
        ));
    }
    out.push(claim(
        Family::Coins,
        "Mogul values 1, 2, 4, 8, 16, 32, 64, 127, 128, 256, 512, 911",
        src,
        "onag coins values mogul --count 12",
        |_| {
            Ok(same(
                "1, 2, 4, 8, 16, 32, 64, 127, 128, 256, 512, 911".to_string(),
                list(MOGUL.values(12)),
            ))
        },
    ));
    let t = s.pick(24, 32);
    for (a, b) in [
        (Rule::Twins, Rule::Twins),
        (Rule::Twins, Rule::Ruler),
        (Rule::Twins, MOCK_TURTLES),
        (Rule::Ruler, Rule::Ruler),
        (Rule::Ruler, MOCK_TURTLES),
        (MOCK_TURTLES, MOCK_TURTLES),
    ] {
        out.push(claim(
            Family::Coins,
            format!(
                "Tartan theorem: {a} × {b} coin values = g(x) ⊗ h(y) on \
                {t}×{t}"
            ),
            "Winning Ways ch. 14 (the Tartan theorem; the first version \
            of this project checked 32×32)",
            format!("onag coins tartan {a} {b} --size {t} {t}"),
            move |_| {
                let r = Product { g: a, h: b }.tartan_check(t, t);
                Ok(same(
                    "0 mismatches".to_string(),
                    format!("{} mismatches", r.mismatches),
                ))
            },
        ));
    }
    for board in WINNING_WAYS_BOARDS {
        out.push(claim(
            Family::Coins,
            format!(
                "full-position solver on {board}: every value = XOR of \
                single-coin values"
            ),
            "Winning Ways ch. 14 (ten boards, 109,068,288 positions)",
            format!("onag coins solve {board}"),
            move |stop| {
                let b: CoinBoard = board.parse()?;
                let r = solve(&b, stop, &mut |_| {})?;
                Ok(Found {
                    expected: format!(
                        "{} positions, 0 mismatches, P-positions a power of 2",
                        1u64 << b.coins()
                    ),
                    computed: format!(
                        "{} positions, {} mismatches, {} P-positions",
                        r.positions, r.mismatches, r.p_positions
                    ),
                    agrees: r.positions == 1 << b.coins()
                        && r.mismatches == 0
                        && r.p_positions.is_power_of_two(),
                })
            },
        ));
    }
    for (n, d, rule, size, weights) in [
        (16u32, 4u32, MOCK_TURTLES, 2048usize, None),
        (18, 6, MOEBIUS, 512, None),
        (24, 8, MOGUL, 4096, Some("0:1 8:759 12:2576 16:759 24:1")),
    ] {
        out.push(claim(
            Family::Coins,
            format!(
                "P-positions of {rule} on {n} coins = lexicode({n}, {d}), \
                {size} words{}",
                weights.map_or(String::new(), |w| format!(", weights {w}"))
            ),
            "Conway–Sloane, Lexicographic codes (1986): extended Hamming \
            [16,11,4], [18,9,6], extended Golay [24,12,8]",
            format!("onag coins lexicode {n} {d} --compare-game"),
            move |_| {
                let words = lexicode(n, d);
                let equal = words == p_positions_at_most(n, d - 1);
                let dist: Vec<String> = weight_distribution(&words, n)
                    .iter()
                    .enumerate()
                    .filter(|(_, &c)| c > 0)
                    .map(|(w, c)| format!("{w}:{c}"))
                    .collect();
                let dist = dist.join(" ");
                Ok(Found {
                    expected: format!(
                        "{size} words = P-positions{}",
                        weights.map_or(String::new(), |w| format!(", weights {w}"))
                    ),
                    computed: format!(
                        "{} words {} P-positions, weights {dist}",
                        words.len(),
                        if equal { "=" } else { "≠" }
                    ),
                    agrees: equal && words.len() == size && weights.is_none_or(|w| w == dist),
                })
            },
        ));
    }
    out
}
