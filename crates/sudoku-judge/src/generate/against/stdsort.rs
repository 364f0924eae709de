//! libstdc++'s `std::sort` step for step (introsort: median-of-three quicksort down to runs of
//! 16, heapsort past twice log2 n levels, then insertion sort), so that elements that compare
//! equal end up in exactly the order the seeds' C++ programs leave them in. `std::sort` is not
//! stable, and the seeds' DFS breaks its ties by whatever order the sort leaves.

/// Runs shorter than this are left to the final insertion sort (`_S_threshold`).
const THRESHOLD: usize = 16;

/// Sorts `v` by `less` exactly as `std::sort(v.begin(), v.end(), less)` does: the reference
/// [`sort_by_small_key`] is held to.
#[cfg(test)]
pub fn sort<T: Copy>(v: &mut [T], less: &impl Fn(&T, &T) -> bool) {
    if v.len() < 2 {
        return;
    }
    let depth = 2 * (usize::BITS - 1 - v.len().leading_zeros()) as usize;
    introsort_loop(v, 0, v.len(), depth, less);
    final_insertion_sort(v, less);
}

/// `sort` by a small integer key (`key(x) < keys`), to the same order, in about a third of
/// the time on the seeds' DFS (most of a node's cost there): the final insertion sort is a
/// stable insertion sort of the whole array (each element moves left past strictly greater
/// ones only, and one below the first goes to the front, past elements all greater), so
/// what it leaves is the stable sort of what the partitions left, which a counting sort
/// makes without a comparison. `buf` is scratch, kept by the caller so that nothing is
/// allocated per call.
pub fn sort_by_small_key<T: Copy + Default>(
    v: &mut [T],
    keys: usize,
    key: &impl Fn(&T) -> usize,
    buf: &mut Vec<T>,
) {
    if v.len() < 2 {
        return;
    }
    let less = |a: &T, b: &T| key(a) < key(b);
    let depth = 2 * (usize::BITS - 1 - v.len().leading_zeros()) as usize;
    introsort_loop(v, 0, v.len(), depth, &less);
    stable_by_key(v, keys, key, buf);
}

/// A stable counting sort of `v` by `key` (below `keys`).
fn stable_by_key<T: Copy + Default>(
    v: &mut [T],
    keys: usize,
    key: &impl Fn(&T) -> usize,
    buf: &mut Vec<T>,
) {
    const MOST: usize = 66;
    debug_assert!(keys < MOST);
    let mut at = [0usize; MOST];
    for x in v.iter() {
        at[key(x) + 1] += 1;
    }
    for k in 1..=keys {
        at[k] += at[k - 1];
    }
    buf.clear();
    buf.resize(v.len(), T::default());
    for x in v.iter() {
        let k = key(x);
        buf[at[k]] = *x;
        at[k] += 1;
    }
    v.copy_from_slice(buf);
}

fn introsort_loop<T: Copy>(
    v: &mut [T],
    first: usize,
    mut last: usize,
    mut depth: usize,
    less: &impl Fn(&T, &T) -> bool,
) {
    while last - first > THRESHOLD {
        if depth == 0 {
            heap_sort(&mut v[first..last], less);
            return;
        }
        depth -= 1;
        let cut = partition_pivot(v, first, last, less);
        introsort_loop(v, cut, last, depth, less);
        last = cut;
    }
}

fn partition_pivot<T: Copy>(
    v: &mut [T],
    first: usize,
    last: usize,
    less: &impl Fn(&T, &T) -> bool,
) -> usize {
    let mid = first + (last - first) / 2;
    move_median_to_first(v, first, first + 1, mid, last - 1, less);
    unguarded_partition(v, first + 1, last, first, less)
}

fn move_median_to_first<T: Copy>(
    v: &mut [T],
    result: usize,
    a: usize,
    b: usize,
    c: usize,
    less: &impl Fn(&T, &T) -> bool,
) {
    let pick = if less(&v[a], &v[b]) {
        if less(&v[b], &v[c]) {
            b
        } else if less(&v[a], &v[c]) {
            c
        } else {
            a
        }
    } else if less(&v[a], &v[c]) {
        a
    } else if less(&v[b], &v[c]) {
        c
    } else {
        b
    };
    v.swap(result, pick);
}

fn unguarded_partition<T: Copy>(
    v: &mut [T],
    mut first: usize,
    mut last: usize,
    pivot: usize,
    less: &impl Fn(&T, &T) -> bool,
) -> usize {
    loop {
        while less(&v[first], &v[pivot]) {
            first += 1;
        }
        last -= 1;
        while less(&v[pivot], &v[last]) {
            last -= 1;
        }
        if first >= last {
            return first;
        }
        v.swap(first, last);
        first += 1;
    }
}

