//! A progress line on stderr for long runs (`gen`, `package`, `solve`, `stress`): cases done,
//! cases per second and the time left, redrawn in place with `\r` at most ten times a second,
//! and only on a terminal, so logs and pipes never see it. [`pipeline`] feeds it from a `solve`
//! run; `sudoku_judge::searches` draws a case whose search runs long.

pub mod pipeline;

use std::io::{self, IsTerminal, Write};
use std::time::{Duration, Instant};

/// Nothing is drawn before this, so quick runs stay quiet.
const FIRST_DRAW: Duration = Duration::from_millis(300);
/// Time between two redraws.
const REDRAW: Duration = Duration::from_millis(100);
/// Width of the bar, in characters.
const BAR: usize = 24;

/// A progress line; does nothing unless stderr is a terminal.
pub struct Progress {
    on: bool,
    /// Show a failures column (stress).
    failures: bool,
    start: Instant,
    last: Option<Instant>,
    drawn: bool,
}

/// Where a run is.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct At {
    pub done: u64,
    /// The number of cases, when known.
    pub total: Option<u64>,
    /// The share of the work done, when it is known otherwise than by `done / total` (the
    /// bytes of a file read so far).
    pub fraction: Option<f64>,
    pub failures: Option<u64>,
}

impl Progress {
    /// Stress's line: cases done of the total, cases/s, time left and failures.
    pub fn new() -> Self {
        Self::with(io::stderr().is_terminal(), true)
    }

    /// A line of cases done, for a command that writes its own output to stdout unless
    /// `to_stdout` is false: when stdout is the same terminal the answers scroll by, and the
    /// line stays off so as not to be mixed into them.
    pub fn cases(to_stdout: bool) -> Self {
        let on = io::stderr().is_terminal() && !(to_stdout && io::stdout().is_terminal());
        Self::with(on, false)
    }

    /// A line that never draws.
    pub fn off() -> Self {
        Self::with(false, false)
    }

    fn with(on: bool, failures: bool) -> Self {
        let on = on && !crate::chatter::quiet();
        Progress {
            on,
            failures,
            start: Instant::now(),
            last: None,
            drawn: false,
        }
    }

    /// Whether anything will be drawn.
    pub fn is_on(&self) -> bool {
        self.on
    }

    /// `done` of `total` cases, `failures` so far (shown by stress only).
    pub fn tick(&mut self, done: u64, total: u64, failures: u64) {
        self.show(self.at(done, Some(total), None, failures), false);
    }

    /// Draws the final figures and ends the line (if a line was drawn).
    pub fn finish(&mut self, done: u64, total: u64, failures: u64) {
        self.show(self.at(done, Some(total), None, failures), true);
    }

    /// `done` cases, of a total known only as the share `fraction` of the work done.
    pub fn tick_share(&mut self, done: u64, fraction: Option<f64>) {
        self.show(self.at(done, None, fraction, 0), false);
    }

    /// The end of a run counted with [`Progress::tick_share`].
    pub fn finish_share(&mut self, done: u64) {
        self.show(self.at(done, Some(done), None, 0), true);
    }

    /// Wipes the line, so that a message can be printed on stderr; the next tick draws it
    /// again.
    pub fn clear(&mut self) {
        if self.drawn {
            eprint!("\r\x1b[K");
            self.drawn = false;
        }
    }

    fn at(&self, done: u64, total: Option<u64>, fraction: Option<f64>, failures: u64) -> At {
        At {
            done,
            total,
            fraction,
            failures: self.failures.then_some(failures),
        }
    }

    fn show(&mut self, at: At, last: bool) {
        if !self.on {
            return;
        }
        let now = Instant::now();
        if last {
            // A run too quick to have drawn anything ends as quietly.
            if self.drawn {
                self.draw(&at, now);
                eprintln!();
            }
            return;
        }
        let due = match self.last {
            None => now.duration_since(self.start) >= FIRST_DRAW,
            Some(t) => now.duration_since(t) >= REDRAW,
        };
        if due {
            self.last = Some(now);
            self.draw(&at, now);
        }
    }

