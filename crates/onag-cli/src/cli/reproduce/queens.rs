//! The Corner-the-Queen variant claims: closed forms checked cell by cell.

use super::*;

pub(super) fn claims(s: &Sizes) -> Vec<Claim> {
    let n = s.pick(200usize, 1000);
    let src = "docs/queens.md (the closed forms of the Corner-the-Queen \
    variants)";
    let formula = |moves: &'static str, f: &'static str, what: &'static str| {
        claim(
            Family::Queens,
            format!("{what}: g = {f} on {n}×{n}"),
            src,
            format!("onag queens check --moves {moves} --formula '{f}' --size {n}"),
            move |_| {
                let r = check(&moves.parse()?, &f.parse()?, n)?;
                Ok(same(
                    format!("{} cells, 0 mismatches", r.cells),
                    format!("{} cells, {} mismatches", r.cells, r.mismatches),
                ))
            },
        )
    };
    let table = |moves: &'static str, what: &'static str, form: fn(i64, i64) -> i64| {
        claim(
            Family::Queens,
            format!("{what} on {n}×{n}"),
            src,
            format!("onag queens table --moves {moves} --size {n}"),
            move |_| {
                let t = queens_table(&moves.parse()?, n)?;
                let mut bad = 0u64;
                for (x, row) in t.iter().enumerate() {
                    for (y, &g) in row.iter().enumerate() {
                        if (moves != "pair" || x <= y) && i64::from(g) != form(x as i64, y as i64) {
                            bad += 1;
                        }
                    }
                }
                Ok(same(0, bad))
            },
        )
    };
    vec![
        formula("left,down", "x ^ y", "rook moves (two-heap Nim)"),
        formula(
            "left,down,diag:1",
            "(x+y)%3+3*((x/3)^(y/3))",
            "rook moves plus one diagonal step",
        ),
        table(
            "diag,left:1,down:1",
            "diagonal moves plus one step left or down: g = min + c(min \
            mod 4, max parity), g(x,x) = x + (0,1,−1,0)[x mod 4]",
            |x, y| {
                let (m, big) = (x.min(y), x.max(y));
                if x == y {
                    return x + [0, 1, -1, 0][(x % 4) as usize];
                }
                let c = [[0, 1], [2, 1], [-1, -2], [-1, 0]][(m % 4) as usize][(big % 2) as usize];
                m + c
            },
        ),
        table(
            "pair",
            "the unordered pair game {y, z}: g(2p,2q) = 2q+p, g(2p+1,2q) \
            = 2q−p−1−max(0,2p−q+1), g(2p,2q+1) = 2q−p+1−max(0,2p−q), \
            g(2p+1,2q+1) = 2q+p+2",
            |y, z| {
                let (p, q) = (y / 2, z / 2);
                match (y % 2, z % 2) {
                    (0, 0) => 2 * q + p,
                    (1, 0) => 2 * q - p - 1 - (2 * p - q + 1).max(0),
                    (0, _) => 2 * q - p + 1 - (2 * p - q).max(0),
                    _ => 2 * q + p + 2,
                }
            },
        ),
    ]
}
