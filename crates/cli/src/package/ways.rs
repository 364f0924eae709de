//! The cases that reach a failing verdict by each way the problem has: givens (or a full
//! grid's values) that repeat in a row only, in a column only, in a box or region only, on a
//! diagonal only where the format has diagonals, and, where the problem answers "no
//! solution", givens that clash nowhere and still have none. A solution that forgets one kind
//! of unit, or answers "no solution" only on a clash, fails one of them; the package's README
//! names them ([`Way::wrong`]).

use crate::format::spec::Spec;
use crate::generate::maker::Maker;
use crate::generate::request::{Kind, Made, Mix, Reach, Request};
use crate::model::{Board, Case, Geometry, Unit};
use crate::rng::Rng;
use crate::solve::engine::Mode;
use std::sync::Arc;

/// Tries at one way before it is left out (each try is a few microseconds).
const TRIES: u32 = 200;

/// One case and what it catches.
#[derive(Clone, Debug)]
pub struct Way {
    /// The case, made as one of no solution (with or without a clash).
    pub made: Made,
    /// What it is: "givens that repeat a value in a row only".
    pub what: String,
    /// The wrong solution it fails: "one that never looks at rows for a repeat".
    pub wrong: String,
}

/// The unit kinds a repeat can be alone in, by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnitKind {
    Row,
    Column,
    Region,
    Diagonal,
}

impl UnitKind {
    pub fn of(u: Unit) -> UnitKind {
        match u {
            Unit::Row(_) => UnitKind::Row,
            Unit::Col(_) => UnitKind::Column,
            Unit::Region(_) => UnitKind::Region,
            Unit::Diagonal | Unit::AntiDiagonal => UnitKind::Diagonal,
        }
    }

    fn plural(self, g: &Geometry) -> &'static str {
        match self {
            UnitKind::Region if g.is_standard() => "boxes",
            k => match k.name(g) {
                "row" => "rows",
                "column" => "columns",
                "region" => "regions",
                _ => "diagonals",
            },
        }
    }

    fn name(self, g: &Geometry) -> &'static str {
        match self {
            UnitKind::Row => "row",
            UnitKind::Column => "column",
            UnitKind::Region if g.is_standard() => "box",
            UnitKind::Region => "region",
            UnitKind::Diagonal => "diagonal",
        }
    }
}

/// The kinds of the units where `cells` (zeros empty) repeats a value, each once, in unit
/// order.
pub fn repeats(g: &Geometry, cells: &[u8]) -> Vec<UnitKind> {
    let side = g.side();
    let mut kinds = Vec::new();
    for u in 0..g.unit_count() {
        let mut seen = vec![false; side + 1];
        let repeat = g.unit(u).iter().any(|&c| {
            let v = cells[c as usize] as usize;
            v != 0 && v <= side && std::mem::replace(&mut seen[v], true)
        });
        let k = UnitKind::of(g.unit_kind(u));
        if repeat && !kinds.contains(&k) {
            kinds.push(k);
        }
    }
    kinds
}

/// The ways of `spec`'s failing verdicts, made from `base` (the package's plan) with `seed`.
/// Empty where the problem has no failing verdict (its input never clashes).
pub fn ways(spec: &'static Spec, base: &Request, seed: u64) -> Vec<Way> {
    let g = spec.generate;
    // A net has no rows, columns and regions of a grid to repeat a value in.
    if g.none == 0 || matches!(spec.mode, Mode::Anti | Mode::Singles) || spec.on_net() {
        return Vec::new();
    }
    let mut maker = Maker::new();
    let Some((board, template)) = full_grid(base, seed, &mut maker) else {
        return Vec::new();
    };
    let geometry = board.geometry.clone();
    let mut kinds = vec![UnitKind::Row, UnitKind::Column, UnitKind::Region];
    if geometry.has_extras() {
        kinds.push(UnitKind::Diagonal);
    }
    let full = matches!(spec.mode, Mode::Complete | Mode::Marks);
    let mut rng = Rng::for_item(seed, 0x7761_7973);
    let mut out = Vec::new();
    for kind in kinds {
        let made = (0..TRIES).find_map(|_| {
            let cells = if full {
                full_repeat(&geometry, &board.cells, kind, &mut rng)?
            } else {
                given_repeat(spec, &geometry, &board.cells, kind, &mut rng)?
            };
            (repeats(&geometry, &cells) == [kind]).then_some(cells)
        });
        let Some(cells) = made else { continue };
        let (name, names) = (kind.name(&geometry), kind.plural(&geometry));
        let (what, wrong) = if full {
            (
                format!("a full grid that repeats a value in a {name} only"),
                format!("one that never looks at {names} for a repeat"),
            )
        } else {
            (
                format!("givens that repeat a value in a {name} only"),
                format!("one that never looks at {names} for clashing givens"),
            )
        };
        if let Some(made) = remake(&template, &geometry, cells) {
            out.push(Way { made, what, wrong });
        }
    }
    // No solution with no clash: where "no solution" is an answer, not a checker's verdict.
    if !matches!(spec.mode, Mode::Legal | Mode::Complete | Mode::Marks)
        && let Some(made) = no_clash_no_solution(base, seed, &mut maker)
    {
        out.push(Way {
            made,
            what: "givens that clash nowhere and have no solution".into(),
            wrong: "one that answers \"no solution\" only when givens clash".into(),
        });
    }
    out
}

