//! Where a command writes, losing nothing: standard output (refused when it was closed), or
//! `-o FILE`, written beside FILE (unnamed where Linux can, else under a temporary name) and
//! renamed over it only when the command succeeds, so that a failed run leaves FILE as it was;
//! an `-o` naming one of the command's inputs, or another of its outputs, is refused before
//! anything is written. A symbolic link is written through to its final target, whether that
//! exists or not ([`through_links`]): the target is written beside itself and renamed, and the
//! link is never replaced.

use crate::exit::Exit;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// Set by [`see_closed_stdout`] when descriptor 1 was closed as the process started.
static STDOUT_CLOSED: AtomicBool = AtomicBool::new(false);

/// Notes whether standard output (descriptor 1) is closed. The binary calls this before the
/// Rust runtime starts (from `.init_array`): the runtime puts `/dev/null` in place of a closed
/// standard descriptor, after which a closed stdout cannot be told from `>/dev/null` and every
/// answer would vanish with exit status 0.
pub fn see_closed_stdout() {
    // SAFETY: fcntl(F_GETFD) on a descriptor number only reads its flags, or fails.
    if unsafe { libc::fcntl(1, libc::F_GETFD) } == -1 {
        STDOUT_CLOSED.store(true, Ordering::Relaxed);
    }
}

/// Why a command cannot write to standard output: it was closed (`>&-`).
pub const CLOSED: &str =
    "standard output is closed: nowhere to write (give -o FILE, or >/dev/null)";

/// Standard output, or the error that ends the command when it was closed (`>&-`).
pub fn stdout() -> Result<io::Stdout, Exit> {
    if stdout_closed() {
        eprintln!("error: {CLOSED}");
        return Err(Exit::Error);
    }
    Ok(io::stdout())
}

/// Whether standard output was closed as the process started ([`see_closed_stdout`]).
pub fn stdout_closed() -> bool {
    STDOUT_CLOSED.load(Ordering::Relaxed)
}

/// A command's output. Dropped without [`Output::commit`], a temporary file is removed and
/// the target is left as it was.
#[derive(Debug)]
pub struct Output {
    sink: Sink,
}

#[derive(Debug)]
enum Sink {
    Stdout(io::Stdout),
    /// A target that is not a regular file (`/dev/null`, a FIFO): written in place.
    Direct(File),
    /// A regular file, written unnamed (`O_TMPFILE`, so that nothing is left if we are
    /// killed) or as `temp`, and renamed to `target` on commit.
    Temp {
        file: File,
        temp: Option<PathBuf>,
        target: PathBuf,
        done: bool,
    },
}

impl Output {
    /// Opens where a command writes: standard output for `None` or `-`, else the file at
    /// `path`. The file must not be one of `inputs` (paths; `-` is standard input) nor one of
    /// `others` (the command's other outputs; `-` is standard output, which one output at most
    /// may be). Errors are said on stderr and give [`Exit::Error`].
    pub fn create(path: Option<&Path>, inputs: &[&str], others: &[&Path]) -> Result<Self, Exit> {
        let stdout_path = Path::new("-");
        let Some(path) = path.filter(|p| *p != stdout_path) else {
            if path.is_some() && others.contains(&stdout_path) {
                eprintln!("error: -: standard output is already another output: choose a file");
                return Err(Exit::Error);
            }
            return Ok(Output {
                sink: Sink::Stdout(stdout()?),
            });
        };
        Self::open(path, inputs, others).map_err(|e| {
            eprintln!("error: {}: {e}", path.display());
            Exit::Error
        })
    }

    /// A set's two outputs (`gen`'s `-o` and `-a`): the cases to `output` (standard output
    /// for `None` or `-`) and the answers, if asked for, to `answers`, which may be neither
    /// the same file nor standard output when the cases go there.
    pub fn with_answers(
        output: Option<&Path>,
        answers: Option<&Path>,
    ) -> Result<(Output, Option<Output>), Exit> {
        let out = Output::create(output, &[], &[])?;
        let others = [output.unwrap_or(Path::new("-"))];
        let answers = match answers {
            None => None,
            Some(p) => Some(Output::create(Some(p), &[], &others)?),
        };
        Ok((out, answers))
    }

