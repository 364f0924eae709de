//! Geometries of every size: box size `n` = 1..=10 (side `N = n²`, 1x1 to 100x100), the
//! regions (the standard `n`x`n` boxes or any jigsaw map of `N` connected regions of `N`
//! cells) and extra units such as the two diagonals, built once per layout and shared.
//!
//! # Why a second model beside the 9x9 one
//!
//! The 9x9 model ([`super::Puzzle`], [`super::Layout`]) is a fixed 162-byte `Copy` value whose
//! layout test is one array comparison; the tuned 9x9 solvers (band bitboards, the 81-bit
//! generic solver, the 324-column DLX) are built on those constants, and every nanosecond of
//! them was measured. Making that model size-generic (a side read at run time, vectors instead
//! of arrays) would put a length or a branch into every one of their loops. So the 9x9 paths
//! stay as they are, and everything else — other sizes, extra units, modes the tuned solvers do
//! not have — goes through this model and [`super::Board`]; the engine picks the path in one
//! place (`crate::solve::engine`), and a 9x9 board with no extra units is handed to the tuned
//! solvers unchanged.
//!
//! # Units
//!
//! Every unit has exactly `N` cells, so unit `u`'s cells are `units[u * N..(u + 1) * N]`, in
//! ascending cell order. Units are numbered rows `0..N`, columns `N..2N`, regions `2N..3N`, then
//! the extra units in the order they were added. Region ids are normalised: numbered in the
//! order their first cell appears in row-major order, so the standard boxes are exactly
//! `(r / n) * n + c / n` and two geometries with the same regions compare equal.
//!
//! Solving is defined for `n <= 5` ([`MAX_SOLVE_BOX`]); reading and clash checks for
//! `n <= 10` ([`MAX_BOX`]: POJ 3435 checks 100x100 grids).

use super::rules::Rules;
use super::unit::Unit;
use std::fmt;
use std::sync::{Arc, OnceLock};

/// The largest box size that can be read and checked for clashes (100x100 grids).
pub const MAX_BOX: usize = 10;
/// Extra units (diagonals, windows, ...) a geometry holds at most: one bit each per cell.
pub const MAX_EXTRAS: usize = 8;
/// The largest box size the solvers take (25x25 grids).
pub const MAX_SOLVE_BOX: usize = 5;

/// The units, regions and sizes of one grid shape; see the module doc.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Geometry {
    n: usize,
    side: usize,
    /// Region id of each cell, normalised.
    region: Box<[u8]>,
    /// Kinds of the extra units, in unit order after the regions.
    extras: Box<[Unit]>,
    /// All units' cells, `side` per unit.
    units: Box<[u16]>,
    /// Per cell, bit `i` set when the cell is in extra unit `i` (at most 8 extra units).
    in_extra: Box<[u8]>,
    standard: bool,
    /// Cages and relations beyond units ([`Geometry::with_rules`]); `None` when there are none.
    rules: Option<Arc<Rules>>,
}

impl fmt::Debug for Geometry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Geometry({}x{}", self.side, self.side)?;
        if !self.standard {
            f.write_str(", jigsaw")?;
        }
        for e in self.extras.iter() {
            write!(f, ", {e}")?;
        }
        if let Some(r) = &self.rules {
            write!(
                f,
                ", {} cages, {} relations",
                r.cages().len(),
                r.relations().len()
            )?;
        }
        f.write_str(")")
    }
}

/// Why a region map is not `N` connected regions of `N` cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RegionError {
    /// The map has `found` cells where the grid has `want`.
    Cells { found: usize, want: usize },
    /// A region id at `cell` is not below the side.
    BadId { cell: usize, id: u8 },
    /// The region whose first cell is `cell` has `size` cells, not the side.
    Size { cell: usize, size: usize },
    /// The region whose first cell is `cell` is not one orthogonally connected group.
    Disconnected { cell: usize },
}

impl RegionError {
    /// The message for a grid of side `side` (cells named `r3c4`, 1-based).
    pub fn message(&self, side: usize) -> String {
        match *self {
            RegionError::Cells { found, want } => {
                format!("the region map has {found} cells, expected {want}")
            }
            RegionError::BadId { cell, id } => format!(
                "region id {id} at {} is not in 0..{side}",
                cell_name(side, cell)
            ),
            RegionError::Size { cell, size } => format!(
                "the region containing {} has {size} cells, expected {side}",
                cell_name(side, cell)
            ),
            RegionError::Disconnected { cell } => format!(
                "the region of {} is not one connected group of cells",
                cell_name(side, cell)
            ),
        }
    }
}

/// `r3c4`-style name of a cell of a grid of side `side` (1-based, as people count).
pub fn cell_name(side: usize, cell: usize) -> String {
    format!("r{}c{}", cell / side + 1, cell % side + 1)
}

