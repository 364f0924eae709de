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

/// Bit `i` set when `bytes[i]` is not zero, for up to 64 bytes: which cells of a stretch of
/// the grid hold a given. Eight bytes per step: a byte is non-zero exactly when adding 0x7f to
/// its low seven bits, or'ed with the byte itself, sets its top bit; [`pack_flags`] gathers
/// the eight top bits. A branch per cell would be mispredicted about once per given.
#[inline]
pub fn nonzero_flags(bytes: &[u8]) -> u64 {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    const TOP: u64 = 0x8080_8080_8080_8080;
    debug_assert!(bytes.len() <= 64);
    let mut m = 0u64;
    let mut words = bytes.chunks_exact(8);
    for (k, word) in words.by_ref().enumerate() {
        let x = u64::from_le_bytes(word.try_into().expect("eight bytes"));
        let nz = (((x & LOW7) + LOW7) | x) & TOP;
        m |= pack_flags(nz >> 7) << (8 * k);
    }
    let done = bytes.len() - words.remainder().len();
    for (i, &b) in words.remainder().iter().enumerate() {
        m |= u64::from(b != 0) << (done + i);
    }
    m
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nonzero_flags_marks_exactly_the_nonzero_bytes() {
        // Every length up to 64, with bytes 0, 1..9 and values with the top bit set.
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for len in 0..=64 {
            for _ in 0..20 {
                let bytes: Vec<u8> = (0..len)
                    .map(|_| {
                        x ^= x << 13;
                        x ^= x >> 7;
                        x ^= x << 17;
                        [0, 0, 0, 1, 5, 9, 0x80, 0xff][(x % 8) as usize]
                    })
                    .collect();
                let want = bytes
                    .iter()
                    .enumerate()
                    .fold(0u64, |m, (i, &b)| m | (u64::from(b != 0) << i));
                assert_eq!(nonzero_flags(&bytes), want, "{bytes:?}");
            }
        }
    }

    #[test]
    fn fixed_sets_partition_the_grid() {
        assert_eq!(ROWS.iter().fold(0, |m, &r| m | r), GRID);
        assert_eq!(COLS.iter().fold(0, |m, &c| m | c), GRID);
        assert!(
            ROWS.iter().all(|r| r.count_ones() == 9) && COLS.iter().all(|c| c.count_ones() == 9)
        );
        assert_eq!(BIT.iter().fold(0, |m, &b| m | b), GRID);
    }
}
