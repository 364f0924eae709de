//! `sudoku-judge check` on every spec format: each sample's output is accepted in both protocols
//! and in strict mode, and outputs broken in ways a judge must catch are rejected, with the
//! sample's answer as the judge's answer file too.

use crate::common::scratch;

use std::path::Path;
use std::process::{Command, Output, Stdio};
use sudoku_judge::format::judges::JUDGES;
use sudoku_judge::format::spec::Spec;

const BIN: &str = env!("CARGO_BIN_EXE_sudoku-judge");

fn run(args: &[&str], stdin: Option<&Path>) -> Output {
    let mut c = Command::new(BIN);
    c.args(args);
    if let Some(p) = stdin {
        c.stdin(Stdio::from(std::fs::File::open(p).unwrap()));
    }
    c.output().expect("binary runs")
}

/// The spec formats (the core four have their own fixtures in crates/cli/tests/check.rs).
fn specs() -> impl Iterator<Item = &'static Spec> {
    JUDGES.iter().filter(|s| s.core().is_none())
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p.to_str().unwrap().to_string()
}

fn testlib(
    spec: &Spec,
    input: &str,
    output: &str,
    answer: Option<&str>,
    extra: &[&str],
) -> (i32, String) {
    let mut args = vec!["check", "--format", spec.name];
    args.extend_from_slice(extra);
    args.push(input);
    args.push(output);
    if let Some(a) = answer {
        args.push(a);
    }
    let got = run(&args, None);
    (
        got.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&got.stderr).into_owned(),
    )
}