#[cfg(test)]
fn final_insertion_sort<T: Copy>(v: &mut [T], less: &impl Fn(&T, &T) -> bool) {
    if v.len() > THRESHOLD {
        insertion_sort(&mut v[..THRESHOLD], less);
        for i in THRESHOLD..v.len() {
            unguarded_linear_insert(v, i, less);
        }
    } else {
        insertion_sort(v, less);
    }
}

#[cfg(test)]
fn insertion_sort<T: Copy>(v: &mut [T], less: &impl Fn(&T, &T) -> bool) {
    for i in 1..v.len() {
        if less(&v[i], &v[0]) {
            let val = v[i];
            v.copy_within(0..i, 1);
            v[0] = val;
        } else {
            unguarded_linear_insert(v, i, less);
        }
    }
}

#[cfg(test)]
fn unguarded_linear_insert<T: Copy>(v: &mut [T], mut last: usize, less: &impl Fn(&T, &T) -> bool) {
    let val = v[last];
    // The C++ loop is unguarded: an element not below it sits somewhere to the left. Guarded
    // here all the same, so that no comparison can read out of bounds.
    while last > 0 && less(&val, &v[last - 1]) {
        v[last] = v[last - 1];
        last -= 1;
    }
    v[last] = val;
}

/// `std::__partial_sort(first, last, last)`: make_heap, then sort_heap.
fn heap_sort<T: Copy>(v: &mut [T], less: &impl Fn(&T, &T) -> bool) {
    let len = v.len();
    if len >= 2 {
        let mut parent = (len - 2) / 2;
        loop {
            let value = v[parent];
            adjust_heap(v, parent, len, value, less);
            if parent == 0 {
                break;
            }
            parent -= 1;
        }
    }
    let mut last = len;
    while last > 1 {
        last -= 1;
        let value = v[last];
        v[last] = v[0];
        adjust_heap(&mut v[..last], 0, last, value, less);
    }
}

fn adjust_heap<T: Copy>(
    v: &mut [T],
    mut hole: usize,
    len: usize,
    value: T,
    less: &impl Fn(&T, &T) -> bool,
) {
    let top = hole;
    let mut second = hole;
    while len > 2 && second < (len - 1) / 2 {
        second = 2 * (second + 1);
        if less(&v[second], &v[second - 1]) {
            second -= 1;
        }
        v[hole] = v[second];
        hole = second;
    }
    if len >= 2 && len.is_multiple_of(2) && second == (len - 2) / 2 {
        second = 2 * (second + 1);
        v[hole] = v[second - 1];
        hole = second - 1;
    }
    // __push_heap
    let mut parent = hole.wrapping_sub(1) / 2;
    while hole > top && less(&v[parent], &value) {
        v[hole] = v[parent];
        hole = parent;
        parent = hole.wrapping_sub(1) / 2;
    }
    v[hole] = value;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    /// Keys with many ties, tagged with their first position: sorted by key, whatever the tie
    /// order, for every length across the thresholds and the heapsort fallback.
    #[test]
    fn sorts_like_a_sort() {
        let mut rng = Rng::new(5);
        for len in 0..200 {
            for spread in [1, 3, 10] {
                let mut v: Vec<(u64, usize)> = (0..len).map(|i| (rng.below(spread), i)).collect();
                let mut keys: Vec<u64> = v.iter().map(|p| p.0).collect();
                sort(&mut v, &|a: &(u64, usize), b: &(u64, usize)| a.0 < b.0);
                keys.sort_unstable();
                assert_eq!(v.iter().map(|p| p.0).collect::<Vec<_>>(), keys);
                let mut tags: Vec<usize> = v.iter().map(|p| p.1).collect();
                tags.sort_unstable();
                assert_eq!(tags, (0..len).collect::<Vec<_>>());
            }
        }
        for len in 0..200 {
            for spread in [1, 3, 10, 65] {
                let v: Vec<u32> = (0..len as u32)
                    .map(|i| (rng.below(spread) as u32) << 16 | i)
                    .collect();
                let (mut a, mut b) = (v.clone(), v);
                sort(&mut a, &|x: &u32, y: &u32| x >> 16 < y >> 16);
                let mut buf = Vec::new();
                sort_by_small_key(&mut b, 65, &|x: &u32| (x >> 16) as usize, &mut buf);
                assert_eq!(a, b, "len {len}, spread {spread}");
            }
        }
        let mut heap: Vec<u64> = (0..300).rev().collect();
        heap_sort(&mut heap, &|a: &u64, b: &u64| a < b);
        assert_eq!(heap, (0..300).collect::<Vec<_>>());
    }
}
