//! `sudoku-judge stress --cmd` against hostile programs: one that spews stdout, one that spews
//! stderr, one that never reads its input, one that closes stdin at once, one that forks
//! sleepers that outlive it (one of them with its environment cleared and in a session of its
//! own), one that allocates without end. Each must get its own verdict, small saved files, our
//! peak memory under 64 MiB, and no process of it left behind. And a program starts as from a
//! shell: no signal blocked or ignored.

mod common;
#[path = "common/procs.rs"]
mod procs;
use common::scratch;
use procs::sleeping;

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const MIB: u64 = 1 << 20;

/// What a `stress` run left: exit code, stderr, peak memory and the save directory.
struct Ran {
    code: i32,
    err: String,
    /// Peak resident memory from `wait4`: ours, or that of a child we reaped if larger, so
    /// an upper bound on ours (the programs here stay small: `--memory-limit 32` at most).
    peak: u64,
    dir: PathBuf,
    /// The `stress` process's id: the prefix of the mark on every process of its runs.
    pid: u32,
}

impl Ran {
    fn size(&self, file: &str) -> u64 {
        std::fs::metadata(self.dir.join(file))
            .unwrap_or_else(|e| panic!("{file}: {e}\n{}", self.err))
            .len()
    }

    fn read(&self, file: &str) -> Vec<u8> {
        std::fs::read(self.dir.join(file)).unwrap()
    }

    /// Every process the program wrote into `pids` is gone: not running, not a zombie. A pid
    /// still in /proc is ours only if it carries the mark `stress` gives its programs
    /// (`SUDOKU_JUDGE_RUN=<stress pid>.<n>`) or is a zombie: pids are recycled (32,768 of them
    /// by default, and the test suite starts many processes). What was killed gets up to 20 s
    /// to be gone, so a loaded machine does not fail this test.
    fn nothing_left_behind(&self) {
        let pids = std::fs::read_to_string(self.dir.join("pids")).unwrap();
        assert!(!pids.is_empty());
        let mark = format!("SUDOKU_JUDGE_RUN={}.", self.pid);
        let ours = |pid: &str| -> Option<String> {
            let proc = Path::new("/proc").join(pid);
            let stat = std::fs::read_to_string(proc.join("stat")).ok()?;
            let env = std::fs::read(proc.join("environ")).unwrap_or_default();
            let marked = env
                .split(|&b| b == 0)
                .any(|v| v.starts_with(mark.as_bytes()));
            let zombie = stat
                .rfind(')')
                .is_some_and(|i| stat[i + 1..].trim_start().starts_with('Z'));
            (marked || zombie).then_some(stat)
        };
        let deadline = Instant::now() + Duration::from_secs(20);
        for pid in pids.split_whitespace() {
            while let Some(stat) = ours(pid) {
                assert!(
                    Instant::now() < deadline,
                    "process {pid} left behind: {stat}\n{}",
                    self.err
                );
                std::thread::sleep(Duration::from_millis(20));
            }
        }
    }

    fn small(&self) {
        assert!(
            self.peak < 64 * MIB,
            "peak memory {} bytes\n{}",
            self.peak,
            self.err
        );
    }
}

impl Drop for Ran {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// `stress -f poj2676 -s 1 ARGS --cmd CMD`, where CMD first writes its shell's pid to `pids`
/// (the word `PIDS` in CMD names that file too).
#[expect(
    clippy::zombie_processes,
    reason = "reaped by wait4, which also gives its peak memory"
)]
fn stress(name: &str, args: &[&str], cmd: &str) -> Ran {
    let dir = scratch(&format!("hostile-{name}"));
    let pids = dir.join("pids");
    let cmd = format!(
        "echo $$ >> {p}; {}",
        cmd.replace("PIDS", &pids.display().to_string()),
        p = pids.display()
    );
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku-judge"))
        .args(["stress", "-f", "poj2676", "-s", "1"])
        .args(args)
        .arg("--save")
        .arg(&dir)
        .args(["--cmd", &cmd])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    let mut status = 0;
    // SAFETY: rusage is plain data; wait4 fills it and the status for our own child.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let r = unsafe { libc::wait4(child.id() as libc::pid_t, &mut status, 0, &mut usage) };
    assert_eq!(r, child.id() as libc::pid_t);
    assert!(libc::WIFEXITED(status), "stress died: {status}\n{err}");
    Ran {
        code: libc::WEXITSTATUS(status),
        err,
        peak: usage.ru_maxrss as u64 * 1024,
        dir,
        pid: child.id(),
    }
}

