//! Test fixtures for the any-size solvers: the 4x4, 16x16 and 25x25 data sets of
//! `testdata/sets` (copies of the shared sets, see `testdata/README.md`) read with a small parser of their own, until the real
//! readers of `crate::format` take these formats.

use crate::model::{Board, Geometry};

/// The 4x4 set: 300 lines, `1`-`4` and `.`; answers are grids, `Multiple` or `None`.
pub const SUDOKU4: &str = include_str!("../../../testdata/sets/sudoku4_all.txt");
pub const SUDOKU4_ANSWERS: &str = include_str!("../../../testdata/sets/sudoku4_all.answers.txt");
/// 1,000 unique 16x16 puzzles, `A`-`P` and `.`, one per line.
pub const SUDOKU16: &str = include_str!("../../../testdata/sets/sudoku16_unique_1000.txt");
pub const SUDOKU16_ANSWERS: &str =
    include_str!("../../../testdata/sets/sudoku16_unique_1000.answers.txt");
/// 100 minimal unique 16x16 puzzles, same format.
pub const SUDOKU16_HARD: &str = include_str!("../../../testdata/sets/sudoku16_hard_100.txt");
pub const SUDOKU16_HARD_ANSWERS: &str =
    include_str!("../../../testdata/sets/sudoku16_hard_100.answers.txt");
/// 50 unique 25x25 puzzles in the `nums` judge format; answers as 25 lines of numbers.
pub const SUDOKU25: &str = include_str!("../../../testdata/sets/sudoku25_unique_50.txt");
pub const SUDOKU25_ANSWERS: &str =
    include_str!("../../../testdata/sets/sudoku25_unique_50.answers.txt");

/// The lines of a line-format file, without its `#` comments and blank lines.
pub fn lines(text: &str) -> impl Iterator<Item = &str> {
    text.lines()
        .map(str::trim_end)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
}

/// The cells of one line: its length is the number of cells; digits `1`-`9` up to 9x9,
/// letters from `A` = 1 above; `.` (or `0`) empty.
pub fn line_cells(line: &str) -> Vec<u8> {
    let side = (line.len() as f64).sqrt() as usize;
    assert_eq!(side * side, line.len(), "not a square grid: {line:?}");
    line.bytes()
        .map(|b| match b {
            b'.' | b'0' => 0,
            b'1'..=b'9' if side <= 9 => b - b'0',
            b'A'..=b'Y' if side > 9 => b - b'A' + 1,
            _ => panic!("bad cell {:?} in {line:?}", b as char),
        })
        .collect()
}

/// A board on the standard geometry of the line's size.
pub fn line_board(line: &str) -> Board {
    let cells = line_cells(line);
    let n = (cells.len() as f64).sqrt().sqrt() as usize;
    Board::new(Geometry::standard(n), cells)
}

/// The grids of a `nums` text: each is `n` (when `with_size`), then `n⁴` numbers.
pub fn nums_grids(text: &str, n: usize, with_size: bool) -> Vec<Vec<u8>> {
    let mut tokens = text
        .split_ascii_whitespace()
        .map(|t| t.parse::<u8>().unwrap());
    let mut out = Vec::new();
    loop {
        if with_size {
            match tokens.next() {
                Some(size) => assert_eq!(size as usize, n),
                None => return out,
            }
        }
        let grid: Vec<u8> = tokens.by_ref().take(n.pow(4)).collect();
        if grid.is_empty() {
            return out;
        }
        assert_eq!(grid.len(), n.pow(4), "a grid cut short");
        out.push(grid);
    }
}

/// The 25x25 boards and their answers.
pub fn sudoku25() -> Vec<(Board, Vec<u8>)> {
    let boards = nums_grids(SUDOKU25, 5, true);
    let answers = nums_grids(SUDOKU25_ANSWERS, 5, false);
    assert_eq!((boards.len(), answers.len()), (50, 50));
    boards
        .into_iter()
        .zip(answers)
        .map(|(b, a)| (Board::new(Geometry::standard(5), b), a))
        .collect()
}

