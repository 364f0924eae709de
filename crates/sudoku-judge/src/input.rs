//! Input sources: a file, stdin or any stream, read in blocks into one window that slides
//! forward, so memory stays bounded however long the input is. Files are read, not mapped: a
//! mapped file counts every page read as resident memory, and reading costs no more (see
//! [`Source::open`]).

use std::fs::File;
use std::io::{self, Read};
use std::sync::Arc;

/// Bytes read per call, once an input has shown itself long: small enough that the window
/// stays in the reading core's L2 cache beside the solvers' tables and the batches of cases.
/// Against 1 MiB, one thread ran 100,000 Kaggle lines 0.9% faster and the 17-clue set as a
/// POJ 2676 file 1.1% faster; with the smaller batches too (`pipeline::BATCH`), 3.3% and 4.0%
/// faster (issue 31, median of the per-round ratios of 40 and 20 alternated rounds).
const BLOCK: usize = 1 << 17;
/// Bytes read by an input's first call: small inputs (a checker's few-case files, a stress
/// run's) should not pay for zeroing and faulting in a whole block. Each later call reads
/// twice as much as the one before, up to [`BLOCK`].
const FIRST_BLOCK: usize = 1 << 14;

/// A UTF-8 byte-order mark, which Windows editors put at the start of a text file. Inputs
/// are not read past it: a judge's program reads those bytes as data too.
pub const BOM: &[u8] = b"\xef\xbb\xbf";
/// Added to the error of an input refused at its first byte, when that is a [`BOM`].
pub const BOM_NOTE: &str = " (the input starts with a UTF-8 byte-order mark, bytes EF BB BF, \
                            which a judge's program reads as data: save the file without it)";

/// One input, seen as a window of unconsumed bytes: `buf[start..end]`. The buffer holds the
/// unconsumed bytes and one block more, so it grows only while a reader keeps bytes
/// unconsumed (a case cut off by the end of the window), never with the length of the input.
pub struct Source {
    name: String,
    reader: Box<dyn Read + Send>,
    buf: Vec<u8>,
    start: usize,
    end: usize,
    /// Bytes the next read asks for at least.
    block: usize,
    /// A read returned 0: nothing more will come.
    eof: bool,
    /// Opened from a path that names a regular file (after symbolic links), which a second
    /// open reads again from the start, and which can be read in pieces at their offsets
    /// ([`Source::file`]); `None` for stdin, pipes, devices and [`Source::stream`].
    file: Option<Arc<File>>,
    /// Bytes the reader has handed over so far: the window ends at this offset of the input.
    taken: u64,
}

