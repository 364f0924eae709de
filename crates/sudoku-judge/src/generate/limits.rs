//! What a `gen` request may ask of a format: the number of cases one file may hold, and the
//! kinds of case and givens its problem promises, so that `gen` refuses up front what
//! `validate --strict` would reject afterwards.

use super::request::{LayoutChoice, Mix, Reach, Request};
use crate::format::holds::{Held, Kind};
use crate::format::spec::{Solutions, Spec};
use crate::solve::engine::Mode;

/// Why `count` cases cannot make one judge file of `spec`, if they cannot: none at all, or more
/// than the problem allows in one file.
pub fn count_fault(spec: &Spec, count: u64) -> Option<String> {
    if count == 0 {
        return Some(format!(
            "--count 0: a {} file needs at least one case (validate rejects an empty one)",
            spec.name
        ));
    }
    let most = spec.max_per_file().filter(|&m| count > m)?;
    Some(format!(
        "--count {count}: a {} file holds at most {most} case{} (the problem's bound)",
        spec.name,
        if most == 1 { "" } else { "s" }
    ))
}

/// Why the kinds `mix` and the givens `clues` (on grids of the box sizes `sizes`) would write
/// cases outside what `spec`'s problem promises, if they would: unsolvable cases where it
/// promises a solution, several solutions where it promises one, givens outside its bounds on
/// the empty cells.
pub fn promise_fault(
    spec: &Spec,
    mix: Mix,
    clues: Option<(usize, usize)>,
    sizes: &[usize],
) -> Option<String> {
    // The checkers, the anti-sudoku, the singles test and Larry's pass make their own kinds
    // (full grids, grids with a repeat, easy and not easy puzzles, Larry's boards) whatever
    // the weights and givens say.
    if matches!(
        spec.mode,
        Mode::Legal | Mode::Complete | Mode::Marks | Mode::Anti | Mode::Singles | Mode::OnePass
    ) {
        return None;
    }
    let promise = spec.promise;
    let promised = || format!("{} promises {}", spec.name, promise.describe());
    if promise.solutions != Solutions::Any && mix.none > 0 {
        return Some(format!(
            "--mix: none={} would write cases without a solution, and {}",
            mix.none,
            promised()
        ));
    }
    if promise.solutions == Solutions::One && mix.multiple > 0 {
        return Some(format!(
            "--mix: multiple={} would write cases with several solutions, and {}",
            mix.multiple,
            promised()
        ));
    }
    let ((lo, hi), (fewest, most)) = (clues?, promise.empty?);
    for cells in sizes.iter().map(|n| n.pow(4)) {
        let (need_lo, need_hi) = (cells.saturating_sub(most), cells.saturating_sub(fewest));
        if lo < need_lo || hi > need_hi {
            return Some(format!(
                "--clues {lo}-{hi}: {}, so {need_lo}-{need_hi} givens",
                promised()
            ));
        }
    }
    None
}

/// Why `req`'s kinds would write cases the judge's data does not hold (its promise allows them:
/// [`promise_fault`] says where it does not), if they would: several solutions where the data
/// holds none, or cases without a solution where it holds neither kind. `--beyond` lifts it.
pub fn bounds_fault(req: &Request) -> Option<String> {
    let spec = req.spec;
    if req.reach != Reach::Data
        || matches!(
            spec.mode,
            Mode::Legal | Mode::Complete | Mode::Marks | Mode::Anti | Mode::Singles | Mode::OnePass
        )
    {
        return None;
    }
    let b = req.bounds();
    let why = |kind: Kind| match spec.holds.of(kind) {
        Held::No(_, why) => format!(" ({why})"),
        _ => String::new(),
    };
    if req.mix.multiple > 0 && !b.several && spec.promise_allows(Kind::Several) {
        return Some(format!(
            "--mix: multiple={} would write cases with several solutions, which {}'s data \
             never holds{}; --beyond writes them anyway",
            req.mix.multiple,
            spec.name,
            why(Kind::Several)
        ));
    }
    if req.mix.none > 0 && !b.clash && !b.unsolvable && spec.promise_allows(Kind::Clash) {
        return Some(format!(
            "--mix: none={} would write cases without a solution, which {}'s data never \
             holds; --beyond writes them anyway",
            req.mix.none, spec.name
        ));
    }
    None
}

