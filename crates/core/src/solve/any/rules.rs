//! The propagators of the rules beyond units ([`crate::model::Rules`]: cages with sums,
//! relations between two cells) on candidate masks (bit `d`: digit `d + 1`), for the bitmask
//! search ([`super::bitmask`]), which runs them to a fixed point with its singles.
//!
//! - A cage: its determined cells (one candidate left) hold the digits `P`, which must differ;
//!   its open cells together have the candidates `U`. A digit set `S` of the cage's table
//!   (the sets of its size adding up to its sum) is still possible when it holds `P`, its other
//!   digits `S \ P` are all among `U`, and every open cell has one of them. The open cells keep
//!   only the digits of some possible set beyond `P`; no possible set is a contradiction.
//! - An order `a < b`: `a` keeps the candidates below `b`'s largest, `b` those above `a`'s
//!   smallest.
//! - A pair's sum against `k`: `<` and `>` bound each cell by the other's smallest or
//!   largest candidate; `=` keeps each candidate whose complement `k - x` the other cell has.
//!
//! Every rule only strikes candidates that no solution of the node holds, so the fixed point
//! does not depend on the order they run in, and a full grid at the fixed point keeps every
//! rule (a full cage's set is `P`, which must be in its table; a relation between two
//! determined cells keeps only values that hold).

use crate::model::{Cmp, Relation, Rules};

/// The candidates of a search node, as the propagators read and narrow them.
pub(super) trait Domains {
    /// Cell `c`'s candidates.
    fn get(&self, c: usize) -> u32;
    /// Keeps only the candidates `keep` of cell `c`; false on a contradiction.
    fn keep(&mut self, c: usize, keep: u32) -> bool;
}

/// A geometry's rules laid out for propagation.
pub(super) struct Tables {
    /// Each cage's cells, `cells[start[i]..start[i + 1]]`.
    cells: Vec<u16>,
    start: Vec<u32>,
    /// Each cage's digit sets, `combos[combo_start[i]..combo_start[i + 1]]`.
    combos: Vec<u32>,
    combo_start: Vec<u32>,
    relations: Vec<Relation>,
}

impl Tables {
    pub(super) fn new(r: &Rules) -> Tables {
        let (mut cells, mut start) = (Vec::new(), vec![0]);
        let (mut combos, mut combo_start) = (Vec::new(), vec![0]);
        for (i, cage) in r.cages().iter().enumerate() {
            cells.extend_from_slice(&cage.cells);
            start.push(cells.len() as u32);
            combos.extend_from_slice(r.combos(i));
            combo_start.push(combos.len() as u32);
        }
        Tables {
            cells,
            start,
            combos,
            combo_start,
            relations: r.relations().to_vec(),
        }
    }

    /// One pass of every cage and relation over the node; false on a contradiction.
    pub(super) fn enforce(&self, d: &mut impl Domains) -> bool {
        for i in 0..self.start.len() - 1 {
            let cells = &self.cells[self.start[i] as usize..self.start[i + 1] as usize];
            let combos =
                &self.combos[self.combo_start[i] as usize..self.combo_start[i + 1] as usize];
            if !cage(d, cells, combos) {
                return false;
            }
        }
        self.relations.iter().all(|r| relation(d, r))
    }
}

#[inline]
fn single(m: u32) -> bool {
    m & m.wrapping_sub(1) == 0
}

/// One cage; see the module doc.
fn cage(d: &mut impl Domains, cells: &[u16], combos: &[u32]) -> bool {
    let (mut placed, mut open) = (0u32, 0u32);
    let mut masks = [0u32; 32];
    let mut n = 0;
    for &c in cells {
        let m = d.get(c as usize);
        if single(m) {
            if placed & m != 0 {
                return false;
            }
            placed |= m;
        } else {
            open |= m;
            masks[n] = m;
            n += 1;
        }
    }
    let mut allowed = 0;
    let mut possible = false;
    for &s in combos {
        let rest = s & !placed;
        if s & placed != placed || rest & !open != 0 {
            continue;
        }
        if masks[..n].iter().all(|&m| m & rest != 0) {
            possible = true;
            allowed |= rest;
        }
    }
    if !possible {
        return false;
    }
    if n == 0 {
        return true;
    }
    cells
        .iter()
        .all(|&c| single(d.get(c as usize)) || d.keep(c as usize, allowed))
}

