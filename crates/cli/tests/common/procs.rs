//! What the stress tests that watch processes share: the living processes of one test's
//! marker command line, found in `/proc`.

/// Living processes whose command line is exactly `sleep SECS` (`SECS`: a marker of one test).
pub fn sleeping(secs: &str) -> Vec<String> {
    let want = format!("sleep\0{secs}\0");
    std::fs::read_dir("/proc")
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|p| p.bytes().all(|b| b.is_ascii_digit()))
        .filter(|p| std::fs::read(format!("/proc/{p}/cmdline")).is_ok_and(|c| c == want.as_bytes()))
        .collect()
}
