//! `sudoku-judge validate` as an input validator: exit 0 valid, 1 clashing givens or a case that
//! breaks its problem's promise, 2 not readable as the format; `--strict` holds files to the
//! exact layout of the judge's data; `--protocol kattis` speaks problemtools' 42/43 with the
//! input on stdin.
//!
//! Fixtures are `testdata/check/validate/NAME.in` with `NAME.args` (the flags), `NAME.expect`
//! (the exit code on the first line, followed for exit 1 by the Kattis protocol's code, then
//! the exact stderr) and optionally `NAME.stdout` (the exact listing). Every format's samples
//! are validated too, and what `gen` writes in every format. The last tests feed the validator
//! what problemtools' `verifyproblem` feeds input validators: its junk files and its
//! modifications of good ones, all of which must be rejected.

use crate::common::scratch;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use sudoku_judge::format::judges::JUDGES;

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
    assert!(names.len() >= 80, "{names:?}");
    let mut failures = Vec::new();
    for name in names {
        let expect = std::fs::read_to_string(dir.join(format!("{name}.expect"))).unwrap();
        let (codes, stderr) = expect.split_once('\n').unwrap();
        let mut codes = codes.split(' ').map(|c| c.parse::<i32>().unwrap());
        let code = codes.next().unwrap();
        let kattis = codes.next().or(match code {
            0 => Some(42),
            2 => Some(43),
            _ => None,
        });
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
        if let Ok(want) = std::fs::read_to_string(dir.join(format!("{name}.stdout")))
            && text(&got.stdout) != want
        {
            failures.push(format!(
                "{name}: stdout\n--- want\n{want}--- got\n{}",
                text(&got.stdout)
            ));
        }
        // The same verdict as a Kattis input validator, the file on stdin: quiet on stdout,
        // and on stderr the first case that makes the file invalid.
        let Some(want) = kattis else {
            failures.push(format!("{name}: exit 1 needs the Kattis code beside it"));
            continue;
        };
        let bytes = std::fs::read(dir.join(&file)).unwrap();
        args.pop();
        args.extend(["--protocol", "kattis"]);
        let k = validate_in(&dir, &args, Some(&bytes));
        let k_err = text(&k.stderr);
        let named = match (code, want) {
            (1, 42) => k_err.is_empty(),
            (1, _) => k_err.starts_with("<stdin>: case "),
            _ => true,
        };
        if k.status.code() != Some(want) || !k.stdout.is_empty() || !named {
            failures.push(format!(
                "{name} (kattis): exit {:?} want {want}, stdout {:?}, stderr {k_err:?}",
                k.status.code(),
                text(&k.stdout)
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Every sample of every format (the judge's own, or the one built from its description) is
/// valid under `--strict`: exit 0, or 1 where a case has clashing givens its problem answers,
/// and 42 as a Kattis validator. Luogu's samples end their rows in a space, as Luogu's data
/// does; `--strict` holds a file to the canonical spelling without it, so they pass only
/// without `--strict`. (HDU 5547's sample, without the blank line its statement puts before
/// each case, passes: `--strict` takes either spelling, one throughout the file.)
#[test]
fn every_sample_is_valid_under_strict() {
    // Samples with legal clashing givens.
    let clashing = [
        "aoj0126/sample.in",
        "atcoder-abc327c/sample2.in",
        "coci-2008-cross/sample3.in",
        "ecoo13r1p3/sample.in",
        "hdu2780/constructed_sample.in",
        "hdu3111/constructed_sample.in",
        "hdu4069/sample.in",
        "kattis-sudokunique/sample.in",
        "leetcode36/sample.in",
        "poj3435/sample2.in",
        "spoj-easudoku/constructed_sample.in",
        "spoj-sudogob/sample.in",
        "uri1383/constructed_sample.in",
        "uva10957/sample.in",
    ];
    let luogu = ["luogu-p1074", "luogu-p1784"];
    let dir = testdata();
    let mut failures = Vec::new();
    let mut checked = 0;
    for spec in JUDGES {
        let mut files: Vec<String> = std::fs::read_dir(dir.join(spec.name))
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .filter(|f| f.ends_with(".in") && (f.contains("sample") || f == "example.in"))
            .map(|f| format!("{}/{f}", spec.name))
            .collect();
        files.sort();
        assert!(!files.is_empty(), "{}: no sample", spec.name);
        assert!(
            files
                .iter()
                .any(|f| std::fs::read_to_string(dir.join(f)).unwrap() == spec.sample.0),
            "{}: the table's sample is not among {files:?}",
            spec.name
        );
        for file in files {
            let bytes = std::fs::read(dir.join(&file)).unwrap();
            let strict = ["--strict", "--format", spec.name, "--protocol", "kattis"];
            let (want, k_want) = match (luogu.contains(&spec.name), clashing.contains(&&*file)) {
                (true, _) => (2, 43),
                (false, true) => (1, 42),
                (false, false) => (0, 42),
            };
            let got = validate_in(&dir, &[&strict[..3], &[file.as_str()]].concat(), None);
            let k = validate_in(&dir, &strict, Some(&bytes));
            let err = text(&got.stderr);
            let err_ok = if want == 2 {
                err == format!(
                    "error: {file}:1:18: case 1: trailing space at the end of the line\n"
                )
            } else {
                err.is_empty()
            };
            if got.status.code() != Some(want) || !err_ok || k.status.code() != Some(k_want) {
                failures.push(format!(
                    "{file}: exit {:?} want {want}, kattis {:?} want {k_want}: {err}{}",
                    got.status.code(),
                    k.status.code(),
                    text(&k.stderr)
                ));
            }
            if want == 2 {
                // Without --strict, the trailing spaces are fine.
                let plain = validate_in(&dir, &["--format", spec.name, &file], None);
                if plain.status.code() != Some(0) {
                    failures.push(format!("{file}: plain exit {:?}", plain.status.code()));
                }
            }
            checked += 1;
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(checked > JUDGES.len(), "only {checked} samples");
}

/// `--format auto` reads each distinctive sample as its own format (`-v` says so, after the
/// note naming what else reads it, if anything) and gives the same verdict as with the format
/// named; a sample that formats of other answers read too (UVa 989's: POJ 3435, nums,
/// MindCoding; CodeChef J1's: NWRRC 2013; Jutge P78955's: P79494) is refused, naming them.
#[test]
fn auto_detection_validates_as_the_named_format() {
    let dir = testdata();
    for (name, file) in [
        ("hdu1426", "sample.in"),
        ("hdu3111", "constructed_sample.in"),
        ("hdu3909", "sample.in"),
        ("hdu5547", "sample.in"),
        ("poj3076", "sample.in"),
        ("spoj-sudoku", "constructed_sample.in"),
        ("spoj-novice42", "sample.in"),
        ("coci-2023-sudoku", "sample.in"),
        ("dmoj-miniaturesudoku", "sample.in"),
    ] {
        let path = format!("{name}/{file}");
        let auto = validate_in(&dir, &["--strict", "-v", &path], None);
        let named = validate_in(&dir, &["--strict", "--format", name, &path], None);
        let err = text(&auto.stderr);
        assert!(
            err.contains(&format!("{path}: format {name} (detected: ")),
            "{path}: {err}"
        );
        assert_eq!(auto.status.code(), named.status.code(), "{path}");
        assert_eq!(text(&auto.stdout), text(&named.stdout), "{path}");
    }
    let refused = validate_in(&dir, &["--strict", "uva989/sample.in"], None);
    assert_eq!(refused.status.code(), Some(2));
    assert_eq!(
        text(&refused.stderr),
        "error: uva989/sample.in:1:1: 4 formats read the input and answer it differently: \
         poj3435, uva989, nums and mindcoding-fiendishsudoku; give one with --format\n"
    );
    assert!(refused.stdout.is_empty());
    // CodeChef J1's sample (t, then grids with a blank line after each) is also NWRRC 2013's
    // count and puzzles with blank lines between: two readings of other answers.
    let refused = validate_in(&dir, &["--strict", "codechef-j1/sample.in"], None);
    assert_eq!(refused.status.code(), Some(2));
    assert_eq!(
        text(&refused.stderr),
        "error: codechef-j1/sample.in:1:1: 2 formats read the input and answer it differently: \
         codechef-j1 and nwrrc2013; give one with --format\n"
    );
    // Jutge P78955's boards of one solution each are P79494's too, whose answers add a line
    // of stars: refused, not taken as the problem of the narrower promise.
    let refused = validate_in(
        &dir,
        &["--strict", "jutge-p78955/constructed_sample.in"],
        None,
    );
    assert_eq!(refused.status.code(), Some(2));
    assert_eq!(
        text(&refused.stderr),
        "error: jutge-p78955/constructed_sample.in:1:1: 2 formats read the input and answer it \
         differently: jutge-p78955 and jutge-p79494; give one with --format\n"
    );
}

/// Every input the readers refuse (the `solve` fixtures that exit 2) is unreadable for
/// `validate` too: exit 2 and the message `solve` gives, naming file, line, column and case.
#[test]
fn unreadable_input_exits_2_with_the_readers_message() {
    let mut checked = 0;
    for format in JUDGES.iter().map(|s| s.name) {
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
            let solved = Command::new(BIN)
                .current_dir(&dir)
                .args(["solve", "--format", format, name])
                .output()
                .unwrap();
            let got = validate_in(&dir, &["--format", format, name], None);
            assert_eq!(got.status.code(), Some(2), "{format}/{name}");
            assert_eq!(text(&got.stderr), text(&solved.stderr), "{format}/{name}");
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
    // Auto takes POJ 2676 for its sample and says that POJ 2918's reader reads it too.
    assert_eq!(
        text(&got.stderr),
        "note: poj2676/sample.in: read as poj2676; poj2918 reads it too, laid out otherwise \
         than its judge's data (--format chooses)\n\
         error: hdu4069/one_sided_wall.in:11:11: case 2: wall on the left side of r1c4 is not \
         matched by its neighbour\n"
    );
}

/// What `gen` writes is the canonical spelling, so it passes `--strict` in every format.
#[test]
fn generated_files_pass_strict_in_every_format() {
    let tmp = scratch("validate-gen");
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
            // The edge cases keep to what the judge's data holds: a full grid with one clash
            // only where it holds clashing givens (HDU 4069), so the validator's verdict is the
            // same with --edge.
            let want = code;
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

/// `gen`'s cases in every other format are spelled canonically and keep their problem's promise
/// (five empty cells for HDU 2780, full grids for the legality checks of filled grids, solved
/// grids for Codeforces 1335D, clash-free givens where a solvable puzzle is promised): valid
/// under `--strict`, 42 as a Kattis validator; exit 1 only for clashes the problem answers.
#[test]
fn generated_files_of_every_spec_format_are_valid() {
    let tmp = scratch("validate-gen-specs");
    let mut failures = Vec::new();
    for spec in JUDGES.iter().filter(|s| s.core().is_none()) {
        // gen writes LeetCode 36 boards as 81-character lines, which its reader refuses.
        if spec.name == "leetcode36" {
            continue;
        }
        let file = tmp.join(format!("{}.in", spec.name));
        let count = spec.max_per_file().unwrap_or(12).min(12).to_string();
        let made = Command::new(BIN)
            .args(["gen", "-f", spec.name, "-n", &count, "-s", "11", "-o"])
            .arg(&file)
            .output()
            .unwrap();
        assert!(
            made.status.success(),
            "{}: {}",
            spec.name,
            text(&made.stderr)
        );
        let f = file.to_str().unwrap();
        let flags = ["--strict", "--format", spec.name];
        let got = validate_in(&tmp, &[&flags[..], &[f]].concat(), None);
        let bytes = std::fs::read(&file).unwrap();
        let k = validate_in(
            &tmp,
            &[&flags[..], &["--protocol", "kattis"]].concat(),
            Some(&bytes),
        );
        let clashes_ok = spec.promise.clashes_allowed();
        let code_ok = got.status.code() == Some(0) || (clashes_ok && got.status.code() == Some(1));
        if !code_ok || !got.stderr.is_empty() || k.status.code() != Some(42) {
            failures.push(format!(
                "{}: exit {:?}, kattis {:?}: {}{}{}",
                spec.name,
                got.status.code(),
                k.status.code(),
                text(&got.stderr),
                text(&k.stderr),
                text(&got.stdout)
            ));
        }
    }
    std::fs::remove_dir_all(&tmp).unwrap();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
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
    // The core formats, and one spec format of each shape: tokens with '?', characters with
    // `---` lines, labels, boxed and framed rows, 16x16 letters, size lines, blank lines
    // before cases, one-line 4x4 grids.
    let inputs = [
        ("poj2676", "poj2676/sample.in"),
        ("hdu4069", "hdu4069/sample.in"),
        ("line", "line/poj3074_sample.in"),
        ("leetcode", "leetcode/example.in"),
        ("hdu1426", "hdu1426/sample.in"),
        ("hdu3111", "hdu3111/constructed_sample.in"),
        ("spoj-novice42", "spoj-novice42/sample.in"),
        ("jutge-p78955", "jutge-p78955/constructed_sample.in"),
        ("coci-2023-sudoku", "coci-2023-sudoku/sample.in"),
        ("poj3076", "poj3076/sample.in"),
        ("uva989", "uva989/sample.in"),
        ("hdu3909", "hdu3909/sample.in"),
        ("hdu5547", "hdu5547/sample.in"),
        ("line", "line/size4.in"),
    ];
    let mut failures = Vec::new();
    for seed in 1..=3u64 {
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15 ^ seed);
        // Three draws of junk for the core formats, one for the others (test time).
        let inputs = if seed == 1 { &inputs[..] } else { &inputs[..4] };
        for &(format, file) in inputs {
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
