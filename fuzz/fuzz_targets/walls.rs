//! The HDU 4069 wall decoder on 81 raw cell values.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| sudoku_judge_fuzz::walls(data));
