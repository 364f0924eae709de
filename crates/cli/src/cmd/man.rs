//! `sudoku-judge man`: the man pages, rendered by clap_mangen from the command line's own
//! definitions (the `--help` texts), printed or written into a folder.

use crate::cli::ManArgs;
use crate::exit::Exit;

pub fn run(args: &ManArgs) -> Exit {
    let cmd = crate::cli::command();
    let Some(dir) = &args.dir else {
        let mut page = Vec::new();
        if let Err(e) = clap_mangen::Man::new(cmd).render(&mut page) {
            eprintln!("error: rendering the man page: {e}");
            return Exit::Error;
        }
        return crate::cmd::write_stdout(&page);
    };
    if dir.exists() && !dir.is_dir() {
        eprintln!(
            "error: {}: not a folder: --dir names the folder to write the pages into",
            dir.display()
        );
        return Exit::Error;
    }
    let written = std::fs::create_dir_all(dir)
        .and_then(|()| clap_mangen::generate_to(cmd.clone(), dir))
        .and_then(|()| help_page(cmd, dir));
    match written {
        Ok(()) => Exit::Success,
        Err(e) => {
            eprintln!("error: {}: {e}", dir.display());
            Exit::Error
        }
    }
}

/// The page of the `help` subcommand, which the main page lists among the others but
/// `generate_to` leaves out.
fn help_page(mut cmd: clap::Command, dir: &std::path::Path) -> std::io::Result<()> {
    cmd.build();
    let Some(help) = cmd.find_subcommand("help") else {
        return Ok(());
    };
    let path = dir.join("sudoku-judge-help.1");
    if path.exists() {
        return Ok(());
    }
    let mut page = Vec::new();
    clap_mangen::Man::new(help.clone().name("sudoku-judge-help")).render(&mut page)?;
    std::fs::write(path, page)
}
