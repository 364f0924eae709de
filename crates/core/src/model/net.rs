//! A network of cells and units that is not a square grid ([`Net`]): any number of cells, each
//! holding one value or several in increasing order (a split cell), units of any cells whose
//! values all differ, and a value range `1..=K` that may exceed a unit's size.
//!
//! This is the model of the problems whose board is no `N`x`N` grid: SGU 437 "Hexodoku" (31
//! cells of a hexagon, values `1..=K` for `7 <= K <= 31`, lines of 2 to 6 cells and seven
//! 7-cell windows; [`Net::hexodoku`]) and Tight-Fit Sudoku (GNY 2016, Kattis `tightfitsudoku`,
//! BOJ 13882: a 6x6 grid of 2x3 regions whose split cells hold two digits `1..=9`, the smaller
//! first; [`Net::tight_fit`]). VARIANTS.md section H (items 4 and 5) asks for exactly this.
//!
//! A net's values live in *slots*: cell `c` owns the slots `slots(c)`, in order, and a
//! solution is one value per slot. Two slots differ when they share a unit or a cell; the
//! slots of one cell increase. Slots are numbered cell by cell, so the lexicographic order of
//! solutions by slot is the judges' order by cell (SGU 437's N-th solution).

use std::fmt;

/// The most values a net may have (`K`): a slot's candidates are one `u32`.
pub const MAX_VALUES: usize = 32;
/// The most slots one cell may hold.
pub const MAX_WIDTH: usize = 4;
/// The most slots a net may have.
pub const MAX_SLOTS: usize = 1024;

/// Cells with one or more ordered values each, units of cells, values `1..=K`: see the module
/// doc.
///
/// ```
/// use sudoku_judge_core::model::net::Net;
///
/// // Three cells in one unit, values 1..=4; the middle cell is split (two values, increasing).
/// let net = Net::new(4, &[1, 2, 1], vec![vec![0, 1, 2]]).unwrap();
/// assert_eq!((net.cells(), net.slots(), net.values()), (3, 4, 4));
/// assert_eq!(net.slots_of(1), 1..3);
/// assert!(net.is_solution(&[4, 1, 3, 2]));
/// assert!(!net.is_solution(&[4, 3, 1, 2])); // the split cell decreases
/// assert!(!net.is_solution(&[4, 1, 3, 4])); // 4 twice in the unit
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Net {
    values: u8,
    /// Cell `c`'s slots are `starts[c]..starts[c + 1]`.
    starts: Box<[u16]>,
    /// The cell of each slot.
    cell_of: Box<[u16]>,
    /// Each unit's cells, ascending.
    units: Box<[Box<[u16]>]>,
    /// Each unit's slots, ascending.
    unit_slots: Box<[Box<[u16]>]>,
    /// Per slot, every other slot it must differ from (a unit or its cell shared), ascending.
    peers: Box<[Box<[u16]>]>,
}

impl fmt::Debug for Net {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Net({} cells, {} slots, {} units, values 1..={})",
            self.cells(),
            self.slots(),
            self.units.len(),
            self.values
        )
    }
}

/// Why a description is not a net.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NetError {
    /// The value range is not `1..=K` with `1 <= K <= MAX_VALUES`.
    Values(usize),
    /// A cell holds no slot or more than [`MAX_WIDTH`].
    Width { cell: usize, width: usize },
    /// More than [`MAX_SLOTS`] slots in all.
    TooManySlots(usize),
    /// A unit names a cell the net does not have.
    NoSuchCell { unit: usize, cell: usize },
    /// A unit names a cell twice.
    Repeated { unit: usize, cell: usize },
}

impl fmt::Display for NetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            NetError::Values(k) => write!(f, "values 1..={k}: K must be 1 to {MAX_VALUES}"),
            NetError::Width { cell, width } => write!(
                f,
                "cell {} holds {width} values: 1 to {MAX_WIDTH} allowed",
                cell + 1
            ),
            NetError::TooManySlots(n) => write!(f, "{n} values in all: at most {MAX_SLOTS}"),
            NetError::NoSuchCell { unit, cell } => {
                write!(
                    f,
                    "unit {} names cell {}, which is not there",
                    unit + 1,
                    cell + 1
                )
            }
            NetError::Repeated { unit, cell } => {
                write!(f, "unit {} names cell {} twice", unit + 1, cell + 1)
            }
        }
    }
}