/// Bits `0..k` (`k` may be past 31 or below 0).
#[inline]
fn below(k: i64) -> u32 {
    if k <= 0 {
        0
    } else if k >= 32 {
        !0
    } else {
        (1u32 << k) - 1
    }
}

/// Bits `k + 1..32`.
#[inline]
fn above(k: i64) -> u32 {
    !below(k + 1)
}

/// One relation; see the module doc. Candidate bit `i` is value `i + 1`.
fn relation(d: &mut impl Domains, r: &Relation) -> bool {
    let (a, b) = r.cells();
    let (ma, mb) = (d.get(a), d.get(b));
    if ma == 0 || mb == 0 {
        return false;
    }
    let low = |m: u32| i64::from(m.trailing_zeros());
    let high = |m: u32| 31 - i64::from(m.leading_zeros());
    let (ka, kb) = match *r {
        Relation::Less { .. } => (below(high(mb)), above(low(ma))),
        Relation::Sum { cmp, k, .. } => {
            let k = i64::from(k);
            match cmp {
                // (i + 1) + (j + 1) < k: i < k - 2 - j for the smallest j.
                Cmp::Less => (below(k - 2 - low(mb)), below(k - 2 - low(ma))),
                Cmp::Greater => (above(k - 2 - high(mb)), above(k - 2 - high(ma))),
                Cmp::Equal => (mirror(mb, k), mirror(ma, k)),
            }
        }
    };
    d.keep(a, ka) && d.keep(b, kb)
}

/// The bits `i` with `k - 2 - i` in `m`: the values that add up to `k` with one of `m`'s.
fn mirror(m: u32, k: i64) -> u32 {
    let mut out = 0;
    let mut rest = m;
    while rest != 0 {
        let j = i64::from(rest.trailing_zeros());
        rest &= rest - 1;
        let i = k - 2 - j;
        if (0..32).contains(&i) {
            out |= 1 << i;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Cage;

    struct Plain(Vec<u32>);

    impl Domains for Plain {
        fn get(&self, c: usize) -> u32 {
            self.0[c]
        }
        fn keep(&mut self, c: usize, keep: u32) -> bool {
            self.0[c] &= keep;
            self.0[c] != 0
        }
    }

    #[test]
    fn a_cage_keeps_the_digits_of_its_possible_sets() {
        // Three cells adding up to 7 ({1, 2, 4}), one of them holding 4: the others take 1, 2.
        let cage = Cage {
            cells: vec![0, 1, 2].into(),
            sum: 7,
        };
        let r = Rules::new(9, vec![cage], vec![]).unwrap();
        let t = Tables::new(&r);
        let mut d = Plain(vec![0x1ff, 0x1ff, 1 << 3]);
        assert!(t.enforce(&mut d));
        assert_eq!(d.0, vec![0b11, 0b11, 1 << 3]);
        // Both determined to 1: a repeat.
        let mut d = Plain(vec![1, 1, 1 << 3]);
        assert!(!t.enforce(&mut d));
        // Full but adding up to 8.
        let mut d = Plain(vec![1, 1 << 2, 1 << 3]);
        assert!(!t.enforce(&mut d));
    }

    #[test]
    fn relations_prune_by_bounds_and_complements() {
        let less = Relation::Less { a: 0, b: 1 };
        let mut d = Plain(vec![0x1ff, 0x1ff]);
        assert!(relation(&mut d, &less));
        assert_eq!(d.0, vec![0xff, 0x1fe]);
        let sum = |cmp| Relation::Sum {
            a: 0,
            b: 1,
            cmp,
            k: 10,
        };
        let mut d = Plain(vec![0x1ff, 1 << 8]);
        assert!(relation(&mut d, &sum(Cmp::Equal)));
        assert_eq!(d.0[0], 1);
        let mut d = Plain(vec![0x1ff, 1 << 8]);
        assert!(relation(&mut d, &sum(Cmp::Greater)));
        assert_eq!(d.0[0], 0x1fe);
        let mut d = Plain(vec![0x1ff, 1 << 8]);
        assert!(!relation(&mut d, &sum(Cmp::Less)), "9 + x < 10 has no x");
    }
}