/// The standard geometries, built on first use and shared.
static STANDARD: [OnceLock<Arc<Geometry>>; MAX_BOX + 1] = [const { OnceLock::new() }; MAX_BOX + 1];

impl Geometry {
    /// The standard `n`x`n` boxes on an `n²`x`n²` grid, shared; `n` must be `1..=MAX_BOX`.
    pub fn standard(n: usize) -> Arc<Geometry> {
        assert!(
            (1..=MAX_BOX).contains(&n),
            "box size {n} out of 1..={MAX_BOX}"
        );
        STANDARD[n]
            .get_or_init(|| {
                let side = n * n;
                let region: Vec<u8> = (0..side * side)
                    .map(|c| ((c / side / n) * n + (c % side) / n) as u8)
                    .collect();
                Arc::new(Geometry::build(n, region, Vec::new(), true))
            })
            .clone()
    }

    /// A jigsaw geometry of box size `n` from any `N` labels `0..N`, each marking `N` cells that
    /// form one orthogonally connected group. The labels are renumbered in first-cell order.
    pub fn from_regions(n: usize, ids: &[u8]) -> Result<Geometry, RegionError> {
        assert!(
            (1..=MAX_BOX).contains(&n),
            "box size {n} out of 1..={MAX_BOX}"
        );
        let side = n * n;
        if ids.len() != side * side {
            return Err(RegionError::Cells {
                found: ids.len(),
                want: side * side,
            });
        }
        let mut size = vec![0usize; side];
        let mut first = vec![usize::MAX; side];
        for (cell, &id) in ids.iter().enumerate() {
            if id as usize >= side {
                return Err(RegionError::BadId { cell, id });
            }
            size[id as usize] += 1;
            if first[id as usize] == usize::MAX {
                first[id as usize] = cell;
            }
        }
        // Report the region whose first cell comes first, so the message is stable.
        let mut order: Vec<usize> = (0..side).filter(|&r| first[r] != usize::MAX).collect();
        order.sort_by_key(|&r| first[r]);
        if let Some(&r) = order.iter().find(|&&r| size[r] != side) {
            return Err(RegionError::Size {
                cell: first[r],
                size: size[r],
            });
        }
        for &r in &order {
            if !connected(side, ids, first[r]) {
                return Err(RegionError::Disconnected { cell: first[r] });
            }
        }
        let mut renumber = vec![u8::MAX; side];
        for (i, &r) in order.iter().enumerate() {
            renumber[r] = i as u8;
        }
        let region: Vec<u8> = ids.iter().map(|&id| renumber[id as usize]).collect();
        let standard = *Geometry::standard(n).region == region[..];
        Ok(Geometry::build(n, region, Vec::new(), standard))
    }

    /// The 9x9 geometry of a [`super::Layout`].
    pub fn from_layout(layout: &super::Layout) -> Arc<Geometry> {
        if layout.is_standard() {
            return Geometry::standard(3);
        }
        let region = layout.regions().to_vec();
        Arc::new(Geometry::build(3, region, Vec::new(), false))
    }

    /// This geometry with both main diagonals as extra units (X-sudoku); a geometry that
    /// already has them comes back unchanged.
    pub fn with_diagonals(&self) -> Geometry {
        let mut extras = self.extras.to_vec();
        for d in [Unit::Diagonal, Unit::AntiDiagonal] {
            if !extras.contains(&d) {
                extras.push(d);
            }
        }
        let mut g = Geometry::build(self.n, self.region.to_vec(), extras, self.standard);
        g.rules = self.rules.clone();
        g
    }

    fn build(n: usize, region: Vec<u8>, extras: Vec<Unit>, standard: bool) -> Geometry {
        let side = n * n;
        assert!(
            extras.len() <= MAX_EXTRAS,
            "at most {MAX_EXTRAS} extra units"
        );
        let count = 3 * side + extras.len();
        let mut units = vec![0u16; count * side];
        let mut fill = vec![0usize; count];
        let mut in_extra = vec![0u8; side * side];
        for cell in 0..side * side {
            let (r, c) = (cell / side, cell % side);
            let mut put = |u: usize| {
                units[u * side + fill[u]] = cell as u16;
                fill[u] += 1;
            };
            put(r);
            put(side + c);
            put(2 * side + region[cell] as usize);
            for (i, e) in extras.iter().enumerate() {
                let on = match e {
                    Unit::Diagonal => r == c,
                    Unit::AntiDiagonal => r + c == side - 1,
                    _ => unreachable!("only diagonals are extra units"),
                };
                if on {
                    put(3 * side + i);
                    in_extra[cell] |= 1 << i;
                }
            }
        }
        debug_assert!(fill.iter().all(|&f| f == side), "every unit has N cells");
        Geometry {
            n,
            side,
            region: region.into(),
            extras: extras.into(),
            units: units.into(),
            in_extra: in_extra.into(),
            standard,
            rules: None,
        }
    }

