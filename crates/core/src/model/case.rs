//! One case of a judge file, whatever its format and size ([`Case`]): the one type the readers
//! yield, the engine answers, the writers spell, the checker judges and the generators make.
//!
//! A 9x9 case on nine regions without extra units is held inline as a [`Puzzle`] (81 bytes and
//! its layout, no allocation): that is what the tuned 9x9 readers yield and the tuned solvers
//! take. Every other case holds a [`Board`] on its geometry, with the label line it came with.

use super::{Board, Clash, Puzzle, first_clash};
use std::borrow::Cow;

/// One case: a 9x9 puzzle held inline, or a board of any size with its label.
///
/// ```
/// use sudoku_judge_core::model::{Board, Case, Geometry, Puzzle};
///
/// let nine = Case::Nine(Puzzle::standard([0; 81]));
/// assert_eq!((nine.side(), nine.cells().len()), (9, 81));
/// let four = Case::board(Board::empty(Geometry::standard(2)), Some("Grid 01".into()));
/// assert_eq!((four.side(), four.label()), (4, Some("Grid 01")));
/// assert!(four.puzzle().is_none() && nine.puzzle().is_some());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Case {
    /// A 9x9 case on nine regions (standard boxes or a jigsaw) with no extra unit and no label.
    Nine(Puzzle),
    /// Any other case: its board, and the label line it came with (`Grid 01`).
    Board {
        board: Board,
        label: Option<Box<str>>,
    },
}

impl Case {
    /// A case of `board` with `label`.
    pub fn board(board: Board, label: Option<Box<str>>) -> Case {
        Case::Board { board, label }
    }

    /// Side `N` of the grid.
    pub fn side(&self) -> usize {
        match self {
            Case::Nine(_) => super::N,
            Case::Board { board, .. } => board.side(),
        }
    }

    /// Box size `n` (the side is `n * n`).
    pub fn box_size(&self) -> usize {
        match self {
            Case::Nine(_) => 3,
            Case::Board { board, .. } => board.geometry.box_size(),
        }
    }

    /// The givens, row-major, `0` for an empty cell.
    pub fn cells(&self) -> &[u8] {
        match self {
            Case::Nine(p) => &p.cells,
            Case::Board { board, .. } => &board.cells,
        }
    }

    /// The label line the case came with, if any.
    pub fn label(&self) -> Option<&str> {
        match self {
            Case::Nine(_) => None,
            Case::Board { label, .. } => label.as_deref(),
        }
    }

    /// The first clash among the givens ([`Board::first_clash`]).
    pub fn clash(&self) -> Option<Clash> {
        match self {
            Case::Nine(p) => first_clash(p, &p.cells),
            Case::Board { board, .. } => board.first_clash(&board.cells),
        }
    }

    /// The case as a board on its geometry (built for a 9x9 puzzle, borrowed otherwise).
    pub fn to_board(&self) -> Cow<'_, Board> {
        match self {
            Case::Nine(p) => Cow::Owned(Board::from_puzzle(p)),
            Case::Board { board, .. } => Cow::Borrowed(board),
        }
    }

    /// The case's board and label, taken apart.
    pub fn into_parts(self) -> (Board, Option<Box<str>>) {
        match self {
            Case::Nine(p) => (Board::from_puzzle(&p), None),
            Case::Board { board, label } => (board, label),
        }
    }

    /// The case as a 9x9 puzzle, when the tuned 9x9 solvers can take it (side 9, nine
    /// regions, no extra units).
    pub fn puzzle(&self) -> Option<Puzzle> {
        match self {
            Case::Nine(p) => Some(*p),
            Case::Board { board, .. } => board.to_puzzle(),
        }
    }

    /// The same case (geometry and label) with other givens.
    ///
    /// # Panics
    /// When `cells` has the wrong length or a value above the side.
    pub fn with_cells(&self, cells: &[u8]) -> Case {
        match self {
            Case::Nine(p) => {
                let mut p = *p;
                p.cells = cells.try_into().expect("81 cells");
                assert!(cells.iter().all(|&v| v <= 9), "values within 0..=9");
                Case::Nine(p)
            }
            Case::Board { board, label } => Case::Board {
                board: Board::new(board.geometry.clone(), cells.to_vec()),
                label: label.clone(),
            },
        }
    }
}

impl From<Puzzle> for Case {
    fn from(p: Puzzle) -> Case {
        Case::Nine(p)
    }
}

impl From<Board> for Case {
    fn from(board: Board) -> Case {
        Case::Board { board, label: None }
    }
}
