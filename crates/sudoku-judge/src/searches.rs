//! A progress line for a case that runs long: each worker's case and the search nodes it has
//! spent on it ([`Searches`]), drawn on stderr by [`watch`] while one case has been searching
//! for a second or more: `case 2: 41.2M search nodes, 41% of the budget (3.1M/s)`.

use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// A case searching for less than this draws nothing.
const LONG: Duration = Duration::from_secs(1);
/// Time between two looks at the searches.
const TICK: Duration = Duration::from_millis(200);

/// One worker's search: the case it is on (1-based; 0 before the first) and the nodes it has
/// spent on that case, added by the engine as it goes.
#[derive(Debug, Default)]
pub struct Slot {
    pub case: AtomicU64,
    pub nodes: Arc<AtomicU64>,
}

impl Slot {
    /// The worker starts case `number`.
    pub fn start(&self, number: u64) {
        self.nodes.store(0, Relaxed);
        self.case.store(number, Relaxed);
    }
}

/// Runs `f` while a thread draws the longest search of `searches`, when there are any (see
/// [`watch`]).
pub fn watching<T>(searches: Option<&Searches>, f: impl FnOnce() -> T) -> T {
    let Some(s) = searches else {
        return f();
    };
    let stop = AtomicBool::new(false);
    std::thread::scope(|scope| {
        let watcher = scope.spawn(|| watch(s, &stop));
        let r = f();
        stop.store(true, Relaxed);
        watcher.thread().unpark();
        r
    })
}

/// Every worker's [`Slot`], and the budget each case has.
#[derive(Debug)]
pub struct Searches {
    slots: Mutex<Vec<Arc<Slot>>>,
    budget: Option<u64>,
}

impl Searches {
    pub fn new(budget: Option<u64>) -> Arc<Searches> {
        Arc::new(Searches {
            slots: Mutex::new(Vec::new()),
            budget,
        })
    }

    /// A slot for a new worker.
    pub fn slot(&self) -> Arc<Slot> {
        let slot = Arc::new(Slot::default());
        self.slots
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(slot.clone());
        slot
    }

    /// The case that has spent the most nodes so far, and its nodes.
    fn longest(&self) -> Option<(u64, u64)> {
        let slots = self.slots.lock().unwrap_or_else(|e| e.into_inner());
        slots
            .iter()
            .map(|s| (s.case.load(Relaxed), s.nodes.load(Relaxed)))
            .filter(|&(case, nodes)| case > 0 && nodes > 0)
            .max_by_key(|&(_, nodes)| nodes)
    }
}

/// Watches `searches` until `stop` (set it, then unpark the thread), drawing the longest one
/// on stderr once it has gone on for a second; wipes the line at the end if it drew one. Only
/// call it when stderr is a terminal.
pub fn watch(searches: &Searches, stop: &AtomicBool) {
    let mut since: Option<(u64, Instant)> = None;
    let mut drawn = false;
    while !stop.load(Relaxed) {
        std::thread::park_timeout(TICK);
        if stop.load(Relaxed) {
            break;
        }
        let now = Instant::now();
        match (searches.longest(), since) {
            (Some((case, nodes)), Some((c, start))) if c == case => {
                let elapsed = now.duration_since(start);
                if elapsed >= LONG {
                    let line = render(case, nodes, searches.budget, elapsed);
                    eprint!("\r{line}\x1b[K");
                    let _ = io::stderr().flush();
                    drawn = true;
                }
            }
            (Some((case, _)), _) => since = Some((case, now)),
            (None, _) => since = None,
        }
    }
    if drawn {
        eprint!("\r\x1b[K");
    }
}

/// `case 2: 41.2M search nodes, 41% of the budget (3.1M/s)`.
pub fn render(case: u64, nodes: u64, budget: Option<u64>, elapsed: Duration) -> String {
    let mut line = format!("case {case}: {} search nodes", count(nodes as f64));
    if let Some(b) = budget.filter(|&b| b > 0) {
        let share = (nodes as f64 / b as f64 * 100.0).min(100.0);
        line.push_str(&format!(", {share:.0}% of the budget"));
    }
    let rate = nodes as f64 / elapsed.as_secs_f64().max(1e-9);
    line.push_str(&format!(" ({}/s)", count(rate)));
    line
}

/// `950`, `12.3k`, `41.2M`, `1.5G`.
fn count(n: f64) -> String {
    match n {
        n if n < 1e3 => format!("{n:.0}"),
        n if n < 1e6 => format!("{:.1}k", n / 1e3),
        n if n < 1e9 => format!("{:.1}M", n / 1e6),
        n => format!("{:.1}G", n / 1e9),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_names_the_case_its_nodes_and_the_share_of_the_budget() {
        let l = render(2, 41_200_000, Some(100_000_000), Duration::from_secs(10));
        assert_eq!(l, "case 2: 41.2M search nodes, 41% of the budget (4.1M/s)");
        let l = render(7, 950, None, Duration::from_secs(1));
        assert_eq!(l, "case 7: 950 search nodes (950/s)");
    }

    #[test]
    fn the_longest_search_is_the_one_with_the_most_nodes() {
        let s = Searches::new(Some(10));
        assert_eq!(s.longest(), None);
        let (a, b) = (s.slot(), s.slot());
        a.start(3);
        b.start(4);
        a.nodes.fetch_add(5, Relaxed);
        b.nodes.fetch_add(9, Relaxed);
        assert_eq!(s.longest(), Some((4, 9)));
        b.start(5);
        assert_eq!(s.longest(), Some((3, 5)));
    }
}