    /// This geometry with `rules` (cages, relations) besides its units; empty rules leave it
    /// as it is. The rules must be of this side ([`Rules::new`]).
    pub fn with_rules(&self, rules: Rules) -> Geometry {
        let mut g = self.clone();
        g.rules = (!rules.is_empty()).then(|| Arc::new(rules));
        g
    }

    /// The cages and relations beyond units, if any.
    #[inline]
    pub fn rules(&self) -> Option<&Rules> {
        self.rules.as_deref()
    }

    /// True when there are cages or relations beyond units: no tuned 9x9 path and no
    /// digit symmetry.
    #[inline]
    pub fn has_rules(&self) -> bool {
        self.rules.is_some()
    }

    /// Box size `n`.
    #[inline]
    pub fn box_size(&self) -> usize {
        self.n
    }

    /// Side `N = n²`: cells per row, column, region and unit, and the largest value.
    #[inline]
    pub fn side(&self) -> usize {
        self.side
    }

    /// Number of cells, `N²`.
    #[inline]
    pub fn cells(&self) -> usize {
        self.side * self.side
    }

    /// True when the regions are the standard `n`x`n` boxes.
    #[inline]
    pub fn is_standard(&self) -> bool {
        self.standard
    }

    /// True when there are units besides rows, columns and regions.
    #[inline]
    pub fn has_extras(&self) -> bool {
        !self.extras.is_empty()
    }

    /// The kinds of the extra units, in unit order.
    pub fn extras(&self) -> &[Unit] {
        &self.extras
    }

    /// Number of units: rows, columns, regions, extras.
    #[inline]
    pub fn unit_count(&self) -> usize {
        3 * self.side + self.extras.len()
    }

    /// The cells of unit `u`, ascending.
    #[inline]
    pub fn unit(&self, u: usize) -> &[u16] {
        &self.units[u * self.side..(u + 1) * self.side]
    }

    /// What unit `u` is, for messages.
    pub fn unit_kind(&self, u: usize) -> Unit {
        let s = self.side;
        match u / s {
            0 => Unit::Row(u),
            1 => Unit::Col(u - s),
            2 => Unit::Region(u - 2 * s),
            _ => self.extras[u - 3 * s],
        }
    }

    /// Region id (`0..N`) of a cell.
    #[inline]
    pub fn region_of(&self, cell: usize) -> usize {
        self.region[cell] as usize
    }

    /// All region ids, row-major.
    pub fn regions(&self) -> &[u8] {
        &self.region
    }

    /// The units a cell belongs to: its row, column and region, then the extra units holding
    /// it, in unit order.
    pub fn units_of(&self, cell: usize) -> impl Iterator<Item = usize> + '_ {
        let s = self.side;
        let fixed = [cell / s, s + cell % s, 2 * s + self.region[cell] as usize];
        fixed.into_iter().chain(self.extra_units_of(cell))
    }

    /// The extra units holding a cell, in unit order: the end of [`Geometry::units_of`].
    ///
    /// ```
    /// use sudoku_judge_core::model::Geometry;
    ///
    /// let x = Geometry::standard(3).with_diagonals();
    /// assert_eq!(x.extra_units_of(40).collect::<Vec<_>>(), [27, 28]); // the centre: both
    /// assert_eq!(x.extra_units_of(1).count(), 0);
    /// ```
    pub fn extra_units_of(&self, cell: usize) -> impl Iterator<Item = usize> + '_ {
        let (s, extra) = (self.side, self.in_extra[cell]);
        (0..self.extras.len())
            .filter(move |i| extra >> i & 1 != 0)
            .map(move |i| 3 * s + i)
    }

    /// The 9x9 layout of this geometry, when the tuned 9x9 solvers can take it: side 9, no
    /// extra units and no rules.
    pub fn layout9(&self) -> Option<super::Layout> {
        if self.side != super::N || self.has_extras() || self.has_rules() {
            return None;
        }
        if self.standard {
            return Some(super::Layout::standard());
        }
        let ids: &[u8; super::CELLS] = self.region[..].try_into().ok()?;
        super::Layout::from_regions(ids).ok()
    }
}

