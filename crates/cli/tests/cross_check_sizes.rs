//! The seeded cross-check at every size: over 10,000 generated cases of sizes 1x1, 4x4, 9x9,
//! 16x16 and 25x25 — standard boxes, jigsaw regions and both diagonals; unique, unsolvable (with
//! and without clashing givens) and multi-solution — the any-size bitmask and DLX solvers agree
//! on counts to 2, on capped and exact counts, and (through the engine, on 4x4 and standard
//! 9x9 boards) on the lexicographically smallest solution; every grid they report keeps the givens and satisfies
//! every unit; at 9x9 the tuned solvers agree with them too. The seed is printed on failure.
//!
//! `SUDOKU_CROSS_SEED` replays a run; `SUDOKU_CROSS_SCALE` multiplies the case counts.

use std::sync::Arc;
use sudoku_judge::generate::boards::{BoardMaker, default_clues, random_jigsaw};
use sudoku_judge::generate::grids::carve_cells;
use sudoku_judge::generate::request::{Kind, Mix};
use sudoku_judge::model::{Board, Geometry};
use sudoku_judge::rng::Rng;
use sudoku_judge::solve::SolverKind;
use sudoku_judge::solve::any::Search;
use sudoku_judge::solve::engine::Engine;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Shape {
    Boxes,
    Jigsaw,
    Diagonals,
}

/// Box size, shape, number of cases.
const PLAN: [(usize, Shape, u64); 10] = [
    (1, Shape::Boxes, 20),
    (2, Shape::Boxes, 2500),
    (2, Shape::Jigsaw, 1000),
    (2, Shape::Diagonals, 1000),
    (3, Shape::Boxes, 2000),
    (3, Shape::Jigsaw, 1500),
    (3, Shape::Diagonals, 1000),
    (4, Shape::Boxes, 900),
    (4, Shape::Jigsaw, 150),
    (5, Shape::Boxes, 40),
];

/// The seed: `SUDOKU_CROSS_SEED`, else a fixed one, so that CI runs what was measured (about
/// 25 s in the `ci` profile). Other seeds can meet a sparse 16x16 jigsaw whose several-solution
/// carving makes the makers' search wander for minutes (seed 1: see the note in
/// `generate::boards`); a run with a chosen seed is how such cases are found.
fn seed() -> u64 {
    std::env::var("SUDOKU_CROSS_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(3)
}

fn scale() -> u64 {
    std::env::var("SUDOKU_CROSS_SCALE")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1)
}

/// The smallest solution in row-major order by plain search (4x4 and smaller only).
fn brute_lexmin(b: &Board) -> Option<Vec<u8>> {
    fn go(b: &Board, g: &mut Vec<u8>, i: usize) -> bool {
        let Some(c) = (i..g.len()).find(|&c| g[c] == 0) else {
            return true;
        };
        for v in 1..=b.side() as u8 {
            g[c] = v;
            if b.geometry.units_of(c).all(|u| {
                b.geometry
                    .unit(u)
                    .iter()
                    .all(|&o| o as usize == c || g[o as usize] != v)
            }) && go(b, g, c + 1)
            {
                return true;
            }
        }
        g[c] = 0;
        false
    }
    if b.first_clash(&b.cells).is_some() {
        return None;
    }
    let mut g = b.cells.clone();
    go(b, &mut g, 0).then_some(g)
}

struct Tally {
    cases: u64,
    kinds: [u64; 4],
}

