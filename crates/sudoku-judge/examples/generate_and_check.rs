//! Generates a case set with its answers and judges them with the library's checker:
//! `cargo run --example generate_and_check -- hdu4069 20 7` makes 20 HDU 4069 cases from seed 7,
//! solves them again, and checks both the answers and a spoiled copy.

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (name, count, seed) = match args.as_slice() {
        [name, count, seed] => match (count.parse::<u64>(), seed.parse::<u64>()) {
            (Ok(c), Ok(s)) => (name, c, s),
            _ => return usage(),
        },
        _ => return usage(),
    };
    let Some(problem) = sudoku_judge::problem(name) else {
        eprintln!("error: no problem called {name} (`sudoku-judge formats` lists them)");
        return ExitCode::from(2);
    };
    let set = match sudoku_judge::generate(problem, seed, count) {
        Ok(set) => set,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let solved = match sudoku_judge::solve(problem, &set.input) {
        Ok(bytes) => bytes,
        Err(e) => {
            eprintln!("error: the generated input:{e}");
            return ExitCode::from(2);
        }
    };
    let report = sudoku_judge::check(problem, &set.input, &solved, Some(&set.answers));
    println!("{}: {}", problem.name(), report.lines(false).join("; "));
    // The last answer line cut in half: the checker must not accept that.
    let mut spoiled = set.answers.clone();
    let end = spoiled.len().saturating_sub(1);
    let cut = spoiled[..end]
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    spoiled.truncate(cut + (end - cut) / 2);
    let bad = sudoku_judge::check(problem, &set.input, &spoiled, None);
    println!("spoiled copy: {}", bad.lines(false).join("; "));
    if report.is_accepted() && !bad.is_accepted() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

fn usage() -> ExitCode {
    eprintln!("usage: generate_and_check PROBLEM COUNT SEED   (e.g. hdu4069 20 7)");
    ExitCode::from(2)
}
