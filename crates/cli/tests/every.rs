//! Jutge P79494 "More Sudokus" (`jutge-p79494`, `Mode::Every`): every solution in order,
//! held to a naive row-major backtracking enumerator written here (it shares no code with the
//! engine: it lists the solutions in lexicographic order by construction). The constructed
//! fixture's answers are spelled from its lists; seeded boards with 1 to a few hundred
//! solutions get the same lists from the bitmask and DLX families and from it; `check` names
//! the line of a missing, extra or misplaced solution; a board over the cap is refused by
//! name; `gen` writes boards with none, one and several solutions, reproducibly.
//!
//! `SUDOKU_CROSS_SEED` replays a run; the seed is printed on failure.

use std::process::{Command, Output};
use sudoku_judge::format::judges::find;
use sudoku_judge::format::read_all;
use sudoku_judge::model::{Answer, Board, Geometry, Mode};
use sudoku_judge::rng::Rng;
use sudoku_judge::solve::SolverKind;
use sudoku_judge::solve::engine::Engine;

const DIR: &str = "testdata/jutge-p79494";
const STARS: &str = "******************************";

fn seed() -> u64 {
    std::env::var("SUDOKU_CROSS_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(79494)
}

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sudoku-judge"))
        .args(args)
        .output()
        .unwrap()
}

/// Every solution of a 9x9 grid (`0` empty), smallest first: row-major cells, values
/// ascending, no propagation. Clashing givens have none.
fn naive(cells: &[u8]) -> Vec<Vec<u8>> {
    fn fits(g: &[u8], at: usize, v: u8) -> bool {
        let (r, c) = (at / 9, at % 9);
        let (br, bc) = (r / 3 * 3, c / 3 * 3);
        (0..9).all(|i| {
            (i == c || g[r * 9 + i] != v)
                && (i == r || g[i * 9 + c] != v)
                && (br + i / 3 == r && bc + i % 3 == c || g[(br + i / 3) * 9 + bc + i % 3] != v)
        })
    }
    fn go(g: &mut Vec<u8>, at: usize, out: &mut Vec<Vec<u8>>) {
        match (at..81).find(|&i| g[i] == 0) {
            None => out.push(g.clone()),
            Some(at) => {
                for v in 1..=9 {
                    if fits(g, at, v) {
                        g[at] = v;
                        go(g, at + 1, out);
                        g[at] = 0;
                    }
                }
            }
        }
    }
    let mut out = Vec::new();
    if (0..81).all(|i| cells[i] == 0 || fits(cells, i, cells[i])) {
        go(&mut cells.to_vec(), 0, &mut out);
    }
    out
}

/// A solved grid as P79494 spells it, each followed by an empty line.
fn boxed(g: &[u8]) -> String {
    let mut s = String::new();
    for r in 0..9 {
        let row: Vec<String> = g[r * 9..r * 9 + 9].iter().map(u8::to_string).collect();
        s += &format!(
            "{} | {} | {}\n",
            row[..3].join(" "),
            row[3..6].join(" "),
            row[6..].join(" ")
        );
        if r == 2 || r == 5 {
            s += "------+-------+------\n";
        }
    }
    s + "\n"
}

#[test]
fn the_constructed_sample_is_every_solution_by_naive_backtracking() {
    let spec = find("jutge-p79494").unwrap();
    let input = std::fs::read(format!("{DIR}/constructed_sample.in")).unwrap();
    let cases = read_all(spec, &input).unwrap();
    let mut want = String::new();
    let mut counts = Vec::new();
    for case in &cases {
        let board = case.to_board();
        let all = naive(&board.cells);
        counts.push(all.len());
        for kind in [SolverKind::Bitmask, SolverKind::Dlx] {
            let got = Engine::new(kind).answer(&board, Mode::Every);
            assert_eq!(got, Answer::Every(all.clone()), "{kind:?}");
        }
        if all.is_empty() {
            want += "no solution\n";
        }
        for g in &all {
            want += &boxed(g);
        }
        want += STARS;
        want += "\n";
    }
    // One solution, none (without a clash), a handful.
    assert_eq!(counts, [1, 0, 4]);
    assert!(cases[1].clash().is_none());
    let out = std::fs::read_to_string(format!("{DIR}/constructed_sample.out")).unwrap();
    assert_eq!(out, want);
}

