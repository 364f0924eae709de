//! Counts every solution of one puzzle with the library: `cargo run --example count_solutions
//! -- PUZZLE`, the puzzle as one line of 81 cells (`.` or `0` empty; 16x16 and 25x25 lines of
//! 256 or 625 cells too). Prints the count, and the solution when there is exactly one.

use std::process::ExitCode;
use sudoku_judge::{Answer, Mode};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [puzzle] = args.as_slice() else {
        eprintln!("usage: count_solutions PUZZLE   (one line of 81 cells, '.' for empty)");
        return ExitCode::from(2);
    };
    let problem = sudoku_judge::problem("line").expect("the line format is built in");
    let cases = match sudoku_judge::read(problem, format!("{puzzle}\n").as_bytes()) {
        Ok(cases) if cases.len() == 1 => cases,
        Ok(_) => {
            eprintln!("error: expected one puzzle");
            return ExitCode::from(2);
        }
        Err(e) => {
            eprintln!("error: puzzle:{e}");
            return ExitCode::from(2);
        }
    };
    let case = &cases[0];
    // Counting runs within the command line's budget: an empty grid has too many solutions
    // to count, and says so instead of counting for ever.
    match sudoku_judge::answer(case, Mode::Exact) {
        Ok(Answer::Count(n, solution)) => {
            println!("solutions: {n}");
            if n == 1 {
                let side = case.side();
                for row in solution.chunks(side) {
                    let cells: Vec<String> = row.iter().map(u8::to_string).collect();
                    println!("{}", cells.join(" "));
                }
            }
            ExitCode::SUCCESS
        }
        Ok(other) => {
            eprintln!("error: unexpected answer {other:?}");
            ExitCode::from(2)
        }
        Err(over) => {
            eprintln!("error: {over}");
            ExitCode::from(2)
        }
    }
}
