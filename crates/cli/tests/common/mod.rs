//! What every integration test shares: a scratch directory of its own.

use std::path::PathBuf;
use std::sync::atomic::{AtomicU32, Ordering};

/// A new, empty directory that no other test, thread or process has: named after `tag`, this
/// process and a counter, and created with `create_dir` (which fails on an existing name, so a
/// leftover of an earlier run with the same process id is skipped, never shared or deleted).
/// The caller removes it when done; a failed test leaves it for a look.
pub fn scratch(tag: &str) -> PathBuf {
    static NEXT: AtomicU32 = AtomicU32::new(0);
    let base = std::env::temp_dir();
    loop {
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let dir = base.join(format!("sj-{tag}-{}-{n}", std::process::id()));
        match std::fs::create_dir(&dir) {
            Ok(()) => return dir,
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => panic!("cannot create {}: {e}", dir.display()),
        }
    }
}
