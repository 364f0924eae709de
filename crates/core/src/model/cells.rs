//! Sets of cells as 81-bit masks (bit `r * 9 + c` for row `r`, column `c`), the fixed sets
//! every layout shares (the whole grid, each row, each column, each single cell), and
//! operations on them: gathering byte flags into a set, neighbours, and the connected part of
//! a set.

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
/// the grid hold a given. See [`differing_flags`].
#[inline]
pub fn nonzero_flags(bytes: &[u8]) -> u64 {
    differing_flags(bytes, 0)
}

/// Bit `i` set when `bytes[i]` differs from `value`, for up to 64 bytes. Eight bytes per step:
/// after an exclusive or with `value` in every byte, a byte is non-zero exactly when adding
/// 0x7f to its low seven bits, or'ed with the byte itself, sets its top bit; [`pack_flags`]
/// gathers the eight top bits. A branch per cell would be mispredicted about once per given.
#[inline]
pub fn differing_flags(bytes: &[u8], value: u8) -> u64 {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    const TOP: u64 = 0x8080_8080_8080_8080;
    debug_assert!(bytes.len() <= 64);
    let splat = u64::from(value) * 0x0101_0101_0101_0101;
    let mut m = 0u64;
    let mut words = bytes.chunks_exact(8);
    for (k, word) in words.by_ref().enumerate() {
        let x = u64::from_le_bytes(word.try_into().expect("eight bytes")) ^ splat;
        let nz = (((x & LOW7) + LOW7) | x) & TOP;
        m |= pack_flags(nz >> 7) << (8 * k);
    }
    let done = bytes.len() - words.remainder().len();
    for (i, &b) in words.remainder().iter().enumerate() {
        m |= u64::from(b != value) << (done + i);
    }
    m
}

/// The cells of a grid's worth of bytes (one per cell) that hold `value`.
pub fn cells_holding(bytes: &[u8; CELLS], value: u8) -> Cells {
    let (low, high) = bytes.split_at(64);
    let low = !differing_flags(low, value);
    let high = !differing_flags(high, value) & ((1 << (CELLS - 64)) - 1);
    Cells::from(low) | Cells::from(high) << 64
}

/// The cells next to some cell of `set`: one step up, down, left or right, inside the grid
/// (cells of `set` are included when they neighbour each other).
#[inline]
pub fn adjacent(set: Cells) -> Cells {
    // A step right must not wrap from the last column to the first of the next row, nor a
    // step left the other way; steps up and down that leave the grid are masked off.
    let (not_first, not_last) = (GRID & !COLS[0], GRID & !COLS[N - 1]);
    (set << 1 & not_first) | (set >> 1 & not_last) | (set << N & GRID) | set >> N
}

/// The cells of `set` reachable from its lowest cell through up, down, left and right
/// neighbours inside `set`; empty for an empty set. The set is connected when this is all of
/// it. A flood fill that moves every cell reached so far by one step at once.
pub fn component(set: Cells) -> Cells {
    let mut grown = set & set.wrapping_neg();
    loop {
        let next = set & (grown | adjacent(grown));
        if next == grown {
            return grown;
        }
        grown = next;
    }
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
    fn cells_holding_marks_exactly_the_equal_bytes() {
        let mut bytes = [0u8; CELLS];
        for (i, b) in bytes.iter_mut().enumerate() {
            *b = (i * 7 % 10) as u8;
        }
        for v in 0..=10u8 {
            let want = (0..CELLS)
                .filter(|&i| bytes[i] == v)
                .fold(0, |m, i| m | BIT[i]);
            assert_eq!(cells_holding(&bytes, v), want, "value {v}");
        }
    }

    /// The cells reachable from the lowest cell of `set`, one neighbour at a time.
    fn component_cellwise(set: Cells) -> Cells {
        if set == 0 {
            return 0;
        }
        let start = set.trailing_zeros() as usize;
        let (mut seen, mut stack) = (BIT[start], vec![start]);
        while let Some(c) = stack.pop() {
            let (r, k) = (c / N, c % N);
            let next = [
                (r > 0).then(|| c - N),
                (r + 1 < N).then(|| c + N),
                (k > 0).then(|| c - 1),
                (k + 1 < N).then(|| c + 1),
            ];
            for n in next.into_iter().flatten() {
                if set & BIT[n] != 0 && seen & BIT[n] == 0 {
                    seen |= BIT[n];
                    stack.push(n);
                }
            }
        }
        seen
    }

    #[test]
    fn component_matches_a_cellwise_flood() {
        // Random sparse and dense sets, and sets that touch the grid's edges, where a shift
        // could wrap from one row's end to the next row's start.
        let mut x = 0x2545_f491_4f6c_dd1du64;
        let mut rand = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for density in [1u64, 2, 3, 5, 7] {
            for _ in 0..400 {
                let mut set: Cells = 0;
                for bit in BIT {
                    if rand() % 8 < density {
                        set |= bit;
                    }
                }
                assert_eq!(component(set), component_cellwise(set), "{set:#x}");
            }
        }
        assert_eq!(component(0), 0);
        assert_eq!(component(GRID), GRID);
        // The last cell of row 1 and the first of row 2 are consecutive bits but not neighbours.
        assert_eq!(component(BIT[17] | BIT[18]), BIT[17]);
        assert_eq!(component(BIT[18] | BIT[17] | BIT[26]), BIT[17] | BIT[26]);
    }

    #[test]
    fn adjacent_cells_are_the_four_neighbours() {
        for (cell, &bit) in BIT.iter().enumerate() {
            let (r, c) = (cell / N, cell % N);
            let mut want = 0;
            for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                let (rr, cc) = (r as i32 + dr, c as i32 + dc);
                if (0..N as i32).contains(&rr) && (0..N as i32).contains(&cc) {
                    want |= BIT[rr as usize * N + cc as usize];
                }
            }
            assert_eq!(adjacent(bit), want, "cell {cell}");
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
