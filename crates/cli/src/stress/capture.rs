//! What a program under test writes, kept in bounded memory: its stdout up to a cap (counting,
//! past the cap, the bytes and whether any of them is more than whitespace), and the last few
//! KiB of its stderr.

use crate::format::cursor::is_space;
use std::collections::VecDeque;

/// Most bytes of stdout ever kept, whatever the output limit: with two outputs alive at once
/// (shrinking holds the best failing run while it tries another) our memory stays well under
/// 64 MB. An output this large for a batch of Sudoku answers is whitespace or garbage.
pub const KEEP_MAX: usize = 16 << 20;

/// Bytes of stderr kept for the report.
pub const TAIL: usize = 2048;

/// The head of an output: the first `cap` bytes, and what is known of the rest.
#[derive(Clone, Debug, Default)]
pub struct Kept {
    /// The bytes kept, at most the cap.
    pub bytes: Vec<u8>,
    cap: usize,
    /// Bytes written in all, kept or not.
    pub total: u64,
    /// Some byte past the cap is not whitespace: the part not kept could change the verdict.
    pub text_after: bool,
}

impl Kept {
    /// Keeps at most `min(limit, KEEP_MAX)` bytes.
    pub fn new(limit: u64) -> Self {
        Kept {
            bytes: Vec::new(),
            cap: limit.min(KEEP_MAX as u64) as usize,
            total: 0,
            text_after: false,
        }
    }

    pub fn push(&mut self, chunk: &[u8]) {
        self.total += chunk.len() as u64;
        let take = (self.cap - self.bytes.len()).min(chunk.len());
        let need = self.bytes.len() + take;
        if self.bytes.capacity() < need {
            // Doubling, but never past the cap: what we hold is bounded, not twice that.
            let want = (self.bytes.len() * 2).max(need).min(self.cap);
            self.bytes.reserve_exact(want - self.bytes.len());
        }
        self.bytes.extend_from_slice(&chunk[..take]);
        if !self.text_after {
            self.text_after = chunk[take..].iter().any(|&b| !is_space(b));
        }
    }

    /// More was written than kept.
    pub fn is_cut(&self) -> bool {
        self.total > self.bytes.len() as u64
    }
}

/// The last [`TAIL`] bytes of a stream and how many were written in all.
#[derive(Clone, Debug, Default)]
pub struct Tail {
    buf: VecDeque<u8>,
    pub total: u64,
}

impl Tail {
    pub fn push(&mut self, chunk: &[u8]) {
        self.total += chunk.len() as u64;
        let chunk = &chunk[chunk.len().saturating_sub(TAIL)..];
        let excess = (self.buf.len() + chunk.len()).saturating_sub(TAIL);
        self.buf.drain(..excess);
        self.buf.extend(chunk);
    }

    pub fn bytes(&self) -> Vec<u8> {
        self.buf.iter().copied().collect()
    }

    /// The last line that is not blank, trimmed; a line cut by the tail's start counts too.
    pub fn last_line(&self) -> Option<String> {
        let b = self.bytes();
        let text = String::from_utf8_lossy(&b);
        text.lines()
            .rev()
            .map(str::trim)
            .find(|l| !l.is_empty())
            .map(str::to_string)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kept_stops_at_the_cap_and_watches_the_rest() {
        let mut k = Kept::new(5);
        k.push(b"abc");
        k.push(b"de  \n");
        assert_eq!(
            (k.bytes.as_slice(), k.total, k.text_after),
            (&b"abcde"[..], 8, false)
        );
        assert!(k.is_cut());
        k.push(b" x");
        assert!(k.text_after);
        let mut k = Kept::new(u64::MAX);
        k.push(b"12");
        assert!(!k.is_cut());
        assert_eq!(k.cap, KEEP_MAX);
    }

    #[test]
    fn tail_keeps_the_end() {
        let mut t = Tail::default();
        t.push(&vec![b'a'; TAIL * 3]);
        t.push(b"\nlast words\n\n");
        assert_eq!(t.bytes().len(), TAIL);
        assert_eq!(t.total, TAIL as u64 * 3 + 13);
        assert_eq!(t.last_line().as_deref(), Some("last words"));
        assert_eq!(Tail::default().last_line(), None);
    }
}
