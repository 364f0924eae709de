//! Every integration test but two, in one binary: each file beside this one is a module about
//! one subject, run against the built `sudoku-judge` binary or the library; `common` holds what
//! they share. One binary links once, where thirty linked thirty times (`autotests = false` in
//! Cargo.toml: a new file here is a test only once it is listed below).
//!
//! `memory.rs` and `stress_hostile.rs` are binaries of their own (Cargo.toml): they read a
//! child's peak memory from `wait4`, and Linux gives a child started by `posix_spawn` the peak
//! resident size of the process that started it (the exec records the shared address space's
//! high-water mark). In this binary, with every other test's data resident, that is above their
//! 64 MiB bound before the child has run; in a binary of their own it is a few MiB.

mod common;
#[path = "common/procs.rs"]
mod procs;

mod arguments;
mod auto_format;
mod buaa;
mod budget;
mod check;
mod check_formats;
mod check_stream;
mod command_line_docs;
mod cross_check;
mod cross_check_dominoes;
mod cross_check_rules;
mod cross_check_sizes;
mod every;
mod fixtures;
mod format_fuzz;
mod r#gen;
mod gen_against;
mod gen_limits;
mod library;
mod nets;
mod output;
mod package;
mod package_dmoj;
mod problem_files;
mod readme;
mod shard;
mod show;
mod show_svg;
mod solve_cli;
mod stress;
mod stress_args;
mod stress_hunt;
mod stress_promise;
mod stress_signals;
mod validate;
mod zoo;
