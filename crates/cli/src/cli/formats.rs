//! The flags of `sudoku-judge formats`.

use clap::Args;

/// List every judge format, or show one.
///
/// A format is shown with its judge, what it asks, the choices made where the statement is
/// silent, and its sample input and output.
#[derive(Args, Debug)]
pub struct FormatsArgs {
    /// A format's name or alias; without it, every format is listed, one line each.
    pub name: Option<String>,
}
