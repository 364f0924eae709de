//! `validate` with `--format auto`: the format guessed first ([`super::guess`], which reads the
//! input with the validator of each candidate format), then the input validated in it. It
//! sits above both, so that the guess and the validator do not import each other.

use super::guess::{Guess, guess_source};
use super::validate::{self, Finding, Options, Outcome, Stop};
use crate::input::Source;
use std::io;

/// [`validate::validate`], with the format told from the content when `opts` gives none: the
/// outcome then says how ([`Outcome::detected`]) and what else reads it ([`Outcome::note`]).
pub fn validate(
    source: &mut Source,
    opts: &Options,
    each: &mut dyn FnMut(u64, Option<&Finding>) -> io::Result<()>,
) -> Outcome {
    if opts.format.is_some() {
        return validate::validate(source, opts, each);
    }
    let stopped = |msg: String| Outcome {
        format: None,
        detected: None,
        note: None,
        cases: 0,
        clashes: 0,
        broken: 0,
        stop: Some(Stop::Detect(msg)),
    };
    match guess_source(source) {
        Ok(Guess::Took(d, note)) => {
            let given = Options {
                format: Some(d.spec),
                ..*opts
            };
            let mut outcome = validate::validate(source, &given, each);
            outcome.detected = Some(d.why);
            outcome.note = note;
            outcome
        }
        Ok(g) => stopped(g.error().unwrap_or_default()),
        Err(e) => stopped(e.to_string()),
    }
}
