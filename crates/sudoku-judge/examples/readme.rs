//! The README's "As a library" example, word for word (crates/cli/tests/readme.rs holds them equal), so
//! that `cargo test` builds it and runs it.

use std::error::Error;

fn main() -> Result<(), Box<dyn Error>> {
    let problem = sudoku_judge::problem("hdu4069").ok_or("no such problem")?;
    let input = std::fs::read("testdata/hdu4069/sample.in")?;

    // Read the cases, answer each in the problem's mode, write the answers as the judge wants.
    let cases = sudoku_judge::read(problem, &input)?;
    let mut output = Vec::new();
    for (k, case) in cases.iter().enumerate() {
        let answer = sudoku_judge::answer(case, problem.mode);
        sudoku_judge::write(problem, k as u64 + 1, case, &answer, &mut output);
    }
    print!("{}", String::from_utf8_lossy(&output));

    // Judge an output as the special judge does.
    let report = sudoku_judge::check(problem, &input, &output, None);
    assert!(report.is_accepted(), "{:?}", report.lines(false));

    // 100 seeded cases of every kind the problem has, with the answers `solve` writes.
    let set = sudoku_judge::generate(problem, 7, 100)?;
    assert_eq!(sudoku_judge::solve(problem, &set.input)?, set.answers);
    Ok(())
}
