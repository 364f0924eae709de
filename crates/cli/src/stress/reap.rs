//! Leaving nothing behind: a run's process group is killed, and the program, whatever it left
//! running when it ended and whatever escaped its group (`setsid`) are killed and reaped. The
//! peak memory of what was reaped comes back for the memory-limit verdict.
//!
//! Orphans normally go to init, which in a container may never reap them; so this process
//! makes itself a child subreaper (Linux) and the orphans of a run come to us. Every process
//! that comes to us is ours to end: at a run's end each of our children is killed and reaped
//! (with its process group when it leads one), whatever its environment says, except what
//! belongs to another run still going in another thread (its program, processes in its group
//! or carrying its mark in their environment, and those its end has claimed: once killed, a
//! process shows no environment). Processes that left the group and are not yet
//! our children are found by that mark (`SUDOKU_JUDGE_RUN`), which `env -i` can clear: such a
//! process is ended once its parent's death hands it to us, which killing the group brings
//! about.
//!
//! The live runs are listed in [`RUNS`]; a program is started and listed under its lock, so a
//! sweep of our children never takes another run's program for an orphan. Children started
//! otherwise than by `child::run` are not told apart: a process that has children of its own
//! besides its runs would see them ended at a run's end (`sudoku-judge` has none).

use std::io;
use std::os::unix::process::ExitStatusExt;
use std::process::ExitStatus;
use std::process::{Child, Command};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// The environment variable that marks every process of one run.
pub const MARK_VAR: &str = "SUDOKU_JUDGE_RUN";

/// How long killed processes get to die before we stop waiting for them: long enough for a
/// loaded machine (a finish normally takes well under a millisecond and never waits this out).
const GRACE: Duration = Duration::from_secs(10);

/// A mark no other run of this process shares.
pub fn new_mark() -> String {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    format!(
        "{}.{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    )
}

/// Has the orphans of our descendants reparented to this process (Linux; elsewhere a no-op).
pub fn become_subreaper() {
    #[cfg(target_os = "linux")]
    {
        static ONCE: std::sync::Once = std::sync::Once::new();
        // SAFETY: prctl with integer arguments only changes this process's reaper flag.
        ONCE.call_once(|| unsafe {
            libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
        });
    }
}

/// One run going on in this process.
struct Live {
    /// The program's pid, the leader of its process group.
    pid: libc::pid_t,
    mark: String,
    /// Children of ours that this run's end has taken as its own to kill and reap. Once killed
    /// they may show no environment (no mark) and a group of their own: listed here, no other
    /// run's sweep takes them for nobody's.
    claimed: Vec<libc::pid_t>,
}

/// The runs going on in this process. Held while a program is started and listed, and while a
/// run's end sweeps our children.
static RUNS: Mutex<Vec<Live>> = Mutex::new(Vec::new());

fn runs() -> MutexGuard<'static, Vec<Live>> {
    RUNS.lock().unwrap_or_else(|e| e.into_inner())
}

/// Starts `command` (which must give the child `mark` in `MARK_VAR` and its own process
/// group) and lists it as a live run, both under the lock of [`RUNS`].
pub fn spawn(command: &mut Command, mark: String) -> io::Result<(Child, Group)> {
    let mut live = runs();
    let child = command.spawn()?;
    let pid = child.id() as libc::pid_t;
    live.push(Live {
        pid,
        mark: mark.clone(),
        claimed: Vec::new(),
    });
    Ok((child, Group::new(pid as u32, mark)))
}

/// The processes of one run: the program (the leader of its own process group) and what it
/// started. Dropping it kills and reaps them all, so an early return cannot leave any behind.
pub struct Group {
    pid: libc::pid_t,
    mark: String,
    status: Option<ExitStatus>,
    peak_rss: u64,
    strays: u32,
    finished: bool,
}

impl Group {
    /// `pid` leads its own process group; `mark` is in its environment.
    pub fn new(pid: u32, mark: String) -> Self {
        Group {
            pid: pid as libc::pid_t,
            mark,
            status: None,
            peak_rss: 0,
            strays: 0,
            finished: false,
        }
    }

    pub fn pid(&self) -> libc::pid_t {
        self.pid
    }

    /// The program's status once it has ended (it is reaped then), without waiting.
    pub fn try_wait(&mut self) -> io::Result<Option<ExitStatus>> {
        if self.status.is_none()
            && let Some((_, s, rss)) = wait(self.pid, libc::WNOHANG)?
        {
            self.status = Some(s);
            self.peak_rss = self.peak_rss.max(rss);
        }
        Ok(self.status)
    }

