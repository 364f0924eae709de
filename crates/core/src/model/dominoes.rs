//! A domino tiling coupled with the grid (Su-Domino-Ku: MCPC 2011 D, HDU 4210, BOJ 4574): a
//! [`Tiling`], carried by [`super::Rules::with_tiling`].
//!
//! On a grid of side `N`, `N` cells are singles (no domino covers them) and the other
//! `N² - N = N(N - 1)` cells are covered by the `N(N - 1)/2` dominoes `{a, b}`, `a != b` in
//! `1..=N`, each used exactly once. A domino covers two orthogonally adjacent cells and may
//! cross box borders. Some dominoes are placed already (their cells are given); the others lie
//! wherever the grid allows. What a solution is, is its digit grid: a grid is a solution when
//! some tiling of its free cells exists ([`Tiling::tile`]), and two tilings of one grid are one
//! solution (the second puzzle of HDU 4210's sample has two).
//!
//! Pairs of values are numbered [`pair`]`(a, b)` below 128, which bounds the side at
//! [`MAX_TILING_SIDE`].

use std::fmt;

/// The largest side a tiling is played on: the pairs `{a, b}` of `1..=N` are bits of a
/// `u128` ([`pair`]).
pub const MAX_TILING_SIDE: usize = 11;

/// The bit of the unordered pair of values `{a, b}` (`1..=N` each, in either order) on a grid of
/// side at most [`MAX_TILING_SIDE`].
///
/// ```
/// use sudoku_judge_core::model::dominoes::pair;
///
/// assert_eq!(pair(2, 5), pair(5, 2));
/// assert_ne!(pair(1, 2), pair(1, 3));
/// ```
#[inline]
pub fn pair(a: u8, b: u8) -> u32 {
    let (lo, hi) = if a < b { (a, b) } else { (b, a) };
    u32::from(lo - 1) * MAX_TILING_SIDE as u32 + u32::from(hi - 1)
}

/// Every pair `{a, b}`, `a != b`, of `1..=side`, as bits ([`pair`]).
pub fn all_pairs(side: usize) -> u128 {
    let mut m = 0u128;
    for a in 1..=side as u8 {
        for b in a + 1..=side as u8 {
            m |= 1 << pair(a, b);
        }
    }
    m
}

/// Why a tiling cannot be laid on a grid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TilingError {
    /// Sides from 2 to [`MAX_TILING_SIDE`].
    Side { side: usize },
    /// A cell index past the grid.
    Cell { cell: usize },
    /// Placed domino `domino` joins two cells that are not orthogonal neighbours.
    NotAdjacent { domino: usize },
    /// Cell `cell` is in two placed dominoes, or a single and a domino, or a single twice.
    Twice { cell: usize },
    /// There must be exactly `side` singles.
    Singles { count: usize, side: usize },
}

impl fmt::Display for TilingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            TilingError::Side { side } => write!(
                f,
                "dominoes are played on grids of side 2 to {MAX_TILING_SIDE}, not {side}"
            ),
            TilingError::Cell { cell } => write!(f, "cell {cell} is not in the grid"),
            TilingError::NotAdjacent { domino } => {
                write!(
                    f,
                    "domino {} joins cells that are not neighbours",
                    domino + 1
                )
            }
            TilingError::Twice { cell } => write!(f, "cell {cell} is covered twice"),
            TilingError::Singles { count, side } => {
                write!(f, "{count} single cells, expected {side}")
            }
        }
    }
}

/// The dominoes placed and the single cells of a grid of side `side`, checked; see the
/// module doc.
///
/// ```
/// use sudoku_judge_core::model::dominoes::Tiling;
///
/// // A 2x2 grid: the first row's cells are single, the domino {1, 2} covers the second row.
/// let t = Tiling::new(2, vec![], vec![0, 1]).unwrap();
/// assert_eq!(t.tile(&[1, 2, 2, 1]).unwrap(), vec![(2, 3)]);
/// assert!(t.broken(&[1, 2, 2, 1]).is_none());
/// // The second row holding one value twice: no domino fits it.
/// assert!(t.tile(&[1, 2, 1, 1]).is_none());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Tiling {
    side: usize,
    placed: Box<[(u16, u16)]>,
    singles: Box<[u16]>,
}

