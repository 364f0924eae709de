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
    let written = std::fs::create_dir_all(dir).and_then(|()| clap_mangen::generate_to(cmd, dir));
    match written {
        Ok(()) => Exit::Success,
        Err(e) => {
            eprintln!("error: {}: {e}", dir.display());
            Exit::Error
        }
    }
}
