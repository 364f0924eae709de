//! `check` on an options byte, an input and a contestant output.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| sudoku_judge_fuzz::check(data));
