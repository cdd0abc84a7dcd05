//! The games of the registry against independent witnesses: on every small position, the
//! generic solver's outcome equals a value-free win/loss search over the plain game tree (no
//! components, no symmetry, no canonical forms); the values with components and symmetry
//! equal the values without; published values (source named at each).

use onag::games::analysis::{analyze_partizan, Budget};
use onag::games::clobber::Clobber;
use onag::games::col::Col;
use onag::games::cram::Cram;
use onag::games::cutcake::Cutcake;
use onag::games::domineering::Domineering;
use onag::games::konane::Konane;
use onag::games::registry::{analyze, check, AnalyzeError, Options, GAMES};
use onag::games::snort::Snort;
use onag::games::{ImpartialGame, ImpartialSolver, PartizanGame, PartizanSolver};
use onag::nimber::Nimber;
use onag::partizan::game::GameId;
use onag::partizan::name::name;
use onag::partizan::parse::parse;
use onag::partizan::search::{Position, Searcher};
use onag::partizan::{Outcome, Player};
use onag::StopFlag;

/// A position seen only through its options: the value-free search's view, and a game with
/// no components and no symmetry for the solver.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
struct Plain<G>(G);

impl<G: PartizanGame> Position for Plain<G> {
    fn options(&self, player: Player) -> Vec<Self> {
        self.0.options(player).into_iter().map(Plain).collect()
    }
}

impl<G: std::fmt::Display> std::fmt::Display for Plain<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl<G: PartizanGame> PartizanGame for Plain<G> {
    fn options(&self, player: Player) -> Vec<Self> {
        Position::options(self, player)
    }
}

/// Every position: the solver's outcome = the search's; the value with components and
/// symmetry = the value of the plain tree (both in one arena, so equal ids ⇔ equal values).
fn check_all<G: PartizanGame + std::fmt::Debug>(positions: &[G]) -> PartizanSolver<G> {
    let stop = StopFlag::new();
    let mut solver = PartizanSolver::new();
    let mut plain: PartizanSolver<Plain<G>> = PartizanSolver::new();
    let mut searcher: Searcher<Plain<G>> = Searcher::new();
    for p in positions {
        let g = solver.canonical(p, &stop).unwrap();
        let outcome = solver.arena_mut().outcome(g);
        assert_eq!(outcome, searcher.outcome(&Plain(p.clone())), "{p}");
        // the same value without components and symmetry
        let a = name(solver.arena(), g, Default::default());
        let h = plain.canonical(&Plain(p.clone()), &stop).unwrap();
        let b = name(plain.arena(), h, Default::default());
        assert_eq!(a, b, "{p}");
    }
    solver
}

/// Every board of `rows × cols` whose cells take one of `symbols`.
fn boards<G: std::str::FromStr>(rows: usize, cols: usize, symbols: &[char]) -> Vec<G>
where
    G::Err: std::fmt::Debug,
{
    let n = rows * cols;
    let k = symbols.len();
    let mut out = Vec::new();
    for code in 0..k.pow(n as u32) {
        let mut c = code;
        let mut text = String::new();
        for i in 0..n {
            if i > 0 && i % cols == 0 {
                text.push('|');
            }
            text.push(symbols[c % k]);
            c /= k;
        }
        out.push(text.parse().unwrap());
    }
    out
}

fn value_of<G: PartizanGame>(solver: &mut PartizanSolver<G>, p: &G) -> String {
    let g = solver.canonical(p, &StopFlag::new()).unwrap();
    name(solver.arena(), g, Default::default())
}

#[test]
fn domineering_every_small_board_against_search() {
    for (r, c) in [(1, 8), (2, 4), (2, 5), (3, 3), (3, 4), (4, 3)] {
        check_all(&boards::<Domineering>(r, c, &['.', '#']));
    }
}

#[test]
fn domineering_published_values() {
    let mut s: PartizanSolver<Domineering> = PartizanSolver::new();
    // Winning Ways ch. 5 and Lessons in Play §1.1 / §5: Left (vertical) is worth 1 on a
    // vertical 2×1 strip, −1 on a horizontal one; the 2×2 square is ±1; the 2×3 board
    // (2 rows, 3 columns) is {2 | −1/2} (the Wikipedia article "Domineering" draws it).
    for (board, value) in [
        (".|.", "1"),
        ("..", "-1"),
        ("...", "-1"),
        ("....", "-2"),
        ("..|..", "+-1"),
        ("...|...", "{2|-1/2}"),
        ("..|..|..", "{1/2|-2}"),
        ("...|...|...", "+-1"),
    ] {
        assert_eq!(value_of(&mut s, &board.parse().unwrap()), value, "{board}");
    }
}

