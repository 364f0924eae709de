//! The round loop of the solver self-check (`self_check.rs`, every format): generated cases
//! checked in rounds, each case on its own, then each round as a whole.

use crate::pipeline::ordered_map;
use crate::progress::Progress;

/// Checks cases `0..count` in rounds of `round` and returns how many were checked, or the
/// earliest failure. Within a round every case is first checked alone by `check` (in parallel
/// with one `init` state per rayon job, or in order on this thread), then, if all passed, the
/// round's results go in case order to `judge`, which checks them together (a whole file
/// through `check`) and is told the index of the round's first case.
///
/// Results are gathered in case order whatever the thread count, so the failure reported is
/// the earliest case's of the first failing round, the same with one thread or many; a round
/// is judged only when all its cases passed; the progress line ticks once per round and is
/// finished with one failure or none.
pub fn run<S, T, D>(
    count: u64,
    round: u64,
    parallel: bool,
    progress: &mut Progress,
    init: impl Fn() -> S + Sync + Send,
    check: impl Fn(&mut S, u64) -> Result<T, D> + Sync + Send,
    mut judge: impl FnMut(u64, &[T]) -> Option<D>,
) -> Result<u64, D>
where
    T: Send,
    D: Send,
{
    let mut done = 0;
    while done < count {
        let n = round.min(count - done);
        let range = done..done + n;
        let each = |s: &mut S, i: usize| check(s, range.start + i as u64);
        let results = ordered_map(n as usize, parallel, 1, &mut None, &init, each);
        let mut passed = Vec::with_capacity(results.len());
        for r in results {
            match r {
                Ok(t) => passed.push(t),
                Err(d) => {
                    progress.finish(done, count, 1);
                    return Err(d);
                }
            }
        }
        if let Some(d) = judge(done, &passed) {
            progress.finish(done, count, 1);
            return Err(d);
        }
        done += n;
        progress.tick(done, count, 0);
    }
    progress.finish(done, count, 0);
    Ok(done)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    /// The rounds a run judged: each one's first index and its cases.
    type Judged = Vec<(u64, Vec<u64>)>;

    /// Runs 0..count in rounds of 10 with cases in `bad` failing alone and rounds whose first
    /// case is in `bad_round` failing as a whole; returns the result and the rounds judged
    /// (their first index and cases).
    fn drive(
        count: u64,
        parallel: bool,
        bad: &[u64],
        bad_round: &[u64],
    ) -> (Result<u64, String>, Judged) {
        let judged = Mutex::new(Vec::new());
        let r = run(
            count,
            10,
            parallel,
            &mut Progress::off(),
            || (),
            |_: &mut (), i| {
                if bad.contains(&i) {
                    Err(format!("case {i}"))
                } else {
                    Ok(i)
                }
            },
            |first, cases: &[u64]| {
                judged.lock().unwrap().push((first, cases.to_vec()));
                bad_round.contains(&first).then(|| format!("round {first}"))
            },
        );
        (r, judged.into_inner().unwrap())
    }

    #[test]
    fn every_case_is_checked_and_every_round_judged_in_order() {
        for parallel in [false, true] {
            let (r, judged) = drive(25, parallel, &[], &[]);
            assert_eq!(r, Ok(25));
            let want: Judged = vec![
                (0, (0..10).collect()),
                (10, (10..20).collect()),
                (20, (20..25).collect()),
            ];
            assert_eq!(judged, want, "parallel {parallel}");
        }
    }

    #[test]
    fn the_earliest_case_failure_wins_and_its_round_is_not_judged() {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(4)
            .build()
            .unwrap();
        for parallel in [false, true] {
            let (r, judged) = pool.install(|| drive(100, parallel, &[57, 13, 18], &[]));
            assert_eq!(r, Err("case 13".to_string()), "parallel {parallel}");
            assert_eq!(judged.len(), 1, "only round 0 judged");
        }
    }

    #[test]
    fn a_round_failing_as_a_whole_stops_the_run() {
        for parallel in [false, true] {
            let (r, judged) = drive(100, parallel, &[45], &[20]);
            assert_eq!(r, Err("round 20".to_string()));
            assert_eq!(judged.iter().map(|j| j.0).collect::<Vec<_>>(), [0, 10, 20]);
        }
    }

    #[test]
    fn nothing_to_check_is_zero_checked() {
        let (r, judged) = drive(0, true, &[0], &[0]);
        assert_eq!(r, Ok(0));
        assert!(judged.is_empty());
    }
}
