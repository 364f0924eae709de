//! The generic reader of every spec format (the first byte picks it): round trip through the
//! format's writer, or an error inside the input.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| sudoku_judge_fuzz::read_spec(data));
