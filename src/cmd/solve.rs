//! `sudoku-judge solve`: judge files in, the judge's exact output out.

use crate::cli::{FormatArg, SolveArgs};
use crate::cmd::create_output;
use crate::exit::Exit;
use crate::format::Format;
use crate::input::Source;
use crate::pipeline::{self, Answers, Failure, Plan};
use crate::solve::SolverKind;
use std::io::{self, BufWriter, Write};

/// Output buffer: answers are written in large blocks.
const OUT_BUF: usize = 1 << 20;

pub fn run(args: &SolveArgs) -> Exit {
    let sink = match create_output(args.output.as_deref()) {
        Ok(sink) => sink,
        Err(e) => return e,
    };
    let mut out = BufWriter::with_capacity(OUT_BUF, sink);
    let files: Vec<&str> = if args.files.is_empty() {
        vec!["-"]
    } else {
        args.files.iter().map(String::as_str).collect()
    };
    let solver = args.solver.kind();
    let result = crate::cmd::with_threads(args.threads, |parallel| {
        let mut status = Exit::Success;
        for path in &files {
            match solve_file(path, args, solver, parallel, &mut out) {
                Ok(s) if s != Exit::Success => status = s,
                Ok(_) => {}
                Err(e) => return e,
            }
        }
        status
    });
    let status = match result {
        Ok(s) => s,
        Err(msg) => {
            eprintln!("error: {msg}");
            Exit::Error
        }
    };
    match out.flush() {
        Ok(()) => status,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Exit::Success,
        Err(e) => {
            eprintln!("error: writing output: {e}");
            Exit::Error
        }
    }
}

/// Solves one file; `Err` carries the status that ends the whole run.
fn solve_file(
    path: &str,
    args: &SolveArgs,
    solver: SolverKind,
    parallel: bool,
    out: &mut (impl Write + Send),
) -> Result<Exit, Exit> {
    let mut source = Source::open(path).map_err(|e| {
        eprintln!("error: {path}: {e}");
        Exit::Error
    })?;
    let format = match args.format.format() {
        Some(f) => f,
        None => detect(&mut source)?,
    };
    if args.verbose {
        let how = if args.format == FormatArg::Auto {
            "detected"
        } else {
            "given"
        };
        eprintln!("{}: format {} ({how})", source.name(), format.name());
    }
    let plan = Plan {
        format,
        solver,
        parallel,
    };
    let name = source.name().to_string();
    let mut unsolvable = false;
    let mut emit = |a: Answers<'_>| {
        out.write_all(a.bytes)?;
        for case in a.unsolved {
            eprintln!("error: {name}: case {case}: no solution");
            unsolvable = true;
        }
        Ok(())
    };
    match pipeline::run(&mut source, plan, &mut emit) {
        Ok(_) => Ok(if unsolvable {
            Exit::Unsolvable
        } else {
            Exit::Success
        }),
        Err(Failure::Write(e)) if e.kind() == io::ErrorKind::BrokenPipe => Err(Exit::Success),
        Err(Failure::Write(e)) => {
            eprintln!("error: writing output: {e}");
            Err(Exit::Error)
        }
        Err(Failure::Read(e)) => {
            let _ = out.flush();
            eprintln!("error: {name}: {e}");
            Err(Exit::Error)
        }
        Err(Failure::Parse(e)) => {
            // Answers before the bad case go out before the message, so both streams agree.
            if let Err(w) = out.flush()
                && w.kind() == io::ErrorKind::BrokenPipe
            {
                return Err(Exit::Success);
            }
            eprintln!("error: {name}:{e}");
            Err(Exit::Error)
        }
    }
}

/// Reads enough of the source to tell its format apart.
fn detect(source: &mut Source) -> Result<Format, Exit> {
    const HEAD: usize = 64 * 1024;
    loop {
        let (window, eof) = source.window();
        if let Some(f) = Format::detect(window) {
            return Ok(f);
        }
        if eof || window.len() >= HEAD {
            let what = if window.iter().all(u8::is_ascii_whitespace) {
                "empty input: expected the number of cases"
            } else {
                "cannot tell the format; give it with --format"
            };
            eprintln!("error: {}:1:1: {what}", source.name());
            return Err(Exit::Error);
        }
        if let Err(e) = source.fill() {
            eprintln!("error: {}: {e}", source.name());
            return Err(Exit::Error);
        }
    }
}