    /// Kills the group and every marked process and reaps them all. Returns the program's
    /// status, the largest peak resident memory in bytes of what was reaped (a process's figure
    /// covers the children it reaped itself) and how many processes other than the program
    /// were reaped: those it left behind, running or unreaped, if it ended by itself.
    pub fn finish(&mut self) -> io::Result<(ExitStatus, u64, u32)> {
        self.finished = true;
        kill(-self.pid);
        if self.status.is_none() {
            // Killed just above if it was still running: this wait is short.
            if let Some((_, s, rss)) = wait(self.pid, 0)? {
                self.status = Some(s);
                self.peak_rss = self.peak_rss.max(rss);
            }
        }
        let status = self
            .status
            .unwrap_or_else(|| ExitStatus::from_raw(libc::SIGKILL));
        let mut groups = vec![self.pid];
        let deadline = Instant::now() + GRACE;
        loop {
            let mut pending = false;
            for &g in &groups {
                kill(-g);
                loop {
                    match wait(-g, libc::WNOHANG) {
                        Ok(Some((_, _, rss))) => {
                            self.peak_rss = self.peak_rss.max(rss);
                            self.strays += 1;
                        }
                        // Children of ours in the group, killed but not dead yet.
                        Ok(None) => {
                            pending = true;
                            break;
                        }
                        Err(e) if e.raw_os_error() == Some(libc::ECHILD) => break,
                        Err(e) => return Err(e),
                    }
                }
            }
            // Everything that came to us and is no other live run's: what the program left
            // behind, `env -i` and `setsid` or not.
            for child in adopted(&self.mark, self.pid) {
                if child.zombie {
                    // Not an error if another thread (a stop by signal) reaped it first.
                    if let Ok(Some((_, _, rss))) = wait(child.pid, libc::WNOHANG) {
                        self.peak_rss = self.peak_rss.max(rss);
                        self.strays += 1;
                    }
                    continue;
                }
                kill(child.pid);
                if (child.pgrp == child.pid || child.marked)
                    && child.pgrp > 1
                    && child.pgrp != own_group()
                    && !groups.contains(&child.pgrp)
                {
                    groups.push(child.pgrp);
                }
                pending = true;
            }
            if !pending || Instant::now() >= deadline {
                self.unlist();
                return Ok((status, self.peak_rss, self.strays));
            }
            std::thread::sleep(Duration::from_micros(500));
        }
    }

    /// No longer a live run.
    fn unlist(&self) {
        runs().retain(|r| r.pid != self.pid);
    }
}

impl Drop for Group {
    fn drop(&mut self) {
        if !self.finished {
            let _ = self.finish();
        }
        self.unlist();
    }
}

/// Our process group.
fn own_group() -> libc::pid_t {
    // SAFETY: getpgrp has no arguments and cannot fail.
    unsafe { libc::getpgrp() }
}

/// A child of ours that a run's end is to kill or reap.
struct Adopted {
    pid: libc::pid_t,
    pgrp: libc::pid_t,
    zombie: bool,
    /// It carries the ending run's mark.
    marked: bool,
}

/// Our children that are the ending run's (leader `leader`, mark `mark`) or nobody's: all but
/// another live run's program, the processes in its group, those carrying its mark and those
/// it has claimed. What is found is claimed for the ending run. Taken under the lock of
/// [`RUNS`], so that no program is being started meanwhile.
#[cfg(target_os = "linux")]
fn adopted(mark: &str, leader: libc::pid_t) -> Vec<Adopted> {
    let mut live = runs();
    let found = unclaimed(&live, mark, leader);
    if let Some(own) = live.iter_mut().find(|r| r.pid == leader) {
        for child in &found {
            if !own.claimed.contains(&child.pid) {
                own.claimed.push(child.pid);
            }
        }
    }
    found
}

/// The children `adopted` finds, before they are claimed.
#[cfg(target_os = "linux")]
fn unclaimed(live: &[Live], mark: &str, leader: libc::pid_t) -> Vec<Adopted> {
    let others: Vec<&Live> = live.iter().filter(|r| r.pid != leader).collect();
    let ours = format!("{MARK_VAR}={mark}");
    let mut found = Vec::new();
    let Ok(tasks) = std::fs::read_dir("/proc/self/task") else {
        return found;
    };
    for task in tasks.flatten() {
        let Ok(list) = std::fs::read_to_string(task.path().join("children")) else {
            continue;
        };
        for pid in list.split_whitespace().filter_map(|p| p.parse().ok()) {
            let Some((state, pgrp)) = state_and_group(pid) else {
                continue;
            };
            if others.iter().any(|r| {
                r.pid == pid
                    || r.pid == pgrp
                    || r.claimed.contains(&pid)
                    || r.claimed.contains(&pgrp)
            }) {
                continue;
            }
            let env = std::fs::read(format!("/proc/{pid}/environ")).unwrap_or_default();
            let vars = || env.split(|&b| b == 0);
            let marked = vars().any(|v| v == ours.as_bytes());
            let theirs = vars().any(|v| {
                others
                    .iter()
                    .any(|r| v == format!("{MARK_VAR}={}", r.mark).as_bytes())
            });
            if !theirs {
                found.push(Adopted {
                    pid,
                    pgrp,
                    zombie: state == 'Z',
                    marked,
                });
            }
        }
    }
    found
}

