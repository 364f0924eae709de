//! The formats on a net: SGU 437 "Hexodoku" (`sgu437`, the N-th solution of a hexagon) and
//! Tight-Fit Sudoku (`kattis-tightfitsudoku`, `boj13882`: split cells). The N-th solution is
//! held to a naive enumerator written here (cells in order, values ascending, no
//! propagation: it lists the solutions in order by construction) on seeded hexagons, through
//! both solver families; generated Tight-Fit sets are solved alike by both families, accepted
//! by `check` and `validate`, and a changed answer is rejected with its cell; `stress` finds
//! the families agreeing; `show` draws each net in its shape.
//!
//! `SUDOKU_CROSS_SEED` replays a run; the seed is printed on failure.

use crate::common::scratch;
use std::process::{Command, Output};
use std::sync::Arc;
use sudoku_judge::format::judges::find;
use sudoku_judge::format::read_all;
use sudoku_judge::model::{Answer, Case, Mode, Net};
use sudoku_judge::rng::Rng;
use sudoku_judge::solve::SolverKind;
use sudoku_judge::solve::engine::Engine;

fn seed() -> u64 {
    std::env::var("SUDOKU_CROSS_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(437)
}

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sudoku-judge"))
        .args(args)
        .output()
        .unwrap()
}

fn text(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned() + &String::from_utf8_lossy(&o.stderr)
}

/// The solutions of `givens` on `net` (one value per cell) in order, at most `most`: cells
/// in order, values ascending, each checked against the cells before it that share a unit.
fn naive(net: &Net, givens: &[u8], most: usize) -> Vec<Vec<u8>> {
    let cells = net.cells();
    let shares = |a: usize, b: usize| {
        net.units()
            .iter()
            .any(|u| u.contains(&(a as u16)) && u.contains(&(b as u16)))
    };
    let peers: Vec<Vec<usize>> = (0..cells)
        .map(|c| (0..cells).filter(|&d| d != c && shares(c, d)).collect())
        .collect();
    fn go(
        net: &Net,
        peers: &[Vec<usize>],
        g: &mut Vec<u8>,
        fixed: &[u8],
        at: usize,
        most: usize,
        out: &mut Vec<Vec<u8>>,
    ) {
        if out.len() == most {
            return;
        }
        if at == g.len() {
            out.push(g.clone());
            return;
        }
        let values: Vec<u8> = match fixed[at] {
            0 => (1..=net.values() as u8).collect(),
            v => vec![v],
        };
        for v in values {
            if peers[at].iter().all(|&p| g[p] != v) {
                g[at] = v;
                go(net, peers, g, fixed, at + 1, most, out);
                g[at] = 0;
            }
        }
    }
    let mut out = Vec::new();
    // Givens that clash have no solution, whatever the order of the walk.
    if (0..cells).any(|c| givens[c] != 0 && peers[c].iter().any(|&p| givens[p] == givens[c])) {
        return out;
    }
    go(net, &peers, &mut vec![0; cells], givens, 0, most, &mut out);
    out
}

/// Seeded hexagons with a few givens (K from 7 to 9, so the naive walk ends): the N-th
/// solution of each family is the naive walk's N-th, for N across the list and just past it.
#[test]
fn the_nth_hexagon_solution_is_the_naive_walks() {
    let seed = seed();
    let mut rng = Rng::for_item(seed, 0);
    let mut engines = [
        Engine::new(SolverKind::Bitmask),
        Engine::new(SolverKind::Dlx),
    ];
    let mut checked = 0;
    for i in 0..60 {
        let k = rng.range(7, 9);
        let net = Arc::new(Net::hexodoku(k).unwrap());
        let mut givens = vec![0u8; 31];
        for _ in 0..rng.range(3, 12) {
            givens[rng.below(31) as usize] = rng.range(1, k) as u8;
        }
        let all = naive(&net, &givens, 3000);
        let mut ranks = vec![1, all.len() as u64 + 1];
        for _ in 0..4 {
            ranks.push(1 + rng.below(all.len().max(1) as u64));
        }
        for rank in ranks {
            let case = Case::net(net.clone(), givens.clone(), rank, None);
            let want = match all.get(rank as usize - 1) {
                Some(g) => Answer::Solved(g.clone()),
                // A list cut at 3000 says nothing past it.
                None if all.len() == 3000 => continue,
                None => Answer::NoSolution,
            };
            for e in engines.iter_mut() {
                let got = e.reply(&case, Mode::Nth).answer(Mode::Nth);
                assert_eq!(got, want, "seed {seed}, hexagon {i}, K {k}, rank {rank}");
                checked += 1;
            }
        }
    }
    assert!(checked > 500, "seed {seed}: only {checked} ranks checked");
}

