//! Solves a judge file with the library: `cargo run --example solve_file -- poj2676
//! testdata/poj2676/sample.in` prints what `sudoku-judge solve --format poj2676` prints.

use std::io::Write;
use std::process::ExitCode;
use sudoku_judge::{Engine, SolverKind};

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
    let input = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(e) => {
            eprintln!("error: {path}: {e}");
            return ExitCode::from(2);
        }
    };
    let cases = match sudoku_judge::read(problem, &input) {
        Ok(cases) => cases,
        Err(e) => {
            eprintln!("error: {path}:{e}");
            return ExitCode::from(2);
        }
    };
    // One engine for the whole file: its solvers' scratch space is reused case after case.
    let mut engine = Engine::new(SolverKind::default());
    let mut out = Vec::new();
    let mut unsolved = false;
    for (i, case) in cases.iter().enumerate() {
        let answer = engine.reply(case, problem.mode).answer(problem.mode);
        unsolved |= sudoku_judge::write(problem, i as u64 + 1, case, &answer, &mut out);
    }
    if let Err(e) = std::io::stdout().write_all(&out) {
        eprintln!("error: writing output: {e}");
        return ExitCode::from(2);
    }
    if unsolved {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
