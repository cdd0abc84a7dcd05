//! Turning Corners (`4x4:2,3 4,4`) and sums of Wythoff queens (`8:3,5 2,1`) are written the
//! same way, a head and pairs, and read by one reader with one error type: the same mistake
//! gets the same message at the same place in both, but for the name of the head.

use onag::games::turning_corners::{CornersError, TurningCorners};
use onag::wythoff::positions::{Position, PositionError};
use onag::PairsError;

fn corners(text: &str) -> PairsError {
    match text.parse::<TurningCorners>() {
        Err(CornersError::Notation(e)) => e,
        other => panic!("{text}: {other:?}"),
    }
}

fn queens(text: &str) -> PairsError {
    match text.parse::<Position>() {
        Err(PositionError::Notation(e)) => e,
        other => panic!("{text}: {other:?}"),
    }
}

#[test]
fn both_notations_share_one_reader_and_one_error() {
    // no colon: the place is the end of the text
    let (c, q) = (corners("4x4 2,3"), queens("8 3,5"));
    assert_eq!(c.span().char, 7);
    assert_eq!(q.span().char, 5);
    assert_eq!(
        c.to_string(),
        "character 8: expected the size RxC, a ':' and then pairs a,b"
    );
    assert_eq!(
        q.to_string(),
        "character 6: expected the board side, a ':' and then pairs a,b"
    );
    // a bad pair, wherever it is, before the head is read
    for (c, q) in [("4x4:2,3 x,1", "8:3,5 x,1"), ("zzz:2,3;x,1", "z:3,5;x,1")] {
        let (c, q) = (corners(c), queens(q));
        assert!(
            matches!(&c, PairsError::BadPair { found, .. } if found == "x,1"),
            "{c:?}"
        );
        assert_eq!(
            c.to_string(),
            "character 9: 'x,1' is not a pair of numbers a,b"
        );
        assert_eq!(q.to_string(), c.to_string().replace("9", "7"));
    }
    // a bad head, at the start
    let (c, q) = (corners(" 4y4:2,3"), queens("eight:1,1"));
    assert_eq!(c.to_string(), "character 1: '4y4' is not a board size RxC");
    assert_eq!(q.to_string(), "character 1: 'eight' is not a board side");
    // the span of each game's error is the reader's
    let err = "8:3;5".parse::<Position>().unwrap_err();
    assert_eq!(err.span(), Some(queens("8:3;5").span()));
}