/// Kills every process of every run of this process: the process groups and processes that
/// carry its mark (`SUDOKU_JUDGE_RUN=<our pid>.`, wherever they are in the process tree), and
/// every child of ours (a program caught inside `execve` shows no environment yet); reaps what
/// comes to us; and goes on until none is left or [`GRACE`] has passed. For a stop by signal,
/// while another thread may be inside a run: its waits then find their processes gone.
pub fn kill_all_runs() {
    let prefix = format!("{MARK_VAR}={}.", std::process::id());
    // SAFETY: getpgrp has no arguments and cannot fail.
    let own_group = unsafe { libc::getpgrp() };
    let deadline = Instant::now() + GRACE;
    loop {
        let mut left = false;
        for (pid, pgrp) in marked_anywhere(&prefix) {
            // Never our own group: a program may have joined it, and our caller is in it.
            if pgrp > 1 && pgrp != own_group {
                kill(-pgrp);
            }
            kill(pid);
            left = true;
        }
        for pid in children() {
            kill(pid);
            left = true;
        }
        loop {
            match wait(-1, libc::WNOHANG) {
                Ok(Some(_)) => {}
                // Children of ours, killed but not dead yet.
                Ok(None) => {
                    left = true;
                    break;
                }
                Err(_) => break,
            }
        }
        if !left || Instant::now() >= deadline {
            return;
        }
        std::thread::sleep(Duration::from_micros(500));
    }
}

/// Kills every living process that carries the run mark of `stress` (a process id; its runs'
/// marks are `<stress>.<n>`) or holds the pipe `pipe` open (the guard's pipe, which every
/// program inherits: see `guard`), with their process groups, until none is left or [`GRACE`]
/// has passed. For the guard that outlives a `stress` killed by SIGKILL: a process that cleared
/// its environment and left the session is found by the pipe.
pub fn kill_marked(stress: u32, pipe: Option<u64>) {
    let prefix = format!("{MARK_VAR}={stress}.");
    let own_group = own_group();
    let deadline = Instant::now() + GRACE;
    loop {
        let mut marked = marked_anywhere(&prefix);
        if let Some(ino) = pipe {
            marked.extend(holding_pipe(ino));
        }
        if marked.is_empty() || Instant::now() >= deadline {
            return;
        }
        for (pid, pgrp) in marked {
            if pgrp > 1 && pgrp != own_group {
                kill(-pgrp);
            }
            kill(pid);
        }
        std::thread::sleep(Duration::from_millis(1));
    }
}

/// The pid of every process in `/proc` (none where it cannot be read).
#[cfg(target_os = "linux")]
fn all_processes() -> impl Iterator<Item = libc::pid_t> {
    std::fs::read_dir("/proc")
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| e.file_name().to_str()?.parse::<libc::pid_t>().ok())
}

/// Every living process but us that has the pipe of inode `ino` open, with its process group.
#[cfg(target_os = "linux")]
fn holding_pipe(ino: u64) -> Vec<(libc::pid_t, libc::pid_t)> {
    let me = std::process::id() as libc::pid_t;
    let link = std::ffi::OsString::from(format!("pipe:[{ino}]"));
    let mut found = Vec::new();
    for pid in all_processes().filter(|&p| p != me) {
        let Ok(fds) = std::fs::read_dir(format!("/proc/{pid}/fd")) else {
            continue;
        };
        let holds = fds
            .flatten()
            .any(|fd| std::fs::read_link(fd.path()).is_ok_and(|l| l.as_os_str() == link));
        if holds
            && let Some((state, pgrp)) = state_and_group(pid)
            && state != 'Z'
        {
            found.push((pid, pgrp));
        }
    }
    found
}

#[cfg(not(target_os = "linux"))]
fn holding_pipe(_ino: u64) -> Vec<(libc::pid_t, libc::pid_t)> {
    Vec::new()
}

/// SIGKILL to a process, or to a process group when `pid` is negative; quietly, as it may be
/// gone already.
fn kill(pid: libc::pid_t) {
    // SAFETY: kill has no memory effects; a wrong pid only gives ESRCH.
    unsafe {
        libc::kill(pid, libc::SIGKILL);
    }
}

