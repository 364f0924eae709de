//! A DMOJ problem folder (`package --judge dmoj`): what the DMOJ judge (`dmoj`, `dmoj-cli`)
//! runs from a problem storage folder. `init.yml` lists the test cases as plain files at the
//! folder's root (`00-sample.in`/`.out` worth 0 points, then the groups of [`super::groups`]:
//! one file per group worth 1 point, or for a single-case problem one batch per group), and
//! names the checker, `checker.py`, with the format as its argument.
//!
//! The checker is a DMOJ Python checker, not `checker: bridged`. A bridged checker is a
//! program DMOJ compiles from source with one of its executors and runs in its sandbox; a
//! prebuilt binary has no executor (the shell executors may start only cat, grep, awk and
//! perl), so this binary cannot be one. A Python checker is loaded by the judge itself, outside
//! the sandbox, and may start a program: `checker.py` writes the case's input, the
//! submission's output and the expected answer to a temporary folder and runs this binary
//! beside it, `sudoku-judge check --format F INPUT OUTPUT ANSWER` (the testlib protocol),
//! reading exit 0 as AC, 1 and 2 as WA (with its one line as feedback), anything else as an
//! internal error of the checker (IE), as DMOJ's own testlib bridge reads them. So POJ 2676
//! takes any valid grid, HDU 4069 its exact words and grids, a counting format its exact count.
//!
//! Each `--solution` becomes a case of DMOJ's own test suite (`python -m dmoj.testsuite`):
//! `tests/FOLDER-NAME/test.yml` with the source beside it, its language told by its extension,
//! and the verdicts its cases may get.

use super::groups::Group;
use super::{Request, Writer, binary, sample};
use crate::format::spec::Spec;
use crate::progress::Progress;
use std::fs;
use std::path::Path;

/// The checker's file name, as `init.yml` names it.
pub const CHECKER: &str = "checker.py";

/// The judge's copy of this binary, beside the checker.
pub const BINARY: &str = "sudoku-judge";

/// Seconds and kilobytes a test-suite case of `tests/` runs under (DMOJ's site sets the
/// problem's own limits; the suite needs its own).
const SUITE_TIME: u32 = 10;
const SUITE_MEMORY: u32 = 262_144;

/// The DMOJ Python checker: the case's three files to this binary, its exit code to a
/// verdict. The format comes from `init.yml`'s `args`.
pub const CHECKER_PY: &str = r#""""sudoku-judge's special judge as a DMOJ Python checker.

init.yml names it with the problem's format:

    checker:
      name: checker.py
      args: {format: FORMAT}

