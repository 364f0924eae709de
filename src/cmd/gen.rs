//! `sudoku-judge gen`: reproducible judge input files of every kind of case, with the expected
//! answers exactly as `solve` writes them.

use crate::cmd::create_output;
use crate::exit::Exit;
use crate::format::Format;
use crate::generate::kinds::{Difficulty, LayoutChoice, Mix, Spec};
use crate::generate::set::{self, GenError, SetPlan};
use clap::{Args, ValueEnum};
use std::io::{self, BufWriter, Write};
use std::path::PathBuf;

/// Write a judge input file of generated cases, and its expected answers.
///
/// Case i depends only on the seed and i, so the same seed gives the same bytes on any number
/// of threads. Exit status: 0 written; 2 a bad argument, an impossible request or an I/O error.
#[derive(Args, Debug)]
#[command(after_help = GEN_HELP)]
pub struct GenArgs {
    /// Judge format to write.
    #[arg(short, long, value_enum)]
    pub format: GenFormat,

    /// Number of cases.
    #[arg(short = 'n', long, default_value_t = 10, value_name = "N")]
    pub count: u64,

    /// Seed; the default is taken from the clock and printed on stderr.
    #[arg(short, long, value_name = "S")]
    pub seed: Option<u64>,

    /// Write the cases to FILE instead of stdout.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,

    /// Also write the expected output, byte for byte what `solve` writes, to FILE.
    #[arg(short, long, value_name = "FILE")]
    pub answers: Option<PathBuf>,

    /// Worker threads; 0 means one per core, 1 generates inline.
    #[arg(short = 'j', long, default_value_t = 0, value_name = "N")]
    pub threads: usize,

    #[command(flatten)]
    pub make: MakeArgs,
}

/// The flags that say what cases to make; shared with `stress`.
#[derive(Args, Debug, Clone)]
pub struct MakeArgs {
    /// Region layouts [default: jigsaw for hdu4069, standard otherwise].
    #[arg(long, value_enum)]
    pub layout: Option<LayoutArg>,

    /// Weights of the kinds of case: unique, none (no solution: half with clashing givens, half
    /// without any clash) and multiple [default: unique=70,none=15,multiple=15 for hdu4069,
    /// unique=100 otherwise].
    #[arg(long, value_name = "KIND=W,...")]
    pub mix: Option<String>,

    /// Number of givens, MIN-MAX (or one number) [default: unique start at 22-30 givens and
    /// keep what uniqueness needs; the other kinds 20-40]. A unique puzzle needs at least 17
    /// givens on the standard boxes and 8 on any layout; below that the request is refused.
    /// On jigsaw layouts this generator seldom gets a unique puzzle under 20 givens: a range
    /// below that usually fails after its 400 tries per case.
    #[arg(long, value_name = "MIN-MAX")]
    pub clues: Option<String>,

    /// Unique puzzles are minimal: no given can be removed without losing uniqueness.
    #[arg(long)]
    pub minimal: bool,

    /// Difficulty of the unique puzzles: easy (singles), medium (pairs, pointing/claiming),
    /// hard (guessing needed, little), extreme (more guessing).
    #[arg(long, value_enum)]
    pub difficulty: Option<DifficultyArg>,

    /// Start with the edge cases: empty grid, full grid, one empty cell, a full grid whose only
    /// flaw is one clashing given.
    #[arg(long)]
    pub edge: bool,
}

const GEN_HELP: &str = "\
Examples:
  sudoku-judge gen --format hdu4069 --count 2500 --seed 7 -o cases.in --answers cases.out
  sudoku-judge gen --format poj2676 --count 100 --difficulty hard --minimal
  sudoku-judge gen --format line --count 1000000 --seed 1 -o million.txt
  sudoku-judge gen --format hdu4069 --mix unique=1,multiple=1 --clues 30-35 --edge";

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum GenFormat {
    /// POJ 2676: T, then 9 rows of 9 digits per case (standard layout only).
    Poj2676,
    /// HDU 4069: T, then 9 rows of 9 wall-coded integers per case.
    Hdu4069,
    /// One 81-character puzzle per line, `.` for empty (standard layout only).
    Line,
}

impl GenFormat {
    pub fn format(self) -> Format {
        match self {
            GenFormat::Poj2676 => Format::Poj2676,
            GenFormat::Hdu4069 => Format::Hdu4069,
            GenFormat::Line => Format::Line,
        }
    }
}

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

