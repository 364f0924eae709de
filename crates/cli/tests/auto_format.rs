//! `--format auto` on every format's sample (the one in the table, `testdata/NAME/`): which
//! format it takes and the one line it says of the others that read the sample, or the refusal
//! (exit 2, nothing on stdout) naming the formats that read it and answer differently. No
//! sample is answered as another format without a word: the Codeforces 1335D sample is no
//! longer echoed as POJ 2676, nor LeetCode 36's boards solved as LeetCode 37's.

use std::io::Write;
use std::process::{Command, Stdio};
use sudoku_judge::format::judges::{JUDGES, find};

/// What auto does with a sample.
enum Want {
    /// Takes this format; the note says what else reads it ("" when nothing does).
    Took(&'static str, &'static str),
    /// Refuses: these formats read it and answer it differently.
    Refused(&'static [&'static str]),
    /// The sample is empty (a problem without input): auto never guesses one, and says the
    /// input is empty (exit 2).
    Empty,
}
use Want::{Empty, Refused, Took};

const SAMPLES: &[(&str, Want)] = &[
    (
        "poj2676",
        Took(
            "poj2676",
            "poj2918 reads it too, laid out otherwise than its judge's data",
        ),
    ),
    ("hdu4069", Took("hdu4069", "")),
    ("line", Took("line", "")),
    ("leetcode", Refused(&["leetcode", "leetcode36"])),
    (
        "poj2918",
        Took(
            "poj2918",
            "poj2676 reads it too, laid out otherwise than its judge's data",
        ),
    ),
    ("hdu1426", Took("hdu1426", "")),
    ("hdu3111", Took("hdu3111", "")),
    ("hdu2780", Took("hdu2780", "")),
    (
        "luogu-p1784",
        Refused(&[
            "luogu-p1784",
            "uva10957",
            "kattis-sudokunique",
            "kattis-simplysudoku",
            "buaa",
        ]),
    ),
    (
        "spoj-easudoku",
        Took(
            "spoj-easudoku",
            "spoj-sudogob and jutge-p79494 read it too, laid out otherwise than its judge's \
             data",
        ),
    ),
    ("spoj-novice42", Took("spoj-novice42", "")),
    (
        "ecnu1021",
        Refused(&["ecnu1021", "spoj-hs12disu", "coci-2008-cross"]),
    ),
    ("jutge-p78955", Refused(&["jutge-p78955", "jutge-p79494"])),
    ("uva10957", Refused(&["uva10957", "kattis-sudokunique"])),
    (
        "spoj-sudogob",
        Took(
            "spoj-sudogob",
            "spoj-easudoku and jutge-p79494 read it too, laid out otherwise than its judge's \
             data",
        ),
    ),
    (
        "kattis-sudokunique",
        Refused(&["uva10957", "kattis-sudokunique"]),
    ),
    (
        "kattis-simplysudoku",
        Refused(&[
            "luogu-p1784",
            "uva10957",
            "kattis-sudokunique",
            "kattis-simplysudoku",
            "luogu-p1074",
            "buaa",
        ]),
    ),
    ("hdu3909", Took("hdu3909", "")),
    (
        "poj3435",
        Refused(&["poj3435", "uva989", "nums", "mindcoding-fiendishsudoku"]),
    ),
    (
        "atcoder-abc327c",
        Refused(&[
            "hdu1426",
            "luogu-p1784",
            "uva10957",
            "kattis-sudokunique",
            "kattis-simplysudoku",
            "atcoder-abc327c",
            "luogu-p1074",
            "buaa",
        ]),
    ),
    ("uri1383", Refused(&["spoj-easudoku", "uri1383", "aoj0126"])),
    ("aoj0126", Refused(&["spoj-easudoku", "uri1383", "aoj0126"])),
    ("coci-2023-sudoku", Took("coci-2023-sudoku", "")),
    ("leetcode36", Took("leetcode36", "")),
    (
        "poj3076",
        Took(
            "poj3076",
            "acwing169 and zoj3122 read it too, with the same answers",
        ),
    ),
    (
        "acwing169",
        Took(
            "poj3076",
            "acwing169 and zoj3122 read it too, with the same answers",
        ),
    ),
    (
        "zoj3122",
        Took(
            "poj3076",
            "acwing169 and zoj3122 read it too, with the same answers",
        ),
    ),
    ("spoj-sudoku", Took("spoj-sudoku", "")),
    (
        "uva989",
        Refused(&["poj3435", "uva989", "nums", "mindcoding-fiendishsudoku"]),
    ),
    ("nums", Took("nums", "")),
    ("hdu5547", Took("hdu5547", "")),
    ("dmoj-miniaturesudoku", Took("dmoj-miniaturesudoku", "")),
    (
        "mindcoding-fiendishsudoku",
        Refused(&["poj3435", "uva989", "nums", "mindcoding-fiendishsudoku"]),
    ),
    (
        "luogu-p1074",
        Refused(&[
            "luogu-p1784",
            "uva10957",
            "kattis-sudokunique",
            "kattis-simplysudoku",
            "luogu-p1074",
            "buaa",
        ]),
    ),
    ("codechef-j1", Refused(&["codechef-j1", "nwrrc2013"])),
    (
        "spoj-hs12disu",
        Refused(&["ecnu1021", "spoj-hs12disu", "coci-2008-cross"]),
    ),
    (
        "cf1335d",
        Refused(&["poj2676", "hdu3111", "cf1335d", "nwrrc2013"]),
    ),
    ("codingame-killer", Took("codingame-killer", "")),
    (
        "cqoi2013",
        Took(
            "cqoi2013",
            "uva11570 reads it too, laid out otherwise than its judge's data",
        ),
    ),
    ("uva11570", Took("uva11570", "")),
    ("sumdoku", Took("sumdoku", "")),
    (
        "codingame-killer-extreme",
        Took("codingame-killer-extreme", ""),
    ),
    (
        "buaa",
        Refused(&[
            "luogu-p1784",
            "uva10957",
            "kattis-sudokunique",
            "kattis-simplysudoku",
            "luogu-p1074",
            "buaa",
        ]),
    ),
    ("tioj1581", Took("tioj1581", "")),
    (
        "coci-2008-cross",
        Refused(&["ecnu1021", "spoj-hs12disu", "coci-2008-cross"]),
    ),
    ("hdu4210", Took("hdu4210", "")),
    ("nwerc2006", Took("nwerc2006", "")),
    ("hdu3476", Empty),
    ("nwrrc2013", Refused(&["codechef-j1", "nwrrc2013"])),
    ("ecoo13r1p3", Took("ecoo13r1p3", "")),
    ("jutge-p79494", Refused(&["jutge-p78955", "jutge-p79494"])),
    ("sgu437", Took("sgu437", "")),
    ("kattis-tightfitsudoku", Took("kattis-tightfitsudoku", "")),
    ("boj13882", Took("boj13882", "")),
];

