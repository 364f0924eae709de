//! A case's [`Picture`]: its givens, the grid an answer file or a contestant's output fills in,
//! and which of the output's cells are wrong.
//!
//! A cell of the output is wrong when it differs from the answer's grid, where the problem has
//! one right grid (the unique, the smallest, the grid of singles), and where any solution is
//! right (POJ 2676, LeetCode, X-sudoku solvers' special judges) but the output is none. Without
//! an answer grid, a cell is wrong when it is empty, changes a given, or is not a given and
//! repeats a value in one of its units. Codeforces
//! 1335D's grids are meant to repeat (only an empty cell is wrong there), and AOJ 0126's cells
//! are wrong when their `*` mark is (the marks are the repeats of the case's own grid).

use super::{Cell, Kind, Mark, Picture};
use crate::format::readback::Said;
use crate::format::spec::{GridStyle, Spec};
use crate::format::spell;
use crate::model::Case;
use crate::model::board::clash_marks;
use crate::model::geometry::cell_name;
use crate::model::rules::{Cmp, Relation, Rules};
use crate::model::{Board, Geometry};
use crate::solve::engine::Mode;

/// Wrong cells listed by name in the notes; the rest are counted.
const LISTED: usize = 12;

/// The picture of case `k` of `spec`, with what the answer file and the output say of it (a
/// case on a net: [`super::net::picture`]).
pub fn picture(
    spec: &Spec,
    k: u64,
    case: &Case,
    answer: Option<&Said>,
    output: Option<&Said>,
) -> Picture {
    if let Some(p) = super::net::picture(spec, k, case, answer, output) {
        return p;
    }
    let board = case.to_board();
    let g = &board.geometry;
    let side = board.side();
    let given = &board.cells;
    let spelled = |v: u8| -> String {
        if v == 0 {
            return String::new();
        }
        let mut b = Vec::new();
        spell::put_value(spec.input.cells, side, v, &mut b);
        String::from_utf8_lossy(&b).into_owned()
    };
    let marks_style = spec.output.grid == GridStyle::Marks;
    let mut width = (1..=side as u8)
        .map(|v| spelled(v).chars().count())
        .max()
        .unwrap_or(1);
    let out_grid = output.and_then(|o| o.grid.as_deref());
    let ans_grid = answer.and_then(|a| a.grid.as_deref());
    let out_marks = output.and_then(|o| o.marks.as_deref());
    // The marks drawn: the output's, or the answer's when it is drawn alone.
    let stars = match out_grid {
        Some(_) => out_marks,
        None => answer.and_then(|a| a.marks.as_deref()),
    };
    if stars.is_some() {
        width += 1;
    }
    let shown = out_grid.or(ans_grid);
    // The marks AOJ 0126 asks for: the repeats of the case's own grid.
    let right_marks = marks_style.then(|| {
        answer
            .and_then(|a| a.marks.clone())
            .unwrap_or_else(|| clash_marks(g, given))
    });
    // The grid the output is held to, cell by cell: the answer's, where it is the one right
    // grid, or where any solution is right but the output is none.
    let exact = ans_grid.filter(|_| {
        spec.mode != Mode::Anti
            && (!spec.any_grid || out_grid.is_some_and(|o| !board.is_solved_by(o)))
    });
    let mut wrong: Vec<bool> = match out_grid {
        None => vec![false; given.len()],
        Some(out) => {
            let repeats = clash_marks(g, out);
            (0..given.len())
                .map(|c| match (spec.mode, &right_marks, out_marks) {
                    (Mode::Anti, _, _) => out[c] == 0,
                    (_, Some(right), Some(marks)) => marks[c] != right[c] || out[c] != given[c],
                    (Mode::Singles, _, _) => exact.is_some_and(|a| a[c] != out[c]),
                    _ => match exact {
                        Some(a) => a[c] != out[c],
                        // A given in a repeat is not to blame; the other cell is.
                        None => {
                            out[c] == 0
                                || (given[c] != 0 && given[c] != out[c])
                                || (given[c] == 0 && repeats[c])
                        }
                    },
                })
                .collect()
        }
    };
    // A grid that keeps its units but breaks a cage or a mark: the cell the rule points at.
    let broken = out_grid
        .filter(|_| exact.is_none() && spec.mode != Mode::Anti)
        .and_then(|out| g.rules()?.broken(out));
    if let Some((c, _)) = &broken {
        wrong[*c] = true;
    }
    let cells: Vec<Cell> = (0..given.len())
        .map(|c| {
            let v = shown.map_or(given[c], |s| s[c]);
            let kind = if v == 0 {
                Kind::Empty
            } else if given[c] == v {
                Kind::Given
            } else {
                Kind::Filled
            };
            let star = stars.is_some_and(|m| m[c]);
            let text = if star && v != 0 {
                format!("*{}", spelled(v))
            } else {
                spelled(v)
            };
            Cell {
                text,
                kind,
                wrong: wrong[c],
            }
        })
        .collect();
    let mut notes = Vec::new();
    let mut faulty = false;
    if let Some(a) = answer
        && !a.words.is_empty()
    {
        notes.push(format!("answer: {}", a.words));
    }
    if let Some(o) = output {
        if !o.words.is_empty() {
            notes.push(format!("output: {}", o.words));
        }
        if let Some(a) = answer
            && (a.words != o.words || a.grid.is_some() != o.grid.is_some())
        {
            faulty = true;
            notes.push(format!(
                "wrong: the output says {} where the answer says {}",
                what(o),
                what(a)
            ));
        }
    }
    if let Some((_, why)) = broken {
        notes.push(format!("broken rule: {why}"));
    }
    let bad: Vec<usize> = (0..given.len()).filter(|&c| wrong[c]).collect();
    if !bad.is_empty() {
        faulty = true;
        let out = out_grid.unwrap_or(given);
        let mut listed: Vec<String> = bad
            .iter()
            .take(LISTED)
            .map(|&c| {
                let name = cell_name(side, c);
                let has = match &cells[c].text {
                    t if t.is_empty() => "empty".to_string(),
                    t => t.clone(),
                };
                match (&right_marks, exact) {
                    (Some(m), _) if m[c] => format!("{name} {has} (a repeat: mark it *)"),
                    (Some(_), _) if out[c] == given[c] => format!("{name} {has} (no repeat)"),
                    (_, Some(a)) => format!("{name} {has} (expected {})", spelled(a[c])),
                    _ if out[c] != 0 && given[c] != 0 && out[c] != given[c] => {
                        format!("{name} {has} (the given is {})", spelled(given[c]))
                    }
                    _ => format!("{name} {has}"),
                }
            })
            .collect();
        if bad.len() > LISTED {
            listed.push(format!("and {} more", bad.len() - LISTED));
        }
        notes.push(format!(
            "wrong cell{} ({}): {}",
            if bad.len() == 1 { "" } else { "s" },
            bad.len(),
            listed.join(", ")
        ));
    } else if out_grid.is_some() && !faulty {
        notes.push("output: no wrong cell".to_string());
    }
    let mut title = format!("case {k}: {side}x{side}");
    if !g.is_standard() {
        title.push_str(" jigsaw");
    }
    if g.has_extras() {
        title.push_str(" X-sudoku");
    }
    title.push_str(&format!(", {} givens", board.clues()));
    if let Some(l) = case.label() {
        title.push_str(&format!(" ({l})"));
    }
    let marks = g.rules().map_or(Vec::new(), |r| marks(r, side));
    if let Some(k) = g.rules().and_then(|r| {
        r.relations().iter().find_map(|r| match *r {
            Relation::Sum { k, .. } => Some(k),
            Relation::Less { .. } => None,
        })
    }) {
        notes.push(format!("marks: each pair's sum against {k}"));
    }
    Picture {
        title,
        cells,
        width: width.max(1),
        notes,
        faulty,
        marks,
        ..Picture::frame(g)
    }
}

