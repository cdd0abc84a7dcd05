//! The genus sequences of heap games (Kayles, Dawson's Kayles, Grundy's game, a subtraction game,
//! 0.3f) against CGSuite's published outputs (`tests/data/misere_genus_cgsuite.txt`, which
//! names its source): nim values, misère nim values and the genus of heaps 0 to 20, each genus
//! printed as CGSuite prints it.

mod common;

use onag::heaps::misere::{misere_genera, HeapGenus};
use onag::heaps::Ruleset;
use onag::misere::Genus;
use onag::StopFlag;

/// Splits a comma-separated list at the commas outside parentheses (`6^(1,9,10,8)` is one
/// item).
fn items(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut depth = 0;
    for c in text.trim().chars() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            ',' if depth == 0 => {
                out.push(std::mem::take(&mut cur));
                continue;
            }
            _ => {}
        }
        cur.push(c);
    }
    out.push(cur);
    out.into_iter().map(|s| s.trim().to_string()).collect()
}

/// Our genus as CGSuite's class `Genus` prints it: a nim heap bare, a (generally) tame or
/// restive game with its first digit only, any other game with every digit up to the period-2
/// tail (our own printing).
fn cgsuite_text(h: &HeapGenus) -> String {
    let genus: Genus = h.genus.parse().unwrap();
    if h.phylum.nim_heap {
        genus.normal.to_string()
    } else if h.phylum.generally_tame || h.phylum.generally_restive {
        let d = genus.digit(0);
        if d >= 10 {
            format!("{}^({d})", genus.normal)
        } else {
            format!("{}^{d}", genus.normal)
        }
    } else {
        genus.to_string()
    }
}

#[test]
fn genus_sequences_match_cgsuite() {
    let text = std::fs::read_to_string(common::data_dir().join("misere_genus_cgsuite.txt"))
        .expect("the fixture");
    let mut rows = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let f: Vec<&str> = line.split('|').map(str::trim).collect();
        assert_eq!(f.len(), 5, "{line}");
        let ruleset: Ruleset = f[0].parse().unwrap();
        let nim = items(f[2]);
        let misere = items(f[3]);
        let genera = items(f[4]);
        assert!(
            nim.len() == 21 && misere.len() == 21 && genera.len() == 21,
            "{line}"
        );
        let r = misere_genera(&ruleset, 20, 1 << 22, &StopFlag::new()).unwrap();
        for h in &r.heaps {
            let n = h.heap as usize;
            let genus: Genus = h.genus.parse().unwrap();
            assert_eq!(
                genus.normal.to_string(),
                nim[n],
                "{} ({}) heap {n}: nim value",
                f[0],
                f[1]
            );
            assert_eq!(
                h.misere_grundy.to_string(),
                misere[n],
                "{} ({}) heap {n}: misère nim value",
                f[0],
                f[1]
            );
            assert_eq!(
                cgsuite_text(h),
                genera[n],
                "{} ({}) heap {n}: genus (ours in full: {})",
                f[0],
                f[1],
                h.genus
            );
        }
        rows += 1;
    }
    assert_eq!(rows, 5);
}

#[test]
fn the_cgsuite_print_reads_back_every_digit() {
    // the one-digit print of a tame or restive heap loses nothing: its full genus is the one
    // CGSuite's Genus.supDigit rebuilds from g and g0 (Kayles heap 8 is 1^13, Dawson's Kayles
    // heap 10 is 3^1431, wild)
    let kayles = misere_genera(&"0.77".parse().unwrap(), 12, 1 << 20, &StopFlag::new()).unwrap();
    assert_eq!(kayles.heaps[8].genus, "1^13");
    assert_eq!(cgsuite_text(&kayles.heaps[8]), "1^1");
    assert_eq!(kayles.heaps[4].genus, "1^031");
    assert_eq!(cgsuite_text(&kayles.heaps[4]), "1");
    let dawson = misere_genera(&"0.07".parse().unwrap(), 10, 1 << 20, &StopFlag::new()).unwrap();
    assert_eq!(cgsuite_text(&dawson.heaps[10]), "3^1431");
}
