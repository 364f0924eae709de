//! What a judge problem asks of a case ([`Mode`]) and what the engine answers ([`Answer`]):
//! the API's own enums, open to new variants, mirroring the core's.

use crate::solve::engine as core;

/// What a judge problem asks of each case: a solution, the unique one, a count, a verdict...
/// Each [`Problem`](crate::Problem) names its own ([`Problem::mode`](crate::Problem::mode));
/// [`answer()`](crate::answer()) takes any. New modes may come: a `match` needs a `_` arm.
///
/// ```
/// use sudoku_judge::Mode;
/// let p = sudoku_judge::problem("poj2676").unwrap();
/// assert_eq!(p.mode(), Mode::First);
/// assert_eq!(sudoku_judge::problem("uva10957").unwrap().mode(), Mode::Verdict);
/// ```
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mode {
    /// Any one solution.
    First,
    /// The solution, or whether there is none or several (count to 2).
    Unique,
    /// The lexicographically smallest solution in row-major order.
    Lexmin,
    /// The exact number of solutions, and the solution when there is exactly one.
    Exact,
    /// Illegal givens, else none, one or several solutions (UVa 10957).
    Verdict,
    /// Whether the givens clash.
    Legal,
    /// Whether the grid is full and every unit holds each value once.
    Complete,
    /// Which cells repeat a value of one of their units (AOJ 0126).
    Marks,
    /// Naked and hidden singles only: how far they get.
    Singles,
    /// Unique and minimal (no given can go), else which it is not (HDU 3909).
    Minimal,
    /// The largest score `Σ weight × value` over all solutions (Luogu P1074's target weights).
    Best,
    /// Change at most a few cells of a solved grid so that every unit has a repeat (Codeforces
    /// 1335D); a grid that is not solved gets [`Answer::NoSolution`].
    Anti,
    /// The cell-wise sum of every solution of every puzzle of the case (CodinGame's Killer
    /// Sudoku Extreme Challenge): [`Answer::Sums`].
    SumOfAll,
    /// The exact number of solutions and the lexicographically smallest of them, as
    /// [`Answer::Count`] (TIOJ 1581); none: [`Answer::NoSolution`].
    ///
    /// ```
    /// use sudoku_judge::{Answer, Mode};
    /// let p = sudoku_judge::problem("tioj1581").unwrap();
    /// let case = &sudoku_judge::read(p, b"0 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n").unwrap()[0];
    /// let smallest = vec![1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
    /// assert_eq!(sudoku_judge::answer(case, Mode::CountSmallest), Ok(Answer::Count(288, smallest)));
    /// ```
    CountSmallest,
    /// Cross-hatching only: how far it gets, as [`Answer::Partial`] (COCI 2008/2009
    /// "CROSS"); clashing givens, or a region with no place for a digit it lacks:
    /// [`Answer::NoSolution`].
    Hatching,
    /// Whether the case's puzzle derives from the solved grid read with it by the Sudoku
    /// symmetries (NWERC 2006): [`Answer::Legal`] yes, [`Answer::Illegal`] no.
    ///
    /// ```
    /// use sudoku_judge::{Answer, Mode};
    /// let p = sudoku_judge::problem("nwerc2006").unwrap();
    /// let cases = sudoku_judge::read(p, p.sample_input()).unwrap();
    /// assert_eq!(sudoku_judge::answer(&cases[0], Mode::Derived), Ok(Answer::Legal));
    /// assert_eq!(sudoku_judge::answer(&cases[1], Mode::Derived), Ok(Answer::Illegal));
    /// ```
    Derived,
    /// How many positions of the case's empty grid have exactly one solution (HDU 3476), as
    /// [`Answer::Count`] with no grid.
    ///
    /// ```
    /// use sudoku_judge::{Answer, Mode};
    /// let p = sudoku_judge::problem("hdu3476").unwrap();
    /// let case = &sudoku_judge::read(p, b"").unwrap()[0];
    /// assert_eq!(sudoku_judge::answer(case, Mode::Positions), Ok(Answer::Count(13_579_680, vec![])));
    /// ```
    Positions,
    /// For each pair of the case's puzzles, operations that turn the first into the second,
    /// or none (NWRRC 2013 "Intellectual Property"), as [`Answer::Similar`].
    ///
    /// ```
    /// use sudoku_judge::{Answer, Mode};
    /// let p = sudoku_judge::problem("nwrrc2013").unwrap();
    /// let case = &sudoku_judge::read(p, p.sample_input()).unwrap()[0];
    /// let Ok(Answer::Similar(pairs)) = sudoku_judge::answer(case, Mode::Similar) else {
    ///     panic!("an answer per pair");
    /// };
    /// assert_eq!(pairs.len(), 6);
    /// assert_eq!(pairs.iter().filter(|p| p.is_some()).count(), 3);
    /// assert_eq!(pairs[2], Some(vec![])); // puzzles 1 and 4 are the same
    /// assert_eq!(pairs[1], None);
    /// ```
    Similar,
    /// How many empty cells Lazy Larry's one greedy pass fills (ECOO 2013 "Hexudoku"):
    /// row-major, each gets the smallest value its row, column and box lack, or stays empty;
    /// [`Answer::Score`] with the count and the board after the pass.
    ///
    /// ```
    /// use sudoku_judge::{Answer, Mode};
    /// let p = sudoku_judge::problem("ecoo13r1p3").unwrap();
    /// let case = &sudoku_judge::read(p, p.sample_input()).unwrap()[0];
    /// let Ok(Answer::Score(filled, after)) = sudoku_judge::answer(case, Mode::OnePass) else {
    ///     panic!("a count");
    /// };
    /// assert_eq!(filled, 176);
    /// assert_eq!(after.iter().filter(|&&v| v == 0).count(), 23);
    /// ```
    OnePass,
    /// Every solution, smallest first (row-major, cell by cell), as [`Answer::Every`] (Jutge
    /// P79494 "More Sudokus"); none: an empty list. A board with more than 10,000 solutions
    /// (the cap) gets 10,001 of them, not all: the command line and the [`Writer`](crate::Writer)
    /// refuse such a case by name.
    ///
    /// ```
    /// use sudoku_judge::{Answer, Mode};
    /// let p = sudoku_judge::problem("jutge-p79494").unwrap();
    /// let cases = sudoku_judge::read(p, p.sample_input()).unwrap();
    /// let Ok(Answer::Every(all)) = sudoku_judge::answer(&cases[2], Mode::Every) else {
    ///     panic!("a list");
    /// };
    /// assert_eq!(all.len(), 4);
    /// assert!(all.windows(2).all(|w| w[0] < w[1]));
    /// assert_eq!(sudoku_judge::answer(&cases[1], Mode::Every), Ok(Answer::Every(vec![])));
    /// ```
    Every,
    /// The N-th solution in order, N being the case's rank (SGU 437 "Hexodoku": `K N`, then the
    /// 31 cells of its hexagon), as [`Answer::Solved`]; fewer than N: [`Answer::NoSolution`]. A
    /// case whose problem asks no rank asks for the first, its smallest solution.
    ///
    /// ```
    /// use sudoku_judge::{Answer, Mode};
    /// let p = sudoku_judge::problem("sgu437").unwrap();
    /// let case = &sudoku_judge::read(p, b"7 10080\n0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n").unwrap()[0];
    /// assert!(matches!(sudoku_judge::answer(case, Mode::Nth), Ok(Answer::Solved(_))));
    /// let case = &sudoku_judge::read(p, b"7 10081\n0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n").unwrap()[0];
    /// assert_eq!(sudoku_judge::answer(case, Mode::Nth), Ok(Answer::NoSolution));
    /// ```
    Nth,
}