/// True when the cells holding `ids[start]`'s label form one orthogonally connected group.
fn connected(side: usize, ids: &[u8], start: usize) -> bool {
    let label = ids[start];
    let mut seen = vec![false; ids.len()];
    let mut stack = vec![start];
    seen[start] = true;
    let mut reached = 0;
    while let Some(c) = stack.pop() {
        reached += 1;
        let (r, col) = (c / side, c % side);
        let mut visit = |next: usize| {
            if !seen[next] && ids[next] == label {
                seen[next] = true;
                stack.push(next);
            }
        };
        if r > 0 {
            visit(c - side);
        }
        if r + 1 < side {
            visit(c + side);
        }
        if col > 0 {
            visit(c - 1);
        }
        if col + 1 < side {
            visit(c + 1);
        }
    }
    reached == ids.iter().filter(|&&id| id == label).count()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Layout;

    #[test]
    fn standard_boxes_at_every_size() {
        for n in 1..=MAX_BOX {
            let g = Geometry::standard(n);
            let side = n * n;
            assert_eq!(
                (g.side(), g.cells(), g.unit_count()),
                (side, side * side, 3 * side)
            );
            assert!(g.is_standard() && !g.has_extras());
            for u in 0..g.unit_count() {
                let cells = g.unit(u);
                assert!(cells.windows(2).all(|w| w[0] < w[1]), "n {n} unit {u}");
                for &c in cells {
                    assert!(g.units_of(c as usize).any(|x| x == u));
                }
            }
            // Box of the last cell is the last region.
            assert_eq!(g.region_of(side * side - 1), side - 1);
            assert!(Arc::ptr_eq(&g, &Geometry::standard(n)), "shared");
        }
        assert_eq!(Geometry::standard(3).layout9(), Some(Layout::standard()));
        assert_eq!(Geometry::standard(4).layout9(), None);
    }

    #[test]
    fn diagonals_are_extra_units() {
        let g = Geometry::standard(2).with_diagonals();
        assert_eq!(g.unit_count(), 14);
        assert_eq!(g.unit(12), &[0, 5, 10, 15]);
        assert_eq!(g.unit(13), &[3, 6, 9, 12]);
        assert_eq!(g.unit_kind(13), Unit::AntiDiagonal);
        assert_eq!(g.units_of(5).collect::<Vec<_>>(), vec![1, 5, 8, 12]);
        assert_eq!(g.units_of(1).count(), 3);
        assert_eq!(g.with_diagonals(), g, "adding them twice changes nothing");
        assert_eq!(Geometry::standard(3).with_diagonals().layout9(), None);
        // 1x1: both diagonals are the one cell.
        let one = Geometry::standard(1).with_diagonals();
        assert_eq!(one.units_of(0).collect::<Vec<_>>(), vec![0, 1, 2, 3, 4]);
    }

    #[test]
    fn region_maps_are_checked_and_normalised() {
        // 4x4 jigsaw: two L shapes and two others, labelled out of order.
        let ids = [3, 3, 3, 2, 3, 1, 2, 2, 1, 1, 0, 2, 1, 0, 0, 0];
        let g = Geometry::from_regions(2, &ids).unwrap();
        assert!(!g.is_standard());
        assert_eq!(
            g.regions(),
            &[0, 0, 0, 1, 0, 2, 1, 1, 2, 2, 3, 1, 2, 3, 3, 3]
        );
        let std_ids: Vec<u8> = Geometry::standard(2)
            .regions()
            .iter()
            .map(|&r| 3 - r)
            .collect();
        assert!(Geometry::from_regions(2, &std_ids).unwrap().is_standard());
        assert_eq!(
            Geometry::from_regions(2, &ids[..15]),
            Err(RegionError::Cells {
                found: 15,
                want: 16
            })
        );
        let mut bad = ids;
        bad[4] = 4;
        assert_eq!(
            Geometry::from_regions(2, &bad),
            Err(RegionError::BadId { cell: 4, id: 4 })
        );
        bad[4] = 2;
        let e = Geometry::from_regions(2, &bad).unwrap_err();
        assert_eq!(e, RegionError::Size { cell: 0, size: 3 });
        assert_eq!(
            e.message(4),
            "the region containing r1c1 has 3 cells, expected 4"
        );
        // Four cells of one label in two pieces.
        let split = [0, 1, 1, 0, 0, 1, 1, 0, 2, 2, 3, 3, 2, 2, 3, 3];
        assert_eq!(
            Geometry::from_regions(2, &split),
            Err(RegionError::Disconnected { cell: 0 })
        );
    }

    #[test]
    fn nine_by_nine_layouts_round_trip() {
        let mut ids = *Layout::standard().regions();
        // r1c4 joins box 1 and r3c3 leaves it for box 2: both stay connected.
        ids[3] = 0;
        ids[20] = 1;
        let layout = Layout::from_regions(&ids).unwrap();
        let g = Geometry::from_layout(&layout);
        assert_eq!(g.layout9(), Some(layout));
        assert_eq!(*g, Geometry::from_regions(3, layout.regions()).unwrap());
    }
}
