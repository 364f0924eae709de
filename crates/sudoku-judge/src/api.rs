//! The library's documented surface, re-exported at the crate root: find a judge problem, read
//! its input file into cases, answer a case in a mode, write the answer in the problem's
//! spelling, check a contestant's output, and generate a case set with its answers.
//!
//! Every function here gives the same bytes and verdicts as the `sudoku-judge` command: it
//! takes the same route through the readers, the engine and the writers (the tuned 9x9 path for
//! the four core formats, the spec path for the others), only on bytes in memory instead of
//! files and with no threads of its own.

use crate::check::{self, Fault};
use crate::format::judges::{JUDGES, find};
use crate::format::write_reply;
use crate::generate::request::Request;
use crate::generate::set;
use crate::input::Source;
use crate::model::ReplyRef;
use std::io::Cursor;

/// One judge problem's format: how its input is laid out, what it asks of each case
/// ([`Spec::mode`]) and how its answers are spelled. Find one with [`problem()`].
///
/// ```
/// let p = sudoku_judge::problem("hdu4069").unwrap();
/// assert_eq!(p.name, "hdu4069");
/// assert_eq!(p.mode, sudoku_judge::Mode::Unique);
/// ```
#[doc(inline)]
pub use crate::format::spec::Spec;

/// One case of an input file: a 9x9 puzzle held inline, or a board of any size (cells and
/// geometry) with the label it came with. Made by [`read()`].
///
/// ```
/// let p = sudoku_judge::problem("line").unwrap();
/// let line = b"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n";
/// let case = &sudoku_judge::read(p, line).unwrap()[0];
/// assert_eq!(case.side(), 9);
/// assert_eq!(&case.cells()[..3], &[4, 0, 0]);
/// ```
#[doc(inline)]
pub use crate::model::Case;

/// Malformed input: the line and column, the case (1-based) and what was wrong. Returned by
/// [`read()`] and [`solve()`].
///
/// ```
/// let p = sudoku_judge::problem("poj2676").unwrap();
/// let e = sudoku_judge::read(p, b"1\n12345678x\n").unwrap_err();
/// assert_eq!((e.pos.line, e.pos.col, e.case), (2, 9, Some(1)));
/// assert_eq!(e.to_string(), "2:9: case 1: expected a digit 0-9, found 'x'");
/// ```
#[doc(inline)]
pub use crate::format::ParseError;

/// What a judge problem asks of each case: a solution, the unique one, a count, a verdict...
/// Each [`Spec`] names its own ([`Spec::mode`]); [`answer()`] takes any.
///
/// ```
/// let p = sudoku_judge::problem("poj2676").unwrap();
/// assert_eq!(p.mode, sudoku_judge::Mode::First);
/// assert_eq!(sudoku_judge::Mode::Exact.describe(), "the exact number of solutions (and the solution when it is one)");
/// ```
#[doc(inline)]
pub use crate::solve::engine::Mode;

/// The answer to one case in one [`Mode`], made by [`answer()`] or an [`Engine`] and spelled by
/// [`write()`].
///
/// ```
/// use sudoku_judge::{Answer, Mode};
/// let p = sudoku_judge::problem("line").unwrap();
/// let empty = [b'.'; 81];
/// let case = &sudoku_judge::read(p, &[&empty[..], b"\n"].concat()).unwrap()[0];
/// assert!(matches!(sudoku_judge::answer(case, Mode::Unique), Answer::Multiple(_)));
/// ```
#[doc(inline)]
pub use crate::solve::engine::Answer;

/// Answers cases in every mode, keeping its solvers' scratch space from case to case: build one
/// per thread when answering many cases ([`answer()`] builds one per call).
///
/// ```
/// use sudoku_judge::{Engine, Mode, SolverKind};
/// let p = sudoku_judge::problem("poj2676").unwrap();
/// let input = std::fs::read("testdata/poj2676/sample.in").unwrap();
/// let mut engine = Engine::new(SolverKind::Dlx);
/// for case in sudoku_judge::read(p, &input).unwrap() {
///     let (count, _solution) = engine.count(&case.to_board(), 2);
///     assert_eq!(count, 1);
///     let reply = engine.reply(&case, Mode::First);
///     assert!(matches!(reply.answer(Mode::First), sudoku_judge::Answer::Solved(_)));
/// }
/// ```
#[doc(inline)]
pub use crate::solve::engine::Engine;

/// Which solver family an [`Engine`] searches with: bit masks (the default) or dancing links.
///
/// ```
/// assert_eq!(sudoku_judge::SolverKind::default().name(), "bitmask");
/// ```
#[doc(inline)]
pub use crate::solve::SolverKind;

/// What [`check()`] found: the cases read and the faults, each with its verdict and message.
///
/// ```
/// let p = sudoku_judge::problem("poj2676").unwrap();
/// let input = std::fs::read("testdata/poj2676/sample.in").unwrap();
/// let report = sudoku_judge::check(p, &input, b"123\n", None);
/// assert_eq!(report.verdict(), sudoku_judge::Verdict::PresentationError);
/// assert!(!report.is_accepted());
/// println!("{}", report.lines(false)[0]);
/// ```
#[doc(inline)]
pub use crate::check::Report;