/// `wait4`: the pid reaped, its status and peak resident memory in bytes; `None` with `WNOHANG`
/// when nothing has ended yet.
fn wait(
    pid: libc::pid_t,
    flags: libc::c_int,
) -> io::Result<Option<(libc::pid_t, ExitStatus, u64)>> {
    let mut status = 0;
    // SAFETY: rusage is plain data; all zeroes is a valid value.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    loop {
        // SAFETY: both pointers are to live locals of the right types.
        let r = unsafe { libc::wait4(pid, &mut status, flags, &mut usage) };
        if r > 0 {
            // Linux counts ru_maxrss in KiB.
            let rss = (usage.ru_maxrss.max(0) as u64) * 1024;
            return Ok(Some((r, ExitStatus::from_raw(status), rss)));
        }
        if r == 0 {
            return Ok(None);
        }
        let e = io::Error::last_os_error();
        if e.kind() != io::ErrorKind::Interrupted {
            return Err(e);
        }
    }
}

/// Our living children.
#[cfg(target_os = "linux")]
fn children() -> Vec<libc::pid_t> {
    let mut found = Vec::new();
    let Ok(tasks) = std::fs::read_dir("/proc/self/task") else {
        return found;
    };
    for task in tasks.flatten() {
        if let Ok(list) = std::fs::read_to_string(task.path().join("children")) {
            found.extend(
                list.split_whitespace()
                    .filter_map(|p| p.parse::<libc::pid_t>().ok())
                    .filter(|&p| state_of(p).is_some_and(|s| s != 'Z')),
            );
        }
    }
    found
}

/// Every living process whose environment has a variable starting with `prefix`, with its
/// process group: all of `/proc`, as a run's processes need not be our children.
#[cfg(target_os = "linux")]
fn marked_anywhere(prefix: &str) -> Vec<(libc::pid_t, libc::pid_t)> {
    let mut found = Vec::new();
    for pid in all_processes() {
        let Ok(env) = std::fs::read(format!("/proc/{pid}/environ")) else {
            continue;
        };
        if env
            .split(|&b| b == 0)
            .any(|v| v.starts_with(prefix.as_bytes()))
            && let Some(pgrp) = pgrp_of(pid)
        {
            found.push((pid, pgrp));
        }
    }
    found
}

#[cfg(not(target_os = "linux"))]
fn children() -> Vec<libc::pid_t> {
    Vec::new()
}

#[cfg(not(target_os = "linux"))]
fn marked_anywhere(_prefix: &str) -> Vec<(libc::pid_t, libc::pid_t)> {
    Vec::new()
}

#[cfg(not(target_os = "linux"))]
fn adopted(_mark: &str, _leader: libc::pid_t) -> Vec<Adopted> {
    Vec::new()
}

/// The state letter of `pid` (`R`, `S`, `Z`, ...), from `/proc/PID/stat`.
#[cfg(target_os = "linux")]
fn state_of(pid: libc::pid_t) -> Option<char> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    stat[stat.rfind(')')? + 1..].trim_start().chars().next()
}

/// The state letter and process group of `pid`, from `/proc/PID/stat`.
#[cfg(target_os = "linux")]
fn state_and_group(pid: libc::pid_t) -> Option<(char, libc::pid_t)> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let mut rest = stat[stat.rfind(')')? + 1..].split_whitespace();
    let state = rest.next()?.chars().next()?;
    Some((state, rest.nth(1)?.parse().ok()?))
}

/// The process group of `pid`, from `/proc/PID/stat` (the fields after the command's `)` are
/// state, parent, group).
#[cfg(target_os = "linux")]
fn pgrp_of(pid: libc::pid_t) -> Option<libc::pid_t> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let rest = &stat[stat.rfind(')')? + 1..];
    rest.split_whitespace().nth(2)?.parse().ok()
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;
    use std::os::unix::process::CommandExt;

    #[test]
    fn a_child_claimed_by_another_run_is_not_found_again() {
        become_subreaper();
        let mark = new_mark();
        // Listed as a live run, so that no other test's sweep takes it meanwhile.
        let (_child, group) = spawn(
            Command::new("sleep")
                .arg("30")
                .env(MARK_VAR, &mark)
                .process_group(0),
            mark,
        )
        .unwrap();
        let pid = group.pid();
        // Another run (fake pid and mark) has claimed it: a sweep for a third passes it by.
        let mut live = vec![Live {
            pid: -7,
            mark: "none".into(),
            claimed: vec![pid],
        }];
        let found = |live: &[Live]| unclaimed(live, "x", -8).iter().any(|a| a.pid == pid);
        assert!(!found(&live));
        // Unclaimed, unmarked by any run listed and no run's group: nobody's, so found.
        live[0].claimed.clear();
        assert!(found(&live));
    }
}
