//! The digit relabelling of `gen --against`: a search that stops at its first solution tries
//! the digits of a cell in ascending order, so what it costs depends on what the digits are
//! called. Given the weights [`super::Strategy::order_weights`] records (the subtree that
//! trying digit `a` before digit `b` adds), the best labelling is a linear ordering problem:
//! order the digits so that the weights of the pairs put first-then-solution sum the most.
//! Up to 16 digits it is solved exactly by a dynamic program over the sets of digits given the
//! smallest labels (2^n sets); wider grids take the best of a pairwise-swap climb.

/// The widest side whose ordering is solved exactly (the program has `2^side` states).
const EXACT: usize = 16;

/// The new label (1-based) of each digit `1..=side`, as `labels[digit - 1]`, that makes the
/// most of `weights` (`weights[(a - 1) * side + (b - 1)]`: what trying `a` before `b` adds).
pub fn best(side: usize, weights: &[u64]) -> Vec<u8> {
    assert_eq!(weights.len(), side * side);
    let order = if side <= EXACT {
        exact(side, weights)
    } else {
        swaps(side, weights)
    };
    let mut labels = vec![0u8; side];
    for (k, &d) in order.iter().enumerate() {
        labels[d] = (k + 1) as u8;
    }
    labels
}

/// What an order (digits, 0-based, from the smallest label up) is worth.
pub fn worth(side: usize, weights: &[u64], order: &[usize]) -> u64 {
    let mut sum = 0;
    for (i, &a) in order.iter().enumerate() {
        for &b in &order[i + 1..] {
            sum += weights[a * side + b];
        }
    }
    sum
}

/// The best order by dynamic programming: `best[set]` is the most the digits of `set` can be
/// worth when they take the smallest labels, adding the next digit `b` gains the weights of
/// every digit of `set` before it. Ties go to the smallest digit, so the result is determined.
fn exact(side: usize, weights: &[u64]) -> Vec<usize> {
    let full = (1usize << side) - 1;
    let mut best = vec![0u64; full + 1];
    let mut seen = vec![false; full + 1];
    seen[0] = true;
    for set in 0..full {
        if !seen[set] {
            continue;
        }
        for b in 0..side {
            if set & (1 << b) != 0 {
                continue;
            }
            let gain: u64 = (0..side)
                .filter(|&a| set & (1 << a) != 0)
                .map(|a| weights[a * side + b])
                .sum();
            let next = set | (1 << b);
            let v = best[set] + gain;
            if !seen[next] || v > best[next] {
                best[next] = v;
                seen[next] = true;
            }
        }
    }
    // Walk back from the full set: the last digit is one whose removal explains the value.
    let mut order = Vec::with_capacity(side);
    let mut set = full;
    while set != 0 {
        let b = (0..side)
            .filter(|&b| set & (1 << b) != 0)
            .find(|&b| {
                let rest = set & !(1 << b);
                let gain: u64 = (0..side)
                    .filter(|&a| rest & (1 << a) != 0)
                    .map(|a| weights[a * side + b])
                    .sum();
                seen[rest] && best[rest] + gain == best[set]
            })
            .expect("some digit explains the value");
        order.push(b);
        set &= !(1 << b);
    }
    order.reverse();
    order
}

/// A climb from the order of the digits by how much they weigh as solution digits (lightest
/// first): swap any two digits while that gains, until no swap does.
fn swaps(side: usize, weights: &[u64]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..side).collect();
    let incoming = |b: usize| (0..side).map(|a| weights[a * side + b]).sum::<u64>();
    order.sort_by_key(|&b| incoming(b));
    let mut value = worth(side, weights, &order);
    loop {
        let mut better = false;
        for i in 0..side {
            for j in i + 1..side {
                order.swap(i, j);
                let v = worth(side, weights, &order);
                if v > value {
                    value = v;
                    better = true;
                } else {
                    order.swap(i, j);
                }
            }
        }
        if !better {
            return order;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every order of four digits: the program finds the most any order is worth.
    #[test]
    fn the_program_finds_the_best_order() {
        let side = 4;
        let weights: Vec<u64> = (0..16).map(|k| (k * 37 + 11) % 23).collect();
        let mut most = 0;
        let mut all = vec![0, 1, 2, 3];
        permutations(&mut all, 0, &mut |o| {
            most = most.max(worth(side, &weights, o))
        });
        let labels = best(side, &weights);
        let mut order = vec![0; side];
        for (d, &l) in labels.iter().enumerate() {
            order[l as usize - 1] = d;
        }
        assert_eq!(worth(side, &weights, &order), most);
        assert!(worth(side, &weights, &swaps(side, &weights)) <= most);
    }

    /// One heavy pair: the digit whose subtree is costly goes before the solution's digit.
    #[test]
    fn a_costly_digit_goes_first() {
        let side = 3;
        let mut weights = vec![0; 9];
        weights[2 * side] = 100; // digit 3 before digit 1 costs 100 nodes
        let labels = best(side, &weights);
        assert!(labels[2] < labels[0], "{labels:?}");
    }

    fn permutations(v: &mut Vec<usize>, k: usize, f: &mut dyn FnMut(&[usize])) {
        if k == v.len() {
            f(v);
            return;
        }
        for i in k..v.len() {
            v.swap(k, i);
            permutations(v, k + 1, f);
            v.swap(k, i);
        }
    }
}