/// A checker's verdict: accepted, wrong answer, presentation error, or a fault of the judge's
/// own files.
///
/// ```
/// assert_eq!(sudoku_judge::Verdict::WrongAnswer.word(), "wrong answer");
/// ```
#[doc(inline)]
pub use crate::check::Verdict;

/// Every judge problem `sudoku-judge` knows, in the order `sudoku-judge formats` lists them.
///
/// ```
/// let names: Vec<&str> = sudoku_judge::problems().iter().map(|p| p.name).collect();
/// assert!(names.contains(&"poj2676") && names.contains(&"uva10957"));
/// ```
pub fn problems() -> &'static [Spec] {
    JUDGES
}

/// The problem called `name` on the command line (`--format NAME`), or by one of its aliases.
///
/// ```
/// let p = sudoku_judge::problem("uva1309").unwrap();
/// assert_eq!(p.name, "poj3076");
/// assert!(sudoku_judge::problem("no-such-judge").is_none());
/// ```
pub fn problem(name: &str) -> Option<&'static Spec> {
    find(name)
}

/// The problem an input file is most likely in, told from its first bytes as `--format auto`
/// tells it; `None` when nothing fits. Several judges spell the same bytes: the first that fits
/// is taken.
///
/// ```
/// let input = std::fs::read("testdata/hdu4069/sample.in").unwrap();
/// assert_eq!(sudoku_judge::detect(&input).unwrap().name, "hdu4069");
/// ```
pub fn detect(input: &[u8]) -> Option<&'static Spec> {
    crate::format::detect::detect(input).map(|d| d.spec)
}

/// Reads every case of a whole input file of `problem`. The error names the first malformed
/// case; the cases before it are lost here (the command line answers them first).
///
/// ```
/// let p = sudoku_judge::problem("poj3076").unwrap();
/// let input = std::fs::read("testdata/poj3076/sample.in").unwrap();
/// let cases = sudoku_judge::read(p, &input).unwrap();
/// assert_eq!(cases[0].side(), 16);
/// ```
pub fn read(problem: &'static Spec, input: &[u8]) -> Result<Vec<Case>, ParseError> {
    crate::format::read_all(problem, input)
}

/// The answer to `case` in `mode` (usually its problem's [`Spec::mode`]), from a fresh
/// [`Engine`] with the default solvers. Board of 9x9 with boxes or jigsaw regions go to the
/// tuned 9x9 solvers, every other to the any-size ones.
///
/// ```
/// use sudoku_judge::{Answer, Mode};
/// let p = sudoku_judge::problem("poj2676").unwrap();
/// let input = std::fs::read("testdata/poj2676/sample.in").unwrap();
/// let case = &sudoku_judge::read(p, &input).unwrap()[0];
/// let Answer::Solved(grid) = sudoku_judge::answer(case, Mode::First) else { panic!() };
/// assert!(grid.iter().all(|&v| (1..=9).contains(&v)));
/// assert!(matches!(sudoku_judge::answer(case, Mode::Exact), Answer::Count(1, _)));
/// ```
pub fn answer(case: &Case, mode: Mode) -> Answer {
    Engine::new(SolverKind::default())
        .reply(case, mode)
        .answer(mode)
}

/// Appends the answer to case `number` (1-based, counted over the whole file) in `problem`'s
/// spelling, exactly as `sudoku-judge solve` writes it. Returns true when the case has no
/// solution and the problem has no word for that: the answer is then the line `No solution`
/// and the command line exits 1.
///
/// ```
/// use sudoku_judge::Answer;
/// let p = sudoku_judge::problem("hdu4069").unwrap();
/// let input = std::fs::read("testdata/hdu4069/sample.in").unwrap();
/// let cases = sudoku_judge::read(p, &input).unwrap();
/// let mut out = Vec::new();
/// let unsolved = sudoku_judge::write(p, 2, &cases[1], &Answer::NoSolution, &mut out);
/// assert_eq!(out, b"Case 2:\nNo solution\n");
/// assert!(!unsolved);
/// ```
pub fn write(
    problem: &'static Spec,
    number: u64,
    case: &Case,
    answer: &Answer,
    out: &mut Vec<u8>,
) -> bool {
    write_reply(problem, number, case, ReplyRef::Any(answer), out)
}

/// Reads, answers and writes a whole input file of `problem`: the bytes `sudoku-judge solve
/// --format NAME` writes for it, or the first malformed case.
///
/// ```
/// let p = sudoku_judge::problem("uva10957").unwrap();
/// let input = std::fs::read("testdata/uva10957/sample.in").unwrap();
/// let output = sudoku_judge::solve(p, &input).unwrap();
/// assert_eq!(output, std::fs::read("testdata/uva10957/sample.out").unwrap());
/// ```
pub fn solve(problem: &'static Spec, input: &[u8]) -> Result<Vec<u8>, ParseError> {
    let cases = read(problem, input)?;
    let mut engine = Engine::new(SolverKind::default());
    let mut out = Vec::new();
    for (i, case) in cases.iter().enumerate() {
        let reply = engine.reply(case, problem.mode);
        write_reply(problem, i as u64 + 1, case, reply.view(), &mut out);
    }
    Ok(out)
}

