//! Runs past one machine: shard `K` of `N` takes the `K`-th of `N` contiguous, nearly equal
//! stretches of a run's cases, so that the shards' outputs concatenated in shard order are the
//! whole run's output byte for byte (case numbers, headers and separators are the whole run's).

use std::fmt;
use std::ops::Range;
use std::str::FromStr;

/// Shard `index` (0-based) of `count`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    pub index: u64,
    pub count: u64,
}

impl Shard {
    /// The whole run.
    pub const ALL: Shard = Shard { index: 0, count: 1 };

    /// The 0-based case indices of this shard among `total`: `[total·K/N, total·(K+1)/N)`.
    pub fn range(self, total: u64) -> Range<u64> {
        let at = |k: u64| (u128::from(total) * u128::from(k) / u128::from(self.count)) as u64;
        at(self.index)..at(self.index + 1)
    }

    /// True for the first shard, which writes what comes before the cases (a count line).
    pub fn is_first(self) -> bool {
        self.index == 0
    }

    /// True for the last shard, which reports what comes after the cases (a malformed tail).
    pub fn is_last(self) -> bool {
        self.index + 1 == self.count
    }
}

impl FromStr for Shard {
    type Err = String;

    /// `K/N` with `0 <= K < N`.
    fn from_str(s: &str) -> Result<Shard, String> {
        let bad = || format!("'{s}': expected K/N with 0 <= K < N, e.g. 0/4");
        let (k, n) = s.split_once('/').ok_or_else(bad)?;
        let index: u64 = k.trim().parse().map_err(|_| bad())?;
        let count: u64 = n.trim().parse().map_err(|_| bad())?;
        if count == 0 || index >= count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_tile_the_run_in_order() {
        for total in [0u64, 1, 2, 7, 100, 2501] {
            for count in 1..=9 {
                let mut next = 0;
                for index in 0..count {
                    let r = Shard { index, count }.range(total);
                    assert_eq!(r.start, next, "{total} cases, shard {index}/{count}");
                    assert!(r.end - r.start <= total / count + 1);
                    next = r.end;
                }
                assert_eq!(next, total);
            }
        }
    }

    #[test]
    fn parses_k_of_n() {
        assert_eq!("2/5".parse(), Ok(Shard { index: 2, count: 5 }));
        assert!("5/5".parse::<Shard>().is_err());
        assert!("1/0".parse::<Shard>().is_err());
        assert!("x".parse::<Shard>().is_err());
        assert_eq!(Shard::ALL.range(10), 0..10);
    }
}
