//! The judge's sample, read and spelled again by the writers `gen` uses ([`respell`]), so that
//! a package's `data/sample` is in the exact layout its secret data has.

use crate::format::detect::{Route, route};
use crate::format::spec::Spec;
use crate::format::{CaseReader, Reader};
use crate::generate::set;
use crate::input::Source;
use crate::model::Case;
use crate::pipeline::{self, BATCH, Cases, Failure};

/// A judge's file (its sample) read and spelled again by the writers `gen` uses, with its
/// answers: the same cases and tokens, in the exact layout the strict input validator holds
/// the judge data to (Luogu's samples end their rows in a space, POJ 3435's takes any
/// layout). `Err` if the format's reader refuses the file.
pub fn respell(spec: &'static Spec, file: &[u8]) -> Result<(Vec<u8>, Vec<u8>), String> {
    // Batch by batch: `next_batch` reserves room for a whole batch up front.
    fn read<C: Cases>(file: &[u8], mut reader: C) -> Result<Vec<C::Case>, String> {
        let bytes = Box::new(std::io::Cursor::new(file.to_vec()));
        let mut source = Source::stream(String::new(), bytes);
        let (mut cases, mut finished) = (Vec::new(), false);
        while !finished {
            let (batch, failure) =
                pipeline::next_batch(&mut source, &mut reader, &mut finished, BATCH);
            cases.extend(batch);
            match failure {
                None => {}
                Some(Failure::Parse(e)) => return Err(e.to_string()),
                Some(Failure::Read(e) | Failure::Write(e)) => return Err(e.to_string()),
                Some(Failure::Case { case, msg }) => return Err(format!("case {case}: {msg}")),
            }
        }
        Ok(cases)
    }
    // The route, not the format, picks the writer: a line format's sample of another size
    // is read and spelled by the spec's generic reader and writer.
    let (spec, cases): (&Spec, Vec<Case>) = match route(spec, file) {
        Route::Tuned(f) => (
            spec,
            read(file, Reader::new(f))?
                .into_iter()
                .map(Case::Nine)
                .collect(),
        ),
        Route::Judge(s) => (
            s,
            read(file, CaseReader::new(s))?
                .into_iter()
                .map(|c| Case::board(c.board, c.label))
                .collect(),
        ),
    };
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
