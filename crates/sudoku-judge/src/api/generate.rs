//! Seeded case sets with their answers ([`generate()`]), as `sudoku-judge gen` makes them, and
//! why a set cannot be made ([`GenerateError`]).

use super::Problem;
use crate::generate::request::Request;
use crate::generate::set;
use std::fmt;

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

/// Why [`generate()`] made no set. New kinds may come: a `match` needs a `_` arm.
///
/// ```
/// use sudoku_judge::GenerateError;
/// let one = sudoku_judge::problem("luogu-p1784").unwrap(); // one puzzle per file
/// let e = sudoku_judge::generate(one, 7, 2).unwrap_err();
/// assert!(matches!(e, GenerateError::TooMany { most: 1, .. }));
/// assert_eq!(e.to_string(), "a luogu-p1784 file holds at most 1 case");
/// ```
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GenerateError {
    /// More cases were asked for than one of the problem's files may hold.
    TooMany {
        /// The problem.
        problem: Problem,
        /// The most cases its files hold ([`Problem::max_per_file`]).
        most: u64,
    },
    /// No case was asked for: a judge file holds one at least (`validate` rejects an empty
    /// one, and a one-case problem's reader reads none from it).
    ///
    /// ```
    /// let p = sudoku_judge::problem("poj2676").unwrap();
    /// let e = sudoku_judge::generate(p, 7, 0).unwrap_err();
    /// assert_eq!(e, sudoku_judge::GenerateError::NoCase { problem: p });
    /// assert_eq!(e.to_string(), "a poj2676 file needs at least one case");
    /// ```
    NoCase {
        /// The problem.
        problem: Problem,
    },
    /// A case of the kind asked for could not be made.
    Impossible {
        /// The case (1-based).
        case: u64,
        /// What was asked for: `a unique puzzle with 17 givens`.
        what: String,
        /// Why it failed: the tries that failed, or the bound that rules it out.
        why: String,
    },
}

impl fmt::Display for GenerateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GenerateError::TooMany { problem, most } => {
                let s = if *most == 1 { "" } else { "s" };
                write!(f, "a {problem} file holds at most {most} case{s}")
            }
            GenerateError::NoCase { problem } => {
                write!(f, "a {problem} file needs at least one case")
            }
            GenerateError::Impossible { case, what, why } => write!(
                f,
                "case {case}: cannot make {what} ({why}); widen --clues or change the request"
            ),
        }
    }
}

impl std::error::Error for GenerateError {}

/// Makes `count` cases of `problem` from `seed`, of the kinds and sizes `sudoku-judge gen
/// --format NAME --seed SEED` makes with no other flag (the same cases), with their answers.
/// Case `i` depends only on the seed and `i`. Fails when `count` is 0, when the problem's files
/// hold fewer cases ([`Problem::max_per_file`]) or when no case of a kind can be made.
///
/// ```
/// let p = sudoku_judge::problem("hdu4069").unwrap();
/// let set = sudoku_judge::generate(p, 7, 5).unwrap();
/// assert_eq!(sudoku_judge::read(p, &set.input).unwrap().len(), 5);
/// assert_eq!(sudoku_judge::solve(p, &set.input).unwrap(), set.answers);
/// assert_eq!(set, sudoku_judge::generate(p, 7, 5).unwrap());
/// ```
pub fn generate(problem: Problem, seed: u64, count: u64) -> Result<CaseSet, GenerateError> {
    if count == 0 {
        return Err(GenerateError::NoCase { problem });
    }
    if let Some(most) = problem.max_per_file()
        && count > most
    {
        return Err(GenerateError::TooMany { problem, most });
    }
    let set = set::Set::new(Request::of(problem.0, seed), count);
    let (mut input, mut answers) = (Vec::new(), Vec::new());
    set.generate(&mut |p| {
        input.extend_from_slice(p.input);
        answers.extend_from_slice(p.answers);
        Ok::<(), std::convert::Infallible>(())
    })
    .map_err(|e| match e {
        set::GenError::Impossible(e) => GenerateError::Impossible {
            case: e.index + 1,
            what: e.what,
            why: e.why,
        },
        set::GenError::Emit(never) => match never {},
    })?;
    Ok(CaseSet { input, answers })
}
