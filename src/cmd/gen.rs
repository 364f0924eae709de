//! `sudoku-judge gen`: reproducible judge input files of every kind of case, with the expected
//! answers exactly as `solve` writes them.

use crate::cli::{DifficultyArg, GenArgs, LayoutArg, MakeArgs};
use crate::cmd::create_output;
use crate::exit::Exit;
use crate::format::Format;
use crate::generate::kinds::{Difficulty, LayoutChoice, Mix, Spec};
use crate::generate::set::{self, GenError, SetPlan};
use std::io::{self, BufWriter, Write};

/// The generation spec that `args` ask for in `format`, with its defaults; `Err` names the bad
/// flag.
pub fn make_spec(args: &MakeArgs, format: Format) -> Result<Spec, String> {
    let layout = match args.layout {
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
    let mix = match &args.mix {
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
    let clues = match &args.clues {
        None => None,
        Some(s) => Some(parse_range(s).map_err(|e| format!("--clues: {e}"))?),
    };
    let difficulty = args.difficulty.map(|d| match d {
        DifficultyArg::Easy => Difficulty::Easy,
        DifficultyArg::Medium => Difficulty::Medium,
        DifficultyArg::Hard => Difficulty::Hard,
        DifficultyArg::Extreme => Difficulty::Extreme,
    });
    Ok(Spec {
        layout,
        mix,
        clues,
        minimal: args.minimal,
        difficulty,
        edge: args.edge,
    })
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
    let spec = match make_spec(&args.make, format) {
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
