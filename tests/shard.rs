//! Runs past one machine: `--shard K/N` outputs concatenated in order are the unsharded output,
//! for `solve` and `gen`, run through the real GNU parallel (scripts/shard-parallel.sh, on this
//! machine as its only host) and through the Slurm array script (scripts/shard-slurm.sh, each
//! array task run here with the environment Slurm gives it).

use crate::common::scratch;

use std::path::{Path, PathBuf};
use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_sudoku-judge");

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
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
