//! The dominoes of a Su-Domino-Ku case (HDU 4210) as a picture of their own: each domino
//! outlined as one region of two cells, each single as a region of one. Drawn from a full grid
//! (the output's or the answer's), every domino of a tiling of it ([`Tiling::tile`]); from the
//! case alone, the placed dominoes and the singles, the free cells left open as one region.

use super::{Cell, Kind, Picture};
use crate::format::spec::Spec;
use crate::format::spell;
use crate::model::Case;
use crate::model::dominoes::Tiling;

/// The dominoes of case `k` with `grid` (row-major, `0` empty) filled in where it is given: a
/// tiling of it when it is full and one exists, else the placed dominoes. None for a case
/// without a tiling.
pub fn domino_picture(spec: &Spec, k: u64, case: &Case, grid: Option<&[u8]>) -> Option<Picture> {
    let board = case.grid_board()?;
    let tiling: &Tiling = board.geometry.rules()?.tiling()?;
    let side = board.side();
    let cells = side * side;
    let full = grid.filter(|g| g.len() == cells && g.iter().all(|&v| v != 0));
    let laid = full.and_then(|g| tiling.tile(g));
    // Region ids: each domino its own, each single its own, the free cells one together.
    let open = cells;
    let mut regions = vec![open; cells];
    let dominoes: Vec<(u16, u16)> = tiling
        .placed()
        .iter()
        .copied()
        .chain(laid.iter().flatten().copied())
        .collect();
    for (i, &(a, b)) in dominoes.iter().enumerate() {
        regions[a as usize] = i;
        regions[b as usize] = i;
    }
    for &c in tiling.singles() {
        regions[c as usize] = cells + 1 + c as usize;
    }
    let values: &[u8] = match laid {
        Some(_) => full.unwrap_or(&board.cells),
        None => &board.cells,
    };
    let picture_cells: Vec<Cell> = (0..cells)
        .map(|c| {
            let v = values[c];
            let mut text = Vec::new();
            if v != 0 {
                spell::put_value(spec.input.cells, side, v, &mut text);
            }
            Cell {
                text: String::from_utf8_lossy(&text).into_owned(),
                kind: match (v, board.cells[c]) {
                    (0, _) => Kind::Empty,
                    (_, 0) => Kind::Filled,
                    _ => Kind::Given,
                },
                wrong: false,
            }
        })
        .collect();
    let width = picture_cells
        .iter()
        .map(|c| c.text.chars().count())
        .max()
        .unwrap_or(1)
        .max(1);
    let title = match laid {
        Some(_) => format!(
            "case {k}: dominoes, a tiling of the grid drawn ({} placed, {} laid), {} singles",
            tiling.placed().len(),
            dominoes.len() - tiling.placed().len(),
            tiling.singles().len()
        ),
        None => format!(
            "case {k}: dominoes, {} placed and {} singles outlined",
            tiling.placed().len(),
            tiling.singles().len()
        ),
    };
    let mut notes = Vec::new();
    if full.is_some() && laid.is_none() {
        notes.push("no tiling of the grid drawn by the unused dominoes, each once".to_string());
    }
    Some(Picture {
        title,
        cells: picture_cells,
        width,
        notes,
        regions: regions.into_iter().map(Some).collect(),
        ..Picture::frame(&board.geometry)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::judges::find;
    use crate::format::read_all;

    /// The walls of `p` around cell `c` (up, right, down, left).
    fn walls(p: &Picture, c: usize) -> [bool; 4] {
        let s = p.side();
        let (r, k) = (c / s, c % s);
        [
            p.wall_above(r, k),
            p.wall_left(r, k + 1),
            p.wall_above(r + 1, k),
            p.wall_left(r, k),
        ]
    }

    /// The cell joined to `c` (no wall between them), if any.
    fn joined(p: &Picture, c: usize) -> Vec<usize> {
        let s = p.side();
        let w = walls(p, c);
        let mut out = Vec::new();
        if !w[0] {
            out.push(c - s);
        }
        if !w[1] {
            out.push(c + 1);
        }
        if !w[2] {
            out.push(c + s);
        }
        if !w[3] {
            out.push(c - 1);
        }
        out
    }

    /// HDU 4210's sample: alone, each placed domino is one outlined pair and each single a
    /// walled cell; with the judge's answer, every cell is in a domino or a single, and the
    /// dominoes hold each pair of values once.
    #[test]
    fn placed_dominoes_alone_and_a_tiling_of_the_answer() {
        let spec = find("hdu4210").unwrap();
        let cases = read_all(spec, spec.sample.0.as_bytes()).unwrap();
        let board = cases[0].to_board();
        let tiling = board.geometry.rules().unwrap().tiling().unwrap().clone();
        let alone = domino_picture(spec, 1, &cases[0], None).unwrap();
        assert!(alone.title.contains("placed"), "{}", alone.title);
        for &(a, b) in tiling.placed() {
            let (a, b) = (a as usize, b as usize);
            assert_eq!(joined(&alone, a), [b], "r{}c{}", a / 9 + 1, a % 9 + 1);
            assert_eq!(joined(&alone, b), [a]);
            assert!(alone.cells[a].kind == Kind::Given && !alone.cells[a].text.is_empty());
        }
        for &c in tiling.singles() {
            assert!(joined(&alone, c as usize).is_empty());
        }
        let free = tiling.free();
        assert!((0..81).any(|c| free[c] && joined(&alone, c).len() >= 2));
        // The answer's first grid: the lines after `Puzzle 1`.
        let grid: Vec<u8> = spec
            .sample
            .1
            .lines()
            .skip(1)
            .take(9)
            .flat_map(|l| l.bytes().map(|b| b - b'0'))
            .collect();
        let tiled = domino_picture(spec, 1, &cases[0], Some(&grid)).unwrap();
        assert!(tiled.title.contains("a tiling"), "{}", tiled.title);
        assert!(tiled.notes.is_empty());
        let mut pairs = std::collections::HashSet::new();
        for c in 0..81 {
            let j = joined(&tiled, c);
            assert_eq!(tiled.cells[c].text, grid[c].to_string());
            if tiling.singles().contains(&(c as u16)) {
                assert!(j.is_empty());
                continue;
            }
            assert_eq!(j.len(), 1, "r{}c{}", c / 9 + 1, c % 9 + 1);
            if c < j[0] {
                let (x, y) = (grid[c], grid[j[0]]);
                assert!(x != y && pairs.insert((x.min(y), x.max(y))));
            }
        }
        assert_eq!(pairs.len(), 36);
        // A grid that is no tiling's: the picture says so and keeps the placed dominoes.
        let mut bad = grid.clone();
        let (a, b) = tiling.placed()[0];
        bad[a as usize] = bad[b as usize];
        let broken = domino_picture(spec, 1, &cases[0], Some(&bad)).unwrap();
        assert_eq!(broken.notes.len(), 1);
        assert_eq!(walls(&broken, 0), walls(&alone, 0));
    }
}
