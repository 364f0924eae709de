//! Stopping `stress` while its program runs: SIGINT, SIGTERM and SIGHUP end it with 128 + the
//! signal and no process of the program left, even one that left the process group with
//! `setsid`; after a SIGKILL to `stress` its programs die too, even those that also cleared their
//! environment (`env -i`).

use crate::common::scratch;
use crate::procs::sleeping;

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// Generous: a loaded machine must not fail these tests.
const DEADLINE: Duration = Duration::from_secs(20);

/// A program that writes its processes' ids to `pids` and runs until killed: the shell, a
/// sleeper that left the group (`setsid`) and one in the background.
const PROGRAM: &str = r#"echo $$ >> "$1"
setsid sh -c 'echo $$ >> "$0"; exec sleep 1004' "$1" &
sleep 1005 &
echo $! >> "$1"
wait
"#;

/// `stress --cmd 'sh DIR/s.sh DIR/pids'`, started, and the directory.
fn start(tag: &str) -> (Child, PathBuf) {
    let dir = scratch(tag);
    let script = dir.join("s.sh");
    std::fs::write(&script, PROGRAM).unwrap();
    let cmd = format!("sh {} {}", script.display(), dir.join("pids").display());
    (stress_running(&dir, &cmd), dir)
}

/// `stress --cmd CMD` started with a time limit far past any test, saving under `dir/save`.
fn stress_running(dir: &Path, cmd: &str) -> Child {
    Command::new(env!("CARGO_BIN_EXE_sudoku-judge"))
        .args(["stress", "-f", "poj2676", "-s", "1", "--timeout", "600"])
        .arg("--save")
        .arg(dir.join("save"))
        .args(["--cmd", cmd])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// The ids in `dir/pids` once it holds `n` of them, each process running its own program
/// (past `exec`).
fn wait_for_pids(dir: &Path, n: usize, stress: &mut Child) -> Vec<String> {
    let started = Instant::now();
    loop {
        let pids: Vec<String> = std::fs::read_to_string(dir.join("pids"))
            .unwrap_or_default()
            .split_whitespace()
            .map(String::from)
            .collect();
        let sleeping = pids
            .iter()
            .filter(|p| {
                std::fs::read_to_string(format!("/proc/{p}/cmdline"))
                    .is_ok_and(|c| c.starts_with("sleep") || c.starts_with("sh"))
            })
            .count();
        if pids.len() >= n && sleeping >= n {
            return pids;
        }
        assert!(
            stress.try_wait().unwrap().is_none(),
            "stress ended before its program started"
        );
        assert!(started.elapsed() < DEADLINE, "only {pids:?} started");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Waits for `stress` to end; its exit code (`None` if killed by a signal) and stderr.
fn wait_end(mut stress: Child) -> (Option<i32>, String) {
    let started = Instant::now();
    let status = loop {
        if let Some(s) = stress.try_wait().unwrap() {
            break s;
        }
        assert!(started.elapsed() < DEADLINE, "stress did not end");
        std::thread::sleep(Duration::from_millis(20));
    };
    let mut err = String::new();
    stress
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    (status.code(), err)
}

/// A process still running with the mark of `stress` (`SUDOKU_JUDGE_RUN=<pid>.`), or, when
/// `zombies`, one of `pids` that is a zombie (killed but never reaped). Pids are recycled, so
/// a listed pid counts only with the mark or as a zombie.
fn left(stress: u32, pids: &[String], zombies: bool) -> Option<String> {
    let mark = format!("SUDOKU_JUDGE_RUN={stress}.");
    let marked = |pid: &str| {
        std::fs::read(format!("/proc/{pid}/environ"))
            .unwrap_or_default()
            .split(|&b| b == 0)
            .any(|v| v.starts_with(mark.as_bytes()))
    };
    let all = std::fs::read_dir("/proc").unwrap();
    for e in all.flatten() {
        let pid = e.file_name().to_string_lossy().into_owned();
        if pid.bytes().all(|b| b.is_ascii_digit()) && marked(&pid) {
            return Some(format!("process {pid} with the mark"));
        }
    }
    if zombies {
        for pid in pids {
            let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
            if stat
                .rfind(')')
                .is_some_and(|i| stat[i + 1..].trim_start().starts_with('Z'))
            {
                return Some(format!("zombie {pid}: {stat}"));
            }
        }
    }
    None
}

/// Nothing of `stress`'s runs is left, given up to [`DEADLINE`] to go.
fn nothing_left(stress: u32, pids: &[String], zombies: bool, err: &str) {
    let started = Instant::now();
    while let Some(what) = left(stress, pids, zombies) {
        assert!(started.elapsed() < DEADLINE, "{what} left behind\n{err}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn stopped_by(sig: libc::c_int, name: &str) {
    let (mut stress, dir) = start(&format!("signal-{name}"));
    let pid = stress.id();
    let pids = wait_for_pids(&dir, 3, &mut stress);
    // SAFETY: a signal to our own child, which has not been reaped (try_wait saw it running).
    assert_eq!(unsafe { libc::kill(pid as libc::pid_t, sig) }, 0);
    let (code, err) = wait_end(stress);
    assert_eq!(code, Some(128 + sig), "{err}");
    assert!(err.contains(&format!("stress: stopped by {name}")), "{err}");
    nothing_left(pid, &pids, true, &err);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn sigint_kills_the_program_and_what_it_started() {
    stopped_by(libc::SIGINT, "SIGINT");
}

#[test]
fn sigterm_kills_the_program_and_what_it_started() {
    stopped_by(libc::SIGTERM, "SIGTERM");
}

#[test]
fn sighup_kills_the_program_and_what_it_started() {
    stopped_by(libc::SIGHUP, "SIGHUP");
}

#[test]
fn sigkill_to_stress_takes_its_programs_too() {
    let (mut stress, dir) = start("signal-kill");
    let pid = stress.id();
    let pids = wait_for_pids(&dir, 3, &mut stress);
    stress.kill().unwrap();
    let (code, err) = wait_end(stress);
    assert_eq!(code, None, "killed by a signal: {err}");
    // What is killed after stress died is reaped by whoever inherits it, not by us: zombies
    // are not counted here, only processes still running.
    nothing_left(pid, &pids, false, &err);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn sigkill_to_stress_takes_what_cleared_its_environment_too() {
    // Two sleepers without the run's mark (`env -i`) in sessions of their own: one the
    // program's child, one handed to stress when its parent ended. The guard ends both.
    let id = std::process::id();
    let (a, b) = (format!("1000.{id}3"), format!("1000.{id}4"));
    let dir = scratch("signal-env-i");
    let cmd =
        format!("env -i setsid sleep {a} & sh -c 'env -i setsid sleep {b} &'; exec sleep 1000");
    let mut stress = stress_running(&dir, &cmd);
    let started = Instant::now();
    while sleeping(&a).is_empty() || sleeping(&b).is_empty() {
        assert!(
            stress.try_wait().unwrap().is_none(),
            "stress ended before its program started"
        );
        assert!(started.elapsed() < DEADLINE, "the sleepers did not start");
        std::thread::sleep(Duration::from_millis(20));
    }
    stress.kill().unwrap();
    let (code, err) = wait_end(stress);
    assert_eq!(code, None, "killed by a signal: {err}");
    let started = Instant::now();
    loop {
        let left: Vec<String> = [&a, &b].iter().flat_map(|s| sleeping(s)).collect();
        if left.is_empty() {
            break;
        }
        if started.elapsed() >= DEADLINE {
            for p in &left {
                // SAFETY: a signal to a process of this test's own making (its marker).
                unsafe { libc::kill(p.parse().unwrap(), libc::SIGKILL) };
            }
            panic!("left behind: {left:?}\n{err}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
