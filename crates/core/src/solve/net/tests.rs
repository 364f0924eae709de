//! The net searches held to the judges' samples, to each other on thousands of seeded cases,
//! and to a naive enumeration in slot order (counts, and the N-th solution).

use super::*;
use crate::model::net::HEXODOKU_CELLS;
use crate::rng::Rng;

const SGU_SAMPLE_ONE: [u8; 31] = [
    1, 2, 1, 3, 4, 5, 2, 2, 4, 6, 7, 1, 3, 7, 5, 1, 8, 6, 2, 1, 3, 4, 5, 7, 8, 6, 7, 2, 3, 5, 8,
];

fn both() -> [Box<dyn NetSearch>; 2] {
    [build(SolverKind::Bitmask), build(SolverKind::Dlx)]
}

/// Every solution in slot order, by trying each value of each slot in turn and checking the
/// rules on the values so far: slow, plain, and obviously in lexicographic order.
fn naive(net: &Net, givens: &[u8], most: usize) -> Vec<Vec<u8>> {
    fn go(
        net: &Net,
        at: usize,
        values: &mut Vec<u8>,
        givens: &[u8],
        out: &mut Vec<Vec<u8>>,
        most: usize,
    ) {
        if out.len() >= most {
            return;
        }
        if at == values.len() {
            out.push(values.clone());
            return;
        }
        for v in 1..=net.values() as u8 {
            if givens[at] != 0 && givens[at] != v {
                continue;
            }
            values[at] = v;
            if net.clash(values).is_none() {
                go(net, at + 1, values, givens, out, most);
            }
        }
        values[at] = 0;
    }
    let mut out = Vec::new();
    if net.clash(givens).is_none() {
        go(net, 0, &mut vec![0; net.slots()], givens, &mut out, most);
    }
    out
}

/// A random solution of `net`: slots in random order, each given a random value that still
/// leaves a solution (found within a cap of nodes, so that no draw takes long).
fn random_solution(net: &Net, rng: &mut Rng) -> Option<Vec<u8>> {
    let mut search = build(SolverKind::Bitmask);
    search.set_cap(Some(20_000));
    let mut values = vec![0; net.slots()];
    let mut order: Vec<usize> = (0..net.slots()).collect();
    rng.shuffle(&mut order);
    for slot in order {
        let mut tries: Vec<u8> = (1..=net.values() as u8).collect();
        rng.shuffle(&mut tries);
        for v in tries {
            values[slot] = v;
            if search.count(net, &values, 1).0 == 1 && !search.capped() {
                break;
            }
        }
    }
    net.is_solution(&values).then_some(values)
}

/// Case `i` of a seed: a hexagon of 7 to 12 values or a Tight-Fit grid with random split
/// cells, and givens kept from a random solution (sometimes one changed).
fn case(seed: u64, i: u64) -> (Net, Vec<u8>) {
    let mut rng = Rng::for_item(seed, i);
    // A draw whose filling runs past the cap is drawn again.
    let (net, solution) = loop {
        let net = if rng.chance(1, 2) {
            Net::hexodoku(rng.range(7, 12)).unwrap()
        } else {
            // Split cells where every row, column and region keeps room: at most three each.
            let mut split = [false; 36];
            let mut order: Vec<usize> = (0..36).collect();
            rng.shuffle(&mut order);
            for cell in order {
                split[cell] = rng.chance(1, 3);
                if Net::tight_fit(&split).crowded_unit().is_some() {
                    split[cell] = false;
                }
            }
            Net::tight_fit(&split)
        };
        if let Some(solution) = random_solution(&net, &mut rng) {
            break (net, solution);
        }
    };
    let keep = rng.range(20, 90) as u64;
    let mut givens: Vec<u8> = solution
        .iter()
        .map(|&v| if rng.below(100) < keep { v } else { 0 })
        .collect();
    if rng.chance(1, 5) {
        let slot = rng.below(givens.len() as u64) as usize;
        givens[slot] = rng.range(1, net.values()) as u8;
    }
    (net, givens)
}

