//! A case on a net drawn as a [`Picture`] ([`picture`], which [`super::mark::picture`] hands
//! such a case to):
//! - Tight-Fit's 6x6 grid with the walls of its 2x3 regions; a split cell shows its two
//!   values as its files spell them (`7/9`, `-/5`).
//! - SGU 437's hexagon in a 7x7 square, its corners holes: its rows are the square's rows,
//!   one direction of its lines the square's columns, the other the down-right diagonals, and
//!   each window a cell with its six neighbours (left, right, above, below, up-left,
//!   down-right). Walls run around the hexagon only, since its lines and windows overlap.
//!
//! Cells are given, filled in from the output (or the answer) or empty, and wrong where the
//! output differs from the answer in a problem with one right answer, or does not solve the
//! case.

use super::{Cell, Kind, Picture};
use crate::format::net::write_cell;
use crate::format::readback::Said;
use crate::format::spec::{Rows, Spec};
use crate::model::{Case, Mode, Net};

/// The side of the square SGU 437's hexagon is drawn in.
const HEXAGON_SIDE: usize = 7;

/// Where each of the hexagon's rows starts in the square, and how many cells it holds.
const HEXAGON_ROWS: [(usize, usize); 7] = [(1, 2), (0, 5), (0, 6), (1, 5), (1, 6), (2, 5), (4, 2)];

/// The square's cell of each of the hexagon's 31 cells.
fn hexagon_places() -> Vec<usize> {
    let mut at = Vec::with_capacity(31);
    for (r, &(start, n)) in HEXAGON_ROWS.iter().enumerate() {
        at.extend((start..start + n).map(|c| r * HEXAGON_SIDE + c));
    }
    at
}

/// The picture of case `k` on a net, with what the answer file and the output say of it;
/// `None` for a case of a grid.
pub fn picture(
    spec: &Spec,
    k: u64,
    case: &Case,
    answer: Option<&Said>,
    output: Option<&Said>,
) -> Option<Picture> {
    let (net, rank) = case.as_net()?;
    let givens = case.cells();
    let ans = answer.and_then(|a| a.grid.as_deref());
    let out = output.and_then(|o| o.grid.as_deref());
    let shown = out.or(ans).unwrap_or(givens);
    // One right answer (the N-th, the smallest): the output must be it; else any solution.
    let exact = matches!(spec.mode, Mode::Nth | Mode::Lexmin);
    let solves = out.is_none_or(|o| case.is_solved_by(o));
    let wrong = |slot: usize| match (out, ans) {
        (Some(o), Some(a)) if exact || !solves => o[slot] != a[slot],
        (Some(o), None) => {
            !solves && (o[slot] == 0 || (givens[slot] != 0 && o[slot] != givens[slot]))
        }
        _ => false,
    };
    let (side, places, regions): (usize, Vec<usize>, Vec<Option<usize>>) = match spec.input.rows {
        Rows::Hexagon => {
            let places = hexagon_places();
            let mut regions = vec![None; HEXAGON_SIDE * HEXAGON_SIDE];
            for &p in &places {
                regions[p] = Some(0);
            }
            (HEXAGON_SIDE, places, regions)
        }
        _ => {
            let region = |c: usize| Some(c / 6 / 2 * 2 + c % 6 / 3);
            (6, (0..36).collect(), (0..36).map(region).collect())
        }
    };
    let mut cells = vec![
        Cell {
            text: String::new(),
            kind: Kind::Empty,
            wrong: false,
        };
        side * side
    ];
    let mut wrong_cells = Vec::new();
    for c in 0..net.cells() {
        let slots = net.slots_of(c);
        let mut bytes = Vec::new();
        write_cell(spec.input.cells, net, c, shown, &mut bytes);
        let text = String::from_utf8_lossy(&bytes).into_owned();
        let blank = slots.clone().all(|s| shown[s] == 0);
        let filled = slots.clone().any(|s| givens[s] == 0 && shown[s] != 0);
        let bad = slots.clone().any(wrong);
        if bad {
            wrong_cells.push(format!("cell {}", c + 1));
        }
        cells[places[c]] = Cell {
            // An empty split cell still shows that it is split (`-/-`).
            text: if blank && slots.len() == 1 {
                String::new()
            } else {
                text
            },
            kind: match (blank, filled) {
                (true, _) => Kind::Empty,
                (false, true) => Kind::Filled,
                (false, false) => Kind::Given,
            },
            wrong: bad,
        };
    }
    let mut notes = Vec::new();
    for (who, said) in [("answer", answer), ("output", output)] {
        if let Some(w) = said.map(|x| x.words.as_str()).filter(|w| !w.is_empty()) {
            notes.push(format!("{who}: {w}"));
        }
    }
    let faulty = !wrong_cells.is_empty() || (out.is_some() && !solves);
    if faulty {
        let which = if wrong_cells.is_empty() {
            "the output does not solve the case".to_string()
        } else {
            format!("wrong: {}", wrong_cells.join(", "))
        };
        notes.push(which);
    }
    let width = cells
        .iter()
        .map(|c| c.text.chars().count())
        .max()
        .unwrap_or(1)
        .max(1);
    Some(Picture {
        title: format!("case {k}: {}", title(spec.input.rows, net, rank)),
        side,
        cells,
        width,
        notes,
        faulty,
        regions,
        diagonals: [false, false],
        marks: Vec::new(),
    })
}

