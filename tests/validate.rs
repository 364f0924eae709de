//! `sudoku-judge validate` as an input validator: exit 0 valid, 1 clashing givens, 2 not
//! readable as the format; `--strict` holds files to the exact layout of the judge's data;
//! `--protocol kattis` speaks problemtools' 42/43 with the input on stdin.
//!
//! Fixtures are `testdata/check/validate/NAME.in` with `NAME.args` (the flags) and
//! `NAME.expect`: the exit code on the first line, the exact stderr after it. The last tests
//! feed the validator what problemtools' `verifyproblem` feeds input validators: its junk files
//! and its modifications of good ones, all of which must be rejected.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_sudoku-judge");

fn testdata() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata")
}

fn validate_in(dir: &Path, args: &[&str], stdin: Option<&[u8]>) -> Output {
    let mut c = Command::new(BIN);
    c.current_dir(dir).arg("validate").args(args);
    c.stdin(if stdin.is_some() {
        Stdio::piped()
    } else {
        Stdio::null()
    });
    c.stdout(Stdio::piped()).stderr(Stdio::piped());
    let mut child = c.spawn().unwrap();
    if let Some(bytes) = stdin {
        let mut pipe = child.stdin.take().unwrap();
        // A validator may stop reading early; a closed pipe is not the test's failure.
        let _ = pipe.write_all(bytes);
    }
    child.wait_with_output().unwrap()
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

#[test]
fn fixtures_give_their_exit_code_and_message() {
    let dir = testdata().join("check/validate");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| {
            let f = e.unwrap().file_name().into_string().unwrap();
            f.strip_suffix(".expect").map(str::to_string)
        })
        .collect();
    names.sort();
    assert!(names.len() >= 30, "{names:?}");
    let mut failures = Vec::new();
    for name in names {
        let expect = std::fs::read_to_string(dir.join(format!("{name}.expect"))).unwrap();
        let (code, stderr) = expect.split_once('\n').unwrap();
        let code: i32 = code.parse().unwrap();
        let flags = std::fs::read_to_string(dir.join(format!("{name}.args"))).unwrap();
        let mut args: Vec<&str> = flags.split_whitespace().collect();
        let file = format!("{name}.in");
        args.push(&file);
        let got = validate_in(&dir, &args, None);
        let err = text(&got.stderr);
        if got.status.code() != Some(code) || err != stderr {
            failures.push(format!(
                "{name}: exit {:?} want {code}\n--- want\n{stderr}--- got\n{err}",
                got.status.code()
            ));
        }
        // The same verdict as a Kattis input validator, the file on stdin.
        if code != 1 {
            let bytes = std::fs::read(dir.join(&file)).unwrap();
            args.pop();
            args.extend(["--protocol", "kattis"]);
            let k = validate_in(&dir, &args, Some(&bytes));
            let want = if code == 0 { 42 } else { 43 };
            if k.status.code() != Some(want) || !k.stdout.is_empty() {
                failures.push(format!(
                    "{name} (kattis): exit {:?} want {want}, stdout {:?}",
                    k.status.code(),
                    text(&k.stdout)
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Every input the readers refuse (the `solve` fixtures that exit 2) is unreadable for
/// `validate` too: exit 2 and the reader's own message, naming file, line, column and case.
#[test]
fn unreadable_input_exits_2_with_the_readers_message() {
    let mut checked = 0;
    for format in ["poj2676", "hdu4069", "line", "leetcode"] {
        let dir = testdata().join(format);
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_none_or(|x| x != "code")
                || std::fs::read_to_string(&path).unwrap().trim() != "2"
            {
                continue;
            }
            let input = path.with_extension("in");
            let name = input.file_name().unwrap().to_str().unwrap();
            let want = std::fs::read_to_string(path.with_extension("err")).unwrap();
            let got = validate_in(&dir, &["--format", format, name], None);
            assert_eq!(got.status.code(), Some(2), "{format}/{name}");
            assert_eq!(text(&got.stderr), want, "{format}/{name}");
            checked += 1;
        }
    }
    assert!(checked >= 40, "only {checked} fixtures");
}

#[test]
fn clashing_givens_are_1_and_legal_only_where_the_format_answers_them() {
    let dir = testdata();
    let got = validate_in(&dir, &["hdu4069/sample.in"], None);
    assert_eq!(got.status.code(), Some(1));
    assert_eq!(
        text(&got.stdout),
        "case 1: valid\ncase 2: row 1 has two 1s (r1c4 and r1c5)\ncase 3: valid\n"
    );
    // HDU 4069 answers clashing givens with "No solution" (its sample case 2): legal input.
    let sample = std::fs::read(dir.join("hdu4069/sample.in")).unwrap();
    let k = validate_in(&dir, &["--strict", "--protocol", "kattis"], Some(&sample));
    assert_eq!(
        (k.status.code(), text(&k.stdout), text(&k.stderr)),
        (Some(42), String::new(), String::new())
    );
    // POJ 2676 promises solvable puzzles: a clash is invalid input there.
    let none = std::fs::read(dir.join("poj2676/no_solution.in")).unwrap();
    let k = validate_in(&dir, &["--protocol", "kattis"], Some(&none));
    assert_eq!(k.status.code(), Some(43));
    assert!(
        text(&k.stderr).starts_with("<stdin>: case 2: row 1 has two "),
        "{}",
        text(&k.stderr)
    );
}

#[test]
fn several_files_are_prefixed_and_the_worst_status_wins() {
    let dir = testdata();
    let got = validate_in(
        &dir,
        &[
            "poj2676/sample.in",
            "hdu4069/sample.in",
            "hdu4069/one_sided_wall.in",
        ],
        None,
    );
    assert_eq!(got.status.code(), Some(2));
    let out = text(&got.stdout);
    assert!(
        out.starts_with("poj2676/sample.in: case 1: valid\n"),
        "{out}"
    );
    assert!(
        out.contains("hdu4069/sample.in: case 2: row 1 has two 1s"),
        "{out}"
    );
    assert!(
        out.ends_with("hdu4069/one_sided_wall.in: case 1: valid\n"),
        "{out}"
    );
    assert_eq!(
        text(&got.stderr),
        "error: hdu4069/one_sided_wall.in:11:11: case 2: wall on the left side of r1c4 is not \
         matched by its neighbour\n"
    );
}

/// What `gen` writes is the canonical spelling, so it passes `--strict` in every format.
#[test]
fn generated_files_pass_strict_in_every_format() {
    let tmp = std::env::temp_dir().join(format!("sj-validate-gen-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    // HDU 4069's default mix has cases with clashing givens: exit 1, still valid for Kattis.
    for (format, code) in [("poj2676", 0), ("hdu4069", 1), ("line", 0)] {
        for edge in [false, true] {
            let file = tmp.join(format!("{format}-{edge}.in"));
            let made = Command::new(BIN)
                .args(["gen", "-f", format, "-n", "60", "-s", "5", "-o"])
                .arg(&file)
                .args(edge.then_some("--edge"))
                .output()
                .unwrap();
            assert!(made.status.success(), "{}", text(&made.stderr));
            let f = file.to_str().unwrap();
            let got = validate_in(&tmp, &["--strict", "--format", format, f], None);
            // The edge cases include a full grid with one clash.
            let want = if edge { 1 } else { code };
            assert_eq!(
                (got.status.code(), text(&got.stderr)),
                (Some(want), String::new()),
                "{format} --edge {edge}"
            );
            if !edge {
                let bytes = std::fs::read(&file).unwrap();
                let k = validate_in(&tmp, &["--strict", "--protocol", "kattis"], Some(&bytes));
                assert_eq!(k.status.code(), Some(42), "{format}: {}", text(&k.stderr));
            }
        }
    }
    std::fs::remove_dir_all(&tmp).unwrap();
}

#[test]
fn kattis_calling_convention_input_on_stdin_unknown_flags_refused() {
    let dir = testdata();
    let sample = std::fs::read(dir.join("poj2676/sample.in")).unwrap();
    let ok = validate_in(
        &dir,
        &["--protocol", "kattis", "--strict", "--format", "poj2676"],
        Some(&sample),
    );
    assert_eq!(ok.status.code(), Some(42));
    let bad = validate_in(&dir, &["--protocol", "kattis", "--bogus"], Some(&sample));
    assert_ne!(bad.status.code(), Some(42));
    assert!(text(&bad.stderr).contains("--bogus"));
}

/// A small deterministic generator standing in for Python's `random` in verifyproblem.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// Python's `string.printable`: digits, letters, punctuation and whitespace.
fn printable() -> Vec<u8> {
    let mut v: Vec<u8> = (b'0'..=b'9')
        .chain(b'a'..=b'z')
        .chain(b'A'..=b'Z')
        .collect();
    v.extend_from_slice(b"!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~ \t\n\r\x0b\x0c");
    v
}

fn is_word(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// verifyproblem's `_JUNK_MODIFICATIONS`, applied as its regular expressions apply them:
/// `(description, modified text)`, or `None` where the pattern does not occur.
fn junk_modifications(text: &[u8], rng: &mut Rng) -> Vec<(&'static str, Option<Vec<u8>>)> {
    // r'\s' -> the match and 1-5 spaces.
    let mut spaces = Vec::new();
    for &b in text {
        spaces.push(b);
        if b.is_ascii_whitespace() || b == 0x0b {
            spaces.extend(std::iter::repeat_n(b' ', 1 + rng.below(5) as usize));
        }
    }
    // '\n' -> 2-5 of them.
    let mut newlines = Vec::new();
    for &b in text {
        let n = if b == b'\n' { 2 + rng.below(4) } else { 1 };
        newlines.extend(std::iter::repeat_n(b, n as usize));
    }
    // r'(^|[^.]\b)([0-9]+)\b' -> ten zeros before every whole integer not after a '.'.
    let mut zeros = Vec::new();
    let mut integers = false;
    let mut i = 0;
    while i < text.len() {
        let starts =
            text[i].is_ascii_digit() && (i == 0 || (!is_word(text[i - 1]) && text[i - 1] != b'.'));
        if starts {
            let end = (i..text.len())
                .find(|&j| !text[j].is_ascii_digit())
                .unwrap_or(text.len());
            if end == text.len() || !is_word(text[end]) {
                zeros.extend_from_slice(b"0000000000");
                integers = true;
            }
            zeros.extend_from_slice(&text[i..end]);
            i = end;
        } else {
            zeros.push(text[i]);
            i += 1;
        }
    }
    // r'\.[0-9]+\b' -> ten zeros after the digits.
    let mut decimals = Vec::new();
    let mut found = false;
    let mut i = 0;
    while i < text.len() {
        decimals.push(text[i]);
        if text[i] == b'.' && text.get(i + 1).is_some_and(u8::is_ascii_digit) {
            let end = (i + 1..text.len())
                .find(|&j| !text[j].is_ascii_digit())
                .unwrap_or(text.len());
            decimals.extend_from_slice(&text[i + 1..end]);
            if end == text.len() || !is_word(text[end]) {
                decimals.extend_from_slice(b"0000000000");
                found = true;
            }
            i = end;
            continue;
        }
        i += 1;
    }
    // 200 random printable characters at the end.
    let p = printable();
    let mut tail = text.to_vec();
    tail.extend((0..200).map(|_| p[rng.below(p.len() as u64) as usize]));
    vec![
        (
            "spaces added where there already is whitespace",
            Some(spaces),
        ),
        (
            "newlines added where there already are newlines",
            Some(newlines),
        ),
        ("leading zeros added to integers", integers.then_some(zeros)),
        (
            "trailing zeros added to real number decimal portion",
            found.then_some(decimals),
        ),
        ("random junk added to the end of the file", Some(tail)),
    ]
}

/// verifyproblem's `_JUNK_CASES`.
fn junk_cases(rng: &mut Rng) -> Vec<(&'static str, Vec<u8>)> {
    let p = printable();
    vec![
        ("an empty file", Vec::new()),
        (
            "a binary file with random bytes",
            (0..1024).map(|_| rng.next() as u8).collect(),
        ),
        (
            "a text file with the ASCII characters 32 up to 127",
            (32..127).collect(),
        ),
        (
            "a random text file with printable ASCII characters",
            (0..200)
                .map(|_| p[rng.below(p.len() as u64) as usize])
                .collect(),
        ),
    ]
}

/// Every junk file and every modification of every good file is rejected by the strict
/// Kattis validator, as verifyproblem requires (it warns "No validator rejects ..." else),
/// while the good files themselves are accepted.
#[test]
fn verifyproblem_junk_and_modified_inputs_are_rejected() {
    let dir = testdata();
    let inputs = [
        ("poj2676", "poj2676/sample.in"),
        ("hdu4069", "hdu4069/sample.in"),
        ("line", "line/poj3074_sample.in"),
        ("leetcode", "leetcode/example.in"),
    ];
    let mut failures = Vec::new();
    for seed in 1..=3u64 {
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15 ^ seed);
        for (format, file) in inputs {
            let flags = ["--strict", "--protocol", "kattis", "--format", format];
            let good = std::fs::read(dir.join(file)).unwrap();
            let got = validate_in(&dir, &flags, Some(&good));
            if got.status.code() != Some(42) {
                failures.push(format!("{file}: good input refused: {}", text(&got.stderr)));
            }
            for (what, modified) in junk_modifications(&good, &mut rng) {
                let Some(bytes) = modified else { continue };
                let got = validate_in(&dir, &flags, Some(&bytes));
                if got.status.code() != Some(43) {
                    failures.push(format!("{file}: {what}: exit {:?}", got.status.code()));
                }
            }
            for (what, bytes) in junk_cases(&mut rng) {
                for flags in [&flags[..], &flags[..3]] {
                    let got = validate_in(&dir, flags, Some(&bytes));
                    if got.status.code() != Some(43) {
                        failures.push(format!("{what} {flags:?}: exit {:?}", got.status.code()));
                    }
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
