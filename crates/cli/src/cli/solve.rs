//! The flags of `sudoku-judge solve`.

use super::{FormatArg, FormatParser, SolverArg};
use crate::shard::Shard;
use clap::Args;
use std::path::PathBuf;

#[derive(Args, Debug)]
pub struct SolveArgs {
    /// Judge files to solve, in order; `-` or none reads stdin.
    ///
    /// A line may hold at most 64 KiB (65536 bytes from its first non-blank byte, trailing
    /// blanks included): a longer one is an input error (`line is longer than 65536 bytes`), but
    /// for a puzzle on an 81-character line, read to its 81st cell only.
    pub files: Vec<String>,

    /// Input format, by name or alias (listed below).
    ///
    /// `auto` tells them apart from the content where it can, says when other formats read it
    /// too, refuses where they would answer differently, and -v says which it took.
    #[arg(short, long, value_parser = FormatParser, default_value = "auto", hide_possible_values = true)]
    pub format: FormatArg,

    /// The solver to use.
    ///
    /// `bitmask` (fastest) or `dlx` (dancing links, an independent cross-check).
    #[arg(long, value_enum, default_value_t = SolverArg::Bitmask)]
    pub solver: SolverArg,

    /// Search nodes each case may take, summed over every search its answer needs.
    ///
    /// A node is a guess of the bitmask solver, a row of DLX's matrix; the count is the same on
    /// every run and thread count. The searches an answer may need: exact counts, best scores,
    /// smallest solutions, minimality. A case past it ends the run with an error naming it and
    /// the promise of the problem it breaks. Default: 4000000 for bitmask, 200000000 for dlx
    /// (its rows are cheaper, its minimality checks longer).
    #[arg(long, value_name = "N")]
    pub budget: Option<u64>,

    /// Worker threads; 0 means one per core.
    ///
    /// At most 4 per core; 1 solves inline.
    #[arg(short = 'j', long, default_value_t = 0, value_name = "N")]
    pub threads: usize,

    /// Write the answers to FILE instead of stdout (`-` is stdout).
    ///
    /// FILE is replaced only when the run ends with status 0 or 1, and may not be an input.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,

    /// Answer only shard K of N (0 <= K < N).
    ///
    /// A shard is the K-th of N contiguous stretches of the cases, numbered as in the whole
    /// run, so that the shards' outputs concatenated in order are the whole run's output. The
    /// count line of the whole file decides the stretches (the file is read twice: give one
    /// regular file, not stdin, a pipe or /dev/stdin, which are refused); a malformed input is
    /// reported by the last shard.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<Shard>,

    /// Say on stderr which format was taken for each input.
    #[arg(short, long)]
    pub verbose: bool,
}
