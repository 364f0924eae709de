//! Search budgets (`--budget`): a case whose search would run for ever (an empty SPOJ SUDOGOB
//! grid, a Luogu P1074 grid with 12 givens) ends with an error naming it and the promise it
//! breaks, after every earlier answer, in `solve` (exit 2) and `check` (checker failure);
//! `validate` rejects it; both solvers stop at exactly the budget by their own node counts;
//! and the default budget is far above what the fixtures and generated sets take.

use crate::common::scratch;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use sudoku_judge::format::Reader;
use sudoku_judge::format::judges::find;
use sudoku_judge::solve::SolverKind;
use sudoku_judge::solve::engine::{Engine, OverBudget};

const BIN: &str = env!("CARGO_BIN_EXE_sudoku-judge");

fn testdata(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("testdata")
        .join(rel)
}

fn run(dir: &Path, args: &[&str]) -> Output {
    Command::new(BIN)
        .current_dir(dir)
        .args(args)
        .output()
        .unwrap()
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// A 9x9 grid of spaced numbers with `givens` (row-major) and the rest empty.
fn grid(givens: &[u8]) -> String {
    let mut cells = givens.to_vec();
    cells.resize(81, 0);
    cells
        .chunks(9)
        .map(|r| {
            let row: Vec<String> = r.iter().map(u8::to_string).collect();
            row.join(" ") + "\n"
        })
        .collect()
}

/// The first row of the SPOJ SUDOGOB sample, with one given: 1 solution counted at once.
const SAMPLE_FIRST: &str = "3 0 6 0 0 2 5 0 0\n0 0 0 0 3 8 0 0 0\n7 0 8 0 1 6 0 9 0\n\
                            0 0 7 0 0 3 8 6 0\n8 2 0 0 7 0 0 4 5\n0 6 3 1 0 0 9 0 0\n\
                            0 7 0 3 5 0 6 0 2\n0 0 0 8 2 0 0 0 0\n0 0 2 9 0 0 7 0 4\n";

/// SPOJ SUDOGOB: the sample's first grid, an empty grid, a one-given grid, the first again.
fn sudogob_file() -> String {
    format!(
        "4\n{SAMPLE_FIRST}\n{}\n{}\n{SAMPLE_FIRST}",
        grid(&[]),
        grid(&[5])
    )
}

/// Luogu P1074 with 12 givens (the first row and three of the second), outside its promise
/// of at least 24.
fn luogu_twelve() -> String {
    grid(&[1, 2, 3, 4, 5, 6, 7, 8, 9, 4, 5, 6])
}

#[test]
fn solve_ends_at_the_case_past_the_budget_after_the_earlier_answers() {
    let dir = scratch("budget-solve");
    std::fs::write(dir.join("gob.in"), sudogob_file()).unwrap();
    // The sample's first answer, in full, and nothing after it.
    let want = text(&std::fs::read(testdata("spoj-sudogob/sample.out")).unwrap());
    let one: String = want.lines().take(10).map(|l| format!("{l}\n")).collect();
    for solver in ["bitmask", "dlx"] {
        for threads in ["1", "2", "4"] {
            let o = run(
                &dir,
                &[
                    "solve",
                    "--format",
                    "spoj-sudogob",
                    "--budget",
                    "5000",
                    "--solver",
                    solver,
                    "-j",
                    threads,
                    "gob.in",
                ],
            );
            assert_eq!(o.status.code(), Some(2), "{solver} -j {threads}");
            assert_eq!(text(&o.stdout), one, "{solver} -j {threads}");
            assert_eq!(
                text(&o.stderr),
                "error: gob.in: case 2: counting its solutions took more than the budget of \
                 5000 search nodes (--budget): spoj-sudogob promises grids whose solutions a \
                 search can count\n",
                "{solver} -j {threads}"
            );
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn luogu_below_its_givens_names_the_promise() {
    let dir = scratch("budget-luogu");
    std::fs::write(dir.join("p.in"), luogu_twelve()).unwrap();
    for solver in ["bitmask", "dlx"] {
        let o = run(
            &dir,
            &[
                "solve",
                "--format",
                "luogu-p1074",
                "--solver",
                solver,
                "--budget",
                "20000",
                "p.in",
            ],
        );
        assert_eq!(o.status.code(), Some(2), "{solver}");
        assert!(o.stdout.is_empty(), "{solver}");
        assert_eq!(
            text(&o.stderr),
            "error: p.in: case 1: finding its best score took more than the budget of 20000 \
             search nodes (--budget): luogu-p1074 promises at most 57 empty cells (this case \
             has 69)\n",
            "{solver}"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn check_calls_a_case_past_the_budget_a_checker_failure() {
    let dir = scratch("budget-check");
    std::fs::write(dir.join("gob.in"), sudogob_file()).unwrap();
    // The first answer right; the second case cannot be judged.
    let want = text(&std::fs::read(testdata("spoj-sudogob/sample.out")).unwrap());
    let out: String = want
        .lines()
        .take(10)
        .map(|l| format!("{l}\n"))
        .collect::<String>()
        + "0\n";
    std::fs::write(dir.join("gob.out"), out).unwrap();
    for threads in ["1", "2"] {
        let o = run(
            &dir,
            &[
                "check",
                "--format",
                "spoj-sudogob",
                "--budget",
                "5000",
                "-j",
                threads,
                "gob.in",
                "gob.out",
            ],
        );
        assert_eq!(o.status.code(), Some(3), "-j {threads}");
        assert_eq!(
            text(&o.stderr),
            "checker failure: gob.in: case 2: counting its solutions took more than the budget \
             of 5000 search nodes (--budget): spoj-sudogob promises grids whose solutions a \
             search can count\n"
        );
    }
    // Kattis: a judge error.
    std::fs::create_dir(dir.join("fb")).unwrap();
    let o = Command::new(BIN)
        .current_dir(&dir)
        .args([
            "check",
            "--protocol",
            "kattis",
            "--format",
            "spoj-sudogob",
            "--budget",
            "5000",
            "gob.in",
            "gob.out",
            "fb",
        ])
        .stdin(std::fs::File::open(dir.join("gob.out")).unwrap())
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn both_solvers_stop_at_exactly_the_budget() {
    let spec = find("spoj-sudogob").unwrap();
    let mut reader = Reader::generic(spec);
    let mut cases = Vec::new();
    reader
        .parse(sudogob_file().as_bytes(), true, &mut cases, usize::MAX)
        .unwrap();
    for kind in [SolverKind::Bitmask, SolverKind::Dlx] {
        for budget in [0, 1, 777, 12_345] {
            let mut e = Engine::new(kind);
            e.set_budget(Some(budget));
            // The first case is within any budget: propagation and a few guesses.
            assert!(e.try_answer(&cases[0].to_board(), spec.mode).is_ok() || budget < 100);
            for case in &cases[1..3] {
                for _ in 0..2 {
                    assert_eq!(
                        e.try_answer(&case.to_board(), spec.mode),
                        Err(OverBudget { budget }),
                        "{kind:?} {budget}"
                    );
                    assert_eq!(e.nodes(), budget, "{kind:?} {budget}");
                }
            }
        }
    }
}

#[test]
fn validate_rejects_what_no_budget_settles() {
    let dir = scratch("budget-validate");
    std::fs::write(dir.join("gob.in"), sudogob_file()).unwrap();
    let o = run(
        &dir,
        &[
            "validate",
            "--format",
            "spoj-sudogob",
            "--budget",
            "5000",
            "gob.in",
        ],
    );
    assert_eq!(o.status.code(), Some(1), "{}", text(&o.stderr));
    let why = "counting its solutions took more than the budget of 5000 search nodes \
               (--budget): spoj-sudogob promises grids whose solutions a search can count";
    assert_eq!(
        text(&o.stdout),
        format!("case 1: valid\ncase 2: {why}\ncase 3: {why}\ncase 4: valid\n")
    );
    // As a Kattis input validator: invalid, the first such case named.
    let o = Command::new(BIN)
        .current_dir(&dir)
        .args([
            "validate",
            "--protocol",
            "kattis",
            "--format",
            "spoj-sudogob",
            "--budget",
            "5000",
        ])
        .stdin(std::fs::File::open(dir.join("gob.in")).unwrap())
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(43));
    assert_eq!(text(&o.stderr), format!("<stdin>: case 2: {why}\n"));
    // A clash-free POJ 2676 grid without a solution (r1c9 can only be 9, which column 9
    // holds) breaks its promise of a solvable puzzle.
    let mut none = vec![1, 2, 3, 4, 5, 6, 7, 8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 9];
    none.resize(81, 0);
    let rows: String = none
        .chunks(9)
        .map(|r| r.iter().map(u8::to_string).collect::<String>() + "\n")
        .collect();
    std::fs::write(dir.join("none.in"), format!("1\n{rows}")).unwrap();
    let o = run(&dir, &["validate", "--format", "poj2676", "none.in"]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        text(&o.stdout),
        "case 1: no solution: poj2676 promises a solvable puzzle\n"
    );
    std::fs::write(dir.join("p.in"), luogu_twelve()).unwrap();
    let o = run(&dir, &["validate", "--format", "luogu-p1074", "p.in"]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        text(&o.stdout),
        "case 1: 69 empty cells: luogu-p1074 promises at most 57 empty cells\n"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The most nodes any case of `file` (in `format`) takes with `kind`, unbudgeted.
fn most_nodes(format: &str, file: &Path, kind: SolverKind) -> u64 {
    let spec = find(format).unwrap();
    let mut reader = Reader::generic(spec);
    let mut cases = Vec::new();
    let bytes = std::fs::read(file).unwrap();
    reader.parse(&bytes, true, &mut cases, usize::MAX).unwrap();
    let mut e = Engine::new(kind);
    cases
        .iter()
        .map(|c| {
            e.answer(&c.to_board(), spec.mode);
            e.nodes()
        })
        .max()
        .unwrap_or(0)
}

/// The formats whose answers take searches that can run for ever, with the files `gen`
/// makes for each: (format, cases per file, files).
const SEARCHING: &[(&str, &str, u64)] = &[
    ("spoj-sudogob", "100", 3),
    ("luogu-p1074", "1", 40),
    ("uva989", "100", 3),
    ("spoj-novice42", "100", 3),
    ("ecnu1021", "1", 40),
    ("hdu3909", "60", 3),
];

/// Each default budget stands between 10 and 20 times the most nodes a legitimate case took
/// with its solver (`most`, the heaviest of every file measured): 10 for room, 20 at most so
/// that a runaway case does not make its user wait longer than the margin needs. DLX's was
/// 400,000,000, 22 times its heaviest case, and took about 2 minutes to give up on a runaway
/// Luogu P1074 grid (`solve::SolverKind::default_budget` has the times).
fn assert_in_line(most: [u64; 2]) {
    for (kind, m) in [SolverKind::Bitmask, SolverKind::Dlx].into_iter().zip(most) {
        let budget = kind.default_budget();
        assert!(
            m.saturating_mul(10) < budget,
            "{kind:?}: {m} nodes, budget {budget}"
        );
        assert!(
            budget <= m.saturating_mul(20),
            "{kind:?}: {m} nodes, budget {budget}"
        );
    }
}

#[test]
fn the_default_budget_is_far_above_the_fixtures_and_generated_sets() {
    let dir = scratch("budget-default");
    let mut report = Vec::new();
    // The heaviest case of every format, bitmask and DLX.
    let mut heaviest = [0u64; 2];
    for &(format, count, files) in SEARCHING {
        let mut most = [0u64; 2];
        let mut paths: Vec<PathBuf> = std::fs::read_dir(testdata(format))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "in"))
            .collect();
        for seed in 0..files {
            let path = dir.join(format!("{format}-{seed}.in"));
            let o = run(
                &dir,
                &[
                    "gen",
                    "--format",
                    format,
                    "--count",
                    count,
                    "--seed",
                    &seed.to_string(),
                    "-o",
                    path.to_str().unwrap(),
                ],
            );
            assert!(o.status.success(), "{format}: {}", text(&o.stderr));
            paths.push(path);
        }
        for p in &paths {
            for (i, kind) in [SolverKind::Bitmask, SolverKind::Dlx]
                .into_iter()
                .enumerate()
            {
                most[i] = most[i].max(most_nodes(format, p, kind));
            }
        }
        report.push(format!(
            "{format}: {} files, most nodes a case took: bitmask {}, dlx {}",
            paths.len(),
            most[0],
            most[1]
        ));
        // A margin of ten at least over everything seen.
        assert!(
            most[0].saturating_mul(10) < SolverKind::Bitmask.default_budget()
                && most[1].saturating_mul(10) < SolverKind::Dlx.default_budget(),
            "{format}: {most:?}"
        );
        heaviest = [heaviest[0].max(most[0]), heaviest[1].max(most[1])];
    }
    eprintln!("{}", report.join("\n"));
    assert_in_line(heaviest);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The benchmark sets of 16x16 and 25x25 puzzles (`testdata/sets`, copies of the shared sets),
/// solved as their judges ask (one solution and whether it is unique): the heaviest legitimate
/// searches of the sizes the budget also covers.
#[test]
fn the_default_budget_is_far_above_the_16x16_and_25x25_sets() {
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/sets");
    let mut report = Vec::new();
    for (name, format) in [
        ("sudoku16_hard_100.txt", "line"),
        ("sudoku16_unique_1000.txt", "line"),
        ("sudoku25_unique_50.txt", "nums"),
    ] {
        let spec = find(format).unwrap();
        let bytes = std::fs::read(data.join(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
        let mut reader = Reader::generic(spec);
        let mut cases = Vec::new();
        reader.parse(&bytes, true, &mut cases, usize::MAX).unwrap();
        assert!(!cases.is_empty(), "{name}");
        let mut most = [0u64; 2];
        for (i, kind) in [SolverKind::Bitmask, SolverKind::Dlx]
            .into_iter()
            .enumerate()
        {
            let mut e = Engine::new(kind);
            for c in &cases {
                e.answer(&c.to_board(), spec.mode);
                most[i] = most[i].max(e.nodes());
            }
        }
        report.push(format!(
            "{name}: {} cases, most nodes a case took: bitmask {}, dlx {}",
            cases.len(),
            most[0],
            most[1]
        ));
        assert!(
            most[0].saturating_mul(10) < SolverKind::Bitmask.default_budget()
                && most[1].saturating_mul(10) < SolverKind::Dlx.default_budget(),
            "{name}: {most:?}"
        );
    }
    eprintln!("{}", report.join("\n"));
}

/// The core formats' checker (the tuned 9x9 judge) holds a case's count to the budget as
/// `solve` does: HDU 4069's sample counted within one node fails where `solve` fails, with
/// `solve`'s message, with and without the answer file; within the default budget it passes.
#[test]
fn the_core_formats_check_holds_the_budget_as_solve_does() {
    let dir = testdata("hdu4069");
    let solved = run(&dir, &["solve", "--budget", "1", "sample.in"]);
    assert_eq!(solved.status.code(), Some(2));
    let err = text(&solved.stderr);
    let why = err.strip_prefix("error: ").expect("solve's error");
    assert!(why.starts_with("sample.in: case "), "{why}");
    for extra in [&[][..], &["sample.out"][..]] {
        let mut args = vec!["check", "--budget", "1", "sample.in", "sample.out"];
        args.extend_from_slice(extra);
        let o = run(&dir, &args);
        assert_eq!(o.status.code(), Some(3), "{extra:?}");
        assert_eq!(
            text(&o.stderr),
            format!("checker failure: {why}"),
            "{extra:?}"
        );
        args.drain(1..3);
        assert_eq!(run(&dir, &args).status.code(), Some(0), "{extra:?}");
    }
}
