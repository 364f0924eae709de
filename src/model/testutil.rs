//! Fixtures for the tests of every module: grids spelled as text, and the POJ 2676 sample.

use super::{CELLS, Grid};

/// POJ 2676's sample input and answer, verbatim.
pub const POJ_SAMPLE_IN: &str = include_str!("../../testdata/poj2676/sample.in");
pub const POJ_SAMPLE_OUT: &str = include_str!("../../testdata/poj2676/sample.out");

/// The grid spelled by `s`: a digit per cell, `.` also for an empty one; anything else
/// (line breaks, spaces) is skipped. Panics unless that gives exactly 81 cells.
pub fn grid(s: &str) -> Grid {
    let mut g = [0u8; CELLS];
    let mut n = 0;
    for b in s.bytes() {
        let d = match b {
            b'0'..=b'9' => b - b'0',
            b'.' => 0,
            _ => continue,
        };
        assert!(n < CELLS, "more than {CELLS} cells in {s:?}");
        g[n] = d;
        n += 1;
    }
    assert_eq!(n, CELLS, "cells in {s:?}");
    g
}

/// The nine rows of the sample's one case, as the input file spells them.
pub fn poj_sample_rows() -> &'static str {
    POJ_SAMPLE_IN.split_once('\n').expect("a count line").1
}

/// The sample's givens.
pub fn poj_sample() -> Grid {
    grid(poj_sample_rows())
}

/// The sample's unique solution.
pub fn poj_solution() -> Grid {
    grid(POJ_SAMPLE_OUT)
}
