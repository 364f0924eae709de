//! `gen`'s command line through clap and `plan`.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| sudoku_judge_fuzz::gen_args(data));
