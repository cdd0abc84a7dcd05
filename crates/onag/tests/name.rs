//! Names of canonical games: the notation table of `partizan::name`, ambiguity-free multiples
//! of ↑ next to numbers, and both styles.

use onag::partizan::dyadic::Dyadic;
use onag::partizan::game::Arena;
use onag::partizan::name::{name, NameStyle};
use onag::partizan::parse::parse;

fn both(text: &str) -> (String, String) {
    let mut a = Arena::new();
    let g = parse(&mut a, text).unwrap_or_else(|e| panic!("'{text}': {e}"));
    (
        name(&a, g, NameStyle::Ascii),
        name(&a, g, NameStyle::Unicode),
    )
}

#[test]
fn notation_table() {
    let cases: &[(&str, &str, &str)] = &[
        ("0", "0", "0"),
        ("-3", "-3", "-3"),
        ("95/16", "95/16", "95/16"),
        ("{0|1}", "1/2", "1/2"),
        ("{0|0}", "*", "*"),
        ("*3", "*3", "*3"),
        ("{0|*}", "^", "↑"),
        ("{*|0}", "v", "↓"),
        ("^+^", "^2", "⇑"),
        ("^+^+^", "^3", "3·↑"),
        ("{0,*|0}", "^*", "↑*"),
        ("{0|0,*}", "v*", "↓*"),
        ("2+4·↓", "2v4", "2+4·↓"),
        ("-1^2", "-1^2", "-1⇑"),
        ("v4*", "v4*", "4·↓*"),
        ("1/2 + v + *3", "1/2v*3", "1/2↓*3"),
        ("{1/8|-1/8}", "+-1/8", "±1/8"),
        ("{2|-1}", "{2|-1}", "{2|-1}"),
        ("{13/2|1}", "{13/2|1}", "{13/2|1}"),
        // as CGSuite writes them (its GameTest: `{Tiny(2)||0|-2|||0|-2}`)
        ("{0||0|-2}", "Tiny(2)", "Tiny(2)"),
        ("{1/2|0||0}", "Miny(1/2)", "Miny(1/2)"),
        ("tiny-2", "Tiny(2)", "Tiny(2)"),
        ("Tiny(2) + Miny(2)", "0", "0"),
        ("{{3*|5/2}|2}", "{{3*|5/2}|2}", "{{3*|5/2}|2}"),
        ("{1|*}", "{1|*}", "{1|*}"),
        (
            "±({1|*}, {{3/2|{1|{0|0,↓*}}}|0})",
            "+-({1|*},{{3/2|{1|{0|0,v*}}}|0})",
            "±({1|*},{{3/2|{1|{0|0,↓*}}}|0})",
        ),
        (
            "{8, 8↓* | {15/2 | 7}}",
            "{8,8v*|{15/2|7}}",
            "{8,8↓*|{15/2|7}}",
        ),
    ];
    for &(input, ascii, unicode) in cases {
        let (a, u) = both(input);
        assert_eq!(a, ascii, "ASCII name of {input}");
        assert_eq!(u, unicode, "Unicode name of {input}");
    }
}

/// 2 + 4·↓ must never print as something that reads 24↓ (or 24 anything).
#[test]
fn multiples_next_to_numbers_are_unambiguous() {
    let mut a = Arena::new();
    for number in [2i64, -2, 1, 12] {
        for ups in [-4i64, 4, -11, 3] {
            let g = a.nus(Dyadic::from_int(number), ups, 0).unwrap();
            let joined = format!("{}{}", number, ups.unsigned_abs());
            for style in [NameStyle::Ascii, NameStyle::Unicode] {
                let text = name(&a, g, style);
                assert!(!text.contains(&joined), "{text} reads as {joined}");
                assert_eq!(parse(&mut a, &text), Ok(g), "{text}");
            }
        }
    }
    let g = a.nus(Dyadic::from_int(2), -4, 0).unwrap();
    assert_eq!(name(&a, g, NameStyle::Unicode), "2+4·↓");
    let wrong = a.nus(Dyadic::from_int(24), -1, 0).unwrap();
    assert_ne!(parse(&mut a, "2v4").unwrap(), wrong);
    assert_eq!(parse(&mut a, "24v").unwrap(), wrong);
}
