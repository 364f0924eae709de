//! The flags of `sudoku-judge check`.

// The doc comments below are clap's --help text, where `[ANSWER]` is the usual spelling of
// an optional argument, not a rustdoc link.
#![allow(rustdoc::broken_intra_doc_links)]

use super::{FormatArg, FormatParser};
use crate::solve::SolverKind;
use clap::{Args, ValueEnum};

/// Judge a contestant's output, as a testlib checker or a Kattis output validator.
///
/// Exit 0 accepted, 1 wrong answer, 2 presentation error, 3 checker failure (bad input or
/// answer file).
///
/// testlib order (Codeforces, Polygon, online-judge-tools): INPUT OUTPUT [ANSWER [RESULT]].
/// Without ANSWER the output is judged from the input alone: POJ 2676, 81-character lines and
/// LeetCode boards need each grid to keep the givens and be a valid completion; for HDU 4069 the
/// verdicts are computed with the solver. With ANSWER, the answer file must itself be right
/// (else a checker failure), and the output is held to what the problem asks: any valid grid
/// where it accepts any (POJ 2676), the one answer where it picks one (HDU 4069's words and
/// grids, the smallest solution of UVa 989, a count). One line on stderr names the first
/// fault: case, output line, what was expected and what was found; RESULT, where a judge
/// passes one, gets that line too (with --appes, as testlib's XML).
///
/// Kattis / DOMjudge (`--protocol kattis`): INPUT ANSWER FEEDBACK_DIR [ARGS...] with the output
/// on stdin; exit 42 accepted, 43 wrong answer or presentation error, 1 judge error; the message
/// is appended to FEEDBACK_DIR/judgemessage.txt.
#[derive(Args, Debug)]
pub struct CheckArgs {
    /// The judge's input file (both protocols), read as `solve` reads it.
    ///
    /// A line may hold at most 64 KiB (65536 bytes from its first non-blank byte, trailing
    /// blanks included): a longer one is an input error (`line is longer than 65536 bytes`), but
    /// for a puzzle on an 81-character line, read to its 81st cell only.
    #[arg(value_name = "INPUT")]
    pub input: String,

    /// testlib: OUTPUT [ANSWER]; kattis: ANSWER FEEDBACK_DIR
    ///
    /// testlib: `-` reads stdin; an empty ANSWER means none; a fourth file is testlib's result
    /// file (see --appes). kattis: after FEEDBACK_DIR come the validator arguments:
    /// `space_change_sensitive` turns on --strict, `case_sensitive` changes nothing, any other is
    /// a judge error. Options may come anywhere, between the files too
    /// (`INPUT --strict OUTPUT`), as for `solve`.
    // INPUT is an argument of its own and the rest take one value or more per occurrence, so
    // that an option may part the files; how many the protocol takes is judged by
    // `cmd::check` (a checker failure either way).
    #[arg(required = true, num_args = 1.., value_names = ["OUTPUT", "ANSWER"])]
    pub rest: Vec<String>,

    /// Write testlib's RESULT file as XML.
    ///
    /// `<result outcome = "accepted">...</result>`, as testlib's `-appes` (its spelling, after
    /// RESULT, is taken too).
    #[arg(long)]
    pub appes: bool,

    /// Judge protocol.
    ///
    /// How the judge calls the checker and reads its verdict.
    #[arg(long, value_enum, default_value_t = ProtocolArg::Testlib)]
    pub protocol: ProtocolArg,

    /// List every faulty case, with a count, instead of stopping at the first.
    #[arg(long)]
    pub all: bool,

    /// Any byte difference from the canonical output is a presentation error.
    ///
    /// That includes trailing spaces, CRLF, blank lines and a missing final newline; by default
    /// the output is read by whitespace-separated tokens, line breaks anywhere between them.
    #[arg(long)]
    pub strict: bool,

    /// Format of the input, output and answer.
    ///
    /// `auto` tells it from the input.
    #[arg(short, long, value_parser = FormatParser, default_value = "auto", hide_possible_values = true)]
    pub format: FormatArg,

    /// Search nodes each case's expected answer may take.
    ///
    /// As `solve --budget`: a case past it is a checker failure naming it (the input breaks the
    /// problem's promise).
    #[arg(long, value_name = "N", default_value_t = SolverKind::Bitmask.default_budget())]
    pub budget: u64,

    /// Worker threads; 0 means one per core.
    ///
    /// At most 4 per core; 1 checks inline.
    #[arg(short = 'j', long, default_value_t = 0, value_name = "N")]
    pub threads: usize,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ProtocolArg {
    /// testlib: INPUT OUTPUT [ANSWER]; exit 0/1/2/3.
    Testlib,
    /// Kattis and DOMjudge: INPUT ANSWER FEEDBACK_DIR < OUTPUT; exit 42/43.
    Kattis,
}