/// A solved 9x9 grid drawn from `rng`: a base grid with its digits relabelled, rows shuffled
/// inside bands and bands shuffled, columns likewise.
fn solved(rng: &mut Rng) -> Vec<u8> {
    let mut digits: Vec<u8> = (1..=9).collect();
    rng.shuffle(&mut digits);
    let order = |rng: &mut Rng| {
        let mut bands = [0, 1, 2];
        rng.shuffle(&mut bands);
        let mut out = Vec::new();
        for b in bands {
            let mut inside = [0, 1, 2];
            rng.shuffle(&mut inside);
            out.extend(inside.iter().map(|i| b * 3 + i));
        }
        out
    };
    let (rows, cols) = (order(rng), order(rng));
    let base = |r: usize, c: usize| (r * 3 + r / 3 + c) % 9;
    (0..81)
        .map(|i| digits[base(rows[i / 9], cols[i % 9])])
        .collect()
}

#[test]
fn both_families_and_naive_backtracking_list_the_same_solutions() {
    let seed = seed();
    let mut rng = Rng::new(seed);
    let mut bitmask = Engine::new(SolverKind::Bitmask);
    let mut dlx = Engine::new(SolverKind::Dlx);
    let (mut boards, mut several, mut most) = (0, 0, 0);
    while boards < 300 {
        let s = solved(&mut rng);
        let givens = rng.range(24, 40);
        let mut cells = vec![0; 81];
        let mut at: Vec<usize> = (0..81).collect();
        rng.shuffle(&mut at);
        for &c in &at[..givens] {
            cells[c] = s[c];
        }
        let board = Board::new(Geometry::standard(3), cells);
        let (n, _) = bitmask.count(&board, 301);
        if n > 300 {
            continue;
        }
        boards += 1;
        let Answer::Every(all) = bitmask.answer(&board, Mode::Every) else {
            panic!("seed {seed}: not a list");
        };
        assert_eq!(all.len() as u64, n, "seed {seed}");
        assert_eq!(
            dlx.answer(&board, Mode::Every),
            Answer::Every(all.clone()),
            "seed {seed}: {:?}",
            board.cells
        );
        assert_eq!(all, naive(&board.cells), "seed {seed}: {:?}", board.cells);
        several += usize::from(all.len() > 1);
        most = most.max(all.len());
    }
    assert!(several > 50 && most > 50, "seed {seed}: {several} {most}");
}

/// The sample's output with lines `from..=to` (1-based) moved or dropped by `edit`.
fn edited(edit: impl Fn(Vec<&str>) -> Vec<&str>) -> String {
    let out = std::fs::read_to_string(format!("{DIR}/constructed_sample.out")).unwrap();
    let lines: Vec<&str> = out.lines().collect();
    edit(lines).join("\n") + "\n"
}

#[test]
fn check_names_the_line_of_a_missing_extra_or_misplaced_solution() {
    let dir = crate::common::scratch("every-check");
    let input = format!("{DIR}/constructed_sample.in");
    // Board 3's four solutions are lines 16-27, 28-39, 40-51, 52-63 (each 11 lines and an
    // empty one); its stars are line 64.
    let cases: [(&str, String, &str); 4] = [
        (
            "missing",
            edited(|mut l| {
                l.drain(51..63);
                l
            }),
            "case 3, line 52: expected a number 1-9, found \"******************************\"",
        ),
        (
            "extra",
            edited(|mut l| {
                let first: Vec<&str> = l[..12].to_vec();
                l.splice(12..12, first);
                l
            }),
            "case 1, line 13: expected \"******************************\", found \"1\"",
        ),
        (
            "swapped",
            edited(|mut l| {
                let second: Vec<&str> = l[27..39].to_vec();
                l.drain(27..39);
                l.splice(15..15, second);
                l
            }),
            "case 3, line 20: r4c4: expected \"5\", found \"6\"",
        ),
        (
            "no_stars",
            edited(|mut l| {
                l.remove(12);
                l
            }),
            "case 1, line 13: expected \"******************************\", found \"no\"",
        ),
    ];
    for (name, text, want) in cases {
        let path = dir.join(format!("{name}.out"));
        std::fs::write(&path, text).unwrap();
        let got = run(&[
            "check",
            "--format",
            "jutge-p79494",
            &input,
            path.to_str().unwrap(),
        ]);
        let err = String::from_utf8_lossy(&got.stderr);
        assert_eq!(got.status.code(), Some(1), "{name}: {err}");
        assert!(err.contains(want), "{name}: {err}");
    }
    let right = run(&[
        "check",
        "--format",
        "jutge-p79494",
        &input,
        &format!("{DIR}/constructed_sample.out"),
    ]);
    assert_eq!(right.status.code(), Some(0));
}

