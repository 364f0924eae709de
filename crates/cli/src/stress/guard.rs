//! A guard that outlives `stress` by a moment: a small process, forked at the start, that waits
//! on a pipe only `stress` holds open for writing and, when `stress` dies however it dies
//! (SIGKILL too), kills every process still carrying its run mark, or holding the pipe's read
//! end, with their process groups. The program's parent-death signal covers the process
//! `stress` started; this covers what that process forked, `setsid` or not. Every program
//! inherits the read end (one extra descriptor, numbered 100 or above where the limit allows:
//! [`inherited`]), so a process that cleared its environment (`env -i`) and left the session
//! is still found, unless it closed the descriptor too.

use super::reap;
use std::io;
use std::sync::atomic::{AtomicI32, Ordering};

/// The read end of the guard's pipe in `stress` (close-on-exec; a program's start clears the
/// flag in the child), or -1 without a guard.
static INHERITED: AtomicI32 = AtomicI32::new(-1);

/// Lowest descriptor number the inherited read end takes, out of the way of the numbers
/// programs open files at.
const INHERITED_FROM: libc::c_int = 100;

/// The descriptor each program is to inherit, if there is a guard.
pub fn inherited() -> Option<libc::c_int> {
    Some(INHERITED.load(Ordering::Relaxed)).filter(|&fd| fd >= 0)
}

/// Starts the guard. Only a process with one thread may fork and go on running Rust code in
/// the child (the `sudoku-judge` binary is one when `stress` starts); with more threads, as in
/// a program using the library, there is no guard and `Ok(false)` comes back. Call it before
/// this process becomes a subreaper, so that the guard is not our child.
pub fn start() -> io::Result<bool> {
    if threads() != Some(1) {
        return Ok(false);
    }
    let stress = std::process::id();
    let mut fds = [0; 2];
    // SAFETY: pipe2 fills the two descriptors of a new pipe; close-on-exec keeps the write end
    // out of the programs we start.
    if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
        return Err(io::Error::last_os_error());
    }
    let [read, write] = fds;
    // SAFETY: this process has one thread, so the child may run any code. The first child
    // forks the guard and ends at once: the guard, orphaned, is not our child.
    let pid = unsafe { libc::fork() };
    match pid {
        -1 => {
            let e = io::Error::last_os_error();
            // SAFETY: closing the descriptors made above.
            unsafe {
                libc::close(read);
                libc::close(write);
            }
            Err(e)
        }
        0 => {
            // SAFETY: as above; _exit ends the first child without running our exit code.
            unsafe {
                if libc::fork() == 0 {
                    libc::close(write);
                    guard(read, stress);
                }
                libc::_exit(0)
            }
        }
        child => {
            // SAFETY: the first child ends at once and is reaped here. The write end stays
            // open, unowned, until we die: that is the signal. The read end is kept, moved out
            // of the way, for the programs to inherit.
            unsafe {
                let high = libc::fcntl(read, libc::F_DUPFD_CLOEXEC, INHERITED_FROM);
                if high >= 0 {
                    libc::close(read);
                    INHERITED.store(high, Ordering::Relaxed);
                } else {
                    INHERITED.store(read, Ordering::Relaxed);
                }
                let mut status = 0;
                while libc::waitpid(child, &mut status, 0) == -1
                    && io::Error::last_os_error().kind() == io::ErrorKind::Interrupted
                {
                }
            }
            Ok(true)
        }
    }
}

/// The guard's life: away from the terminal's signals and our standard streams, it waits for
/// the end of the pipe, then kills what is left of `stress`'s runs and ends.
fn guard(read: libc::c_int, stress: u32) -> ! {
    // The pipe's inode: what a program's inherited read end shows in /proc/PID/fd.
    // SAFETY: stat is plain data, filled by fstat on our own descriptor.
    let pipe = unsafe {
        let mut stat: libc::stat = std::mem::zeroed();
        (libc::fstat(read, &mut stat) == 0).then_some(stat.st_ino)
    };
    // SAFETY: plain system calls on our own process and descriptors.
    unsafe {
        libc::setsid();
        for s in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP, libc::SIGPIPE] {
            libc::signal(s, libc::SIG_IGN);
        }
        let null = libc::open(c"/dev/null".as_ptr(), libc::O_RDWR);
        if null >= 0 {
            for fd in 0..3 {
                libc::dup2(null, fd);
            }
            if null > 2 {
                libc::close(null);
            }
        }
        let mut byte = 0u8;
        loop {
            let n = libc::read(read, (&raw mut byte).cast(), 1);
            if n == -1 && io::Error::last_os_error().kind() == io::ErrorKind::Interrupted {
                continue;
            }
            break;
        }
    }
    reap::kill_marked(stress, pipe);
    // SAFETY: ends the guard without running the exit code of the process it was forked from.
    unsafe { libc::_exit(0) }
}

/// The number of threads of this process, from `/proc/self/status`.
fn threads() -> Option<u32> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    status
        .lines()
        .find_map(|l| l.strip_prefix("Threads:"))?
        .trim()
        .parse()
        .ok()
}