#[test]
fn sgu437_samples() {
    let eight = Net::hexodoku(8).unwrap();
    let seven = Net::hexodoku(7).unwrap();
    for mut search in both() {
        let first = nth(search.as_mut(), &eight, &[0; HEXODOKU_CELLS], 1);
        assert_eq!(first.as_deref(), Some(&SGU_SAMPLE_ONE[..]));
        assert_eq!(
            nth(search.as_mut(), &seven, &[0; HEXODOKU_CELLS], 100_000),
            None
        );
        assert_eq!(
            search.count(&seven, &[0; HEXODOKU_CELLS], u64::MAX).0,
            10080
        );
        let last = nth(search.as_mut(), &seven, &[0; HEXODOKU_CELLS], 10080).unwrap();
        assert!(seven.is_solution(&last));
        assert_eq!(
            nth(search.as_mut(), &seven, &[0; HEXODOKU_CELLS], 10081),
            None
        );
    }
    // The naive enumeration agrees on the first solutions of the K = 7 hexagon.
    let listed = naive(&seven, &[0; HEXODOKU_CELLS], 30);
    let mut search = build(SolverKind::Dlx);
    for (i, s) in listed.iter().enumerate() {
        assert_eq!(
            nth(search.as_mut(), &seven, &[0; HEXODOKU_CELLS], i as u64 + 1).as_ref(),
            Some(s)
        );
    }
}

#[test]
fn tight_fit_sample_has_one_solution() {
    let puzzle = [
        "-/- -/5 4 3 2 -/-",
        "- 6 -/- -/- - -/-",
        "- 7/- - -/- -/- 2",
        "8 -/- -/- - -/3 -",
        "-/- - -/- -/- 4 -",
        "-/- 8 7 6 5/- -/-",
    ];
    let answer = "7/9 1/5 4 3 2 6/8 3 6 2/8 1/9 7 4/5 1 7/9 3 4/5 6/8 2 \
                  8 2/4 5/6 7 1/3 9 5/6 3 1/9 2/8 4 7 2/4 8 7 6 5/9 1/3";
    let read = |tokens: &mut dyn Iterator<Item = &str>| {
        let mut split = [false; 36];
        let mut values = Vec::new();
        for (i, t) in tokens.enumerate() {
            split[i] = t.contains('/');
            values.extend(t.split('/').map(|v| v.parse::<u8>().unwrap_or(0)));
        }
        (split, values)
    };
    let (split, givens) = read(&mut puzzle.iter().flat_map(|r| r.split(' ')));
    let (same, solution) = read(&mut answer.split_whitespace());
    assert_eq!(split, same);
    let net = Net::tight_fit(&split);
    for mut search in both() {
        assert_eq!(search.count(&net, &givens, 2), (1, Some(solution.clone())));
    }
}

#[test]
fn both_families_agree_on_seeded_cases() {
    let mut searches = both();
    for s in searches.iter_mut() {
        s.set_cap(Some(1_000_000));
    }
    let (mut unique, mut none, mut several, mut capped) = (0, 0, 0, 0);
    for i in 0..1500 {
        let (net, givens) = case(437, i);
        let [a, b] = &mut searches;
        let (ca, fa) = a.count(&net, &givens, 20);
        let (cb, fb) = b.count(&net, &givens, 20);
        // A sparse grid with a wrong given can take either search long to refute: such a
        // case is left out (a node cap: the same cases on every run), and counted below.
        if a.capped() || b.capped() {
            capped += 1;
            continue;
        }
        assert_eq!(ca, cb, "case {i}: {net:?} {givens:?}");
        for first in [fa, fb].into_iter().flatten() {
            assert!(net.is_solution(&first), "case {i}");
            assert!(first.iter().zip(&givens).all(|(&v, &g)| g == 0 || g == v));
        }
        match ca {
            0 => none += 1,
            1 => unique += 1,
            _ => several += 1,
        }
    }
    // The cases reach every outcome, not one kind only.
    assert!(
        unique > 100 && none > 100 && several > 100,
        "{unique} {none} {several}"
    );
    assert!(capped < 15, "{capped} cases past the cap");
}

