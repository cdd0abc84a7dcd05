//! Every named loopy value prints as CGSuite prints it and parses back to an equal value
//! (print → parse → equal), stoppers by comparison, other games by their sides.

use onag::loopy::parse::parse_loopy;
use onag::loopy::report::loopy_report;
use onag::loopy::sides::sides;
use onag::loopy::stopper::Stopper;
use onag::StopFlag;

/// The named values of the notation, the pseudonumbers and CGSuite's upon forms, with
/// hand-written games of each shape.
const NAMED: &[&str] = &[
    "on",
    "off",
    "over",
    "under",
    "upon",
    "^[on]",
    "v[on]",
    "-upon",
    "dud",
    "tis",
    "tisn",
    "on + off",
    "{pass|3/2}",
    "3/2under",
    "-1over",
    "2upon",
    "1^[on]",
    "-3/2^[on]*",
    "1v[on]*3",
    "^[on]*2",
    "{pass|*2}",
    "{pass|1*3}",
    "{pass,1|1}",
    "{-1|pass,-1}",
    "{*|pass}",
    "{1/2*|pass}",
    "{0|upon}",
    "{upon|0}",
    "{on|off}",
    "{over|under}",
    "a{0|{1|a}}",
    "2 + over",
    "{3|-2}",
];

#[test]
fn every_named_value_parses_back_equal() {
    let stop = StopFlag::new();
    for text in NAMED {
        let g = parse_loopy(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let r = loopy_report(&g, &stop).unwrap();
        let back =
            parse_loopy(&r.value).unwrap_or_else(|e| panic!("{text} printed {}: {e}", r.value));
        if r.stopper {
            let (a, b) = (Stopper::new(&g).unwrap(), Stopper::new(&back).unwrap());
            assert!(a.equals(&b).unwrap(), "{text} printed {}", r.value);
            // and prints the same again
            assert_eq!(loopy_report(&back, &stop).unwrap().value, r.value, "{text}");
        } else {
            let (a, b) = (
                sides(&g, &stop).unwrap().unwrap(),
                sides(&back, &stop).unwrap().unwrap(),
            );
            assert!(
                a.onside.equals(&b.onside).unwrap(),
                "{text} printed {}",
                r.value
            );
            assert!(
                a.offside.equals(&b.offside).unwrap(),
                "{text} printed {}",
                r.value
            );
        }
    }
}

#[test]
fn upon_forms_print_as_cgsuite() {
    let stop = StopFlag::new();
    for (text, printed) in [
        ("upon", "^[on]"),
        ("upon + 1", "1^[on]"),
        ("upon - 1", "-1^[on]"),
        ("-upon", "v[on]"),
        ("1 - upon", "1v[on]"),
        ("upon + *", "^[on]*"),
        ("upon + *3", "^[on]*3"),
        ("upon + 1/2 + *2", "1/2^[on]*2"),
        ("over", "over"),
        ("{pass|3/2}", "3/2under"),
    ] {
        let g = parse_loopy(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(loopy_report(&g, &stop).unwrap().value, printed, "{text}");
    }
}

#[test]
fn upon_notation_errors_keep_their_place() {
    // `^[on]` is a word of the loopy notation only; elsewhere `[` is not notation.
    let mut arena = onag::partizan::game::Arena::new();
    assert!(onag::partizan::parse::parse(&mut arena, "^[on]").is_err());
    let e = parse_loopy("1 + ^[of]").unwrap_err();
    assert_eq!(e.span.char, 5);
}
