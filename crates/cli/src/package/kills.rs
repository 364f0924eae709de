//! The package's data against the zoo of wrong solutions ([`crate::zoo`]): the files of every
//! group made, the kill table of the files inside the judge's data, a group of cases added
//! for the wrong solvers they let through ([`crate::zoo::hunt`]), and the table again with it:
//! what `kill-table.txt` holds. The group beyond the judge's data (`--beyond`) is not part of
//! the table: a solution the judge accepted may fail it.

use super::groups::{self, BEYOND_SLUG, Group};
use super::ways::Way;
use super::{NamedFile, group_files};
use crate::format::spec::Spec;
use crate::generate::request::{Kind, Made, Request};
use crate::solve::SolverKind;
use crate::solve::engine::Engine;
use crate::zoo::{self, DataFile, Table};

/// The file name's slug of the group that kills the survivors.
pub const SLUG: &str = "wrong-solutions";

/// The name of the kill table's file, at the package's root.
pub const FILE: &str = "kill-table.txt";

/// A package's secret data: its groups, each group's files, and the kill table of the files
/// inside the judge's data.
pub struct Secret {
    pub groups: Vec<Group>,
    pub files: Vec<Vec<NamedFile>>,
    pub table: Table,
}

/// The secret data of `package --format SPEC --count COUNT --seed SEED [--beyond]`, with the
/// group that kills what the others let through; `made_some` hears of the cases made.
pub fn secret(
    spec: &'static Spec,
    count: u64,
    seed: u64,
    beyond: bool,
    parallel: bool,
    made_some: &mut dyn FnMut(u64),
) -> Result<Secret, String> {
    let mut groups = groups::groups(spec, count, seed, beyond);
    let mut files = Vec::with_capacity(groups.len());
    for g in &groups {
        files.push(group_files(spec, g, parallel, made_some)?);
    }
    let table =
        zoo::table(spec, &data(&groups, &files)).map_err(|e| format!("the kill table: {e}"))?;
    let survivors = table.survivors();
    if survivors.is_empty() {
        return Ok(Secret {
            groups,
            files,
            table,
        });
    }
    let base = Request {
        layout: groups::layout(spec),
        ..Request::of(spec, 0)
    };
    let hunt_seed = seed ^ 0x7a6f_6f00;
    let found = zoo::hunt::hunt(&base, &survivors, hunt_seed);
    let most = spec.max_per_file().unwrap_or(u64::MAX) as usize;
    let mut ways: Vec<Way> = Vec::new();
    let mut engine = Engine::new(SolverKind::Bitmask);
    for f in found.into_iter().take(most) {
        let count = engine.count(&f.case.to_board(), 2).0;
        let kind = match count {
            0 => Kind::None {
                clash: f.case.clash().is_some(),
            },
            1 => Kind::Unique,
            _ => Kind::Multiple,
        };
        let names: Vec<String> = f.kills.iter().map(|w| w.name()).collect();
        let wrong = f
            .kills
            .iter()
            .map(|w| format!("one that {} ({})", w.describe(), w.name()))
            .collect::<Vec<_>>()
            .join("; ");
        ways.push(Way {
            made: Made { case: f.case, kind },
            what: if names.is_empty() {
                "a case before the one that kills".into()
            } else {
                format!("kills {}", names.join(", "))
            },
            wrong,
        });
    }
    if ways.is_empty() {
        return Ok(Secret {
            groups,
            files,
            table,
        });
    }
    // The group goes before the one beyond the data, which keeps the last number.
    let at = groups
        .iter()
        .position(|g| g.name.ends_with(BEYOND_SLUG))
        .unwrap_or(groups.len());
    let killed: Vec<String> = ways
        .iter()
        .filter(|w| !w.wrong.is_empty())
        .map(|w| w.what.trim_start_matches("kills ").to_string())
        .collect();
    let group = Group {
        name: format!("{:02}-{SLUG}", at + 1),
        what: format!(
            "cases added for the wrong solutions the other files let through ({})",
            killed.join(", ")
        ),
        cases: base.with_seed(hunt_seed),
        indices: (0..ways.len() as u64).collect(),
        ways,
    };
    let made = group_files(spec, &group, parallel, made_some)?;
    groups.insert(at, group);
    files.insert(at, made);
    if at + 1 < groups.len() {
        let last = groups.len() - 1;
        let old = groups[last].name.clone();
        let new = format!("{:02}-{BEYOND_SLUG}", last + 1);
        for f in &mut files[last] {
            f.0 = f.0.replacen(&old, &new, 1);
        }
        groups[last].name = new;
    }
    let table =
        zoo::table(spec, &data(&groups, &files)).map_err(|e| format!("the kill table: {e}"))?;
    Ok(Secret {
        groups,
        files,
        table,
    })
}

/// The input files of the groups inside the judge's data, named as in `data/secret/`.
fn data(groups: &[Group], files: &[Vec<NamedFile>]) -> Vec<DataFile> {
    groups
        .iter()
        .zip(files)
        .filter(|(g, _)| !g.name.ends_with(BEYOND_SLUG))
        .flat_map(|(_, fs)| fs.iter())
        .map(|(name, input, _)| DataFile {
            name: format!("{name}.in"),
            input: input.clone(),
        })
        .collect()
}
