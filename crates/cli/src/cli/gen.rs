//! The flags of `sudoku-judge gen`, and the case-making flags it shares with `stress`.

use super::against::AgainstArgs;
use super::{FormatArg, FormatParser};
use crate::shard::Shard;
use clap::{Args, ValueEnum};
use std::path::PathBuf;

/// Write a judge input file of generated cases, and its expected answers.
///
/// Case i depends only on the seed and i, so the same seed gives the same bytes on any number
/// of threads. Exit status: 0 written; 2 a bad argument, an impossible request or an I/O error.
#[derive(Args, Debug)]
#[command(after_help = GEN_HELP)]
pub struct GenArgs {
    /// Judge format to write: any format's name or alias.
    ///
    /// `sudoku-judge formats` lists them.
    #[arg(short, long, value_parser = FormatParser, hide_possible_values = true)]
    pub format: FormatArg,

    /// Number of cases.
    ///
    /// Without it 10, or fewer where one file of the problem holds fewer (one for the
    /// single-grid problems).
    #[arg(short = 'n', long, default_value_t = 10, value_name = "N")]
    pub count: u64,

    /// Seed; the default is taken from the clock and printed on stderr.
    #[arg(short, long, value_name = "S")]
    pub seed: Option<u64>,

    /// Write the cases to FILE instead of stdout (`-` is stdout).
    ///
    /// FILE is replaced only when the whole set is written.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,

    /// Also write the expected output to FILE (`-` is stdout).
    ///
    /// It is byte for byte what `solve` writes. It goes to stdout only when -o names a file.
    #[arg(short, long, value_name = "FILE")]
    pub answers: Option<PathBuf>,

    /// Write the online-judge-tools test layout to DIR instead.
    ///
    /// Each case is a test of its own, DIR/test/gen-K.in with its answer DIR/test/gen-K.out
    /// (case K as `-o` makes it, alone in its file). Then `oj test -c ./a.out --judge-command
    /// "sudoku-judge check --format poj2676"` in DIR, with gen's format: one case alone (a full
    /// grid among the edge cases) may not tell its format.
    #[arg(long, value_name = "DIR", conflicts_with_all = ["output", "answers", "shard"])]
    pub oj: Option<PathBuf>,

    /// Make only shard K of N (0 <= K < N).
    ///
    /// A shard is the K-th of N contiguous stretches of the cases, numbered as in the whole
    /// set; shard 0 writes the count line. The shards' files concatenated in order are the
    /// whole set, input and answers alike.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<Shard>,

    /// Worker threads; 0 means one per core.
    ///
    /// At most 4 per core; 1 generates inline.
    #[arg(short = 'j', long, default_value_t = 0, value_name = "N")]
    pub threads: usize,

    /// Write instead one file of the secret data `package` writes.
    ///
    /// The file is the one that `package` with this format, --count and --seed writes: NAME is
    /// its name without extension (03-several-solutions), the same bytes, its answers with -a.
    /// What a package's generators/generators.yaml runs. The file's cases are the package's:
    /// the flags that choose cases (but --beyond, which `package` has too) are refused.
    #[arg(long, value_name = "NAME", requires = "seed", conflicts_with_all = [
        "oj", "shard", "layout", "mix", "clues", "minimal", "difficulty", "size", "edge", "against",
    ])]
    pub package_file: Option<String>,

    #[command(flatten)]
    pub make: MakeArgs,

    #[command(flatten)]
    pub against: AgainstArgs,
}

/// The flags that say what cases to make; shared with `stress`.
#[derive(Args, Debug, Clone, Default)]
pub struct MakeArgs {
    /// Region layouts.
    ///
    /// Default: jigsaw for hdu4069, standard otherwise.
    #[arg(long, value_enum)]
    pub layout: Option<LayoutArg>,

    /// Weights of the kinds of case: unique, none and multiple.
    ///
    /// A none case has no solution: half with clashing givens, half without any clash. Default:
    /// each format's own, e.g. unique=70,none=15,multiple=15 for hdu4069, unique=100 for
    /// poj2676. For the legality checkers (poj3435, atcoder-abc327c, ...) unique means a legal
    /// grid, none one with a repeat.
    #[arg(long, value_name = "KIND=W,...")]
    pub mix: Option<String>,

    /// Number of givens, MIN-MAX (or one number).
    ///
    /// Default: the format's own where the problem fixes it; else unique puzzles start at 22-30
    /// givens on 9x9 (4-8 on 4x4, 110-180 on 16x16, 305-420 on 25x25) and keep what uniqueness
    /// needs; the other kinds 20-40 on 9x9. A unique puzzle needs at least 17 givens on the
    /// standard boxes and 8 on any layout; below that the request is refused. On jigsaw layouts
    /// this generator seldom gets a unique puzzle under 20 givens: a range below that usually
    /// fails after its 400 tries per case.
    #[arg(long, value_name = "MIN-MAX")]
    pub clues: Option<String>,

    /// Unique puzzles are minimal.
    ///
    /// No given can be removed without losing uniqueness.
    #[arg(long)]
    pub minimal: bool,

    /// Puzzle difficulty.
    ///
    /// Difficulty of the unique puzzles: easy (singles), medium (pairs, pointing/claiming),
    /// hard (guessing needed, little), extreme (more guessing).
    #[arg(long, value_enum)]
    pub difficulty: Option<DifficultyArg>,

    /// Grid side (4 for 4x4, 16, 25, ...) for formats of several sizes.
    ///
    /// Default: every size the format allows, drawn per case; 9 for `line`.
    #[arg(long, value_name = "SIDE")]
    pub size: Option<usize>,

    /// Start with the edge cases.
    ///
    /// They are: empty grid, full grid, one empty cell, a full grid whose only flaw is one
    /// clashing given. A format that counts every solution (SPOJ SUDOGOB) gets its emptiest
    /// case in place of the empty grid, whose solutions no search can count.
    #[arg(long)]
    pub edge: bool,

    /// Also write cases the judge's own data is not known to hold.
    ///
    /// By default every case stays inside what the judge's real data holds, as its record
    /// says (`sudoku-judge formats NAME` lists it, kind by kind, with the evidence): no
    /// clashing givens for uva989, whose accepted solutions never check for them; no several
    /// solutions for hdu3111. With --beyond, cases go up to the statement's letter instead
    /// (never past its promise): good for a stricter problem of your own, but a solution the
    /// original judge accepted may fail them.
    #[arg(long)]
    pub beyond: bool,
}

const GEN_HELP: &str = "\
Examples:
  sudoku-judge gen --format hdu4069 --count 2500 --seed 7 -o cases.in --answers cases.out
  sudoku-judge gen --format poj2676 --count 100 --difficulty hard --minimal
  sudoku-judge gen --format line --count 1000000 --seed 1 -o million.txt
  sudoku-judge gen --format hdu4069 --mix unique=1,multiple=1 --clues 30-35 --edge
  sudoku-judge gen --format poj3076 --count 100 -o sets16.in --answers sets16.out
  sudoku-judge gen --format line --size 25 --count 50
  sudoku-judge gen --format uva10957 --count 1000 --edge
  sudoku-judge gen --format poj2676 --count 20 --oj .    # test/gen-01.in, .out, ... for oj test";

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum LayoutArg {
    /// The standard 3x3 boxes.
    Standard,
    /// Random jigsaw regions (each admits a solution).
    Jigsaw,
    /// Standard or jigsaw, half and half.
    Mixed,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum DifficultyArg {
    Easy,
    Medium,
    Hard,
    Extreme,
}