/// Why `--clues` leaves no unique puzzle for a core 9x9 format to make, if it does: unique
/// cases asked for with fewer givens than any unique puzzle has on a layout drawn (17 on the
/// standard boxes, 8 on a jigsaw). The generator would find out at the first case, after the
/// file's count line was written.
pub fn clues_fault(req: &Request) -> Option<String> {
    let (lo, hi) = req.clues?;
    if req.mix.unique == 0 || req.spec.core().is_none() {
        return None;
    }
    let standard = req.layout != LayoutChoice::Jigsaw;
    let fewest = super::nine::fewest_unique(standard);
    let on = if standard {
        "on the standard boxes"
    } else {
        "on a jigsaw"
    };
    (hi < fewest).then(|| {
        format!(
            "--clues {lo}-{hi}: a unique puzzle needs at least {fewest} givens {on}; widen \
             --clues or leave unique out of --mix"
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::judges::find;

    const UNIQUE: Mix = Mix {
        unique: 1,
        none: 0,
        multiple: 0,
    };

    /// Unique cases with fewer givens than any unique puzzle has on the layouts drawn are
    /// refused; so many givens, other kinds, or a format with rules of its own are let be.
    #[test]
    fn too_few_givens_for_a_unique_puzzle_are_refused() {
        let with = |name: &str, layout: LayoutChoice, clues: (usize, usize), mix: Mix| {
            let req = Request {
                layout,
                clues: Some(clues),
                mix,
                ..Request::of(find(name).unwrap(), 1)
            };
            clues_fault(&req)
        };
        let none = Mix {
            unique: 0,
            none: 1,
            multiple: 0,
        };
        let standard = LayoutChoice::Standard;
        assert_eq!(
            with("poj2676", standard, (10, 16), UNIQUE).as_deref(),
            Some(
                "--clues 10-16: a unique puzzle needs at least 17 givens on the standard boxes; \
                 widen --clues or leave unique out of --mix"
            )
        );
        assert_eq!(with("poj2676", standard, (16, 17), UNIQUE), None);
        assert_eq!(with("poj2676", standard, (5, 5), none), None);
        assert!(with("hdu4069", LayoutChoice::Mixed, (8, 16), UNIQUE).is_some());
        let jigsaw = LayoutChoice::Jigsaw;
        assert!(with("hdu4069", jigsaw, (7, 7), UNIQUE).unwrap().contains("8 givens on a jigsaw"));
        assert_eq!(with("hdu4069", jigsaw, (8, 8), UNIQUE), None);
        assert_eq!(with("codechef-j1", standard, (12, 12), UNIQUE), None);
    }

    #[test]
    fn counts_are_held_to_one_file_of_the_problem() {
        let hdu = find("hdu4069").unwrap();
        assert_eq!(count_fault(hdu, 2500), None);
        assert_eq!(
            count_fault(hdu, 2501).as_deref(),
            Some("--count 2501: a hdu4069 file holds at most 2500 cases (the problem's bound)")
        );
        assert!(count_fault(hdu, 0).unwrap().contains("at least one case"));
        let single = find("luogu-p1784").unwrap();
        assert_eq!(count_fault(single, 1), None);
        assert!(count_fault(single, 2).unwrap().contains("at most 1 case "));
        assert_eq!(count_fault(find("line").unwrap(), u64::MAX), None);
    }

    #[test]
    fn kinds_and_givens_are_held_to_the_promise() {
        let poj = find("poj2676").unwrap();
        let none = Mix { none: 1, ..UNIQUE };
        let multiple = Mix {
            multiple: 1,
            ..UNIQUE
        };
        assert!(
            promise_fault(poj, none, None, &[3])
                .unwrap()
                .contains("none=1")
        );
        assert_eq!(promise_fault(poj, multiple, None, &[3]), None);
        let line = find("line").unwrap();
        assert!(
            promise_fault(line, multiple, None, &[3])
                .unwrap()
                .contains("several solutions")
        );
        let hdu = find("hdu4069").unwrap();
        assert_eq!(promise_fault(hdu, none, Some((0, 81)), &[3]), None);
        let target = find("luogu-p1074").unwrap();
        assert_eq!(
            promise_fault(target, UNIQUE, Some((18, 30)), &[3]).as_deref(),
            Some("--clues 18-30: luogu-p1074 promises at most 57 empty cells, so 24-81 givens")
        );
        assert_eq!(promise_fault(target, UNIQUE, Some((24, 30)), &[3]), None);
        let five = find("hdu2780").unwrap();
        assert!(promise_fault(five, UNIQUE, Some((70, 76)), &[3]).is_some());
        assert_eq!(promise_fault(five, UNIQUE, Some((76, 76)), &[3]), None);
        // HDU 3111's data never holds several solutions: only --beyond writes them.
        let hdu3111 = Request {
            mix: multiple,
            ..Request::of(find("hdu3111").unwrap(), 1)
        };
        assert!(bounds_fault(&hdu3111).unwrap().contains("never holds"));
        assert_eq!(
            bounds_fault(&Request {
                reach: Reach::Promise,
                ..hdu3111
            }),
            None
        );
        // A checker makes full grids whatever the weights say.
        let full = find("atcoder-abc327c").unwrap();
        assert_eq!(promise_fault(full, multiple, Some((0, 10)), &[3]), None);
    }
}
