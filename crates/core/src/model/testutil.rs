//! Fixtures for the tests of every crate: grids spelled as text, the POJ 2676 sample, HDU 4069
//! files, and a scratch directory of its own for every unit test (as `crates/cli/tests/common` gives the
//! integration tests).

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

/// The puzzles of an HDU 4069 file: a count, then 81 integers per case, each a digit in its
/// low four bits and its walls (16 up, 32 right, 64 down, 128 left) above. Panics on anything
/// else: the files are the project's own fixtures (the readers live in the `sudoku-judge`
/// crate and are tested there).
pub fn hdu4069_cases(text: &str) -> Vec<super::Puzzle> {
    let mut tokens = text.split_ascii_whitespace();
    let count: usize = tokens.next().and_then(|t| t.parse().ok()).expect("a count");
    let values: Vec<u8> = tokens
        .map(|t| {
            t.parse()
                .unwrap_or_else(|_| panic!("not a cell value: {t:?}"))
        })
        .collect();
    assert_eq!(values.len(), count * CELLS, "cells in the file");
    values
        .chunks(CELLS)
        .map(|v| {
            let v: &Grid = v.try_into().expect("81 cells");
            let layout = super::Layout::from_walls(v).expect("walls that make nine regions");
            super::Puzzle {
                cells: v.map(|x| x & 15),
                layout,
            }
        })
        .collect()
}

/// A new, empty directory named after `tag`, this process and a counter, made with
/// `create_dir` (which fails on an existing name, so a leftover is skipped, never shared). The
/// caller removes it.
pub fn scratch(tag: &str) -> std::path::PathBuf {
    use std::sync::atomic::{AtomicU32, Ordering};
    static NEXT: AtomicU32 = AtomicU32::new(0);
    loop {
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("sj-unit-{tag}-{}-{n}", std::process::id()));
        match std::fs::create_dir(&dir) {
            Ok(()) => return dir,
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => panic!("cannot create {}: {e}", dir.display()),
        }
    }
}