    fn open(path: &Path, inputs: &[&str], others: &[&Path]) -> Result<Self, String> {
        not_an_input(path, inputs)?;
        for other in others {
            if same_path(path, other) {
                return Err(format!("is also the output {}", other.display()));
            }
        }
        // A device, a FIFO or a pipe, however it is reached (`/dev/stdout` is a link to
        // `/proc/self/fd/1`, whose link to a pipe names no file): written in place, as the
        // kernel follows the links. Nothing to lose, and nothing to rename over.
        if let Ok(m) = fs::metadata(path)
            && !m.is_file()
            && !m.is_dir()
        {
            return OpenOptions::new()
                .write(true)
                .open(path)
                .map(|f| Output {
                    sink: Sink::Direct(f),
                })
                .map_err(|e| e.to_string());
        }
        // A symbolic link is written through: the file it names is replaced (or made, where it
        // names none yet), never the link.
        let target = through_links(path).map_err(|e| e.to_string())?;
        let linked = |e: String| {
            if target == path {
                e
            } else {
                format!("a symbolic link to {}: {e}", target.display())
            }
        };
        let old = match fs::metadata(&target) {
            Ok(m) if m.is_dir() => return Err("is a directory".into()),
            Ok(m) => Some(m),
            Err(_) => None,
        };
        let (file, temp) = match unnamed_beside(&target) {
            Some(f) => (f, None),
            None => temp_beside(&target)
                .map(|(f, t)| (f, Some(t)))
                .map_err(linked)?,
        };
        // The new file keeps the permissions of the one it replaces.
        if let Some(m) = old {
            let _ = file.set_permissions(fs::Permissions::from_mode(m.mode() & 0o7777));
        }
        Ok(Output {
            sink: Sink::Temp {
                file,
                temp,
                target,
                done: false,
            },
        })
    }

    /// Puts the output in place: the temporary file renamed over the target. For standard
    /// output and devices there is nothing to do.
    pub fn commit(mut self) -> io::Result<()> {
        match &mut self.sink {
            Sink::Stdout(s) => s.flush(),
            Sink::Direct(f) => f.flush(),
            Sink::Temp {
                file,
                temp,
                target,
                done,
            } => {
                let temp = match temp {
                    Some(t) => t,
                    None => temp.insert(link_beside(file, target)?),
                };
                fs::rename(&*temp, &*target).map_err(|e| {
                    io::Error::new(
                        e.kind(),
                        format!("renaming {} to {}: {e}", temp.display(), target.display()),
                    )
                })?;
                *done = true;
                Ok(())
            }
        }
    }
}

/// Flushes a set's input file and its answer file and puts both in place, the input first:
/// `gen`'s two outputs, replaced only once the whole set is written.
pub fn commit_set(
    out: io::BufWriter<Output>,
    answers: Option<io::BufWriter<Output>>,
) -> io::Result<()> {
    let out = out.into_inner().map_err(|e| e.into_error())?;
    let answers = answers
        .map(|a| a.into_inner().map_err(|e| e.into_error()))
        .transpose()?;
    out.commit()?;
    answers.map_or(Ok(()), Output::commit)
}

