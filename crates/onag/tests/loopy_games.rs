//! Loopy rulesets: Backsliding Toads and Frogs explored into game graphs; every value found
//! (canonical stopper or sides) predicts the retrograde outcome, and the mirror is the negative.

use onag::loopy::games::backsliding_toads::Board;
use onag::loopy::games::explore;
use onag::loopy::name::name;
use onag::loopy::sides::sides;
use onag::loopy::stopper::Stopper;

fn boards(max_len: usize) -> Vec<String> {
    let mut out = vec![String::new()];
    let mut all = Vec::new();
    for _ in 0..max_len {
        out = out
            .iter()
            .flat_map(|b| ["T", "F", "."].map(|c| format!("{b}{c}")))
            .collect();
        all.extend(out.iter().cloned());
    }
    all
}

#[test]
fn backsliding_toads_values_predict_outcomes_and_mirror_negates() {
    check_boards(4);
}

/// Every board of up to 5 squares (about a minute and a half on one core).
#[test]
#[ignore]
fn ci_backsliding_toads_length_5() {
    check_boards(5);
}

fn check_boards(max_len: usize) {
    let stop = onag::StopFlag::new();
    let (mut stoppers, mut sided) = (0, 0);
    for text in boards(max_len) {
        let board: Board = text.parse().unwrap();
        let g = explore(&board, 10_000).unwrap();
        let m = explore(&board.mirror(), 10_000).unwrap();
        let o = g.outcome();
        let mo = m.outcome();
        assert_eq!(
            (o.left_first, o.right_first),
            (mo.right_first, mo.left_first),
            "{text}"
        );
        if g.is_stopper() {
            let s = Stopper::new(&g).unwrap();
            assert_eq!(s.predicted_outcome().unwrap(), o, "{text}");
            let ms = Stopper::new(&m).unwrap();
            assert!(ms.equals(&s.neg()).unwrap(), "{text}");
            stoppers += 1;
        } else if let Some(s) = sides(&g, &stop).unwrap() {
            assert_eq!(s.predicted_outcome().unwrap(), o, "{text}");
            let ms = sides(&m, &stop).unwrap().expect("the mirror's sides");
            assert!(ms.onside.equals(&s.offside.neg()).unwrap(), "{text}");
            sided += 1;
        }
    }
    assert!(stoppers > 0 && sided > 0, "{stoppers} {sided}");
}

#[test]
fn small_backsliding_values() {
    // Boards where nobody can step back are plain Toads and Frogs (Winning Ways ch. 1).
    for (text, value) in [("TF", "0"), ("T", "0"), ("", "0")] {
        let g = explore(&text.parse::<Board>().unwrap(), 100).unwrap();
        assert_eq!(name(&Stopper::new(&g).unwrap()), value, "{text}");
    }
}
