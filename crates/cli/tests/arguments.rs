//! Arguments checked before any work: `--threads` clamped at 4 per core with a note, huge
//! counts, batches and limits refused with exit status 2 and the real reason, never a panic
//! or an allocation of what they ask; `-q` silencing every note but no error.

use crate::common::scratch;

use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_sudoku-judge"))
}

fn err(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// `sudoku-judge ARGS` refused with status 2 and `why` in its message, no panic.
fn refused(args: &[&str], why: &str) {
    let o = bin().args(args).stdin(Stdio::null()).output().unwrap();
    assert_eq!(o.status.code(), Some(2), "{args:?}: {}", err(&o));
    assert!(err(&o).contains(why), "{args:?}: {}", err(&o));
    assert!(!err(&o).contains("panicked"), "{args:?}: {}", err(&o));
}

#[test]
fn huge_stress_and_package_arguments_are_refused_with_the_reason() {
    let max = "18446744073709551615";
    refused(
        &[
            "stress", "-f", "poj2676", "--cmd", "cat", "--count", max, "--batch", max,
        ],
        "too large: at most 10000 cases per run",
    );
    refused(
        &[
            "stress",
            "-f",
            "poj2676",
            "--cmd",
            "cat",
            "--batch",
            "100000000",
        ],
        "too large: at most 10000 cases per run",
    );
    refused(
        &["stress", "-f", "poj2676", "--cmd", "cat", "--batch", "0"],
        "at least 1 case",
    );
    refused(
        &[
            "stress",
            "-f",
            "poj2676",
            "--cmd",
            "cat",
            "--timeout",
            "1e308",
        ],
        "'1e308' for '--timeout <SECS>': too large: at most 86400 seconds",
    );
    refused(
        &["stress", "-f", "poj2676", "--cmd", "cat", "--timeout=-1"],
        "must be more than 0 seconds",
    );
    refused(
        &[
            "stress",
            "-f",
            "poj2676",
            "--cmd",
            "cat",
            "--output-limit",
            "0",
        ],
        "must be at least 1 byte",
    );
    refused(
        &[
            "stress",
            "-f",
            "poj2676",
            "--cmd",
            "cat",
            "--memory-limit",
            "0",
        ],
        "must be more than 0",
    );
    refused(
        &[
            "stress",
            "-f",
            "poj2676",
            "--output-limit",
            "99999999999999G",
        ],
        "is too large",
    );
    let dir = scratch("args-package");
    let out = dir.join("pkg");
    refused(
        &[
            "package",
            "-f",
            "poj2676",
            "-o",
            out.to_str().unwrap(),
            "--count",
            max,
        ],
        "too large: at most 10000 cases per group",
    );
    assert!(!out.exists(), "nothing written");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `--threads` far past the cores is clamped at 4 per core, with a note; the process never
/// has more threads than that and its main thread (sampled from /proc while it runs: what is
/// seen is a lower bound of the peak, so the check can miss, never falsely fail).
#[test]
fn threads_are_clamped_at_four_per_core() {
    let most = 4 * cores();
    let dir = scratch("args-threads");
    let input = dir.join("many.in");
    let o = bin()
        .args(["gen", "-f", "line", "-n", "20000", "-s", "3", "-o"])
        .arg(&input)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    for threads in ["100000", "4294967296", "18446744073709551615"] {
        let mut child = bin()
            .args(["solve", "-f", "line", "--threads", threads, "-o"])
            .arg(dir.join("many.out"))
            .arg(&input)
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let task = Path::new("/proc").join(child.id().to_string()).join("task");
        let started = Instant::now();
        let mut peak = 0;
        while child.try_wait().unwrap().is_none() {
            if let Ok(tasks) = std::fs::read_dir(&task) {
                peak = peak.max(tasks.count());
            }
            assert!(started.elapsed() < Duration::from_secs(120), "solve hangs");
            std::thread::sleep(Duration::from_millis(2));
        }
        let o = child.wait_with_output().unwrap();
        assert_eq!(o.status.code(), Some(0), "{threads}: {}", err(&o));
        assert!(peak <= most + 1, "{threads}: {peak} threads, most {most}");
        let note = format!("note: --threads {threads}: using {most} (4 per core on");
        assert!(err(&o).contains(&note), "{threads}: {}", err(&o));
    }
    // Within the cap: no note.
    let o = bin()
        .args(["solve", "-f", "line", "--threads", "2", "-o"])
        .arg(dir.join("many.out"))
        .arg(&input)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert!(o.stderr.is_empty(), "{}", err(&o));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn quiet_silences_notes_and_seed_lines_but_not_errors() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let sample = root.join("testdata/poj2676/sample.in");
    let sample = sample.to_str().unwrap();
    let dir = scratch("quiet");
    let run = |args: &[&str]| bin().args(args).current_dir(&dir).output().unwrap();
    // A POJ 2676 file is also read by POJ 2918: solve says so in a note.
    let loud = run(&["solve", sample]);
    assert!(err(&loud).starts_with("note: "), "{}", err(&loud));
    for args in [&["-q", "solve", sample][..], &["solve", sample, "--quiet"]] {
        let quiet = run(args);
        assert_eq!(quiet.status.code(), Some(0), "{args:?}");
        assert_eq!(err(&quiet), "", "{args:?}");
        assert_eq!(quiet.stdout, loud.stdout, "{args:?}");
    }
    // gen says the seed it drew from the clock; with -q it does not, and a package's summary
    // and notes go too.
    assert!(err(&run(&["gen", "-f", "poj2676", "-n", "1"])).contains("seed"));
    let quiet = run(&["gen", "-q", "-f", "poj2676", "-n", "1"]);
    assert_eq!((quiet.status.code(), err(&quiet)), (Some(0), String::new()));
    let package = run(&[
        "package", "-q", "-f", "poj2676", "-n", "1", "-s", "1", "-o", "p",
    ]);
    assert_eq!(
        (package.status.code(), err(&package)),
        (Some(0), String::new())
    );
    assert!(dir.join("p/problem.yaml").exists());
    // Errors and verdicts are still said.
    let none = root.join("testdata/poj2676/no_solution.in");
    let quiet = run(&["solve", "-q", none.to_str().unwrap()]);
    assert_eq!(quiet.status.code(), Some(1));
    assert!(err(&quiet).contains("no solution"), "{}", err(&quiet));
    let quiet = run(&["solve", "-q", "no/such/file"]);
    assert_eq!(quiet.status.code(), Some(2));
    assert!(
        err(&quiet).starts_with("error: no/such/file"),
        "{}",
        err(&quiet)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_mistyped_format_gets_did_you_mean_not_every_name() {
    for sub in [
        "solve", "check", "validate", "show", "gen", "stress", "package",
    ] {
        let o = bin()
            .args([sub, "--format", "hdu406"])
            .stdin(Stdio::null())
            .output()
            .unwrap();
        let e = err(&o);
        assert!(
            e.contains("did you mean 'hdu4069'?") && e.contains("`sudoku-judge formats`"),
            "{sub}: {e}"
        );
        assert!(
            !e.contains("poj2676") && e.lines().count() < 6,
            "{sub}: {e}"
        );
        assert_eq!(o.status.code(), Some(if sub == "check" { 3 } else { 2 }));
    }
    refused(&["solve", "-f", "xml"], "no such format");
    // Names and aliases still read, and `auto`.
    let o = bin()
        .args(["solve", "-f", "poj3074", "-q"])
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/line/poj3074_sample.in"))
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
}