/// The safe moves (the strong computer's heuristic) against a brute force from the moves
/// alone: the most disjoint moves of a player on cells no move of the opponent covers.
#[test]
fn domineering_safe_moves_are_the_most_disjoint_moves_out_of_the_opponents_reach() {
    fn most_disjoint(moves: &[u128], used: u128) -> u32 {
        match moves.split_first() {
            None => 0,
            Some((&m, rest)) => {
                let without = most_disjoint(rest, used);
                if m & used == 0 {
                    without.max(1 + most_disjoint(rest, used | m))
                } else {
                    without
                }
            }
        }
    }
    let mut x: u64 = 0x2545_F491_4F6C_DD1D;
    for _ in 0..400 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let (rows, cols) = (1 + (x % 5) as usize, 1 + ((x >> 8) % 5) as usize);
        let text: Vec<String> = (0..rows)
            .map(|r| {
                (0..cols)
                    .map(|c| {
                        if (x >> (16 + (r * cols + c) % 48)) & 3 == 0 {
                            '#'
                        } else {
                            '.'
                        }
                    })
                    .collect()
            })
            .collect();
        let board: Domineering = text.join("|").parse().unwrap();
        let e = board.empty_cells();
        let cells = |p: Player| -> Vec<u128> {
            board
                .options(p)
                .iter()
                .map(|o| e & !o.empty_cells())
                .collect()
        };
        for p in [Player::Left, Player::Right] {
            let reach = cells(p.opposite()).iter().fold(0, |a, m| a | m);
            let safe: Vec<u128> = cells(p).into_iter().filter(|m| m & reach == 0).collect();
            assert_eq!(
                board.safe_moves(p),
                most_disjoint(&safe, 0),
                "{board} {p:?}"
            );
        }
    }
}

#[test]
fn domineering_turned_is_negated_mirrored_is_equal() {
    let mut s = PartizanSolver::new();
    for text in ["..#|...|.##", "...|.#.|...|..#", "....|##..|.#.."] {
        let b: Domineering = text.parse().unwrap();
        let g = s.canonical(&b, &StopFlag::new()).unwrap();
        for t in 0..8u8 {
            let image = Domineering::from_grid(b.grid().transform(t));
            let h = s.canonical(&image, &StopFlag::new()).unwrap();
            let expected = if t & 4 != 0 { s.arena_mut().neg(g) } else { g };
            assert_eq!(h, expected, "{text} under symmetry {t}");
        }
    }
}

#[test]
fn domineering_components_add() {
    // two regions separated by a filled column: the value is the sum of the parts
    let mut s: PartizanSolver<Domineering> = PartizanSolver::new();
    let whole = value_of(&mut s, &"..#...|..#...".parse().unwrap());
    let a = s
        .canonical(&"..|..".parse().unwrap(), &StopFlag::new())
        .unwrap();
    let b = s
        .canonical(&"...|...".parse().unwrap(), &StopFlag::new())
        .unwrap();
    let sum = s.arena_mut().add(a, b).unwrap();
    assert_eq!(whole, name(s.arena(), sum, Default::default()));
}

#[test]
fn snort_and_col_every_small_board_against_search() {
    for (r, c) in [(1, 6), (2, 3)] {
        check_all(&boards::<Snort>(r, c, &['.', 'x', 'o', '#']));
        check_all(&boards::<Col>(r, c, &['.', 'x', 'o', '#']));
    }
    // Winning Ways ch. 2: every Col position is a number or a number plus *
    let mut s: PartizanSolver<Col> = PartizanSolver::new();
    for b in boards::<Col>(2, 3, &['.', 'x', 'o']) {
        let g = s.canonical(&b, &StopFlag::new()).unwrap();
        let nus = s.arena().as_nus(g);
        assert!(
            matches!(nus, Some((_, 0, 0 | 1))),
            "{b}: {}",
            name(s.arena(), g, Default::default())
        );
    }
}