fn title(rows: Rows, net: &Net, rank: u64) -> String {
    match rows {
        Rows::Hexagon => format!(
            "hexagon of 31 cells, values 1-{}, solution {rank} asked (lines: rows, columns, down-right diagonals)",
            net.values()
        ),
        _ => format!(
            "6x6 grid, {} split cells, digits 1-9",
            net.slots() - net.cells()
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::judges::find;
    use crate::format::read_all;

    /// Each line of the hexagon is a row, a column or a down-right diagonal of the square, and
    /// each window a cell with its six neighbours there.
    #[test]
    fn the_hexagon_keeps_its_lines_and_windows_in_the_square() {
        let net = Net::hexodoku(8).unwrap();
        let at = hexagon_places();
        let rc = |c: u16| {
            let p = at[c as usize];
            ((p / HEXAGON_SIDE) as i32, (p % HEXAGON_SIDE) as i32)
        };
        for unit in net.units() {
            let p: Vec<(i32, i32)> = unit.iter().map(|&c| rc(c)).collect();
            if unit.len() == 7
                && p.iter()
                    .map(|q| q.0)
                    .collect::<std::collections::BTreeSet<_>>()
                    .len()
                    == 3
            {
                // A window: the middle cell and its six neighbours.
                let centre = p.iter().copied().find(|&(r, c)| {
                    [(0, -1), (0, 1), (-1, 0), (1, 0), (-1, -1), (1, 1)]
                        .iter()
                        .all(|(dr, dc)| p.contains(&(r + dr, c + dc)))
                });
                assert!(centre.is_some(), "{unit:?}");
                continue;
            }
            let steps: Vec<(i32, i32)> = p
                .windows(2)
                .map(|w| (w[1].0 - w[0].0, w[1].1 - w[0].1))
                .collect();
            assert!(
                steps.iter().all(|&s| s == (0, 1))
                    || steps.iter().all(|&s| s == (1, 0))
                    || steps.iter().all(|&s| s == (1, 1)),
                "{unit:?}: {steps:?}"
            );
        }
    }

    #[test]
    fn split_cells_and_holes() {
        let spec = find("kattis-tightfitsudoku").unwrap();
        let case = &read_all(spec, spec.sample.0.as_bytes()).unwrap()[0];
        let p = picture(spec, 1, case, None, None).unwrap();
        assert_eq!((p.side, p.width), (6, 3));
        assert_eq!(
            (p.cells[0].text.as_str(), p.cells[1].text.as_str()),
            ("-/-", "-/5")
        );
        assert!(p.cells[1].kind == Kind::Given && p.cells[0].kind == Kind::Empty);
        assert!(p.cells[6].text.is_empty() && p.cells[7].kind == Kind::Given);
        assert!(p.wall_left(0, 3) && !p.wall_left(0, 2) && p.wall_above(2, 0));
        let hex = find("sgu437").unwrap();
        let case = &read_all(hex, hex.sample.0.as_bytes()).unwrap()[0];
        let p = picture(hex, 1, case, None, None).unwrap();
        assert_eq!(p.regions.iter().filter(|r| r.is_some()).count(), 31);
        assert!(p.is_hole(0) && !p.is_hole(1));
    }

    #[test]
    fn a_wrong_output_is_marked() {
        let spec = find("kattis-tightfitsudoku").unwrap();
        let case = &read_all(spec, spec.sample.0.as_bytes()).unwrap()[0];
        let grid: Vec<u8> = spec
            .sample
            .1
            .split_whitespace()
            .flat_map(|t| t.split('/').map(|d| d.parse::<u8>().unwrap()))
            .collect();
        let said = |g: Vec<u8>| Said {
            words: String::new(),
            grid: Some(g),
            marks: None,
        };
        let mut swapped = grid.clone();
        swapped.swap(0, 1);
        let p = picture(
            spec,
            1,
            case,
            Some(&said(grid.clone())),
            Some(&said(swapped)),
        )
        .unwrap();
        assert!(p.faulty && p.cells[0].wrong && !p.cells[1].wrong);
        assert_eq!(p.cells[0].text, "9/7");
        let p = picture(spec, 1, case, Some(&said(grid.clone())), Some(&said(grid))).unwrap();
        assert!(!p.faulty && p.cells[0].kind == Kind::Filled);
    }
}