#[test]
fn every_sample_output_is_accepted_in_every_protocol() {
    let tmp = scratch("ok");
    let mut failures = Vec::new();
    for spec in specs() {
        let input = write(&tmp, &format!("{}.in", spec.name), spec.sample.0);
        let output = write(&tmp, &format!("{}.out", spec.name), spec.sample.1);
        for extra in [&[][..], &["--strict"], &["-j", "2"]] {
            let (code, err) = testlib(spec, &input, &output, None, extra);
            if code != 0 {
                failures.push(format!("{} {extra:?}: exit {code}: {err}", spec.name));
            }
        }
        let (code, err) = testlib(spec, &input, &output, Some(&output), &[]);
        if code != 0 {
            failures.push(format!("{} with answer: exit {code}: {err}", spec.name));
        }
        let feedback = tmp.join(format!("{}-fb", spec.name));
        std::fs::create_dir_all(&feedback).unwrap();
        let k = run(
            &[
                "check",
                "--protocol",
                "kattis",
                "--format",
                spec.name,
                &input,
                &output,
                feedback.to_str().unwrap(),
            ],
            Some(Path::new(&output)),
        );
        if k.status.code() != Some(42) {
            failures.push(format!("{} kattis: {:?}", spec.name, k.status.code()));
        }
    }
    std::fs::remove_dir_all(&tmp).unwrap();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn broken_outputs_are_rejected() {
    let tmp = scratch("bad");
    let mut failures = Vec::new();
    for spec in specs() {
        let input = write(&tmp, &format!("{}.in", spec.name), spec.sample.0);
        let good = spec.sample.1;
        let tokens: Vec<&str> = good.split_ascii_whitespace().collect();
        let last = good
            .trim_end()
            .rfind(char::is_whitespace)
            .map_or(0, |i| i + 1);
        let broken = [
            ("the last token missing", good[..last].to_string()),
            ("an extra token", format!("{good}extra\n")),
            (
                "the first token garbled",
                good.replacen(tokens[0], &format!("{}#", tokens[0]), 1),
            ),
            ("nothing", String::new()),
        ];
        for (what, text) in broken {
            let output = write(&tmp, &format!("{}.bad", spec.name), &text);
            let (code, err) = testlib(spec, &input, &output, None, &[]);
            if !(code == 1 || code == 2)
                || !err.starts_with("wrong answer") && !err.starts_with("presentation error")
            {
                failures.push(format!("{} with {what}: exit {code}: {err}", spec.name));
            }
            // A broken answer file is the judge's fault.
            let (code, err) = testlib(
                spec,
                &input,
                &write(&tmp, "good.out", good),
                Some(&output),
                &[],
            );
            if code != 3 {
                failures.push(format!(
                    "{} answer file with {what}: exit {code}: {err}",
                    spec.name
                ));
            }
        }
    }
    std::fs::remove_dir_all(&tmp).unwrap();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn messages_point_at_the_fault() {
    let tmp = scratch("msg");
    let find = |n: &str| JUDGES.iter().find(|s| s.name == n).unwrap();
    let cases: [(&str, &str, &str, i32, &str); 5] = [
        (
            "uva10957",
            "Case 2: Ambiguous.",
            "Case 2: Unique.",
            1,
            "wrong answer: case 2, line 2: expected \"Ambiguous.\", found \"Unique.\"\n",
        ),
        (
            "hdu1426",
            "7 1 2 4 6 9",
            "7 1 2 9 6 9",
            1,
            "wrong answer: case 1, line 1: row 1 has two 9s (r1c4 and r1c6)\n",
        ),
        (
            "ecnu1021",
            "854396127\n",
            "854396127\nextra\n",
            1,
            "wrong answer: line 10: expected the end of output after 1 case, found \"extra\"\n",
        ),
        (
            "hdu3111",
            "---\nimpossible",
            "---\nImpossible",
            1,
            "wrong answer: case 2, line 11: expected \"impossible\", found \"Impossible\"\n",
        ),
        (
            "spoj-novice42",
            "Grid 02\n",
            "Grid 2\n",
            1,
            "wrong answer: case 2, line 11: expected \"Grid 02\", found \"Grid 2\"\n",
        ),
    ];
    let mut failures = Vec::new();
    for (name, from, to, want_code, want) in cases {
        let spec = find(name);
        let input = write(&tmp, "m.in", spec.sample.0);
        assert!(spec.sample.1.contains(from), "{name}");
        let output = write(&tmp, "m.out", &spec.sample.1.replacen(from, to, 1));
        let (code, err) = testlib(spec, &input, &output, None, &[]);
        if code != want_code || err != want {
            failures.push(format!(
                "{name}: exit {code}\n--- want\n{want}--- got\n{err}"
            ));
        }
    }
    // Strict: a trailing space is a presentation error at its column.
    let spec = find("hdu1426");
    let input = write(&tmp, "s.in", spec.sample.0);
    let output = write(&tmp, "s.out", &spec.sample.1.replacen('\n', " \n", 1));
    let (code, err) = testlib(spec, &input, &output, None, &["--strict"]);
    assert_eq!(
        (code, err.as_str()),
        (
            2,
            "presentation error: case 1, line 1, column 18: expected '\\n', found ' '\n"
        )
    );
    std::fs::remove_dir_all(&tmp).unwrap();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_statements_own_answers_are_accepted_where_any_answer_is() {
    // Codeforces 1335D's published answer changes other cells than ours does; both are right.
    let tmp = scratch("any");
    let spec = JUDGES.iter().find(|s| s.name == "cf1335d").unwrap();
    let input = write(&tmp, "cf.in", spec.sample.0);
    let theirs = "154873396\n336592714\n729645835\n863725145\n979314628\n412958357\n\
                  631457992\n998236471\n247789563\n";
    let output = write(&tmp, "cf.out", theirs);
    assert_eq!(
        testlib(spec, &input, &output, None, &[]),
        (0, "ok: 1 case\n".into())
    );
    // Ten changes are too many, and a row without a repeat is wrong.
    let ten = theirs.replacen("154873396", "154873397", 1);
    let output = write(&tmp, "cf10.out", &ten);
    let (code, err) = testlib(spec, &input, &output, None, &[]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("10 cells changed, at most 9 allowed"), "{err}");
    let unbroken = theirs.replacen("154873396", "154873296", 1);
    let output = write(&tmp, "cfrow.out", &unbroken);
    let (code, err) = testlib(spec, &input, &output, None, &[]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("row 1 has no repeated value"), "{err}");
    std::fs::remove_dir_all(&tmp).unwrap();
}

/// Values in check's messages are spelled as the format spells them: a 16x16 line file's
/// letters, not their numbers.
#[test]
fn messages_name_values_in_the_formats_alphabet() {
    let tmp = scratch("alphabet");
    let sets = Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/sets");
    let first = |name: &str| {
        let text = std::fs::read_to_string(sets.join(name)).unwrap();
        let line = text.lines().find(|l| !l.starts_with('#')).unwrap();
        line.as_bytes().to_vec()
    };
    let puzzle = first("sudoku16_unique_1000.txt");
    let answer = first("sudoku16_unique_1000.answers.txt");
    let input = write(
        &tmp,
        "in.txt",
        &format!("{}\n", String::from_utf8_lossy(&puzzle)),
    );
    let check = |out: &[u8]| {
        let output = write(
            &tmp,
            "out.txt",
            &format!("{}\n", String::from_utf8_lossy(out)),
        );
        let got = run(&["check", "-f", "line", &input, &output], None);
        String::from_utf8_lossy(&got.stderr).into_owned()
    };
    // A given changed.
    let g = puzzle.iter().position(|&b| b != b'.').unwrap();
    let mut out = answer.clone();
    out[g] = if answer[g] == b'J' { b'H' } else { b'J' };
    let want = format!(
        "wrong answer: case 1, line 1: r1c{}: expected the given {}, found {}\n",
        g + 1,
        answer[g] as char,
        out[g] as char
    );
    assert_eq!(check(&out), want);
    // A filled cell repeating a value of its row.
    let f = puzzle.iter().position(|&b| b == b'.').unwrap();
    let other = (0..16).find(|&c| c != f).unwrap();
    let mut out = answer.clone();
    out[f] = answer[other];
    let e = check(&out);
    assert!(
        e.contains(&format!("has two {}s", answer[other] as char)),
        "{e}"
    );
    std::fs::remove_dir_all(&tmp).unwrap();
}

/// A Codeforces 1335D grid that is not solved (ten 2s, an empty cell) breaks the promise of
/// solved grids: `solve` answers it `No solution` and exits 1 naming the case, as a format
/// without a word for a broken promise does, and `check` accepts that answer, strictly too.
/// `solve` used to change every 2 (ten cells) and exit 0 with an answer `check` rejected.
#[test]
fn a_grid_outside_the_anti_sudoku_promise_gets_an_answer_check_accepts() {
    let tmp = scratch("anti");
    let spec = JUDGES.iter().find(|s| s.name == "cf1335d").unwrap();
    let input = Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/cf1335d/not_solved.in");
    let input = input.to_str().unwrap();
    let solved = run(&["solve", "--format", "cf1335d", input], None);
    assert_eq!(solved.status.code(), Some(1));
    let err = String::from_utf8_lossy(&solved.stderr);
    let why = "not a solved grid, so no answer: cf1335d promises a solved grid";
    assert_eq!(err.lines().count(), 2, "{err}");
    assert!(err.contains(&format!("case 2: {why}")), "{err}");
    assert!(err.contains(&format!("case 4: {why}")), "{err}");
    let text = String::from_utf8(solved.stdout).unwrap();
    assert_eq!(text.matches("No solution\n").count(), 2, "{text}");
    let output = write(&tmp, "anti.out", &text);
    for extra in [&[][..], &["--strict"]] {
        assert_eq!(
            testlib(spec, input, &output, None, extra),
            (0, "ok: 4 cases\n".into()),
            "{extra:?}"
        );
    }
    std::fs::remove_dir_all(&tmp).unwrap();
}

/// NWRRC 2013's special judge on the judge's own sample answer changed: operations that do not
/// turn one puzzle into the other, `Yes` for a pair that is not alike and `No` for one that is,
/// more than 1000 operations, a row swap across bands and a malformed line are wrong answers,
/// each at its line and column. `solve`'s own answer (other operations) is accepted too.
#[test]
fn nwrrc2013_operations_are_applied_and_held_to_the_truth() {
    let tmp = scratch("nwrrc2013");
    let spec = JUDGES.iter().find(|s| s.name == "nwrrc2013").unwrap();
    let input = write(&tmp, "n.in", spec.sample.0);
    let good = spec.sample.1;
    let wrong = "wrong answer: case 1, ";
    let cases: &[(&str, String, String)] = &[
        (
            "an operation too few",
            good.replacen("7\nC 1 2\n", "6\n", 1),
            format!(
                "{wrong}line 1, column 1: the 6 operations turn puzzle 1 into a grid that is not \
                 puzzle 2: r1c2 is '8', expected '.'\n"
            ),
        ),
        (
            "Yes where the truth is No",
            good.replacen("No\nYes\n0\n", "Yes\n0\nYes\n0\n", 1),
            format!("{wrong}line 10, column 1: puzzles 1 and 3 are not similar, found Yes\n"),
        ),
        (
            "No where the truth is Yes",
            good.replacen("Yes\n0\n", "No\n", 1),
            format!("{wrong}line 11, column 1: puzzles 1 and 4 are similar, found No\n"),
        ),
        (
            "more than 1000 operations",
            good.replacen("Yes\n7\n", "Yes\n1001\n", 1),
            format!(
                "{wrong}line 2, column 1: 1001 operations for puzzles 1 and 2: at most 1000 \
                 allowed\n"
            ),
        ),
        (
            "rows of two bands",
            good.replacen("r 7 9", "r 1 4", 1),
            format!("{wrong}line 6, column 5: r 1 4: rows 1 and 4 are not in one band\n"),
        ),
        (
            "a malformed line",
            good.replacen("D 5 3", "D5 3", 1),
            format!(
                "{wrong}line 4, column 1: expected an operation (D, R, r, C, c or F), found \
                 \"D5\"\n"
            ),
        ),
        (
            "a digit out of range",
            good.replacen("D 5 3", "D 5 0", 1),
            format!("{wrong}line 4, column 5: expected a digit 1-9, found \"0\"\n"),
        ),
    ];
    let mut failures = Vec::new();
    for (what, text, want) in cases {
        assert_ne!(text, good, "{what}");
        let output = write(&tmp, "n.out", text);
        let (code, err) = testlib(spec, &input, &output, None, &[]);
        if code != 1 || &err != want {
            failures.push(format!(
                "{what}: exit {code}\n--- want\n{want}--- got\n{err}"
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    let ours = run(&["solve", "--format", "nwrrc2013", &input], None);
    assert_eq!(ours.status.code(), Some(0));
    assert_ne!(
        ours.stdout,
        good.as_bytes(),
        "other operations than the judge's"
    );
    let output = write(&tmp, "ours.out", &String::from_utf8_lossy(&ours.stdout));
    let judges = write(&tmp, "judge.out", good);
    for extra in [&[][..], &["--strict"]] {
        assert_eq!(testlib(spec, &input, &output, Some(&judges), extra).0, 0);
    }
    // Two puzzles run together: read, but not laid out as the judge's data is.
    let joined = spec.sample.0.replacen("2...4....\n\n", "2...4....\n", 1);
    let file = write(&tmp, "joined.in", &joined);
    let v = run(
        &["validate", "--strict", "--format", "nwrrc2013", &file],
        None,
    );
    assert_eq!(v.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&v.stderr).contains("joined.in:11:1: case 1: missing blank line"),
        "{}",
        String::from_utf8_lossy(&v.stderr)
    );
    // Twenty-one puzzles: read, but more than the problem allows.
    let puzzles: Vec<&str> = spec
        .sample
        .0
        .split_once('\n')
        .unwrap()
        .1
        .split("\n\n")
        .collect();
    let many: Vec<&str> = puzzles
        .iter()
        .cycle()
        .take(21)
        .map(|p| p.trim_end())
        .collect();
    let file = write(&tmp, "many.in", &format!("21\n{}\n", many.join("\n\n")));
    let v = run(&["validate", "--format", "nwrrc2013", &file], None);
    assert_eq!(v.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&v.stdout),
        "case 1: 21 puzzles: nwrrc2013 allows at most 20\n"
    );
    std::fs::remove_dir_all(&tmp).unwrap();
}