#[test]
fn snort_and_col_published_values() {
    // Winning Ways ch. 2 (Col) and ch. 6 (Snort): a single vertex is *, in Col a pair is 0,
    // in Snort a pair is ±1; a vertex next to a tint is an integer.
    let mut s: PartizanSolver<Snort> = PartizanSolver::new();
    for (b, v) in [
        (".", "*"),
        ("..", "+-1"),
        ("x.", "1"),
        ("o.", "-1"),
        ("x.o", "0"),
    ] {
        assert_eq!(value_of(&mut s, &b.parse().unwrap()), v, "snort {b}");
    }
    let mut c: PartizanSolver<Col> = PartizanSolver::new();
    for (b, v) in [(".", "*"), ("..", "0"), ("x.", "-1"), ("o.", "1")] {
        assert_eq!(value_of(&mut c, &b.parse().unwrap()), v, "col {b}");
    }
}

#[test]
fn clobber_every_small_board_against_search_and_all_small() {
    for (r, c) in [(1, 7), (2, 3), (2, 4)] {
        let boards = boards::<Clobber>(r, c, &['x', 'o', '.']);
        let mut solver = check_all(&boards);
        for b in &boards {
            let g = solver.canonical(b, &StopFlag::new()).unwrap();
            assert!(solver.arena_mut().is_all_small(g), "{b}");
        }
    }
}

#[test]
fn clobber_published_values() {
    // Lessons in Play §1.1 and ch. 9 (Clobber): xo = *, xoo = ↓, xxo = ↑
    let mut s: PartizanSolver<Clobber> = PartizanSolver::new();
    for (b, v) in [("xo", "*"), ("xoo", "v"), ("xxo", "^"), ("x|o", "*")] {
        assert_eq!(value_of(&mut s, &b.parse().unwrap()), v, "{b}");
    }
}

#[test]
fn konane_every_small_board_against_search() {
    for (r, c) in [(1, 7), (2, 3), (2, 4), (3, 3)] {
        check_all(&boards::<Konane>(r, c, &['x', 'o', '.']));
    }
}

#[test]
fn konane_multiple_jumps_are_one_move() {
    let b: Konane = "xo.o.".parse().unwrap();
    let after: Vec<String> = b
        .options(Player::Left)
        .iter()
        .map(|o| o.to_string())
        .collect();
    assert_eq!(after, ["..xo.", "....x"]);
    assert!(b.options(Player::Right).is_empty());
}

#[test]
fn konane_openings_are_checkered_boards_with_a_gap_of_two() {
    use onag::games::konane::KonaneGap::*;
    let opening = |m, n, gap| Konane::opening(m, n, gap).map(|b| b.to_string());
    assert_eq!(
        opening(4, 5, MiddleHorizontal).as_deref(),
        Some("xoxox|ox..o|xoxox|oxoxo")
    );
    assert_eq!(
        opening(4, 5, MiddleVertical).as_deref(),
        Some("xoxox|ox.xo|xo.ox|oxoxo")
    );
    assert_eq!(opening(2, 3, CornerHorizontal).as_deref(), Some("..x|oxo"));
    assert_eq!(opening(2, 3, CornerVertical).as_deref(), Some(".ox|.xo"));
    assert_eq!(opening(1, 2, MiddleHorizontal).as_deref(), Some(".."));
    // a gap needs two cells along its direction, and a board needs a cell
    assert_eq!(opening(1, 5, MiddleVertical), None);
    assert_eq!(opening(5, 1, CornerHorizontal), None);
    assert_eq!(opening(0, 3, CornerHorizontal), None);
    // the vertical gap is the horizontal one's transpose, Left's stone still at the top left
    let transpose = |t: &str| {
        let rows: Vec<Vec<char>> = t.split('|').map(|r| r.chars().collect()).collect();
        (0..rows[0].len())
            .map(|c| rows.iter().map(|r| r[c]).collect::<String>())
            .collect::<Vec<_>>()
            .join("|")
    };
    for m in 1..=8 {
        for n in 1..=8 {
            for (h, v) in [
                (MiddleHorizontal, MiddleVertical),
                (CornerHorizontal, CornerVertical),
            ] {
                let a = opening(m, n, h);
                assert_eq!(a.as_deref().map(transpose), opening(n, m, v), "{m}×{n}");
                if let Some(a) = a {
                    assert_eq!(a.matches('.').count(), 2, "{m}×{n}: {a}");
                }
            }
        }
    }
}