impl Tiling {
    /// A tiling of a grid of side `side`: `placed` dominoes (each two neighbouring cells, kept
    /// in this order) and the `side` cells no domino covers.
    pub fn new(
        side: usize,
        placed: Vec<(u16, u16)>,
        singles: Vec<u16>,
    ) -> Result<Tiling, TilingError> {
        if !(2..=MAX_TILING_SIDE).contains(&side) {
            return Err(TilingError::Side { side });
        }
        let cells = side * side;
        let mut seen = vec![false; cells];
        let mut mark = |c: u16| {
            let c = c as usize;
            if c >= cells {
                return Err(TilingError::Cell { cell: c });
            }
            if std::mem::replace(&mut seen[c], true) {
                return Err(TilingError::Twice { cell: c });
            }
            Ok(())
        };
        for (i, &(a, b)) in placed.iter().enumerate() {
            mark(a)?;
            mark(b)?;
            if !adjacent(side, a as usize, b as usize) {
                return Err(TilingError::NotAdjacent { domino: i });
            }
        }
        for &c in &singles {
            mark(c)?;
        }
        if singles.len() != side {
            return Err(TilingError::Singles {
                count: singles.len(),
                side,
            });
        }
        Ok(Tiling {
            side,
            placed: placed.into(),
            singles: singles.into(),
        })
    }

    /// The side of the grid.
    pub fn side(&self) -> usize {
        self.side
    }

    /// The dominoes placed, in the order given.
    pub fn placed(&self) -> &[(u16, u16)] {
        &self.placed
    }

    /// The cells no domino covers, in the order given.
    pub fn singles(&self) -> &[u16] {
        &self.singles
    }

    /// The free cells: neither single nor under a placed domino (true per cell).
    pub fn free(&self) -> Vec<bool> {
        let mut free = vec![true; self.side * self.side];
        for &(a, b) in self.placed.iter() {
            free[a as usize] = false;
            free[b as usize] = false;
        }
        for &c in self.singles.iter() {
            free[c as usize] = false;
        }
        free
    }

    /// The first way the filled cells of `grid` break the tiling: a placed domino holding one
    /// value twice, two placed dominoes holding the same pair, or a full grid whose free
    /// cells no set of the unused dominoes covers. The cell to point at and why.
    pub fn broken(&self, grid: &[u8]) -> Option<(usize, String)> {
        let side = self.side;
        let name = |c: usize| format!("r{}c{}", c / side + 1, c % side + 1);
        let at = |c: u16| grid.get(c as usize).copied().unwrap_or(0);
        let mut used = 0u128;
        let mut first = [usize::MAX; 128];
        for &(a, b) in self.placed.iter() {
            let (x, y) = (at(a), at(b));
            if x == 0 || y == 0 || x as usize > side || y as usize > side {
                continue;
            }
            if x == y {
                let msg = format!(
                    "the domino {}-{} holds {x} twice",
                    name(a.into()),
                    name(b.into())
                );
                return Some((a as usize, msg));
            }
            let p = pair(x, y);
            if used >> p & 1 != 0 {
                let other = first[p as usize];
                let msg = format!(
                    "the dominoes at {} and {} both hold {{{}, {}}}",
                    name(other),
                    name(a.into()),
                    x.min(y),
                    x.max(y)
                );
                return Some((a as usize, msg));
            }
            used |= 1 << p;
            first[p as usize] = a as usize;
        }
        let full = grid.len() == side * side && grid.iter().all(|&v| (1..=side as u8).contains(&v));
        if full && self.tile(grid).is_none() {
            let free = self.free();
            let cell = free.iter().position(|&f| f).unwrap_or(0);
            let msg = "no set of the unused dominoes, each once, covers the free cells".to_string();
            return Some((cell, msg));
        }
        None
    }

    /// A tiling of the free cells of the full grid `grid` by the dominoes the placed ones
    /// leave, each once: the dominoes as cell pairs (each from a cell to its right or lower
    /// neighbour, in row-major order of their first cell); `None` when there is none (or the
    /// placed dominoes already break the rules).
    pub fn tile(&self, grid: &[u8]) -> Option<Vec<(u16, u16)>> {
        let side = self.side;
        if grid.len() != side * side || grid.iter().any(|&v| v == 0 || v as usize > side) {
            return None;
        }
        let mut used = 0u128;
        for &(a, b) in self.placed.iter() {
            let (x, y) = (grid[a as usize], grid[b as usize]);
            if x == y || used >> pair(x, y) & 1 != 0 {
                return None;
            }
            used |= 1 << pair(x, y);
        }
        let mut covered = self.free().iter().map(|&f| !f).collect::<Vec<_>>();
        let mut out = Vec::new();
        walk(side, grid, &mut covered, used, 0, &mut out).then_some(out)
    }
}