#[test]
fn nth_walks_the_naive_order() {
    let mut searches = both();
    let mut listed_some = 0;
    for i in 0..400 {
        let (net, mut givens) = case(79494, i);
        // Keep the enumeration small: only cases with many givens.
        if givens.iter().filter(|&&v| v != 0).count() * 10 < net.slots() * 7 {
            let Some(full) = random_solution(&net, &mut Rng::for_item(1, i)) else {
                continue;
            };
            givens = full
                .into_iter()
                .enumerate()
                .map(|(s, v)| if s % 3 == 0 { 0 } else { v })
                .collect();
        }
        let all = naive(&net, &givens, 41);
        listed_some += (all.len() > 1) as usize;
        for search in searches.iter_mut() {
            for (k, s) in all.iter().enumerate().take(40) {
                let got = nth(search.as_mut(), &net, &givens, k as u64 + 1);
                assert_eq!(got.as_ref(), Some(s), "case {i}, rank {}", k + 1);
            }
            if all.len() <= 40 {
                let past = nth(search.as_mut(), &net, &givens, all.len() as u64 + 1);
                assert_eq!(past, None, "case {i}");
                assert_eq!(search.count(&net, &givens, 1000).0, all.len() as u64);
            }
        }
    }
    assert!(
        listed_some > 50,
        "{listed_some} cases with several solutions"
    );
}

#[test]
fn clashing_givens_have_no_solution() {
    let net = Net::hexodoku(9).unwrap();
    let mut givens = [0u8; HEXODOKU_CELLS];
    (givens[0], givens[1]) = (4, 4); // cells 1 and 2 share a line
    let mut split = [false; 36];
    split[7] = true;
    let tight = Net::tight_fit(&split);
    let mut decreasing = vec![0u8; tight.slots()];
    (decreasing[7], decreasing[8]) = (6, 2);
    let mut too_big = vec![0u8; tight.slots()];
    too_big[3] = 10;
    // Four split cells in the first row: ten values for nine digits, refused at once.
    let mut crowded = [false; 36];
    crowded[..4].copy_from_slice(&[true; 4]);
    let crowded = Net::tight_fit(&crowded);
    assert_eq!(crowded.crowded_unit(), Some(0));
    for mut search in both() {
        assert_eq!(
            search.count(&crowded, &vec![0; crowded.slots()], 5),
            (0, None)
        );
        assert!(search.nodes() < 100, "{}", search.nodes());
        assert_eq!(search.count(&net, &givens, 5), (0, None));
        assert_eq!(search.count(&tight, &decreasing, 5), (0, None));
        assert_eq!(search.count(&tight, &too_big, 5), (0, None));
    }
}

/// Twins (see `net::bitmask`): the empty hexagon's values are alike, so each family counts
/// K = 7's 10,080 solutions having walked few of them. A given takes its value out of the
/// twins: with two givens the other five are twins, with all seven none is, and either way
/// the counts are the naive walk's.
#[test]
fn twins_count_without_walking() {
    let hexagon = Net::hexodoku(7).unwrap();
    for mut search in both() {
        assert_eq!(search.count(&hexagon, &[0; 31], u64::MAX).0, 10080);
        assert!(search.nodes() < 1000, "{}", search.nodes());
    }
    // Givens from the first solution: two cells, or the first cell of each value.
    let first = &naive(&hexagon, &[0; 31], 1)[0];
    let mut two = vec![0u8; 31];
    (two[0], two[30]) = (first[0], first[30]);
    let mut seven = vec![0u8; 31];
    for v in 1..=7 {
        let cell = first.iter().position(|&x| x == v).unwrap();
        seven[cell] = v;
    }
    for givens in [two, seven] {
        let want = naive(&hexagon, &givens, usize::MAX).len() as u64;
        assert!(want > 0);
        for mut search in both() {
            assert_eq!(
                search.count(&hexagon, &givens, u64::MAX).0,
                want,
                "{givens:?}"
            );
        }
    }
}