impl std::error::Error for NetError {}

/// SGU 437's lines in its three directions and its seven windows, by the cell numbers of its
/// figure (1-based), as two independent accepted solutions encode them (VARIANTS.md F4).
const HEXODOKU_UNITS: [&[u16]; 28] = [
    &[1, 2],
    &[3, 4, 5, 6, 7],
    &[8, 9, 10, 11, 12, 13],
    &[14, 15, 16, 17, 18],
    &[19, 20, 21, 22, 23, 24],
    &[25, 26, 27, 28, 29],
    &[30, 31],
    &[7, 13],
    &[2, 6, 12, 18, 24],
    &[1, 5, 11, 17, 23, 29],
    &[4, 10, 16, 22, 28],
    &[3, 9, 15, 21, 27, 31],
    &[8, 14, 20, 26, 30],
    &[19, 25],
    &[3, 8],
    &[1, 4, 9, 14, 19],
    &[2, 5, 10, 15, 20, 25],
    &[6, 11, 16, 21, 26],
    &[7, 12, 17, 22, 27, 30],
    &[13, 18, 23, 28, 31],
    &[24, 29],
    &[1, 2, 4, 5, 6, 10, 11],
    &[3, 4, 8, 9, 10, 14, 15],
    &[6, 7, 11, 12, 13, 17, 18],
    &[10, 11, 15, 16, 17, 21, 22],
    &[14, 15, 19, 20, 21, 25, 26],
    &[17, 18, 22, 23, 24, 28, 29],
    &[21, 22, 26, 27, 28, 30, 31],
];

/// The cells of SGU 437's hexagon.
pub const HEXODOKU_CELLS: usize = 31;

impl Net {
    /// A net of values `1..=values`, cell `c` holding `widths[c]` slots, and `units` of cells
    /// (0-based) whose values all differ.
    pub fn new(values: usize, widths: &[usize], units: Vec<Vec<usize>>) -> Result<Net, NetError> {
        if values == 0 || values > MAX_VALUES {
            return Err(NetError::Values(values));
        }
        let mut starts = Vec::with_capacity(widths.len() + 1);
        let mut cell_of = Vec::new();
        starts.push(0u16);
        for (cell, &width) in widths.iter().enumerate() {
            if width == 0 || width > MAX_WIDTH {
                return Err(NetError::Width { cell, width });
            }
            if cell_of.len() + width > MAX_SLOTS {
                return Err(NetError::TooManySlots(widths.iter().sum()));
            }
            cell_of.extend(std::iter::repeat_n(cell as u16, width));
            starts.push(cell_of.len() as u16);
        }
        let mut kept = Vec::with_capacity(units.len());
        for (unit, mut cells) in units.into_iter().enumerate() {
            cells.sort_unstable();
            for (i, &cell) in cells.iter().enumerate() {
                if cell >= widths.len() {
                    return Err(NetError::NoSuchCell { unit, cell });
                }
                if i > 0 && cells[i - 1] == cell {
                    return Err(NetError::Repeated { unit, cell });
                }
            }
            kept.push(cells.into_iter().map(|c| c as u16).collect::<Box<[u16]>>());
        }
        let slots = cell_of.len();
        let unit_slots: Box<[Box<[u16]>]> = kept
            .iter()
            .map(|cells| {
                cells
                    .iter()
                    .flat_map(|&c| starts[c as usize]..starts[c as usize + 1])
                    .collect()
            })
            .collect();
        // Two slots differ when a cell or a unit holds both.
        let mut peers: Vec<Vec<u16>> = vec![Vec::new(); slots];
        let cells = starts
            .windows(2)
            .map(|w| (w[0]..w[1]).collect::<Box<[u16]>>());
        for group in cells.chain(unit_slots.iter().cloned()) {
            for &a in group.iter() {
                for &b in group.iter() {
                    if a != b {
                        peers[a as usize].push(b);
                    }
                }
            }
        }
        let peers = peers
            .into_iter()
            .map(|mut p| {
                p.sort_unstable();
                p.dedup();
                p.into_boxed_slice()
            })
            .collect();
        Ok(Net {
            values: values as u8,
            starts: starts.into(),
            cell_of: cell_of.into(),
            units: kept.into(),
            unit_slots,
            peers,
        })
    }