impl Mode {
    /// What the mode answers, in a few words (as `sudoku-judge formats` says it).
    ///
    /// ```
    /// use sudoku_judge::Mode;
    /// assert_eq!(
    ///     Mode::Exact.describe(),
    ///     "the exact number of solutions (and the solution when it is one)"
    /// );
    /// ```
    pub fn describe(self) -> &'static str {
        self.to_core().describe()
    }

    /// The core's mode.
    pub(crate) fn to_core(self) -> core::Mode {
        match self {
            Mode::First => core::Mode::First,
            Mode::Unique => core::Mode::Unique,
            Mode::Lexmin => core::Mode::Lexmin,
            Mode::Exact => core::Mode::Exact,
            Mode::Verdict => core::Mode::Verdict,
            Mode::Legal => core::Mode::Legal,
            Mode::Complete => core::Mode::Complete,
            Mode::Marks => core::Mode::Marks,
            Mode::Singles => core::Mode::Singles,
            Mode::Minimal => core::Mode::Minimal,
            Mode::Best => core::Mode::Best,
            Mode::Anti => core::Mode::Anti,
            Mode::SumOfAll => core::Mode::SumOfAll,
            Mode::CountSmallest => core::Mode::CountSmallest,
            Mode::Hatching => core::Mode::Hatching,
            Mode::Derived => core::Mode::Derived,
            Mode::Positions => core::Mode::Positions,
            Mode::Similar => core::Mode::Similar,
            Mode::OnePass => core::Mode::OnePass,
            Mode::Every => core::Mode::Every,
            Mode::Nth => core::Mode::Nth,
        }
    }

    /// The API's name for a core mode.
    pub(crate) fn from_core(mode: core::Mode) -> Mode {
        match mode {
            core::Mode::First => Mode::First,
            core::Mode::Unique => Mode::Unique,
            core::Mode::Lexmin => Mode::Lexmin,
            core::Mode::Exact => Mode::Exact,
            core::Mode::Verdict => Mode::Verdict,
            core::Mode::Legal => Mode::Legal,
            core::Mode::Complete => Mode::Complete,
            core::Mode::Marks => Mode::Marks,
            core::Mode::Singles => Mode::Singles,
            core::Mode::Minimal => Mode::Minimal,
            core::Mode::Best => Mode::Best,
            core::Mode::Anti => Mode::Anti,
            core::Mode::SumOfAll => Mode::SumOfAll,
            core::Mode::CountSmallest => Mode::CountSmallest,
            core::Mode::Hatching => Mode::Hatching,
            core::Mode::Derived => Mode::Derived,
            core::Mode::Positions => Mode::Positions,
            core::Mode::Similar => Mode::Similar,
            core::Mode::OnePass => Mode::OnePass,
            core::Mode::Every => Mode::Every,
            core::Mode::Nth => Mode::Nth,
        }
    }
}

