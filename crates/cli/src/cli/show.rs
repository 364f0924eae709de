//! The flags of `sudoku-judge show`.

use super::{FormatArg, FormatParser};
use clap::{Args, ValueEnum};
use std::path::PathBuf;

/// Draw cases as pictures, in the terminal or as SVG, marking an output's wrong cells.
///
/// In the terminal with box-drawing characters, or as one SVG image (-o FILE.svg). Thick lines
/// mark the border and every region wall — the standard boxes, or HDU 4069's jigsaw regions
/// read from their wall codes — and thin lines the other cell borders, for every format and
/// size (1x1 to 25x25, POJ 3435's grids up to 100x100). Relation marks (CQOI 2013, UVa 11570,
/// sumdoku) sit on the border between their two cells (`<` `>` in a row, `^` `v` the upper cell
/// smaller or larger, a pair sum's `<` `=` `>`); a killer case's cages come first, as a grid of
/// their own with each cage outlined and its sum in its first cell.
///
/// With --answer, the answer file's grids are drawn in: givens bold, filled values in blue.
/// With --contestant, a contestant's output is drawn instead, its wrong cells marked (red in
/// colour; `*5*` in plain text, where givens are `[5]`) and listed under the grid with what
/// was expected. A cell is wrong when it differs from the answer's grid where the problem has
/// one right grid, or where any solution is right (a special judge) but the output is none;
/// without --answer, when it is empty, changes a given, or is not a given and repeats a value
/// in a row, column, region or diagonal. Words (`No solution`, `Case 2:` headers) are read as
/// the format spells them; words other than the answer's are shown and count as wrong.
///
/// Colour is used when stdout is a terminal and NO_COLOR is not set (--color changes that).
/// `show` draws; `check` is the judge (it reads the whole output, strictly if asked).
///
/// Exit status: 0 drawn (and the output, if given, has no wrong cell or word); 1 the output
/// has a wrong cell, wrong words, is unreadable or misses a case (stderr says where); 2 a bad
/// argument, an input or answer file that cannot be read as the format (stderr names file,
/// line, column and case), or an I/O error.
#[derive(Args, Debug)]
#[command(after_help = "Examples:\n  \
    sudoku-judge show testdata/hdu4069/sample.in\n  \
    sudoku-judge show testdata/hdu4069/sample.in --answer testdata/hdu4069/sample.out --case 1\n  \
    sudoku-judge show -f poj2676 in.txt --answer ans.txt --contestant out.txt --color never\n  \
    sudoku-judge show -f poj3076 testdata/poj3076/sample.in -o grids.svg")]
pub struct ShowArgs {
    /// The judge input file whose cases are drawn; `-` reads stdin.
    pub input: String,

    /// Input format (`sudoku-judge formats` lists them).
    ///
    /// `auto` tells them apart from the content.
    #[arg(short, long, value_parser = FormatParser, default_value = "auto", hide_possible_values = true)]
    pub format: FormatArg,

    /// The judge's answer file (as `solve` writes it): its grids are drawn in.
    ///
    /// With --contestant its grids are what the contestant's output is compared with.
    #[arg(long, value_name = "ANS")]
    pub answer: Option<String>,

    /// A contestant's output for the input: drawn with its wrong cells marked.
    #[arg(long, value_name = "OUT")]
    pub contestant: Option<String>,

    /// Draw only case K (1-based, counted in the input); every case by default.
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u64).range(1..))]
    pub case: Option<u64>,

    /// Write the pictures to FILE.svg as one SVG image.
    ///
    /// The cases are one under another; nothing is drawn in the terminal.
    #[arg(short = 'o', long = "output", value_name = "FILE.svg")]
    pub svg: Option<PathBuf>,

    /// When to use colour.
    ///
    /// Colour in the terminal: `auto` when stdout is a terminal and NO_COLOR is unset.
    #[arg(long, value_enum, default_value_t = ColorArg::Auto)]
    pub color: ColorArg,

    /// Say on stderr which format the input is read as, and why.
    #[arg(short, long)]
    pub verbose: bool,
}

/// `--color`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ColorArg {
    /// When stdout is a terminal and NO_COLOR is not set.
    Auto,
    /// Always ANSI colour, even into a file or a pipe.
    Always,
    /// Plain text: brackets and stars instead of colour.
    Never,
}