impl Write for Output {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match &mut self.sink {
            Sink::Stdout(s) => s.write(buf),
            Sink::Direct(f) | Sink::Temp { file: f, .. } => f.write(buf),
        }
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        match &mut self.sink {
            Sink::Stdout(s) => s.write_all(buf),
            Sink::Direct(f) | Sink::Temp { file: f, .. } => f.write_all(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match &mut self.sink {
            Sink::Stdout(s) => s.flush(),
            Sink::Direct(f) | Sink::Temp { file: f, .. } => f.flush(),
        }
    }
}

impl Drop for Output {
    fn drop(&mut self) {
        if let Sink::Temp {
            temp: Some(temp),
            done: false,
            ..
        } = &self.sink
        {
            let _ = fs::remove_file(temp);
        }
    }
}

/// Most symbolic links followed from one path, as Linux's `MAXSYMLINKS`.
const MAX_LINKS: usize = 40;

/// The path `path` names once every symbolic link in its last component is followed, whether
/// or not the file at the end exists: `-o LINK` writes there, beside the link's final target,
/// so that a link to a file not made yet (`ln -s new.out link`) is written through as a link to
/// an existing one is. A relative link is read from the directory it is in, as the kernel reads
/// it; the components before the last are left for the kernel to resolve. Errors: a loop of
/// links, or a link that cannot be read.
fn through_links(path: &Path) -> io::Result<PathBuf> {
    let mut at = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        match fs::symlink_metadata(&at) {
            Ok(m) if m.file_type().is_symlink() => {
                let to = fs::read_link(&at)?;
                // An absolute link replaces the path; a relative one is joined to its directory.
                at = dir_of(&at).join(to);
            }
            _ => return Ok(at),
        }
    }
    Err(io::Error::other(format!(
        "more than {MAX_LINKS} symbolic links followed (a loop?)"
    )))
}

/// The directory `target` is in.
fn dir_of(target: &Path) -> &Path {
    match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    }
}

/// The `n`-th temporary name beside `target`: `.NAME.sj-PID-N.tmp`.
fn temp_name(target: &Path, n: u64) -> PathBuf {
    let name = target
        .file_name()
        .map_or("output".into(), |n| n.to_string_lossy());
    dir_of(target).join(format!(".{name}.sj-{}-{n}.tmp", std::process::id()))
}

static NEXT: AtomicU64 = AtomicU64::new(0);

/// A new file without a name in `target`'s directory (Linux `O_TMPFILE`), if the file system
/// makes one and `/proc/self/fd` is there to give it a name on commit.
fn unnamed_beside(target: &Path) -> Option<File> {
    #[cfg(target_os = "linux")]
    {
        use std::os::fd::{AsRawFd, FromRawFd};
        use std::os::unix::ffi::OsStrExt;
        let dir = std::ffi::CString::new(dir_of(target).as_os_str().as_bytes()).ok()?;
        let flags = libc::O_TMPFILE | libc::O_WRONLY | libc::O_CLOEXEC;
        // SAFETY: a NUL-terminated path; a non-negative result is a new descriptor we own.
        let fd = unsafe { libc::open(dir.as_ptr(), flags, 0o666 as libc::c_uint) };
        if fd < 0 {
            return None;
        }
        // SAFETY: as above.
        let file = unsafe { File::from_raw_fd(fd) };
        Path::new(&format!("/proc/self/fd/{}", file.as_raw_fd()))
            .exists()
            .then_some(file)
    }
    #[cfg(not(target_os = "linux"))]
    {
        let _ = target;
        None
    }
}

