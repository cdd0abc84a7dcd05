//! Hackenbush against the theory: blue-red strings by Berlekamp's sign-expansion rule, green
//! trees by the colon principle, green graphs by the fusion principle (*Winning Ways* ch. 2
//! and 7; *Lessons in Play* ch. 7), every small picture against a value-free search, and the
//! notation's round trip.

use onag::games::hackenbush::{Colour, Hackenbush};
use onag::games::{PartizanGame, PartizanSolver};
use onag::partizan::dyadic::Dyadic;
use onag::partizan::search::{Position, Searcher};
use onag::partizan::Player;
use onag::splitmix::SplitMix64;
use onag::StopFlag;

#[derive(Clone, PartialEq, Eq, Hash)]
struct Plain(Hackenbush);

impl Position for Plain {
    fn options(&self, player: Player) -> Vec<Self> {
        self.0.options(player).into_iter().map(Plain).collect()
    }
}

/// Berlekamp's rule for a blue-red string from the ground up: each edge of the first run
/// counts ±1; after the first change of colour the k-th edge counts ±1/2^k (blue +, red −).
fn sign_expansion(colours: &[Colour]) -> Dyadic {
    let sign = |c: Colour| if c == Colour::Blue { 1 } else { -1 };
    let mut v = Dyadic::from_int(0);
    let mut halving = 0u32;
    for (i, &c) in colours.iter().enumerate() {
        if halving == 0 && i > 0 && c != colours[i - 1] {
            halving = 1;
        }
        let step = if halving == 0 {
            Dyadic::from_int(sign(c))
        } else {
            let d = Dyadic::new(sign(c), halving).unwrap();
            halving += 1;
            d
        };
        v = v.checked_add(step).unwrap();
    }
    v
}

#[test]
fn blue_red_strings_follow_the_sign_expansion() {
    let mut solver = PartizanSolver::new();
    for len in 1..=10u32 {
        for code in 0..(1u32 << len) {
            let colours: Vec<Colour> = (0..len)
                .map(|i| {
                    if code >> i & 1 == 1 {
                        Colour::Red
                    } else {
                        Colour::Blue
                    }
                })
                .collect();
            let g = solver
                .canonical(
                    &Hackenbush::strings(std::slice::from_ref(&colours)),
                    &StopFlag::new(),
                )
                .unwrap();
            assert_eq!(
                solver.arena().as_number(g),
                Some(sign_expansion(&colours)),
                "{colours:?}"
            );
        }
    }
    // Winning Ways ch. 1: the blue-blue-red stalk is 3/2, blue-red is 1/2
    let g = solver
        .canonical(&"bbr".parse().unwrap(), &StopFlag::new())
        .unwrap();
    assert_eq!(solver.arena().as_number(g), Dyadic::new(3, 1).ok());
}

/// A random rooted tree on `n` edges: edge i hangs from vertex `parent[i]` (0 the ground).
fn random_tree(rng: &mut SplitMix64, n: usize) -> Vec<usize> {
    (0..n).map(|i| rng.below(i as u64 + 1) as usize).collect()
}

/// The colon principle: a vertex's branches are worth the nim-sum of (1 + the value above
/// each child) (Winning Ways ch. 7).
fn colon_value(parent: &[usize], vertex: usize) -> u64 {
    let mut v = 0;
    for (i, &p) in parent.iter().enumerate() {
        if p == vertex {
            v ^= 1 + colon_value(parent, i + 1);
        }
    }
    v
}

#[test]
fn green_trees_follow_the_colon_principle() {
    let mut rng = SplitMix64::new(25);
    let mut solver = PartizanSolver::new();
    for _ in 0..400 {
        let n = 1 + rng.below(12) as usize;
        let parent = random_tree(&mut rng, n);
        let edges = parent
            .iter()
            .enumerate()
            .map(|(i, &p)| (p as u8, i as u8 + 1, Colour::Green));
        let h = Hackenbush::new(edges);
        let g = solver.canonical(&h, &StopFlag::new()).unwrap();
        let star = colon_value(&parent, 0);
        assert_eq!(
            solver.arena().as_nus(g),
            Some((Dyadic::from_int(0), 0, star as u32)),
            "{h}"
        );
    }
}