/// The plain search of [`Tiling::tile`]: the first uncovered cell from `from` on pairs with its
/// right or lower neighbour (the ones before it are covered).
fn walk(
    side: usize,
    grid: &[u8],
    covered: &mut [bool],
    used: u128,
    from: usize,
    out: &mut Vec<(u16, u16)>,
) -> bool {
    let Some(c) = (from..covered.len()).find(|&c| !covered[c]) else {
        return true;
    };
    let right = (c % side + 1 < side).then_some(c + 1);
    let down = (c + side < covered.len()).then_some(c + side);
    for e in [right, down].into_iter().flatten() {
        let (x, y) = (grid[c], grid[e]);
        if covered[e] || x == y || used >> pair(x, y) & 1 != 0 {
            continue;
        }
        covered[c] = true;
        covered[e] = true;
        out.push((c as u16, e as u16));
        if walk(side, grid, covered, used | 1 << pair(x, y), c + 1, out) {
            return true;
        }
        out.pop();
        covered[c] = false;
        covered[e] = false;
    }
    false
}

/// True when cells `a` and `b` are orthogonal neighbours on a grid of side `side`.
pub fn adjacent(side: usize, a: usize, b: usize) -> bool {
    let (ra, ca, rb, cb) = (a / side, a % side, b / side, b % side);
    (ra == rb && ca.abs_diff(cb) == 1) || (ca == cb && ra.abs_diff(rb) == 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// HDU 4210's first sample puzzle's solution, with its placed dominoes and singles.
    fn sample() -> (Vec<u8>, Tiling) {
        let rows = [
            "872643195",
            "361975842",
            "549218637",
            "126754983",
            "738169254",
            "495832761",
            "284597316",
            "657381429",
            "913426578",
        ];
        let grid: Vec<u8> = rows.concat().bytes().map(|b| b - b'0').collect();
        let loc = |s: &str| {
            let b = s.as_bytes();
            u16::from(b[0] - b'A') * 9 + u16::from(b[1] - b'1')
        };
        let placed = [
            ("B2", "B3"),
            ("C4", "C3"),
            ("D3", "E3"),
            ("E1", "F1"),
            ("B7", "B8"),
            ("F5", "F6"),
            ("F7", "F8"),
            ("G4", "G5"),
            ("I8", "I9"),
            ("C9", "B9"),
        ];
        let placed = placed.iter().map(|&(a, b)| (loc(a), loc(b))).collect();
        let singles = "C5 A3 D9 I4 A9 E5 A2 C6 I1".split(' ').map(loc).collect();
        (grid, Tiling::new(9, placed, singles).unwrap())
    }

    #[test]
    fn the_sample_solution_has_a_tiling() {
        let (grid, t) = sample();
        let tiles = t.tile(&grid).expect("a tiling");
        assert_eq!(tiles.len(), 36 - t.placed().len());
        let mut used = 0u128;
        for &(a, b) in t.placed().iter().chain(&tiles) {
            assert!(adjacent(9, a as usize, b as usize));
            used |= 1 << pair(grid[a as usize], grid[b as usize]);
        }
        assert_eq!(used, all_pairs(9));
        assert!(t.broken(&grid).is_none());
        // Two cells of a free domino swapped with their neighbours: a clash aside, no tiling.
        let mut g = grid.clone();
        g.swap(0, 1);
        assert!(t.broken(&g).is_some());
    }

    #[test]
    fn placed_dominoes_are_checked() {
        assert_eq!(
            Tiling::new(4, vec![(0, 2)], vec![4, 5, 6, 7]),
            Err(TilingError::NotAdjacent { domino: 0 })
        );
        assert_eq!(
            Tiling::new(4, vec![(0, 1)], vec![1, 5, 6, 7]),
            Err(TilingError::Twice { cell: 1 })
        );
        assert_eq!(
            Tiling::new(4, vec![], vec![1, 5, 6]),
            Err(TilingError::Singles { count: 3, side: 4 })
        );
        assert_eq!(
            Tiling::new(12, vec![], vec![]),
            Err(TilingError::Side { side: 12 })
        );
        // Two placed dominoes holding {1, 2}.
        let t = Tiling::new(4, vec![(0, 1), (2, 3)], vec![4, 9, 14, 7]).unwrap();
        let mut g = vec![0; 16];
        g[..4].copy_from_slice(&[1, 2, 2, 1]);
        assert!(t.broken(&g).unwrap().1.contains("both hold {1, 2}"));
    }
}
