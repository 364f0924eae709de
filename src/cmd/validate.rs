//! `sudoku-judge validate`: judge input files checked (see [`crate::check::validate`]); this
//! file prints a line per case and the faults, and turns them into the protocol's exit code.

use crate::check::validate::{self, Options, Stop};
use crate::cli::{ValidateArgs, ValidatorProtocol};
use crate::exit::Exit;
use crate::format::Format;
use crate::input::Source;
use std::io::{self, BufWriter, Write};

/// How a file went.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Status {
    Valid = 0,
    /// Readable, with clashing givens in some case.
    Clash = 1,
    /// Not readable as the format (or not in its exact layout), or not opened.
    Error = 2,
}

/// Kattis input validators' codes.
const KATTIS_VALID: u8 = 42;
const KATTIS_INVALID: u8 = 43;

/// Validates; the exit status is 0, 1 or 2, or 42 or 43 (see [`ValidateArgs`]).
pub fn run(args: &ValidateArgs) -> Exit {
    let files: Vec<&str> = if args.files.is_empty() {
        vec!["-"]
    } else {
        args.files.iter().map(String::as_str).collect()
    };
    let kattis = args.protocol == ValidatorProtocol::Kattis;
    let opts = Options {
        format: args.format.format(),
        strict: args.strict,
    };
    let mut out = BufWriter::new(io::stdout().lock());
    let mut worst = Status::Valid;
    // A file with clashing givens whose format does not allow them (Kattis only).
    let mut illegal_clash = false;
    for path in &files {
        let prefix = if files.len() > 1 {
            format!("{path}: ")
        } else {
            String::new()
        };
        let (status, format) = validate_file(path, &opts, &prefix, kattis, &mut out);
        illegal_clash |= status == Status::Clash && !format.is_some_and(clashes_are_legal);
        worst = worst.max(status);
    }
    if let Err(e) = out.flush()
        && e.kind() != io::ErrorKind::BrokenPipe
    {
        eprintln!("error: writing output: {e}");
        worst = Status::Error;
    }
    drop(out);
    Exit::Code(match (kattis, worst) {
        (false, s) => s as u8,
        (true, Status::Error) => KATTIS_INVALID,
        (true, _) if illegal_clash => KATTIS_INVALID,
        (true, _) => KATTIS_VALID,
    })
}

/// Clashing givens are legal input where the format answers them (HDU 4069's `No solution`,
/// its sample case 2); the others' statements promise solvable puzzles.
fn clashes_are_legal(format: Format) -> bool {
    !format.no_solution_is_error()
}

fn validate_file(
    path: &str,
    opts: &Options,
    prefix: &str,
    kattis: bool,
    out: &mut impl Write,
) -> (Status, Option<Format>) {
    let mut source = match Source::open(path) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {path}: {e}");
            return (Status::Error, None);
        }
    };
    let name = source.name().to_string();
    // The Kattis protocol keeps stdout quiet; the first clash is named if it makes the file
    // invalid.
    let mut first_clash = None;
    let mut each = |k: u64, clash: Option<&crate::model::Clash>| -> io::Result<()> {
        match clash {
            None if kattis => Ok(()),
            None => writeln!(out, "{prefix}case {k}: valid"),
            Some(c) if kattis => {
                first_clash.get_or_insert_with(|| format!("{name}: case {k}: {c}"));
                Ok(())
            }
            Some(c) => writeln!(out, "{prefix}case {k}: {c}"),
        }
    };
    let outcome = validate::validate(&mut source, opts, &mut each);
    if let Some(line) = first_clash
        && !outcome.format.is_some_and(clashes_are_legal)
    {
        eprintln!("{line}");
    }
    let status = if outcome.clashes > 0 {
        Status::Clash
    } else {
        Status::Valid
    };
    let Some(stop) = outcome.stop else {
        return (status, outcome.format);
    };
    // The listing first, so that the error line follows the cases it comes after.
    let _ = out.flush();
    match stop {
        Stop::Detect(e) => eprintln!("error: {name}:{e}"),
        Stop::Input(e) => eprintln!("error: {}", e.message(&name)),
        Stop::Output(e) => {
            if e.kind() != io::ErrorKind::BrokenPipe {
                eprintln!("error: writing output: {e}");
            }
        }
    }
    (Status::Error, outcome.format)
}
