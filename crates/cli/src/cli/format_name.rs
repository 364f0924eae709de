//! `--format NAME`'s parser: `auto`, or a name or alias of the format table. A mistyped name
//! gets a "did you mean" and a pointer to `sudoku-judge formats`, not every name on one line.

use super::FormatArg;
use crate::format::judges::{closest, find};
use clap::ValueEnum;
use clap::builder::{PossibleValue, TypedValueParser};
use clap::error::ErrorKind;
use std::ffi::OsStr;

/// The value parser of every `--format` flag.
#[derive(Clone, Copy, Debug)]
pub struct FormatParser;

impl TypedValueParser for FormatParser {
    type Value = FormatArg;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<FormatArg, clap::Error> {
        let typed = value.to_string_lossy();
        if typed == "auto" {
            return Ok(FormatArg::Auto);
        }
        if let Some(spec) = find(&typed) {
            return Ok(FormatArg::Named(spec));
        }
        let flag = arg.map_or("--format <FORMAT>".to_string(), ToString::to_string);
        let tip = closest(&typed).map_or(String::new(), |n| format!("did you mean '{n}'? "));
        let message = format!(
            "invalid value '{typed}' for '{flag}': no such format\n\n  tip: {tip}\
             `sudoku-judge formats` lists every format\n"
        );
        Err(clap::Error::raw(ErrorKind::InvalidValue, message).with_cmd(cmd))
    }

    /// Every name, for the completion scripts (help hides them: they are listed by `formats`).
    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(
            FormatArg::value_variants()
                .iter()
                .filter_map(ValueEnum::to_possible_value),
        ))
    }
}
