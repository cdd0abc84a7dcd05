//! The nimber claims: products, the field laws, inverses, generators, OEIS tables.

use super::*;

pub(super) fn claims(s: &Sizes) -> Vec<Claim> {
    let src = "Conway, On Numbers and Games, ch. 6";
    let mex_n = s.pick(256, 1024);
    let law_n = s.pick(64u64, 256);
    vec![
        claim(
            Family::Nim,
            "2⊗2, 4⊗4, 2⊗4, 4⊗16, 5⊗51",
            src,
            "onag nim mul 5 51",
            |_| {
                let p = [(2, 2), (4, 4), (2, 4), (4, 16), (5, 51)];
                Ok(same(
                    "3, 6, 8, 64, 255".to_string(),
                    list(p.iter().map(|&(a, b)| (Nimber(a) * Nimber(b)).0)),
                ))
            },
        ),
        claim(
            Family::Nim,
            "F⊗F = 3F/2 for the Fermat 2-powers F = 2, 4, 16, 256, \
            65536, 2^32, 2^64",
            src,
            "onag nim mul 0x10000000000000000 0x10000000000000000",
            |_| {
                let fs: [u128; 7] = [2, 4, 16, 256, 65536, 1 << 32, 1 << 64];
                Ok(same(
                    list(fs.iter().map(|f| f * 3 / 2)),
                    list(fs.iter().map(|&f| (Nimber128(f) * Nimber128(f)).0)),
                ))
            },
        ),
        claim(
            Family::Nim,
            "largest product of two numbers below 64 is 255 (64×64 \
            overflows into GF(256)), below 512 is 65,535",
            src,
            "onag nim table 64",
            |_| {
                Ok(same(
                    "255, 65535".to_string(),
                    list([NimTable::new(64).max(), NimTable::new(512).max()]),
                ))
            },
        ),
        claim(
            Family::Nim,
            format!(
                "the by-definition mex table equals the fast product on \
                1..{} × 1..{}",
                mex_n - 1,
                mex_n - 1
            ),
            "Conway, On Numbers and Games, ch. 6 (the definition; full \
            mode 1..1023)",
            format!("onag corners mex {mex_n}"),
            move |stop| {
                let r = corners_mex(mex_n, stop, &|_| {})?;
                let cells = ((mex_n - 1) * (mex_n - 1)) as u64;
                Ok(Found {
                    expected: format!("{cells} cells, 0 mismatches"),
                    computed: format!("{} cells, {} mismatches", r.cells, r.mismatches),
                    agrees: r.cells == cells && r.mismatches == 0,
                })
            },
        ),
        claim(
            Family::Nim,
            format!(
                "associativity and distributivity on all {} triples below \
                {law_n}",
                law_n.pow(3)
            ),
            "Conway, On Numbers and Games, ch. 6 (full mode: 16,777,216 \
            triples below 256)",
            "cargo test --release -p onag --test nimber",
            move |stop| {
                let mut bad = 0u64;
                for a in 0..law_n {
                    stop.check()?;
                    for b in 0..law_n {
                        let ab = Nimber(a) * Nimber(b);
                        for c in 0..law_n {
                            let (x, y, z) = (Nimber(a), Nimber(b), Nimber(c));
                            if ab * z != x * (y * z) || x * (y + z) != ab + x * z {
                                bad += 1;
                            }
                        }
                    }
                }
                Ok(same(0, bad))
            },
        ),
        claim(
            Family::Nim,
            "every nonzero x < 65536 has an inverse (x ⊗ x⁻¹ = 1)",
            src,
            "onag nim inv 2",
            |_| {
                let ok = (1..65536u64)
                    .filter(|&x| {
                        Nimber(x)
                            .inverse()
                            .is_some_and(|i| Nimber(x) * i == Nimber::ONE)
                    })
                    .count();
                Ok(same(65535, ok))
            },
        ),
        claim(
            Family::Nim,
            "258 is the smallest generator of the multiplicative group \
            of GF(65536)",
            src,
            "onag nim pow 258 65535",
            |_| Ok(same(258, gf65536_generator())),
        ),
        claim(
            Family::Nim,
            "2 is never a cube: 2^((q−1)/3) is 2 or 3 for q = 4, 16, \
            256, 65536, 2^32",
            src,
            "onag nim pow 2 21845",
            |_| {
                let qs: [u128; 5] = [4, 16, 256, 65536, 1 << 32];
                let got: Vec<u128> = qs.iter().map(|q| Nimber128(2).pow((q - 1) / 3).0).collect();
                Ok(Found {
                    expected: "each 2 or 3".into(),
                    computed: list(&got),
                    agrees: got.iter().all(|&v| v == 2 || v == 3),
                })
            },
        ),
        claim(
            Family::Nim,
            "OEIS A051775: the nim-product table by antidiagonals",
            "OEIS A051775",
            "onag nim table 16 --json",
            |_| {
                let t = fixture!("A051775");
                let mut got = Vec::new();
                'outer: for d in 0u64.. {
                    for n in 0..=d {
                        if got.len() == t.len() {
                            break 'outer;
                        }
                        got.push(i128::from((Nimber(n) * Nimber(d - n)).0));
                    }
                }
                Ok(same(terms(&t), list(got)))
            },
        ),
        claim(
            Family::Nim,
            "OEIS A051917: nim reciprocals",
            "OEIS A051917",
            "onag nim inv 2",
            |_| {
                let t = fixture!("A051917");
                let got = t
                    .iter()
                    .map(|&(n, _)| Nimber(n as u64).inverse().map_or(0, |i| i128::from(i.0)));
                Ok(same(terms(&t), list(got)))
            },
        ),
    ]
}
