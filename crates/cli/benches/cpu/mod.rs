//! The clock the benches that time one thread share (`against`, `net`, `symmetry`): this
//! thread's CPU time, which the other jobs of a shared machine disturb far less than wall time.

use std::time::Duration;

/// This thread's CPU time (`CLOCK_THREAD_CPUTIME_ID`).
pub fn cpu() -> Duration {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime writes the timespec it is given.
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32)
}