impl Source {
    /// Opens `path`, or stdin for `-`, to be read front to back in blocks.
    ///
    /// Files are not memory-mapped. A map makes every page read resident (a 2 GB file showed
    /// 1.96 GB), and releasing what has been read past would not bound what a reader touches
    /// ahead of it (a search for a line break runs to the end of the map). Reading in blocks
    /// costs about the same: `validate --format line` on a 300 MB file took 1.46 s user and
    /// 0.03 s system time mapped, 1.45 s and 0.06 s read, in 6 MB instead of 300 MB.
    pub fn open(path: &str) -> io::Result<Source> {
        if path == "-" {
            return Ok(Source::stream("<stdin>".into(), Box::new(io::stdin())));
        }
        let file = File::open(path)?;
        // The opened file's own metadata (fstat): what was opened, whatever the path names now.
        let meta = file.metadata()?;
        if meta.is_dir() {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                "is a directory",
            ));
        }
        let shared = Arc::new(file);
        let mut source = Source::stream(path.into(), Box::new(Shared(shared.clone())));
        source.file = meta.is_file().then_some(shared);
        Ok(source)
    }

    /// A source over any reader (tests use in-memory readers).
    pub fn stream(name: String, reader: Box<dyn Read + Send>) -> Source {
        Source {
            name,
            reader,
            buf: Vec::new(),
            start: 0,
            end: 0,
            block: FIRST_BLOCK,
            eof: false,
            file: None,
            taken: 0,
        }
    }

    /// A source over bytes already in memory: the window is all of them at once, nothing is
    /// read (`--format auto` reads its head once per format).
    pub fn bytes(name: String, bytes: Vec<u8>) -> Source {
        Source {
            name,
            reader: Box::new(io::empty()),
            end: bytes.len(),
            buf: bytes,
            start: 0,
            block: FIRST_BLOCK,
            eof: true,
            file: None,
            taken: 0,
        }
    }

    /// Reads `reader` from now on, from its first byte, keeping the buffer: a pool thread reads
    /// one piece of a file after another into the same memory (`crate::pieces`).
    pub fn restart(&mut self, reader: Box<dyn Read + Send>) {
        self.reader = reader;
        (self.start, self.end, self.taken, self.eof) = (0, 0, 0, false);
        self.block = BLOCK;
    }

    /// The regular file this source reads, and the offset in it of the first unconsumed byte:
    /// for reading the rest in pieces, each at its own offset. `None` for anything but a
    /// regular file opened by [`Source::open`].
    pub fn file(&self) -> Option<(&Arc<File>, u64)> {
        let at = |f| (f, self.taken - (self.end - self.start) as u64);
        self.file.as_ref().filter(|_| cfg!(unix)).map(at)
    }

    /// True when every byte of the input has been read and consumed.
    pub fn exhausted(&self) -> bool {
        self.eof && self.start == self.end
    }

    /// Whether the input is a regular file (symbolic links followed), so that opening its path
    /// again reads the same bytes: false for stdin, a FIFO, `/dev/stdin`, a device or a stream.
    /// `solve --shard` reads its input twice and takes only such a file.
    pub fn is_regular_file(&self) -> bool {
        self.file.is_some()
    }

    /// The name to print in messages (`<stdin>` for `-`).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The unconsumed bytes, and whether they run to the end of the input.
    pub fn window(&self) -> (&[u8], bool) {
        (&self.buf[self.start..self.end], self.eof)
    }

    /// Marks `n` bytes at the front of the window as consumed.
    pub fn consume(&mut self, n: usize) {
        self.start += n;
        debug_assert!(self.start <= self.end, "consumed past the window");
    }

    /// The first `n` unconsumed bytes (fewer at the end of the input), read ahead without
    /// consuming them: enough to tell a format from the content.
    pub fn head(&mut self, n: usize) -> io::Result<&[u8]> {
        while self.end - self.start < n && self.fill()? {}
        let w = self.window().0;
        Ok(&w[..w.len().min(n)])
    }

    /// Reads one more block into the window; returns false when nothing more can come.
    pub fn fill(&mut self) -> io::Result<bool> {
        if self.eof {
            return Ok(false);
        }
        // Slide the unconsumed tail to the front so the buffer does not grow with the input.
        if self.start > 0 {
            self.buf.copy_within(self.start..self.end, 0);
            self.end -= self.start;
            self.start = 0;
        }
        // The buffer stays initialised between calls: only its growth is zeroed.
        let want = self.end + self.block;
        if self.buf.len() < want {
            self.buf.resize(want, 0);
        }
        self.block = (self.block * 2).min(BLOCK);
        let n = loop {
            match self.reader.read(&mut self.buf[self.end..]) {
                Ok(n) => break n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            }
        };
        self.end += n;
        self.taken += n as u64;
        if n == 0 {
            self.eof = true;
        }
        Ok(true)
    }
}

/// A file shared with [`Source::file`], read front to back.
struct Shared(Arc<File>);

impl Read for Shared {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        (&*self.0).read(out)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    #[test]
    fn a_file_is_regular_and_a_stream_is_not() {
        let file = Source::open("testdata/poj2676/sample.in").unwrap();
        assert!(file.is_regular_file());
        let stream = Source::stream("<pipe>".into(), Box::new(&b"1\n"[..]));
        assert!(!stream.is_regular_file());
    }

    #[test]
    fn bytes_in_memory_are_one_window_to_the_end() {
        let mut s = Source::bytes("head".into(), b"2\n12\n".to_vec());
        assert_eq!(s.window(), (&b"2\n12\n"[..], true));
        assert!(!s.fill().unwrap(), "nothing more comes");
        s.consume(2);
        assert_eq!(s.window(), (&b"12\n"[..], true));
        assert_eq!(s.head(64).unwrap(), b"12\n");
        assert!(!s.is_regular_file());
    }

    /// A reader that hands out at most `step` bytes per read, like a slow pipe (the readers'
    /// tests use it too).
    pub(crate) struct Trickle {
        pub data: Vec<u8>,
        pub pos: usize,
        pub step: usize,
    }

