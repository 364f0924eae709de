//! The judge problems: found by name ([`problem()`]), listed ([`problems()`]) or told from an
//! input's content as `--format auto` tells it ([`detect()`]).

use super::Mode;
use crate::check::guess::{Guess, guess};
use crate::format::detect::HEAD;
use crate::format::judges::{JUDGES, find};
use crate::format::spec::Spec;
use std::fmt;

/// One judge problem: how its input is laid out, what it asks of each case ([`Problem::mode`])
/// and how its answers are spelled. Find one with [`problem()`], [`problems()`] or
/// [`detect()`]; it is a small `Copy` handle.
///
/// ```
/// let p = sudoku_judge::problem("hdu4069").unwrap();
/// assert_eq!(p.name(), "hdu4069");
/// assert_eq!(p.mode(), sudoku_judge::Mode::Unique);
/// assert_eq!(p.to_string(), "hdu4069");
/// ```
#[derive(Clone, Copy)]
pub struct Problem(pub(crate) &'static Spec);

impl Problem {
    /// The name `--format` takes.
    ///
    /// ```
    /// assert_eq!(sudoku_judge::problem("uva1309").unwrap().name(), "poj3076");
    /// ```
    pub fn name(self) -> &'static str {
        self.0.name
    }

    /// Other names for the same problem (`uva1309` for `poj3076`).
    ///
    /// ```
    /// let p = sudoku_judge::problem("poj3076").unwrap();
    /// assert!(p.aliases().contains(&"uva1309"));
    /// ```
    pub fn aliases(self) -> &'static [&'static str] {
        self.0.aliases
    }

    /// The judge and problem it is, with its title: `HDU 4069 "Squiggly Sudoku"`.
    ///
    /// ```
    /// let p = sudoku_judge::problem("hdu4069").unwrap();
    /// assert!(p.title().starts_with("HDU 4069"));
    /// ```
    pub fn title(self) -> &'static str {
        self.0.judge
    }

    /// One line: what a case is and what is answered.
    ///
    /// ```
    /// assert!(!sudoku_judge::problem("poj2676").unwrap().summary().is_empty());
    /// ```
    pub fn summary(self) -> &'static str {
        self.0.summary
    }

    /// What the problem asks of each case.
    ///
    /// ```
    /// use sudoku_judge::Mode;
    /// assert_eq!(sudoku_judge::problem("poj2676").unwrap().mode(), Mode::First);
    /// assert_eq!(sudoku_judge::problem("uva10957").unwrap().mode(), Mode::Verdict);
    /// ```
    pub fn mode(self) -> Mode {
        Mode::from_core(self.0.mode)
    }

    /// The sample input (the judge's, or one built from the statement where it publishes none).
    ///
    /// ```
    /// let p = sudoku_judge::problem("poj2676").unwrap();
    /// assert_eq!(p.sample_input(), std::fs::read("testdata/poj2676/sample.in").unwrap());
    /// ```
    pub fn sample_input(self) -> &'static [u8] {
        self.0.sample.0.as_bytes()
    }

    /// The sample output: what [`solve()`](crate::solve()) writes for [`Problem::sample_input`].
    ///
    /// ```
    /// let p = sudoku_judge::problem("uva10957").unwrap();
    /// assert_eq!(sudoku_judge::solve(p, p.sample_input()).unwrap(), p.sample_output());
    /// ```
    pub fn sample_output(self) -> &'static [u8] {
        self.0.sample.1.as_bytes()
    }

    /// The most cases one input file may hold: 1 for a single-case problem, the statement's
    /// bound where it gives one; `None`: no bound.
    ///
    /// ```
    /// assert_eq!(sudoku_judge::problem("luogu-p1784").unwrap().max_per_file(), Some(1));
    /// assert_eq!(sudoku_judge::problem("line").unwrap().max_per_file(), None);
    /// ```
    pub fn max_per_file(self) -> Option<u64> {
        self.0.max_per_file()
    }

    /// True when the judge accepts any right solution, not one exact grid (a special judge).
    ///
    /// ```
    /// assert!(sudoku_judge::problem("poj2676").unwrap().accepts_any_solution());
    /// ```
    pub fn accepts_any_solution(self) -> bool {
        self.0.any_grid
    }
}

impl PartialEq for Problem {
    fn eq(&self, other: &Problem) -> bool {
        std::ptr::eq(self.0, other.0)
    }
}

