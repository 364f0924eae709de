//! Sets of cells as 81-bit masks (bit `r * 9 + c` for row `r`, column `c`), and the fixed sets
//! every layout shares: the whole grid, each row, each column, each single cell.

use super::{CELLS, N};

/// A set of cells, bit `cell`.
pub type Cells = u128;

/// All 81 cells.
pub const GRID: Cells = (1 << CELLS) - 1;

/// The cells of each row.
pub const ROWS: [Cells; N] = {
    let mut m = [0; N];
    let mut r = 0;
    while r < N {
        m[r] = 0x1ff << (r * N);
        r += 1;
    }
    m
};

/// The cells of each column.
pub const COLS: [Cells; N] = {
    let mut m = [0; N];
    let mut c = 0;
    while c < N {
        let mut r = 0;
        while r < N {
            m[c] |= 1 << (r * N + c);
            r += 1;
        }
        c += 1;
    }
    m
};

/// Each cell as a set of one, looked up rather than shifted (a variable `u128` shift is a
/// branchy multi-instruction sequence).
pub const BIT: [Cells; CELLS] = {
    let mut m = [0; CELLS];
    let mut c = 0;
    while c < CELLS {
        m[c] = 1 << c;
        c += 1;
    }
    m
};

/// Packs eight flags, one per byte of `flags` (each byte 0 or 1, byte `i` for item `i`), into
/// the low eight bits. Byte `i`'s bit lands on bit `56 + i` of the product and no two partial
/// products meet, so nothing carries. Turns eight cells' bytes into eight bits of a mask.
#[inline]
pub const fn pack_flags(flags: u64) -> u64 {
    flags.wrapping_mul(0x0102_0408_1020_4080) >> 56
}
