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

/// Room past `len` that [`sort_pairs`] may read in `keys`: it compares 16 keys at a time.
pub const PAD: usize = 16;

/// Scratch of [`sort_pairs`], kept by the caller so that nothing is allocated per call.
#[derive(Default)]
pub struct Scratch {
    packed: Vec<u32>,
    buf: Vec<u32>,
    cells: Vec<u16>,
}

/// `std::sort` of the first `len` (key, cell) pairs by key (`keys[i] < nkeys`), the pairs
/// held in two arrays (`keys.len() >= len + PAD`): the order [`sort_by_small_key`] leaves,
/// found with bit masks over the positions (up to 128 of them; longer arrays are packed into
/// `u32`s for [`sort_by_small_key`]). A partition's scans jump from one key on the wrong side
/// of the pivot to the next by bit searches in the masks of keys at least and at most the
/// pivot (16 compared at a time), where the comparison loop mispredicts about once a key;
/// the final stable pass takes each key's positions in order from its mask. Keys past `len`
/// are read and ignored; the keys of the first `len` are left unspecified (the caller
/// recounts them). Inlined, so that the caller's CPU features compile it.
#[inline(always)]
pub fn sort_pairs(keys: &mut [u8], cells: &mut [u16], len: usize, nkeys: usize, s: &mut Scratch) {
    assert!(keys.len() >= len + PAD && cells.len() >= len && nkeys <= 256);
    if len < 2 {
        return;
    }
    if len <= 64 {
        sort_masked::<u64>(keys, cells, len, nkeys, s);
    } else if len <= 128 {
        sort_masked::<u128>(keys, cells, len, nkeys, s);
    } else {
        sort_packed(keys, cells, len, nkeys, s);
    }
}

/// [`sort_pairs`] of more pairs than a mask has bits.
#[inline(never)]
fn sort_packed(keys: &[u8], cells: &mut [u16], len: usize, nkeys: usize, s: &mut Scratch) {
    s.packed.clear();
    s.packed
        .extend((0..len).map(|i| (keys[i] as u32) << 16 | cells[i] as u32));
    sort_by_small_key(&mut s.packed, nkeys, &|x: &u32| (x >> 16) as usize, &mut s.buf);
    for (c, &x) in cells.iter_mut().zip(&s.packed) {
        *c = x as u16;
    }
}

/// A set of positions, one bit each: `u64` up to 64 positions, `u128` up to 128.
trait Mask: Copy + Eq {
    const BITS: usize;
    const ZERO: Self;
    /// `self | (lane << at)`, `at` a multiple of 16 below `BITS`.
    fn or_lane(self, lane: u16, at: usize) -> Self;
    /// Bits `lo..hi` set.
    fn span(lo: usize, hi: usize) -> Self;
    fn and(self, o: Self) -> Self;
    fn set(self, i: usize) -> Self;
    /// The lowest set bit at or above `i` (`BITS` when none).
    fn next_from(self, i: usize) -> usize;
    /// The highest set bit at or below `i` (`None` when none).
    fn last_upto(self, i: usize) -> Option<usize>;
    /// The lowest set bit, cleared; `None` when empty.
    fn pop(&mut self) -> Option<usize>;
}

macro_rules! mask_impl {
    ($t:ty) => {
        impl Mask for $t {
            const BITS: usize = <$t>::BITS as usize;
            const ZERO: Self = 0;
            #[inline(always)]
            fn or_lane(self, lane: u16, at: usize) -> Self {
                self | (lane as $t) << at
            }
            #[inline(always)]
            fn span(lo: usize, hi: usize) -> Self {
                debug_assert!(lo < hi && hi <= <$t as Mask>::BITS);
                (<$t>::MAX >> (<$t as Mask>::BITS - hi)) & (<$t>::MAX << lo)
            }
            #[inline(always)]
            fn and(self, o: Self) -> Self {
                self & o
            }
            #[inline(always)]
            fn set(self, i: usize) -> Self {
                self | (1 as $t) << i
            }
            #[inline(always)]
            fn next_from(self, i: usize) -> usize {
                i + (self >> i).trailing_zeros() as usize
            }
            #[inline(always)]
            fn last_upto(self, i: usize) -> Option<usize> {
                let below = self & (<$t>::MAX >> (<$t as Mask>::BITS - 1 - i));
                (below != 0).then(|| <$t as Mask>::BITS - 1 - below.leading_zeros() as usize)
            }
            #[inline(always)]
            fn pop(&mut self) -> Option<usize> {
                if *self == 0 {
                    return None;
                }
                let i = self.trailing_zeros() as usize;
                *self &= *self - 1;
                Some(i)
            }
        }
    };
}
mask_impl!(u64);
mask_impl!(u128);

