//! Stopping `stress` without leaving its programs behind: SIGINT, SIGTERM and SIGHUP are
//! blocked in every thread and taken by one thread of their own, which stops new runs, kills
//! every process of every run (`reap::kill_all_runs`) and exits with 128 + the
//! signal. A program runs in its own process group, so the terminal's Ctrl-C reaches only
//! `stress`, which kills the program.

use super::reap;
use std::io::{self, IsTerminal, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, MutexGuard, Once};

/// The signals that stop `stress`.
const STOPPING_SIGNALS: [libc::c_int; 3] = [libc::SIGINT, libc::SIGTERM, libc::SIGHUP];

/// Set once a stopping signal has come: no run starts after it.
static STOPPING: AtomicBool = AtomicBool::new(false);

/// Held while a program is being started, and for good by the thread that stops us: a program
/// is either started before the stop (and killed by it) or never.
static SPAWN: Mutex<()> = Mutex::new(());

/// Takes SIGINT, SIGTERM and SIGHUP away from the default action for the rest of the process.
/// Call it before any other thread is started: threads inherit the blocked mask, and only the
/// thread started here waits for the signals. Programs started later get a clean mask.
pub fn install() -> io::Result<()> {
    static ONCE: Once = Once::new();
    let mut result = Ok(());
    ONCE.call_once(|| result = start());
    result
}

fn start() -> io::Result<()> {
    let set = signal_set();
    // SAFETY: the set is initialised; this only changes the calling thread's mask.
    let r = unsafe { libc::pthread_sigmask(libc::SIG_BLOCK, &set, std::ptr::null_mut()) };
    if r != 0 {
        return Err(io::Error::from_raw_os_error(r));
    }
    std::thread::Builder::new()
        .name("stress-signals".into())
        .spawn(move || {
            loop {
                let mut sig = 0;
                // SAFETY: `set` is initialised and `sig` is a live local.
                if unsafe { libc::sigwait(&set, &mut sig) } == 0 {
                    stop(sig);
                }
            }
        })?;
    Ok(())
}

fn signal_set() -> libc::sigset_t {
    // SAFETY: sigset_t is plain data, initialised by sigemptyset before use.
    unsafe {
        let mut set: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut set);
        for s in STOPPING_SIGNALS {
            libc::sigaddset(&mut set, s);
        }
        set
    }
}

/// Kills every run's processes and exits with 128 + `sig`; never returns.
fn stop(sig: libc::c_int) -> ! {
    STOPPING.store(true, Ordering::SeqCst);
    // No program starts from now on; one being started is started before we go on.
    let spawning = SPAWN.lock().unwrap_or_else(|e| e.into_inner());
    std::mem::forget(spawning);
    // Stderr is ours from here: the main thread, whose run we pull down, says nothing more.
    let err = io::stderr();
    let mut err = err.lock();
    let name = match sig {
        libc::SIGINT => "SIGINT",
        libc::SIGTERM => "SIGTERM",
        _ => "SIGHUP",
    };
    let fresh_line = if err.is_terminal() { "\n" } else { "" };
    let _ = writeln!(
        err,
        "{fresh_line}stress: stopped by {name}; killing the program's processes"
    );
    reap::kill_all_runs();
    std::process::exit(128 + sig)
}

/// Whether a stopping signal has come.
pub fn stopping() -> bool {
    STOPPING.load(Ordering::SeqCst)
}

/// Held while a program is started; `Err` (interrupted) once stopping, and then no program
/// may start.
pub fn spawn_guard() -> io::Result<MutexGuard<'static, ()>> {
    let guard = SPAWN.lock().unwrap_or_else(|e| e.into_inner());
    if stopping() {
        return Err(io::Error::new(
            io::ErrorKind::Interrupted,
            "stress is stopping",
        ));
    }
    Ok(guard)
}

/// When a stopping signal has come, waits for the thread that handles it to end the process
/// (with its status, not the caller's); otherwise returns at once.
pub fn settle() {
    while stopping() {
        std::thread::park();
    }
}