/// A line-format set and its answers, paired.
pub fn line_set(puzzles: &'static str, answers: &'static str) -> Vec<(Board, &'static str)> {
    let out: Vec<_> = lines(puzzles).map(line_board).zip(lines(answers)).collect();
    assert_eq!(out.len(), lines(puzzles).count());
    out
}

/// A small seeded generator (SplitMix64) for test cases reproducible from their seed.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (n > 0), near enough for tests.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    pub fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            v.swap(i, self.below(i + 1));
        }
    }
}

/// A full grid of the standard boxes of size `n`: the pattern grid with its values relabelled,
/// its rows permuted within bands and its bands permuted, and its columns likewise, at random.
pub fn pattern_grid(n: usize, rng: &mut Rng) -> Vec<u8> {
    let side = n * n;
    let mut label: Vec<u8> = (1..=side as u8).collect();
    rng.shuffle(&mut label);
    let mut lines = || {
        let mut bands: Vec<usize> = (0..n).collect();
        rng.shuffle(&mut bands);
        let mut order = Vec::new();
        for b in bands {
            let mut within: Vec<usize> = (0..n).collect();
            rng.shuffle(&mut within);
            order.extend(within.into_iter().map(|i| b * n + i));
        }
        order
    };
    let (rows, cols) = (lines(), lines());
    (0..side * side)
        .map(|c| {
            let (r, col) = (rows[c / side], cols[c % side]);
            label[(n * (r % n) + r / n + col) % side]
        })
        .collect()
}

/// A jigsaw geometry of box size `n` on which `solution` (a full grid of the standard boxes)
/// stays a solution: border cells of two regions trade places only when they hold the same
/// value, so each region still holds every value once (as `crate::generate::jigsaw` does at
/// 9x9); a trade that would split a region is undone.
pub fn grow_jigsaw(n: usize, solution: &[u8], swaps: usize, rng: &mut Rng) -> Geometry {
    let side = n * n;
    let mut ids: Vec<u8> = Geometry::standard(n).regions().to_vec();
    let (mut done, mut tries) = (0, 0);
    while done < swaps && tries < swaps * 200 {
        tries += 1;
        let a = rng.below(side * side);
        let (r, c) = (a / side, a % side);
        let next = match rng.below(4) {
            0 if r > 0 => a - side,
            1 if r + 1 < side => a + side,
            2 if c > 0 => a - 1,
            3 if c + 1 < side => a + 1,
            _ => continue,
        };
        let (ra, rb) = (ids[a], ids[next]);
        if ra == rb {
            continue;
        }
        let b = (0..side * side)
            .find(|&x| ids[x] == rb && solution[x] == solution[a])
            .expect("each region holds every value");
        ids[a] = rb;
        ids[b] = ra;
        if Geometry::from_regions(n, &ids).is_ok() {
            done += 1;
        } else {
            ids[a] = ra;
            ids[b] = rb;
        }
    }
    Geometry::from_regions(n, &ids).expect("only connected layouts are kept")
}

/// Every full grid of a small geometry, by plain backtracking in row-major order: the
/// reference the solvers' exact counts are checked against.
pub fn all_grids(g: &Geometry) -> Vec<Vec<u8>> {
    fn fill(g: &Geometry, cell: usize, grid: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
        if cell == grid.len() {
            out.push(grid.clone());
            return;
        }
        for v in 1..=g.side() as u8 {
            let clash = g
                .units_of(cell)
                .any(|u| g.unit(u).iter().any(|&c| grid[c as usize] == v));
            if !clash {
                grid[cell] = v;
                fill(g, cell + 1, grid, out);
                grid[cell] = 0;
            }
        }
    }
    let mut out = Vec::new();
    fill(g, 0, &mut vec![0; g.cells()], &mut out);
    out
}

/// The grids of `all` that keep the givens `cells`.
pub fn completions<'a>(all: &'a [Vec<u8>], cells: &'a [u8]) -> impl Iterator<Item = &'a Vec<u8>> {
    all.iter().filter(move |g| {
        g.iter()
            .zip(cells)
            .all(|(&s, &given)| given == 0 || given == s)
    })
}
