//! `sudoku-judge zoo`: the kill table of a format's wrong solvers against a data set.

use crate::cli::ZooArgs;
use crate::exit::Exit;
use crate::zoo::{self, DataFile};

pub fn run(args: &ZooArgs) -> Exit {
    let Some(spec) = args.format.spec() else {
        eprintln!("error: --format: give the data's format (`sudoku-judge formats` lists them)");
        return Exit::Error;
    };
    let mut files = Vec::with_capacity(args.data.len());
    for path in &args.data {
        match std::fs::read(path) {
            Ok(input) => files.push(DataFile {
                name: path.clone(),
                input,
            }),
            Err(e) => {
                eprintln!("error: {path}: {e}");
                return Exit::Error;
            }
        }
    }
    let table = match zoo::table(spec, &files) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: {e}");
            return Exit::Error;
        }
    };
    match super::write_stdout(table.render().as_bytes()) {
        Exit::Success if table.survivors().is_empty() => Exit::Success,
        Exit::Success => Exit::Code(1),
        other => other,
    }
}
