//! The command line, raw: clap derive structures whose doc comments are the `--help` text, one
//! file per subcommand. Nothing here runs a command: `crate::cmd` reads these and does the work.

mod against;
mod buaa;
mod check;
mod completions;
mod format_name;
mod formats;
mod r#gen;
mod man;
pub mod package;
mod show;
mod solve;
pub mod stress;
mod validate;
mod zoo;

pub use against::StrategyArg;
pub use buaa::BuaaArgs;
pub use check::{CheckArgs, ProtocolArg};
pub use completions::{CompletionsArgs, ShellArg};
pub use format_name::{FormatParser, problem_file};
pub use formats::FormatsArgs;
pub use r#gen::{DifficultyArg, GenArgs, LayoutArg, MakeArgs};
pub use man::ManArgs;
pub use package::{JudgeArg, PackageArgs, SpecArg};
pub use show::{ColorArg, ShowArgs};
pub use solve::SolveArgs;
pub use stress::StressArgs;
pub use validate::{ValidateArgs, ValidatorProtocol};
pub use zoo::ZooArgs;

use crate::format::judges::JUDGES;
use crate::format::spec::Spec;
use crate::solve::SolverKind;
use clap::builder::PossibleValue;
use clap::{CommandFactory, FromArgMatches, Parser, Subcommand, ValueEnum};
use std::ffi::OsString;
use std::process::ExitCode;
use std::sync::OnceLock;

/// Parses the command line. On `--help` or `--version` the text is printed and `Err(0)` comes
/// back; on a usage error the message is printed and the code is the one the caller's protocol
/// reads as a failure of the tool itself (see [`usage_error_code`]).
pub fn parse(mut args: Vec<OsString>) -> Result<Cli, ExitCode> {
    // testlib passes `-appes` after the result file: one dash, which clap would read as five
    // short flags. It is `check --appes`.
    if args.get(1).is_some_and(|a| a == "check") {
        for a in args.iter_mut().skip(2).filter(|a| *a == "-appes") {
            *a = "--appes".into();
        }
    }
    command()
        .try_get_matches_from(&args)
        .and_then(|m| {
            let mut cli = Cli::from_arg_matches(&m)?;
            default_count_within_the_problem(&m, &mut cli);
            Ok(cli)
        })
        .map_err(|e| {
            let _ = e.print();
            if e.use_stderr() {
                ExitCode::from(usage_error_code(&args))
            } else {
                ExitCode::SUCCESS
            }
        })
}

/// `gen`'s default count (10) is lowered to what one file of the problem holds (one case for
/// the single-grid problems), so `gen --format luogu-p1784` works; a `--count` given is left
/// for `gen` to judge.
fn default_count_within_the_problem(m: &clap::ArgMatches, cli: &mut Cli) {
    if let (Command::Gen(g), Some(("gen", sub))) = (&mut cli.command, m.subcommand())
        && sub.value_source("count") == Some(clap::parser::ValueSource::DefaultValue)
        && let Some(most) = g.format.spec().and_then(|s| s.max_per_file())
    {
        g.count = g.count.min(most);
    }
}

/// Exit code for a command line clap rejects: `check` must not look like a verdict, so it
/// says "checker failure" (3) in testlib and "judge error" (1) in Kattis; everything else 2.
pub fn usage_error_code(args: &[OsString]) -> u8 {
    if args.get(1).and_then(|a| a.to_str()) != Some("check") {
        return 2;
    }
    let kattis = args
        .windows(2)
        .any(|w| w[0] == "--protocol" && w[1] == "kattis")
        || args.iter().any(|a| a == "--protocol=kattis");
    if kattis {
        crate::check::protocol::KATTIS_JUDGE_ERROR
    } else {
        3
    }
}

/// The whole command line as clap sees it, with the top-level help's text (which counts the
/// formats): what `parse`, the completion scripts and the man pages are made from.
pub fn command() -> clap::Command {
    Cli::command().long_about(long_about())
}

/// The top-level `--help` text; the number of formats is the table's, not a constant.
fn long_about() -> String {
    let named = ["poj2676", "hdu4069", "line", "leetcode", "poj3076"];
    let more = JUDGES.iter().filter(|s| !named.contains(&s.name)).count();
    format!(
        "Solve, check, generate and stress-test online-judge Sudoku files.\n\n\
         Judge files hold puzzles the way one judge problem spells them: POJ 2676, HDU 4069 \
         (squiggly sudoku), 81-character lines (POJ 3074), LeetCode boards, 16x16 POJ 3076 and \
         {more} more ({} in all), from 1x1 to 25x25 (100x100 for a legality check). sudoku-judge \
         writes each problem's exact output. `sudoku-judge formats` lists every format; \
         `sudoku-judge formats NAME` shows one.",
        JUDGES.len()
    )
}

