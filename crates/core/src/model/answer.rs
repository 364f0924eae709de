//! What a case's answer is, as every layer names it: the [`Mode`] a judge problem asks in,
//! the [`Answer`] the engine gives, and the [`Outcome`] of a tuned 9x9 solver (a count and the
//! first grid). They sit below `format` and `solve` so that the writers (`format`) and the
//! solvers (`solve`) share them without one importing the other.

use super::Grid;

/// What a solver found: how many solutions (at most the limit) and the first of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Solutions found, capped at the limit asked for.
    pub count: u32,
    /// The first solution found; `Some` exactly when `count > 0`.
    pub solution: Option<Grid>,
}

impl Outcome {
    /// No solution.
    pub const NONE: Outcome = Outcome {
        count: 0,
        solution: None,
    };

    /// The answer this outcome gives in `mode`, one of the counting modes the tuned solvers
    /// serve ([`Mode::First`]: counted to 1; [`Mode::Unique`]: counted to 2).
    ///
    /// ```
    /// use sudoku_judge_core::model::{Answer, Mode, Outcome};
    ///
    /// let two = Outcome { count: 2, solution: Some([1; 81]) };
    /// assert_eq!(two.answer(Mode::Unique), Answer::Multiple(vec![1; 81]));
    /// assert_eq!(two.answer(Mode::First), Answer::Solved(vec![1; 81]));
    /// assert_eq!(Outcome::NONE.answer(Mode::First), Answer::NoSolution);
    /// ```
    pub fn answer(&self, mode: Mode) -> Answer {
        match (self.solution, self.count) {
            (None, _) | (_, 0) => Answer::NoSolution,
            (Some(s), 1) => Answer::Solved(s.to_vec()),
            (Some(s), _) if mode == Mode::Unique => Answer::Multiple(s.to_vec()),
            (Some(s), _) => Answer::Solved(s.to_vec()),
        }
    }
}

/// What the engine answers a case with: a tuned 9x9 solver's [`Outcome`] (for a 9x9 case held
/// inline, in the modes that count to 1 or 2: nothing allocated) or an [`Answer`] (any other
/// case or mode). The writers spell either; [`Reply::answer`] turns it into an [`Answer`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// Counted by a tuned 9x9 solver in [`Mode::First`] or [`Mode::Unique`].
    Nine(Outcome),
    /// Any other answer.
    Any(Answer),
}

/// A borrowed [`Reply`], as the writers take it: the engine hands the reply of an inline
/// 9x9 case to the writer where it is made, without moving it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReplyRef<'a> {
    /// See [`Reply::Nine`].
    Nine(&'a Outcome),
    /// See [`Reply::Any`].
    Any(&'a Answer),
}

impl ReplyRef<'_> {
    /// The owned reply.
    ///
    /// ```
    /// use sudoku_judge_core::model::{Answer, Reply, ReplyRef};
    ///
    /// assert_eq!(ReplyRef::Any(&Answer::Legal).to_owned(), Reply::Any(Answer::Legal));
    /// ```
    pub fn to_owned(self) -> Reply {
        match self {
            ReplyRef::Nine(o) => Reply::Nine(*o),
            ReplyRef::Any(a) => Reply::Any(a.clone()),
        }
    }
}

impl Reply {
    /// The reply borrowed, for a writer.
    ///
    /// ```
    /// use sudoku_judge_core::model::{Outcome, Reply, ReplyRef};
    ///
    /// assert_eq!(Reply::Nine(Outcome::NONE).view(), ReplyRef::Nine(&Outcome::NONE));
    /// ```
    pub fn view(&self) -> ReplyRef<'_> {
        match self {
            Reply::Nine(o) => ReplyRef::Nine(o),
            Reply::Any(a) => ReplyRef::Any(a),
        }
    }

    /// The answer in `mode` (the mode the reply was asked in).
    ///
    /// ```
    /// use sudoku_judge_core::model::{Answer, Mode, Outcome, Reply};
    ///
    /// assert_eq!(Reply::Nine(Outcome::NONE).answer(Mode::Unique), Answer::NoSolution);
    /// assert_eq!(Reply::Any(Answer::Legal).answer(Mode::Legal), Answer::Legal);
    /// ```
    pub fn answer(self, mode: Mode) -> Answer {
        match self {
            Reply::Nine(o) => o.answer(mode),
            Reply::Any(a) => a,
        }
    }
}

