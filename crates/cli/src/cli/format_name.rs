//! `--format NAME`'s parser: `auto`, a name or alias of the format table, or the path of a
//! problem file (`formats --export NAME` writes one). A mistyped name gets a "did you mean"
//! and a pointer to `sudoku-judge formats`, not every name on one line; a malformed file its
//! line and column.

use super::FormatArg;
use crate::format::judges::{closest, find};
use crate::format::record;
use crate::format::spec::Spec;
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
        if let Some(loaded) = problem_file(value) {
            return loaded.map(FormatArg::Named).map_err(|e| {
                let message = format!("invalid value '{typed}' for '{flag}': {e}\n");
                clap::Error::raw(ErrorKind::InvalidValue, message).with_cmd(cmd)
            });
        }
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

/// The record of the problem file at `path`, when `path` names one: a path with a directory
/// or a `.toml` name, or an existing file. `None` for anything else (a mistyped format name).
/// The error names the file, line and column.
pub fn problem_file(path: &OsStr) -> Option<Result<&'static Spec, String>> {
    let p = std::path::Path::new(path);
    let looks = p.components().count() > 1 || p.extension().is_some_and(|e| e == "toml");
    if !looks && !p.is_file() {
        return None;
    }
    let shown = p.display();
    Some(match std::fs::read_to_string(p) {
        Err(e) => Err(format!("cannot read problem file {shown}: {e}")),
        Ok(text) => record::load(&text).map_err(|e| format!("{shown}: {e}")),
    })
}
