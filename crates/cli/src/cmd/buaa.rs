//! `sudoku-judge buaa`: the BUAA/BIT course assignment's `sudoku -c N` (distinct solved grids,
//! spelled by `generate::bulk` in blocks on one thread while another writes them) and `sudoku -s
//! FILE` (the `buaa` format through `solve`).

use crate::cli::{BuaaArgs, FormatArg, SolveArgs};
use crate::cmd::output::Output;
use crate::exit::Exit;
use crate::format::judges::find;
use crate::generate::bulk::{Bulk, GRID_BYTES};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::mpsc;

/// The assignment's output file.
const DEFAULT_OUTPUT: &str = "sudoku.txt";

/// Grids spelled per block: about 10 MB, written while nothing else is held.
const BLOCK: usize = 1 << 16;

pub fn run(args: &BuaaArgs) -> Exit {
    let target: Option<PathBuf> = match args.output.as_deref() {
        None => Some(PathBuf::from(DEFAULT_OUTPUT)),
        Some(p) if p == Path::new("-") => None,
        Some(p) => Some(p.to_path_buf()),
    };
    if let Some(file) = &args.solve {
        let solve = SolveArgs {
            files: vec![file.clone()],
            format: FormatArg::Named(find("buaa").expect("the buaa record")),
            solver: args.solver,
            budget: None,
            threads: args.threads,
            output: target,
            shard: None,
            verbose: false,
        };
        return crate::cmd::solve::run(&solve);
    }
    let count = args.count.expect("clap requires -c or -s");
    let bulk = Bulk::new(args.first_digit()).expect("clap keeps the digit in 1..=9");
    let mut out = match Output::create(target.as_deref(), &[], &[]) {
        Ok(out) => out,
        Err(e) => return e,
    };
    match write_grids(&bulk, count, &mut out) {
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Exit::Success,
        Err(e) => {
            eprintln!("error: writing output: {e}");
            Exit::Error
        }
        Ok(()) => match out.commit() {
            Ok(()) => Exit::Success,
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Exit::Success,
            Err(e) => {
                eprintln!("error: writing output: {e}");
                Exit::Error
            }
        },
    }
}

/// Writes grids `0..count` to `out`, a blank line between two and none after the last: one
/// thread spells a block while this one writes the block before (spelling a million grids takes
/// about 0.1 s of CPU, writing them to a file several times that, so the write is the whole
/// cost; a pool of spellers only spun beside it: 0.48 s of CPU on two threads, 0.14 s on one).
fn write_grids(bulk: &Bulk, count: u64, out: &mut (impl Write + Send)) -> io::Result<()> {
    let (full_tx, full_rx) = mpsc::sync_channel::<(Vec<u8>, usize)>(1);
    let (empty_tx, empty_rx) = mpsc::channel::<Vec<u8>>();
    let block = BLOCK.min(count as usize) * GRID_BYTES;
    for _ in 0..2 {
        empty_tx
            .send(vec![0u8; block])
            .expect("the receiver is here");
    }
    std::thread::scope(|scope| {
        scope.spawn(move || {
            let mut from = 0u64;
            while from < count {
                let Ok(mut buf) = empty_rx.recv() else {
                    return; // the writer stopped on an error
                };
                let n = BLOCK.min((count - from) as usize);
                bulk.spell(from, &mut buf[..n * GRID_BYTES]);
                from += n as u64;
                let end = n * GRID_BYTES - usize::from(from == count);
                if full_tx.send((buf, end)).is_err() {
                    return;
                }
            }
        });
        for (buf, end) in full_rx {
            out.write_all(&buf[..end])?;
            // The speller may be done already: nothing then waits for the buffer.
            let _ = empty_tx.send(buf);
        }
        out.flush()
    })
}