DMOJ loads this file into the judge (outside the submission's sandbox) and calls check()
after each case. The case's input, the submission's output and the expected answer go to a
temporary folder, and the sudoku-judge binary beside this file judges them with the testlib
protocol (`sudoku-judge check --format FORMAT INPUT OUTPUT ANSWER`): exit 0 accepted, 1 wrong
answer, 2 presentation error (both WA here, the checker's line as feedback), 3 a fault of the
judge's own files; that and anything else is an internal error (IE), never the submission's.
"""

import os
import subprocess
import tempfile

from dmoj.error import InternalError
from dmoj.result import CheckerResult

JUDGE = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'sudoku-judge')
# Seconds the judge may take on one case's files before it is an internal error.
TIMEOUT = 120
# DMOJ shows a case's feedback on one short line.
FEEDBACK = 250


def check(process_output, judge_output, judge_input=b'', point_value=1, format=None, **kwargs):
    if not format:
        raise InternalError('checker.py: init.yml gives no format (checker: {args: {format: NAME}})')
    with tempfile.TemporaryDirectory(prefix='sudoku-judge-') as tmp:
        files = []
        for name, data in (('input', judge_input), ('output', process_output), ('answer', judge_output)):
            path = os.path.join(tmp, name)
            with open(path, 'wb') as f:
                f.write(data or b'')
            files.append(path)
        try:
            proc = subprocess.run(
                [JUDGE, 'check', '--format', format, '--threads', '1', *files],
                stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                timeout=TIMEOUT,
            )
        except subprocess.TimeoutExpired:
            raise InternalError('sudoku-judge check took more than %d seconds' % TIMEOUT)
        except OSError as e:
            raise InternalError('cannot run %s: %s' % (JUDGE, e))
    message = proc.stderr.decode('utf-8', 'replace').strip()
    line = message.splitlines()[0] if message else ''
    if len(line) > FEEDBACK:
        line = line[: FEEDBACK - 3] + '...'
    if proc.returncode == 0:
        return CheckerResult(True, point_value)
    if proc.returncode in (1, 2):
        return CheckerResult(False, 0, feedback=line or 'wrong answer')
    raise InternalError('sudoku-judge check exited %d: %s' % (proc.returncode, message))
"#;

/// One test case of `init.yml`: its files without extension, and the batch it is in.
struct Case {
    name: String,
    batch: Option<usize>,
}

/// Writes the DMOJ folder into `root`; the binary is copied beside the checker.
pub(super) fn write_into(
    req: &Request,
    root: &Path,
    progress: &mut Progress,
) -> Result<super::Written, String> {
    let spec = req.spec;
    let mut w = Writer {
        root: root.to_path_buf(),
        files: 0,
    };
    let (input, answers) = sample::respell(spec, spec.sample.0.as_bytes())
        .map_err(|e| format!("the sample of {}: {e}", spec.name))?;
    w.put("00-sample.in", &input)?;
    w.put("00-sample.out", &answers)?;
    let (data, total) = super::made(req, progress)?;
    let single = spec.max_per_file() == Some(1);
    let mut cases = Vec::new();
    for (k, files) in data.files.iter().enumerate() {
        for (name, input, answers) in files {
            w.put(&format!("{name}.in"), input)?;
            w.put(&format!("{name}.out"), answers)?;
            cases.push(Case {
                name: name.clone(),
                batch: single.then_some(k),
            });
        }
    }
    w.put(super::kills::FILE, data.table.render().as_bytes())?;
    let groups = data.groups;
    w.put("init.yml", init_yml(req, &cases).as_bytes())?;
    w.put(CHECKER, CHECKER_PY.as_bytes())?;
    w.put("README.md", readme(req, &groups).as_bytes())?;
    let exe = std::env::current_exe().map_err(|e| format!("finding this program: {e}"))?;
    let linking = binary::linking(&exe);
    let to = root.join(BINARY);
    fs::copy(&exe, &to).map_err(|e| format!("{}: {e}", to.display()))?;
    super::executable(&to)?;
    w.files += 1;
    for (folder, file) in &req.solutions {
        suite_case(&mut w, folder, file)?;
    }
    Ok(super::Written {
        files: w.files,
        cases: total,
        linking,
    })
}

/// `init.yml`: the checker and its format, then the test cases in order, the sample first
/// (0 points: DMOJ skips every case after a failed 0-point case), each group 1 point.
fn init_yml(req: &Request, cases: &[Case]) -> String {
    let mut y = format!(
        "# A DMOJ problem for the format {name} ({judge}), written by sudoku-judge {version}:\n\
         #   {command}\n\
         # The checker is checker.py (a DMOJ Python checker) running the sudoku-judge binary\n\
         # beside it; the time and memory limits are the site's (or dmoj-cli submit's -tl, -ml).\n\
         checker:\n  name: {CHECKER}\n  args:\n    format: '{name}'\n\
         test_cases:\n- {{in: 00-sample.in, out: 00-sample.out, points: 0}}\n",
        name = req.spec.name,
        judge = req.spec.judge.replace('\n', " "),
        version = env!("CARGO_PKG_VERSION"),
        command = req.command,
    );
    let mut k = 0;
    while k < cases.len() {
        match cases[k].batch {
            None => {
                let n = &cases[k].name;
                y.push_str(&format!("- {{in: {n}.in, out: {n}.out, points: 1}}\n"));
                k += 1;
            }
            Some(b) => {
                y.push_str("- batched:\n");
                while k < cases.len() && cases[k].batch == Some(b) {
                    let n = &cases[k].name;
                    y.push_str(&format!("  - {{in: {n}.in, out: {n}.out}}\n"));
                    k += 1;
                }
                y.push_str("  points: 1\n");
            }
        }
    }
    y
}

/// The folder's `README.md`: what it is, what each file covers, how to run it.
fn readme(req: &Request, groups: &[Group]) -> String {
    let spec: &Spec = req.spec;
    let single = spec.max_per_file() == Some(1);
    let mut t = format!(
        "# {judge}: a DMOJ problem\n\n\
         Written by sudoku-judge {version} for the format {name}:\n\n    {command}\n\n\
         ## Files\n\n\
         - `init.yml`: the checker and the test cases, in order.\n\
         - `checker.py`: a DMOJ Python checker that runs `sudoku-judge check --format {name}\n  \
         INPUT OUTPUT ANSWER` (testlib exit codes: 0 AC, 1 or 2 WA, else an internal error).\n\
         - `sudoku-judge`: the binary it runs ({linking}).\n\
         - `00-sample.in`, `.out`: the judge's sample (0 points).\n",
        judge = spec.judge,
        version = env!("CARGO_PKG_VERSION"),
        name = spec.name,
        command = req.command,
        linking = binary::linking(&std::env::current_exe().unwrap_or_default()),
    );
    for g in groups {
        let n = g.indices.len();
        let (files, unit) = if single {
            (format!("`{}-NN.in`, `.out`", g.name), "a batch of 1 point")
        } else {
            (format!("`{}.in`, `.out`", g.name), "1 point")
        };
        t.push_str(&format!(
            "- {files} ({n} case{}, {unit}): {}\n",
            if n == 1 { "" } else { "s" },
            g.what
        ));
    }
    if !req.solutions.is_empty() {
        t.push_str(
            "- `tests/`: the example submissions as cases of DMOJ's test suite, each with the \
             verdicts its cases may get (`test.yml`).\n",
        );
    }
    t.push_str(RUNNING);
    t
}

/// How to run the folder, the end of its README.
const RUNNING: &str = "
## Running it

Put this folder in a folder that the judge's `problem_storage_globs` names (the folder's name
is the problem's code) and submit to it, e.g. with the local judge:

    dmoj-cli -c judge.yml submit PROBLEM PY3 solution.py -tl 10 -ml 262144

The site sets the time and memory limits. `sudoku-judge check --help` says how the checker
judges.
";

/// A `--solution` as a case of DMOJ's test suite: `tests/FOLDER-NAME/` with the source and
/// a `test.yml` naming its language and the verdicts its cases may get. An accepted one
/// must get AC on every case; the suite can only bound the others (a wrong answer may pass
/// some cases, and after a failed 0-point case the rest are skipped, SC).
fn suite_case(w: &mut Writer, folder: &str, file: &Path) -> Result<(), String> {
    let name = file
        .file_name()
        .ok_or_else(|| format!("{}: not a file", file.display()))?
        .to_string_lossy()
        .into_owned();
    let language = language(file)?;
    let expect = match folder {
        "accepted" => "AC",
        "wrong_answer" => "[AC, WA, SC]",
        "time_limit_exceeded" => "[AC, TLE, SC]",
        _ => "[AC, RTE, SC]",
    };
    let stem = name.rsplit_once('.').map_or(name.as_str(), |(s, _)| s);
    let dir = format!("tests/{folder}-{}", safe(stem));
    let bytes = fs::read(file).map_err(|e| format!("{}: {e}", file.display()))?;
    w.put(&format!("{dir}/{name}"), &bytes)?;
    let yml = format!(
        "# {folder}: run by DMOJ's test suite (python -m dmoj.testsuite with this problem's\n\
         # folder among its problems)\n\
         language: {language}\ntime: {SUITE_TIME}\nmemory: {SUITE_MEMORY}\n\
         source: '{}'\nexpect: {expect}\n",
        name.replace('\'', "''")
    );
    w.put(&format!("{dir}/test.yml"), yml.as_bytes())
}

/// A file name's stem with only `[A-Za-z0-9_-]` (others become `_`), for a folder name.
fn safe(stem: &str) -> String {
    stem.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect()
}

/// The DMOJ language (executor) of a submission, by its extension.
pub fn language(file: &Path) -> Result<&'static str, String> {
    const LANGUAGES: [(&str, &str); 9] = [
        ("c", "C"),
        ("cc", "CPP17"),
        ("cpp", "CPP17"),
        ("cxx", "CPP17"),
        ("go", "GO"),
        ("java", "JAVA"),
        ("py", "PY3"),
        ("rb", "RUBY"),
        ("rs", "RUST"),
    ];
    let ext = file
        .extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase())
        .unwrap_or_default();
    LANGUAGES
        .iter()
        .find(|(e, _)| *e == ext)
        .map(|(_, l)| *l)
        .ok_or_else(|| {
            let known: Vec<&str> = LANGUAGES.iter().map(|(e, _)| *e).collect();
            format!(
                "--solution: {}: no DMOJ language for this extension (one of .{})",
                file.display(),
                known.join(", .")
            )
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn languages_follow_extensions() {
        assert_eq!(language(Path::new("a/sol.cpp")), Ok("CPP17"));
        assert_eq!(language(Path::new("wrong.PY")), Ok("PY3"));
        let e = language(Path::new("sol.kt")).unwrap_err();
        assert!(e.contains("sol.kt") && e.contains(".cpp"), "{e}");
        assert!(language(Path::new("Makefile")).is_err());
        assert_eq!(safe("wrong no.boxes"), "wrong_no_boxes");
    }

    #[test]
    fn batches_group_the_files_of_a_single_case_problem() {
        let spec = crate::format::judges::find("luogu-p1784").unwrap();
        let req = Request {
            spec,
            dir: "x".into(),
            count: 2,
            seed: 1,
            solutions: Vec::new(),
            layout: super::super::Layout::Dmoj,
            license: String::new(),
            parallel: false,
            command: "cmd".into(),
            beyond: false,
        };
        let case = |name: &str, batch| Case {
            name: name.into(),
            batch,
        };
        let y = init_yml(
            &req,
            &[
                case("01-unique-01", Some(0)),
                case("01-unique-02", Some(0)),
                case("02-edge-cases-01", Some(1)),
            ],
        );
        assert!(
            y.ends_with(
                "- {in: 00-sample.in, out: 00-sample.out, points: 0}\n\
                 - batched:\n  - {in: 01-unique-01.in, out: 01-unique-01.out}\n  \
                 - {in: 01-unique-02.in, out: 01-unique-02.out}\n  points: 1\n\
                 - batched:\n  - {in: 02-edge-cases-01.in, out: 02-edge-cases-01.out}\n  \
                 points: 1\n"
            ),
            "{y}"
        );
        assert!(y.contains("checker:\n  name: checker.py\n  args:\n    format: 'luogu-p1784'\n"));
    }
}