    fn draw(&mut self, at: &At, now: Instant) {
        let line = render(at, now.duration_since(self.start));
        // `\x1b[K` clears what a longer earlier line left on the right.
        eprint!("\r{line}\x1b[K");
        let _ = io::stderr().flush();
        self.drawn = true;
    }
}

impl Default for Progress {
    fn default() -> Self {
        Self::new()
    }
}

/// The text of the line: `[#####.....]  42%  4200/10000 cases  1234 cases/s  0:05 left`.
pub fn render(at: &At, elapsed: Duration) -> String {
    let secs = elapsed.as_secs_f64().max(1e-9);
    let fraction = at
        .fraction
        .or_else(|| {
            at.total
                .filter(|&t| t > 0)
                .map(|t| at.done as f64 / t as f64)
        })
        .map(|f| f.clamp(0.0, 1.0));
    let mut line = String::new();
    if let Some(f) = fraction {
        let full = (f * BAR as f64).round() as usize;
        line.push('[');
        line.push_str(&"#".repeat(full));
        line.push_str(&".".repeat(BAR - full));
        line.push_str(&format!("] {:3.0}%  ", f * 100.0));
    }
    match at.total {
        Some(t) if at.fraction.is_none() => line.push_str(&format!("{}/{t} cases", at.done)),
        _ => line.push_str(&format!("{} cases", at.done)),
    }
    line.push_str(&format!("  {:.0} cases/s", at.done as f64 / secs));
    if let Some(f) = fraction.filter(|&f| f > 0.0 && f < 1.0) {
        let left = secs * (1.0 - f) / f;
        line.push_str(&format!("  {} left", clock(left)));
    }
    if let Some(n) = at.failures {
        line.push_str(&format!("  {n} failures"));
    }
    line
}

/// `0:05`, `12:34`, `1:02:03`.
fn clock(secs: f64) -> String {
    let s = secs.round() as u64;
    let (h, m, s) = (s / 3600, s / 60 % 60, s % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(done: u64, total: Option<u64>, fraction: Option<f64>) -> At {
        At {
            done,
            total,
            fraction,
            failures: None,
        }
    }

    #[test]
    fn the_line_says_done_rate_and_time_left() {
        let l = render(&at(250, Some(1000), None), Duration::from_secs(5));
        assert_eq!(
            l,
            "[######..................]  25%  250/1000 cases  50 cases/s  0:15 left"
        );
        let done = render(&at(1000, Some(1000), None), Duration::from_secs(20));
        assert!(done.ends_with("1000/1000 cases  50 cases/s"), "{done}");
    }

    #[test]
    fn a_share_of_bytes_gives_the_time_left_without_a_total() {
        let l = render(&at(3000, None, Some(0.5)), Duration::from_secs(100));
        assert!(
            l.contains("  50%  3000 cases  30 cases/s  1:40 left"),
            "{l}"
        );
        let stream = render(&at(7, None, None), Duration::from_secs(7));
        assert_eq!(stream, "7 cases  1 cases/s");
    }

    #[test]
    fn failures_are_shown_when_counted() {
        let mut a = at(10, Some(10), None);
        a.failures = Some(1);
        assert!(render(&a, Duration::from_secs(1)).ends_with("  1 failures"));
    }

    #[test]
    fn clock_reads_as_a_clock() {
        assert_eq!(clock(5.0), "0:05");
        assert_eq!(clock(754.0), "12:34");
        assert_eq!(clock(3723.0), "1:02:03");
    }

    #[test]
    fn an_off_line_never_draws() {
        let mut p = Progress::off();
        p.tick(1, 2, 0);
        p.finish(2, 2, 0);
        assert!(!p.drawn && !p.is_on());
    }
}
