//! One case of a judge file, whatever its format and size ([`Case`]): the one type the readers
//! yield, the engine answers, the writers spell, the checker judges and the generators make.
//!
//! A 9x9 case on nine regions without extra units is held inline as a [`Puzzle`] (81 bytes and
//! its layout, no allocation): that is what the tuned 9x9 readers yield and the tuned solvers
//! take. A case on a [`Net`] (cells and units that are no square grid: SGU 437's hexagon,
//! Tight-Fit's split cells) holds the net, a value per slot and the rank it asks for. Every
//! other case holds a [`Board`] on its geometry, with the label line it came with.

use super::{Board, Clash, Net, Puzzle, first_clash};
use std::borrow::Cow;
use std::sync::Arc;

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
    /// A case on a net: its givens are a value per slot (`0` empty), and `rank` is the
    /// solution asked for in order (SGU 437's N; `1` where the problem asks no rank).
    Net {
        net: Arc<Net>,
        givens: Vec<u8>,
        rank: u64,
        label: Option<Box<str>>,
    },
}

impl Case {
    /// A case of `board` with `label`.
    pub fn board(board: Board, label: Option<Box<str>>) -> Case {
        Case::Board { board, label }
    }

    /// A case on `net` with `givens` (a value per slot) asking for the `rank`-th solution.
    ///
    /// ```
    /// use sudoku_judge_core::model::{Case, Net};
    /// use std::sync::Arc;
    ///
    /// let hexagon = Case::net(Arc::new(Net::hexodoku(8).unwrap()), vec![0; 31], 1, None);
    /// assert_eq!((hexagon.side(), hexagon.cells().len()), (8, 31));
    /// assert_eq!(hexagon.as_net().map(|(_, rank)| rank), Some(1));
    /// assert!(hexagon.grid_board().is_none() && hexagon.puzzle().is_none());
    /// ```
    pub fn net(net: Arc<Net>, givens: Vec<u8>, rank: u64, label: Option<Box<str>>) -> Case {
        Case::Net {
            net,
            givens,
            rank,
            label,
        }
    }

    /// Side `N` of the grid; for a net, its largest value `K`.
    pub fn side(&self) -> usize {
        match self {
            Case::Nine(_) => super::N,
            Case::Board { board, .. } => board.side(),
            Case::Net { net, .. } => net.values(),
        }
    }

    /// Box size `n` (the side is `n * n`); `0` for a net, which has no boxes.
    pub fn box_size(&self) -> usize {
        match self {
            Case::Nine(_) => 3,
            Case::Board { board, .. } => board.geometry.box_size(),
            Case::Net { .. } => 0,
        }
    }

    /// The givens, row-major, `0` for an empty cell; for a net, a value per slot.
    pub fn cells(&self) -> &[u8] {
        match self {
            Case::Nine(p) => &p.cells,
            Case::Board { board, .. } => &board.cells,
            Case::Net { givens, .. } => givens,
        }
    }

    /// The label line the case came with, if any.
    pub fn label(&self) -> Option<&str> {
        match self {
            Case::Nine(_) => None,
            Case::Board { label, .. } | Case::Net { label, .. } => label.as_deref(),
        }
    }

    /// The first clash among the givens of a grid ([`Board::first_clash`]); a net's clashes
    /// are [`Net::clash`]'s, so `None` here.
    pub fn clash(&self) -> Option<Clash> {
        match self {
            Case::Nine(p) => first_clash(p, &p.cells),
            Case::Board { board, .. } => board.first_clash(&board.cells),
            Case::Net { .. } => None,
        }
    }

    /// True when `grid` solves the case: full, every given kept, no rule broken
    /// ([`Board::is_solved_by`], [`Net::is_solution`]).
    ///
    /// ```
    /// use sudoku_judge_core::model::{Case, Net};
    /// use std::sync::Arc;
    ///
    /// let net = Arc::new(Net::new(3, &[1, 2], vec![vec![0, 1]]).unwrap());
    /// let case = Case::net(net, vec![0, 1, 0], 1, None);
    /// assert!(case.is_solved_by(&[3, 1, 2]));
    /// assert!(!case.is_solved_by(&[1, 2, 3])); // the given 1 moved
    /// ```
    pub fn is_solved_by(&self, grid: &[u8]) -> bool {
        match self {
            Case::Net { net, givens, .. } => {
                net.is_solution(grid) && givens.iter().zip(grid).all(|(&g, &s)| g == 0 || g == s)
            }
            _ => self.to_board().is_solved_by(grid),
        }
    }

    /// The same case with another label.
    ///
    /// ```
    /// use sudoku_judge_core::model::{Board, Case, Geometry};
    ///
    /// let case = Case::board(Board::empty(Geometry::standard(2)), None);
    /// assert_eq!(case.with_label(Some("Grid 02".into())).label(), Some("Grid 02"));
    /// ```
    pub fn with_label(self, new: Option<Box<str>>) -> Case {
        match self {
            Case::Nine(p) => match new {
                None => Case::Nine(p),
                Some(_) => Case::board(Board::from_puzzle(&p), new),
            },
            Case::Board { board, .. } => Case::board(board, new),
            Case::Net {
                net, givens, rank, ..
            } => Case::net(net, givens, rank, new),
        }
    }

    /// The net of a case on one, with the rank it asks for.
    pub fn as_net(&self) -> Option<(&Arc<Net>, u64)> {
        match self {
            Case::Net { net, rank, .. } => Some((net, *rank)),
            _ => None,
        }
    }

    /// The case as a board on its geometry (built for a 9x9 puzzle, borrowed otherwise);
    /// `None` for a case on a net.
    pub fn grid_board(&self) -> Option<Cow<'_, Board>> {
        match self {
            Case::Nine(p) => Some(Cow::Owned(Board::from_puzzle(p))),
            Case::Board { board, .. } => Some(Cow::Borrowed(board)),
            Case::Net { .. } => None,
        }
    }

    /// The case as a board on its geometry: [`Case::grid_board`] for the cases of a grid.
    ///
    /// # Panics
    /// On a case on a net, which has no board: the callers serving nets ask [`Case::board`].
    pub fn to_board(&self) -> Cow<'_, Board> {
        self.grid_board().expect("a grid case (a net has no board)")
    }

    /// The case's board and label, taken apart.
    ///
    /// # Panics
    /// On a case on a net, as [`Case::to_board`].
    pub fn into_parts(self) -> (Board, Option<Box<str>>) {
        match self {
            Case::Nine(p) => (Board::from_puzzle(&p), None),
            Case::Board { board, label } => (board, label),
            Case::Net { .. } => panic!("a grid case (a net has no board)"),
        }
    }

    /// The case as a 9x9 puzzle, when the tuned 9x9 solvers can take it (side 9, nine
    /// regions, no extra units).
    pub fn puzzle(&self) -> Option<Puzzle> {
        match self {
            Case::Nine(p) => Some(*p),
            Case::Board { board, .. } => board.to_puzzle(),
            Case::Net { .. } => None,
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
            Case::Net {
                net, rank, label, ..
            } => {
                assert_eq!(cells.len(), net.slots(), "one value per slot");
                assert!(
                    cells.iter().all(|&v| v as usize <= net.values()),
                    "values within 0..=K"
                );
                Case::net(net.clone(), cells.to_vec(), *rank, label.clone())
            }
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
