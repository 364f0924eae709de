//! The flags of `sudoku-judge formats`.

use clap::Args;

/// The keys of a problem file, after `formats --help`.
const KEYS_HELP: &str = crate::format::record::KEYS;

/// List every judge format, or show one.
///
/// A format is shown with its judge, what it asks, the choices made where the statement is
/// silent, and its sample input and output.
///
/// A problem of your own is a problem file: `formats --export NAME > mine.toml` writes a
/// built-in record as one; change it, and every command serves it with `--format mine.toml`.
#[derive(Args, Debug)]
#[command(after_long_help = KEYS_HELP)]
pub struct FormatsArgs {
    /// A format's name or alias, or a problem file; none lists every format
    ///
    /// Without it, every format is listed, one line each.
    pub name: Option<String>,

    /// Write the record as a problem file (TOML) instead of showing it
    ///
    /// The start of a problem of your own: change the file, then serve it with `--format FILE`.
    #[arg(long, requires = "name")]
    pub export: bool,
}