/// The answer to one case in one [`Mode`], made by [`answer()`](crate::answer()) or an
/// [`Engine`](crate::Engine) and spelled by a [`Writer`](crate::Writer). Grids are the cells in
/// row-major order, values `1..=side`. New variants may come: a `match` needs a `_` arm.
///
/// ```
/// use sudoku_judge::{Answer, Mode};
/// let p = sudoku_judge::problem("line").unwrap();
/// let empty = [&[b'.'; 81][..], b"\n"].concat();
/// let case = &sudoku_judge::read(p, &empty).unwrap()[0];
/// assert!(matches!(sudoku_judge::answer(case, Mode::Unique), Ok(Answer::Multiple(_))));
/// assert_eq!(sudoku_judge::answer(case, Mode::Legal), Ok(Answer::Legal));
/// ```
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Answer {
    /// A solution (the unique one, the smallest, any one) or, for [`Mode::Anti`], the changed
    /// grid.
    Solved(Vec<u8>),
    /// No solution (clashing givens included).
    NoSolution,
    /// Two or more solutions; the first one found.
    Multiple(Vec<u8>),
    /// Unique, but some given can go; the solution.
    NotMinimal(Vec<u8>),
    /// The givens clash (legality modes and [`Mode::Verdict`]).
    Illegal,
    /// The givens do not clash ([`Mode::Legal`]) or the grid is complete ([`Mode::Complete`]).
    Legal,
    /// The exact number of solutions (saturating at `u64::MAX`) and the first one found (empty
    /// when there is none).
    Count(u64, Vec<u8>),
    /// Per cell: does its value repeat in one of its units.
    Marks(Vec<bool>),
    /// How far singles got: the cells, and whether that is a solution.
    Partial {
        /// The grid singles left, `0` where they placed nothing.
        cells: Vec<u8>,
        /// True when singles alone solved it.
        solved: bool,
    },
    /// The best score and its grid ([`Mode::Best`]), or the number of cells a greedy pass
    /// filled and the board after it ([`Mode::OnePass`]).
    Score(u64, Vec<u8>),
    /// Per cell, the sum of its values over every solution ([`Mode::SumOfAll`]).
    Sums(Vec<u64>),
    /// Per pair of puzzles `(1, 2), (1, 3), ..., (2, 3), ...` ([`Mode::Similar`]): the
    /// operations that turn the first into the second, in order, each as the problem spells
    /// it (`D 1 8`, `R 1 2`, `r 4 6`, `C 2 3`, `c 7 9`, `F`), or `None` when none do. (Given
    /// to a writer, an operation that does not read as one of these is left out.)
    Similar(Vec<Option<Vec<String>>>),
    /// Every solution, smallest first ([`Mode::Every`]); more than 10,000 entries stand for a
    /// board over the cap (10,001 of its solutions, not all).
    Every(Vec<Vec<u8>>),
}

