//! Running the program under test once, whatever it does: its input written without blocking
//! (it may never read it, or close its stdin at once), stdout kept up to a bound and stderr as a
//! short tail, limits on time, output and memory, and, before we return, the program killed with
//! everything it started and all of it reaped (`reap`).
//!
//! The program starts as it would from a shell: no signal blocked and the signals we take or
//! ignore at their default action. It also dies with us: it gets SIGKILL when we die (a
//! parent-death signal), a stopping signal to us kills all of it (`signals`), and it inherits
//! the guard's pipe, by which the guard finds what is left of it if we are killed (`guard`).
//!
//! One thread does all of it with `poll`: no reader thread can be left blocked on a pipe that a
//! stray process still holds, and our memory is the kept output, a 2 KiB tail and one buffer.

use super::capture::{Kept, Tail};
use super::guard;
use super::reap;
use super::signals;
use std::io;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::process::{Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

/// The limits of one run.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Wall-clock time.
    pub time: Duration,
    /// Bytes the program may write to stdout, and separately to stderr.
    pub output: u64,
    /// Address space in bytes (`RLIMIT_AS`), if limited.
    pub memory: Option<u64>,
}

/// One of the program's output streams.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stream {
    Stdout,
    Stderr,
}

impl Stream {
    pub fn name(self) -> &'static str {
        match self {
            Stream::Stdout => "stdout",
            Stream::Stderr => "stderr",
        }
    }
}

/// How a run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// The program ended by itself (exit status or signal).
    Status(ExitStatus),
    /// Killed at the time limit.
    TimedOut,
    /// Killed when a stream went past the output limit.
    OutputLimit(Stream),
}

/// One run.
#[derive(Debug)]
pub struct Run {
    pub end: End,
    pub stdout: Kept,
    pub stderr: Tail,
    /// Bytes of input the program read from its stdin: what went into the pipe less what was
    /// still in it when the program ended (we hold a reading end of the pipe, so the count
    /// does not hang on whether our writes came before its end or after).
    pub input_taken: u64,
    /// Largest peak resident memory of the processes of the run, in bytes.
    pub peak_rss: u64,
    /// Processes the program left behind (running, or ended and not reaped by it), killed and
    /// reaped by us; counted for every run, meaningful when it ended by itself.
    pub strays: u32,
}

impl Run {
    /// Whether the program left some of `input` unread, blanks at its end aside (a program
    /// that reads its cases with `scanf` leaves the last line break).
    pub fn stopped_reading(&self, input: &[u8]) -> bool {
        let taken = (self.input_taken as usize).min(input.len());
        input[taken..].iter().any(|b| !b.is_ascii_whitespace())
    }
}

/// Bytes moved per read or write call.
const CHUNK: usize = 64 * 1024;

