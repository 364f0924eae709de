//! Runs past one machine: `--shard K/N` outputs concatenated in order are the unsharded output,
//! for `solve` and `gen`, run through the real GNU parallel (scripts/shard-parallel.sh, on this
//! machine as its only host) and through the Slurm array script (scripts/shard-slurm.sh, each
//! array task run here with the environment Slurm gives it).

use crate::common::scratch;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_sudoku-judge");

/// The repository's top folder (this crate is crates/cli).
fn root() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
}

fn run(cmd: &mut Command) -> Vec<u8> {
    let out = cmd.output().expect("command runs");
    assert!(
        out.status.success(),
        "{cmd:?}: {:?}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

fn sj(args: &[&str]) -> Vec<u8> {
    run(Command::new(BIN).args(args))
}

/// A judge file and the unsharded answers to it.
fn files(dir: &Path, format: &str, count: &str) -> (String, Vec<u8>) {
    let input = dir.join(format!("{format}.in"));
    let input = input.to_str().unwrap().to_string();
    sj(&[
        "gen", "--format", format, "-n", count, "-s", "9", "-o", &input,
    ]);
    let whole = sj(&["solve", "--format", format, &input]);
    (input, whole)
}

#[test]
fn gnu_parallel_shards_join_to_the_whole_run() {
    if Command::new("parallel").arg("--version").output().is_err() {
        // `make test` needs only the Rust toolchain; .ci/run installs GNU parallel and sets
        // SUDOKU_JUDGE_REQUIRE_TOOLS so that there this test cannot pass by skipping.
        assert!(
            std::env::var_os("SUDOKU_JUDGE_REQUIRE_TOOLS").is_none(),
            "GNU parallel is needed (apt-get install parallel)"
        );
        eprintln!("SKIPPED: GNU parallel is not installed (apt-get install parallel)");
        return;
    }
    let dir = scratch("shard");
    let script = root().join("scripts/shard-parallel.sh");
    for (format, count) in [("hdu4069", "300"), ("uva10957", "200")] {
        let (input, whole) = files(&dir, format, count);
        for shards in ["1", "3", "7"] {
            let got = run(Command::new("sh")
                .arg(&script)
                .args([shards, ":", "solve", "--format", format, &input])
                .env("SUDOKU_JUDGE", BIN));
            assert_eq!(got, whole, "{format} in {shards} shards");
        }
        // gen too: the sharded set is the set.
        let set = sj(&["gen", "--format", format, "-n", count, "-s", "9"]);
        let got = run(Command::new("sh")
            .arg(&script)
            .args(["4", ":", "gen", "--format", format, "-n", count, "-s", "9"])
            .env("SUDOKU_JUDGE", BIN));
        assert_eq!(got, set, "gen {format} in 4 shards");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn slurm_array_tasks_join_to_the_whole_run() {
    let dir = scratch("shard");
    let script = root().join("scripts/shard-slurm.sh");
    let (input, whole) = files(&dir, "poj2676", "250");
    // An array submitted as --array=4-8: five tasks, numbered from 4.
    let mut joined = Vec::new();
    for id in 4..=8 {
        joined.extend(run(Command::new("sh")
            .arg(&script)
            .args(["solve", "--format", "poj2676", &input])
            .env("SUDOKU_JUDGE", BIN)
            .env("SLURM_ARRAY_TASK_ID", id.to_string())
            .env("SLURM_ARRAY_TASK_MIN", "4")
            .env("SLURM_ARRAY_TASK_MAX", "8")));
    }
    assert_eq!(joined, whole);
    // Outside Slurm the script refuses to run.
    let out = Command::new("sh")
        .arg(&script)
        .args(["solve", &input])
        .env_remove("SLURM_ARRAY_TASK_ID")
        .output()
        .unwrap();
    assert!(!out.status.success());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_malformed_input_is_reported_by_the_last_shard_only() {
    let dir = scratch("shard");
    let (input, _) = files(&dir, "hdu4069", "40");
    let bad = dir.join("bad.in");
    let mut bytes = std::fs::read(&input).unwrap();
    bytes.extend_from_slice(b"junk\n");
    std::fs::write(&bad, &bytes).unwrap();
    let bad = bad.to_str().unwrap();
    let whole = Command::new(BIN).args(["solve", bad]).output().unwrap();
    assert_eq!(whole.status.code(), Some(2));
    let mut joined = Vec::new();
    for k in 0..3 {
        let out = Command::new(BIN)
            .args(["solve", "--shard", &format!("{k}/3"), bad])
            .output()
            .unwrap();
        let want = if k == 2 { 2 } else { 0 };
        assert_eq!(out.status.code(), Some(want), "shard {k}");
        assert_eq!(out.stderr.is_empty(), k != 2, "shard {k}");
        joined.extend(out.stdout);
    }
    assert_eq!(joined, whole.stdout);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// What `solve --shard` says of an input it cannot read twice.
const NOT_TWICE: &str = "error: --shard needs exactly one input file, a regular file (it is read \
                         twice), not stdin or a pipe\n";

/// Waits for `child`; one that has not ended in two minutes hangs, and fails the test (killed,
/// so that no process is left behind).
fn finish(mut child: Child, what: &str) -> Output {
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > Duration::from_secs(120) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{what}: solve hangs");
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    child.wait_with_output().unwrap()
}

/// A shard reads its input twice, so only a regular file will do: stdin, `/dev/stdin` on a pipe
/// and a FIFO are refused (status 2, the same message, nothing written). On a pipe the second
/// reading found nothing (shard 0 printed nothing and exited 0); a FIFO's second open waited
/// for ever for a writer. A symbolic link to a regular file is that file.
#[test]
fn a_shard_of_stdin_a_pipe_or_a_fifo_is_refused() {
    let dir = scratch("shard");
    let (input, whole) = files(&dir, "poj2676", "6");
    let bytes = std::fs::read(&input).unwrap();
    for arg in ["-", "/dev/stdin"] {
        let mut child = Command::new(BIN)
            .args(["solve", "--format", "poj2676", "--shard", "0/2", arg])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        let data = bytes.clone();
        // Refused, solve may close the pipe before it is written: that write's error is fine.
        let writer = std::thread::spawn(move || drop(stdin.write_all(&data)));
        let out = finish(child, arg);
        writer.join().unwrap();
        assert_eq!(out.status.code(), Some(2), "{arg}");
        assert_eq!(String::from_utf8_lossy(&out.stderr), NOT_TWICE, "{arg}");
        assert!(out.stdout.is_empty(), "{arg}");
    }
    let fifo = dir.join("fifo");
    let name = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
    // SAFETY: a valid NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(name.as_ptr(), 0o600) }, 0, "mkfifo");
    let child = Command::new(BIN)
        .args(["solve", "--format", "poj2676", "--shard", "1/2"])
        .arg(&fifo)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The writer's open waits for solve's; its writes may meet a reader already gone.
    let path = fifo.clone();
    let data = bytes.clone();
    let writer = std::thread::spawn(move || {
        let mut w = std::fs::OpenOptions::new().write(true).open(path).unwrap();
        drop(w.write_all(&data));
    });
    let out = finish(child, "fifo");
    writer.join().unwrap();
    assert_eq!(out.status.code(), Some(2), "fifo");
    assert_eq!(String::from_utf8_lossy(&out.stderr), NOT_TWICE, "fifo");
    assert!(out.stdout.is_empty(), "fifo");
    // A link to the file is read twice like the file.
    let link = dir.join("link.in");
    std::os::unix::fs::symlink(&input, &link).unwrap();
    let mut joined = Vec::new();
    for k in 0..2 {
        let shard = format!("{k}/2");
        joined.extend(run(Command::new(BIN)
            .args(["solve", "--format", "poj2676", "--shard", &shard])
            .arg(&link)));
    }
    assert_eq!(joined, whole);
    std::fs::remove_dir_all(&dir).unwrap();
}
