//! Constraints beyond units ([`Rules`]): cages with sums (Killer Sudoku: the digits of a cage
//! differ and add up to its sum) and relations between two cells (an order `<`, or a pair's
//! sum compared with a constant). A [`super::Geometry`] carries them
//! ([`super::Geometry::with_rules`]): a geometry with rules is never handed to the tuned 9x9
//! solvers, whose constants know only units.
//!
//! Cells are row-major indices of the grid, values `1..=N`. The digit sets a cage of `k`
//! cells summing to `s` may hold are tabled once per cage ([`combos`]): masks with bit `d` for
//! digit `d + 1`, as the bitmask search's candidates are.
//!
//! # Where the next constraints go
//!
//! A per-cell value set (parity) is a mask per cell here, applied at a search's root. Split
//! cells (two ordered values in one cell's units) and hexagons need a geometry that
//! is not `N²` cells of units of `N` (cells and units as lists): a split cell is two cells
//! sharing every unit with a [`Relation::Less`] between them. A domino tiling
//! ([`super::dominoes::Tiling`], [`Rules::with_tiling`]) is carried here too.

use super::dominoes::Tiling;
use std::fmt;

/// The largest side a cage may be played on: its digit sets are tabled from all `2^N` digit
/// sets.
pub const MAX_CAGE_SIDE: usize = 16;

/// A set of cells whose values differ and add up to `sum`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Cage {
    /// The cells, ascending.
    pub cells: Box<[u16]>,
    pub sum: u32,
}

/// How a pair's sum compares with a constant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cmp {
    Less,
    Equal,
    Greater,
}

impl Cmp {
    /// True when `x` compares with `k` this way.
    pub fn holds(self, x: u32, k: u32) -> bool {
        match self {
            Cmp::Less => x < k,
            Cmp::Equal => x == k,
            Cmp::Greater => x > k,
        }
    }

    fn symbol(self) -> &'static str {
        match self {
            Cmp::Less => "<",
            Cmp::Equal => "=",
            Cmp::Greater => ">",
        }
    }
}

/// A constraint between two cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Relation {
    /// The value of `a` is below the value of `b`.
    Less { a: u16, b: u16 },
    /// The values of `a` and `b` add up to something that compares with `k` as `cmp` says.
    Sum { a: u16, b: u16, cmp: Cmp, k: u32 },
}

impl Relation {
    /// The two cells.
    pub fn cells(&self) -> (usize, usize) {
        match *self {
            Relation::Less { a, b } | Relation::Sum { a, b, .. } => (a as usize, b as usize),
        }
    }

    /// True when values `x` of `a` and `y` of `b` keep the relation.
    pub fn holds(&self, x: u8, y: u8) -> bool {
        match *self {
            Relation::Less { .. } => x < y,
            Relation::Sum { cmp, k, .. } => cmp.holds(u32::from(x) + u32::from(y), k),
        }
    }
}

/// Why a list of cages and relations cannot be rules of a grid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RuleError {
    /// A cell index past the grid.
    Cell { cell: usize },
    /// Cages need a side of at most [`MAX_CAGE_SIDE`].
    Side { side: usize },
    /// Cage `cage` is empty, longer than a unit, or holds a cell twice.
    CageCells { cage: usize },
    /// Relation `relation` joins a cell to itself.
    SameCell { relation: usize },
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            RuleError::Cell { cell } => write!(f, "cell {cell} is not in the grid"),
            RuleError::Side { side } => write!(
                f,
                "cages are played on grids of side at most {MAX_CAGE_SIDE}, not {side}"
            ),
            RuleError::CageCells { cage } => write!(
                f,
                "cage {} is empty, longer than a row, or holds a cell twice",
                cage + 1
            ),
            RuleError::SameCell { relation } => {
                write!(f, "relation {} joins a cell to itself", relation + 1)
            }
        }
    }
}

/// The cages and relations of a grid of side `side`, checked; see the module doc.
///
/// ```
/// use sudoku_judge_core::model::rules::{Cage, Relation, Rules};
///
/// // A 4x4 grid: the first two cells add up to 3, the third is below the fourth.
/// let cage = Cage { cells: vec![0, 1].into(), sum: 3 };
/// let rules = Rules::new(4, vec![cage], vec![Relation::Less { a: 2, b: 3 }]).unwrap();
/// let mut grid = vec![1, 2, 3, 4];
/// grid.resize(16, 1);
/// assert!(rules.broken(&grid).is_none());
/// grid.swap(2, 3);
/// assert_eq!(rules.broken(&grid).unwrap().1, "r1c3 > r1c4, expected <");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    side: usize,
    cages: Box<[Cage]>,
    /// Each cage's digit sets, `combos[combo_start[i]..combo_start[i + 1]]`.
    combos: Box<[u32]>,
    combo_start: Box<[u32]>,
    relations: Box<[Relation]>,
    /// More puzzles answered with this one ([`Rules::with_more`]).
    more: Box<[super::Board]>,
    /// A domino tiling coupled with the grid ([`Rules::with_tiling`]).
    tiling: Option<Box<Tiling>>,
}