/// The relation marks of `rules` between neighbouring cells, each on its border, read from
/// the left or upper cell.
fn marks(rules: &Rules, side: usize) -> Vec<Mark> {
    rules
        .relations()
        .iter()
        .filter_map(|r| {
            let (a, b) = r.cells();
            // The left or upper cell, and whether the pair is read the other way round.
            let (cell, down, flipped) = if b == a + 1 && b % side != 0 {
                (a, false, false)
            } else if a == b + 1 && a % side != 0 {
                (b, false, true)
            } else if b == a + side {
                (a, true, false)
            } else if a == b + side {
                (b, true, true)
            } else {
                return None;
            };
            let symbol = match (*r, down, flipped) {
                (Relation::Less { .. }, false, false) => '<',
                (Relation::Less { .. }, false, true) => '>',
                (Relation::Less { .. }, true, false) => '^',
                (Relation::Less { .. }, true, true) => 'v',
                (Relation::Sum { cmp, .. }, _, _) => match cmp {
                    Cmp::Less => '<',
                    Cmp::Equal => '=',
                    Cmp::Greater => '>',
                },
            };
            Some(Mark { cell, down, symbol })
        })
        .collect()
}

/// The cages of case `k` as pictures of their own, one per puzzle the case holds (CodinGame's
/// Killer Sudoku Extreme holds several): the cages' outlines as walls, each cage's sum in its
/// first cell. None for a case without cages.
pub fn cage_pictures(k: u64, case: &Case) -> Vec<Picture> {
    let Some(board) = case.grid_board() else {
        return Vec::new();
    };
    let Some(rules) = board.geometry.rules() else {
        return Vec::new();
    };
    let sheets: Vec<&Board> = std::iter::once(board.as_ref())
        .chain(rules.more())
        .collect();
    let several = sheets.len() > 1;
    sheets
        .iter()
        .enumerate()
        .filter_map(|(i, b)| {
            let puzzle = several.then(|| format!(", puzzle {}", i + 1));
            cages_of(
                &b.geometry,
                &format!("case {k}{}", puzzle.unwrap_or_default()),
            )
        })
        .collect()
}