/// Both samples of SGU 437 through the command line, with either family, and the count of
/// K = 7 by the naive walk.
#[test]
fn sgu437_samples_with_either_solver() {
    assert_eq!(
        naive(&Net::hexodoku(7).unwrap(), &[0; 31], usize::MAX).len(),
        10080
    );
    for name in ["sample", "sample2"] {
        let input = format!("testdata/sgu437/{name}.in");
        let want = std::fs::read_to_string(format!("testdata/sgu437/{name}.out")).unwrap();
        for solver in ["bitmask", "dlx"] {
            let o = run(&["solve", "-f", "sgu437", "--solver", solver, &input]);
            assert_eq!(
                String::from_utf8_lossy(&o.stdout),
                want,
                "{name} {solver}: {}",
                text(&o)
            );
        }
    }
    // Rank 10080 of K = 7 is the walk's last; the hexagon's first line repeats in it.
    let spec = find("sgu437").unwrap();
    let zeros = vec!["0"; 31].join(" ");
    let case = &read_all(spec, format!("7 10080\n{zeros}\n").as_bytes()).unwrap()[0];
    let all = naive(&Net::hexodoku(7).unwrap(), &[0; 31], usize::MAX);
    let got = Engine::new(SolverKind::Bitmask)
        .reply(case, Mode::Nth)
        .answer(Mode::Nth);
    assert_eq!(got, Answer::Solved(all[10079].clone()));
}

/// On the empty hexagon every value not yet placed is a twin of the others (see
/// `net::bitmask`): every family's N-th solution is the naive walk's for ranks spread over
/// all 10,080 of K = 7, whether the N-th lies below the first twin walked or below one only
/// counted.
#[test]
fn twins_skipped_keep_the_order() {
    let net = Arc::new(Net::hexodoku(7).unwrap());
    let all = naive(&net, &[0; 31], usize::MAX);
    let mut engines = [
        Engine::new(SolverKind::Bitmask),
        Engine::new(SolverKind::Dlx),
    ];
    for rank in (1..=all.len() as u64)
        .step_by(37)
        .chain([1440, 1441, 10080])
    {
        let case = Case::net(net.clone(), vec![0; 31], rank, None);
        for e in engines.iter_mut() {
            let got = e.reply(&case, Mode::Nth).answer(Mode::Nth);
            assert_eq!(
                got,
                Answer::Solved(all[rank as usize - 1].clone()),
                "rank {rank}"
            );
        }
    }
}