/// A full solution grid of the plan's first size above 1x1: its edge case "full grid".
fn full_grid(base: &Request, seed: u64, maker: &mut Maker) -> Option<(Board, Case)> {
    let n = base.sizes.iter().copied().filter(|&n| n > 1).min()?;
    let plan = Request {
        edge: true,
        // A template, whatever the data holds: HDU 2780's cases are carved from it.
        reach: Reach::Any,
        // 9x9 where the problem has it, else its smallest grid.
        sizes: vec![if base.sizes.contains(&3) { 3 } else { n }],
        seed,
        ..base.clone()
    };
    let made = maker.case(&plan, 1).ok()?;
    // A net has no grid to carve: its edge cases are the maker's.
    let board = made.case.grid_board()?.into_owned();
    (board.clues() == board.cells.len()).then_some((board, made.case))
}

/// `cells` in the form of `template` (a 9x9 puzzle, or a board with the template's label).
fn remake(template: &Case, g: &Arc<Geometry>, cells: Vec<u8>) -> Option<Made> {
    let board = Board::new(g.clone(), cells);
    let case = match template {
        Case::Nine(_) => Case::Nine(board.to_puzzle()?),
        Case::Board { label, .. } => Case::board(board, label.clone()),
        Case::Net { .. } => return None,
    };
    Some(Made {
        case,
        kind: Kind::None { clash: true },
    })
}

/// Givens of solution `s` where two cells that share only a unit of `kind` hold the same
/// value, and no other two givens clash: as many givens as the problem's range asks (a third
/// of the grid by default).
fn given_repeat(
    spec: &Spec,
    g: &Geometry,
    s: &[u8],
    kind: UnitKind,
    rng: &mut Rng,
) -> Option<Vec<u8>> {
    let cells = s.len();
    let (a, b) = pair(g, kind, rng)?;
    let target = match spec.generate.clues {
        Some((lo, hi)) => rng.range(lo, hi.max(lo)),
        None => (cells / 3).max(2),
    };
    let mut grid = vec![0u8; cells];
    grid[a] = s[a];
    grid[b] = s[a];
    let mut order: Vec<usize> = (0..cells).filter(|&c| c != a && c != b).collect();
    rng.shuffle(&mut order);
    let mut givens = 2;
    for c in order {
        if givens >= target {
            break;
        }
        // Another given of the repeated value in a unit of `b` would be a second clash.
        let peer_of_b = g.units_of(b).any(|u| g.unit(u).contains(&(c as u16)));
        if s[c] == s[a] && peer_of_b {
            continue;
        }
        grid[c] = s[c];
        givens += 1;
    }
    (givens == target).then_some(grid)
}

