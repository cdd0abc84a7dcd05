//! The report of `onag reproduce` as data: one [`ClaimReport`] per claim in one [`Report`],
//! written as JSON (`results/reproduce.json`, which the web app's findings panels read) and
//! rendered as Markdown.

use serde::{Deserialize, Serialize};

/// A family of claims: one module of `cli/reproduce/` each.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, clap::ValueEnum)]
#[serde(rename_all = "lowercase")]
pub enum Family {
    /// Nimbers: products, the field, OEIS tables.
    Nim,
    /// Coin-turning games and lexicodes.
    Coins,
    /// Wythoff's game.
    Wythoff,
    /// Corner-the-Queen variants.
    Queens,
    /// Short partizan games.
    Partizan,
    /// Toads and Frogs.
    Toads,
    /// Heap games: take-and-break codes and Grundy's game.
    Heaps,
}

impl Family {
    /// The name the JSON and the command line use.
    pub fn name(self) -> &'static str {
        match self {
            Family::Nim => "nim",
            Family::Coins => "coins",
            Family::Wythoff => "wythoff",
            Family::Queens => "queens",
            Family::Partizan => "partizan",
            Family::Toads => "toads",
            Family::Heaps => "heaps",
        }
    }
}

/// Which sizes ran.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// `--quick`: smaller ranges where the claim says so.
    Quick,
    /// The published sizes.
    Full,
}

/// What one claim's re-check found.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ClaimReport {
    /// The family.
    pub family: Family,
    /// What is claimed.
    pub claim: String,
    /// Where it is published.
    pub source: String,
    /// The published value.
    pub expected: String,
    /// The value computed now.
    pub computed: String,
    /// Whether they agree.
    pub agrees: bool,
    /// Wall seconds of the re-check.
    pub seconds: f64,
    /// A command that re-checks it by hand.
    pub command: String,
}

/// The whole report.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Report {
    /// Quick or full.
    pub mode: Mode,
    /// The commit of the code that ran (`git rev-parse --short=12 HEAD`), if known.
    pub commit: Option<String>,
    /// The machine, in words.
    pub machine: String,
    /// The engine's version.
    pub version: String,
    /// Wall seconds in all.
    pub seconds: f64,
    /// Claims that agree.
    pub agree: usize,
    /// Claims that do not.
    pub disagree: usize,
    /// Every claim, in the order run.
    pub claims: Vec<ClaimReport>,
}

/// A Markdown table cell: no `|`, no line break.
fn cell(text: &str) -> String {
    text.replace('|', "\\|").replace('\n', " ")
}

impl Report {
    /// The report as a Markdown page: a summary line, then one table row per claim.
    pub fn markdown(&self) -> String {
        let quick = self.mode == Mode::Quick;
        let mut md = String::from("# onag reproduce\n\n");
        md.push_str(&format!(
            "Mode **{}**{}; commit `{}`; machine: {}; {} claims, **{} agree**, {} disagree; \
            {:.1} s in all.\n\n",
            if quick { "quick" } else { "full" },
            if quick {
                " (smaller ranges than the published ones where the claim says so; `onag \
                reproduce` without `--quick` runs the published sizes)"
            } else {
                ""
            },
            self.commit.as_deref().unwrap_or("unknown"),
            self.machine,
            self.claims.len(),
            self.agree,
            self.disagree,
            self.seconds,
        ));
        md.push_str(
            "| family | claim | source | expected | computed | agrees | seconds | re-check |\n\
            |---|---|---|---|---|---|---|---|\n",
        );
        for c in &self.claims {
            md.push_str(&format!(
                "| {} | {} | {} | {} | {} | {} | {:.2} | `{}` |\n",
                c.family.name(),
                cell(&c.claim),
                cell(&c.source),
                cell(&c.expected),
                cell(&c.computed),
                if c.agrees { "✓" } else { "✗" },
                c.seconds,
                cell(&c.command),
            ));
        }
        md
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_committed_report_reads_back_and_renders() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../results/reproduce.json");
        let text = std::fs::read_to_string(path).unwrap();
        let report: Report = serde_json::from_str(&text).unwrap();
        assert_eq!(report.agree + report.disagree, report.claims.len());
        let md = report.markdown();
        assert!(md.starts_with("# onag reproduce\n"));
        assert_eq!(
            md.lines().filter(|l| l.starts_with("| ")).count(),
            report.claims.len() + 1
        );
    }
}