/// The fusion principle: fusing the vertices of every cycle into one (a cycle's edges
/// becoming loops, each worth a stalk of one edge) leaves the value unchanged (Winning Ways
/// ch. 7); the fused picture is a tree with loops, valued by the colon principle.
fn fusion_value(n_vertices: usize, edges: &[(usize, usize)]) -> u64 {
    // bridges by brute force: an edge is a bridge iff removing it disconnects its ends
    let connected = |skip: usize, a: usize, b: usize| {
        let mut seen = vec![false; n_vertices];
        let mut stack = vec![a];
        seen[a] = true;
        while let Some(x) = stack.pop() {
            for (j, &(u, v)) in edges.iter().enumerate() {
                if j == skip {
                    continue;
                }
                for (p, q) in [(u, v), (v, u)] {
                    if p == x && !seen[q] {
                        seen[q] = true;
                        stack.push(q);
                    }
                }
            }
        }
        seen[b]
    };
    // fuse the ends of every non-bridge edge (union-find)
    let mut parent: Vec<usize> = (0..n_vertices).collect();
    fn find(p: &mut [usize], mut x: usize) -> usize {
        while p[x] != x {
            x = p[x];
        }
        x
    }
    for (j, &(u, v)) in edges.iter().enumerate() {
        if u == v || connected(j, u, v) {
            let (a, b) = (find(&mut parent, u), find(&mut parent, v));
            parent[a] = b;
        }
    }
    // value of the fused tree above fused vertex x, coming from `from`
    fn above(
        x: usize,
        from: Option<usize>,
        edges: &[(usize, usize)],
        parent: &mut Vec<usize>,
    ) -> u64 {
        let mut v = 0;
        for &(u, w) in edges {
            let (a, b) = (find(parent, u), find(parent, w));
            if a == b {
                if a == x {
                    v ^= 1; // a loop: a stalk of one edge
                }
                continue;
            }
            for (p, q) in [(a, b), (b, a)] {
                if p == x && Some(q) != from {
                    v ^= 1 + above(q, Some(x), edges, parent);
                }
            }
        }
        v
    }
    let ground = find(&mut parent, 0);
    above(ground, None, edges, &mut parent)
}

#[test]
fn green_graphs_follow_the_fusion_principle() {
    let mut rng = SplitMix64::new(7);
    let mut solver = PartizanSolver::new();
    let mut cycles = 0;
    for _ in 0..300 {
        // a random connected picture: a tree plus a few extra edges (cycles, loops)
        let n = 1 + rng.below(7) as usize;
        let parent = random_tree(&mut rng, n);
        let mut edges: Vec<(usize, usize)> = parent
            .iter()
            .enumerate()
            .map(|(i, &p)| (p, i + 1))
            .collect();
        for _ in 0..rng.below(4) {
            let (a, b) = (
                rng.below(n as u64 + 1) as usize,
                rng.below(n as u64 + 1) as usize,
            );
            edges.push((a, b));
            cycles += 1;
        }
        let h = Hackenbush::new(
            edges
                .iter()
                .map(|&(a, b)| (a as u8, b as u8, Colour::Green)),
        );
        let g = solver.canonical(&h, &StopFlag::new()).unwrap();
        let star = fusion_value(n + 1, &edges);
        assert_eq!(
            solver.arena().as_nus(g),
            Some((Dyadic::from_int(0), 0, star as u32)),
            "{h}"
        );
    }
    assert!(cycles > 100);
}

#[test]
fn small_pictures_against_search() {
    let mut rng = SplitMix64::new(11);
    let mut solver = PartizanSolver::new();
    let mut searcher: Searcher<Plain> = Searcher::new();
    let colours = [Colour::Blue, Colour::Red, Colour::Green];
    for _ in 0..1500 {
        let n = 1 + rng.below(7) as usize;
        let edges: Vec<(u8, u8, Colour)> = (0..n)
            .map(|_| {
                (
                    rng.below(5) as u8,
                    rng.below(5) as u8,
                    colours[rng.below(3) as usize],
                )
            })
            .collect();
        let h = Hackenbush::new(edges);
        let g = solver.canonical(&h, &StopFlag::new()).unwrap();
        assert_eq!(
            solver.arena_mut().outcome(g),
            searcher.outcome(&Plain(h.clone())),
            "{h}"
        );
        // swapping the colours negates
        let s = solver.canonical(&h.swapped(), &StopFlag::new()).unwrap();
        assert_eq!(s, solver.arena_mut().neg(g), "{h}");
        // the notation round trip
        assert_eq!(h.to_string().parse::<Hackenbush>().unwrap(), h, "{h}");
    }
}

#[test]
fn notation_and_errors() {
    let h: Hackenbush = "BBR + g3".parse().unwrap();
    assert_eq!(h.to_string(), "bbr + ggg");
    let e = "bbx".parse::<Hackenbush>().unwrap_err();
    assert_eq!(
        e.to_string(),
        "character 3: 'x' is not a colour (b, r or g) in a stalk"
    );
    let e = "0-1:b 1-q:r".parse::<Hackenbush>().unwrap_err();
    assert_eq!(e.span().unwrap().char, 6);
    assert!("g65".parse::<Hackenbush>().is_err());
    // edges that do not reach the ground fall away
    assert_eq!(
        "0-1:b 2-3:r".parse::<Hackenbush>().unwrap().to_string(),
        "b"
    );
    assert_eq!("0".parse::<Hackenbush>().unwrap().edges().len(), 0);
}
