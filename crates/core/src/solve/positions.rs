//! Every position of a small grid that has exactly one solution (HDU 3476, VARIANTS.md E6:
//! "find all correct positions that have a unique solution when N = 2", answer 13,579,680):
//! the solved grids of the empty board, then for every subset of cells, the patterns those
//! grids show on it that exactly one grid shows. A position is a subset of cells with values,
//! and a correct one with a unique solution is exactly such a pattern (its grid completes it,
//! and no other grid does), the full grids included. 4x4 takes 288 grids × 65,536 subsets;
//! larger grids are out of reach (9x9 has 6.67 × 10²¹ solved grids).

use super::SolverKind;
use crate::model::{Board, Geometry};

/// The number of positions with a unique solution on the empty grid of box size `n`, by
/// number of givens (`[k]`: positions with `k` givens); `None` above box size 2.
///
/// ```
/// use sudoku_judge_core::solve::positions::unique_positions;
///
/// let by_givens = unique_positions(2).unwrap();
/// assert_eq!(by_givens.iter().sum::<u64>(), 13_579_680); // HDU 3476's answer
/// assert_eq!(by_givens[16], 288); // the solved grids themselves
/// ```
pub fn unique_positions(n: usize) -> Option<Vec<u64>> {
    if n > 2 {
        return None;
    }
    let geometry = Geometry::standard(n);
    let cells = geometry.cells();
    // Every solved grid of the empty board, straight from the search (the engine answers with
    // this function, so it is not used here).
    struct Collect(Vec<Vec<u8>>);
    impl super::any::Sink for Collect {
        fn solution(&mut self, cells: &[u8]) -> bool {
            self.0.push(cells.to_vec());
            true
        }
    }
    let mut all = Collect(Vec::new());
    SolverKind::Bitmask
        .build_any()
        .search(&Board::empty(geometry), &mut all);
    let grids = all.0;
    let mut by_givens = vec![0u64; cells + 1];
    // Each grid as two bits a cell (values 1-4 as 0-3); its pattern on a subset is the word
    // with the other cells' bits cleared.
    let words: Vec<u32> = grids
        .iter()
        .map(|g| (0..cells).fold(0u32, |w, c| w | u32::from(g[c] - 1) << (2 * c)))
        .collect();
    let mut keys: Vec<u32> = Vec::with_capacity(grids.len());
    for mask in 0u32..1 << cells {
        let spread = (0..cells)
            .filter(|&c| mask & 1 << c != 0)
            .fold(0u32, |s, c| s | 3 << (2 * c));
        keys.clear();
        keys.extend(words.iter().map(|w| w & spread));
        keys.sort_unstable();
        let alone = (0..keys.len())
            .filter(|&i| (i == 0 || keys[i - 1] != keys[i]) && keys.get(i + 1) != Some(&keys[i]))
            .count();
        by_givens[mask.count_ones() as usize] += alone as u64;
    }
    Some(by_givens)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// VARIANTS.md E6's table, reproduced there by two independent computations.
    #[test]
    fn hdu3476_by_number_of_givens() {
        let want = [
            0, 0, 0, 0, 25_728, 284_160, 1_041_408, 2_141_184, 2_961_024, 2_958_336, 2_204_928,
            1_239_552, 522_624, 161_280, 34_560, 4_608, 288,
        ];
        let got = unique_positions(2).unwrap();
        assert_eq!(got, want);
        assert_eq!(got.iter().sum::<u64>(), 13_579_680);
        // 1x1: the empty grid and the full one each have the one solution.
        assert_eq!(unique_positions(1).unwrap(), [1, 1]);
        assert!(unique_positions(3).is_none());
    }
}