/// Solve, check, generate and stress-test online-judge Sudoku files.
///
/// (The long help is `long_about()`, which counts the formats.)
#[derive(Parser, Debug)]
#[command(name = "sudoku-judge", version, propagate_version = true)]
pub struct Cli {
    /// Say nothing on stderr but errors and verdicts.
    ///
    /// No notes, seed lines, summaries or progress lines.
    #[arg(short, long, global = true)]
    pub quiet: bool,

    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Solve judge files and write the judge's output.
    ///
    /// Exit status: 0 all cases solved; 1 some case has no solution in a format with no word for
    /// it (POJ 2676, lines, LeetCode: the case's answer is `No solution` and stderr names it);
    /// 2 malformed input or an I/O error (stderr names file, line, column and case; every answer
    /// before the bad case is written in full).
    #[command(after_help = formats_help())]
    Solve(SolveArgs),
    Gen(GenArgs),
    Stress(StressArgs),
    Check(CheckArgs),
    Validate(ValidateArgs),
    Package(PackageArgs),
    Show(ShowArgs),
    Formats(FormatsArgs),
    Zoo(ZooArgs),
    Completions(CompletionsArgs),
    Man(ManArgs),
    Buaa(BuaaArgs),
}

/// The formats in a few lines, for the help of the subcommands that take `--format`.
pub fn formats_help() -> String {
    let mut lines = vec![String::new()];
    for s in JUDGES {
        let last = lines.last_mut().expect("a line");
        if !last.is_empty() && last.len() + s.name.len() > 92 {
            lines.push(String::new());
        }
        let last = lines.last_mut().expect("a line");
        last.push_str("  ");
        last.push_str(s.name);
    }
    format!(
        "Formats (`sudoku-judge formats` says what each is, `sudoku-judge formats NAME` shows \
         its sample):\n{}\n\nExamples:\n  sudoku-judge solve testdata/poj2676/sample.in\n  \
         sudoku-judge solve --format poj3076 testdata/poj3076/sample.in\n  \
         sudoku-judge solve --format line --threads 1 testdata/line/poj3074_sample.in -o \
         answers.txt\n  \
         cat testdata/hdu4069/sample.in | sudoku-judge solve -v -",
        lines.join("\n")
    )
}

/// `--format`: `auto`, or any format's name or alias (`sudoku-judge formats` lists them).
#[derive(Clone, Copy, Debug)]
pub enum FormatArg {
    /// Detect from the content.
    Auto,
    /// The format of this name.
    Named(&'static Spec),
}

impl PartialEq for FormatArg {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (FormatArg::Auto, FormatArg::Auto) => true,
            (FormatArg::Named(a), FormatArg::Named(b)) => std::ptr::eq(*a, *b),
            _ => false,
        }
    }
}

impl Eq for FormatArg {}

