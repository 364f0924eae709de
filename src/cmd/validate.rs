//! `sudoku-judge validate`: LeetCode 36 for whole judge files — are each case's givens
//! consistent (no digit twice in a row, column or region, well-formed jigsaw walls)?

use crate::check::cases::{self, Cases, InputError};
use crate::cli::ValidateArgs;
use crate::exit::Exit;
use crate::input::Source;
use crate::model::{Puzzle, first_clash};
use std::io::{self, BufWriter, Write};

/// How a file went.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Status {
    Valid = 0,
    Invalid = 1,
    Error = 2,
}

/// Validates; the exit status is 0, 1 or 2 (see [`ValidateArgs`]).
pub fn run(args: &ValidateArgs) -> Exit {
    let files: Vec<&str> = if args.files.is_empty() {
        vec!["-"]
    } else {
        args.files.iter().map(String::as_str).collect()
    };
    let mut out = BufWriter::new(io::stdout().lock());
    let mut worst = Status::Valid;
    for path in &files {
        let prefix = if files.len() > 1 {
            format!("{path}: ")
        } else {
            String::new()
        };
        let s = validate_file(path, args, &prefix, &mut out).unwrap_or_else(|e| {
            if e.kind() != io::ErrorKind::BrokenPipe {
                eprintln!("error: writing output: {e}");
            }
            Status::Error
        });
        worst = worst.max(s);
    }
    if let Err(e) = out.flush()
        && e.kind() != io::ErrorKind::BrokenPipe
    {
        eprintln!("error: writing output: {e}");
        worst = Status::Error;
    }
    drop(out);
    Exit::Code(worst as u8)
}

fn validate_file(
    path: &str,
    args: &ValidateArgs,
    prefix: &str,
    out: &mut impl Write,
) -> io::Result<Status> {
    let mut source = match Source::open(path) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {path}: {e}");
            return Ok(Status::Error);
        }
    };
    let name = source.name().to_string();
    let format = match args.format.format() {
        Some(f) => f,
        None => match cases::detect(&mut source) {
            Ok(f) => f,
            Err(e) => {
                eprintln!("error: {name}:{e}");
                return Ok(Status::Error);
            }
        },
    };
    let mut status = Status::Valid;
    let mut input = Cases::new(&mut source, format);
    let mut batch: Vec<Puzzle> = Vec::new();
    let mut k: u64 = 0;
    loop {
        let error = input.next_batch(&mut batch);
        for p in &batch {
            k += 1;
            match first_clash(p, &p.cells) {
                None => writeln!(out, "{prefix}case {k}: valid")?,
                Some(c) => {
                    status = Status::Invalid;
                    writeln!(out, "{prefix}case {k}: {c}")?;
                }
            }
        }
        match error {
            // Inside a case: the case is invalid (bad walls, a bad digit) and ends the file.
            Some(InputError::Parse(e)) if e.case.is_some() => {
                let case = e.case.unwrap_or(k + 1);
                writeln!(
                    out,
                    "{prefix}case {case}: line {}, column {}: {}",
                    e.pos.line, e.pos.col, e.msg
                )?;
                eprintln!("error: {name}: cases after {case} not read");
                return Ok(status.max(Status::Invalid));
            }
            Some(e) => {
                out.flush()?;
                eprintln!("error: {}", e.message(&name));
                return Ok(Status::Error);
            }
            None if batch.is_empty() => return Ok(status),
            None => {}
        }
    }
}