/// `a`, `a and b`, `a, b and c`.
fn listed(names: &[&str]) -> String {
    match names {
        [one] => one.to_string(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
        [] => String::new(),
    }
}

#[test]
fn every_sample_is_taken_with_a_word_or_refused() {
    assert_eq!(SAMPLES.len(), JUDGES.len(), "one row per format");
    let mut failures = Vec::new();
    for (name, want) in SAMPLES {
        let spec = find(name).unwrap();
        let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku-judge"))
            .args(["solve", "-"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        stdin.write_all(spec.sample.0.as_bytes()).unwrap();
        drop(stdin);
        let got = child.wait_with_output().unwrap();
        let (out, err) = (
            String::from_utf8_lossy(&got.stdout),
            String::from_utf8_lossy(&got.stderr),
        );
        let (code, want_err) = match want {
            Took(took, note) => {
                let err = if note.is_empty() {
                    String::new()
                } else {
                    format!("note: <stdin>: read as {took}; {note} (--format chooses)\n")
                };
                // AcWing 169 writes POJ 3076's answers with a blank line after the last.
                let answers = find(took).unwrap().sample.1;
                let own = spec.sample.1;
                assert!(
                    answers == own || format!("{answers}\n") == own,
                    "{name}: {took}'s answers are not its own"
                );
                (0, err)
            }
            Refused(names) => (
                2,
                format!(
                    "error: <stdin>:1:1: {} formats read the input and answer it differently: \
                     {}; give one with --format\n",
                    names.len(),
                    listed(names)
                ),
            ),
            Empty => (
                2,
                "error: <stdin>:1:1: empty input: expected the number of cases\n".to_string(),
            ),
        };
        let out_ok = match want {
            // The taken format's answers to this sample: the same bytes as the sample's own.
            Took(..) => out == spec.sample.1 || format!("{out}\n") == spec.sample.1,
            Refused(_) | Empty => out.is_empty(),
        };
        if got.status.code() != Some(code) || err != want_err || !out_ok {
            failures.push(format!(
                "{name}: exit {:?} (want {code}), stdout as expected: {out_ok}\n  stderr: {err}  want:   {want_err}",
                got.status.code()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The two reported silent guesses, spelled out.
#[test]
fn the_reported_guesses_are_refused() {
    for (name, formats) in [
        (
            "cf1335d",
            "4 formats read the input and answer it differently: poj2676, hdu3111, cf1335d and \
             nwrrc2013",
        ),
        ("leetcode36", ""),
    ] {
        let path = format!("{}/testdata/{name}/sample.in", env!("CARGO_MANIFEST_DIR"));
        let got = Command::new(env!("CARGO_BIN_EXE_sudoku-judge"))
            .args(["solve", &path])
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&got.stderr);
        if formats.is_empty() {
            // LeetCode 36's sample has a board with a repeat, which LeetCode 37 promises not to
            // have: only LeetCode 36 reads it, and it answers true/false.
            assert_eq!(got.status.code(), Some(0), "{err}");
            assert_eq!(String::from_utf8_lossy(&got.stdout), "true\nfalse\n");
            continue;
        }
        assert_eq!(got.status.code(), Some(2), "{name}: {err}");
        assert!(got.stdout.is_empty(), "{name}");
        assert_eq!(
            err,
            format!("error: {path}:1:1: {formats}; give one with --format\n")
        );
    }
}

/// `validate` and `check` make the same choice: the note (validate only: a judge takes
/// `check`'s stderr for its message) or the refusal, which `check` gives as a checker failure.
#[test]
fn validate_and_check_refuse_alike() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/testdata");
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_sudoku-judge"))
            .current_dir(dir)
            .args(args)
            .output()
            .unwrap()
    };
    let refusal = "4 formats read the input and answer it differently: poj2676, hdu3111, \
                   cf1335d and nwrrc2013; give one with --format\n";
    let v = run(&["validate", "cf1335d/sample.in"]);
    assert_eq!(v.status.code(), Some(2));
    assert!(v.stdout.is_empty());
    assert_eq!(
        String::from_utf8_lossy(&v.stderr),
        format!("error: cf1335d/sample.in:1:1: {refusal}")
    );
    let c = run(&["check", "cf1335d/sample.in", "cf1335d/sample.out"]);
    assert_eq!(
        c.status.code(),
        Some(3),
        "testlib's code for a checker failure"
    );
    assert_eq!(
        String::from_utf8_lossy(&c.stderr),
        format!("checker failure: cf1335d/sample.in:1:1: {refusal}")
    );
    let named = run(&[
        "check",
        "--format",
        "cf1335d",
        "cf1335d/sample.in",
        "cf1335d/sample.out",
    ]);
    assert_eq!(named.status.code(), Some(0));
    let taken = run(&["validate", "poj2676/sample.in"]);
    assert_eq!(taken.status.code(), Some(0));
    assert_eq!(
        String::from_utf8_lossy(&taken.stderr),
        "note: poj2676/sample.in: read as poj2676; poj2918 reads it too, laid out otherwise \
         than its judge's data (--format chooses)\n"
    );
    let checked = run(&["check", "poj2676/sample.in", "poj2676/sample.out"]);
    assert_eq!(checked.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&checked.stderr), "ok: 1 case\n");
}