/// The saved output is cut to `limit` bytes and ends with the line that says so.
fn cut_at(r: &Ran, file: &str, limit: u64) {
    let out = r.read(file);
    assert!(
        out.len() as u64 <= limit + 256,
        "{file}: {} bytes",
        out.len()
    );
    let tail = String::from_utf8_lossy(&out[out.len() - 200..]);
    assert!(
        tail.contains("[sudoku-judge stress: output cut here: the program wrote more than"),
        "{tail}"
    );
}

#[test]
fn spewing_stdout_is_an_output_limit_and_saved_cut() {
    let r = stress(
        "stdout",
        &["-n", "10", "--output-limit", "1M", "--timeout", "10"],
        "yes 123456789",
    );
    assert_eq!(r.code, 1, "{}", r.err);
    assert!(
        r.err
            .contains("fails: output limit exceeded: more than 1 MiB on stdout"),
        "{}",
        r.err
    );
    assert!(
        r.err
            .contains("fail.out cut: the program wrote more than 1 MiB"),
        "{}",
        r.err
    );
    cut_at(&r, "fail.out", MIB);
    cut_at(&r, "fail-min.out", MIB);
    assert!(r.read("fail.out").starts_with(b"123456789\n123456789\n"));
    r.small();
    r.nothing_left_behind();
}

#[test]
fn spewing_stdout_at_the_default_limit_keeps_us_small() {
    // 64 MiB may be written; stress keeps 16 MiB of it and saves that.
    let r = stress("default", &["-n", "10"], "yes 123456789");
    assert_eq!(r.code, 1, "{}", r.err);
    assert!(
        r.err
            .contains("output limit exceeded: more than 64 MiB on stdout"),
        "{}",
        r.err
    );
    cut_at(&r, "fail.out", 16 * MIB);
    r.small();
    r.nothing_left_behind();
}

#[test]
fn spewing_stderr_is_an_output_limit_on_stderr() {
    let r = stress(
        "stderr",
        &["-n", "10", "--output-limit", "1M", "--timeout", "10"],
        "yes 'error: ' >&2",
    );
    assert_eq!(r.code, 1, "{}", r.err);
    assert!(
        r.err
            .contains("fails: output limit exceeded: more than 1 MiB on stderr"),
        "{}",
        r.err
    );
    assert_eq!(r.size("fail.out"), 0);
    assert!(r.err.len() < 4096, "the report is short: {}", r.err.len());
    r.small();
    r.nothing_left_behind();
}

#[test]
fn never_reading_a_large_input_is_a_time_limit_that_says_so() {
    // 1000 cases, 90 KB: more than a pipe holds, so the writer would block.
    let r = stress(
        "noread",
        &["-n", "1000", "--batch", "1000", "--timeout", "0.5"],
        "sleep 1000",
    );
    assert_eq!(r.code, 1, "{}", r.err);
    assert!(r.err.contains("fails: time limit exceeded: still running after 0.5 s; it stopped reading its input after"), "{}", r.err);
    assert_eq!(r.size("fail.in"), 90005);
    assert_eq!(r.size("fail.out"), 0);
    r.small();
    r.nothing_left_behind();
}

#[test]
fn closing_stdin_at_once_is_reported() {
    let r = stress(
        "close",
        &["-n", "1000", "--batch", "1000", "--timeout", "5"],
        "exec 0<&-; echo 123",
    );
    assert_eq!(r.code, 1, "{}", r.err);
    assert!(
        r.err.contains("fails: stopped reading its input: only "),
        "{}",
        r.err
    );
    assert!(
        r.err
            .contains("of 90005 bytes taken, then exit status 0; the judge says"),
        "{}",
        r.err
    );
    assert_eq!(r.read("fail.out"), b"123\n");
    r.small();
    r.nothing_left_behind();
}