/// Solution `s` with a repeat in a unit of `kind` only: two cells that share a column and a
/// region swapped (rows repeat), or a row and a region (columns repeat); two rows of two bands
/// swapped (boxes repeat); rows swapped within a band until a diagonal breaks.
fn full_repeat(g: &Geometry, s: &[u8], kind: UnitKind, rng: &mut Rng) -> Option<Vec<u8>> {
    let side = g.side();
    let mut grid = s.to_vec();
    let swap_rows = |grid: &mut Vec<u8>, r1: usize, r2: usize| {
        for c in 0..side {
            grid.swap(r1 * side + c, r2 * side + c);
        }
    };
    match kind {
        UnitKind::Row | UnitKind::Column => {
            let keep = if kind == UnitKind::Row {
                UnitKind::Column
            } else {
                UnitKind::Row
            };
            let (a, b) = pair_sharing(g, &[keep, UnitKind::Region], rng)?;
            grid.swap(a, b);
        }
        UnitKind::Region => {
            let r1 = rng.below(side as u64) as usize;
            let r2 = rng.below(side as u64) as usize;
            swap_rows(&mut grid, r1, r2);
        }
        UnitKind::Diagonal => {
            let n = g.box_size();
            let band = rng.below(n as u64) as usize;
            let r1 = band * n + rng.below(n as u64) as usize;
            let r2 = band * n + rng.below(n as u64) as usize;
            swap_rows(&mut grid, r1, r2);
        }
    }
    Some(grid)
}

/// Two cells that share a unit of `kind` and no other unit.
fn pair(g: &Geometry, kind: UnitKind, rng: &mut Rng) -> Option<(usize, usize)> {
    pair_sharing(g, &[kind], rng)
}

/// Two random cells whose shared units are exactly of the kinds `kinds` (one each).
fn pair_sharing(g: &Geometry, kinds: &[UnitKind], rng: &mut Rng) -> Option<(usize, usize)> {
    let cells = g.cells();
    for _ in 0..64 {
        let a = rng.below(cells as u64) as usize;
        let b = rng.below(cells as u64) as usize;
        if a == b {
            continue;
        }
        let shared: Vec<UnitKind> = g
            .units_of(a)
            .filter(|&u| g.unit(u).contains(&(b as u16)))
            .map(|u| UnitKind::of(g.unit_kind(u)))
            .collect();
        if shared.len() == kinds.len() && kinds.iter().all(|k| shared.contains(k)) {
            return Some((a.min(b), a.max(b)));
        }
    }
    None
}

/// A case of the plan's "no solution" kind that has no clash.
fn no_clash_no_solution(base: &Request, seed: u64, maker: &mut Maker) -> Option<Made> {
    let plan = Request {
        mix: Mix {
            unique: 0,
            none: 1,
            multiple: 0,
        },
        seed: seed ^ 0x6e6f_6e65,
        ..base.clone()
    };
    (0..64).find_map(|i| {
        let made = maker.case(&plan, i).ok()?;
        (made.kind == Kind::None { clash: false }).then_some(made)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::judges::{JUDGES, find};

    fn board_of(m: &Made) -> Board {
        m.case.to_board().into_owned()
    }

    /// Each case repeats a value in the units of its kind only, and every format that has a
    /// failing verdict gets a row, a column and a box or region case.
    #[test]
    fn each_case_repeats_in_its_kind_of_unit_only() {
        for spec in JUDGES {
            let ways = ways(spec, &Request::of(spec, 0), 3);
            if spec.generate.none == 0
                || matches!(spec.mode, Mode::Anti | Mode::Singles)
                || spec.on_net()
            {
                assert!(ways.is_empty(), "{}", spec.name);
                continue;
            }
            let mut seen = Vec::new();
            for w in &ways {
                let b = board_of(&w.made);
                let found = repeats(&b.geometry, &b.cells);
                if w.made.kind == (Kind::None { clash: false }) {
                    assert!(found.is_empty(), "{}: {}", spec.name, w.what);
                    continue;
                }
                assert_eq!(found.len(), 1, "{}: {} {found:?}", spec.name, w.what);
                let name = found[0].name(&b.geometry);
                assert!(w.what.contains(name), "{}: {} {name}", spec.name, w.what);
                seen.push(found[0]);
            }
            for k in [UnitKind::Row, UnitKind::Column, UnitKind::Region] {
                assert!(seen.contains(&k), "{}: no {k:?} case", spec.name);
            }
        }
    }

    #[test]
    fn uva10957_and_hdu4069_have_a_clash_free_case_with_no_solution() {
        for name in ["uva10957", "hdu4069"] {
            let spec = find(name).unwrap();
            let ways = ways(spec, &Request::of(spec, 0), 5);
            assert!(
                ways.iter()
                    .any(|w| w.made.kind == (Kind::None { clash: false })),
                "{name}"
            );
        }
    }
}
