//! Case sets of every format: a [`Request`]'s cases made in parallel, in index order, spelled
//! in its judge format, with the expected answers written by the same writers `solve` uses
//! ([`Set::generate`] for `gen`, [`files`] for a package's groups, `gen --oj` and the
//! library). Same seed, same bytes, whatever the thread count: case `i` depends only on
//! `(seed, i)` and chunks are joined in order.

use super::maker::Maker;
use super::request::{Impossible, Made, Request};
use crate::format::spec::Spec;
use crate::format::spell::{write_count, write_end};
use crate::format::write_input;
use crate::model::Case;
use crate::pipeline::ordered_map;
use crate::shard::Shard;
use std::ops::Range;

/// Cases per parallel task (one pair of buffers each).
const CHUNK: u64 = 128;
/// Cases held in memory at once, so a set of any size streams out.
const BATCH: u64 = 16 * 1024;

/// A whole set to make: the request's cases `0..count` (or a shard of them).
#[derive(Clone, Debug)]
pub struct Set {
    pub request: Request,
    pub count: u64,
    /// Also produce the expected answers.
    pub answers: bool,
    /// Run on the current rayon pool (false: inline).
    pub parallel: bool,
    /// Make only this shard's cases (the count line only in shard 0).
    pub shard: Shard,
}

impl Set {
    /// All `count` cases of `request`, with their answers, inline.
    pub fn new(request: Request, count: u64) -> Set {
        Set {
            request,
            count,
            answers: true,
            parallel: false,
            shard: Shard::ALL,
        }
    }

    /// Makes the set and hands it to `emit` in order, piece by piece; the count line (if the
    /// format has one) is the first piece's input. Stops at the first impossible case or failed
    /// `emit`.
    pub fn generate<E>(
        &self,
        emit: &mut dyn FnMut(Piece<'_, Made>) -> Result<(), E>,
    ) -> Result<(), GenError<E>> {
        let (req, spec) = (&self.request, self.request.spec);
        let mut header = Vec::new();
        if self.shard.is_first() {
            write_count(spec, self.count, &mut header);
        }
        let make = |maker: &mut Maker, first: u64, n: u64| {
            let mut chunk = Chunk::with_capacity(n);
            for i in first..first + n {
                let made = maker.case(req, i)?;
                chunk.spell(maker, spec, i + 1, &made.case, self.answers);
                chunk.cases.push(made);
            }
            Ok(chunk)
        };
        in_chunks(
            self.shard.range(self.count),
            self.parallel,
            &header,
            Maker::new,
            make,
            emit,
        )?;
        // The line a file ends with (Su-Domino-Ku's `0`), after the last shard's cases.
        let mut end = Vec::new();
        if self.shard.is_last() {
            write_end(spec, &mut end);
        }
        if !end.is_empty() {
            emit(Piece {
                first: self.shard.range(self.count).end,
                cases: &[],
                input: &end,
                answers: &[],
            })
            .map_err(GenError::Emit)?;
        }
        Ok(())
    }
}

/// Consecutive cases, spelled out: the input bytes and (if asked) the answer bytes.
pub struct Piece<'a, C = Made> {
    /// Index of the first case of the piece.
    pub first: u64,
    pub cases: &'a [C],
    pub input: &'a [u8],
    pub answers: &'a [u8],
}

/// Cases made and spelled by one task.
pub struct Chunk<C> {
    pub cases: Vec<C>,
    pub input: Vec<u8>,
    pub answers: Vec<u8>,
}

impl<C> Chunk<C> {
    pub fn with_capacity(n: u64) -> Self {
        Chunk {
            cases: Vec::with_capacity(n as usize),
            input: Vec::with_capacity(n as usize * 256),
            answers: Vec::new(),
        }
    }

    /// Case `number` (1-based) spelled as `spec`'s input and, with `answers`, its answer as
    /// `solve` writes it: how every set writes a case.
    pub fn spell(
        &mut self,
        maker: &mut Maker,
        spec: &Spec,
        number: u64,
        case: &Case,
        answers: bool,
    ) {
        write_input(spec, number, case, &mut self.input);
        if answers {
            maker.answer(spec, number, case, &mut self.answers);
        }
    }
}

