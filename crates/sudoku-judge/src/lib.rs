//! sudoku-judge: solve, check, generate and stress-test online-judge Sudoku files.
//!
//! # The library
//!
//! The documented surface is small and sits at the crate root: find a judge problem
//! ([`problem()`], [`problems()`], [`detect()`]), read its input into [`Case`]s (a [`Reader`]
//! over any `io::Read`, a [`Parser`] fed bytes, or [`read()`] for bytes in memory), answer a
//! case in a [`Mode`] ([`answer()`], or an [`Engine`] kept from case to case, both bounded by
//! a search budget), write the answers in the problem's spelling (a [`Writer`] over any
//! `io::Write`, or [`solve()`] for a whole input), judge a contestant's output ([`check()`], a
//! [`Report`]) and make a case set with its answers ([`generate()`]). Each gives the same bytes
//! and verdicts as the `sudoku-judge` command; errors are typed ([`Error`] with its
//! [`Position`], [`DetectError`], [`GenerateError`], [`OverBudget`]).
//!
//! ```
//! use sudoku_judge::{Reader, Writer};
//! let problem = sudoku_judge::problem("poj2676").unwrap();
//! let input = std::fs::File::open("testdata/poj2676/sample.in")?;
//! let mut writer = Writer::new(problem, Vec::new());
//! for case in Reader::new(problem, input).cases() {
//!     let case = case?;
//!     writer.write(&case, &sudoku_judge::answer(&case, problem.mode())?)?;
//! }
//! let output = writer.into_inner()?;
//! assert_eq!(output, std::fs::read("testdata/poj2676/sample.out")?);
//! assert!(sudoku_judge::check(problem, problem.sample_input(), &output, None).is_accepted());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The programs in `examples/` use nothing else (`cargo run --example solve_file`).
//!
//! # Not the API
//!
//! The modules behind the API are private. The `internals` feature makes them public for the
//! `sudoku-judge` binary (crate `sudoku-judge-cli`), its tests, benchmarks and fuzz targets;
//! it makes no promise of stability, and a program using the library leaves it off. Data
//! flows one way through them: bytes (`input`) -> cases (`format`) -> outcomes (the solvers of
//! `sudoku-judge-core`) -> bytes (`format` again), with `pipeline` fanning cases out to
//! threads in input order and `work` saying what each case's answer is. ARCHITECTURE.md maps
//! them.

// Without `internals`, what only the command line uses is unused here.
#![cfg_attr(not(feature = "internals"), allow(dead_code, unused_imports))]

mod api;

pub use api::*;

/// Declares the modules behind the API: public with the `internals` feature, private without.
macro_rules! internal {
    ($($(#[$doc:meta])* $name:ident),* $(,)?) => {$(
        $(#[$doc])*
        #[cfg(feature = "internals")]
        pub mod $name;
        #[cfg(not(feature = "internals"))]
        mod $name;
    )*};
}

internal! {
    /// The checker: a contestant's output judged against the input, as a special judge would.
    check,
    /// Bytes to cases and answers to bytes: the judges' spellings.
    format,
    /// Seeded case sets of every kind, for every format.
    generate,
    /// Files and stdin read in blocks into one sliding window.
    input,
    /// A regular file read in pieces cut at line breaks, each on a pool thread.
    pieces,
    /// The ordered parallel map under `solve`.
    pipeline,
    /// A long search's progress, counted by the engine as it goes.
    searches,
    /// A file cut into shards at case boundaries.
    shard,
    /// What each case's answer is, for the pipeline.
    work,
    /// The wrong solvers of each format, and which cases of a data set kill them.
    zoo,
}

#[cfg(feature = "internals")]
pub use sudoku_judge_core::{model, rng, solve};
#[cfg(not(feature = "internals"))]
use sudoku_judge_core::{model, rng, solve};
