//! The flags that make cases against a naive search (`gen --against`), shared with `stress`.

use clap::{Args, ValueEnum};

/// `--against` and its budget.
#[derive(Args, Clone, Copy, Debug)]
pub struct AgainstArgs {
    /// Make each case slow for this naive search.
    ///
    /// As slow as a local search can make it, counted in the naive search's nodes (never
    /// timed): rowmajor (cells in row-major order, digits ascending, no
    /// propagation), mrv (fewest candidates first: the seeds' DFS), dlx (Algorithm X, first
    /// column with fewest rows: the seeds' DLX). Each case starts as the best of --starts
    /// unique cases `gen` would make, made minimal (on 9x9 also walked to fewer givens), and
    /// stays valid, and unique where the format promises one solution or its answer tells
    /// unique from multiple; against a search that stops at its first solution the digits are
    /// then renamed so that the solution comes last. Where any solution will do (POJ 2676) a
    /// case need only stay solvable, and the climb takes givens away to cases of several
    /// solutions that a plain search takes far longer on.
    #[arg(long, value_enum, value_name = "STRATEGY", hide_possible_values = true,
          conflicts_with_all = ["mix", "edge", "clues", "oj"])]
    pub against: Option<StrategyArg>,

    /// With --against: starting points drawn per case.
    ///
    /// Unique cases (the first is the case `gen` makes without --against), of which the one the
    /// strategy takes longest on is climbed; larger grids draw fewer in proportion to the square
    /// of their cells.
    #[arg(long, default_value_t = 40, value_name = "N", requires = "against")]
    pub starts: u64,

    /// With --against: local-search moves tried per case.
    ///
    /// Fewer when the counts are large: a climb counts at most three node caps in all.
    #[arg(long, default_value_t = 100, value_name = "N", requires = "against")]
    pub steps: u64,

    /// With --against: nodes at which a count stops.
    ///
    /// Search nodes of the naive search. A case that reaches it is kept and the climb ends.
    #[arg(
        long,
        default_value_t = 1_000_000,
        value_name = "N",
        requires = "against"
    )]
    pub node_cap: u64,

    /// With --against: report each case's node counts on stderr.
    ///
    /// From start to end for the target, and at the end for every strategy.
    #[arg(short, long, requires = "against")]
    pub verbose: bool,
}

/// A naive search to make cases against.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum StrategyArg {
    /// Cells in row-major order, digits ascending, no propagation.
    Rowmajor,
    /// Fewest candidates first, ties as the seeds' std::sort leaves them, digits ascending.
    Mrv,
    /// Dancing links, the first column with fewest rows.
    Dlx,
}
