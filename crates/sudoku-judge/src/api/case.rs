//! One case of an input file, as the API shows it: its size, its cells and its label.

use crate::model;

/// One case of an input file: a grid of any size with its givens, and the label it came with
/// where the format has one. Made by a [`Reader`](crate::Reader), a [`Parser`](crate::Parser)
/// or [`read()`](crate::read()); answered by [`answer()`](crate::answer()) or an
/// [`Engine`](crate::Engine).
///
/// ```
/// let p = sudoku_judge::problem("line").unwrap();
/// let line = b"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n";
/// let case = &sudoku_judge::read(p, line).unwrap()[0];
/// assert_eq!(case.side(), 9);
/// assert_eq!(&case.cells()[..3], &[4, 0, 0]);
/// assert_eq!(case.label(), None);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case(pub(crate) model::Case);

impl Case {
    /// The number of cells in a row (9 for a classic grid, 4, 16, 25, ...); for a case on a
    /// board that is no square grid (SGU 437's hexagon, Tight-Fit's split cells), its largest
    /// value `K`.
    ///
    /// ```
    /// let p = sudoku_judge::problem("poj3076").unwrap();
    /// let case = &sudoku_judge::read(p, p.sample_input()).unwrap()[0];
    /// assert_eq!(case.side(), 16);
    /// ```
    pub fn side(&self) -> usize {
        self.0.side()
    }

    /// The cells in row-major order: `0` for an empty cell, else the value `1..=side` (the
    /// judge's letters or symbols read as numbers). A split cell (Tight-Fit Sudoku's `a/b`)
    /// gives each of its values in order, so such a case has more values than cells.
    ///
    /// ```
    /// let p = sudoku_judge::problem("poj2676").unwrap();
    /// let case = &sudoku_judge::read(p, p.sample_input()).unwrap()[0];
    /// assert_eq!(case.cells().len(), 81);
    /// assert!(case.cells().iter().all(|&v| v <= 9));
    /// let tight = sudoku_judge::problem("kattis-tightfitsudoku").unwrap();
    /// let case = &sudoku_judge::read(tight, tight.sample_input()).unwrap()[0];
    /// assert_eq!((case.side(), case.cells().len()), (9, 54)); // 36 cells, 18 of them split
    /// assert_eq!(&case.cells()[..3], &[0, 0, 0]); // `-/-`, then `-/5`
    /// ```
    pub fn cells(&self) -> &[u8] {
        self.0.cells()
    }

    /// The number of given (non-empty) cells.
    ///
    /// ```
    /// let p = sudoku_judge::problem("line").unwrap();
    /// let case = &sudoku_judge::read(p, &[&[b'.'; 81][..], b"\n"].concat()).unwrap()[0];
    /// assert_eq!(case.givens(), 0);
    /// ```
    pub fn givens(&self) -> usize {
        self.0.cells().iter().filter(|&&v| v != 0).count()
    }

    /// The label the case came with (`Grid 01` in SPOJ NOVICE42's files), where the format has
    /// one; the answer repeats it.
    ///
    /// ```
    /// let p = sudoku_judge::problem("spoj-novice42").unwrap();
    /// let case = &sudoku_judge::read(p, p.sample_input()).unwrap()[0];
    /// assert!(case.label().is_some_and(|l| l.starts_with("Grid")));
    /// ```
    pub fn label(&self) -> Option<&str> {
        self.0.label()
    }
}
