//! `sudoku-judge buaa`, the BUAA/BIT course assignment: `-c N` writes N distinct valid grids
//! with the fixed top-left digit in the `sudoku.txt` layout (to `sudoku.txt` by default), `-s
//! FILE` a solution of each puzzle (judged by `check --format buaa`), and bad arguments are
//! refused.

use crate::common::scratch;
use std::collections::HashSet;
use std::path::Path;
use std::process::{Command, Output};

fn run(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sudoku-judge"))
        .current_dir(dir)
        .args(args)
        .output()
        .unwrap()
}

/// The grids of a `sudoku.txt`, its layout checked on the way: nine rows of nine digits with
/// single spaces, one blank line between grids, none after the last, a final line end.
fn grids(text: &str) -> Vec<Vec<u8>> {
    assert!(text.ends_with('\n') && !text.ends_with("\n\n"), "the end");
    let blocks: Vec<&str> = text[..text.len() - 1].split("\n\n").collect();
    blocks
        .iter()
        .map(|b| {
            let rows: Vec<&str> = b.split('\n').collect();
            assert_eq!(rows.len(), 9, "{b:?}");
            rows.iter()
                .flat_map(|r| {
                    assert_eq!(r.len(), 17, "{r:?}");
                    assert!(r.bytes().skip(1).step_by(2).all(|b| b == b' '), "{r:?}");
                    r.bytes().step_by(2).map(move |d| {
                        assert!(d.is_ascii_digit(), "{r:?}");
                        d - b'0'
                    })
                })
                .collect()
        })
        .collect()
}

fn valid(g: &[u8]) -> bool {
    let unit_ok = |cells: [usize; 9]| {
        let mut seen = 0u16;
        for c in cells {
            let bit = 1u16 << g[c];
            if !(1..=9).contains(&g[c]) || seen & bit != 0 {
                return false;
            }
            seen |= bit;
        }
        true
    };
    (0..9).all(|i| {
        unit_ok(std::array::from_fn(|c| i * 9 + c))
            && unit_ok(std::array::from_fn(|r| r * 9 + i))
            && unit_ok(std::array::from_fn(|k| {
                (i / 3 * 3 + k / 3) * 9 + i % 3 * 3 + k % 3
            }))
    })
}

#[test]
fn count_writes_distinct_valid_grids_with_the_first_digit() {
    let dir = scratch("buaa-c");
    for (args, first) in [
        (vec!["buaa", "-c", "20000", "--student-id", "1120161980"], 9),
        (vec!["buaa", "-c", "5000", "--first", "4"], 4),
        (vec!["buaa", "-c", "1"], 1),
    ] {
        let out = run(&dir, &args);
        assert!(out.status.success(), "{args:?}: {out:?}");
        assert!(out.stdout.is_empty() && out.stderr.is_empty(), "{out:?}");
        let text = std::fs::read_to_string(dir.join("sudoku.txt")).unwrap();
        let all = grids(&text);
        let n: usize = args[2].parse().unwrap();
        assert_eq!(all.len(), n);
        assert_eq!(text.len(), 163 * n - 1);
        let mut seen = HashSet::new();
        for (i, g) in all.iter().enumerate() {
            assert_eq!(g[0], first, "grid {i}");
            assert!(valid(g), "grid {i}");
            assert!(seen.insert(g.clone()), "grid {i} repeats");
        }
    }
    // The same grids to stdout as to a file.
    let one = run(&dir, &["buaa", "-c", "5000", "--first", "4", "-o", "-"]);
    let many = run(&dir, &["buaa", "-c", "5000", "--first", "4", "-o", "x.txt"]);
    assert!(one.status.success() && many.status.success());
    assert_eq!(one.stdout, std::fs::read(dir.join("x.txt")).unwrap());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn solve_writes_a_solution_of_each_puzzle() {
    let dir = scratch("buaa-s");
    // Puzzles: grids of -c with cells emptied in a fixed pattern, one with clashing givens.
    let made = run(
        &dir,
        &["buaa", "-c", "300", "--first", "7", "-o", "grids.txt"],
    );
    assert!(made.status.success());
    let text = std::fs::read_to_string(dir.join("grids.txt")).unwrap();
    let mut puzzles = String::new();
    for (k, g) in grids(&text).iter().enumerate() {
        if k > 0 {
            puzzles.push('\n');
        }
        for r in 0..9 {
            let row: Vec<String> = (0..9)
                .map(|c| {
                    let i = r * 9 + c;
                    let v = if (i * 7 + k * 13) % 11 < 6 { 0 } else { g[i] };
                    v.to_string()
                })
                .collect();
            puzzles.push_str(&row.join(" "));
            puzzles.push('\n');
        }
    }
    std::fs::write(dir.join("puzzles.txt"), &puzzles).unwrap();
    let out = run(&dir, &["buaa", "--solve", "puzzles.txt"]);
    assert!(out.status.success(), "{out:?}");
    let answers = std::fs::read_to_string(dir.join("sudoku.txt")).unwrap();
    let solved = grids(&answers);
    assert_eq!(solved.len(), 300);
    assert!(solved.iter().all(|g| valid(g)));
    let check = run(
        &dir,
        &["check", "--format", "buaa", "puzzles.txt", "sudoku.txt"],
    );
    assert!(check.status.success(), "{check:?}");
    // A wrong answer is caught.
    let wrong = answers.replacen('7', "8", 1);
    std::fs::write(dir.join("wrong.txt"), wrong).unwrap();
    let check = run(
        &dir,
        &["check", "--format", "buaa", "puzzles.txt", "wrong.txt"],
    );
    assert_eq!(check.status.code(), Some(1), "{check:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_arguments_are_refused() {
    let dir = scratch("buaa-args");
    for args in [
        &["buaa", "-c", "abc"][..],
        &["buaa", "-c", "0"],
        &["buaa", "-c", "1000001"],
        &["buaa"],
        &["buaa", "-c", "3", "--solve", "x"],
        &["buaa", "-c", "3", "--first", "0"],
        &["buaa", "-c", "3", "--student-id", "7"],
        // Flags of the other task are refused, not ignored.
        &["buaa", "-c", "3", "--solver", "dlx"],
        &["buaa", "-c", "3", "-j", "2"],
        &["buaa", "--solve", "x", "--first", "5"],
        &["buaa", "--solve", "x", "--student-id", "2021180"],
    ] {
        let out = run(&dir, args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(!out.stderr.is_empty(), "{args:?}");
    }
    let out = run(&dir, &["buaa", "--solve", "missing.txt"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(!dir.join("sudoku.txt").exists());
    std::fs::remove_dir_all(&dir).unwrap();
}
