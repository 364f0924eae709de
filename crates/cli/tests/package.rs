//! `sudoku-judge package` and `gen --oj` end to end: a package's every input is accepted by its
//! own input validator (`run` script, Kattis protocol) and every answer by its own output
//! validator, the answers are what `solve` writes, the layout and `problem.yaml` are what the
//! package format asks, the same seed writes the same bytes, the 2025-09 invalid inputs are
//! all rejected, and the progress line shows on a terminal only. The real tools
//! (verifyproblem, oj test) run in `make verify-package` (scripts/verify-package.sh).

use crate::common::scratch;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use sudoku_judge::format::judges::{JUDGES, find};

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_sudoku-judge"))
}

/// Writes a package; panics with stderr on failure.
fn package(format: &str, dir: &Path, extra: &[&str]) {
    let out = bin()
        .args(["package", "--format", format, "--seed", "11", "-o"])
        .arg(dir)
        .args(extra)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "package {format}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// The test cases under `data/` (sample and secret): the `.in` files, sorted.
fn inputs(dir: &Path) -> Vec<PathBuf> {
    let mut v = Vec::new();
    for group in ["sample", "secret"] {
        for e in fs::read_dir(dir.join("data").join(group)).unwrap() {
            let p = e.unwrap().path();
            if p.extension().is_some_and(|x| x == "in") {
                v.push(p);
            }
        }
    }
    v.sort();
    v
}

/// Runs a validator's `run` script with the file on stdin; its exit code.
fn run_script(script: &Path, args: &[&Path], stdin: &Path) -> i32 {
    let out = Command::new(script)
        .args(args)
        .stdin(fs::File::open(stdin).unwrap())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    assert!(
        out.stdout.is_empty(),
        "{}: stdout {:?}",
        script.display(),
        String::from_utf8_lossy(&out.stdout)
    );
    out.status.code().unwrap_or(-1)
}

/// Every input passes the package's input validator and every answer its output validator,
/// and each answer is what `solve --format FORMAT` writes for its input (`format`: a format's
/// name or a problem file).
fn check_package(format: &str, dir: &Path, output_validator: &str) {
    let input_run = dir.join("input_validators/sudoku-judge/run");
    let output_run = dir.join(output_validator).join("run");
    let feedback = dir.join("feedback");
    fs::create_dir_all(&feedback).unwrap();
    let cases = inputs(dir);
    assert!(cases.len() >= 3, "{format}: {cases:?}");
    for input in &cases {
        let answer = input.with_extension("ans");
        assert_eq!(
            run_script(&input_run, &[], input),
            42,
            "{}: input validator on {}",
            format,
            input.display()
        );
        let code = run_script(&output_run, &[input, &answer, &feedback], &answer);
        assert_eq!(
            code,
            42,
            "{}: output validator on {}: {}",
            format,
            answer.display(),
            fs::read_to_string(feedback.join("judgemessage.txt")).unwrap_or_default()
        );
        let solved = bin()
            .args(["solve", "--format", format])
            .arg(input)
            .output()
            .unwrap();
        assert_eq!(
            solved.stdout,
            fs::read(&answer).unwrap(),
            "{}: solve {}",
            format,
            input.display()
        );
    }
}

fn executable(p: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    fs::metadata(p).is_ok_and(|m| m.permissions().mode() & 0o111 != 0)
}

#[test]
fn an_hdu4069_package_is_complete_and_judges_itself() {
    let dir = scratch_pkg("hdu4069");
    let sol = Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/solutions/hdu4069");
    let accepted = format!("accepted:{}", sol.join("accepted.cpp").display());
    let wrong = format!(
        "wrong_answer:{}",
        sol.join("wrong_first_solution.py").display()
    );
    package(
        "hdu4069",
        &dir,
        &[
            "--count",
            "6",
            "--solution",
            &accepted,
            "--solution",
            &wrong,
        ],
    );
    for f in [
        "problem.yaml",
        "problem_statement/problem.en.tex",
        "problem_statement/sample.svg",
        "problem_statement/sample.png",
        "data/sample/1.in",
        "data/sample/1.ans",
        "data/secret/01-unique.in",
        "data/secret/02-no-solution.ans",
        "data/secret/03-several-solutions.in",
        "data/secret/04-edge-cases.in",
        "data/secret/05-hardest.in",
        "submissions/accepted/accepted.cpp",
        "submissions/wrong_answer/wrong_first_solution.py",
    ] {
        assert!(dir.join(f).is_file(), "{f}");
    }
    for v in ["input_validators", "output_validators"] {
        for f in ["build", "run", "sudoku-judge"] {
            let p = dir.join(v).join("sudoku-judge").join(f);
            assert!(executable(&p), "{}", p.display());
        }
    }
    let yaml = fs::read_to_string(dir.join("problem.yaml")).unwrap();
    for line in [
        "name: \"Squiggly Sudoku\"",
        "source: \"HDU 4069\"",
        "license: educational",
        "validation: custom",
        "validator_flags: case_sensitive",
    ] {
        assert!(yaml.lines().any(|l| l == line), "{line} in {yaml}");
    }
    assert!(yaml.contains("\nuuid: "));
    // The sample's three jigsaw cases drawn, the PNG included by the statement.
    let tex = fs::read_to_string(dir.join("problem_statement/problem.en.tex")).unwrap();
    assert!(tex.contains("The 3 cases of the sample, drawn one under another"));
    assert!(tex.contains("keepaspectratio]{sample.png}"), "{tex}");
    let png = fs::read(dir.join("problem_statement/sample.png")).unwrap();
    let png = resvg::tiny_skia::Pixmap::decode_png(&png).unwrap();
    use sudoku_judge_cli::draw::svg::{CELL, MARGIN, TITLE};
    let one = TITLE + 9 * CELL + MARGIN;
    assert_eq!(
        (png.width() as usize, png.height() as usize),
        (2 * MARGIN + 9 * CELL, MARGIN + 3 * one)
    );
    // Each grid's top-left corner is a wall.
    for k in 0..3 {
        let c = png
            .pixel(MARGIN as u32 + 1, (MARGIN + k * one + TITLE + 1) as u32)
            .unwrap();
        assert!(
            c.red() < 80 && c.green() < 80 && c.blue() < 80,
            "case {}",
            k + 1
        );
    }
    let sample = fs::read(dir.join("data/sample/1.in")).unwrap();
    assert_eq!(sample, find("hdu4069").unwrap().sample.0.as_bytes());
    let no_solution = fs::read_to_string(dir.join("data/secret/02-no-solution.ans")).unwrap();
    assert_eq!(no_solution.matches("No solution").count(), 6);
    check_package("hdu4069", &dir, "output_validators/sudoku-judge");
    // A wrong output is rejected, with the reason in the feedback directory.
    let feedback = dir.join("feedback-wrong");
    fs::create_dir_all(&feedback).unwrap();
    let input = dir.join("data/secret/03-several-solutions.in");
    let code = run_script(
        &dir.join("output_validators/sudoku-judge/run"),
        &[
            &input,
            &dir.join("data/secret/03-several-solutions.ans"),
            &feedback,
        ],
        &dir.join("data/secret/01-unique.ans"),
    );
    assert_eq!(code, 43);
    assert!(
        !fs::read(feedback.join("judgemessage.txt"))
            .unwrap()
            .is_empty()
    );
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn the_same_seed_writes_the_same_package() {
    let (a, b) = (scratch_pkg("same-a"), scratch_pkg("same-b"));
    package("poj2676", &a, &["--count", "4"]);
    package("poj2676", &b, &["--count", "4", "-j", "1"]);
    let mut files = Vec::new();
    let mut stack = vec![a.clone()];
    while let Some(d) = stack.pop() {
        for e in fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else {
                files.push(p);
            }
        }
    }
    assert!(files.len() > 10);
    for f in files {
        let rel = f.strip_prefix(&a).unwrap();
        assert_eq!(
            fs::read(&f).unwrap(),
            fs::read(b.join(rel)).unwrap(),
            "{}",
            rel.display()
        );
    }
    check_package("poj2676", &a, "output_validators/sudoku-judge");
    for d in [a, b] {
        let _ = fs::remove_dir_all(d);
    }
}

#[test]
fn the_2025_09_layout_has_invalid_inputs_the_validator_rejects() {
    let dir = scratch_pkg("v2025");
    package("hdu4069", &dir, &["--count", "3", "--spec", "2025-09"]);
    for f in [
        "statement/problem.en.tex",
        "output_validator/run",
        "output_validator/build",
        "output_validator/sudoku-judge",
        "data/test_group.yaml",
    ] {
        assert!(dir.join(f).is_file(), "{f}");
    }
    assert!(!dir.join("output_validators").exists());
    assert!(!dir.join("problem_statement").exists());
    let yaml = fs::read_to_string(dir.join("problem.yaml")).unwrap();
    assert!(yaml.contains("problem_format_version: 2025-09\n"), "{yaml}");
    assert!(!yaml.contains("validator_flags"));
    // At data/'s root, where BAPCtools looks for the groups it makes (valid_output).
    assert_eq!(
        fs::read_to_string(dir.join("data/test_group.yaml")).unwrap(),
        "output_validator_args: [case_sensitive]\n"
    );
    assert!(!dir.join("data/secret/test_group.yaml").exists());
    let run = dir.join("input_validators/sudoku-judge/run");
    let mut invalid: Vec<PathBuf> = fs::read_dir(dir.join("data/invalid_input"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    invalid.sort();
    // 15 fixtures (every one with a .code in testdata/hdu4069) and the sample's breakages.
    assert!(invalid.len() >= 17, "{invalid:?}");
    for f in &invalid {
        assert_eq!(run_script(&run, &[], f), 43, "{} accepted", f.display());
    }
    check_package("hdu4069", &dir, "output_validator");
    let _ = fs::remove_dir_all(&dir);
}

/// Every format gets a package whose answers its own output validator accepts.
#[test]
fn every_format_packages() {
    for spec in JUDGES {
        let dir = scratch_pkg(&format!("all-{}", spec.name));
        package(spec.name, &dir, &["--count", "2"]);
        check_package(spec.name, &dir, "output_validators/sudoku-judge");
        // A single-case problem has one file per case.
        if spec.max_per_file() == Some(1) {
            let secret = fs::read_dir(dir.join("data/secret")).unwrap().count();
            assert!(secret >= 4, "{}: {secret} files", spec.name);
        }
        let _ = fs::remove_dir_all(&dir);
    }
}

/// Every format packages with any seed (one of three per format here, and at the default
/// count the worst groups: HDU 3909's minimal 16x16 puzzles, the 1x1 grids that cannot clash),
/// and leaves no folder of parts beside the package.
#[test]
fn every_format_packages_with_any_seed() {
    let base = scratch("package-seeds");
    // Each format under one of three seeds in turn: every package hunts the wrong solvers its
    // data lets through (a second or more each), and `every_format_packages` covers seed 11.
    for (i, spec) in JUDGES.iter().enumerate() {
        let seed = ["1", "2", "3"][i % 3];
        let dir = base.join(format!("{}{seed}", spec.name.replace('-', "")));
        let out = bin()
            .args(["package", "--format", spec.name, "--count", "3", "-j", "1"])
            .args(["--seed", seed, "-o"])
            .arg(&dir)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{} seed {seed}: {}",
            spec.name,
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(dir.join("problem.yaml").is_file());
        fs::remove_dir_all(&dir).unwrap();
    }
    // The command of the report, at the default count: minimal 16x16 puzzles every seed.
    let dir = base.join("h");
    let out = bin()
        .args(["package", "--format", "hdu3909", "--seed", "1", "-o"])
        .arg(&dir)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    fs::remove_dir_all(&dir).unwrap();
    assert_eq!(
        fs::read_dir(&base).unwrap().count(),
        0,
        "no parts left over"
    );
    let _ = fs::remove_dir_all(&base);
}

/// The README names the wrong solutions the data fails, each with its case, and the case is
/// there with the verdict that fails them: UVa 10957's clash only a box shows is `Illegal.`.
#[test]
fn the_readme_names_the_wrong_solutions_the_data_fails() {
    let dir = scratch_pkg("readme");
    package("uva10957", &dir, &["--count", "2"]);
    let readme = fs::read_to_string(dir.join("README.md")).unwrap();
    let answers = fs::read_to_string(dir.join("data/secret/05-each-way.ans")).unwrap();
    let answer = |k: usize| answers.lines().nth(k - 1).unwrap().to_string();
    for (unit, k) in [("rows", 1), ("columns", 2), ("boxes", 3)] {
        let line = format!(
            "- one that never looks at {unit} for clashing givens: fails \
             data/secret/05-each-way.in, case {k}"
        );
        assert!(readme.contains(&line), "{line} in {readme}");
        assert_eq!(answer(k), format!("Case {k}: Illegal."));
    }
    assert!(readme.contains("only when givens clash: fails data/secret/05-each-way.in, case 4"));
    assert_eq!(answer(4), "Case 4: Impossible.");
    assert!(readme.contains("data/secret/03-ambiguous.in` (the answer is `Ambiguous.`)"));
    let _ = fs::remove_dir_all(&dir);
}

/// generators/generators.yaml lists every secret file as a `gen --package-file` command, and
/// each such command writes that file's bytes, input and answers (`bt generate` runs them in
/// `make verify-package`); the sample and invalid inputs are copies beside it.
#[test]
fn generators_yaml_remakes_the_secret_data() {
    let dir = scratch_pkg("generators");
    package("hdu4069", &dir, &["--count", "2", "--spec", "2025-09"]);
    let yaml = fs::read_to_string(dir.join("generators/generators.yaml")).unwrap();
    let mut secret: Vec<String> = fs::read_dir(dir.join("data/secret"))
        .unwrap()
        .filter_map(|e| {
            let name = e.unwrap().file_name().into_string().unwrap();
            name.strip_suffix(".in").map(str::to_string)
        })
        .collect();
    secret.sort();
    assert!(secret.len() >= 6, "{secret:?}");
    for name in &secret {
        let prefix = format!("      {name}: sudoku-judge ");
        let line = yaml.lines().find(|l| l.starts_with(&prefix)).unwrap();
        let args: Vec<&str> = line[prefix.len()..].split_whitespace().collect();
        let work = dir.join("gen-work");
        fs::create_dir_all(&work).unwrap();
        let out = bin().args(&args).current_dir(&work).output().unwrap();
        assert!(out.status.success(), "{line}: {out:?}");
        let data = dir.join("data/secret").join(name);
        assert_eq!(
            out.stdout,
            fs::read(data.with_extension("in")).unwrap(),
            "{name}"
        );
        assert_eq!(
            fs::read(work.join("testcase.ans")).unwrap(),
            fs::read(data.with_extension("ans")).unwrap(),
            "{name}"
        );
    }
    assert!(yaml.contains("test_group.yaml:\n  output_validator_args: [case_sensitive]\n"));
    assert_eq!(
        fs::read(dir.join("generators/sample/1.in")).unwrap(),
        fs::read(dir.join("data/sample/1.in")).unwrap()
    );
    for f in ["run", "build", "sudoku-judge"] {
        assert!(
            executable(&dir.join("generators/sudoku-judge").join(f)),
            "{f}"
        );
    }
    let unknown = bin()
        .args([
            "gen",
            "--format",
            "hdu4069",
            "--seed",
            "1",
            "--package-file",
            "09-none",
        ])
        .output()
        .unwrap();
    assert_eq!(unknown.status.code(), Some(2));
    // The file's cases are the package's: a flag that would choose others is refused, not
    // ignored.
    for flag in [
        &["--layout", "standard"][..],
        &["--edge"],
        &["--clues", "30-35"],
        &["--minimal"],
    ] {
        let refused = bin()
            .args([
                "gen",
                "-f",
                "hdu4069",
                "-s",
                "1",
                "--package-file",
                "01-unique",
            ])
            .args(flag)
            .output()
            .unwrap();
        assert_eq!(refused.status.code(), Some(2), "{flag:?}");
        assert!(refused.stdout.is_empty(), "{flag:?}");
    }
    let _ = fs::remove_dir_all(&dir);
}

/// Two commands, two problem ids; the same command, the same id.
#[test]
fn uuids_follow_every_argument() {
    let uuid = |tag: &str, extra: &[&str]| {
        let dir = scratch_pkg(tag);
        package("uva10957", &dir, extra);
        let yaml = fs::read_to_string(dir.join("problem.yaml")).unwrap();
        let _ = fs::remove_dir_all(&dir);
        yaml.lines()
            .find_map(|l| l.strip_prefix("uuid: ").map(str::to_string))
            .unwrap()
    };
    let one = ["--count", "1"];
    let plain = uuid("uuid-a", &one);
    assert_eq!(plain, uuid("uuid-b", &one));
    assert_ne!(plain, uuid("uuid-c", &["--count", "2"]));
    assert_ne!(
        plain,
        uuid("uuid-d", &[&one[..], &["--spec", "2025-09"]].concat())
    );
    assert_ne!(
        plain,
        uuid("uuid-e", &[&one[..], &["--license", "cc0"]].concat())
    );
    let sol = Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/solutions/poj2676");
    let accepted = format!("accepted:{}", sol.join("accepted.cpp").display());
    assert_ne!(
        plain,
        uuid("uuid-f", &[&one[..], &["--solution", &accepted]].concat())
    );
}

/// verifyproblem takes the short name from the folder and wants [a-z0-9]+: a folder named
/// otherwise gets a warning with a name it takes.
#[test]
fn a_folder_verifyproblem_refuses_is_warned_about() {
    let base = scratch("package-shortname");
    let run = |name: &str| {
        let out = bin()
            .args(["package", "--format", "luogu-p1074", "--count", "1"])
            .args(["--seed", "1", "-o"])
            .arg(base.join(name))
            .output()
            .unwrap();
        assert!(out.status.success());
        String::from_utf8_lossy(&out.stderr).into_owned()
    };
    let warned = run("luogu-p1074");
    assert!(
        warned.contains("warning:") && warned.contains("luogup1074"),
        "{warned}"
    );
    assert!(!run("luogup1074").contains("warning:"));
    let _ = fs::remove_dir_all(&base);
}

#[test]
fn bad_requests_are_refused_and_nothing_is_overwritten() {
    let dir = scratch_pkg("refused");
    fs::create_dir_all(&dir).unwrap();
    fs::write(dir.join("keep.txt"), "mine").unwrap();
    let run = |args: &[&str]| {
        bin()
            .args(["package", "--format", "poj2676", "-o"])
            .arg(&dir)
            .args(args)
            .output()
            .unwrap()
    };
    let out = run(&[]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not empty"));
    assert_eq!(fs::read_to_string(dir.join("keep.txt")).unwrap(), "mine");
    fs::remove_file(dir.join("keep.txt")).unwrap();
    let out = run(&["--solution", "accepted_ok:Cargo.toml"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not a submission folder"));
    let out = run(&["--solution", "accepted:no/such/file.cpp"]);
    assert_eq!(out.status.code(), Some(2));
    let out = run(&["--solution", "accepted"]);
    assert_eq!(out.status.code(), Some(2));
    let out = run(&["--license", "mine"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(fs::read_dir(&dir).unwrap().count(), 0, "nothing written");
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn gen_oj_writes_each_case_as_its_own_test() {
    let dir = scratch_pkg("oj");
    let out = bin()
        .args([
            "gen", "--format", "poj2676", "--count", "12", "--seed", "4", "--oj",
        ])
        .arg(&dir)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let whole = bin()
        .args(["gen", "--format", "poj2676", "--count", "12", "--seed", "4"])
        .output()
        .unwrap()
        .stdout;
    let mut joined = b"12\n".to_vec();
    for k in 1..=12 {
        let input = dir.join(format!("test/gen-{k:02}.in"));
        let answer = dir.join(format!("test/gen-{k:02}.out"));
        let bytes = fs::read(&input).unwrap();
        assert!(bytes.starts_with(b"1\n"));
        joined.extend_from_slice(&bytes[2..]);
        // oj test runs the judge as `check INPUT OUTPUT EXPECTED`.
        let judged = bin()
            .arg("check")
            .args([&input, &answer, &answer])
            .output()
            .unwrap();
        assert!(judged.status.success(), "{k}: {judged:?}");
    }
    assert_eq!(joined, whole, "case K of the set, alone in its file");
    let both = bin()
        .args(["gen", "--format", "poj2676", "--oj"])
        .arg(&dir)
        .args(["-o", "x.in"])
        .output()
        .unwrap();
    assert_eq!(both.status.code(), Some(2));
    // A smaller set in the same folder leaves no test of the larger one behind; a test of the
    // user's own stays.
    fs::write(dir.join("test/sample-1.in"), "mine").unwrap();
    let again = bin()
        .args(["gen", "-f", "poj2676", "-n", "3", "-s", "5", "--oj"])
        .arg(&dir)
        .output()
        .unwrap();
    assert!(again.status.success());
    let mut names: Vec<String> = fs::read_dir(dir.join("test"))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    let want = [
        "gen-01.in",
        "gen-01.out",
        "gen-02.in",
        "gen-02.out",
        "gen-03.in",
        "gen-03.out",
    ];
    assert_eq!(names, [&want[..], &["sample-1.in"]].concat());
    let _ = fs::remove_dir_all(&dir);
}

/// The progress line shows when stderr is a terminal (under `script`, a pseudo-terminal) and
/// never in a pipe.
#[test]
fn progress_shows_on_a_terminal_only() {
    let dir = scratch_pkg("progress");
    fs::create_dir_all(&dir).unwrap();
    let exe = env!("CARGO_BIN_EXE_sudoku-judge");
    let input = dir.join("many.in");
    // Enough cases to take well over the 0.3 s before the first draw (about 13,000 cases/s
    // on one thread here): with 6000 the last batch could come before it and nothing drew.
    let cmd = format!(
        "{exe} gen --format poj2676 --count 30000 --seed 1 -j 1 -o {}",
        input.display()
    );
    let Ok(out) = Command::new("script")
        .args(["-qec", &cmd, "/dev/null"])
        .stdin(Stdio::null())
        .output()
    else {
        eprintln!("note: `script` (util-linux) is not installed: terminal progress not tested");
        return;
    };
    let tty = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{tty}");
    assert!(
        tty.contains("/30000 cases") && tty.contains("cases/s"),
        "{tty:?}"
    );
    assert!(tty.contains("30000/30000 cases"), "{tty:?}");
    let piped = bin()
        // Named: auto would add its note that POJ 2918 reads the file too.
        .args(["solve", "-f", "poj2676", "-j", "1", "-o"])
        .arg(dir.join("many.out"))
        .arg(&input)
        .output()
        .unwrap();
    assert!(piped.status.success());
    assert!(
        piped.stderr.is_empty(),
        "{:?}",
        String::from_utf8_lossy(&piped.stderr)
    );
    let _ = fs::remove_dir_all(&dir);
}

/// A path no other test has, not yet created (`package` writes the folder itself).
fn scratch_pkg(name: &str) -> PathBuf {
    let dir = scratch(&format!("package-{name}"));
    fs::remove_dir(&dir).unwrap();
    dir
}

/// A problem file (`--format mine.toml`) is packaged with a copy of it beside each validator's
/// binary, which no binary knows by name: the validators pass their own data, the output
/// validator accepts `solve`'s answers, and in the 2025-09 layout the generator remakes a
/// secret file. DMOJ's checker cannot carry the file: refused.
#[test]
fn a_problem_file_is_packaged_with_its_record() {
    let tmp = scratch("package-problem-file");
    let export = bin()
        .args(["formats", "--export", "hdu4069"])
        .output()
        .unwrap();
    let record: String = String::from_utf8(export.stdout)
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with("tuned") && !l.starts_with("end_to_end"))
        .map(|l| {
            if l.starts_with("name = ") {
                "name = \"mine\"".to_string()
            } else {
                l.to_string()
            }
        })
        .map(|l| l + "\n")
        .collect();
    let file = tmp.join("mine.toml");
    fs::write(&file, record).unwrap();
    let dir = tmp.join("pkg");
    package(
        file.to_str().unwrap(),
        &dir,
        &["--spec", "2025-09", "-n", "3"],
    );
    check_package(file.to_str().unwrap(), &dir, "output_validator");
    // The generator, from another working directory, with generators.yaml's arguments.
    let yaml = fs::read_to_string(dir.join("generators/generators.yaml")).unwrap();
    let line = yaml
        .lines()
        .find(|l| l.contains("sudoku-judge gen"))
        .unwrap();
    let (name, command) = line.trim().split_once(": ").unwrap();
    assert!(!command.contains("--format"), "{command}");
    let work = tmp.join("work");
    fs::create_dir_all(&work).unwrap();
    let made = Command::new(dir.join("generators/sudoku-judge/run"))
        .args(command.split_whitespace().skip(1))
        .current_dir(&work)
        .output()
        .unwrap();
    assert!(
        made.status.success(),
        "{}",
        String::from_utf8_lossy(&made.stderr)
    );
    let secret = dir.join("data/secret").join(format!("{name}.in"));
    assert_eq!(made.stdout, fs::read(&secret).unwrap());
    let dmoj = bin()
        .args(["package", "--judge", "dmoj", "--format"])
        .arg(&file)
        .arg("-o")
        .arg(tmp.join("dmoj"))
        .output()
        .unwrap();
    assert_eq!(dmoj.status.code(), Some(2));
    assert!(!tmp.join("dmoj").exists());
    fs::remove_dir_all(&tmp).unwrap();
}