#[test]
fn sleepers_it_forks_are_killed_and_reaped() {
    // One in its process group, one that left it with setsid.
    let fork = "sleep 1000 & echo $! >> PIDS; setsid sleep 1000 & echo $! >> PIDS";
    let r = stress(
        "fork",
        &["-n", "10", "--timeout", "5"],
        &format!("{fork}; echo 123"),
    );
    assert_eq!(r.code, 1, "{}", r.err);
    assert!(
        r.err
            .contains("it left 2 processes behind (killed and reaped)"),
        "{}",
        r.err
    );
    assert_eq!(r.read("fail-min.out"), b"123\n");
    r.small();
    r.nothing_left_behind();
    // A right answer with sleepers behind it is accepted, and the sleepers still go.
    let solve = format!("{} solve -", env!("CARGO_BIN_EXE_sudoku-judge"));
    let r = stress(
        "fork-ok",
        &["-n", "30", "--timeout", "5"],
        &format!("{fork}; exec {solve}"),
    );
    assert_eq!(r.code, 0, "{}", r.err);
    assert!(
        r.err.contains("30 poj2676 cases (seed 1) accepted"),
        "{}",
        r.err
    );
    assert_eq!(
        std::fs::read_to_string(r.dir.join("pids"))
            .unwrap()
            .lines()
            .count(),
        9
    );
    r.nothing_left_behind();
}

#[test]
fn allocating_without_end_is_a_memory_limit() {
    let grow = "python3 -c 'x = []\nwhile True: x.append(bytearray(1 << 20))'";
    let r = stress(
        "alloc",
        &["-n", "10", "--timeout", "10", "--memory-limit", "32"],
        grow,
    );
    assert_eq!(r.code, 1, "{}", r.err);
    assert!(
        r.err
            .contains("fails: memory limit exceeded: exit status 1; stderr: MemoryError"),
        "{}",
        r.err
    );
    assert_eq!(r.size("fail.out"), 0);
    r.small();
    r.nothing_left_behind();
}

/// No process `sleep SECS` is left, given up to 20 s to go; those found are killed before the
/// test fails, so a failure leaves nothing running.
fn no_sleeper_left(secs: &str, err: &str) {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let left = sleeping(secs);
        if left.is_empty() {
            return;
        }
        if Instant::now() >= deadline {
            for p in &left {
                // SAFETY: a signal to a process of this test's own making (its marker).
                unsafe { libc::kill(p.parse().unwrap(), libc::SIGKILL) };
            }
            panic!("sleep {secs} left behind: {left:?}\n{err}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn a_process_that_clears_its_environment_and_leaves_the_session_is_ended() {
    // `env -i` drops the run's mark, `setsid` the group: it comes to stress (the subreaper)
    // when the shell ends, and stress ends it, on the failing run and on each shrinking run.
    let secs = format!("1000.{}1", std::process::id());
    let r = stress(
        "env-i",
        &["-n", "1", "--batch", "1", "--timeout", "10"],
        &format!("env -i setsid sleep {secs} & cat >/dev/null; echo 1"),
    );
    assert_eq!(r.code, 1, "{}", r.err);
    assert!(
        r.err
            .contains("it left 1 process behind (killed and reaped)"),
        "{}",
        r.err
    );
    no_sleeper_left(&secs, &r.err);
    r.nothing_left_behind();
}

#[test]
fn a_program_starts_with_no_signal_blocked_or_ignored() {
    // As from a shell: SIGTERM to itself kills it, and /proc shows no signal blocked or
    // ignored (`exec`: the shell does not reset its mask before running the program).
    let r = stress(
        "sigterm",
        &["-n", "1", "--batch", "1", "--timeout", "10"],
        "exec python3 -c 'import signal, os; os.kill(os.getpid(), signal.SIGTERM); print(1)'",
    );
    assert_eq!(r.code, 1, "{}", r.err);
    assert!(
        r.err
            .contains("fails: runtime error: killed by signal 15 (SIGTERM)"),
        "{}",
        r.err
    );
    let r = stress(
        "sigmask",
        &["-n", "1", "--batch", "1", "--timeout", "10"],
        "exec grep -E '^Sig(Blk|Ign)' /proc/self/status",
    );
    assert_eq!(r.code, 1, "{}", r.err);
    let out = String::from_utf8_lossy(&r.read("fail.out")).into_owned();
    let mask = |name: &str| {
        let line = out.lines().find_map(|l| l.strip_prefix(name));
        u64::from_str_radix(line.expect(&out).trim(), 16).expect(&out)
    };
    assert_eq!(mask("SigBlk:"), 0, "{out}\n{}", r.err);
    // What stress takes or ignores is at its default (what else is ignored came from whoever
    // started the tests, as it would to a shell).
    let taken = [libc::SIGHUP, libc::SIGINT, libc::SIGPIPE, libc::SIGTERM];
    let bits = taken.iter().fold(0u64, |m, &s| m | 1 << (s - 1));
    assert_eq!(mask("SigIgn:") & bits, 0, "{out}\n{}", r.err);
}
