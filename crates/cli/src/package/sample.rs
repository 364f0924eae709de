//! The judge's sample, read and spelled again by the writers `gen` uses ([`respell`]), so that
//! a package's `data/sample` is in the exact layout its secret data has.

use crate::format::read_all;
use crate::format::spec::Spec;
use crate::generate::set;

/// A judge's file (its sample) read and spelled again by the writers `gen` uses, with its
/// answers: the same cases and tokens, in the exact layout the strict input validator holds
/// the judge data to (Luogu's samples end their rows in a space, POJ 3435's takes any
/// layout). `Err` if the format's reader refuses the file.
pub fn respell(spec: &'static Spec, file: &[u8]) -> Result<(Vec<u8>, Vec<u8>), String> {
    // The reader the input takes picks the writer too: a line format's sample of another
    // size is read and spelled by the spec's generic reader and writer.
    let cases = read_all(spec, file).map_err(|e| e.to_string())?;
    Ok(set::files(spec, &cases))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::judges::find;

    /// A canonical sample is spelled again byte for byte; a Luogu sample loses the spaces
    /// that end its rows, and keeps its answer.
    #[test]
    fn samples_are_spelled_as_the_judge_data() {
        for name in ["hdu4069", "poj2676", "poj3076", "uva10957", "spoj-novice42"] {
            let spec = find(name).unwrap();
            let (input, answers) = respell(spec, spec.sample.0.as_bytes()).unwrap();
            assert_eq!(String::from_utf8(input).unwrap(), spec.sample.0, "{name}");
            assert_eq!(String::from_utf8(answers).unwrap(), spec.sample.1, "{name}");
        }
        let luogu = find("luogu-p1784").unwrap();
        let (input, answers) = respell(luogu, luogu.sample.0.as_bytes()).unwrap();
        let text = String::from_utf8(input).unwrap();
        assert!(!text.contains(" \n"), "{text:?}");
        assert_eq!(
            text.split_whitespace().collect::<Vec<_>>(),
            luogu.sample.0.split_whitespace().collect::<Vec<_>>()
        );
        assert_eq!(String::from_utf8(answers).unwrap(), luogu.sample.1);
        assert!(respell(luogu, b"1 2 x\n").is_err());
    }
}