/// [`sort_pairs`] with masks of type `M` (`len <= M::BITS`): [`introsort_loop`]'s partitions
/// ([`masked_partition`]), ranges kept on a stack instead of the recursion (they are
/// disjoint, so the order they are taken in changes nothing), then the stable pass.
#[inline(always)]
fn sort_masked<M: Mask>(keys: &mut [u8], cells: &mut [u16], len: usize, nkeys: usize, s: &mut Scratch) {
    debug_assert!(len <= M::BITS);
    // At most one range waits per level of partitions, and there are at most 2 log2 128.
    let mut stack = [(0u8, 0u8, 0u8); 16];
    let mut top = 0;
    let (mut first, mut last) = (0, len);
    let mut depth = 2 * (usize::BITS - 1 - len.leading_zeros()) as usize;
    loop {
        while last - first > THRESHOLD {
            if depth == 0 {
                heap_pairs(keys, cells, first, last, s);
                break;
            }
            depth -= 1;
            let mid = first + (last - first) / 2;
            median_to_first(keys, cells, first, first + 1, mid, last - 1);
            let cut = masked_partition::<M>(keys, cells, first, last);
            stack[top] = (cut as u8, last as u8, depth as u8);
            top += 1;
            last = cut;
        }
        if top == 0 {
            break;
        }
        top -= 1;
        let (f, l, d) = stack[top];
        (first, last, depth) = (f as usize, l as usize, d as usize);
    }
    // The stable pass: each key's positions in order.
    s.cells.resize(len.max(s.cells.len()), 0);
    let out = &mut s.cells[..len];
    let mut o = 0;
    for k in 0..nkeys {
        if o == len {
            break;
        }
        let mut m = eq_mask::<M>(keys, len, k as u8);
        while let Some(i) = m.pop() {
            out[o] = cells[i];
            o += 1;
        }
    }
    cells[..len].copy_from_slice(out);
}

/// `std::__move_median_to_first` on the pairs.
#[inline(always)]
fn median_to_first(keys: &mut [u8], cells: &mut [u16], result: usize, a: usize, b: usize, c: usize) {
    let k = |i: usize| keys[i];
    let pick = if k(a) < k(b) {
        if k(b) < k(c) {
            b
        } else if k(a) < k(c) {
            c
        } else {
            a
        }
    } else if k(a) < k(c) {
        a
    } else if k(b) < k(c) {
        c
    } else {
        b
    };
    keys.swap(result, pick);
    cells.swap(result, pick);
}

/// [`heap_sort`] of the pairs `first..last` (introsort past its depth: rare).
#[inline(never)]
fn heap_pairs(keys: &mut [u8], cells: &mut [u16], first: usize, last: usize, s: &mut Scratch) {
    s.packed.clear();
    s.packed
        .extend((first..last).map(|i| (keys[i] as u32) << 16 | cells[i] as u32));
    heap_sort(&mut s.packed, &|a: &u32, b: &u32| a >> 16 < b >> 16);
    for (i, &x) in (first..last).zip(&s.packed) {
        keys[i] = (x >> 16) as u8;
        cells[i] = x as u16;
    }
}

/// [`unguarded_partition`] of `first + 1..last` around the key at `first`, by masks: the left
/// scan stops at the next key at least the pivot, the right one at the previous key at most
/// it, so each scan is a bit search. A swap puts a key at least the pivot where the left scan
/// may yet stop and one at most it where the right scan may; every other position keeps the
/// key its bits were taken from until a scan has passed it.
#[inline(always)]
fn masked_partition<M: Mask>(keys: &mut [u8], cells: &mut [u16], first: usize, last: usize) -> usize {
    let (mut ge, mut le) = ge_le_masks::<M>(keys, first, last, keys[first]);
    let (mut first, mut last) = (first + 1, last);
    loop {
        first = ge.next_from(first);
        debug_assert!(first < M::BITS, "the left scan has a sentinel");
        last = le.last_upto(last - 1).expect("the right scan has a sentinel");
        if first >= last {
            return first;
        }
        keys.swap(first, last);
        cells.swap(first, last);
        ge = ge.set(last);
        le = le.set(first);
        first += 1;
    }
}

