//! Test fixtures for the any-size DLX solver: small readers for the 4x4, 16x16 and 25x25 files
//! of `testdata/sets` (line and `nums` formats, see its README) and their answers, an
//! independent brute-force counter, and random jigsaw geometries of any size. The project's own
//! readers for every size live in `crate::format`; these stay minimal and test-only so that the
//! solver's tests do not depend on them.

use crate::model::{Board, Geometry};
use crate::rng::Rng;
use std::sync::Arc;

/// The data sets bundled for the tests (`testdata/sets`), for the sets read at run time.
pub const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/testdata/sets/");

/// Reads a data file of `testdata/sets`.
pub fn data(name: &str) -> String {
    std::fs::read_to_string(format!("{DATA}{name}")).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// The value of one character of the line format: `.` empty, `1`-`9` for sides up to 9, `A`-`Y`
/// for 1..=25 above.
fn value(side: usize, ch: u8) -> u8 {
    match ch {
        b'.' => 0,
        b'1'..=b'9' if side <= 9 => ch - b'0',
        b'A'..=b'Y' if side > 9 => ch - b'A' + 1,
        _ => panic!("bad character {:?} for side {side}", ch as char),
    }
}

/// The lines of a line-format file that are not comments.
fn lines(text: &str) -> impl Iterator<Item = &str> {
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
}

/// Side of a line-format grid from its length.
fn side_of(len: usize) -> usize {
    (1..=25)
        .find(|s| s * s == len)
        .unwrap_or_else(|| panic!("a line of {len} cells"))
}

/// The cells of one line-format grid.
pub fn line_cells(line: &str) -> Vec<u8> {
    let side = side_of(line.len());
    line.bytes().map(|b| value(side, b)).collect()
}

/// Every puzzle of a line-format file, on the standard boxes.
pub fn line_boards(text: &str) -> Vec<Board> {
    lines(text)
        .map(|l| {
            let cells = line_cells(l);
            let n = side_of(cells.len()).isqrt();
            Board::new(Geometry::standard(n), cells)
        })
        .collect()
}

/// An answer line: the solution, or `None` for `Multiple` / `None` (the word is returned too).
pub fn line_answers(text: &str) -> Vec<Result<Vec<u8>, String>> {
    lines(text)
        .map(|l| match l {
            "Multiple" | "None" => Err(l.to_string()),
            _ => Ok(line_cells(l)),
        })
        .collect()
}

/// Every case of a `nums` file (`n`, then `N` lines of `N` integers, `0` empty), on the
/// standard boxes; answers files (grids only, no `n` line) are read with `n` given.
pub fn nums_boards(text: &str, answers_of_box: Option<usize>) -> Vec<Board> {
    let mut tokens = text
        .split_ascii_whitespace()
        .map(|t| t.parse::<u8>().unwrap());
    let mut out = Vec::new();
    loop {
        let n = match answers_of_box {
            Some(n) => n,
            None => match tokens.next() {
                Some(n) => n as usize,
                None => break,
            },
        };
        let cells: Vec<u8> = tokens.by_ref().take(n.pow(4)).collect();
        if cells.is_empty() {
            break;
        }
        assert_eq!(cells.len(), n.pow(4), "case {} cut short", out.len() + 1);
        out.push(Board::new(Geometry::standard(n), cells));
    }
    out
}

/// The number of solutions of `board` up to `cap`, by plain backtracking over the cells in
/// row-major order with every unit checked: slow, but sharing nothing with the solver.
pub fn brute_count(board: &Board, cap: u64) -> u64 {
    fn go(g: &Geometry, grid: &mut Vec<u8>, cell: usize, cap: u64, count: &mut u64) {
        if *count >= cap {
            return;
        }
        let Some(cell) = (cell..grid.len()).find(|&c| grid[c] == 0) else {
            *count += 1;
            return;
        };
        for v in 1..=g.side() as u8 {
            let clash = g
                .units_of(cell)
                .any(|u| g.unit(u).iter().any(|&c| grid[c as usize] == v));
            if !clash {
                grid[cell] = v;
                go(g, grid, cell + 1, cap, count);
                grid[cell] = 0;
            }
        }
    }
    if board.first_clash(&board.cells).is_some() {
        return 0;
    }
    let mut grid = board.cells.clone();
    let mut count = 0;
    go(&board.geometry, &mut grid, 0, cap, &mut count);
    count
}

/// A jigsaw geometry of box size `n` on which `fill` (a solution of the standard boxes) stays a
/// solution: `swaps` times, a cell `a` trades regions with a cell `b` of a neighbouring region
/// that holds the same digit, drawn at random among the trades that keep both regions
/// connected (as `crate::generate::jigsaw` does at 9x9).
pub fn jigsaw(n: usize, fill: &[u8], swaps: usize, seed: u64) -> Arc<Geometry> {
    let side = n * n;
    let mut rng = Rng::new(seed);
    let mut ids: Vec<u8> = Geometry::standard(n).regions().to_vec();
    for _ in 0..swaps {
        let mut trades = Vec::new();
        for a in 0..side * side {
            let (r, c) = (a / side, a % side);
            let neighbours = [
                (r > 0).then(|| a - side),
                (r + 1 < side).then(|| a + side),
                (c > 0).then(|| a - 1),
                (c + 1 < side).then(|| a + 1),
            ];
            for next in neighbours.into_iter().flatten() {
                let (ra, rb) = (ids[a], ids[next]);
                if ra == rb {
                    continue;
                }
                let b = (0..side * side)
                    .find(|&b| ids[b] == rb && fill[b] == fill[a])
                    .expect("every region holds every digit");
                let mut t = ids.clone();
                t[a] = rb;
                t[b] = ra;
                if Geometry::from_regions(n, &t).is_ok() && !trades.contains(&(a, b)) {
                    trades.push((a, b));
                }
            }
        }
        if trades.is_empty() {
            break;
        }
        let (a, b) = trades[rng.below(trades.len() as u64) as usize];
        ids.swap(a, b);
    }
    let g = Geometry::from_regions(n, &ids).expect("trades keep regions connected");
    assert!(
        Board::empty(Arc::new(g.clone())).is_solved_by(fill),
        "the fill stays a solution"
    );
    Arc::new(g)
}
