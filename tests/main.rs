//! Every integration test, in one binary: each file beside this one is a module about one
//! subject, run against the built `sudoku-judge` binary or the library; `common` holds what they
//! share. One binary links once, where thirty linked thirty times (`autotests = false` in
//! Cargo.toml: a new file here is a test only once it is listed below).

mod common;

mod arguments;
mod auto_format;
mod budget;
mod check;
mod check_formats;
mod check_stream;
mod command_line_docs;
mod cross_check;
mod cross_check_sizes;
mod fixtures;
mod format_fuzz;
mod r#gen;
mod gen_against;
mod gen_limits;
mod library;
mod memory;
mod output;
mod package;
mod readme;
mod shard;
mod show;
mod show_svg;
mod solve_cli;
mod stress;
mod stress_hostile;
mod stress_hunt;
mod stress_promise;
mod stress_signals;
mod validate;