/// Runs `cmd` through `sh -c`, in its own process group, with `input` on stdin.
pub fn run(cmd: &str, input: &[u8], limits: &Limits) -> io::Result<Run> {
    reap::become_subreaper();
    let _sigpipe = SigpipeBlocked::new();
    let mark = reap::new_mark();
    // Our own pipe for its stdin, with a reading end of ours (`watch`, not inherited): what is
    // left in it when the program ends is what it did not read. A write never fails with EPIPE
    // then; a program that stops reading simply leaves the rest where it is.
    let (stdin_read, stdin_write) = io::pipe()?;
    let watch = stdin_read.try_clone()?;
    let mut command = Command::new("sh");
    command
        .arg("-c")
        .arg(cmd)
        .env(reap::MARK_VAR, &mark)
        .stdin(Stdio::from(stdin_read))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        // Its own process group, so that what it starts is killed with it.
        .process_group(0);
    if let Some(bytes) = limits.memory {
        let lim = libc::rlimit {
            rlim_cur: bytes as libc::rlim_t,
            rlim_max: bytes as libc::rlim_t,
        };
        // SAFETY: setrlimit is async-signal-safe and touches no memory of the parent.
        unsafe {
            command.pre_exec(move || {
                if libc::setrlimit(libc::RLIMIT_AS, &lim) != 0 {
                    return Err(io::Error::last_os_error());
                }
                Ok(())
            });
        }
    }
    // Killed with us, whatever kills us (SIGKILL too): the process we start, and what it
    // becomes by `exec` (`sh -c 'PROGRAM'` execs PROGRAM), gets SIGKILL when the thread that
    // started it ends. Processes it forks do not inherit this: after a SIGKILL to us the guard
    // ends them (`guard`; a stopping signal is handled: see `signals`).
    let parent = std::process::id() as libc::pid_t;
    let inherited = guard::inherited();
    // SAFETY: prctl, getppid, sigaction, sigprocmask and fcntl are async-signal-safe and touch
    // no memory of the parent.
    unsafe {
        command.pre_exec(move || {
            // The program runs as from a shell: no signal blocked (we block the stopping signals
            // in every thread, and SIGPIPE in this one, and `Command` leaves the mask as it
            // finds it when it runs our code), and the signals we take or ignore at their
            // default action (Rust ignores SIGPIPE).
            for sig in [libc::SIGPIPE, libc::SIGINT, libc::SIGTERM, libc::SIGHUP] {
                if libc::signal(sig, libc::SIG_DFL) == libc::SIG_ERR {
                    return Err(io::Error::last_os_error());
                }
            }
            let mut none: libc::sigset_t = std::mem::zeroed();
            libc::sigemptyset(&mut none);
            if libc::sigprocmask(libc::SIG_SETMASK, &none, std::ptr::null_mut()) != 0 {
                return Err(io::Error::last_os_error());
            }
            // The guard's pipe stays open across exec: the guard finds the program's processes
            // by it if we are killed (see `guard`).
            if let Some(fd) = inherited
                && libc::fcntl(fd, libc::F_SETFD, 0) != 0
            {
                return Err(io::Error::last_os_error());
            }
            #[cfg(target_os = "linux")]
            if libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL, 0, 0, 0) != 0 {
                return Err(io::Error::last_os_error());
            }
            // We died before the line above: nobody would send the signal.
            if libc::getppid() != parent {
                return Err(io::Error::from_raw_os_error(libc::ESRCH));
            }
            Ok(())
        });
    }
    let start = Instant::now();
    let (mut child, mut group) = {
        let _spawning = signals::spawn_guard()?;
        reap::spawn(&mut command, mark)?
    };
    let mut stdin = Some(OwnedFd::from(stdin_write));
    let mut stdout = child.stdout.take().map(OwnedFd::from);
    let mut stderr = child.stderr.take().map(OwnedFd::from);
    for fd in [&stdin, &stdout, &stderr].into_iter().flatten() {
        set_nonblocking(fd.as_raw_fd())?;
    }
    let pidfd = pidfd_open(group.pid());
    let mut out = Kept::new(limits.output);
    let mut err = Tail::default();
    let mut buf = vec![0u8; CHUNK];
    let mut taken = 0usize;
    if input.is_empty() {
        stdin = None;
    }
    let deadline = start + limits.time;
    let mut end = None;
    while end.is_none() {
        if let Some(s) = group.try_wait()? {
            end = Some(End::Status(s));
            break;
        }
        let now = Instant::now();
        if now >= deadline {
            end = Some(End::TimedOut);
            break;
        }
        // With a pidfd the program's end wakes us; without, look again every 2 ms.
        let mut wait = deadline - now;
        if pidfd.is_none() {
            wait = wait.min(Duration::from_millis(2));
        }
        let mut fds = Vec::with_capacity(4);
        for (fd, events) in [
            (&stdin, libc::POLLOUT),
            (&stdout, libc::POLLIN),
            (&stderr, libc::POLLIN),
            (&pidfd, libc::POLLIN),
        ] {
            if let Some(fd) = fd {
                fds.push(libc::pollfd {
                    fd: fd.as_raw_fd(),
                    events,
                    revents: 0,
                });
            }
        }
        poll(&mut fds, wait)?;
        let ready = |fd: &Option<OwnedFd>| {
            fd.as_ref()
                .is_some_and(|fd| fds.iter().any(|p| p.fd == fd.as_raw_fd() && p.revents != 0))
        };
        if ready(&stdin) && feed(&mut stdin, input, &mut taken) {
            stdin = None;
        }
        if ready(&stdout) {
            drain(&mut stdout, &mut buf, |c| out.push(c));
            if out.total > limits.output {
                end = Some(End::OutputLimit(Stream::Stdout));
            }
        }
        if ready(&stderr) {
            drain(&mut stderr, &mut buf, |c| err.push(c));
            if err.total > limits.output {
                end = Some(End::OutputLimit(Stream::Stderr));
            }
        }
    }
    // The program has ended or is over a limit: kill and reap the group and all it started,
    // then read what is left in the pipes (its last words, if it ended by itself).
    drop(stdin);
    let (status, peak_rss, strays) = group.finish()?;
    let taken = taken.saturating_sub(unread(&watch));
    drop(watch);
    let mut end = end.unwrap_or(End::Status(status));
    for _ in 0..2 {
        drain(&mut stdout, &mut buf, |c| out.push(c));
        drain(&mut stderr, &mut buf, |c| err.push(c));
        if stdout.is_none() && stderr.is_none() {
            break;
        }
        // A writer we could not kill holds a pipe: give it a moment, no more.
        let mut fds: Vec<libc::pollfd> = [&stdout, &stderr]
            .into_iter()
            .flatten()
            .map(|fd| libc::pollfd {
                fd: fd.as_raw_fd(),
                events: libc::POLLIN,
                revents: 0,
            })
            .collect();
        poll(&mut fds, Duration::from_millis(50))?;
    }
    if let End::Status(_) = end {
        if out.total > limits.output {
            end = End::OutputLimit(Stream::Stdout);
        } else if err.total > limits.output {
            end = End::OutputLimit(Stream::Stderr);
        }
    }
    Ok(Run {
        end,
        stdout: out,
        stderr: err,
        input_taken: taken as u64,
        peak_rss,
        strays,
    })
}

