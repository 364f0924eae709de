//! Where the benches find the public puzzle sets: the folder `SUDOKU_JUDGE_DATA` names, else
//! `../shared/data` beside the repository. A set that is not there stops the bench with a
//! message naming it and the folder looked in (the repository itself holds only the slices the
//! tests read, `testdata/sets`, too small to time).

use std::path::{Path, PathBuf};

/// The environment variable that names the folder of the full public sets.
pub const VAR: &str = "SUDOKU_JUDGE_DATA";

/// The folder of the full sets: `$SUDOKU_JUDGE_DATA`, else `../shared/data`.
pub fn dir() -> PathBuf {
    std::env::var_os(VAR)
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data"))
}

/// The path of file `name` of `dir`; exits with status 2 and says what is missing where the
/// file is not there.
pub fn file(dir: &Path, name: &str) -> PathBuf {
    let path = dir.join(name);
    if !path.is_file() {
        eprintln!(
            "error: the benchmark data set {name} is not in {}: set {VAR} to the folder of the \
             public puzzle sets (../shared/data beside a checkout of sudoku-judge), or pass \
             --data DIR where the bench takes it",
            dir.display()
        );
        std::process::exit(2);
    }
    path
}
