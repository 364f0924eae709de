//! The flags of `sudoku-judge package`.

use super::{FormatArg, FormatParser};
use clap::{Args, ValueEnum};
use std::path::PathBuf;

/// Write a complete problem package for a judge format.
///
/// The package holds problem.yaml, a statement, the sample, secret data with answers in groups
/// named by what they cover, input and output validators (this binary), and example
/// submissions.
///
/// The package is in the Kattis problem package format that Kattis installs and DOMjudge
/// imports (`--spec legacy`, the default) or its 2025-09 version; `verifyproblem` from
/// problemtools checks it. `--judge dmoj` writes a DMOJ problem folder instead: init.yml, the
/// same cases as plain files, and checker.py, a DMOJ Python checker that runs this binary. The
/// same format, count and seed write the same files. Exit status: 0 written; 2 a bad argument,
/// an impossible request or an I/O error.
#[derive(Args, Debug)]
#[command(after_help = PACKAGE_HELP)]
pub struct PackageArgs {
    /// Judge format of the problem: any format's name or alias.
    ///
    /// `sudoku-judge formats` lists them.
    #[arg(short, long, value_parser = FormatParser, hide_possible_values = true)]
    pub format: FormatArg,

    /// Directory to write the package to: new, or empty.
    #[arg(short, long, value_name = "DIR")]
    pub output: PathBuf,

    /// Cases per group of the secret data.
    ///
    /// Files per group for a single-case problem; 1 to 10000 (a group is held in memory while
    /// it is written); a file never holds more cases than the problem allows.
    #[arg(short = 'n', long, default_value_t = 10, value_name = "N", value_parser = parse_count)]
    pub count: u64,

    /// Seed; the default is taken from the clock and printed on stderr.
    #[arg(short, long, value_name = "S")]
    pub seed: Option<u64>,

    /// An example submission FOLDER:FILE, copied to submissions/FOLDER/.
    ///
    /// FOLDER is accepted, wrong_answer, time_limit_exceeded or run_time_error. Repeat for
    /// more. With --judge dmoj it goes to tests/FOLDER-NAME/ instead, a case of DMOJ's test
    /// suite.
    #[arg(long = "solution", value_name = "SUBMISSION", value_parser = parse_solution)]
    pub solutions: Vec<(String, PathBuf)>,

    /// Format version.
    ///
    /// The version of the package format.
    #[arg(long, value_enum, default_value_t = SpecArg::Legacy)]
    pub spec: SpecArg,

    /// Judge system.
    ///
    /// kattis: a Kattis problem package (--spec picks its version); dmoj: a DMOJ problem
    /// folder (init.yml, the cases, checker.py and this binary; each --solution a case of
    /// DMOJ's test suite under tests/).
    #[arg(long, value_enum, default_value_t = JudgeArg::Kattis)]
    pub judge: JudgeArg,

    /// The license in problem.yaml.
    ///
    /// One of unknown, public domain, cc0, cc by, cc by-sa, educational or permission (whoever
    /// owns the problem decides; `unknown` makes verifyproblem warn).
    #[arg(
        long,
        default_value = "educational",
        value_name = "LICENSE",
        value_parser = clap::builder::PossibleValuesParser::new(LICENSES),
        hide_possible_values = true
    )]
    pub license: String,

    /// Add a group of the cases the judge's own data is not known to hold.
    ///
    /// By default every file stays inside what the judge's real data holds (its record in
    /// `sudoku-judge formats NAME`, kind by kind, with the evidence), so a solution the judge
    /// accepted passes the package. With --beyond a last group, NN-beyond-the-data, adds the
    /// cases the statement allows past that (clashing givens for uva989), labelled as such
    /// in README.md: keep it for a stricter problem of your own, drop it to judge as the
    /// original judge did.
    #[arg(long)]
    pub beyond: bool,

    /// Worker threads; 0 means one per core.
    ///
    /// At most 4 per core; 1 generates inline.
    #[arg(short = 'j', long, default_value_t = 0, value_name = "N")]
    pub threads: usize,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SpecArg {
    /// The layout Kattis installs and DOMjudge imports (problem_statement/,
    /// output_validators/).
    Legacy,
    /// Version 2025-09 (statement/, output_validator/, data/invalid_input/).
    #[value(name = "2025-09")]
    V2025,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum JudgeArg {
    /// The Kattis problem package format (Kattis, DOMjudge, problemtools, BAPCtools).
    Kattis,
    /// A DMOJ problem folder (the DMOJ judge, dmoj-cli).
    Dmoj,
}

const LICENSES: [&str; 7] = [
    "unknown",
    "public domain",
    "cc0",
    "cc by",
    "cc by-sa",
    "educational",
    "permission",
];

/// Most cases per group: a group's cases are held in memory while its files are written.
pub const MAX_GROUP: u64 = 10_000;

/// `--count`: 1 to [`MAX_GROUP`].
fn parse_count(s: &str) -> Result<u64, String> {
    let n: u64 = s
        .trim()
        .parse()
        .map_err(|_| format!("expected a number of cases from 1 to {MAX_GROUP}"))?;
    match n {
        0 => Err("at least one case per group".into()),
        n if n > MAX_GROUP => Err(format!(
            "too large: at most {MAX_GROUP} cases per group (a group is held in memory)"
        )),
        n => Ok(n),
    }
}

fn parse_solution(s: &str) -> Result<(String, PathBuf), String> {
    match s.split_once(':') {
        Some((folder, file)) if !folder.is_empty() && !file.is_empty() => {
            Ok((folder.to_string(), PathBuf::from(file)))
        }
        _ => Err(format!(
            "'{s}': expected FOLDER:FILE, e.g. accepted:sol.cpp"
        )),
    }
}

const PACKAGE_HELP: &str = "\
Examples:
  sudoku-judge package --format hdu4069 -o hdu4069 --seed 7 --solution accepted:sol.cpp
  sudoku-judge package --format poj3076 -o poj3076 --count 5 --solution wrong_answer:greedy.py
  sudoku-judge package --format poj2676 -o poj2676 --spec 2025-09
  sudoku-judge package --format poj2676 -o problems/poj2676 --judge dmoj
  verifyproblem hdu4069          # problemtools: the package checked by the real tool";