/// The picture of `g`'s cages, titled `name: cages`.
fn cages_of(g: &std::sync::Arc<Geometry>, name: &str) -> Option<Picture> {
    let cages = g.rules()?.cages();
    if cages.is_empty() {
        return None;
    }
    // A cell of no cage is a region of its own.
    let mut regions: Vec<usize> = (cages.len()..cages.len() + g.cells()).collect();
    let mut cells = vec![
        Cell {
            text: String::new(),
            kind: Kind::Empty,
            wrong: false,
        };
        g.cells()
    ];
    for (i, cage) in cages.iter().enumerate() {
        for &c in cage.cells.iter() {
            regions[c as usize] = i;
        }
        cells[cage.cells[0] as usize] = Cell {
            text: cage.sum.to_string(),
            kind: Kind::Given,
            wrong: false,
        };
    }
    let width = cells.iter().map(|c| c.text.len()).max().unwrap_or(1);
    Some(Picture {
        title: format!("{name}: {} cages, each sum in its first cell", cages.len()),
        cells,
        width,
        regions: regions.into_iter().map(Some).collect(),
        ..Picture::frame(g)
    })
}

/// What an answer says, for a note: its words, `a grid`, or both.
fn what(s: &Said) -> String {
    match (s.words.is_empty(), s.grid.is_some()) {
        (false, true) => format!("\"{}\" and a grid", s.words),
        (false, false) => format!("\"{}\"", s.words),
        (true, true) => "a grid".to_string(),
        (true, false) => "nothing".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::judges::find;
    use crate::model::{Board, Geometry};

    /// A 4x4 case with givens 1 . . . / . . 1 . / . 1 . . / . . . 1 and its solution.
    fn case4() -> (Case, Vec<u8>) {
        let mut cells = vec![0u8; 16];
        for c in [0, 6, 9, 15] {
            cells[c] = 1;
        }
        let solution = vec![1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
        let board = Board::new(Geometry::standard(2), cells);
        (Case::board(board, None), solution)
    }

    fn grid(g: &[u8]) -> Said {
        Said {
            grid: Some(g.to_vec()),
            ..Said::default()
        }
    }

    #[test]
    fn cells_differing_from_the_one_right_grid_are_wrong() {
        let spec = find("hdu5547").unwrap();
        let (case, sol) = case4();
        let mut out = sol.clone();
        out.swap(1, 2); // r1c2 and r1c3 swapped: no repeat, but not the answer
        let p = picture(spec, 3, &case, Some(&grid(&sol)), Some(&grid(&out)));
        let wrong: Vec<usize> = (0..16).filter(|&c| p.cells[c].wrong).collect();
        assert_eq!(wrong, [1, 2]);
        assert!(p.faulty);
        assert_eq!(p.title, "case 3: 4x4, 4 givens");
        assert_eq!(
            p.notes,
            ["wrong cells (2): r1c2 3 (expected 2), r1c3 2 (expected 3)"]
        );
        assert_eq!(p.cells[0].kind, Kind::Given);
        assert_eq!(p.cells[1].kind, Kind::Filled);
        // The answer alone: filled, nothing wrong.
        let p = picture(spec, 3, &case, Some(&grid(&sol)), None);
        assert!(!p.faulty && p.has_filled() && !p.has_wrong());
    }

    #[test]
    fn where_any_solution_is_right_repeats_and_changed_givens_are_wrong() {
        let spec = find("dmoj-miniaturesudoku").unwrap();
        assert!(spec.any_grid);
        let (case, sol) = case4();
        let mut out = sol.clone();
        out[0] = 2; // changes the given 1, and repeats the 2 of r1c2
        out[5] = 0; // left empty
        let p = picture(spec, 1, &case, None, Some(&grid(&out)));
        let wrong: Vec<usize> = (0..16).filter(|&c| p.cells[c].wrong).collect();
        assert_eq!(wrong, [0, 1, 5, 8]);
        assert!(
            p.notes[0].starts_with("wrong cells (4): r1c1 2 (the given is 1), r1c2 2, r2c2 empty"),
            "{:?}",
            p.notes
        );
        let p = picture(spec, 1, &case, None, Some(&grid(&sol)));
        assert_eq!(p.notes, ["output: no wrong cell"]);
        assert!(!p.faulty);
    }

    #[test]
    fn words_that_differ_are_wrong() {
        let spec = find("hdu5547").unwrap();
        let (case, sol) = case4();
        let none = Said {
            words: "No solution".into(),
            ..Said::default()
        };
        let p = picture(spec, 1, &case, Some(&none), Some(&grid(&sol)));
        assert!(p.faulty);
        assert_eq!(
            p.notes,
            [
                "answer: No solution",
                "wrong: the output says a grid where the answer says \"No solution\""
            ]
        );
    }
}