    /// SGU 437 "Hexodoku": the 31 cells of its hexagon (cell `i` of its figure is cell `i - 1`
    /// here), values `1..=values`, its 21 lines and 7 windows.
    ///
    /// ```
    /// use sudoku_judge_core::model::net::Net;
    ///
    /// let net = Net::hexodoku(8).unwrap();
    /// assert_eq!((net.cells(), net.units().len()), (31, 28));
    /// ```
    pub fn hexodoku(values: usize) -> Result<Net, NetError> {
        let units = HEXODOKU_UNITS
            .iter()
            .map(|u| u.iter().map(|&c| c as usize - 1).collect())
            .collect();
        Net::new(values, &[1; HEXODOKU_CELLS], units)
    }

    /// Tight-Fit Sudoku: a 6x6 grid (cells row-major) of values `1..=9`, whose rows, columns
    /// and 2-row by 3-column regions hold no value twice; `split[c]` makes cell `c` hold two
    /// values, the smaller first.
    ///
    /// ```
    /// use sudoku_judge_core::model::net::Net;
    ///
    /// let mut split = [false; 36];
    /// split[0] = true;
    /// let net = Net::tight_fit(&split);
    /// assert_eq!((net.cells(), net.slots(), net.units().len()), (36, 37, 18));
    /// ```
    pub fn tight_fit(split: &[bool; 36]) -> Net {
        let mut units = Vec::with_capacity(18);
        for i in 0..6 {
            units.push((0..6).map(|c| i * 6 + c).collect());
            units.push((0..6).map(|r| r * 6 + i).collect());
            let (top, left) = (i / 2 * 2, i % 2 * 3);
            units.push((0..6).map(|k| (top + k / 3) * 6 + left + k % 3).collect());
        }
        let widths: Vec<usize> = split.iter().map(|&s| 1 + s as usize).collect();
        Net::new(9, &widths, units).expect("a 6x6 grid of nine values")
    }

    /// `K`: values run `1..=K`.
    pub fn values(&self) -> usize {
        self.values as usize
    }

    /// The number of cells.
    pub fn cells(&self) -> usize {
        self.starts.len() - 1
    }

    /// The number of slots (values of a solution).
    pub fn slots(&self) -> usize {
        self.cell_of.len()
    }

    /// The slots of cell `cell`, in order.
    pub fn slots_of(&self, cell: usize) -> std::ops::Range<usize> {
        self.starts[cell] as usize..self.starts[cell + 1] as usize
    }

    /// The cell a slot belongs to.
    pub fn cell_of(&self, slot: usize) -> usize {
        self.cell_of[slot] as usize
    }

    /// The units, each its cells ascending.
    pub fn units(&self) -> &[Box<[u16]>] {
        &self.units
    }

    /// The slots of unit `unit`, ascending.
    pub fn unit_slots(&self, unit: usize) -> &[u16] {
        &self.unit_slots[unit]
    }

    /// The first unit whose cells hold more slots than there are values: no solution can fill
    /// it (Tight-Fit's row of four split cells needs ten different digits).
    ///
    /// ```
    /// use sudoku_judge_core::model::net::Net;
    ///
    /// let net = Net::new(3, &[2, 1, 1], vec![vec![0, 1], vec![0, 1, 2]]).unwrap();
    /// assert_eq!(net.crowded_unit(), Some(1));
    /// ```
    pub fn crowded_unit(&self) -> Option<usize> {
        (0..self.units.len()).find(|&u| self.unit_slots[u].len() > self.values())
    }

    /// Every slot `slot` must differ from, ascending.
    pub fn peers(&self, slot: usize) -> &[u16] {
        &self.peers[slot]
    }

