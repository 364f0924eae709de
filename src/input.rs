//! Input sources: a file mapped whole, or a stream (stdin, pipes) read in large blocks into one
//! window that slides forward, so memory stays bounded however long the stream is.

use memmap2::Mmap;
use std::fs::File;
use std::io::{self, Read};

/// Bytes read per call from a stream, once it has shown itself long.
const BLOCK: usize = 1 << 20;
/// Bytes read by a stream's first call: small inputs (a checker's few-case files, a stress
/// run's) should not pay for zeroing and faulting in a whole block. Later calls read as much as
/// the buffer already holds (so about twice as much each time), up to [`BLOCK`].
const FIRST_BLOCK: usize = 1 << 14;

/// One input, seen as a window of unconsumed bytes.
pub struct Source {
    name: String,
    kind: Kind,
}

enum Kind {
    /// A regular file mapped (or, when empty or unmappable, read) whole; `pos` is consumed.
    Whole { bytes: Bytes, pos: usize },
    /// A stream: `buf[start..]` is unconsumed; `eof` once a read returned 0.
    Stream {
        reader: Box<dyn Read + Send>,
        buf: Vec<u8>,
        start: usize,
        eof: bool,
    },
}

enum Bytes {
    Map(Mmap),
    Owned(Vec<u8>),
}

impl Bytes {
    fn as_slice(&self) -> &[u8] {
        match self {
            Bytes::Map(m) => m,
            Bytes::Owned(v) => v,
        }
    }
}

impl Source {
    /// Opens `path`, or stdin for `-`. Regular files are memory-mapped; anything else (a pipe,
    /// a terminal, `/dev/stdin`) is streamed.
    pub fn open(path: &str) -> io::Result<Source> {
        if path == "-" {
            return Ok(Source::stream("<stdin>".into(), Box::new(io::stdin())));
        }
        let file = File::open(path)?;
        let meta = file.metadata()?;
        if meta.is_dir() {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                "is a directory",
            ));
        }
        if meta.is_file() {
            let bytes = if meta.len() == 0 {
                Bytes::Owned(Vec::new())
            } else {
                // SAFETY: the map is read-only and lives as long as the Source. If another
                // process truncates the file while we read it, reads past the new end fault;
                // that is the documented risk of mapping, as for ripgrep.
                match unsafe { Mmap::map(&file) } {
                    Ok(m) => Bytes::Map(m),
                    Err(_) => {
                        let mut v = Vec::with_capacity(meta.len() as usize);
                        (&file).read_to_end(&mut v)?;
                        Bytes::Owned(v)
                    }
                }
            };
            return Ok(Source {
                name: path.into(),
                kind: Kind::Whole { bytes, pos: 0 },
            });
        }
        Ok(Source::stream(path.into(), Box::new(file)))
    }

    /// A source over any reader (tests use in-memory readers).
    pub fn stream(name: String, reader: Box<dyn Read + Send>) -> Source {
        Source {
            name,
            kind: Kind::Stream {
                reader,
                buf: Vec::new(),
                start: 0,
                eof: false,
            },
        }
    }

    /// The name to print in messages (`<stdin>` for `-`).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The unconsumed bytes, and whether they run to the end of the input.
    pub fn window(&self) -> (&[u8], bool) {
        match &self.kind {
            Kind::Whole { bytes, pos } => (&bytes.as_slice()[*pos..], true),
            Kind::Stream {
                buf, start, eof, ..
            } => (&buf[*start..], *eof),
        }
    }

    /// Marks `n` bytes at the front of the window as consumed.
    pub fn consume(&mut self, n: usize) {
        match &mut self.kind {
            Kind::Whole { pos, .. } => *pos += n,
            Kind::Stream { buf, start, .. } => {
                *start += n;
                debug_assert!(*start <= buf.len());
            }
        }
    }

    /// The first `n` unconsumed bytes (fewer at the end of the input), read ahead without
    /// consuming them: enough to tell a format from the content.
    pub fn head(&mut self, n: usize) -> io::Result<&[u8]> {
        while self.window().0.len() < n && !self.window().1 {
            if !self.fill()? {
                break;
            }
        }
        let w = self.window().0;
        Ok(&w[..w.len().min(n)])
    }

    /// Reads one more block into the window; returns false when nothing more can come.
    pub fn fill(&mut self) -> io::Result<bool> {
        let Kind::Stream {
            reader,
            buf,
            start,
            eof,
        } = &mut self.kind
        else {
            return Ok(false);
        };
        if *eof {
            return Ok(false);
        }
        // Slide the unconsumed tail to the front so the buffer does not grow with the input.
        if *start > 0 {
            buf.copy_within(*start.., 0);
            buf.truncate(buf.len() - *start);
            *start = 0;
        }
        let old = buf.len();
        let block = buf.capacity().clamp(FIRST_BLOCK, BLOCK);
        buf.resize(old + block, 0);
        let n = loop {
            match reader.read(&mut buf[old..]) {
                Ok(n) => break n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => {
                    buf.truncate(old);
                    return Err(e);
                }
            }
        };
        buf.truncate(old + n);
        if n == 0 {
            *eof = true;
        }
        Ok(true)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

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
    fn files_are_whole_and_missing_files_fail() {
        let dir = std::env::temp_dir().join(format!("sj-input-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let p = dir.join("a.txt");
        std::fs::write(&p, b"1\n2\n").unwrap();
        let mut s = Source::open(p.to_str().unwrap()).unwrap();
        assert_eq!(s.window(), (&b"1\n2\n"[..], true));
        s.consume(2);
        assert_eq!(s.window(), (&b"2\n"[..], true));
        assert!(!s.fill().unwrap());
        let e = dir.join("empty.txt");
        std::fs::write(&e, b"").unwrap();
        assert_eq!(
            Source::open(e.to_str().unwrap()).unwrap().window(),
            (&b""[..], true)
        );
        assert!(Source::open(dir.join("nope").to_str().unwrap()).is_err());
        assert!(Source::open(dir.to_str().unwrap()).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
