//! `sudoku-judge show` in the terminal: the exact text of a 4x4 case with a wrong output, in
//! plain text and in colour; heavy and light box-drawing lines exactly where HDU 4069's wall
//! codes put walls (read here from the codes themselves, not by the program's layout); the
//! shape of 16x16 and 25x25 grids; every format's sample drawn with its answer and an output;
//! relation marks between their cells and cages outlined with their sums (read back from the
//! text and held to the input); and the exit statuses and messages of bad input, output and
//! flags.

use crate::common::scratch;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use sudoku_judge::format::judges::JUDGES;

const BIN: &str = env!("CARGO_BIN_EXE_sudoku-judge");

fn testdata(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("testdata")
        .join(rel)
}

fn show(args: &[&str]) -> Output {
    Command::new(BIN)
        .arg("show")
        .args(args)
        .env_remove("NO_COLOR")
        .output()
        .unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// HDU 5547's first case answered with r1c2 and r1c3 swapped.
const WRONG_5547: &str = "Case #1:\n1342\n2341\n4123\n3214\n";

#[test]
fn four_by_four_plain_text_is_exact() {
    let dir = scratch("show-plain");
    let out = dir.join("out.txt");
    std::fs::write(&out, WRONG_5547).unwrap();
    let input = testdata("hdu5547/sample.in");
    let answer = testdata("hdu5547/sample.out");
    let o = show(&[
        "-f",
        "hdu5547",
        input.to_str().unwrap(),
        "--answer",
        answer.to_str().unwrap(),
        "--contestant",
        out.to_str().unwrap(),
        "--case",
        "1",
        "--color",
        "never",
    ]);
    assert_eq!(o.status.code(), Some(1), "a wrong cell is a verdict");
    let want = "\
case 1: 4x4, 12 givens
┏━━━┯━━━┳━━━┯━━━┓
┃ 1 │*3*┃*4*│ 2 ┃
┠───┼───╂───┼───┨
┃[2]│[3]┃[4]│[1]┃
┣━━━┿━━━╋━━━┿━━━┫
┃[4]│[1]┃[2]│[3]┃
┠───┼───╂───┼───┨
┃[3]│[2]┃[1]│[4]┃
┗━━━┷━━━┻━━━┷━━━┛
[x]: given, x: filled in, *x*: wrong
wrong cells (2): r1c2 3 (expected 4), r1c3 4 (expected 3)
";
    assert_eq!(stdout(&o), want);
    assert_eq!(stderr(&o), "");
    // Without an answer, nothing repeats: the swap is not seen, and the case alone is drawn
    // without brackets.
    let o = show(&["-f", "hdu5547", input.to_str().unwrap(), "--case", "2"]);
    assert_eq!(o.status.code(), Some(0));
    let want = "\
case 2: 4x4, 12 givens
┏━━━┯━━━┳━━━┯━━━┓
┃   │ 2 ┃ 4 │ 3 ┃
┠───┼───╂───┼───┨
┃   │ 3 ┃ 1 │ 2 ┃
┣━━━┿━━━╋━━━┿━━━┫
┃   │ 4 ┃ 2 │ 1 ┃
┠───┼───╂───┼───┨
┃   │ 1 ┃ 3 │ 4 ┃
┗━━━┷━━━┻━━━┷━━━┛
";
    assert_eq!(stdout(&o), want, "a pipe gets no colour under --color auto");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn four_by_four_colour_is_exact() {
    let dir = scratch("show-colour");
    let out = dir.join("out.txt");
    std::fs::write(&out, WRONG_5547).unwrap();
    let input = testdata("hdu5547/sample.in");
    let answer = testdata("hdu5547/sample.out");
    let args = [
        "-f",
        "hdu5547",
        input.to_str().unwrap(),
        "--answer",
        answer.to_str().unwrap(),
        "--contestant",
        out.to_str().unwrap(),
        "--case",
        "1",
        "--color",
        "always",
    ];
    let o = show(&args);
    assert_eq!(o.status.code(), Some(1));
    let g = |v: &str| format!("\x1b[1m {v} \x1b[0m");
    let f = |v: &str| format!("\x1b[34m {v} \x1b[0m");
    let w = |v: &str| format!("\x1b[1;97;41m {v} \x1b[0m");
    let want = format!(
        "case 1: 4x4, 12 givens\n\
         ┏━━━┯━━━┳━━━┯━━━┓\n\
         ┃{}│{}┃{}│{}┃\n\
         ┠───┼───╂───┼───┨\n\
         ┃{}│{}┃{}│{}┃\n\
         ┣━━━┿━━━╋━━━┿━━━┫\n\
         ┃{}│{}┃{}│{}┃\n\
         ┠───┼───╂───┼───┨\n\
         ┃{}│{}┃{}│{}┃\n\
         ┗━━━┷━━━┻━━━┷━━━┛\n\
         bold: given, blue: filled in, red: wrong\n\
         wrong cells (2): r1c2 3 (expected 4), r1c3 4 (expected 3)\n",
        f("1"),
        w("3"),
        w("4"),
        f("2"),
        g("2"),
        g("3"),
        g("4"),
        g("1"),
        g("4"),
        g("1"),
        g("2"),
        g("3"),
        g("3"),
        g("2"),
        g("1"),
        g("4"),
    );
    assert_eq!(stdout(&o), want);
    // NO_COLOR does not override an explicit --color always, and --color never wins over a
    // terminal.
    let o = Command::new(BIN)
        .arg("show")
        .args(&args[..args.len() - 1])
        .arg("never")
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    assert!(!stdout(&o).contains('\x1b'));
    std::fs::remove_dir_all(dir).unwrap();
}

/// The wall bits of HDU 4069's first sample case, read from the file: 16 up, 32 right, 64
/// down, 128 left.
fn hdu4069_walls() -> Vec<u32> {
    let text = std::fs::read_to_string(testdata("hdu4069/sample.in")).unwrap();
    let nums: Vec<u32> = text
        .split_ascii_whitespace()
        .skip(1)
        .take(81)
        .map(|t| t.parse().unwrap())
        .collect();
    assert_eq!(nums.len(), 81);
    nums
}

#[test]
fn jigsaw_walls_are_heavy_exactly_where_the_wall_codes_say() {
    let walls = hdu4069_walls();
    let input = testdata("hdu4069/sample.in");
    let o = show(&[input.to_str().unwrap(), "--case", "1", "--color", "never"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = stdout(&o);
    let lines: Vec<Vec<char>> = text.lines().skip(1).map(|l| l.chars().collect()).collect();
    assert_eq!(lines.len(), 19, "{text}");
    let heavy_v = ['┃'];
    let heavy_h = '━';
    for r in 0..9 {
        let row = &lines[2 * r + 1];
        assert_eq!(row.len(), 37);
        for c in 0..=9 {
            // The separator left of cell c: a wall when c is the border or c-1 has a right wall.
            let wall = c == 0 || c == 9 || walls[r * 9 + c - 1] & 32 != 0;
            let ch = row[4 * c];
            assert_eq!(heavy_v.contains(&ch), wall, "r{} line {c}: {ch}", r + 1);
            assert!(ch == '┃' || ch == '│');
        }
    }
    for r in 0..=9 {
        let line = &lines[2 * r];
        for c in 0..9 {
            // The segment above cell (r, c): a wall on the border or under a down wall.
            let wall = r == 0 || r == 9 || walls[(r - 1) * 9 + c] & 64 != 0;
            let seg = &line[4 * c + 1..4 * c + 4];
            let want = if wall { heavy_h } else { '─' };
            assert!(
                seg.iter().all(|&x| x == want),
                "row line {r}, c{c}: {seg:?}"
            );
        }
    }
    // Every junction joins the arms around it: its up arm is heavy exactly when the segment
    // above is, and so on.
    for r in 0..=9 {
        for c in 0..=9 {
            let j = lines[2 * r][4 * c];
            let up = (r > 0).then(|| lines[2 * r - 1][4 * c] == '┃');
            let down = (r < 9).then(|| lines[2 * r + 1][4 * c] == '┃');
            let left = (c > 0).then(|| lines[2 * r][4 * c - 1] == '━');
            let right = (c < 9).then(|| lines[2 * r][4 * c + 1] == '━');
            assert_eq!(arms(j), [up, right, down, left], "junction {r},{c}: {j}");
        }
    }
}

/// The arms of a box-drawing junction (up, right, down, left): `None` absent, `Some(heavy)`,
/// from the character's Unicode name as the standard spells it.
fn arms(j: char) -> [Option<bool>; 4] {
    // Light and heavy arms of every junction this grid uses, listed by hand from the Unicode
    // chart (U+250C..U+254B).
    let table: &[(char, [u8; 4])] = &[
        ('┌', [0, 1, 1, 0]),
        ('┍', [0, 2, 1, 0]),
        ('┎', [0, 1, 2, 0]),
        ('┏', [0, 2, 2, 0]),
        ('┐', [0, 0, 1, 1]),
        ('┑', [0, 0, 1, 2]),
        ('┒', [0, 0, 2, 1]),
        ('┓', [0, 0, 2, 2]),
        ('└', [1, 1, 0, 0]),
        ('┕', [1, 2, 0, 0]),
        ('┖', [2, 1, 0, 0]),
        ('┗', [2, 2, 0, 0]),
        ('┘', [1, 0, 0, 1]),
        ('┙', [1, 0, 0, 2]),
        ('┚', [2, 0, 0, 1]),
        ('┛', [2, 0, 0, 2]),
        ('├', [1, 1, 1, 0]),
        ('┝', [1, 2, 1, 0]),
        ('┞', [2, 1, 1, 0]),
        ('┟', [1, 1, 2, 0]),
        ('┠', [2, 1, 2, 0]),
        ('┡', [2, 2, 1, 0]),
        ('┢', [1, 2, 2, 0]),
        ('┣', [2, 2, 2, 0]),
        ('┤', [1, 0, 1, 1]),
        ('┥', [1, 0, 1, 2]),
        ('┦', [2, 0, 1, 1]),
        ('┧', [1, 0, 2, 1]),
        ('┨', [2, 0, 2, 1]),
        ('┩', [2, 0, 1, 2]),
        ('┪', [1, 0, 2, 2]),
        ('┫', [2, 0, 2, 2]),
        ('┬', [0, 1, 1, 1]),
        ('┭', [0, 1, 1, 2]),
        ('┮', [0, 2, 1, 1]),
        ('┯', [0, 2, 1, 2]),
        ('┰', [0, 1, 2, 1]),
        ('┱', [0, 1, 2, 2]),
        ('┲', [0, 2, 2, 1]),
        ('┳', [0, 2, 2, 2]),
        ('┴', [1, 1, 0, 1]),
        ('┵', [1, 1, 0, 2]),
        ('┶', [1, 2, 0, 1]),
        ('┷', [1, 2, 0, 2]),
        ('┸', [2, 1, 0, 1]),
        ('┹', [2, 1, 0, 2]),
        ('┺', [2, 2, 0, 1]),
        ('┻', [2, 2, 0, 2]),
        ('┼', [1, 1, 1, 1]),
        ('┽', [1, 1, 1, 2]),
        ('┾', [1, 2, 1, 1]),
        ('┿', [1, 2, 1, 2]),
        ('╀', [2, 1, 1, 1]),
        ('╁', [1, 1, 2, 1]),
        ('╂', [2, 1, 2, 1]),
        ('╃', [2, 1, 1, 2]),
        ('╄', [2, 2, 1, 1]),
        ('╅', [1, 1, 2, 2]),
        ('╆', [1, 2, 2, 1]),
        ('╇', [2, 2, 1, 2]),
        ('╈', [1, 2, 2, 2]),
        ('╉', [2, 1, 2, 2]),
        ('╊', [2, 2, 2, 1]),
        ('╋', [2, 2, 2, 2]),
    ];
    let (_, a) = table
        .iter()
        .find(|(ch, _)| *ch == j)
        .unwrap_or_else(|| panic!("{j} is not a junction"));
    a.map(|x| (x > 0).then_some(x == 2))
}

/// Checks a standard grid of box size `n` drawn with cells `inner` columns wide: every line as
/// long as the others, heavy lines every `n` cells and light ones between.
fn standard_shape(text: &str, n: usize, inner: usize) {
    let side = n * n;
    let lines: Vec<Vec<char>> = text.lines().skip(1).map(|l| l.chars().collect()).collect();
    let width = side * (inner + 1) + 1;
    for (i, l) in lines.iter().take(2 * side + 1).enumerate() {
        assert_eq!(l.len(), width, "line {i}");
        for c in 0..=side {
            let ch = l[c * (inner + 1)];
            let heavy_col = c % n == 0;
            if i % 2 == 1 {
                assert_eq!(ch == '┃', heavy_col, "line {i} col {c}: {ch}");
            } else {
                let heavy_row = (i / 2) % n == 0;
                let [up, right, down, left] = arms(ch);
                assert!(up.is_none_or(|h| h == heavy_col) && down.is_none_or(|h| h == heavy_col));
                assert!(
                    left.is_none_or(|h| h == heavy_row) && right.is_none_or(|h| h == heavy_row)
                );
            }
        }
    }
}

#[test]
fn sixteen_and_twenty_five_keep_their_shape() {
    // POJ 3076: letters A-P, boxes of 4.
    let input = testdata("poj3076/sample.in");
    let o = show(&[input.to_str().unwrap(), "--color", "never"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(text.starts_with("case 1: 16x16, "), "{text}");
    standard_shape(&text, 4, 3);
    // The first row's cells, as the file spells them ('-' empty).
    let first = std::fs::read_to_string(&input).unwrap();
    let row: String = first.lines().next().unwrap().replace('-', " ");
    let drawn: String = text
        .lines()
        .nth(2)
        .unwrap()
        .chars()
        .skip(2)
        .step_by(4)
        .collect();
    assert_eq!(drawn, row);
    // 25x25 lines (letters A-Y), boxes of 5.
    let input = testdata("line/size25.in");
    let o = show(&[input.to_str().unwrap(), "--color", "never", "--case", "1"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    standard_shape(&stdout(&o), 5, 3);
    // 25x25 numbers (MindCoding): two columns a value.
    let dir = scratch("show-25");
    let cells: Vec<String> = (0..625)
        .map(|i| {
            let (r, c) = (i / 25, i % 25);
            // The pattern solution: row r is shifted by 5 (r % 5) + r / 5.
            (((r % 5) * 5 + r / 5 + c) % 25 + 1).to_string()
        })
        .collect();
    let mut text = String::from("5\n");
    for row in cells.chunks(25) {
        text.push_str(&row.join(" "));
        text.push('\n');
    }
    let file = dir.join("in.txt");
    std::fs::write(&file, &text).unwrap();
    let o = show(&[
        "-f",
        "mindcoding-fiendishsudoku",
        file.to_str().unwrap(),
        "--color",
        "never",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let drawn = stdout(&o);
    assert!(drawn.starts_with("case 1: 25x25, 625 givens\n"), "{drawn}");
    standard_shape(&drawn, 5, 4);
    assert!(drawn.lines().nth(2).unwrap().starts_with("┃  1 │  2 │"));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn every_format_draws_its_sample_with_answer_and_output() {
    let dir = scratch("show-every");
    for spec in JUDGES {
        let input = dir.join(format!("{}.in", spec.name));
        let answer = dir.join(format!("{}.ans", spec.name));
        std::fs::write(&input, spec.sample.0).unwrap();
        std::fs::write(&answer, spec.sample.1).unwrap();
        let o = show(&[
            "-f",
            spec.name,
            input.to_str().unwrap(),
            "--answer",
            answer.to_str().unwrap(),
            "--contestant",
            answer.to_str().unwrap(),
            "--color",
            "never",
        ]);
        assert_eq!(o.status.code(), Some(0), "{}: {}", spec.name, stderr(&o));
        let text = stdout(&o);
        let cases = text.matches("\ncase ").count() + 1;
        assert!(text.starts_with("case 1: "), "{}: {text}", spec.name);
        assert!(
            !text.lines().any(|l| l.starts_with("wrong")),
            "{}: {text}",
            spec.name
        );
        // Every case's grid is closed by its bottom border (a hexagon's holes leave more
        // bottom-left corners on its way down).
        if spec.on_net() {
            assert!(text.matches('┗').count() >= cases, "{}", spec.name);
        } else {
            assert_eq!(text.matches('┗').count(), cases, "{}", spec.name);
        }
    }
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn words_and_unreadable_output_are_verdicts_bad_input_is_an_error() {
    let dir = scratch("show-errors");
    let input = testdata("hdu4069/sample.in");
    let answer = testdata("hdu4069/sample.out");
    let (i, a) = (input.to_str().unwrap(), answer.to_str().unwrap());
    // Case 2 answered with a word that is not the answer's.
    let sample = std::fs::read_to_string(&answer).unwrap();
    let out = dir.join("out.txt");
    std::fs::write(&out, sample.replace("No solution", "Multiple Solutions")).unwrap();
    let o = show(&[
        i,
        "--answer",
        a,
        "--contestant",
        out.to_str().unwrap(),
        "--case",
        "2",
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stdout(&o).ends_with(
            "answer: No solution\noutput: Multiple Solutions\nwrong: the output says \
             \"Multiple Solutions\" where the answer says \"No solution\"\n"
        ),
        "{}",
        stdout(&o)
    );
    // An output that stops being readable: its file, line, column and case on stderr.
    std::fs::write(&out, "Case 1:\n521439678\n76x\n").unwrap();
    let o = show(&[i, "--contestant", out.to_str().unwrap(), "--case", "1"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).starts_with(&format!("error: {}:3:1: ", out.display())),
        "{}",
        stderr(&o)
    );
    // A short output: the missing case is said under its grid.
    std::fs::write(&out, sample.lines().take(10).collect::<Vec<_>>().join("\n")).unwrap();
    let o = show(&[i, "--contestant", out.to_str().unwrap(), "--case", "2"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).ends_with("wrong: the output has no answer for this case\n"));
    // Malformed input, a case past the end, an image that is not SVG: errors, exit 2.
    let bad = dir.join("bad.in");
    std::fs::write(&bad, "1\n103000509\n0021x9400\n").unwrap();
    let o = show(&["-f", "poj2676", bad.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).starts_with(&format!("error: {}:3:5: case 1: ", bad.display())),
        "{}",
        stderr(&o)
    );
    let o = show(&[i, "--case", "4"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--case 4: "), "{}", stderr(&o));
    assert!(stderr(&o).ends_with("has 3 cases\n"), "{}", stderr(&o));
    let o = show(&[i, "-o", dir.join("x.png").to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("name the file FILE.svg"));
    // The picture never overwrites a file it draws: the input, the answers, the output.
    let copy = dir.join("in.svg");
    std::fs::copy(i, &copy).unwrap();
    let c = copy.to_str().unwrap();
    for args in [
        &[c, "-o", c][..],
        &[i, "--answer", c, "-o", c],
        &[i, "--contestant", c, "-o", c],
    ] {
        let o = show(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(stderr(&o).contains("is also an input"), "{}", stderr(&o));
        assert_eq!(std::fs::read(&copy).unwrap(), std::fs::read(i).unwrap());
    }
    std::fs::remove_dir_all(dir).unwrap();
}

/// Outputs cut short and with bytes overwritten, in every format: drawn or refused with a
/// message, never a crash.
#[test]
fn hostile_outputs_never_crash() {
    let dir = scratch("show-hostile");
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    for spec in JUDGES {
        let input = dir.join("in.txt");
        std::fs::write(&input, spec.sample.0).unwrap();
        let good = spec.sample.1.as_bytes();
        let mut outputs: Vec<Vec<u8>> = (1..6)
            .map(|i| good[..good.len() * i / 6].to_vec())
            .collect();
        for _ in 0..4 {
            let mut bad = good.to_vec();
            for _ in 0..3 {
                let at = (next() % bad.len() as u64) as usize;
                bad[at] = b"0123456789*.-|+AZx \n"[(next() % 20) as usize];
            }
            outputs.push(bad);
        }
        for (i, bytes) in outputs.iter().enumerate() {
            let out = dir.join("out.txt");
            std::fs::write(&out, bytes).unwrap();
            let svg = dir.join("o.svg");
            for extra in [
                &["--color", "always"][..],
                &["-o", svg.to_str().unwrap()][..],
            ] {
                let o = show(
                    &[
                        &["-f", spec.name, input.to_str().unwrap(), "--contestant"][..],
                        &[out.to_str().unwrap()][..],
                        extra,
                    ]
                    .concat(),
                );
                let code = o.status.code();
                assert!(
                    code == Some(0) || code == Some(1),
                    "{} output {i}: {code:?} {}",
                    spec.name,
                    stderr(&o)
                );
                assert!(
                    !stderr(&o).contains("panicked"),
                    "{}: {}",
                    spec.name,
                    stderr(&o)
                );
            }
        }
    }
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn x_sudoku_diagonals_are_grey_in_colour() {
    let input = testdata("codechef-j1/sample.in");
    let o = show(&[
        "-f",
        "codechef-j1",
        input.to_str().unwrap(),
        "--case",
        "1",
        "--color",
        "always",
    ]);
    assert_eq!(o.status.code(), Some(0));
    let text = stdout(&o);
    assert!(text.starts_with("case 1: 9x9 X-sudoku, "), "{text}");
    assert!(text.ends_with("grey: the diagonals, units too\n"), "{text}");
    let grey = "\x1b[48;5;252m";
    for r in 0..9 {
        let row = text.lines().nth(2 + 2 * r).unwrap();
        // The cells between the separators: one at each ┃ or │.
        let cells: Vec<&str> = row.split(['┃', '│']).filter(|c| !c.is_empty()).collect();
        assert_eq!(cells.len(), 9, "{row}");
        for (c, cell) in cells.iter().enumerate() {
            assert_eq!(
                cell.contains(grey),
                c == r || c + r == 8,
                "r{}c{}: {cell:?}",
                r + 1,
                c + 1
            );
        }
    }
}

/// `-o` and `--output` are one flag, the picture `show` writes, as in every other command;
/// the contestant's output is `--contestant`.
#[test]
fn output_is_what_show_writes_and_contestant_what_it_reads() {
    let dir = scratch("show-output");
    let i = testdata("poj2676/sample.in");
    let i = i.to_str().unwrap();
    for flag in ["-o", "--output"] {
        let svg = dir.join(format!("pic{flag}.svg"));
        let o = show(&[i, flag, svg.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(0), "{flag}: {}", stderr(&o));
        assert!(std::fs::read_to_string(&svg).unwrap().starts_with("<svg"));
    }
    let wrong = testdata("show/poj2676_wrong.out");
    let o = show(&[i, "--contestant", wrong.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stdout(&o).contains("wrong cells (4)"), "{}", stdout(&o));
    std::fs::remove_dir_all(dir).unwrap();
}

/// The cells of a drawn 9x9 grid (rows of `┃ 5 > 3 < 9 ┃ ...`) and what sits between them:
/// `(digits, right, below)`, where `right[r][c]` is the character between cells (r, c) and
/// (r, c + 1) and `below[r][c]` the middle of the line between (r, c) and (r + 1, c).
type Drawn = (Vec<Vec<char>>, Vec<Vec<char>>, Vec<Vec<char>>);

fn drawn_nine(lines: &[&str], inner: usize) -> Drawn {
    let row = |l: &str| l.chars().collect::<Vec<char>>();
    let (mut digits, mut right, mut below) = (Vec::new(), Vec::new(), Vec::new());
    for r in 0..9 {
        let cells = row(lines[1 + 2 * r]);
        digits.push(
            (0..9)
                .map(|c| cells[1 + c * (inner + 1) + inner - 2])
                .collect(),
        );
        right.push((0..8).map(|c| cells[(c + 1) * (inner + 1)]).collect());
        if r < 8 {
            let line = row(lines[2 + 2 * r]);
            below.push(
                (0..9)
                    .map(|c| line[1 + c * (inner + 1) + inner / 2])
                    .collect(),
            );
        }
    }
    (digits, right, below)
}

/// CQOI 2013's relation marks sit on the border between their two cells, read from the left
/// or upper cell, and the answer's digits keep every one of them: 12 marks in each box.
#[test]
fn relation_marks_sit_between_their_cells_and_the_answer_keeps_them() {
    let input = testdata("cqoi2013/sample1.in");
    let answer = testdata("cqoi2013/sample1.out");
    let o = show(&[
        "-f",
        "cqoi2013",
        input.to_str().unwrap(),
        "--answer",
        answer.to_str().unwrap(),
        "--color",
        "never",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = stdout(&o);
    let lines: Vec<&str> = text.lines().skip(1).collect();
    let (digits, right, below) = drawn_nine(&lines, 3);
    let d = |r: usize, c: usize| digits[r][c].to_digit(10).unwrap();
    let mut marks = 0;
    for (r, line) in right.iter().enumerate() {
        for (c, &m) in line.iter().enumerate() {
            match m {
                '<' => assert!(d(r, c) < d(r, c + 1), "r{r}c{c}"),
                '>' => assert!(d(r, c) > d(r, c + 1), "r{r}c{c}"),
                _ => continue,
            }
            assert_ne!(c % 3, 2, "no mark across a box wall");
            marks += 1;
        }
    }
    for (r, line) in below.iter().enumerate() {
        for (c, &m) in line.iter().enumerate() {
            match m {
                '^' => assert!(d(r, c) < d(r + 1, c), "r{r}c{c}"),
                'v' => assert!(d(r, c) > d(r + 1, c), "r{r}c{c}"),
                _ => continue,
            }
            assert_ne!(r % 3, 2, "no mark across a box wall");
            marks += 1;
        }
    }
    assert_eq!(marks, 9 * 12, "{text}");
}

/// A killer case draws its cages first: the cages' outlines as heavy lines exactly where
/// neighbouring cells have different cage letters in the input, and each cage's sum once.
#[test]
fn cages_are_drawn_with_their_outlines_and_sums() {
    let input = testdata("codingame-killer/sample.in");
    let text_in = std::fs::read_to_string(&input).unwrap();
    let ids: Vec<Vec<char>> = text_in
        .lines()
        .take(9)
        .map(|l| l.split(' ').nth(1).unwrap().chars().collect())
        .collect();
    let sums: Vec<u32> = text_in
        .lines()
        .nth(9)
        .unwrap()
        .split(' ')
        .map(|t| t.split('=').nth(1).unwrap().parse().unwrap())
        .collect();
    let o = show(&[
        "-f",
        "codingame-killer",
        input.to_str().unwrap(),
        "--color",
        "never",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = stdout(&o);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "case 1: 32 cages, each sum in its first cell");
    // Cells four wide: the sums have two digits.
    let cage_lines = &lines[1..20];
    let chars = |l: &str| l.chars().collect::<Vec<char>>();
    let mut drawn_sums = Vec::new();
    for r in 0..9 {
        let row = chars(cage_lines[1 + 2 * r]);
        for c in 0..9 {
            let cell: String = row[1 + c * 5..c * 5 + 5].iter().collect();
            if let Ok(v) = cell.trim().parse::<u32>() {
                drawn_sums.push(v);
            }
            if c < 8 {
                let heavy = row[(c + 1) * 5] == '┃';
                assert_eq!(
                    heavy,
                    ids[r][c] != ids[r][c + 1],
                    "r{r}c{c} | r{r}c{}",
                    c + 1
                );
            }
            if r < 8 {
                let line = chars(cage_lines[2 + 2 * r]);
                let heavy = line[1 + c * 5] == '━';
                assert_eq!(
                    heavy,
                    ids[r][c] != ids[r + 1][c],
                    "r{r}c{c} over r{}c{c}",
                    r + 1
                );
            }
        }
    }
    let mut want = sums.clone();
    want.sort_unstable();
    drawn_sums.sort_unstable();
    assert_eq!(drawn_sums, want);
    assert_eq!(want.iter().sum::<u32>(), 405);
    // Then the case itself.
    assert!(lines[21].starts_with("case 1: 9x9, 31 givens"), "{text}");
}

/// Without an answer, a contestant's grid that keeps every unit but breaks a mark is wrong at
/// the mark's cell (sumdoku's sample answer with 1 and 2 swapped).
#[test]
fn a_grid_breaking_a_mark_is_wrong_without_an_answer() {
    let dir = scratch("show-broken-mark");
    let input = testdata("sumdoku/sample.in");
    let right = std::fs::read_to_string(testdata("sumdoku/sample.out")).unwrap();
    let swapped: String = right
        .chars()
        .map(|c| match c {
            '1' => '2',
            '2' => '1',
            c => c,
        })
        .collect();
    let out = dir.join("out.txt");
    std::fs::write(&out, swapped).unwrap();
    let o = show(&[
        "-f",
        "sumdoku",
        input.to_str().unwrap(),
        "--contestant",
        out.to_str().unwrap(),
        "--color",
        "never",
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(text.contains("\nbroken rule: r"), "{text}");
    assert!(text.contains("\nwrong cell (1): r"), "{text}");
    // The right answer breaks nothing.
    let o = show(&[
        "-f",
        "sumdoku",
        input.to_str().unwrap(),
        "--contestant",
        testdata("sumdoku/sample.out").to_str().unwrap(),
        "--color",
        "never",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    std::fs::remove_dir_all(dir).unwrap();
}

/// A Su-Domino-Ku case draws its dominoes first: a thin line inside each placed domino (read
/// from the input's `U LU V LV` lines) and between two free cells, a heavy one everywhere else.
#[test]
fn placed_dominoes_are_outlined() {
    let input = testdata("hdu4210/sample.in");
    let text_in = std::fs::read_to_string(&input).unwrap();
    let mut lines_in = text_in.lines();
    let n: usize = lines_in.next().unwrap().trim().parse().unwrap();
    let at = |t: &str| {
        let b = t.as_bytes();
        usize::from(b[0] - b'A') * 9 + usize::from(b[1] - b'1')
    };
    // Region of each cell: a placed domino's index, or 100 + cell for a single, 99 when free.
    let mut region = [99usize; 81];
    for (i, l) in lines_in.by_ref().take(n).enumerate() {
        let t: Vec<&str> = l.split_whitespace().collect();
        region[at(t[1])] = i;
        region[at(t[3])] = i;
    }
    for t in lines_in.next().unwrap().split_whitespace() {
        region[at(t)] = 100 + at(t);
    }
    let o = show(&[
        "-f",
        "hdu4210",
        input.to_str().unwrap(),
        "--case",
        "1",
        "--color",
        "never",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = stdout(&o);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0],
        format!("case 1: dominoes, {n} placed and 9 singles outlined")
    );
    let chars = |l: &str| l.chars().collect::<Vec<char>>();
    let open = |a: usize, b: usize| region[a] == region[b];
    for r in 0..9 {
        let row = chars(lines[2 + 2 * r]);
        for c in 0..8 {
            let thin = row[(c + 1) * 4] == '│';
            assert_eq!(thin, open(r * 9 + c, r * 9 + c + 1), "r{r}c{c}\n{text}");
        }
        if r < 8 {
            let line = chars(lines[3 + 2 * r]);
            for c in 0..9 {
                let thin = line[2 + c * 4] == '─';
                assert_eq!(
                    thin,
                    open(r * 9 + c, r * 9 + 9 + c),
                    "r{r}c{c} below\n{text}"
                );
            }
        }
    }
    // Then the case itself.
    assert!(lines[21].starts_with("case 1: 9x9"), "{text}");
}