impl Rules {
    /// These rules carrying `more` puzzles along: a case of several puzzles answered as one
    /// (CodinGame's Killer Sudoku Extreme Challenge asks for the sum of all their solutions).
    /// The board these rules are on is the first puzzle; the engine counts a case as the
    /// product of its puzzles' counts and sums every solution of each
    /// ([`super::Mode::SumOfAll`]); other questions are asked of the first alone.
    pub fn with_more(mut self, more: Vec<super::Board>) -> Rules {
        self.more = more.into();
        self
    }

    /// These rules with a domino tiling coupled with the grid (Su-Domino-Ku,
    /// [`super::dominoes`]); its side must be the rules' side.
    pub fn with_tiling(mut self, tiling: Tiling) -> Rules {
        self.tiling = Some(Box::new(tiling));
        self
    }

    /// The domino tiling, if any ([`Rules::with_tiling`]).
    pub fn tiling(&self) -> Option<&Tiling> {
        self.tiling.as_deref()
    }

    /// The puzzles carried along ([`Rules::with_more`]).
    pub fn more(&self) -> &[super::Board] {
        &self.more
    }

    /// Rules of a grid of side `side` (cells `0..side²`); each cage's cells are sorted.
    pub fn new(
        side: usize,
        cages: Vec<Cage>,
        relations: Vec<Relation>,
    ) -> Result<Rules, RuleError> {
        let cells = side * side;
        if !cages.is_empty() && side > MAX_CAGE_SIDE {
            return Err(RuleError::Side { side });
        }
        let mut sorted = Vec::with_capacity(cages.len());
        let (mut combos_all, mut combo_start) = (Vec::new(), vec![0u32]);
        for (i, cage) in cages.into_iter().enumerate() {
            let mut c = cage.cells.to_vec();
            if let Some(&bad) = c.iter().find(|&&c| c as usize >= cells) {
                return Err(RuleError::Cell { cell: bad as usize });
            }
            c.sort_unstable();
            c.dedup();
            if c.is_empty() || c.len() != cage.cells.len() || c.len() > side {
                return Err(RuleError::CageCells { cage: i });
            }
            combos_all.extend(combos(side, c.len(), cage.sum));
            combo_start.push(combos_all.len() as u32);
            sorted.push(Cage {
                cells: c.into(),
                sum: cage.sum,
            });
        }
        for (i, r) in relations.iter().enumerate() {
            let (a, b) = r.cells();
            if let Some(cell) = [a, b].into_iter().find(|&c| c >= cells) {
                return Err(RuleError::Cell { cell });
            }
            if a == b {
                return Err(RuleError::SameCell { relation: i });
            }
        }
        Ok(Rules {
            side,
            cages: sorted.into(),
            combos: combos_all.into(),
            combo_start: combo_start.into(),
            relations: relations.into(),
            more: Box::new([]),
            tiling: None,
        })
    }

    /// The cages, each with its cells ascending.
    pub fn cages(&self) -> &[Cage] {
        &self.cages
    }

    /// The relations.
    pub fn relations(&self) -> &[Relation] {
        &self.relations
    }

    /// The digit sets cage `i` may hold (bit `d`: digit `d + 1`); empty when its sum cannot be
    /// made.
    pub fn combos(&self, i: usize) -> &[u32] {
        &self.combos[self.combo_start[i] as usize..self.combo_start[i + 1] as usize]
    }

    /// True when there is nothing beyond units.
    pub fn is_empty(&self) -> bool {
        self.cages.is_empty()
            && self.relations.is_empty()
            && self.more.is_empty()
            && self.tiling.is_none()
    }