/// Judges a contestant's `output` for the `input` file of `problem` (and the judge's `answer`
/// file, which must itself be right), as `sudoku-judge check --format NAME` does: any right
/// solution is accepted where the problem accepts any, tokens are compared as judges compare
/// them, and the report stops at the first fault.
///
/// ```
/// use sudoku_judge::Verdict;
/// let p = sudoku_judge::problem("poj2676").unwrap();
/// let input = std::fs::read("testdata/poj2676/sample.in").unwrap();
/// let mut output = sudoku_judge::solve(p, &input).unwrap();
/// assert!(sudoku_judge::check(p, &input, &output, Some(&output)).is_accepted());
/// output.swap(0, 2); // two cells of row 1 swapped
/// assert_eq!(sudoku_judge::check(p, &input, &output, None).verdict(), Verdict::WrongAnswer);
/// ```
pub fn check(problem: &'static Spec, input: &[u8], output: &[u8], answer: Option<&[u8]>) -> Report {
    let answer_name = "answer";
    let files = check::Files {
        input: &mut held("input", input),
        output: held("output", output),
        answer: answer.map(|a| held(answer_name, a)),
        answer_name,
    };
    let opts = check::Options {
        budget: Some(SolverKind::Bitmask.default_budget()),
        ..check::Options::default()
    };
    check::check(problem, files, &opts)
}

/// Bytes in memory as a checker's input stream.
fn held(name: &str, bytes: &[u8]) -> Source {
    Source::stream(name.into(), Box::new(Cursor::new(bytes.to_vec())))
}

impl Report {
    /// True when the output was accepted: no fault at all.
    ///
    /// ```
    /// let p = sudoku_judge::problem("line").unwrap();
    /// let set = sudoku_judge::generate(p, 1, 3).unwrap();
    /// assert!(sudoku_judge::check(p, &set.input, &set.answers, None).is_accepted());
    /// ```
    pub fn is_accepted(&self) -> bool {
        self.verdict() == Verdict::Accepted
    }

    /// The first fault, if any: its verdict, the case (1-based) and the message.
    ///
    /// ```
    /// let p = sudoku_judge::problem("line").unwrap();
    /// let set = sudoku_judge::generate(p, 1, 3).unwrap();
    /// let report = sudoku_judge::check(p, &set.input, b"", None);
    /// assert!(report.first_fault().is_some());
    /// ```
    pub fn first_fault(&self) -> Option<&Fault> {
        self.faults.first()
    }
}

/// A generated case set: an input file and the answer file `sudoku-judge solve` writes for it.
/// Made by [`generate()`].
///
/// ```
/// let p = sudoku_judge::problem("poj2676").unwrap();
/// let set: sudoku_judge::CaseSet = sudoku_judge::generate(p, 3, 2).unwrap();
/// assert!(set.input.starts_with(b"2\n"));
/// assert_eq!(set.answers.iter().filter(|&&b| b == b'\n').count(), 18);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CaseSet {
    /// The input file, count line included where the format has one.
    pub input: Vec<u8>,
    /// The expected output, exactly as `sudoku-judge solve` writes it.
    pub answers: Vec<u8>,
}

/// Makes `count` cases of `problem` from `seed`, of the kinds and sizes `sudoku-judge gen
/// --format NAME --seed SEED` makes with no other flag (the same cases), with their answers.
/// Case `i` depends only on the seed and `i`. Fails when the problem's files hold fewer cases
/// ([`Spec::max_per_file`]) or no case of a kind can be made (the message says which).
///
/// ```
/// let p = sudoku_judge::problem("hdu4069").unwrap();
/// let set = sudoku_judge::generate(p, 7, 5).unwrap();
/// assert_eq!(sudoku_judge::read(p, &set.input).unwrap().len(), 5);
/// let one = sudoku_judge::problem("luogu-p1784").unwrap(); // one puzzle per file
/// assert!(sudoku_judge::generate(one, 7, 2).is_err());
/// assert_eq!(sudoku_judge::solve(p, &set.input).unwrap(), set.answers);
/// assert_eq!(set, sudoku_judge::generate(p, 7, 5).unwrap());
/// ```
pub fn generate(problem: &'static Spec, seed: u64, count: u64) -> Result<CaseSet, String> {
    if let Some(most) = problem.max_per_file()
        && count > most
    {
        let s = if most == 1 { "" } else { "s" };
        return Err(format!(
            "a {} file holds at most {most} case{s}",
            problem.name
        ));
    }
    let set = set::Set::new(Request::of(problem, seed), count);
    let (mut input, mut answers) = (Vec::new(), Vec::new());
    set.generate(&mut |p| {
        input.extend_from_slice(p.input);
        answers.extend_from_slice(p.answers);
        Ok::<(), std::convert::Infallible>(())
    })
    .map_err(|e| match e {
        set::GenError::Impossible(e) => e.to_string(),
        set::GenError::Emit(never) => match never {},
    })?;
    Ok(CaseSet { input, answers })
}
