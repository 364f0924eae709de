//! `sudoku-judge validate`: judge input files checked (see [`crate::check::validate`]); this
//! file prints a line per case and the faults, and turns them into the protocol's exit code.

use crate::check::validate::{Finding, Options, Stop};
use crate::cli::{ValidateArgs, ValidatorProtocol};
use crate::cmd::output;
use crate::exit::Exit;
use crate::input::Source;
use std::io::{self, BufWriter, Write};

/// How a file went.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Status {
    Valid = 0,
    /// Readable, with clashing givens or a case that breaks the problem's promise.
    Flagged = 1,
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
        format: args.format.spec(),
        strict: args.strict,
        budget: Some(args.budget),
    };
    // The Kattis protocol writes nothing on stdout: only the plain one needs it open.
    let stdout = if kattis {
        io::stdout()
    } else {
        match output::stdout() {
            Ok(s) => s,
            Err(e) => return e,
        }
    };
    let mut out = BufWriter::new(stdout.lock());
    let mut worst = Status::Valid;
    // A case that is not what its problem promises makes the input invalid (Kattis); clashing
    // givens the problem answers do not.
    let mut broken = false;
    for path in &files {
        let prefix = if files.len() > 1 {
            format!("{path}: ")
        } else {
            String::new()
        };
        let (status, b, closed) = validate_file(path, &opts, &prefix, args, &mut out);
        broken |= b;
        worst = worst.max(status);
        // Nothing more is said once the reader of stdout has gone.
        if closed {
            return Exit::Code(worst as u8);
        }
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
        (true, _) if broken => KATTIS_INVALID,
        (true, _) => KATTIS_VALID,
    })
}

/// Validates one file; its status, whether a case breaks its problem's promise, and whether
/// stdout was found closed (a pipe whose reader has gone).
fn validate_file(
    path: &str,
    opts: &Options,
    prefix: &str,
    args: &ValidateArgs,
    out: &mut impl Write,
) -> (Status, bool, bool) {
    let kattis = args.protocol == ValidatorProtocol::Kattis;
    let mut source = match Source::open(path) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {path}: {e}");
            return (Status::Error, false, false);
        }
    };
    let name = source.name().to_string();
    // The Kattis protocol keeps stdout quiet; the first case that makes the file invalid is
    // named on stderr.
    let mut first_broken = None;
    let mut each = |k: u64, finding: Option<&Finding>| -> io::Result<()> {
        match finding {
            None if kattis => Ok(()),
            None => writeln!(out, "{prefix}case {k}: valid"),
            Some(f) if kattis => {
                if f.broken {
                    first_broken.get_or_insert_with(|| format!("{name}: case {k}: {}", f.text));
                }
                Ok(())
            }
            Some(f) => writeln!(out, "{prefix}case {k}: {}", f.text),
        }
    };
    let outcome = crate::check::auto::validate(&mut source, opts, &mut each);
    if let Some(note) = &outcome.note {
        crate::chatter::say(&format!("note: {name}: {note}"));
    }
    if args.verbose
        && let Some(spec) = outcome.format
    {
        let how = outcome
            .detected
            .map_or("given".to_string(), |why| format!("detected: {why}"));
        eprintln!("{name}: format {} ({how})", spec.name);
    }
    if let Some(line) = first_broken {
        eprintln!("{line}");
    }
    let broken = outcome.broken > 0;
    let status = if outcome.clashes > 0 || broken {
        Status::Flagged
    } else {
        Status::Valid
    };
    let Some(stop) = outcome.stop else {
        return (status, broken, false);
    };
    // The listing first, so that the error line follows the cases it comes after; after a
    // closed pipe, nothing more.
    if let Err(e) = out.flush()
        && e.kind() == io::ErrorKind::BrokenPipe
    {
        return (Status::Error, broken, true);
    }
    match stop {
        Stop::Detect(e) => eprintln!("error: {name}:{e}"),
        Stop::Input(e) => eprintln!("error: {}", e.message(&name)),
        Stop::Output(e) => {
            if e.kind() == io::ErrorKind::BrokenPipe {
                return (Status::Error, broken, true);
            }
            eprintln!("error: writing output: {e}");
        }
    }
    (Status::Error, broken, false)
}
