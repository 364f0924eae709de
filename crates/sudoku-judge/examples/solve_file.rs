//! Solves a judge file with the library: `cargo run --example solve_file -- poj2676
//! testdata/poj2676/sample.in` prints what `sudoku-judge solve --format poj2676` prints, reading
//! and writing as it goes (a file of any length in bounded memory).

use std::fs::File;
use std::io;
use std::process::ExitCode;
use sudoku_judge::{Engine, Reader, SolverKind, Writer};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [name, path] = args.as_slice() else {
        eprintln!("usage: solve_file PROBLEM FILE   (e.g. poj2676 testdata/poj2676/sample.in)");
        return ExitCode::from(2);
    };
    let Some(problem) = sudoku_judge::problem(name) else {
        eprintln!("error: no problem called {name} (`sudoku-judge formats` lists them)");
        return ExitCode::from(2);
    };
    let file = match File::open(path) {
        Ok(file) => file,
        Err(e) => {
            eprintln!("error: {path}: {e}");
            return ExitCode::from(2);
        }
    };
    // One engine for the whole file: its solvers' scratch space is reused case after case.
    let mut engine = Engine::new(SolverKind::default());
    let mut writer = Writer::new(problem, io::stdout().lock());
    for case in Reader::new(problem, file).cases() {
        let case = match case {
            Ok(case) => case,
            Err(e) => {
                // The answers before the bad case go out first, as the command line's do.
                let _ = writer.flush();
                eprintln!("error: {path}:{e}");
                return ExitCode::from(2);
            }
        };
        let answer = match engine.answer(&case, problem.mode()) {
            Ok(answer) => answer,
            Err(over) => {
                let _ = writer.flush();
                eprintln!("error: {path}: case {}: {over}", writer.written() + 1);
                return ExitCode::from(2);
            }
        };
        if let Err(e) = writer.write(&case, &answer) {
            eprintln!("error: writing output: {e}");
            return ExitCode::from(2);
        }
    }
    if let Err(e) = writer.flush() {
        eprintln!("error: writing output: {e}");
        return ExitCode::from(2);
    }
    if writer.unsolved() > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