#[test]
fn solvers_agree_at_every_size_shape_and_kind() {
    let seed = seed();
    eprintln!("cross-check seed {seed} (SUDOKU_CROSS_SEED={seed} replays it)");
    let mut maker = BoardMaker::new();
    let mut bit = SolverKind::Bitmask.build_any();
    let mut dlx = SolverKind::Dlx.build_any();
    let mut bit_engine = Engine::new(SolverKind::Bitmask);
    let mut dlx_engine = Engine::new(SolverKind::Dlx);
    let mut nine = SolverKind::Bitmask.build();
    let mix = Mix {
        unique: 40,
        none: 30,
        multiple: 30,
    };
    let mut tally = Tally {
        cases: 0,
        kinds: [0; 4],
    };
    for (plan, &(n, shape, cases)) in PLAN.iter().enumerate() {
        for i in 0..cases * scale() {
            let mut rng = Rng::for_item(seed ^ (plan as u64) << 56, i);
            let what = format!("seed {seed}, {n}x{n} box {shape:?}, case {i}");
            let (geometry, known) = match shape {
                Shape::Boxes => (Geometry::standard(n), None),
                Shape::Jigsaw => {
                    let (g, s) = random_jigsaw(n, &mut rng);
                    (g, Some(s))
                }
                Shape::Diagonals => (Arc::new(Geometry::standard(n).with_diagonals()), None),
            };
            let Some(s) = known.or_else(|| maker.solution(&geometry, &mut rng)) else {
                panic!("{what}: no solution for the geometry");
            };
            let kind = mix.pick(&mut rng);
            let cells = geometry.cells();
            let (lo, hi) = default_clues(n);
            let made = match kind {
                Kind::Unique => maker.unique(&geometry, &s, (lo, hi), false, false, &mut rng),
                Kind::Multiple => {
                    maker.multiple(&geometry, &s, (0, (hi / 2).min(cells - 1)), &mut rng)
                }
                Kind::None { clash: true } => maker.clash(&geometry, &s, (lo, hi), &mut rng),
                Kind::None { clash: false } => maker.no_solution(&geometry, &s, (lo, hi), &mut rng),
            };
            // A request the makers could not meet falls back to a plain carving.
            let cells = made.unwrap_or_else(|| carve_cells(&s, rng.range(0, cells), &mut rng));
            let board = Board::new(geometry.clone(), cells);
            // DLX has no locked candidates, and on sparse jigsaws of 9x9 and up with several
            // solutions some of its searches take minutes (a 16x16 one with 73 givens: 83 s;
            // the bitmask solver: milliseconds). Those cases check the bitmask solver alone
            // (against the tuned 9x9 one at 9x9); see `solve::any::dlx`.
            let dlx_too = !(shape == Shape::Jigsaw && n >= 3 && kind == Kind::Multiple);
            check_case(
                &what,
                &board,
                &mut *bit,
                dlx_too.then_some(&mut *dlx),
                &mut bit_engine,
                &mut dlx_engine,
                &mut *nine,
                i,
            );
            tally.cases += 1;
            tally.kinds[match kind {
                Kind::Unique => 0,
                Kind::Multiple => 1,
                Kind::None { clash: true } => 2,
                Kind::None { clash: false } => 3,
            }] += 1;
        }
    }
    assert!(tally.cases >= 10_000, "only {} cases", tally.cases);
    assert!(tally.kinds.iter().all(|&k| k > 1000), "{:?}", tally.kinds);
}

#[allow(clippy::too_many_arguments)]
fn check_case(
    what: &str,
    b: &Board,
    bit: &mut dyn Search,
    mut dlx: Option<&mut dyn Search>,
    bit_engine: &mut Engine,
    dlx_engine: &mut Engine,
    nine: &mut dyn sudoku_judge::solve::Solver,
    i: u64,
) {
    let show = || format!("{what}: givens {:?} on {:?}", b.cells, b.geometry);
    let (mut fb, mut fd) = (Vec::new(), Vec::new());
    let cb = bit.count(b, 2, &mut fb);
    let cd = match dlx.as_deref_mut() {
        Some(dlx) => dlx.count(b, 2, &mut fd),
        None => {
            fd.clone_from(&fb);
            cb
        }
    };
    assert_eq!(cb, cd, "counts to 2 differ (bitmask, dlx)\n{}", show());
    for g in [&fb, &fd] {
        assert_eq!(
            g.is_empty(),
            cb == 0,
            "a first solution exactly when one exists\n{}",
            show()
        );
        if !g.is_empty() {
            assert!(
                b.is_solved_by(g),
                "a reported grid is not a solution\n{}",
                show()
            );
        }
    }
    if cb == 1 {
        assert_eq!(fb, fd, "a unique puzzle with two answers\n{}", show());
    }
    if b.first_clash(&b.cells).is_some() {
        assert_eq!(cb, 0, "clashing givens have no solution\n{}", show());
    }
    if let Some(p) = b.to_puzzle() {
        let o = nine.solve(&p, 2);
        assert_eq!(
            u64::from(o.count),
            cb,
            "the tuned 9x9 solver differs\n{}",
            show()
        );
    }
    // Counts beyond 2: exactly on 4x4 and smaller, capped above.
    let cap = if b.side() <= 4 { u64::MAX } else { 50 };
    if b.side() <= 9 || i.is_multiple_of(4) {
        let x = bit.count(b, cap, &mut fb);
        let y = dlx.map_or(x, |dlx| dlx.count(b, cap, &mut fd));
        assert_eq!(x, y, "counts up to {cap} differ\n{}", show());
        assert_eq!(
            x.min(2),
            cb,
            "the count to {cap} disagrees with the count to 2\n{}",
            show()
        );
    }
    // The smallest solution: every 4x4 case, and a share of the 9x9 ones with standard boxes
    // (the size and layout of the judges that ask for it). Off those, a sparse grid with
    // several solutions can make its probes exponential (see `solve::engine`).
    if b.side() <= 4 || (b.side() == 9 && b.geometry.is_standard() && i.is_multiple_of(8)) {
        let lb = bit_engine.lexmin(b);
        let ld = dlx_engine.lexmin(b);
        assert_eq!(lb, ld, "lexmin differs\n{}", show());
        if let Some(g) = &lb {
            assert!(b.is_solved_by(g), "lexmin is not a solution\n{}", show());
        }
        if b.side() <= 4 {
            assert_eq!(
                lb,
                brute_lexmin(b),
                "lexmin is not the smallest\n{}",
                show()
            );
        }
    }
}