impl ValueEnum for FormatArg {
    fn value_variants<'a>() -> &'a [Self] {
        static ALL: OnceLock<Vec<FormatArg>> = OnceLock::new();
        ALL.get_or_init(|| {
            std::iter::once(FormatArg::Auto)
                .chain(JUDGES.iter().map(FormatArg::Named))
                .collect()
        })
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(match self {
            FormatArg::Auto => PossibleValue::new("auto").help("Detect from the content"),
            FormatArg::Named(s) => PossibleValue::new(s.name).aliases(s.aliases.iter().copied()),
        })
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SolverArg {
    /// Bit-mask candidates with singles propagation.
    Bitmask,
    /// Knuth's Algorithm X with dancing links.
    Dlx,
}

impl FormatArg {
    /// The format this flag names; `None` for auto-detection.
    pub fn spec(self) -> Option<&'static Spec> {
        match self {
            FormatArg::Auto => None,
            FormatArg::Named(s) => Some(s),
        }
    }
}

impl SolverArg {
    /// The solver this flag names.
    pub fn kind(self) -> SolverKind {
        match self {
            SolverArg::Bitmask => SolverKind::Bitmask,
            SolverArg::Dlx => SolverKind::Dlx,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(v: &[&str]) -> Vec<OsString> {
        v.iter().map(OsString::from).collect()
    }

    #[test]
    fn usage_errors_never_look_like_verdicts() {
        assert_eq!(usage_error_code(&args(&["sj", "solve", "--bogus"])), 2);
        assert_eq!(usage_error_code(&args(&["sj", "check", "--bogus"])), 3);
        assert_eq!(
            usage_error_code(&args(&["sj", "check", "--protocol", "kattis", "--bogus"])),
            1
        );
        assert_eq!(
            usage_error_code(&args(&["sj", "check", "--protocol=kattis"])),
            1
        );
    }

    #[test]
    fn a_short_flag_means_one_thing_in_every_subcommand() {
        let mut meaning: std::collections::BTreeMap<char, (String, String)> = Default::default();
        let cmd = command();
        let subs = std::iter::once(&cmd).chain(cmd.get_subcommands());
        for sub in subs {
            for arg in sub.get_arguments() {
                let (Some(short), Some(long)) = (arg.get_short(), arg.get_long()) else {
                    continue;
                };
                let (first, at) = meaning
                    .entry(short)
                    .or_insert((long.to_string(), sub.get_name().to_string()));
                assert_eq!(
                    first.as_str(),
                    long,
                    "-{short} is --{first} in {at} but --{long} in {}",
                    sub.get_name()
                );
            }
        }
        assert_eq!(meaning[&'o'].0, "output");
        assert_eq!(meaning[&'s'].0, "seed");
        assert_eq!(meaning[&'q'].0, "quiet");
    }

    /// Every value name is one shell word.
    #[test]
    fn value_names_are_one_shell_word() {
        // zsh's completion writes each value name between colons in a single-quoted word:
        // `'PROGRAM ARGS'` split the line and broke completion of the whole `stress`
        // subcommand, and `FOLDER:FILE` cut `--solution`'s action in two.
        let mut cmd = command();
        cmd.build();
        let mut bad = Vec::new();
        for sub in std::iter::once(&cmd).chain(cmd.get_subcommands()) {
            for arg in sub.get_arguments() {
                for name in arg.get_value_names().unwrap_or_default() {
                    if !name
                        .chars()
                        .all(|c| c.is_ascii_alphanumeric() || "_-./=,".contains(c))
                    {
                        bad.push(format!("{} --{}: {name}", sub.get_name(), arg.get_id()));
                    }
                }
            }
        }
        assert!(bad.is_empty(), "{bad:?}");
    }

    /// `-h` gives each option one line (its doc comment's first paragraph; `--help` has the
    /// whole text), and each subcommand a one-line summary, in its own help and in the list of
    /// commands, at 100 columns.
    #[test]
    fn short_help_gives_each_option_one_line() {
        let mut cmd = command().term_width(100);
        cmd.build();
        let names: Vec<String> = cmd
            .get_subcommands()
            .map(|s| s.get_name().to_string())
            .collect();
        let mut long = Vec::new();
        for name in std::iter::once(String::new()).chain(names) {
            let help = match name.as_str() {
                "" => cmd.render_help(),
                _ => cmd
                    .find_subcommand_mut(&name)
                    .expect("a subcommand")
                    .render_help(),
            }
            .to_string();
            let about: Vec<&str> = help.lines().take_while(|l| !l.is_empty()).collect();
            if about.len() > 1 {
                long.push(format!("{name}'s summary:\n{}", about.join("\n")));
            }
            // Entries of Commands, Arguments and Options: a line indented by two (six for a
            // long flag alone), then the lines indented under the help column that continue it.
            let mut section = "";
            let mut entry: Vec<&str> = Vec::new();
            let mut entries = 0;
            for line in help.lines().chain([""]) {
                if line.len() - line.trim_start().len() <= 6 {
                    if entry.len() > 1 {
                        long.push(format!("{name} {section}\n{}", entry.join("\n")));
                    }
                    entry.clear();
                }
                if !line.starts_with(' ') {
                    section = line;
                } else if matches!(section, "Commands:" | "Arguments:" | "Options:") {
                    entries += usize::from(entry.is_empty());
                    entry.push(line);
                }
            }
            assert!(entries > 0, "no entries found in {name}'s -h:\n{help}");
        }
        assert!(
            long.is_empty(),
            "{} entries of `-h` take more than one line at 100 columns:\n\n{}",
            long.len(),
            long.join("\n\n")
        );
    }

    #[test]
    fn every_subcommand_parses() {
        for sub in [
            "solve", "gen", "stress", "check", "validate", "package", "show",
        ] {
            let e = Cli::try_parse_from(args(&["sj", sub, "--help"])).unwrap_err();
            assert!(!e.use_stderr(), "{sub} --help is not an error");
        }
        assert!(parse(args(&["sj", "solve", "a.in", "--threads", "2"])).is_ok());
    }
}
