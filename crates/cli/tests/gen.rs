//! `sudoku-judge gen` end to end: cases have the requested kind, clue range and layout (checked
//! with both solvers), `--answers` is byte for byte what `solve` writes for the file, and the
//! same seed gives the same bytes on 1 and 2 threads.

use crate::common::scratch;

use std::process::Command;
use sudoku_judge::format::{Format, Reader};
use sudoku_judge::generate::grade;
use sudoku_judge::generate::maker::Maker;
use sudoku_judge::generate::minimal::is_minimal;
use sudoku_judge::generate::request::Difficulty;
use sudoku_judge::model::{Puzzle, first_clash};
use sudoku_judge::solve::Solver;
use sudoku_judge::solve::bitmask::BitmaskSolver;
use sudoku_judge::solve::dlx::DlxSolver;

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_sudoku-judge"))
}

/// Runs `gen` with `args`, returns stdout; panics with stderr on failure.
fn generate(args: &[&str]) -> Vec<u8> {
    let out = bin().arg("gen").args(args).output().unwrap();
    assert!(
        out.status.success(),
        "gen {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

fn parse(format: Format, bytes: &[u8]) -> Vec<Puzzle> {
    let mut r = Reader::tuned(format);
    let mut out = Vec::new();
    r.parse(bytes, true, &mut out, usize::MAX)
        .expect("generated files parse");
    assert!(r.done());
    out.iter().filter_map(|c| c.puzzle()).collect()
}

/// Solution count to 2, by both solvers, which must agree.
fn count(p: &Puzzle) -> u32 {
    let b = BitmaskSolver::new().solve(p, 2);
    let d = DlxSolver::new().solve(p, 2);
    assert_eq!(b.count, d.count, "solvers disagree on {p:?}");
    b.count
}

#[test]
fn kinds_clues_and_layouts_are_as_asked() {
    for (mix, want) in [("unique=1", 1), ("multiple=1", 2), ("none=1", 0)] {
        for layout in ["standard", "jigsaw"] {
            let bytes = generate(&[
                "-f", "hdu4069", "-n", "40", "-s", "5", "--mix", mix, "--layout", layout,
                "--clues", "26-34",
            ]);
            let cases = parse(Format::Hdu4069, &bytes);
            assert_eq!(cases.len(), 40);
            let mut clash = 0;
            for p in &cases {
                assert_eq!(count(p), want, "{mix} {layout}");
                assert!((26..=34).contains(&p.clues()), "{mix}: {} clues", p.clues());
                assert_eq!(p.layout.is_standard(), layout == "standard");
                clash += first_clash(p, &p.cells).is_some() as u32;
            }
            if want == 0 {
                // Both flavours of "no solution": clashing givens and none without a clash.
                assert!(clash > 5 && clash < 35, "{clash} of 40 clash");
            } else {
                assert_eq!(clash, 0);
            }
        }
    }
}

#[test]
fn default_mix_and_mixed_layouts() {
    let cases = parse(
        Format::Hdu4069,
        &generate(&["-f", "hdu4069", "-n", "300", "-s", "2", "--layout", "mixed"]),
    );
    let mut counts = [0; 3];
    let mut jigsaw = 0;
    for p in &cases {
        counts[count(p) as usize] += 1;
        jigsaw += !p.layout.is_standard() as u32;
    }
    assert!(
        counts[1] > 160 && counts[0] > 20 && counts[2] > 20,
        "{counts:?}"
    );
    assert!(jigsaw > 100 && jigsaw < 200, "{jigsaw}");
    // POJ 2676 files are all solvable unless asked.
    let poj = parse(
        Format::Poj2676,
        &generate(&["-f", "poj2676", "-n", "200", "-s", "2"]),
    );
    assert!(poj.iter().all(|p| count(p) == 1));
    let err = bin()
        .args(["gen", "-f", "poj2676", "--layout", "jigsaw"])
        .output()
        .unwrap();
    assert_eq!(err.status.code(), Some(2));
}

#[test]
fn answers_equal_solve_byte_for_byte() {
    let dir = scratch("gen");
    for (format, extra) in [
        ("hdu4069", &["--layout", "mixed", "--edge"][..]),
        ("poj2676", &["--mix", "unique=3,multiple=1"][..]),
        // Lines promise one solution: gen refuses other kinds (crates/cli/tests/gen_limits.rs).
        ("line", &["--minimal"][..]),
    ] {
        let input = dir.join(format!("{format}.in"));
        let answers = dir.join(format!("{format}.ans"));
        let mut args = vec!["-f", format, "-n", "500", "-s", "9"];
        args.extend_from_slice(extra);
        args.extend([
            "-o",
            input.to_str().unwrap(),
            "--answers",
            answers.to_str().unwrap(),
        ]);
        generate(&args);
        let solved = bin().arg("solve").arg(&input).output().unwrap();
        assert_eq!(
            solved.stdout,
            std::fs::read(&answers).unwrap(),
            "{format}: --answers differs from solve"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// In every format, `gen --edge --beyond` (the edge cases up to the statement's promise)
/// writes only cases `solve` answers, and answers them as `solve` does: Jutge P79494's empty
/// grid, whose solutions no file lists, was written with 10,000 of them.
#[test]
fn edge_cases_beyond_the_data_are_answered_as_solve_answers_them() {
    let dir = scratch("gen-edge-beyond");
    for spec in sudoku_judge::format::judges::JUDGES {
        let n = spec.max_per_file().unwrap_or(8).min(8).to_string();
        let input = dir.join(format!("{}.in", spec.name));
        let answers = dir.join(format!("{}.ans", spec.name));
        generate(&[
            "-q",
            "-f",
            spec.name,
            "-n",
            &n,
            "-s",
            "3",
            "--edge",
            "--beyond",
            "-o",
            input.to_str().unwrap(),
            "-a",
            answers.to_str().unwrap(),
        ]);
        let solved = bin()
            .args(["solve", "-q", "-f", spec.name])
            .arg(&input)
            .output()
            .unwrap();
        assert_ne!(
            solved.status.code(),
            Some(2),
            "{}: {}",
            spec.name,
            String::from_utf8_lossy(&solved.stderr)
        );
        assert_eq!(
            solved.stdout,
            std::fs::read(&answers).unwrap(),
            "{}: --answers differs from solve",
            spec.name
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn same_seed_same_bytes_on_one_and_two_threads() {
    for format in ["hdu4069", "poj2676", "line"] {
        let args = ["-f", format, "-n", "700", "-s", "42"];
        let one = generate(&[&args[..], &["-j", "1"]].concat());
        let two = generate(&[&args[..], &["-j", "2"]].concat());
        assert_eq!(one, two, "{format}");
        let other = generate(&["-f", format, "-n", "700", "-s", "43", "-j", "2"]);
        assert_ne!(one, other, "{format}: the seed changes nothing");
    }
}

#[test]
fn edge_cases_lead_the_file() {
    let cases = parse(
        Format::Poj2676,
        &generate(&["-f", "poj2676", "-n", "6", "-s", "1", "--edge"]),
    );
    assert_eq!(cases[0].clues(), 0);
    assert_eq!(cases[1].clues(), 81);
    assert_eq!(count(&cases[1]), 1);
    assert_eq!(cases[2].clues(), 80);
    // POJ 2676 promises solvable puzzles: no edge case has a clash, even --beyond.
    assert!(cases.iter().all(|c| first_clash(c, &c.cells).is_none()));
    assert_eq!(count(&cases[3]), 1);
    // HDU 4069's data holds clashing givens (its sample's second case): a full grid with a
    // clash is its fourth edge case.
    let cases = parse(
        Format::Hdu4069,
        &generate(&["-f", "hdu4069", "-n", "6", "-s", "1", "--edge"]),
    );
    assert_eq!(cases[0].clues(), 0);
    assert_eq!(cases[1].clues(), 81);
    assert!(first_clash(&cases[3], &cases[3].cells).is_some());
    assert_eq!(cases[3].clues(), 81);
}

#[test]
fn minimal_and_difficulty() {
    let cases = parse(
        Format::Line,
        &generate(&["-f", "line", "-n", "20", "-s", "4", "--minimal"]),
    );
    let mut s = BitmaskSolver::new();
    for p in &cases {
        assert!(is_minimal(p, &mut |q| s.solve(q, 2).count), "not minimal");
    }
    let mut maker = Maker::new();
    for d in Difficulty::ALL {
        let cases = parse(
            Format::Line,
            &generate(&["-f", "line", "-n", "6", "-s", "4", "--difficulty", d.name()]),
        );
        for p in &cases {
            assert_eq!(count(p), 1);
            assert_eq!(maker.grade(p), d);
            let logic = grade::logic(p);
            assert_eq!(logic.solved, d <= Difficulty::Medium, "{d:?}");
        }
    }
}