/// Gives the unnamed `file` a temporary name beside `target` (to be renamed over it).
fn link_beside(file: &File, target: &Path) -> io::Result<PathBuf> {
    #[cfg(target_os = "linux")]
    {
        use std::os::fd::AsRawFd;
        use std::os::unix::ffi::OsStrExt;
        let from = std::ffi::CString::new(format!("/proc/self/fd/{}", file.as_raw_fd()))?;
        loop {
            let temp = temp_name(target, NEXT.fetch_add(1, Ordering::Relaxed));
            let to = std::ffi::CString::new(temp.as_os_str().as_bytes())?;
            // SAFETY: two NUL-terminated paths.
            let r = unsafe {
                libc::linkat(
                    libc::AT_FDCWD,
                    from.as_ptr(),
                    libc::AT_FDCWD,
                    to.as_ptr(),
                    libc::AT_SYMLINK_FOLLOW,
                )
            };
            if r == 0 {
                return Ok(temp);
            }
            let e = io::Error::last_os_error();
            if e.kind() != io::ErrorKind::AlreadyExists {
                return Err(e);
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    {
        let _ = (file, target);
        Err(io::Error::from(io::ErrorKind::Unsupported))
    }
}

/// A new file beside `target`, named after it.
fn temp_beside(target: &Path) -> Result<(File, PathBuf), String> {
    let dir = dir_of(target);
    loop {
        let temp = temp_name(target, NEXT.fetch_add(1, Ordering::Relaxed));
        match OpenOptions::new().write(true).create_new(true).open(&temp) {
            Ok(f) => return Ok((f, temp)),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(e) => {
                return Err(format!(
                    "cannot create a file beside it in {}: {e}",
                    dir.display()
                ));
            }
        }
    }
}

/// Why the output `path` may not be written: it is one of `inputs` (`-`: standard input), a
/// file the command reads and would write over.
pub fn not_an_input(path: &Path, inputs: &[&str]) -> Result<(), String> {
    for input in inputs {
        if same_file(path, input)? {
            return Err(if *input == "-" {
                "is also the input (standard input): choose another output file".into()
            } else {
                format!("is also an input ({input}): choose another output file")
            });
        }
    }
    Ok(())
}

/// Is `output` the file `input` names (`-`: standard input)? By device and inode, so that
/// other spellings and links are caught; an output that does not exist yet is no input.
fn same_file(output: &Path, input: &str) -> Result<bool, String> {
    let Ok(out) = fs::metadata(output) else {
        return Ok(false);
    };
    let inp = if input == "-" {
        // SAFETY: fstat fills the stat buffer for descriptor 0, or fails.
        let mut st: libc::stat = unsafe { std::mem::zeroed() };
        if unsafe { libc::fstat(0, &mut st) } != 0 {
            return Ok(false);
        }
        (st.st_dev as u64, st.st_ino as u64)
    } else {
        match fs::metadata(input) {
            Ok(m) => (m.dev(), m.ino()),
            Err(_) => return Ok(false),
        }
    };
    Ok(out.is_file() && (out.dev(), out.ino()) == inp)
}

/// Do two output paths name the same file: the same device and inode, or, for files not made
/// yet (symbolic links followed), the same name in the same directory?
fn same_path(a: &Path, b: &Path) -> bool {
    if let (Ok(x), Ok(y)) = (fs::metadata(a), fs::metadata(b)) {
        return (x.dev(), x.ino()) == (y.dev(), y.ino());
    }
    let full = |p: &Path| {
        // Through dangling links too: both may name the file they will make.
        let p = through_links(p).ok()?;
        let dir = match p.parent() {
            Some(d) if !d.as_os_str().is_empty() => d,
            _ => Path::new("."),
        };
        Some((fs::canonicalize(dir).ok()?, p.file_name()?.to_owned()))
    };
    matches!((full(a), full(b)), (Some(x), Some(y)) if x == y)
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::model::testutil::scratch;

    fn listing(dir: &Path) -> Vec<String> {
        let mut v: Vec<String> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        v.sort();
        v
    }

    #[test]
    fn the_target_changes_only_on_commit() {
        let dir = scratch("commit");
        let p = dir.join("p.txt");
        fs::write(&p, "keep\n").unwrap();
        fs::set_permissions(&p, fs::Permissions::from_mode(0o640)).unwrap();
        let mut o = Output::create(Some(&p), &[], &[]).unwrap();
        o.write_all(b"new\n").unwrap();
        assert_eq!(fs::read_to_string(&p).unwrap(), "keep\n");
        drop(o);
        assert_eq!(fs::read_to_string(&p).unwrap(), "keep\n");
        assert_eq!(listing(&dir), ["p.txt"], "the temporary file is removed");
        let mut o = Output::create(Some(&p), &[], &[]).unwrap();
        o.write_all(b"new\n").unwrap();
        o.commit().unwrap();
        assert_eq!(fs::read_to_string(&p).unwrap(), "new\n");
        assert_eq!(listing(&dir), ["p.txt"]);
        let mode = fs::metadata(&p).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o640, "the permissions are kept");
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_named_temporary_file_is_renamed_or_removed() {
        let dir = scratch("named");
        let p = dir.join("p.txt");
        fs::write(&p, "keep\n").unwrap();
        let named = |text: &str| {
            let (mut file, temp) = temp_beside(&p).unwrap();
            file.write_all(text.as_bytes()).unwrap();
            assert!(
                temp.file_name()
                    .unwrap()
                    .to_string_lossy()
                    .starts_with(".p.txt.sj-")
            );
            Output {
                sink: Sink::Temp {
                    file,
                    temp: Some(temp),
                    target: p.clone(),
                    done: false,
                },
            }
        };
        let o = named("lost\n");
        assert_eq!(listing(&dir).len(), 2, "the temporary file beside it");
        drop(o);
        assert_eq!(listing(&dir), ["p.txt"]);
        assert_eq!(fs::read_to_string(&p).unwrap(), "keep\n");
        named("new\n").commit().unwrap();
        assert_eq!(listing(&dir), ["p.txt"]);
        assert_eq!(fs::read_to_string(&p).unwrap(), "new\n");
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn an_output_that_is_an_input_or_another_output_is_refused() {
        let dir = scratch("inputs");
        let a = dir.join("a.in");
        fs::write(&a, "1\n").unwrap();
        let a_str = a.to_str().unwrap();
        assert!(
            Output::open(&a, &[a_str], &[])
                .unwrap_err()
                .contains("is also an input")
        );
        // Another spelling of the same file, and a hard link to it.
        let other = dir.join(".").join("a.in");
        assert!(Output::open(&other, &[a_str], &[]).is_err());
        let link = dir.join("b.in");
        fs::hard_link(&a, &link).unwrap();
        assert!(Output::open(&link, &[a_str], &[]).is_err());
        let new = dir.join("new.out");
        assert!(Output::open(&new, &[a_str], &[]).is_ok());
        let e = Output::open(&new, &[], &[&dir.join("./new.out")]).unwrap_err();
        assert!(e.contains("is also the output"), "{e}");
        assert_eq!(fs::read_to_string(&a).unwrap(), "1\n");
        assert!(
            Output::open(&dir, &[], &[])
                .unwrap_err()
                .contains("directory")
        );
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn links_are_followed_to_their_end_whether_it_exists_or_not() {
        let dir = scratch("links");
        let link = |to: &str, at: &str| std::os::unix::fs::symlink(to, dir.join(at)).unwrap();
        link("b", "a");
        link("sub/c", "b");
        fs::create_dir(dir.join("sub")).unwrap();
        link("../d.out", "sub/c");
        assert_eq!(
            through_links(&dir.join("a")).unwrap(),
            dir.join("sub").join("../d.out")
        );
        assert_eq!(through_links(&dir.join("x")).unwrap(), dir.join("x"));
        link("/abs/olute", "abs");
        assert_eq!(
            through_links(&dir.join("abs")).unwrap(),
            Path::new("/abs/olute")
        );
        link("loop2", "loop1");
        link("loop1", "loop2");
        let e = through_links(&dir.join("loop1")).unwrap_err().to_string();
        assert!(e.contains("symbolic links"), "{e}");
        let e = Output::open(&dir.join("loop1"), &[], &[]).unwrap_err();
        assert!(e.contains("symbolic links"), "{e}");
        // Written through: the link stays, the file at its end is made.
        let mut o = Output::create(Some(&dir.join("a")), &[], &[]).unwrap();
        o.write_all(b"new\n").unwrap();
        o.commit().unwrap();
        assert_eq!(fs::read_to_string(dir.join("d.out")).unwrap(), "new\n");
        assert!(
            fs::symlink_metadata(dir.join("a"))
                .unwrap()
                .file_type()
                .is_symlink()
        );
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn devices_are_written_in_place() {
        let mut o = Output::create(Some(Path::new("/dev/null")), &[], &[]).unwrap();
        o.write_all(b"gone").unwrap();
        o.commit().unwrap();
        assert!(Path::new("/dev/null").exists());
    }
}