impl MakeArgs {
    /// The generation spec for `format`, with its defaults; `Err` names the bad flag.
    pub fn spec(&self, format: Format) -> Result<Spec, String> {
        let layout = match self.layout {
            None if format == Format::Hdu4069 => LayoutChoice::Jigsaw,
            None | Some(LayoutArg::Standard) => LayoutChoice::Standard,
            Some(LayoutArg::Jigsaw) => LayoutChoice::Jigsaw,
            Some(LayoutArg::Mixed) => LayoutChoice::Mixed,
        };
        if layout != LayoutChoice::Standard && format != Format::Hdu4069 {
            return Err(format!(
                "--layout: {} has no way to write jigsaw regions; use --format hdu4069",
                format.name()
            ));
        }
        let mix = match &self.mix {
            Some(m) => Mix::parse(m).map_err(|e| format!("--mix: {e}"))?,
            None if format == Format::Hdu4069 => Mix {
                unique: 70,
                none: 15,
                multiple: 15,
            },
            None => Mix {
                unique: 100,
                none: 0,
                multiple: 0,
            },
        };
        let clues = match &self.clues {
            None => None,
            Some(s) => Some(parse_range(s).map_err(|e| format!("--clues: {e}"))?),
        };
        let difficulty = self.difficulty.map(|d| match d {
            DifficultyArg::Easy => Difficulty::Easy,
            DifficultyArg::Medium => Difficulty::Medium,
            DifficultyArg::Hard => Difficulty::Hard,
            DifficultyArg::Extreme => Difficulty::Extreme,
        });
        Ok(Spec {
            layout,
            mix,
            clues,
            minimal: self.minimal,
            difficulty,
            edge: self.edge,
        })
    }
}

/// `MIN-MAX` or `N`, within 0..=81.
fn parse_range(s: &str) -> Result<(usize, usize), String> {
    let num = |t: &str| {
        t.trim()
            .parse::<usize>()
            .map_err(|_| format!("'{s}': expected MIN-MAX, e.g. 25-30"))
    };
    let (lo, hi) = match s.split_once('-') {
        Some((a, b)) => (num(a)?, num(b)?),
        None => (num(s)?, num(s)?),
    };
    if lo > hi || hi > 81 {
        return Err(format!("'{s}': need MIN <= MAX <= 81"));
    }
    Ok((lo, hi))
}

/// The seed asked for, or one from the clock (said on stderr so the set can be made again).
pub fn seed_or_clock(seed: Option<u64>, what: &str) -> u64 {
    seed.unwrap_or_else(|| {
        let s = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64 % 1_000_000_007);
        eprintln!("{what}: seed {s}");
        s
    })
}

pub fn run(args: &GenArgs) -> Exit {
    let format = args.format.format();
    let spec = match args.make.spec(format) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {e}");
            return Exit::Error;
        }
    };
    let out = match create_output(args.output.as_deref()) {
        Ok(out) => out,
        Err(e) => return e,
    };
    let answers = match &args.answers {
        None => None,
        Some(p) => match create_output(Some(p)) {
            Ok(f) => Some(BufWriter::with_capacity(1 << 20, f)),
            Err(e) => return e,
        },
    };
    let mut out = BufWriter::with_capacity(1 << 20, out);
    let mut answers = answers;
    let seed = seed_or_clock(args.seed, "gen");
    let with_answers = answers.is_some();
    let plan_of = |parallel| SetPlan {
        format,
        spec,
        seed,
        count: args.count,
        answers: with_answers,
        parallel,
    };
    let result = crate::cmd::with_threads(args.threads, |parallel| {
        let plan = plan_of(parallel);
        set::generate(&plan, &mut |piece| {
            out.write_all(piece.input)?;
            if let Some(a) = answers.as_mut() {
                a.write_all(piece.answers)?;
            }
            Ok::<(), io::Error>(())
        })
    });
    let flushed = out
        .flush()
        .and_then(|()| answers.as_mut().map_or(Ok(()), |a| a.flush()));
    match result {
        Err(msg) => {
            eprintln!("error: {msg}");
            Exit::Error
        }
        Ok(Err(GenError::Impossible(e))) => {
            eprintln!("error: {e}");
            Exit::Error
        }
        Ok(Err(GenError::Emit(e))) => write_failed(e),
        Ok(Ok(())) => match flushed {
            Ok(()) => Exit::Success,
            Err(e) => write_failed(e),
        },
    }
}

fn write_failed(e: io::Error) -> Exit {
    if e.kind() == io::ErrorKind::BrokenPipe {
        Exit::Success
    } else {
        eprintln!("error: writing output: {e}");
        Exit::Error
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_parse() {
        assert_eq!(parse_range("25-30"), Ok((25, 30)));
        assert_eq!(parse_range("30"), Ok((30, 30)));
        assert!(parse_range("30-25").is_err());
        assert!(parse_range("0-82").is_err());
        assert!(parse_range("a-b").is_err());
    }
}