    impl Read for Trickle {
        fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
            let n = self.step.min(out.len()).min(self.data.len() - self.pos);
            out[..n].copy_from_slice(&self.data[self.pos..self.pos + n]);
            self.pos += n;
            Ok(n)
        }
    }

    #[test]
    fn stream_window_slides_and_reaches_eof() {
        let data: Vec<u8> = (0..10_000u32).map(|i| (i % 251) as u8).collect();
        let mut s = Source::stream(
            "t".into(),
            Box::new(Trickle {
                data: data.clone(),
                pos: 0,
                step: 777,
            }),
        );
        let mut seen = Vec::new();
        loop {
            let (w, eof) = s.window();
            let take = w.len().min(100);
            seen.extend_from_slice(&w[..take]);
            s.consume(take);
            if eof && s.window().0.is_empty() {
                break;
            }
            if s.window().0.is_empty() {
                s.fill().unwrap();
            }
        }
        assert_eq!(seen, data);
        assert!(!s.fill().unwrap());
    }

    #[test]
    fn files_are_read_in_blocks_and_missing_files_fail() {
        let dir = crate::model::testutil::scratch("input-files");
        let p = dir.join("a.txt");
        std::fs::write(&p, b"1\n2\n").unwrap();
        let mut s = Source::open(p.to_str().unwrap()).unwrap();
        assert_eq!(
            s.window(),
            (&b""[..], false),
            "nothing is read before it is asked for"
        );
        assert_eq!(s.head(3).unwrap(), b"1\n2");
        s.consume(2);
        while s.fill().unwrap() {}
        assert_eq!(s.window(), (&b"2\n"[..], true));
        let e = dir.join("empty.txt");
        std::fs::write(&e, b"").unwrap();
        let mut s = Source::open(e.to_str().unwrap()).unwrap();
        assert_eq!(s.head(10).unwrap(), b"");
        assert_eq!(s.window(), (&b""[..], true));
        assert!(Source::open(dir.join("nope").to_str().unwrap()).is_err());
        assert!(Source::open(dir.to_str().unwrap()).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// A regular file is one, through a symbolic link too; a device or a stream is not.
    #[test]
    fn only_a_regular_file_is_regular() {
        let dir = crate::model::testutil::scratch("input-regular");
        let p = dir.join("a.txt");
        std::fs::write(&p, b"1\n").unwrap();
        let link = dir.join("link");
        std::os::unix::fs::symlink(&p, &link).unwrap();
        assert!(Source::open(p.to_str().unwrap()).unwrap().is_regular_file());
        assert!(
            Source::open(link.to_str().unwrap())
                .unwrap()
                .is_regular_file()
        );
        assert!(!Source::open("/dev/null").unwrap().is_regular_file());
        assert!(!Source::open("-").unwrap().is_regular_file());
        let s = Source::stream("t".into(), Box::new(Endless(b'x')));
        assert!(!s.is_regular_file());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// A file argument is read through a window of one block, however large the file (a
    /// sparse file here: no disk is written).
    #[test]
    fn a_large_file_passes_through_one_block() {
        let dir = crate::model::testutil::scratch("input-large");
        let p = dir.join("sparse");
        let size = 128u64 << 20;
        let f = File::create(&p).unwrap();
        f.set_len(size).unwrap();
        drop(f);
        let mut s = Source::open(p.to_str().unwrap()).unwrap();
        let mut read = 0u64;
        while s.fill().unwrap() {
            let n = s.window().0.len();
            read += n as u64;
            s.consume(n);
            assert!(s.buf.len() <= BLOCK, "buffer of {} bytes", s.buf.len());
        }
        assert_eq!((read, s.window()), (size, (&b""[..], true)));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// An endless reader of `byte`s.
    struct Endless(u8);

    impl Read for Endless {
        fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
            out.fill(self.0);
            Ok(out.len())
        }
    }

    #[test]
    fn the_buffer_holds_the_unconsumed_bytes_and_one_block() {
        let mut s = Source::stream("t".into(), Box::new(Endless(b'\n')));
        let mut read = 0;
        // Consumed as it comes, 64 MiB pass through a buffer of one block.
        while read < 64 << 20 {
            assert!(s.fill().unwrap());
            let n = s.window().0.len();
            read += n;
            s.consume(n);
            assert!(s.buf.len() <= BLOCK, "buffer of {} bytes", s.buf.len());
        }
        // Blocks grow from the first one up to BLOCK.
        let mut s = Source::stream("t".into(), Box::new(Endless(b'x')));
        let mut sizes = Vec::new();
        for _ in 0..10 {
            let before = s.window().0.len();
            s.fill().unwrap();
            sizes.push(s.window().0.len() - before);
            s.consume(s.window().0.len());
        }
        assert_eq!(sizes[0], FIRST_BLOCK);
        assert!(sizes.windows(2).all(|w| w[1] >= w[0]), "{sizes:?}");
        assert_eq!(*sizes.last().unwrap(), BLOCK);
        // Unconsumed bytes stay, and the buffer is them plus one block at most.
        for blocks in 1..=3 {
            s.fill().unwrap();
            let held = s.window().0.len();
            assert_eq!(held, blocks * BLOCK);
            assert!(s.buf.len() <= held + BLOCK);
        }
    }
}