/// The positions in `lo..hi` whose key is at least `p`, and those whose key is at most `p`.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn ge_le_masks<M: Mask>(keys: &[u8], lo: usize, hi: usize, p: u8) -> (M, M) {
    use std::arch::x86_64::*;
    // SAFETY (each `unsafe` here): SSE2, which every x86-64 CPU has.
    let pv = unsafe { _mm_set1_epi8(p as i8) };
    let (mut ge, mut le) = (M::ZERO, M::ZERO);
    let mut j = lo & !15;
    while j < hi {
        let v = load16(keys, j);
        let (g, l) = unsafe {
            (
                _mm_movemask_epi8(_mm_cmpeq_epi8(_mm_max_epu8(v, pv), v)) as u16,
                _mm_movemask_epi8(_mm_cmpeq_epi8(_mm_min_epu8(v, pv), v)) as u16,
            )
        };
        ge = ge.or_lane(g, j);
        le = le.or_lane(l, j);
        j += 16;
    }
    let range = M::span(lo, hi);
    (ge.and(range), le.and(range))
}

/// The positions in `0..len` whose key is `k`.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn eq_mask<M: Mask>(keys: &[u8], len: usize, k: u8) -> M {
    use std::arch::x86_64::*;
    // SAFETY (each `unsafe` here): SSE2, which every x86-64 CPU has.
    let kv = unsafe { _mm_set1_epi8(k as i8) };
    let mut m = M::ZERO;
    let mut j = 0;
    while j < len {
        let v = load16(keys, j);
        let e = unsafe { _mm_movemask_epi8(_mm_cmpeq_epi8(v, kv)) as u16 };
        m = m.or_lane(e, j);
        j += 16;
    }
    m.and(M::span(0, len))
}

/// Keys `j..j + 16`.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn load16(keys: &[u8], j: usize) -> std::arch::x86_64::__m128i {
    let lane: &[u8; 16] = keys[j..j + 16].try_into().expect("16 keys");
    // SAFETY: `lane` is 16 readable bytes; the load takes any alignment.
    unsafe { std::arch::x86_64::_mm_loadu_si128(lane.as_ptr().cast()) }
}

/// [`ge_le_masks`] one key at a time, for other targets.
#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
fn ge_le_masks<M: Mask>(keys: &[u8], lo: usize, hi: usize, p: u8) -> (M, M) {
    let (mut ge, mut le) = (M::ZERO, M::ZERO);
    for i in lo..hi {
        if keys[i] >= p {
            ge = ge.set(i);
        }
        if keys[i] <= p {
            le = le.set(i);
        }
    }
    (ge, le)
}

/// [`eq_mask`] one key at a time, for other targets.
#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
fn eq_mask<M: Mask>(keys: &[u8], len: usize, k: u8) -> M {
    let mut m = M::ZERO;
    for (i, &x) in keys.iter().enumerate().take(len) {
        if x == k {
            m = m.set(i);
        }
    }
    m
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

    /// The pairs sorted by masks land exactly where the reference sort puts the packed slots,
    /// for every length across the thresholds, the mask width and the heapsort fallback
    /// (few distinct keys in a long run exhaust the depth), keys past the length ignored.
    #[test]
    fn pairs_sort_like_the_reference() {
        let mut rng = Rng::new(11);
        let mut scratch = Scratch::default();
        for len in 0..300 {
            for spread in [1u64, 2, 3, 10, 65] {
                let keys: Vec<u8> = (0..len).map(|_| rng.below(spread) as u8).collect();
                let mut want: Vec<u32> = (0..len as u32)
                    .map(|i| (keys[i as usize] as u32) << 16 | i)
                    .collect();
                sort(&mut want, &|x: &u32, y: &u32| x >> 16 < y >> 16);
                let mut k = keys.clone();
                k.extend((0..PAD).map(|_| rng.below(256) as u8));
                let mut cells: Vec<u16> = (0..len as u16).collect();
                sort_pairs(&mut k, &mut cells, len, 65, &mut scratch);
                let got: Vec<u32> = cells
                    .iter()
                    .map(|&c| (keys[c as usize] as u32) << 16 | c as u32)
                    .collect();
                assert_eq!(got, want, "len {len}, spread {spread}");
            }
        }
        // Median-of-three on sawtooth keys drives introsort to its depth limit.
        for len in [40usize, 100, 128] {
            let keys: Vec<u8> = (0..len).map(|i| ((i * 7) % 5) as u8).collect();
            let mut want: Vec<u32> = (0..len as u32)
                .map(|i| (keys[i as usize] as u32) << 16 | i)
                .collect();
            sort(&mut want, &|x: &u32, y: &u32| x >> 16 < y >> 16);
            let mut k = keys.clone();
            k.resize(len + PAD, 0);
            let mut cells: Vec<u16> = (0..len as u16).collect();
            sort_pairs(&mut k, &mut cells, len, 5, &mut scratch);
            let got: Vec<u32> = cells
                .iter()
                .map(|&c| (keys[c as usize] as u32) << 16 | c as u32)
                .collect();
            assert_eq!(got, want, "sawtooth {len}");
        }
    }

}
