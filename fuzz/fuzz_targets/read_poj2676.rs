//! The poj2676 reader: round trip through the writer, or an error inside the input.
#![no_main]
use sudoku_judge::format::Format;
libfuzzer_sys::fuzz_target!(|data: &[u8]| sudoku_judge_fuzz::reader(Format::Poj2676, data));
