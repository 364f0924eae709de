//! The flags of `sudoku-judge completions`.

use clap::{Args, ValueEnum};

/// Print a shell completion script for sudoku-judge.
///
/// The script is made from its own command-line definitions: `sudoku-judge completions bash >
/// /etc/bash_completion.d/sudoku-judge`, `sudoku-judge completions zsh >
/// ~/.zfunc/_sudoku-judge`, `sudoku-judge completions fish >
/// ~/.config/fish/completions/sudoku-judge.fish`.
#[derive(Args, Debug)]
pub struct CompletionsArgs {
    /// The shell to complete in.
    #[arg(value_enum)]
    pub shell: ShellArg,
}

/// The shells a completion script is written for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ShellArg {
    Bash,
    Zsh,
    Fish,
    Elvish,
    #[value(name = "powershell")]
    PowerShell,
}