/// Cases that are hard for some search order, at every size: both any-size solvers must agree on
/// them (and finish: a pathological slowdown shows as a hung test).
#[test]
fn hard_and_near_empty_cases_at_every_size() {
    let mut bit = SolverKind::Bitmask.build_any();
    let mut dlx = SolverKind::Dlx.build_any();
    let mut boards: Vec<(String, Board, u64)> = Vec::new();
    // The minimal 16x16 puzzles of the bundled set (84-91 givens, unique).
    let data = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/sets");
    let text = std::fs::read_to_string(data.join("sudoku16_hard_100.txt")).unwrap();
    let letters = b".ABCDEFGHIJKLMNOP";
    for (i, line) in text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .take(12)
        .enumerate()
    {
        let cells = line
            .bytes()
            .map(|b| letters.iter().position(|&x| x == b).unwrap() as u8)
            .collect();
        boards.push((
            format!("hard16 {i}"),
            Board::new(Geometry::standard(4), cells),
            1,
        ));
    }
    // Empty grids, and a few givens on them, at every size and shape.
    let mut rng = Rng::new(20261122);
    for n in 1..=5 {
        let side = n * n;
        let empty = Board::empty(Geometry::standard(n));
        boards.push((
            format!("empty {side}x{side}"),
            empty.clone(),
            if n == 1 { 1 } else { 2 },
        ));
        let diag = Arc::new(Geometry::standard(n).with_diagonals());
        if n >= 3 {
            boards.push((format!("empty X {side}x{side}"), Board::empty(diag), 2));
        }
        if n >= 2 {
            let (g, s) = random_jigsaw(n, &mut rng);
            boards.push((
                format!("empty jigsaw {side}x{side}"),
                Board::empty(g.clone()),
                2,
            ));
            // N - 2 givens leave two values absent, which a solution may swap: two or more.
            let few = carve_cells(&s, side - 2, &mut rng);
            boards.push((
                format!("{} givens jigsaw {side}x{side}", side - 2),
                Board::new(g, few),
                2,
            ));
            // A full row but one cell, and that cell's value elsewhere in its column: no
            // solution, found at once by singles.
            let mut cells = vec![0u8; side * side];
            for (c, v) in cells.iter_mut().take(side - 1).enumerate() {
                *v = c as u8 + 1;
            }
            cells[side * (side - 1) + side - 1] = side as u8;
            boards.push((
                format!("blocked {side}x{side}"),
                Board::new(Geometry::standard(n), cells),
                0,
            ));
        }
    }
    // The 9x9 jigsaw grids that once stalled the tuned solvers (crates/cli/tests/cross_check.rs).
    for (cells, regions) in [
        (
            "000000004000000000000000000050000000000000000000000000000000000010000000000000003",
            "000111222000111222000111223444555233445555333444455333667777778666778878666688888",
        ),
        (
            "000300000100000000000000000000000208000000100000000009000070020000060900000400000",
            "000111222000111222000111223444555233445555333444455333667777778666778878666688888",
        ),
    ] {
        let ids: Vec<u8> = regions.bytes().map(|b| b - b'0').collect();
        let g = Arc::new(Geometry::from_regions(3, &ids).unwrap());
        let cells = cells.bytes().map(|b| b - b'0').collect();
        boards.push(("stalled jigsaw 9x9".into(), Board::new(g, cells), 2));
    }
    for (what, b, want) in &boards {
        let (mut fb, mut fd) = (Vec::new(), Vec::new());
        let cb = bit.count(b, 2, &mut fb);
        let cd = dlx.count(b, 2, &mut fd);
        assert_eq!(
            (cb, cd),
            (*want, *want),
            "{what}: counts to 2 (bitmask, dlx)"
        );
        for g in [&fb, &fd] {
            assert_eq!(g.is_empty(), *want == 0, "{what}");
            if !g.is_empty() {
                assert!(b.is_solved_by(g), "{what}: not a solution");
            }
        }
        if *want == 1 {
            assert_eq!(fb, fd, "{what}");
        }
    }
}