impl Eq for Problem {}

/// Hashed as it is compared: by which problem it is, so that it can key a map.
///
/// ```
/// let mut seen = std::collections::HashSet::new();
/// assert!(seen.insert(sudoku_judge::problem("poj2676").unwrap()));
/// assert!(!seen.insert(sudoku_judge::problem("poj2676").unwrap()));
/// ```
impl std::hash::Hash for Problem {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        std::ptr::hash(self.0, state);
    }
}

impl fmt::Debug for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Problem").field(&self.0.name).finish()
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0.name)
    }
}

/// Every judge problem `sudoku-judge` knows, in the order `sudoku-judge formats` lists them.
///
/// ```
/// let names: Vec<&str> = sudoku_judge::problems().map(|p| p.name()).collect();
/// assert!(names.contains(&"poj2676") && names.contains(&"uva10957"));
/// ```
pub fn problems() -> impl ExactSizeIterator<Item = Problem> + Clone {
    JUDGES.iter().map(Problem)
}

/// The problem called `name` on the command line (`--format NAME`), or by one of its aliases.
///
/// ```
/// let p = sudoku_judge::problem("uva1309").unwrap();
/// assert_eq!(p.name(), "poj3076");
/// assert!(sudoku_judge::problem("no-such-judge").is_none());
/// ```
pub fn problem(name: &str) -> Option<Problem> {
    find(name).map(Problem)
}

/// The problem an input is in, told from its first 64 KiB as `sudoku-judge solve --format auto`
/// tells it: every problem whose reader reads those bytes (each case within the problem's
/// promise) is a candidate, and one is chosen only where all of them would answer alike.
///
/// ```
/// use sudoku_judge::DetectError;
/// let hdu = std::fs::read("testdata/hdu4069/sample.in").unwrap();
/// assert_eq!(sudoku_judge::detect(&hdu).unwrap().name(), "hdu4069");
/// // LeetCode 36 and 37 read the same boards and answer them differently.
/// let board = sudoku_judge::problem("leetcode").unwrap().sample_input();
/// let Err(DetectError::Refused { candidates, .. }) = sudoku_judge::detect(board) else {
///     panic!()
/// };
/// let names: Vec<&str> = candidates.iter().map(|p| p.name()).collect();
/// assert_eq!(names, ["leetcode", "leetcode36"]);
/// assert_eq!(sudoku_judge::detect(b"\n \n"), Err(DetectError::Empty));
/// ```
pub fn detect(input: &[u8]) -> Result<Problem, DetectError> {
    let head = &input[..input.len().min(HEAD)];
    let g = guess(head, head.len() == input.len());
    let message = g.error().unwrap_or_default();
    match g {
        Guess::Took(d, _) => Ok(Problem(d.spec)),
        Guess::Refused(_, candidates) => Err(DetectError::Refused {
            candidates: candidates.into_iter().map(Problem).collect(),
            message: message
                .strip_prefix("1:1: ")
                .unwrap_or(&message)
                .to_string(),
        }),
        Guess::Unknown { empty: true, .. } => Err(DetectError::Empty),
        Guess::Unknown { empty: false, .. } => Err(DetectError::Unknown),
    }
}

/// Why [`detect()`] names no problem: the command line's refusals of `--format auto`.
///
/// ```
/// use sudoku_judge::DetectError;
/// let e = sudoku_judge::detect(b"\x00\x01 garbage\n").unwrap_err();
/// assert_eq!(e, DetectError::Unknown);
/// assert!(e.to_string().starts_with("cannot tell the format"));
/// ```
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DetectError {
    /// The input is blank.
    Empty,
    /// No problem reads it, and nothing in its content points at one.
    Unknown,
    /// Several problems read it and would answer it differently: give one.
    Refused {
        /// The problems that read it, in the order of [`problems()`].
        candidates: Vec<Problem>,
        /// The command line's message, naming them.
        message: String,
    },
}

impl fmt::Display for DetectError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DetectError::Empty => f.write_str("empty input: expected the number of cases"),
            DetectError::Unknown => f.write_str(
                "cannot tell the format; give it with --format (`sudoku-judge formats` lists them)",
            ),
            DetectError::Refused { message, .. } => f.write_str(message),
        }
    }
}

impl std::error::Error for DetectError {}