    /// The first two slots whose values break a rule (equal values sharing a unit or a cell,
    /// or a cell's values not increasing), `0` counting as empty; values above `K` break one
    /// alone (`(slot, slot)`). `None` when the values can stand together.
    ///
    /// ```
    /// use sudoku_judge_core::model::net::Net;
    ///
    /// let net = Net::new(4, &[2, 1], vec![vec![0, 1]]).unwrap();
    /// assert_eq!(net.clash(&[3, 0, 3]), Some((0, 2)));
    /// assert_eq!(net.clash(&[3, 2, 0]), Some((0, 1)));
    /// assert_eq!(net.clash(&[0, 5, 0]), Some((1, 1)));
    /// assert_eq!(net.clash(&[0, 2, 3]), None);
    /// ```
    pub fn clash(&self, values: &[u8]) -> Option<(usize, usize)> {
        assert_eq!(values.len(), self.slots(), "one value per slot");
        for (slot, &v) in values.iter().enumerate() {
            if v > self.values {
                return Some((slot, slot));
            }
        }
        for (slot, &v) in values.iter().enumerate() {
            if v == 0 {
                continue;
            }
            for &p in self.peers(slot) {
                let p = p as usize;
                let w = values[p];
                if w == 0 {
                    continue;
                }
                let ordered = self.cell_of(p) == self.cell_of(slot) && p > slot;
                if w == v || (ordered && w < v) {
                    return Some((slot.min(p), slot.max(p)));
                }
            }
        }
        None
    }

    /// True when `values` fills every slot and breaks no rule.
    pub fn is_solution(&self, values: &[u8]) -> bool {
        values.len() == self.slots() && !values.contains(&0) && self.clash(values).is_none()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hexodoku_has_the_figure_of_the_statement() {
        let net = Net::hexodoku(7).unwrap();
        // Every cell is in one line of each direction and the windows cover all 31 cells.
        for cell in 0..HEXODOKU_CELLS {
            let lines = net.units()[..21]
                .iter()
                .filter(|u| u.contains(&(cell as u16)))
                .count();
            assert_eq!(lines, 3, "cell {}", cell + 1);
        }
        let windows: usize = net.units()[21..].iter().map(|u| u.len()).sum();
        assert_eq!(windows, 49);
        // SGU 437's first sample answer (K = 8) is a solution.
        let answer = [
            1, 2, 1, 3, 4, 5, 2, 2, 4, 6, 7, 1, 3, 7, 5, 1, 8, 6, 2, 1, 3, 4, 5, 7, 8, 6, 7, 2, 3,
            5, 8,
        ];
        assert!(Net::hexodoku(8).unwrap().is_solution(&answer));
        assert!(!net.is_solution(&answer), "8 is not a value when K = 7");
    }

    #[test]
    fn tight_fit_sample_answer_is_a_solution() {
        // Kattis tightfitsudoku's sample answer, split cells as two slots.
        let rows = [
            "7/9 1/5 4 3 2 6/8",
            "3 6 2/8 1/9 7 4/5",
            "1 7/9 3 4/5 6/8 2",
            "8 2/4 5/6 7 1/3 9",
            "5/6 3 1/9 2/8 4 7",
            "2/4 8 7 6 5/9 1/3",
        ];
        let mut split = [false; 36];
        let mut values = Vec::new();
        for (i, token) in rows.iter().flat_map(|r| r.split(' ')).enumerate() {
            split[i] = token.contains('/');
            values.extend(token.split('/').map(|t| t.parse::<u8>().unwrap()));
        }
        let net = Net::tight_fit(&split);
        assert!(net.is_solution(&values));
        values.swap(0, 1);
        assert!(!net.is_solution(&values), "7/9 spelled 9/7");
    }

    #[test]
    fn malformed_nets_are_refused_with_their_reason() {
        assert_eq!(Net::new(0, &[1], vec![]), Err(NetError::Values(0)));
        assert_eq!(Net::new(33, &[1], vec![]), Err(NetError::Values(33)));
        assert_eq!(
            Net::new(4, &[1, 0], vec![]),
            Err(NetError::Width { cell: 1, width: 0 })
        );
        assert_eq!(
            Net::new(4, &[1, 1], vec![vec![0, 2]]),
            Err(NetError::NoSuchCell { unit: 0, cell: 2 })
        );
        let e = Net::new(4, &[1, 1], vec![vec![1, 0, 1]]).unwrap_err();
        assert_eq!(e.to_string(), "unit 1 names cell 2 twice");
        assert!(matches!(
            Net::new(4, &[2; 600], vec![]),
            Err(NetError::TooManySlots(1200))
        ));
    }
}