impl Answer {
    /// The grid the answer carries, if any: a solution, the first of several, a count's first
    /// solution, singles' partial grid or the best-scoring grid.
    ///
    /// ```
    /// use sudoku_judge::{Answer, Mode};
    /// let p = sudoku_judge::problem("poj2676").unwrap();
    /// let case = &sudoku_judge::read(p, p.sample_input()).unwrap()[0];
    /// let answer = sudoku_judge::answer(case, Mode::First).unwrap();
    /// assert_eq!(answer.grid().unwrap().len(), 81);
    /// assert_eq!(Answer::NoSolution.grid(), None);
    /// ```
    pub fn grid(&self) -> Option<&[u8]> {
        match self {
            Answer::Solved(g)
            | Answer::Multiple(g)
            | Answer::NotMinimal(g)
            | Answer::Count(_, g)
            | Answer::Score(_, g)
            | Answer::Partial { cells: g, .. } => (!g.is_empty()).then_some(g.as_slice()),
            Answer::NoSolution
            | Answer::Illegal
            | Answer::Legal
            | Answer::Marks(_)
            | Answer::Sums(_)
            | Answer::Similar(_)
            | Answer::Every(_) => None,
        }
    }

    /// The API's answer for the core's.
    pub(crate) fn from_core(answer: core::Answer) -> Answer {
        match answer {
            core::Answer::Solved(g) => Answer::Solved(g),
            core::Answer::NoSolution => Answer::NoSolution,
            core::Answer::Multiple(g) => Answer::Multiple(g),
            core::Answer::NotMinimal(g) => Answer::NotMinimal(g),
            core::Answer::Illegal => Answer::Illegal,
            core::Answer::Legal => Answer::Legal,
            core::Answer::Count(n, g) => Answer::Count(n, g),
            core::Answer::Marks(m) => Answer::Marks(m),
            core::Answer::Partial { cells, solved } => Answer::Partial { cells, solved },
            core::Answer::Score(n, g) => Answer::Score(n, g),
            core::Answer::Sums(s) => Answer::Sums(s),
            core::Answer::Every(all) => Answer::Every(all),
            core::Answer::Similar(pairs) => Answer::Similar(
                pairs
                    .into_iter()
                    .map(|p| p.map(|ops| ops.iter().map(ToString::to_string).collect()))
                    .collect(),
            ),
        }
    }

    /// The core's answer, for the writers.
    pub(crate) fn to_core(&self) -> core::Answer {
        match self.clone() {
            Answer::Solved(g) => core::Answer::Solved(g),
            Answer::NoSolution => core::Answer::NoSolution,
            Answer::Multiple(g) => core::Answer::Multiple(g),
            Answer::NotMinimal(g) => core::Answer::NotMinimal(g),
            Answer::Illegal => core::Answer::Illegal,
            Answer::Legal => core::Answer::Legal,
            Answer::Count(n, g) => core::Answer::Count(n, g),
            Answer::Marks(m) => core::Answer::Marks(m),
            Answer::Partial { cells, solved } => core::Answer::Partial { cells, solved },
            Answer::Score(n, g) => core::Answer::Score(n, g),
            Answer::Sums(s) => core::Answer::Sums(s),
            Answer::Every(all) => core::Answer::Every(all),
            Answer::Similar(pairs) => core::Answer::Similar(
                pairs
                    .iter()
                    .map(|p| {
                        p.as_ref()
                            .map(|ops| ops.iter().filter_map(|op| op_of(op)).collect())
                    })
                    .collect(),
            ),
        }
    }
}

/// An operation as [`Answer::Similar`] spells it, read back; `None` when it is not one.
fn op_of(text: &str) -> Option<crate::model::symmetry::Op> {
    let mut words = text.split_ascii_whitespace();
    let letter = words.next()?.as_bytes().to_vec();
    let op = crate::format::similar::parse_op(&letter, &mut || {
        words.next().map(|w| w.as_bytes().to_vec())
    });
    op.ok().filter(|_| words.next().is_none())
}