/// The bytes waiting in a pipe, read through one of its reading ends (`FIONREAD`).
fn unread(pipe: &impl AsRawFd) -> usize {
    let mut n: libc::c_int = 0;
    // SAFETY: FIONREAD writes one int through the pointer, which is live.
    let r = unsafe { libc::ioctl(pipe.as_raw_fd(), libc::FIONREAD, &mut n) };
    if r < 0 { 0 } else { n as usize }
}

/// Writes what the pipe takes without blocking; true when the input is done with, written
/// whole or refused because the program closed its end.
fn feed(stdin: &mut Option<OwnedFd>, input: &[u8], taken: &mut usize) -> bool {
    let Some(fd) = stdin else { return true };
    while *taken < input.len() {
        let part = &input[*taken..(*taken + CHUNK).min(input.len())];
        // SAFETY: the pointer and length describe a live slice.
        let n = unsafe { libc::write(fd.as_raw_fd(), part.as_ptr().cast(), part.len()) };
        if n >= 0 {
            *taken += n as usize;
            continue;
        }
        match io::Error::last_os_error().kind() {
            io::ErrorKind::Interrupted => {}
            io::ErrorKind::WouldBlock => return false,
            // EPIPE (it closed its stdin) or anything else: no more input goes in.
            _ => return true,
        }
    }
    true
}

/// Reads what is there without blocking, at most 16 chunks so the other pipes get their turn;
/// at the end of the stream (or on an error) the pipe is closed.
fn drain(pipe: &mut Option<OwnedFd>, buf: &mut [u8], mut sink: impl FnMut(&[u8])) {
    let Some(fd) = pipe else { return };
    for _ in 0..16 {
        // SAFETY: the pointer and length describe a live buffer.
        let n = unsafe { libc::read(fd.as_raw_fd(), buf.as_mut_ptr().cast(), buf.len()) };
        if n > 0 {
            sink(&buf[..n as usize]);
            continue;
        }
        if n < 0 {
            match io::Error::last_os_error().kind() {
                io::ErrorKind::Interrupted => continue,
                io::ErrorKind::WouldBlock => return,
                _ => {}
            }
        }
        *pipe = None;
        return;
    }
}

