//! Each judge mode of the engine on its own, with both solvers, on the samples of the
//! problems that ask for it (read by this crate's readers, so these tests live here rather
//! than beside the engine in sudoku-judge-core).

use crate::format::judges::find;
use crate::format::spec::Spec;
use crate::model::Board;
use crate::model::Geometry;
use crate::solve::SolverKind;
use crate::solve::engine::*;

fn cases(spec: &'static Spec, input: &str) -> Vec<Board> {
    let mut r = crate::format::Reader::new(spec, input.as_bytes());
    let mut out = Vec::new();
    r.parse(input.as_bytes(), true, &mut out, usize::MAX)
        .unwrap();
    out.into_iter().map(|c| c.into_parts().0).collect()
}

fn both(f: impl Fn(&mut Engine)) {
    for kind in [SolverKind::Bitmask, SolverKind::Dlx] {
        f(&mut Engine::new(kind));
    }
}

#[test]
fn minimality_tells_all_three_verdicts_apart() {
    // HDU 3909's sample: not minimal, several solutions, minimal (16x16).
    let spec = find("hdu3909").unwrap();
    let boards = cases(spec, spec.sample.0);
    both(|e| {
        assert!(matches!(
            e.answer(&boards[0], Mode::Minimal),
            Answer::NotMinimal(_)
        ));
        assert!(matches!(
            e.answer(&boards[1], Mode::Minimal),
            Answer::Multiple(_)
        ));
        assert!(matches!(
            e.answer(&boards[2], Mode::Minimal),
            Answer::Solved(_)
        ));
    });
}

#[test]
fn best_scores_are_luogus() {
    for (name, want) in [("sample1", 2829), ("sample2", 2852)] {
        let text = std::fs::read_to_string(format!(
            "{}/testdata/luogu-p1074/{name}.in",
            env!("CARGO_MANIFEST_DIR")
        ))
        .unwrap();
        let b = &cases(find("luogu-p1074").unwrap(), &text)[0];
        both(|e| match e.answer(b, Mode::Best) {
            Answer::Score(s, g) => {
                assert_eq!(s, want, "{name}");
                assert_eq!(crate::solve::any::score(&target_weights(9), &g), want);
                assert!(b.is_solved_by(&g));
            }
            other => panic!("{name}: {other:?}"),
        });
    }
    // No solution: -1 in the judge's spelling, NoSolution here.
    let mut b = Board::empty(Geometry::standard(3));
    b.cells[0] = 5;
    b.cells[1] = 5;
    both(|e| assert_eq!(e.answer(&b, Mode::Best), Answer::NoSolution));
}

#[test]
fn lexmin_is_the_smallest_and_exact_counts_are_exact() {
    // The empty 4x4 grid: 288 solutions, the smallest is 1234/3412/2143/4321.
    let b = Board::empty(Geometry::standard(2));
    both(|e| {
        assert_eq!(
            e.lexmin(&b),
            Some(vec![1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1])
        );
        assert!(matches!(e.answer(&b, Mode::Exact), Answer::Count(288, _)));
    });
    // SPOJ SUDOGOB's sample: 1, 0 (clashing givens) and 2.
    let spec = find("spoj-sudogob").unwrap();
    let boards = cases(spec, spec.sample.0);
    both(|e| {
        let counts: Vec<u64> = boards
            .iter()
            .map(|b| match e.answer(b, Mode::Exact) {
                Answer::Count(n, _) => n,
                other => panic!("{other:?}"),
            })
            .collect();
        assert_eq!(counts, [1, 0, 2]);
    });
}

#[test]
fn verdicts_follow_uva10957() {
    let spec = find("uva10957").unwrap();
    let boards = cases(spec, spec.sample.0);
    both(|e| {
        let got: Vec<Answer> = boards.iter().map(|b| e.answer(b, Mode::Verdict)).collect();
        assert!(matches!(got[0], Answer::Solved(_)));
        assert!(matches!(got[1], Answer::Multiple(_)));
        assert_eq!(got[2], Answer::Illegal);
        assert_eq!(got[3], Answer::NoSolution);
    });
}

#[test]
fn every_searching_mode_stops_at_exactly_its_budget() {
    let sample = |name: &str, k: usize| {
        let spec = find(name).unwrap();
        cases(spec, spec.sample.0).swap_remove(k)
    };
    let luogu = std::fs::read_to_string(format!(
        "{}/testdata/luogu-p1074/sample1.in",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let runs = [
        // The smallest solution of an empty 16x16 grid: a probe per cell.
        (Mode::Lexmin, Board::empty(Geometry::standard(4))),
        // HDU 3909's minimal 16x16 puzzle: a count to 2 per given.
        (Mode::Minimal, sample("hdu3909", 2)),
        // SPOJ SUDOGOB's sample with two solutions, and the empty 4x4 grid (288).
        (Mode::Exact, sample("spoj-sudogob", 2)),
        (Mode::Exact, Board::empty(Geometry::standard(2))),
        (
            Mode::Best,
            cases(find("luogu-p1074").unwrap(), &luogu).swap_remove(0),
        ),
    ];
    for (mode, b) in &runs {
        both(|e| {
            // What the case takes: with exactly that budget it is answered, with one node
            // less it stops at that node, every time.
            e.set_budget(None);
            let want = e.try_answer(b, *mode).unwrap();
            let n = e.nodes();
            assert!(n > 0, "{mode:?} takes no search");
            e.set_budget(Some(n));
            assert_eq!(e.try_answer(b, *mode).as_ref(), Ok(&want), "{mode:?}");
            assert_eq!(e.nodes(), n, "{mode:?}");
            for budget in [0, n / 2, n - 1] {
                e.set_budget(Some(budget));
                for _ in 0..2 {
                    assert_eq!(
                        e.try_answer(b, *mode),
                        Err(OverBudget { budget }),
                        "{mode:?} {budget} of {n}"
                    );
                    assert_eq!(e.nodes(), budget, "{mode:?} {budget} of {n}");
                }
            }
            // `answer` has no budget.
            assert_eq!(e.answer(b, *mode), want, "{mode:?}");
        });
    }
}