/// What a judge problem asks of each case.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
    /// Change at most N cells of a solved grid so that every unit has a repeat (Codeforces
    /// 1335D). A grid that is not solved (an empty cell, a clash) breaks the promise and gets
    /// [`Answer::NoSolution`].
    Anti,
    /// The cell-wise sum of every solution of the case's puzzles: the board's and those its
    /// rules carry along ([`super::Rules::more`]; CodinGame's Killer Sudoku Extreme Challenge).
    SumOfAll,
    /// The exact number of solutions and the lexicographically smallest of them, in
    /// [`Answer::Count`] (TIOJ 1581); none: [`Answer::NoSolution`].
    CountSmallest,
    /// Cross-hatching only (COCI 2008/2009 "CROSS"): how far it gets, in [`Answer::Partial`];
    /// clashing givens or a region with no place for a digit: [`Answer::NoSolution`].
    Hatching,
    /// Whether the case's puzzle derives from the solved grid its rules carry along
    /// ([`super::Rules::more`]) by the Sudoku symmetries (NWERC 2006): some image of the grid
    /// agrees with every given ([`super::symmetry`]). [`Answer::Legal`]: yes,
    /// [`Answer::Illegal`]: no; no solved grid carried: [`Answer::NoSolution`].
    Derived,
    /// The number of positions of the case's empty grid that have exactly one solution (HDU
    /// 3476), in [`Answer::Count`] with no grid; grids above 4x4: [`Answer::NoSolution`].
    Positions,
    /// Which of the case's puzzles are alike under the Sudoku symmetries (NWRRC 2013
    /// "Intellectual Property"): the board is the first puzzle, its rules carry the others
    /// ([`super::Rules::more`]). [`Answer::Similar`], one entry per pair `i < j` in order.
    Similar,
    /// Lazy Larry's one greedy pass (ECOO 2013 "Hexudoku"): row-major, each empty cell gets the
    /// smallest value its row, column and region lack, or stays empty
    /// ([`crate::solve::onepass`]). [`Answer::Score`]: how many cells it filled, and the board
    /// after it.
    OnePass,
    /// Every solution in lexicographic order, row-major (Jutge P79494 "More Sudokus"), in
    /// [`Answer::Every`]: none is an empty list. At most a cap (`solve::every::CAP`, 10,000);
    /// a board with more gets `CAP + 1` of them (`solve::every::over_cap`), which its callers
    /// refuse by name.
    Every,
    /// The N-th solution in lexicographic order, N being the case's rank (SGU 437 "Hexodoku":
    /// the rank of a [`super::Case::Net`]; a grid case asks for the first, its smallest), in
    /// [`Answer::Solved`]; fewer than N: [`Answer::NoSolution`].
    Nth,
}

impl Mode {
    /// What the mode answers, in a few words (for `sudoku-judge formats`).
    pub fn describe(self) -> &'static str {
        match self {
            Mode::First => "a solution",
            Mode::Unique => "the unique solution, or whether there is none or several",
            Mode::Lexmin => "the lexicographically smallest solution, row by row",
            Mode::Exact => "the exact number of solutions (and the solution when it is one)",
            Mode::Verdict => "illegal givens, or none, one or several solutions",
            Mode::Legal => "whether any given repeats in a row, column or box",
            Mode::Complete => "whether the full grid holds every value once in each unit",
            Mode::Marks => "each value marked when it repeats in one of its units",
            Mode::Singles => "how far naked and hidden singles alone get",
            Mode::Minimal => "the solution of a unique puzzle none of whose givens can go",
            Mode::Best => "the highest target score over all solutions",
            Mode::Anti => "the grid with a few cells changed so every unit has a repeat",
            Mode::SumOfAll => "the cell-wise sum of every solution of every puzzle of the case",
            Mode::CountSmallest => "the number of solutions and the smallest of them",
            Mode::Hatching => "how far cross-hatching alone gets, or an error",
            Mode::Derived => {
                "whether the puzzle derives from the solved grid by Sudoku's symmetries"
            }
            Mode::Positions => "how many positions of the grid have exactly one solution",
            Mode::Similar => {
                "for each pair of puzzles, the operations turning one into the other, or No"
            }
            Mode::OnePass => "how many empty cells one greedy pass of smallest values fills",
            Mode::Every => "every solution, smallest first",
            Mode::Nth => "the N-th solution in order, or that there are fewer",
        }
    }
}

/// The answer to one case.
#[derive(Clone, Debug, PartialEq, Eq)]
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
    /// The givens clash (legality modes and [`Mode::Verdict`]), or the puzzle does not derive
    /// from the grid ([`Mode::Derived`]).
    Illegal,
    /// The givens do not clash ([`Mode::Legal`]), the grid is complete ([`Mode::Complete`]) or
    /// the puzzle derives from the grid ([`Mode::Derived`]).
    Legal,
    /// The exact number of solutions (saturating at `u64::MAX`) and the first one found.
    Count(u64, Vec<u8>),
    /// Per cell: does its value repeat in one of its units.
    Marks(Vec<bool>),
    /// How far singles got: the cells, and whether that is a solution.
    Partial { cells: Vec<u8>, solved: bool },
    /// The best score and its grid ([`Mode::Best`]), or the number of cells a greedy pass
    /// filled and the board after it ([`Mode::OnePass`]).
    Score(u64, Vec<u8>),
    /// Per cell, the sum of its values over the solutions ([`Mode::SumOfAll`]).
    Sums(Vec<u64>),
    /// Per pair of puzzles `(1, 2), (1, 3), ..., (2, 3), ...` ([`Mode::Similar`]): the
    /// operations that turn the first into the second, applied in order, or `None` when no
    /// symmetry does.
    Similar(Vec<Option<Vec<super::symmetry::Op>>>),
    /// Every solution, smallest first ([`Mode::Every`]); more than the cap's entries
    /// (`solve::every::CAP`) stand for a board over it.
    Every(Vec<Vec<u8>>),
}