fn poll(fds: &mut [libc::pollfd], wait: Duration) -> io::Result<()> {
    // Rounded up, so a wait of 0.4 ms is not a busy loop of zero-timeout polls.
    let ms = wait.as_micros().div_ceil(1000).min(i32::MAX as u128) as libc::c_int;
    // SAFETY: the pointer and length describe a live slice of pollfd.
    let r = unsafe { libc::poll(fds.as_mut_ptr(), fds.len() as libc::nfds_t, ms) };
    if r < 0 {
        let e = io::Error::last_os_error();
        if e.kind() != io::ErrorKind::Interrupted {
            return Err(e);
        }
    }
    Ok(())
}

fn set_nonblocking(fd: RawFd) -> io::Result<()> {
    // SAFETY: fcntl on a descriptor we own.
    let r = unsafe {
        let flags = libc::fcntl(fd, libc::F_GETFL);
        if flags < 0 {
            flags
        } else {
            libc::fcntl(fd, libc::F_SETFL, flags | libc::O_NONBLOCK)
        }
    };
    if r < 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(())
}

/// A descriptor that becomes readable when process `pid` ends (Linux 5.3+); `None` elsewhere.
fn pidfd_open(pid: libc::pid_t) -> Option<OwnedFd> {
    #[cfg(target_os = "linux")]
    {
        // SAFETY: pidfd_open takes a pid and flags and returns a new descriptor or -1.
        let fd = unsafe { libc::syscall(libc::SYS_pidfd_open, pid, 0) };
        // SAFETY: a non-negative result is a descriptor that nothing else owns.
        (fd >= 0).then(|| unsafe { OwnedFd::from_raw_fd(fd as RawFd) })
    }
    #[cfg(not(target_os = "linux"))]
    {
        let _ = pid;
        None
    }
}

/// SIGPIPE blocked in this thread while it writes to the program: writing to a pipe the
/// program has closed then fails with EPIPE instead of killing us, whatever the process's
/// disposition. A SIGPIPE left pending is taken before the mask is restored.
struct SigpipeBlocked {
    old: libc::sigset_t,
}

impl SigpipeBlocked {
    fn new() -> Self {
        // SAFETY: sigset_t is plain data, filled by sigemptyset; the calls only change this
        // thread's signal mask. Children get a clean mask from `run`'s `pre_exec`.
        unsafe {
            let mut set: libc::sigset_t = std::mem::zeroed();
            let mut old: libc::sigset_t = std::mem::zeroed();
            libc::sigemptyset(&mut set);
            libc::sigaddset(&mut set, libc::SIGPIPE);
            libc::pthread_sigmask(libc::SIG_BLOCK, &set, &mut old);
            SigpipeBlocked { old }
        }
    }
}

impl Drop for SigpipeBlocked {
    fn drop(&mut self) {
        // SAFETY: as above; sigtimedwait with a zero timeout only takes a pending SIGPIPE.
        unsafe {
            let mut pending: libc::sigset_t = std::mem::zeroed();
            libc::sigpending(&mut pending);
            if libc::sigismember(&pending, libc::SIGPIPE) == 1 {
                let mut set: libc::sigset_t = std::mem::zeroed();
                libc::sigemptyset(&mut set);
                libc::sigaddset(&mut set, libc::SIGPIPE);
                let zero = libc::timespec {
                    tv_sec: 0,
                    tv_nsec: 0,
                };
                libc::sigtimedwait(&set, std::ptr::null_mut(), &zero);
            }
            libc::pthread_sigmask(libc::SIG_SETMASK, &self.old, std::ptr::null_mut());
        }
    }
}

/// `exit status N` or `killed by signal N (SIGNAME)`.
pub fn describe(s: ExitStatus) -> String {
    match (s.code(), s.signal()) {
        (Some(c), _) => format!("exit status {c}"),
        (None, Some(sig)) => match signal_name(sig) {
            Some(name) => format!("killed by signal {sig} ({name})"),
            None => format!("killed by signal {sig}"),
        },
        _ => "ended abnormally".into(),
    }
}

