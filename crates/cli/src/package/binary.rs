//! How the binary copied into a package's validators is linked: a judge machine runs a static
//! binary as it is, a dynamic one only where the same C library is installed.

use std::fmt;
use std::path::Path;

/// The linking of an executable.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Linking {
    /// No program interpreter: it needs nothing else to run.
    Static,
    /// Loaded by the dynamic linker, with the C library of the machine it runs on.
    Dynamic,
    /// Not an ELF file this reader knows (another system).
    Unknown,
}

impl fmt::Display for Linking {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Linking::Static => "statically linked",
            Linking::Dynamic => "dynamically linked",
            Linking::Unknown => "of unknown linking",
        })
    }
}

/// The linking of the executable at `path`.
pub fn linking(path: &Path) -> Linking {
    std::fs::read(path).map_or(Linking::Unknown, |b| elf_linking(&b))
}

/// A 64-bit little-endian ELF file is dynamic when a program header is `PT_INTERP` (the
/// dynamic linker's path); a static-pie has none.
pub fn elf_linking(b: &[u8]) -> Linking {
    const PT_INTERP: u32 = 3;
    if b.len() < 64 || &b[..4] != b"\x7fELF" || b[4] != 2 || b[5] != 1 {
        return Linking::Unknown;
    }
    let u16_at = |o: usize| u16::from_le_bytes([b[o], b[o + 1]]) as usize;
    let u32_at = |o: usize| {
        b.get(o..o + 4)
            .map(|s| u32::from_le_bytes(s.try_into().unwrap()))
    };
    let phoff = u64::from_le_bytes(b[0x20..0x28].try_into().unwrap()) as usize;
    let (size, count) = (u16_at(0x36), u16_at(0x38));
    for i in 0..count {
        match u32_at(phoff.saturating_add(i * size)) {
            Some(PT_INTERP) => return Linking::Dynamic,
            Some(_) => {}
            None => return Linking::Unknown,
        }
    }
    Linking::Static
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn this_test_binary_is_read() {
        let exe = std::env::current_exe().unwrap();
        assert_ne!(linking(&exe), Linking::Unknown);
    }

    #[test]
    fn interp_headers_tell_dynamic_from_static() {
        // An ELF header with two program headers at 64, 56 bytes each.
        let mut b = vec![0u8; 64 + 2 * 56];
        b[..6].copy_from_slice(b"\x7fELF\x02\x01");
        b[0x20] = 64;
        b[0x36] = 56;
        b[0x38] = 2;
        b[64] = 1; // PT_LOAD
        assert_eq!(elf_linking(&b), Linking::Static);
        b[64 + 56] = 3; // PT_INTERP
        assert_eq!(elf_linking(&b), Linking::Dynamic);
        assert_eq!(elf_linking(b"#!/bin/sh\n"), Linking::Unknown);
        b[0x38] = 9; // headers past the end of the file
        b[64 + 56] = 1;
        assert_eq!(elf_linking(&b), Linking::Unknown);
    }
}
