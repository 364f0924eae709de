//! The leetcode reader: round trip through the writer, or an error inside the input.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| sudoku_judge_fuzz::reader(
    sudoku_judge::format::Format::Leetcode,
    data
));