fn signal_name(sig: i32) -> Option<&'static str> {
    Some(match sig {
        libc::SIGABRT => "SIGABRT",
        libc::SIGBUS => "SIGBUS",
        libc::SIGFPE => "SIGFPE",
        libc::SIGILL => "SIGILL",
        libc::SIGKILL => "SIGKILL",
        libc::SIGPIPE => "SIGPIPE",
        libc::SIGSEGV => "SIGSEGV",
        libc::SIGTERM => "SIGTERM",
        libc::SIGXCPU => "SIGXCPU",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    fn limits(secs: f64) -> Limits {
        Limits {
            time: Duration::from_secs_f64(secs),
            output: 1 << 20,
            memory: None,
        }
    }

    /// Neither running nor a zombie: `/proc/PID` is gone. This test process is the subreaper
    /// of what the runs leave behind, so a process we failed to reap would still be listed.
    fn gone(pid: &str) -> bool {
        !Path::new("/proc").join(pid.trim()).exists()
    }

    #[test]
    fn exit_crash_and_timeout() {
        let r = run("cat", b"hello", &limits(5.0)).unwrap();
        assert!(matches!(r.end, End::Status(s) if s.success()), "{r:?}");
        assert_eq!(r.stdout.bytes, b"hello");
        assert_eq!(r.input_taken, 5);
        let r = run("echo out; echo err >&2; exit 3", b"", &limits(5.0)).unwrap();
        assert!(
            matches!(r.end, End::Status(s) if s.code() == Some(3)),
            "{r:?}"
        );
        assert_eq!(
            (r.stdout.bytes.as_slice(), r.stderr.bytes()),
            (&b"out\n"[..], b"err\n".to_vec())
        );
        let start = Instant::now();
        let r = run("sleep 30 & sleep 30", b"", &limits(0.2)).unwrap();
        assert_eq!(r.end, End::TimedOut);
        assert!(
            start.elapsed() < Duration::from_secs(5),
            "the group was not killed"
        );
        // Our blocked SIGPIPE is not the program's: it starts with no signal blocked.
        let r = run("grep SigBlk /proc/self/status", b"", &limits(5.0)).unwrap();
        assert_eq!(r.stdout.bytes, b"SigBlk:\t0000000000000000\n");
        let r = run("kill -SEGV $$", b"", &limits(5.0)).unwrap();
        let End::Status(s) = r.end else {
            panic!("{r:?}")
        };
        assert_eq!(describe(s), "killed by signal 11 (SIGSEGV)");
    }

    /// Whether our write comes before the program's end or after, what it did not read is
    /// counted the same: a program that exits without reading took nothing (it used to be
    /// "wrong answer" or "stopped reading" by the race).
    #[test]
    fn what_a_program_leaves_unread_does_not_hang_on_timing() {
        let input = b"1\n2\n";
        for _ in 0..20 {
            let r = run("exit 0", input, &limits(5.0)).unwrap();
            assert_eq!(r.input_taken, 0);
            assert!(r.stopped_reading(input));
        }
        // The shell's `read` takes one line, byte by byte.
        let r = run("read x; echo $x", input, &limits(5.0)).unwrap();
        assert_eq!((r.stdout.bytes.as_slice(), r.input_taken), (&b"1\n"[..], 2));
        assert!(r.stopped_reading(input));
        // Blanks left at the end are no input left.
        let r = run("read x; read y", b"1\n2\n\n \n", &limits(5.0)).unwrap();
        assert!(!r.stopped_reading(b"1\n2\n\n \n"), "{}", r.input_taken);
    }

    #[test]
    fn a_program_that_never_reads_a_large_input_does_not_block_us() {
        let input = vec![b'7'; 4 << 20];
        let start = Instant::now();
        let r = run("sleep 30", &input, &limits(0.3)).unwrap();
        assert_eq!(r.end, End::TimedOut);
        assert!(
            r.stopped_reading(&input) && r.input_taken <= 1 << 20,
            "{}",
            r.input_taken
        );
        assert!(start.elapsed() < Duration::from_secs(5));
        // Closing stdin at once, then going on: EPIPE is no error of ours.
        let r = run("exec 0<&-; sleep 0.05; echo done", &input, &limits(5.0)).unwrap();
        assert!(matches!(r.end, End::Status(s) if s.success()), "{r:?}");
        assert_eq!(r.stdout.bytes, b"done\n");
        assert!(r.stopped_reading(&input));
        // Reading it all is not stopping.
        let r = run("wc -c", &input, &limits(5.0)).unwrap();
        assert_eq!(r.stdout.bytes, format!("{}\n", input.len()).as_bytes());
        assert!(!r.stopped_reading(&input));
    }

    #[test]
    fn output_past_the_limit_kills_and_is_kept_bounded() {
        let start = std::time::Instant::now();
        let r = run("yes 123456789", b"", &limits(10.0)).unwrap();
        assert_eq!(r.end, End::OutputLimit(Stream::Stdout));
        assert_eq!(r.stdout.bytes.len(), 1 << 20);
        assert!(start.elapsed() < Duration::from_secs(5));
        let r = run("yes error >&2", b"", &limits(10.0)).unwrap();
        assert_eq!(r.end, End::OutputLimit(Stream::Stderr));
        assert!(r.stderr.bytes().len() <= super::super::capture::TAIL);
        assert!(r.stderr.total > 1 << 20);
        // Exactly at the limit is allowed.
        let r = run("head -c 1048576 /dev/zero", b"", &limits(10.0)).unwrap();
        assert!(matches!(r.end, End::Status(s) if s.success()), "{r:?}");
        assert!(!r.stdout.is_cut());
    }

    #[test]
    fn what_the_program_leaves_behind_is_killed_and_reaped() {
        // A background child, one that left the process group, and a zombie it never reaped.
        let r = run(
            // `exec` so that the shell cannot reap `true`: it stays a zombie until reparented.
            "sleep 1000 & echo $!; setsid sleep 1000 & echo $!; true & echo $!; exec sleep 0.1",
            b"",
            &limits(5.0),
        )
        .unwrap();
        assert!(matches!(r.end, End::Status(s) if s.success()), "{r:?}");
        let out = String::from_utf8(r.stdout.bytes).unwrap();
        let pids: Vec<&str> = out.lines().collect();
        assert_eq!(pids.len(), 3, "{out}");
        for pid in &pids {
            assert!(gone(pid), "process {pid} was left behind");
        }
        // The shell may have reaped `true` itself before the exec, or not.
        assert!((2..=3).contains(&r.strays), "{}", r.strays);
        // One that cleared its environment (no mark) and left the session: it comes to us when
        // the shell ends, and is ours to end.
        let r = run(
            "env -i setsid sleep 1000 & echo $!; exec sleep 0.1",
            b"",
            &limits(5.0),
        )
        .unwrap();
        assert!(matches!(r.end, End::Status(s) if s.success()), "{r:?}");
        let out = String::from_utf8(r.stdout.bytes).unwrap();
        let pid = out.trim();
        assert!(!pid.is_empty(), "{out}");
        // Gone, that is killed and reaped; by this run's end or, as tests run side by side in
        // this process, maybe another's (so it is not counted among this run's strays here).
        assert!(gone(pid), "process {pid} was left behind");
        // The same when the program is killed at the time limit.
        let r = run(
            "sleep 1000 & echo $!; setsid sleep 1000 & echo $!; sleep 1000",
            b"",
            &limits(0.3),
        )
        .unwrap();
        assert_eq!(r.end, End::TimedOut);
        let out = String::from_utf8(r.stdout.bytes).unwrap();
        assert_eq!(out.lines().count(), 2, "{out}");
        for pid in out.lines() {
            assert!(gone(pid), "process {pid} was left behind");
        }
    }

    #[test]
    fn the_memory_limit_is_the_address_space() {
        let mut l = limits(5.0);
        l.memory = Some(100 << 20);
        let r = run("ulimit -v", b"", &l).unwrap();
        assert_eq!(r.stdout.bytes, b"102400\n");
    }
}
