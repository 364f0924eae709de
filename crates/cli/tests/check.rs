//! Runs `sudoku-judge check` on every fixture under `testdata/check/` in both protocols, as
//! online-judge-tools would call it (`validate` has its own tests in `crates/cli/tests/validate.rs`).
//!
//! A fixture is `NAME.in` (judge input), `NAME.out` (contestant output), optionally `NAME.ans`
//! (judge answer) and `NAME.args` (extra flags), and `NAME.expect`: the testlib exit code on the
//! first line, the exact stderr after it. Under the Kattis protocol the same fixture must give
//! 42 for 0, 43 for 1 and 2, 1 for 3, with the same text in `judgemessage.txt`; Kattis always
//! passes an answer file, so fixtures without one get the one `solve` writes.

use crate::common::scratch;

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_sudoku-judge");

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/check")
}

struct Fixture {
    name: String,
    code: i32,
    stderr: String,
    args: Vec<String>,
    has_answer: bool,
}

fn fixtures() -> Vec<Fixture> {
    let mut names: Vec<String> = std::fs::read_dir(dir())
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter_map(|f| f.strip_suffix(".expect").map(str::to_string))
        .collect();
    names.sort();
    names
        .into_iter()
        .map(|name| {
            let d = dir();
            let expect = std::fs::read_to_string(d.join(format!("{name}.expect"))).unwrap();
            let (code, stderr) = expect.split_once('\n').unwrap();
            let args = std::fs::read_to_string(d.join(format!("{name}.args")))
                .map(|a| a.split_whitespace().map(str::to_string).collect())
                .unwrap_or_default();
            Fixture {
                code: code.trim().parse().unwrap(),
                stderr: stderr.to_string(),
                args,
                has_answer: d.join(format!("{name}.ans")).exists(),
                name,
            }
        })
        .collect()
}

fn run(args: &[&str], stdin: Option<&Path>) -> Output {
    let mut c = Command::new(BIN);
    c.current_dir(dir()).args(args);
    if let Some(p) = stdin {
        c.stdin(Stdio::from(std::fs::File::open(p).unwrap()));
    }
    c.output().expect("binary runs")
}

#[test]
fn fixtures_cover_the_issue_list() {
    let names: Vec<String> = fixtures().into_iter().map(|f| f.name).collect();
    for want in [
        "poj_other_valid_grid",
        "poj_given_overwritten",
        "poj_row_duplicate",
        "poj_column_duplicate",
        "hdu_region_duplicate",
        "poj_zero_left",
        "poj_missing_case",
        "hdu_missing_case",
        "poj_extra_case",
        "hdu_swapped_words",
        "hdu_capitalisation",
        "hdu_crlf",
        "hdu_crlf_strict",
        "poj_trailing_spaces",
        "poj_trailing_spaces_strict",
        "poj_empty_output",
        "poj_bad_input",
        // Tokens, not lines; the case number spelled as `solve` spells it.
        "hdu_tokens_reflowed",
        "hdu_one_token_a_line",
        "poj_one_line",
        "hdu_case_leading_zero",
        // The answer file's verdicts are checked against the input.
        "hdu_ans_multiple_for_unique",
        "hdu_ans_no_solution_for_unique",
        "hdu_ans_multiple_for_none",
        "hdu_ans_grid_for_multiple",
        "poj_ans_no_solution_for_solvable",
        // Bytes shown as printed.
        "hdu_non_utf8",
    ] {
        assert!(names.iter().any(|n| n == want), "no fixture {want}");
    }
}