/// The engine of every set: the cases of `range` made by `make(state, first, n)` in chunks, on
/// the rayon pool when `parallel` (one `init()` state per task run), and handed to `emit` in
/// index order after `header`. Memory holds one batch of chunks whatever the count.
pub fn in_chunks<C: Send, S, E>(
    range: Range<u64>,
    parallel: bool,
    header: &[u8],
    init: impl Fn() -> S + Sync + Send,
    make: impl Fn(&mut S, u64, u64) -> Result<Chunk<C>, Impossible> + Sync + Send,
    emit: &mut dyn FnMut(Piece<'_, C>) -> Result<(), E>,
) -> Result<(), GenError<E>> {
    if !header.is_empty() {
        emit(Piece {
            first: 0,
            cases: &[],
            input: header,
            answers: &[],
        })
        .map_err(GenError::Emit)?;
    }
    let mut start = range.start;
    while start < range.end {
        let end = (start + BATCH).min(range.end);
        let ranges: Vec<(u64, u64)> = (start..end)
            .step_by(CHUNK as usize)
            .map(|a| (a, CHUNK.min(end - a)))
            .collect();
        let task = |state: &mut S, i: usize| make(state, ranges[i].0, ranges[i].1);
        let chunks = ordered_map(ranges.len(), parallel, 1, &mut None, &init, task);
        for (c, &(a, _)) in chunks.into_iter().zip(&ranges) {
            let c = c.map_err(GenError::Impossible)?;
            emit(Piece {
                first: a,
                cases: &c.cases,
                input: &c.input,
                answers: &c.answers,
            })
            .map_err(GenError::Emit)?;
        }
        start = end;
    }
    Ok(())
}

/// Why a set was not finished.
#[derive(Debug)]
pub enum GenError<E> {
    Impossible(Impossible),
    Emit(E),
}

/// Spells `cases` as one complete input file of `spec` (count line and end line included).
pub fn input_file(spec: &Spec, cases: &[Case]) -> Vec<u8> {
    let mut out = Vec::new();
    write_count(spec, cases.len() as u64, &mut out);
    for (i, c) in cases.iter().enumerate() {
        write_input(spec, i as u64 + 1, c, &mut out);
    }
    write_end(spec, &mut out);
    out
}

/// The answers `solve` (bitmask solver) writes for `cases` in a `spec` file, numbered from 1.
pub fn answer_file(spec: &Spec, cases: &[Case], maker: &mut Maker) -> Vec<u8> {
    let mut out = Vec::new();
    for (i, c) in cases.iter().enumerate() {
        maker.answer(spec, i as u64 + 1, c, &mut out);
    }
    out
}

/// `cases` spelled as one input file of `spec` (count line included) and its answer file.
pub fn files(spec: &Spec, cases: &[Case]) -> (Vec<u8>, Vec<u8>) {
    (
        input_file(spec, cases),
        answer_file(spec, cases, &mut Maker::new()),
    )
}

/// Cases `indices` of `req`, made on the rayon pool when `parallel`, in order; the first that
/// cannot be made stops it.
pub fn make_all(
    req: &Request,
    indices: impl Iterator<Item = u64>,
    parallel: bool,
) -> Result<Vec<Made>, Impossible> {
    let indices: Vec<u64> = indices.collect();
    let task = |m: &mut Maker, i: usize| m.case(req, indices[i]);
    ordered_map(indices.len(), parallel, 1, &mut None, Maker::new, task)
        .into_iter()
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::judges::find;

    /// The input and answer bytes of `set`.
    fn bytes(set: &Set) -> (Vec<u8>, Vec<u8>) {
        let mut bytes = (Vec::new(), Vec::new());
        set.generate(&mut |p| {
            bytes.0.extend_from_slice(p.input);
            bytes.1.extend_from_slice(p.answers);
            Ok::<(), ()>(())
        })
        .unwrap();
        bytes
    }

    #[test]
    fn same_seed_same_bytes_on_any_thread_count() {
        let mut set = Set::new(Request::of(find("uva10957").unwrap(), 7), 40);
        let one = bytes(&set);
        set.parallel = true;
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(3)
            .build()
            .unwrap();
        assert_eq!(pool.install(|| bytes(&set)), one);
        let text = String::from_utf8(one.1).unwrap();
        for word in ["Unique.", "Impossible.", "Ambiguous.", "Illegal."] {
            assert!(text.contains(word), "{word} in {text}");
        }
    }

    /// The cases one by one spell the same file as the streaming engine, on the tuned 9x9
    /// path and the any-size one.
    #[test]
    fn one_by_one_is_the_set_byte_for_byte() {
        for name in ["hdu4069", "uva10957"] {
            let req = Request::of(find(name).unwrap(), 5);
            let made = make_all(&req, 0..12, false).unwrap();
            let cases: Vec<Case> = made.into_iter().map(|m| m.case).collect();
            assert_eq!(matches!(cases[0], Case::Nine(_)), name == "hdu4069");
            let whole = bytes(&Set::new(req.clone(), 12));
            assert_eq!(files(req.spec, &cases), whole, "{name}");
        }
    }
}