#[test]
fn a_board_over_the_cap_is_refused_by_name() {
    let dir = crate::common::scratch("every-cap");
    let sample = std::fs::read_to_string(format!("{DIR}/constructed_sample.in")).unwrap();
    let first: Vec<&str> = sample.lines().skip(1).take(11).collect();
    let band = "0 0 0 | 0 0 0 | 0 0 0\n".repeat(3);
    let empty = format!("{band}------+-------+------\n{band}------+-------+------\n{band}");
    let path = dir.join("cap.in");
    std::fs::write(&path, format!("2\n{}\n{empty}", first.join("\n"))).unwrap();
    let path = path.to_str().unwrap();
    let why = "case 2: it has more than 10000 solutions, the most jutge-p79494 lists";
    let solved = run(&["solve", "--format", "jutge-p79494", path]);
    let err = String::from_utf8_lossy(&solved.stderr);
    assert_eq!(solved.status.code(), Some(2), "{err}");
    assert!(err.contains(why), "{err}");
    // Case 1's answer is written in full, nothing of case 2's.
    let out = String::from_utf8_lossy(&solved.stdout);
    assert_eq!(out.lines().count(), 13, "{out}");
    assert!(out.ends_with(&format!("\n\n{STARS}\n")));
    let validated = run(&["validate", "--format", "jutge-p79494", path]);
    assert_eq!(validated.status.code(), Some(1));
    let said = String::from_utf8_lossy(&validated.stdout);
    assert!(
        said.contains("case 2: it has more than 10000 solutions"),
        "{said}"
    );
}

#[test]
fn gen_writes_none_one_and_several_within_the_cap_reproducibly() {
    let dir = crate::common::scratch("every-gen");
    let file = |name: &str| dir.join(name).to_str().unwrap().to_string();
    for run_name in ["a", "b"] {
        let got = run(&[
            "gen",
            "--format",
            "jutge-p79494",
            "--count",
            "30",
            "--seed",
            "5",
            "-o",
            &file(&format!("{run_name}.in")),
            "-a",
            &file(&format!("{run_name}.ans")),
        ]);
        assert!(got.status.success(), "{got:?}");
    }
    let a = std::fs::read(file("a.in")).unwrap();
    assert_eq!(a, std::fs::read(file("b.in")).unwrap());
    let answers = std::fs::read_to_string(file("a.ans")).unwrap();
    assert_eq!(answers, std::fs::read_to_string(file("b.ans")).unwrap());
    let spec = find("jutge-p79494").unwrap();
    let cases = read_all(spec, &a).unwrap();
    let counts: Vec<usize> = cases
        .iter()
        .map(|c| naive(&c.to_board().cells).len())
        .collect();
    assert!(counts.contains(&0) && counts.contains(&1), "{counts:?}");
    assert!(counts.iter().any(|&n| (2..=100).contains(&n)), "{counts:?}");
    assert!(counts.iter().all(|&n| n <= 100), "{counts:?}");
    // The answers are the naive lists, case by case.
    let blocks: Vec<&str> = answers.split_terminator(&format!("{STARS}\n")).collect();
    assert_eq!(blocks.len(), cases.len());
    for (block, case) in blocks.iter().zip(&cases) {
        let all = naive(&case.to_board().cells);
        let want: String = if all.is_empty() {
            "no solution\n".into()
        } else {
            all.iter().map(|g| boxed(g)).collect()
        };
        assert_eq!(*block, want);
    }
    let checked = run(&[
        "check",
        "--format",
        "jutge-p79494",
        &file("a.in"),
        &file("a.ans"),
    ]);
    assert!(checked.status.success(), "{checked:?}");
}