#[test]
fn cutcake_against_search_and_published_values() {
    let mut pieces = Vec::new();
    for w in 1..=5 {
        for h in 1..=5 {
            pieces.push(Cutcake::new(vec![(w, h)]));
            pieces.push(Cutcake::new(vec![(w, h), (h.min(3), w.min(2))]));
        }
    }
    let mut s = check_all(&pieces);
    // Winning Ways ch. 2: a strip n wide and 1 tall, which only Left can cut, is n − 1; every
    // Cutcake position is an integer (the table of values in Winning Ways ch. 2).
    for n in 1..=20u32 {
        assert_eq!(
            value_of(&mut s, &Cutcake::new(vec![(n, 1)])),
            (n - 1).to_string()
        );
    }
    for w in 1..=8 {
        for h in 1..=8 {
            let g = s
                .canonical(&Cutcake::new(vec![(w, h)]), &StopFlag::new())
                .unwrap();
            assert!(
                s.arena().as_number(g).is_some_and(|x| x.is_integer()),
                "{w}x{h}"
            );
        }
    }
}

#[test]
fn cram_against_search_and_dawsons_kayles() {
    use onag::games::AsPartizan;
    let mut all = boards::<Cram>(3, 3, &['.', '#']);
    all.extend(boards::<Cram>(2, 5, &['.', '#']));
    let mut solver: ImpartialSolver<Cram> = ImpartialSolver::new();
    let mut searcher: Searcher<Plain<AsPartizan<Cram>>> = Searcher::new();
    for b in &all {
        let g = solver.grundy(b, &StopFlag::new()).unwrap();
        let o = searcher.outcome(&Plain(AsPartizan(*b)));
        assert_eq!(o == Outcome::P, g == Nimber(0), "{b}");
        assert!(matches!(o, Outcome::P | Outcome::N));
        // the Grundy value is the mex of the options' values (by definition, no table)
        let mex = onag::impartial::mex::mex(b.options().iter().map(|o| {
            ImpartialSolver::new()
                .grundy(o, &StopFlag::new())
                .unwrap()
                .0
        }));
        assert_eq!(g.0, mex, "{b}");
    }
    // Winning Ways ch. 4: a 1×n Cram strip is Dawson's Kayles (octal 0·07) on n pins
    let dawson = [
        0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0,
        4, 5, 2, 7, 4, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2,
    ];
    for (n, &v) in dawson.iter().enumerate().skip(1) {
        let strip: Cram = ".".repeat(n).parse().unwrap();
        assert_eq!(
            solver.grundy(&strip, &StopFlag::new()).unwrap(),
            Nimber(v),
            "1×{n}"
        );
    }
}

#[test]
fn reports_list_moves_with_values_and_marks() {
    let b: Domineering = "...|...".parse().unwrap();
    let mut s = PartizanSolver::new();
    let r = analyze_partizan(
        &mut s,
        "domineering",
        &b,
        Budget::default(),
        &StopFlag::new(),
    )
    .unwrap();
    let mut arena = onag::partizan::game::Arena::new();
    let zero = arena.zero();
    for m in &r.moves {
        let after: Domineering = m.position.parse().unwrap();
        let g: GameId = parse(&mut arena, &{
            let mut s2 = PartizanSolver::new();
            value_of(&mut s2, &after)
        })
        .unwrap();
        let wins = match m.player.unwrap() {
            Player::Left => arena.ge(g, zero),
            Player::Right => arena.le(g, zero),
        };
        assert_eq!(m.winning, wins, "{}", m.position);
    }
    // the computer's choice for Left is a winning move ({2|-1/2}: Left wins moving first)
    assert!(r.moves[r.computer.left.unwrap()].winning);
    assert_eq!(r.remoteness.as_ref().unwrap().moves.len(), r.moves.len());
}

#[test]
fn every_game_parses_prints_and_reports_errors_with_a_place() {
    for g in GAMES {
        let printed = check(g.name, g.example).unwrap();
        assert_eq!(check(g.name, &printed).unwrap(), printed, "{}", g.name);
        let e = analyze(g.name, "%", &Options::default(), &StopFlag::new()).unwrap_err();
        assert!(
            matches!(e, AnalyzeError::Position { span: Some(_), .. }),
            "{}: {e}",
            g.name
        );
        assert!(e.to_string().contains("character "), "{}: {e}", g.name);
    }
}
