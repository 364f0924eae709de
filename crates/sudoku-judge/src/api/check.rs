//! The special judge: a contestant's output judged against the input ([`check()`]), as
//! `sudoku-judge check` judges it, and what it found ([`Report`], [`Fault`], [`Verdict`]).

use super::Problem;
use crate::check as inner;
use crate::input::Source;
use std::fmt;
use std::io::Cursor;

/// A checker's verdict: accepted, wrong answer, presentation error, or a fault of the judge's
/// own files. New verdicts may come: a `match` needs a `_` arm.
///
/// ```
/// assert_eq!(sudoku_judge::Verdict::WrongAnswer.word(), "wrong answer");
/// ```
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// No fault.
    Accepted,
    /// A wrong answer: a grid that breaks a rule or the givens, a wrong count or word.
    WrongAnswer,
    /// The output cannot be read as the problem spells answers.
    PresentationError,
    /// The input or the judge's answer file is bad: the judge's fault, not the contestant's.
    Fail,
}

impl Verdict {
    /// The word that opens the checker's message line (`ok`, `wrong answer`, ...).
    ///
    /// ```
    /// assert_eq!(sudoku_judge::Verdict::Accepted.word(), "ok");
    /// ```
    pub fn word(self) -> &'static str {
        self.to_core().word()
    }

    fn to_core(self) -> inner::Verdict {
        match self {
            Verdict::Accepted => inner::Verdict::Accepted,
            Verdict::WrongAnswer => inner::Verdict::WrongAnswer,
            Verdict::PresentationError => inner::Verdict::PresentationError,
            Verdict::Fail => inner::Verdict::Fail,
        }
    }

    fn from_core(v: inner::Verdict) -> Verdict {
        match v {
            inner::Verdict::Accepted => Verdict::Accepted,
            inner::Verdict::WrongAnswer => Verdict::WrongAnswer,
            inner::Verdict::PresentationError => Verdict::PresentationError,
            inner::Verdict::Fail => Verdict::Fail,
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// One fault the checker found: its verdict, the case it is in and the message.
///
/// ```
/// let p = sudoku_judge::problem("poj2676").unwrap();
/// let report = sudoku_judge::check(p, p.sample_input(), b"123\n", None);
/// let fault = report.first_fault().unwrap();
/// assert_eq!(fault.verdict(), sudoku_judge::Verdict::PresentationError);
/// assert_eq!(fault.to_string(), format!("presentation error: {}", fault.message()));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fault(inner::Fault);

impl Fault {
    /// The verdict this fault earns.
    ///
    /// ```
    /// let p = sudoku_judge::problem("line").unwrap();
    /// let report = sudoku_judge::check(p, p.sample_input(), b"nonsense\n", None);
    /// assert_ne!(report.first_fault().unwrap().verdict(), sudoku_judge::Verdict::Accepted);
    /// ```
    pub fn verdict(&self) -> Verdict {
        Verdict::from_core(self.0.verdict)
    }

    /// The case (1-based) the fault is in, when it is in one.
    ///
    /// ```
    /// let p = sudoku_judge::problem("poj2676").unwrap();
    /// let mut output = p.sample_output().to_vec();
    /// output.swap(0, 1);
    /// let report = sudoku_judge::check(p, p.sample_input(), &output, None);
    /// assert_eq!(report.first_fault().unwrap().case(), Some(1));
    /// ```
    pub fn case(&self) -> Option<u64> {
        self.0.case
    }

    /// What is wrong, after the verdict word: `case 17, line 154: row 3 has two 7s (r3c2 and
    /// r3c8)`.
    ///
    /// ```
    /// let p = sudoku_judge::problem("poj2676").unwrap();
    /// let report = sudoku_judge::check(p, p.sample_input(), b"", None);
    /// assert!(!report.first_fault().unwrap().message().is_empty());
    /// ```
    pub fn message(&self) -> &str {
        &self.0.msg
    }
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// What [`check()`] found: the cases read and the faults, each with its verdict and message.
///
/// ```
/// let p = sudoku_judge::problem("poj2676").unwrap();
/// let report = sudoku_judge::check(p, p.sample_input(), b"123\n", None);
/// assert_eq!(report.verdict(), sudoku_judge::Verdict::PresentationError);
/// assert!(!report.is_accepted());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    inner: inner::Report,
    faults: Vec<Fault>,
}

impl Report {
    /// The verdict: accepted without faults; a fault of the judge's files wins over
    /// everything; otherwise the first fault's.
    ///
    /// ```
    /// let p = sudoku_judge::problem("hdu4069").unwrap();
    /// let report = sudoku_judge::check(p, p.sample_input(), p.sample_output(), None);
    /// assert_eq!(report.verdict(), sudoku_judge::Verdict::Accepted);
    /// ```
    pub fn verdict(&self) -> Verdict {
        Verdict::from_core(self.inner.verdict())
    }

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

    /// The number of input cases read.
    ///
    /// ```
    /// let p = sudoku_judge::problem("hdu4069").unwrap();
    /// let report = sudoku_judge::check(p, p.sample_input(), p.sample_output(), None);
    /// assert_eq!(report.cases(), 3);
    /// ```
    pub fn cases(&self) -> u64 {
        self.inner.cases
    }

    /// The faults in case order (the checker stops at the first).
    ///
    /// ```
    /// let p = sudoku_judge::problem("poj2676").unwrap();
    /// let report = sudoku_judge::check(p, p.sample_input(), b"", None);
    /// assert_eq!(report.faults().len(), 1);
    /// ```
    pub fn faults(&self) -> &[Fault] {
        &self.faults
    }

    /// The first fault, if any.
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

    /// The message lines `sudoku-judge check` prints: `ok: 3 cases`, or the first fault (with
    /// `all`, every fault and a count).
    ///
    /// ```
    /// let p = sudoku_judge::problem("hdu4069").unwrap();
    /// let report = sudoku_judge::check(p, p.sample_input(), p.sample_output(), None);
    /// assert_eq!(report.lines(false), ["ok: 3 cases"]);
    /// ```
    pub fn lines(&self, all: bool) -> Vec<String> {
        self.inner.lines(all)
    }
}

/// Judges a contestant's `output` for the `input` file of `problem` (and the judge's `answer`
/// file, which must itself be right), as `sudoku-judge check --format NAME` does: any right
/// solution is accepted where the problem accepts any, tokens are compared as judges compare
/// them, and the report stops at the first fault. Each case's expected answer is searched
/// within the command line's default budget; an input case past it is a fault of the judge's
/// files ([`Verdict::Fail`]).
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
pub fn check(problem: Problem, input: &[u8], output: &[u8], answer: Option<&[u8]>) -> Report {
    let budget = Some(super::SolverKind::Bitmask.default_budget());
    check_within(problem, input, output, answer, budget)
}

/// [`check()`] with each input case's searches capped at `budget` search nodes, as
/// `sudoku-judge check --budget N` (`None`: no cap). A case past it is a fault of the judge's
/// files ([`Verdict::Fail`]) that names it.
///
/// ```
/// use sudoku_judge::Verdict;
/// let p = sudoku_judge::problem("uva10957").unwrap();
/// let input = std::fs::read("testdata/uva10957/sample.in").unwrap();
/// let output = std::fs::read("testdata/uva10957/sample.out").unwrap();
/// assert!(sudoku_judge::check_within(p, &input, &output, None, None).is_accepted());
/// let report = sudoku_judge::check_within(p, &input, &output, None, Some(0));
/// assert_eq!(report.verdict(), Verdict::Fail);
/// assert!(report.lines(false)[0].contains("budget of 0 search nodes"));
/// ```
pub fn check_within(
    problem: Problem,
    input: &[u8],
    output: &[u8],
    answer: Option<&[u8]>,
    budget: Option<u64>,
) -> Report {
    let answer_name = "answer";
    let files = inner::Files {
        input: &mut held("input", input),
        output: held("output", output),
        answer: answer.map(|a| held(answer_name, a)),
        answer_name,
    };
    let opts = inner::Options {
        budget,
        ..inner::Options::default()
    };
    let report = inner::check(problem.0, files, &opts);
    let faults = report.faults.iter().cloned().map(Fault).collect();
    Report {
        inner: report,
        faults,
    }
}

/// Bytes in memory as a checker's input stream.
fn held(name: &str, bytes: &[u8]) -> Source {
    Source::stream(name.into(), Box::new(Cursor::new(bytes.to_vec())))
}