#[test]
fn testlib_protocol_gives_each_fixture_its_verdict_and_message() {
    let mut failures = Vec::new();
    for f in fixtures() {
        for threads in ["1", "2"] {
            let mut args: Vec<String> = vec!["check".into(), "-j".into(), threads.into()];
            args.extend(f.args.iter().cloned());
            args.push(format!("{}.in", f.name));
            args.push(format!("{}.out", f.name));
            if f.has_answer {
                args.push(format!("{}.ans", f.name));
            }
            let argv: Vec<&str> = args.iter().map(String::as_str).collect();
            let got = run(&argv, None);
            let err = String::from_utf8_lossy(&got.stderr);
            if got.status.code() != Some(f.code) || err != f.stderr {
                failures.push(format!(
                    "{} -j {threads}: exit {:?} want {}\n--- want\n{}--- got\n{err}",
                    f.name,
                    got.status.code(),
                    f.code,
                    f.stderr
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn kattis_protocol_gives_42_43_and_the_feedback_file() {
    let tmp = scratch("kattis");
    let mut failures = Vec::new();
    for f in fixtures() {
        let answer = if f.has_answer {
            dir().join(format!("{}.ans", f.name))
        } else {
            // What a DOMjudge problem would ship: the judge's own solution.
            // With the fixture's format, where it names one (auto refuses LeetCode boards).
            let mut solve = vec!["solve".to_string()];
            if let Some(i) = f.args.iter().position(|a| a == "--format") {
                solve.extend(f.args[i..(i + 2).min(f.args.len())].iter().cloned());
            }
            solve.push(format!("{}.in", f.name));
            let solve: Vec<&str> = solve.iter().map(String::as_str).collect();
            let solved = run(&solve, None);
            let p = tmp.join(format!("{}.ans", f.name));
            std::fs::write(&p, &solved.stdout).unwrap();
            p
        };
        let feedback = tmp.join(&f.name);
        std::fs::create_dir_all(&feedback).unwrap();
        let mut args: Vec<String> = vec!["check".into(), "--protocol".into(), "kattis".into()];
        args.extend(f.args.iter().cloned());
        args.push(format!("{}.in", f.name));
        args.push(answer.to_str().unwrap().into());
        args.push(feedback.to_str().unwrap().into());
        let argv: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = dir().join(format!("{}.out", f.name));
        let got = run(&argv, Some(&out));
        let want_code = match f.code {
            0 => 42,
            1 | 2 => 43,
            _ => 1,
        };
        let message =
            std::fs::read_to_string(feedback.join("judgemessage.txt")).unwrap_or_default();
        // A bad answer file names itself, and the Kattis answer lives elsewhere.
        let want_msg = f
            .stderr
            .replace(&format!("{}.ans", f.name), answer.to_str().unwrap());
        if got.status.code() != Some(want_code) || message != want_msg {
            failures.push(format!(
                "{}: exit {:?} want {want_code}\n--- want\n{want_msg}--- got\n{message}",
                f.name,
                got.status.code()
            ));
        }
    }
    std::fs::remove_dir_all(&tmp).unwrap();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn kattis_space_change_sensitive_argument_means_strict() {
    let tmp = scratch("kattis-strict");
    let got = run(
        &[
            "check",
            "--protocol",
            "kattis",
            "hdu_crlf.in",
            "hdu_accepted_with_answer.ans",
            tmp.to_str().unwrap(),
            "space_change_sensitive",
        ],
        Some(&dir().join("hdu_crlf.out")),
    );
    assert_eq!(got.status.code(), Some(43));
    let msg = std::fs::read_to_string(tmp.join("judgemessage.txt")).unwrap();
    assert!(
        msg.starts_with("presentation error: case 1, line 1, column 8"),
        "{msg}"
    );
    std::fs::remove_dir_all(&tmp).unwrap();
}

/// Runs the Kattis protocol on fixture `name` with `extra` validator arguments, the feedback
/// directory holding `before` in judgemessage.txt; returns the exit code and the message file.
fn kattis(name: &str, extra: &[&str], before: &str) -> (Option<i32>, String) {
    let tmp = scratch(&format!("kattis-{name}-{}", extra.join("-")));
    std::fs::write(tmp.join("judgemessage.txt"), before).unwrap();
    let mut args = vec![
        "check".to_string(),
        "--protocol".into(),
        "kattis".into(),
        format!("{name}.in"),
        "hdu_accepted_with_answer.ans".into(),
        tmp.to_str().unwrap().into(),
    ];
    args.extend(extra.iter().map(|a| a.to_string()));
    let argv: Vec<&str> = args.iter().map(String::as_str).collect();
    let got = run(&argv, Some(&dir().join(format!("{name}.out"))));
    let msg = std::fs::read_to_string(tmp.join("judgemessage.txt")).unwrap();
    std::fs::remove_dir_all(&tmp).unwrap();
    (got.status.code(), msg)
}

#[test]
fn unknown_validator_arguments_are_judge_errors() {
    assert_eq!(
        kattis("hdu_accepted", &["case_sensitive"], ""),
        (Some(42), "ok: 3 cases\n".to_string())
    );
    let (code, msg) = kattis("hdu_accepted", &["float_tolerance", "1e-6"], "");
    assert_eq!(code, Some(1));
    assert_eq!(
        msg,
        "checker failure: unknown validator argument 'float_tolerance' (known: \
         case_sensitive, space_change_sensitive)\n"
    );
}

#[test]
fn judge_messages_are_appended_to_what_is_there() {
    let (code, msg) = kattis("hdu_capitalisation", &[], "compiled with -O2\n");
    assert_eq!(code, Some(43));
    assert_eq!(
        msg,
        "compiled with -O2\nwrong answer: case 2, line 12: expected \"No solution\", found \
         \"No Solution\"\n"
    );
}

/// `oj test` passes "" as the expected output when a test has none: judged from the input.
#[test]
fn an_empty_answer_argument_means_no_answer_file() {
    for (name, code) in [("hdu_accepted", 0), ("hdu_capitalisation", 1)] {
        let (i, o) = (format!("{name}.in"), format!("{name}.out"));
        let with = run(&["check", &i, &o, ""], None);
        let without = run(&["check", &i, &o], None);
        assert_eq!(with.status.code(), Some(code), "{name}");
        assert_eq!(with.stderr, without.stderr, "{name}");
    }
}

#[test]
fn wrong_argument_counts_are_judge_errors_in_both_protocols() {
    let t = run(&["check", "a", "b", "c", "d", "e"], None);
    assert_eq!(t.status.code(), Some(3));
    assert_eq!(
        String::from_utf8_lossy(&t.stderr),
        "checker failure: expected INPUT OUTPUT [ANSWER [RESULT]], found 5 files\n"
    );
    let k = run(&["check", "--protocol", "kattis", "a", "b"], None);
    assert_eq!(k.status.code(), Some(1));
    let missing = run(&["check", "nope.in", "nope.out"], None);
    assert_eq!(missing.status.code(), Some(3));
    assert!(String::from_utf8_lossy(&missing.stderr).starts_with("checker failure: nope.in: "));
}

/// Standard input is read once: two files named `-` are the judge's mistake, never a verdict
/// on the contestant (`check - -` read the input and then an empty output: wrong answer).
#[test]
fn two_files_on_stdin_are_judge_errors() {
    let input = dir().join("hdu_accepted.in");
    let feedback = scratch("check-two-stdin");
    let feedback = feedback.to_str().unwrap();
    for (args, code) in [
        (&["check", "-", "-"][..], 3),
        (&["check", "hdu_accepted.in", "-", "-"][..], 3),
        (
            &[
                "check",
                "--protocol",
                "kattis",
                "-",
                "hdu_accepted.out",
                feedback,
            ][..],
            1,
        ),
    ] {
        let o = run(args, Some(&input));
        assert_eq!(o.status.code(), Some(code), "{args:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(
            err.starts_with("checker failure: ") && err.contains("read only once"),
            "{err}"
        );
    }
    let one = run(
        &["check", "hdu_accepted.in", "-"],
        Some(&dir().join("hdu_accepted.out")),
    );
    assert_eq!(one.status.code(), Some(0));
    std::fs::remove_dir_all(feedback).unwrap();
}

/// stderr is the verdict's one line: a note (here, --threads clamped to the machine) would
/// be shown by the judge as part of the message.
#[test]
fn the_message_is_one_line_whatever_the_options() {
    let o = run(
        &[
            "check",
            "-j",
            "100000",
            "hdu_accepted.in",
            "hdu_accepted.out",
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&o.stderr), "ok: 3 cases\n");
}

/// testlib's fourth file is its result file: the message as on stderr, or with `-appes`
/// (testlib's spelling, one dash) its XML with the outcome; one that cannot be written is a
/// checker failure.
#[test]
fn a_testlib_result_file_gets_the_verdict() {
    let tmp = scratch("check-result");
    let plain = tmp.join("result.txt");
    let xml = tmp.join("result.xml");
    let ok = run(
        &[
            "check",
            "hdu_accepted.in",
            "hdu_accepted.out",
            "",
            plain.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(ok.status.code(), Some(0));
    assert_eq!(std::fs::read(&plain).unwrap(), ok.stderr);
    let (i, o) = ("hdu_capitalisation.in", "hdu_capitalisation.out");
    let wa = run(&["check", i, o, "", xml.to_str().unwrap(), "-appes"], None);
    assert_eq!(wa.status.code(), Some(1));
    let line = String::from_utf8_lossy(&wa.stderr);
    let escaped = line.trim_end().replace('&', "&amp;").replace('"', "&quot;");
    let escaped = escaped
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('\'', "&apos;");
    assert_eq!(
        std::fs::read_to_string(&xml).unwrap(),
        format!(
            "<?xml version=\"1.0\" encoding=\"utf-8\"?><result outcome = \"wrong-answer\">\
             {escaped}</result>\n"
        )
    );
    let nowhere = tmp.join("no-such-dir").join("result.txt");
    let failed = run(&["check", i, o, "", nowhere.to_str().unwrap()], None);
    assert_eq!(failed.status.code(), Some(3));
    // `-` is standard output, not a file named `-`.
    let dash = run(&["check", i, o, "", "-"], None);
    assert_eq!(dash.status.code(), Some(1));
    assert_eq!(dash.stdout, dash.stderr);
    assert!(!dir().join("-").exists());
    // A result file that is one of the files judged is refused, and left as it was.
    for (k, name) in ["in", "out", "ans"].iter().enumerate() {
        let files: Vec<_> = ["in", "out", "ans"]
            .iter()
            .map(|x| tmp.join(format!("hdu.{x}")))
            .collect();
        for (f, src) in
            files
                .iter()
                .zip(["hdu_accepted.in", "hdu_accepted.out", "hdu_accepted.out"])
        {
            std::fs::copy(dir().join(src), f).unwrap();
        }
        let before = std::fs::read(&files[k]).unwrap();
        let argv: Vec<&str> = std::iter::once("check")
            .chain(files.iter().map(|f| f.to_str().unwrap()))
            .chain([files[k].to_str().unwrap()])
            .collect();
        let got = run(&argv, None);
        assert_eq!(got.status.code(), Some(3), "{name}");
        assert!(String::from_utf8_lossy(&got.stderr).contains("the result file is also"));
        assert_eq!(std::fs::read(&files[k]).unwrap(), before, "{name}");
    }
    std::fs::remove_dir_all(&tmp).unwrap();
}

/// Kattis's feedback folder is looked for before anything is judged: one line, the judge
/// error, not a verdict followed by the failure to write it.
#[test]
fn a_missing_feedback_folder_is_a_judge_error_alone() {
    let tmp = scratch("kattis-no-feedback");
    let nowhere = tmp.join("no-such-dir");
    let got = run(
        &[
            "check",
            "--protocol",
            "kattis",
            "hdu_accepted.in",
            "hdu_accepted_with_answer.ans",
            nowhere.to_str().unwrap(),
        ],
        Some(&dir().join("hdu_accepted.out")),
    );
    assert_eq!(got.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&got.stderr),
        format!(
            "checker failure: {}: no such feedback folder\n",
            nowhere.display()
        )
    );
    std::fs::remove_dir_all(&tmp).unwrap();
}

/// Options may come anywhere, between the files too, as `solve` takes them: `check IN --strict
/// OUT` is `check --strict IN OUT` (it was a usage error, a checker failure).
#[test]
fn options_may_come_between_the_files() {
    for (name, strict) in [("poj_accepted", 0), ("poj_blank_line_strict", 2)] {
        let (i, o) = (format!("{name}.in"), format!("{name}.out"));
        let before = run(&["check", "--strict", &i, &o], None);
        assert_eq!(before.status.code(), Some(strict), "{name}");
        for args in [
            vec!["check", &i, "--strict", &o],
            vec!["check", &i, &o, "--strict"],
            vec!["check", &i, "-f", "poj2676", "--strict", &o],
        ] {
            let got = run(&args, None);
            assert_eq!(got.status.code(), before.status.code(), "{args:?}");
            assert_eq!(got.stderr, before.stderr, "{args:?}");
        }
    }
    // An option may part the output from the answer file too (an empty one: none).
    let got = run(
        &["check", "poj_accepted.in", "poj_accepted.out", "--all", ""],
        None,
    );
    assert_eq!(
        got.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&got.stderr)
    );
}

/// `oj test --judge-command CMD` runs `CMD <input> <actual output> <expected output>` through
/// the shell, in its `test/` folder layout, and reads exit 0 as AC.
#[test]
fn works_as_an_online_judge_tools_judge_command() {
    let tmp = scratch("oj");
    let test = tmp.join("test");
    std::fs::create_dir_all(&test).unwrap();
    let d = dir();
    std::fs::copy(d.join("poj_other_valid_grid.in"), test.join("sample-1.in")).unwrap();
    std::fs::copy(
        d.join("poj_other_valid_grid.ans"),
        test.join("sample-1.out"),
    )
    .unwrap();
    std::fs::copy(d.join("hdu_accepted.in"), test.join("sample-2.in")).unwrap();
    std::fs::copy(d.join("hdu_accepted.out"), test.join("sample-2.out")).unwrap();
    let cmd = format!("'{BIN}' check");
    let judge = |input: &str, actual: &Path, expected: &str| {
        Command::new("sh")
            .current_dir(&tmp)
            .arg("-c")
            .arg(format!(
                "{cmd} test/{input} '{}' test/{expected}",
                actual.display()
            ))
            .output()
            .unwrap()
            .status
            .code()
    };
    // Another valid grid than the expected one: accepted.
    let a = tmp.join("actual-1");
    std::fs::copy(d.join("poj_other_valid_grid.out"), &a).unwrap();
    assert_eq!(judge("sample-1.in", &a, "sample-1.out"), Some(0));
    // Wrong verdict words: rejected.
    let b = tmp.join("actual-2");
    std::fs::copy(d.join("hdu_capitalisation.out"), &b).unwrap();
    assert_eq!(judge("sample-2.in", &b, "sample-2.out"), Some(1));
    std::fs::remove_dir_all(&tmp).unwrap();
}

#[test]
fn all_lists_every_fault_with_a_count() {
    let got = run(&["check", "--all", "poj_all.in", "poj_all.out"], None);
    let err = String::from_utf8_lossy(&got.stderr);
    assert_eq!(err.lines().count(), 3, "{err}");
    assert!(
        err.ends_with("wrong answer: 2 faults in 3 cases\n"),
        "{err}"
    );
    let first = run(&["check", "poj_all.in", "poj_all.out"], None);
    assert_eq!(
        String::from_utf8_lossy(&first.stderr),
        "wrong answer: case 1, line 1: r1c1: expected the given 1, found 2\n"
    );
}

/// What problemtools' verifyproblem feeds an output validator as contestant output to see it
/// reject (its `_JUNK_CASES`) or to try to crash it into a judge error (`_JUNK_CASES_CRASH`):
/// every one is a rejection, 43, never a judge error.
#[test]
fn verifyproblem_junk_outputs_are_rejected_not_judge_errors() {
    let tmp = scratch("junk");
    let mut junk: Vec<Vec<u8>> = [
        "",
        "-1",
        "2147483647",
        "2147483648",
        "9223372036854775808",
        "0",
        "1",
        "1.0",
        "a",
        "2\n-1 1",
        "2\n1",
    ]
    .iter()
    .map(|s| s.as_bytes().to_vec())
    .collect();
    junk.push((32..127).collect());
    junk.push(
        (0..1024u32)
            .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
            .collect(),
    );
    let mut failures = Vec::new();
    for (i, output) in junk.iter().enumerate() {
        let out = tmp.join(format!("junk-{i}"));
        std::fs::write(&out, output).unwrap();
        for (input, answer) in [
            ("hdu_accepted.in", "hdu_accepted_with_answer.ans"),
            ("poj_other_valid_grid.in", "poj_other_valid_grid.ans"),
        ] {
            let feedback = tmp.join(format!("fb-{i}-{input}"));
            std::fs::create_dir_all(&feedback).unwrap();
            let args = ["check", "--protocol", "kattis", input, answer];
            let mut argv: Vec<&str> = args.to_vec();
            argv.push(feedback.to_str().unwrap());
            let got = run(&argv, Some(&out));
            if got.status.code() != Some(43) {
                failures.push(format!("{input} {output:?}: {:?}", got.status.code()));
            }
        }
    }
    std::fs::remove_dir_all(&tmp).unwrap();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// 81-character-line files of other sizes go to the checker `solve` answers them with: the
/// shipped 4x4, 16x16 and 25x25 answers are accepted, and a changed cell is not.
#[test]
fn line_files_of_every_size_are_checked() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/line");
    for size in ["size4", "size16", "size25"] {
        let (input, output) = (
            dir.join(format!("{size}.in")),
            dir.join(format!("{size}.out")),
        );
        let out = Command::new(env!("CARGO_BIN_EXE_sudoku-judge"))
            .args(["check", "--format", "line"])
            .args([&input, &output])
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{size}: {err}");
        assert!(err.starts_with("ok: "), "{size}: {err}");
        // One cell of the first answer changed to another value of the same alphabet.
        let mut bad = std::fs::read(&output).unwrap();
        let first = bad[0];
        bad[0] = if bad[1] != first { bad[1] } else { bad[2] };
        let tmp = scratch(&format!("line-{size}"));
        let bad_path = tmp.join("bad.out");
        std::fs::write(&bad_path, &bad).unwrap();
        let out = Command::new(env!("CARGO_BIN_EXE_sudoku-judge"))
            .args(["check", "--format", "line"])
            .args([&input, &bad_path])
            .output()
            .unwrap();
        assert_eq!(
            out.status.code(),
            Some(1),
            "{size}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        std::fs::remove_dir_all(&tmp).unwrap();
    }
}

/// One limit for the label a case carries (SPOJ NOVICE42's `Grid 01`), stated in the format's
/// record: a label `validate` and `solve` take is one `check` reads in `solve`'s answer, and a
/// longer one is refused as input by all three. A label of `Grid ` and 5,000 more characters
/// was valid and echoed, and its echo a presentation error (a token of more than 4096 bytes).
#[test]
fn a_label_solve_echoes_is_one_check_accepts() {
    let dir = scratch("check-label");
    let sample = Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/spoj-novice42/sample.in");
    let sample = std::fs::read_to_string(sample).unwrap();
    let sj = |args: &[&str]| {
        let o = Command::new(BIN)
            .arg(args[0])
            .args(["--format", "spoj-novice42"])
            .args(&args[1..])
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&o.stderr).into_owned();
        (o.status.code(), o.stdout, err)
    };
    for (len, fits) in [(4096, true), (4097, false), (5005, false)] {
        let input = sample.replacen("Grid 01", &format!("Grid {}", "x".repeat(len - 5)), 1);
        let inp = dir.join(format!("{len}.in"));
        std::fs::write(&inp, input).unwrap();
        let inp = inp.to_str().unwrap();
        let (validated, _, verr) = sj(&["validate", inp]);
        let (solved, answer, _) = sj(&["solve", inp]);
        let out = dir.join(format!("{len}.out"));
        std::fs::write(&out, &answer).unwrap();
        let (checked, _, cerr) = sj(&["check", inp, out.to_str().unwrap()]);
        if fits {
            assert_eq!(
                (validated, solved, checked),
                (Some(0), Some(0), Some(0)),
                "{len}: {cerr}"
            );
        } else {
            assert_eq!(
                (validated, solved, checked),
                (Some(2), Some(2), Some(3)),
                "{len}: {cerr}"
            );
            let why = ":2:4097: case 1: the `Grid ...` line is longer than 4096 bytes";
            assert!(verr.contains(why), "{len}: {verr}");
            assert!(
                cerr.starts_with("checker failure: ") && cerr.contains(why),
                "{len}: {cerr}"
            );
            assert!(answer.is_empty(), "{len}: nothing before the first case");
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// ECOO 2013 Hexudoku: one count a line, held exactly; a count off by one on any line is
/// rejected at that case and line, and a missing line is rejected too.
#[test]
fn hexudoku_counts_are_held_line_by_line() {
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/ecoo13r1p3");
    let input = data.join("ten.in");
    let want = std::fs::read_to_string(data.join("ten.out")).unwrap();
    let lines: Vec<&str> = want.lines().collect();
    assert_eq!(lines.len(), 10);
    let scratch = scratch("check-hexudoku");
    let input = input.to_str().unwrap();
    for (k, changed) in [(0usize, None), (1, Some(0)), (8, Some(7)), (10, Some(9))] {
        let mut text: Vec<String> = lines.iter().map(|s| s.to_string()).collect();
        if let Some(i) = changed {
            let n: u64 = text[i].parse().unwrap();
            text[i] = (n + 1).to_string();
        }
        let out = scratch.join(format!("{k}.out"));
        std::fs::write(&out, text.join("\n") + "\n").unwrap();
        let got = run(
            &[
                "check",
                "--format",
                "ecoo13r1p3",
                input,
                out.to_str().unwrap(),
            ],
            None,
        );
        let said = String::from_utf8_lossy(&got.stdout).into_owned()
            + &String::from_utf8_lossy(&got.stderr);
        match changed {
            None => assert_eq!(got.status.code(), Some(0), "{said}"),
            Some(i) => {
                assert_eq!(got.status.code(), Some(1), "{said}");
                let n: u64 = lines[i].parse().unwrap();
                let line = i + 1;
                assert!(
                    said.contains(&format!(
                        "wrong answer: case {line}, line {line}: expected \"{n}\", found \"{}\"",
                        n + 1
                    )),
                    "{said}"
                );
            }
        }
    }
    let short = scratch.join("short.out");
    std::fs::write(&short, lines[..9].join("\n") + "\n").unwrap();
    let got = run(
        &[
            "check",
            "--format",
            "ecoo13r1p3",
            input,
            short.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(got.status.code(), Some(1));
}
