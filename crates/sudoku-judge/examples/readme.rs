//! The README's "As a library" example, word for word (crates/cli/tests/readme.rs holds them equal), so
//! that `cargo test` builds it and runs it.

use std::error::Error;
use std::fs::File;
use sudoku_judge::{Reader, Writer};

fn main() -> Result<(), Box<dyn Error>> {
    let problem = sudoku_judge::problem("hdu4069").ok_or("no such problem")?;

    // Read the cases from any io::Read, answer each in the problem's mode (within the command
    // line's search budget), write the answers to any io::Write as the judge wants them.
    let input = File::open("testdata/hdu4069/sample.in")?;
    let mut writer = Writer::new(problem, Vec::new());
    for case in Reader::new(problem, input).cases() {
        let case = case?; // a malformed case: its line, column and case number
        let answer = sudoku_judge::answer(&case, problem.mode())?;
        writer.write(&case, &answer)?;
    }
    let output = writer.into_inner()?;
    print!("{}", String::from_utf8_lossy(&output));

    // Judge an output as the special judge does.
    let report = sudoku_judge::check(problem, problem.sample_input(), &output, None);
    assert!(report.is_accepted(), "{:?}", report.lines(false));

    // 100 seeded cases of every kind the problem has, with the answers `solve` writes.
    let set = sudoku_judge::generate(problem, 7, 100)?;
    assert_eq!(sudoku_judge::solve(problem, &set.input)?, set.answers);

    // `--format auto`: the problem an input is in, or a refusal naming the candidates.
    assert_eq!(sudoku_judge::detect(&set.input)?, problem);
    Ok(())
}