    /// The first rule a grid breaks, among its filled cells (zeros are not looked at; a cage
    /// with an empty cell is only checked for repeats and a sum already over): the cell to point
    /// at and why, cages before relations before the tiling ([`Tiling::broken`]).
    pub fn broken(&self, grid: &[u8]) -> Option<(usize, String)> {
        // `r3c4`, as `geometry::cell_name` spells it (not imported: geometry holds rules).
        let name = |c: usize| format!("r{}c{}", c / self.side + 1, c % self.side + 1);
        for cage in self.cages.iter() {
            let mut seen = 0u128;
            let mut sum = 0;
            let mut full = true;
            for &c in cage.cells.iter() {
                let v = grid.get(c as usize).copied().unwrap_or(0);
                if v == 0 {
                    full = false;
                    continue;
                }
                if v >= 128 || seen >> v & 1 != 0 {
                    let first = name(cage.cells[0] as usize);
                    return Some((
                        c as usize,
                        format!("{}: the cage of {first} has two {v}s", name(c as usize)),
                    ));
                }
                seen |= 1 << v;
                sum += u32::from(v);
            }
            if (full && sum != cage.sum) || sum > cage.sum {
                let first = cage.cells[0] as usize;
                return Some((
                    first,
                    format!(
                        "the cage of {} adds up to {sum}{}, expected {}",
                        name(first),
                        if full { "" } else { " already" },
                        cage.sum
                    ),
                ));
            }
        }
        for r in self.relations.iter() {
            let (a, b) = r.cells();
            let at = |c: usize| grid.get(c).copied().unwrap_or(0);
            let (x, y) = (at(a), at(b));
            if x == 0 || y == 0 || r.holds(x, y) {
                continue;
            }
            let msg = match *r {
                Relation::Less { .. } => format!("{} > {}, expected <", name(a), name(b)),
                Relation::Sum { cmp, k, .. } => format!(
                    "{} + {} = {}, expected {} {k}",
                    name(a),
                    name(b),
                    u32::from(x) + u32::from(y),
                    cmp.symbol()
                ),
            };
            return Some((a, msg));
        }
        self.tiling.as_ref().and_then(|t| t.broken(grid))
    }
}

/// The sets of `size` distinct digits `1..=side` adding up to `sum`, as masks (bit `d`: digit
/// `d + 1`), ascending; `side` at most [`MAX_CAGE_SIDE`].
///
/// ```
/// use sudoku_judge_core::model::rules::combos;
///
/// // 2 cells adding up to 4: {1, 3}; 3 cells adding up to 24: {7, 8, 9}.
/// assert_eq!(combos(9, 2, 4), vec![0b101]);
/// assert_eq!(combos(9, 3, 24), vec![0b1_1100_0000]);
/// assert!(combos(9, 2, 18).is_empty());
/// ```
pub fn combos(side: usize, size: usize, sum: u32) -> Vec<u32> {
    let side = side.min(MAX_CAGE_SIDE);
    let mut out = Vec::new();
    // Digits taken in increasing order; `rest` is what is left to add.
    fn walk(side: usize, from: usize, left: usize, rest: u32, mask: u32, out: &mut Vec<u32>) {
        if left == 0 {
            if rest == 0 {
                out.push(mask);
            }
            return;
        }
        for d in from..side {
            let v = d as u32 + 1;
            // The smallest the remaining `left` digits can add up to, from `v` on.
            let least = v * left as u32 + (left as u32 * (left as u32 - 1)) / 2;
            if least > rest {
                break;
            }
            walk(side, d + 1, left - 1, rest - v, mask | 1 << d, out);
        }
    }
    if size <= side {
        walk(side, 0, size, sum, 0, &mut out);
    }
    out.sort_unstable();
    out
}

/// The smallest and largest sum of `size` distinct values `1..=side`.
pub fn sum_range(side: usize, size: usize) -> (u32, u32) {
    let (s, k) = (side as u32, size as u32);
    (k * (k + 1) / 2, k * s - k * k.saturating_sub(1) / 2)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn combos_match_a_plain_enumeration() {
        for side in [4, 6, 9] {
            for size in 1..=side {
                let (lo, hi) = sum_range(side, size);
                for sum in 0..=hi + 2 {
                    let want: Vec<u32> = (0u32..1 << side)
                        .filter(|m| m.count_ones() as usize == size)
                        .filter(|m| {
                            (0..side)
                                .filter(|d| m >> d & 1 != 0)
                                .map(|d| d as u32 + 1)
                                .sum::<u32>()
                                == sum
                        })
                        .collect();
                    assert_eq!(combos(side, size, sum), want, "{side} {size} {sum}");
                    assert_eq!(want.is_empty(), !(lo..=hi).contains(&sum));
                }
            }
        }
    }

    #[test]
    fn rules_are_checked() {
        let cage = |cells: Vec<u16>, sum| Cage {
            cells: cells.into(),
            sum,
        };
        assert_eq!(
            Rules::new(4, vec![cage(vec![0, 0], 3)], vec![]),
            Err(RuleError::CageCells { cage: 0 })
        );
        assert_eq!(
            Rules::new(4, vec![cage(vec![16], 3)], vec![]),
            Err(RuleError::Cell { cell: 16 })
        );
        assert_eq!(
            Rules::new(25, vec![cage(vec![1], 3)], vec![]),
            Err(RuleError::Side { side: 25 })
        );
        let r = Rules::new(4, vec![], vec![Relation::Less { a: 3, b: 3 }]);
        assert_eq!(r, Err(RuleError::SameCell { relation: 0 }));
        let r = Rules::new(4, vec![cage(vec![5, 4], 7)], vec![]).unwrap();
        assert_eq!(&*r.cages()[0].cells, &[4, 5]);
        assert_eq!(r.combos(0), &[0b1100]);
    }
}
