//! `sudoku-judge package --judge dmoj` offline: the folder holds what DMOJ reads and nothing
//! of a Kattis package, `init.yml` lists every case file once (the sample at 0 points first, a
//! single-case problem's groups as batches), each answer is what `solve` writes and passes the
//! check `checker.py` runs while a wrong one fails it, the same seed writes the same bytes,
//! `--solution` becomes DMOJ test-suite cases, and `checker.py` itself, loaded beside stand-ins
//! for DMOJ's two modules, turns the binary's exit codes into verdicts. The real judge runs
//! the folders in `make verify-dmoj` (scripts/verify-dmoj.sh).

use crate::common::scratch;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_sudoku-judge"))
}

/// `package --judge dmoj --format F --count 2 --seed 5 -o DIR EXTRA...`.
fn package(format: &str, dir: &Path, extra: &[&str]) -> Output {
    bin()
        .args(["package", "--judge", "dmoj", "--format", format])
        .args(["--count", "2", "--seed", "5", "-o"])
        .arg(dir)
        .args(extra)
        .output()
        .unwrap()
}

/// A new folder's path inside a scratch directory of its own.
fn target(tag: &str) -> (PathBuf, PathBuf) {
    let base = scratch(&format!("dmoj-{tag}"));
    let dir = base.join(tag.replace('-', ""));
    (base, dir)
}

/// The (in, out, batched) of each case line of `init.yml`, in order.
fn cases(init: &str) -> Vec<(String, String, bool)> {
    init.lines()
        .filter_map(|l| {
            let batched = l.starts_with("  - {");
            let body = l.strip_prefix("- {").or_else(|| l.strip_prefix("  - {"))?;
            let field = |key: &str| {
                let rest = &body[body.find(key)? + key.len()..];
                Some(rest.split([',', '}']).next()?.trim().to_string())
            };
            Some((field("in: ")?, field("out: ")?, batched))
        })
        .collect()
}

/// The names of the entries of `dir`, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

/// `sudoku-judge check --format F INPUT OUTPUT ANSWER`, as checker.py runs it: its exit code.
fn check(format: &str, input: &Path, output: &Path, answer: &Path) -> i32 {
    bin()
        .args(["check", "--format", format, "--threads", "1"])
        .args([input, output, answer])
        .output()
        .unwrap()
        .status
        .code()
        .unwrap_or(-1)
}