/// A generated set of each format on a net: both families write `gen`'s answers, `check`
/// accepts them and names the cell of a changed one, `validate` finds every case valid.
#[test]
fn generated_sets_solve_check_and_validate() {
    let dir = scratch("nets-gen");
    for (name, count) in [
        ("boj13882", "40"),
        ("sgu437", "1"),
        ("kattis-tightfitsudoku", "1"),
    ] {
        for s in 0..3 {
            let seed = (seed() + s).to_string();
            let input = dir.join(format!("{name}-{s}.in"));
            let answers = dir.join(format!("{name}-{s}.ans"));
            let (i, a) = (input.to_str().unwrap(), answers.to_str().unwrap());
            let o = run(&[
                "gen", "-q", "-f", name, "-n", count, "-s", &seed, "-o", i, "-a", a,
            ]);
            assert!(o.status.success(), "{name}: {}", text(&o));
            let want = std::fs::read_to_string(&answers).unwrap();
            for solver in ["bitmask", "dlx"] {
                let o = run(&["solve", "-f", name, "--solver", solver, i]);
                assert_eq!(
                    String::from_utf8_lossy(&o.stdout),
                    want,
                    "{name} seed {seed} {solver}"
                );
            }
            let o = run(&["check", "-f", name, i, a]);
            assert!(o.status.success(), "{name} seed {seed}: {}", text(&o));
            let o = run(&["validate", "-f", name, i]);
            assert!(o.status.success(), "{name} seed {seed}: {}", text(&o));
        }
    }
    // A split cell written the wrong way round, and a hexagon's last value changed.
    let bad = dir.join("bad.out");
    let sample = std::fs::read_to_string("testdata/kattis-tightfitsudoku/sample.out").unwrap();
    std::fs::write(&bad, sample.replacen("7/9", "9/7", 1)).unwrap();
    let o = run(&[
        "check",
        "-f",
        "kattis-tightfitsudoku",
        "testdata/kattis-tightfitsudoku/sample.in",
        bad.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        text(&o).contains("cell 1: \"9/7\" does not increase"),
        "{}",
        text(&o)
    );
    let sample = std::fs::read_to_string("testdata/sgu437/sample.out").unwrap();
    std::fs::write(&bad, sample.replacen(" 5 8\n", " 5 7\n", 1)).unwrap();
    let o = run(&[
        "check",
        "-f",
        "sgu437",
        "testdata/sgu437/sample.in",
        bad.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        text(&o).contains("cell 31: expected \"8\", found \"7\""),
        "{}",
        text(&o)
    );
}

/// Inputs that are not a case on a net get errors with their line, column and case.
#[test]
fn malformed_nets_are_told_where() {
    let cases = [
        (
            "sgu437",
            "6 1\n0\n",
            "1:1",
            "expected K, the values (7 to 31), found `6`",
        ),
        (
            "sgu437",
            "8 0\n",
            "1:3",
            "expected N, the solution asked (1 or more), found `0`",
        ),
        (
            "sgu437",
            "8 1\n0 0 9\n",
            "2:5",
            "expected a value 0 to 8, found `9`",
        ),
        (
            "sgu437",
            "8 1\n0 0\n",
            "3:1",
            "unexpected end of input after 2 of the 31 cells",
        ),
        (
            "kattis-tightfitsudoku",
            "- - - - - 1/2/3\n",
            "1:11",
            "expected a cell",
        ),
        (
            "boj13882",
            "1\n- - - - - -\n",
            "2:1",
            "expected the case's number, found '-'",
        ),
        (
            "kattis-tightfitsudoku",
            "- - - - -\n",
            "1:10",
            "a row is 6 cells, found 5",
        ),
    ];
    for (name, input, at, says) in cases {
        let o = Command::new(env!("CARGO_BIN_EXE_sudoku-judge"))
            .args(["solve", "-f", name, "-"])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .and_then(|mut c| {
                use std::io::Write;
                c.stdin.take().unwrap().write_all(input.as_bytes())?;
                c.wait_with_output()
            })
            .unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(!o.status.success(), "{name} {input:?}");
        assert!(
            err.contains(&format!("<stdin>:{at}")) && err.contains(says),
            "{name} {input:?}: {err}"
        );
    }
}

/// `stress` finds the two families agreeing on generated cases of each format on a net.
#[test]
fn stress_agrees_on_nets() {
    for name in ["sgu437", "boj13882"] {
        let o = run(&["stress", "-f", name, "-n", "150", "-s", &seed().to_string()]);
        assert!(o.status.success(), "{name}: {}", text(&o));
        assert!(text(&o).contains("bitmask and dlx agree"), "{}", text(&o));
    }
}

/// `show` draws a split grid in its 6x6 grid with its regions' walls, and a hexagon in its
/// square with the corners left out; a wrong output's cell is starred and the exit status
/// says so; both draw as SVG too.
#[test]
fn show_draws_nets_in_their_shape() {
    let o = run(&[
        "show",
        "-f",
        "kattis-tightfitsudoku",
        "testdata/kattis-tightfitsudoku/sample.in",
        "--color",
        "never",
    ]);
    assert!(o.status.success(), "{}", text(&o));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(
        out.contains("┃ -/- │ -/5 │   4 ┃   3 │   2 │ -/- ┃\n"),
        "{out}"
    );
    assert_eq!(
        out.lines().filter(|l| l.starts_with('┣')).count(),
        2,
        "{out}"
    );
    let dir = scratch("nets-show");
    let bad = dir.join("bad.out");
    std::fs::write(
        &bad,
        "Found\n1 2 1 3 4 5 2 2 4 6 7 1 3 7 5 1 8 6 2 1 3 4 5 7 8 6 7 2 3 5 7\n",
    )
    .unwrap();
    let o = run(&[
        "show",
        "-f",
        "sgu437",
        "testdata/sgu437/sample.in",
        "--answer",
        "testdata/sgu437/sample.out",
        "--contestant",
        bad.to_str().unwrap(),
        "--color",
        "never",
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    let out = String::from_utf8_lossy(&o.stdout);
    // Rows of 2, 5, 6, 5, 6, 5 and 2 cells, each line of cells between two border lines.
    let rows: Vec<usize> = out
        .lines()
        .filter(|l| l.trim_start().starts_with('┃'))
        .map(|l| l.matches('┃').count() + l.matches('│').count() - 1)
        .collect();
    assert_eq!(rows, [2, 5, 6, 5, 6, 5, 2], "{out}");
    assert!(
        out.contains("*7*") && out.contains("wrong: cell 31"),
        "{out}"
    );
    for name in ["sgu437", "kattis-tightfitsudoku"] {
        let svg = dir.join(format!("{name}.svg"));
        let input = format!("testdata/{name}/sample.in");
        let o = run(&["show", "-f", name, &input, "-o", svg.to_str().unwrap()]);
        assert!(o.status.success(), "{}", text(&o));
        assert!(std::fs::read_to_string(&svg).unwrap().starts_with("<svg"));
    }
}
