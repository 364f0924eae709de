//! What the command line says on stderr beside its results and errors (notes, seed lines,
//! summaries, progress lines), and the one switch that silences it all, `-q/--quiet`. Errors,
//! verdicts and what `-v` asks for are not chatter: they are said whatever the switch.

use std::sync::atomic::{AtomicBool, Ordering};

static QUIET: AtomicBool = AtomicBool::new(false);

/// Silences (`true`) or allows every later [`say`] and progress line of this process.
pub fn set_quiet(quiet: bool) {
    QUIET.store(quiet, Ordering::Relaxed);
}

/// Whether chatter is silenced.
pub fn quiet() -> bool {
    QUIET.load(Ordering::Relaxed)
}

/// Prints `line` and a newline on stderr, unless chatter is silenced.
pub fn say(line: &str) {
    if !quiet() {
        eprintln!("{line}");
    }
}