/// The folder of a multi-case format: DMOJ's files only, every case listed once, each answer
/// `solve`'s and accepted by the checker's command, a wrong one refused.
#[test]
fn a_dmoj_folder_lists_every_case_and_its_answers_judge_themselves() {
    for format in ["poj2676", "spoj-sudogob"] {
        let (base, dir) = target(format);
        let out = package(format, &dir, &[]);
        assert!(
            out.status.success(),
            "{format}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains("a DMOJ problem"), "{stderr}");
        assert!(!stderr.contains("verifyproblem"), "{stderr}");
        let files = names(&dir);
        for kattis in [
            "problem.yaml",
            "data",
            "submissions",
            "output_validators",
            "tests",
        ] {
            assert!(!files.contains(&kattis.to_string()), "{format}: {files:?}");
        }
        for own in ["init.yml", "checker.py", "README.md", "sudoku-judge"] {
            assert!(files.contains(&own.to_string()), "{format}: {files:?}");
        }
        let exe = dir.join("sudoku-judge");
        use std::os::unix::fs::PermissionsExt;
        assert!(fs::metadata(&exe).unwrap().permissions().mode() & 0o111 != 0);
        let init = fs::read_to_string(dir.join("init.yml")).unwrap();
        assert!(
            init.contains(&format!(
                "checker:\n  name: checker.py\n  args:\n    format: '{format}'\n"
            )),
            "{init}"
        );
        assert!(
            init.contains("test_cases:\n- {in: 00-sample.in, out: 00-sample.out, points: 0}\n"),
            "{init}"
        );
        let listed = cases(&init);
        assert!(listed.len() >= 4, "{format}: {listed:?}");
        // Every .in and .out at the root is listed once, in name order, unbatched.
        let mut on_disk: Vec<&String> = files
            .iter()
            .filter(|f| f.ends_with(".in") || f.ends_with(".out"))
            .collect();
        on_disk.sort();
        let mut named: Vec<&String> = listed.iter().flat_map(|(i, o, _)| [i, o]).collect();
        named.sort();
        assert_eq!(on_disk, named, "{format}");
        assert!(listed.iter().all(|(_, _, batched)| !batched));
        assert_eq!(
            init.matches("points: 1").count(),
            listed.len() - 1,
            "{init}"
        );
        let sample = sudoku_judge::format::judges::find(format).unwrap().sample.1;
        assert_eq!(
            fs::read_to_string(dir.join("00-sample.out")).unwrap(),
            sample
        );
        for (input, answer, _) in &listed {
            let (input, answer) = (dir.join(input), dir.join(answer));
            let solved = bin()
                .args(["solve", "--format", format])
                .arg(&input)
                .output()
                .unwrap();
            assert_eq!(
                solved.stdout,
                fs::read(&answer).unwrap(),
                "{format}: {input:?}"
            );
            assert_eq!(check(format, &input, &answer, &answer), 0, "{input:?}");
            // The sample's answers against another file's: wrong (or a presentation error).
            let other = dir.join("00-sample.out");
            if fs::read(&other).unwrap() != fs::read(&answer).unwrap() {
                let code = check(format, &input, &other, &answer);
                assert!(code == 1 || code == 2, "{format}: {input:?}: exit {code}");
            }
        }
        fs::remove_dir_all(&base).unwrap();
    }
}

/// A single-case problem's groups are batches of their files, a point each.
#[test]
fn a_single_case_problem_has_a_batch_per_group() {
    let (base, dir) = target("luogu-p1784");
    assert!(package("luogu-p1784", &dir, &[]).status.success());
    let init = fs::read_to_string(dir.join("init.yml")).unwrap();
    let listed = cases(&init);
    let batched: Vec<&String> = listed
        .iter()
        .filter(|(_, _, b)| *b)
        .map(|(i, _, _)| i)
        .collect();
    assert!(batched.contains(&&"01-unique-01.in".to_string()), "{init}");
    assert!(batched.contains(&&"01-unique-02.in".to_string()), "{init}");
    assert_eq!(
        init.matches("- batched:\n").count(),
        init.matches("  points: 1\n").count(),
        "{init}"
    );
    assert!(init.matches("- batched:\n").count() >= 2, "{init}");
    for (input, answer, _) in &listed {
        assert!(dir.join(input).is_file() && dir.join(answer).is_file());
    }
    fs::remove_dir_all(&base).unwrap();
}

/// The same command writes the same bytes; `--solution` adds DMOJ test-suite cases.
#[test]
fn the_same_seed_writes_the_same_folder_and_solutions_become_suite_cases() {
    let (base, one) = target("poj2676");
    let two = base.join("again");
    let sol = Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/solutions/poj2676");
    let accepted = format!("accepted:{}", sol.join("accepted.cpp").display());
    let wrong = format!("wrong_answer:{}", sol.join("wrong_no_boxes.py").display());
    for dir in [&one, &two] {
        let out = package(
            "poj2676",
            dir,
            &["--solution", &accepted, "--solution", &wrong],
        );
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    assert_eq!(names(&one), names(&two));
    for name in names(&one) {
        if name != "tests" {
            assert_eq!(
                fs::read(one.join(&name)).unwrap(),
                fs::read(two.join(&name)).unwrap()
            );
        }
    }
    let tests = one.join("tests");
    assert_eq!(
        names(&tests),
        ["accepted-accepted", "wrong_answer-wrong_no_boxes"]
    );
    let yml = fs::read_to_string(tests.join("accepted-accepted/test.yml")).unwrap();
    assert!(
        yml.ends_with(
            "language: CPP17\ntime: 10\nmemory: 262144\nsource: 'accepted.cpp'\nexpect: AC\n"
        ),
        "{yml}"
    );
    let yml = fs::read_to_string(tests.join("wrong_answer-wrong_no_boxes/test.yml")).unwrap();
    assert!(
        yml.contains("language: PY3\n") && yml.ends_with("expect: [AC, WA, SC]\n"),
        "{yml}"
    );
    assert_eq!(
        fs::read(tests.join("accepted-accepted/accepted.cpp")).unwrap(),
        fs::read(sol.join("accepted.cpp")).unwrap()
    );
    let init = fs::read_to_string(one.join("init.yml")).unwrap();
    assert!(
        init.contains("--judge dmoj --solution accepted:accepted.cpp"),
        "{init}"
    );
    fs::remove_dir_all(&base).unwrap();
}

/// Kattis-only flags and a submission DMOJ has no language for are refused, and nothing is
/// written.
#[test]
fn what_a_dmoj_folder_cannot_hold_is_refused() {
    let (base, dir) = target("refused");
    let kotlin = base.join("sol.kt");
    fs::write(&kotlin, "fun main() {}\n").unwrap();
    let solution = format!("accepted:{}", kotlin.display());
    for (extra, says) in [
        (
            &["--spec", "2025-09"][..],
            "--spec and --license are for Kattis",
        ),
        (
            &["--license", "cc0"][..],
            "--spec and --license are for Kattis",
        ),
        (
            &["--solution", solution.as_str()][..],
            "no DMOJ language for this extension",
        ),
    ] {
        let out = package("poj2676", &dir, extra);
        assert_eq!(out.status.code(), Some(2), "{extra:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains(says), "{extra:?}: {stderr}");
        assert_eq!(names(&base), ["sol.kt"], "{extra:?}: nothing left behind");
    }
    fs::remove_dir_all(&base).unwrap();
}

/// Stand-ins for the two DMOJ modules checker.py imports, and a script that loads it as DMOJ
/// does and prints each verdict.
const STUB_RESULT: &str = "class CheckerResult:\n\
    \x20   def __init__(self, passed, points, feedback=None, extended_feedback=None):\n\
    \x20       self.passed, self.points, self.feedback = passed, points, feedback\n";
const STUB_ERROR: &str = "class InternalError(Exception):\n    pass\n";
const DRIVER: &str = r#"import sys, types
from dmoj.error import InternalError
folder, case = sys.argv[1], sys.argv[2]
mod = types.ModuleType('checker')
mod.__file__ = folder + '/checker.py'
exec(compile(open(mod.__file__).read(), mod.__file__, 'exec'), mod.__dict__)
read = lambda name: open(folder + '/' + name, 'rb').read()
inp, ans = read(case + '.in'), read(case + '.out')
for label, output, answer in (('right', ans, ans), ('wrong', ans.replace(b'1', b'2', 1), ans),
                              ('empty', b'', ans), ('bad answer', ans, b'x')):
    try:
        r = mod.check(output, answer, judge_input=inp, point_value=3, format='poj2676',
                      case_position=1, batch=None)
        print(label, r.passed, r.points, r.feedback)
    except InternalError as e:
        print(label, 'IE', str(e).splitlines()[0][:60])
try:
    mod.check(ans, ans, judge_input=inp, point_value=3)
except InternalError as e:
    print('no format', 'IE', e)
"#;

/// checker.py, loaded as DMOJ loads it (a module whose `__file__` is its path), turns the
/// binary's exit codes into DMOJ's verdicts: AC with the points, WA with the checker's line,
/// an internal error for a bad answer file or a missing format.
#[test]
fn checker_py_turns_exit_codes_into_verdicts() {
    let python = Command::new("python3").arg("--version").output();
    if python.is_err() {
        assert!(
            std::env::var_os("SUDOKU_JUDGE_REQUIRE_TOOLS").is_none(),
            "python3 is needed"
        );
        eprintln!("SKIPPED: python3 is not installed");
        return;
    }
    let (base, dir) = target("checker");
    assert!(package("poj2676", &dir, &[]).status.success());
    let stubs = base.join("stubs/dmoj");
    fs::create_dir_all(&stubs).unwrap();
    fs::write(stubs.join("__init__.py"), "").unwrap();
    fs::write(stubs.join("result.py"), STUB_RESULT).unwrap();
    fs::write(stubs.join("error.py"), STUB_ERROR).unwrap();
    let out = Command::new("python3")
        .args(["-c", DRIVER])
        .arg(&dir)
        .arg("01-unique")
        .env("PYTHONPATH", base.join("stubs"))
        .env("PYTHONDONTWRITEBYTECODE", "1")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines[0], "right True 3 None", "{stdout}");
    assert!(
        lines[1].starts_with("wrong False 0 wrong answer: case "),
        "{stdout}"
    );
    assert!(lines[2].starts_with("empty False 0 "), "{stdout}");
    assert!(
        lines[3].starts_with("bad answer IE sudoku-judge check exited 3"),
        "{stdout}"
    );
    assert!(
        lines[4].starts_with("no format IE checker.py: init.yml gives no format"),
        "{stdout}"
    );
    fs::remove_dir_all(&base).unwrap();
}
