//! The sample's picture for the statement: the sample's cases drawn as `show -o` draws them
//! (one SVG, the cases one under another), and that image rasterised to PNG by resvg, because
//! the statement is LaTeX and pdflatex (problemtools' problem2pdf) takes PNG, not SVG;
//! problem2html copies the PNG beside the HTML.

use crate::draw::{Picture, mark, svg};
use crate::format::read_all;
use crate::format::spec::Spec;

/// The picture's file names in the statement's folder.
pub const SVG: &str = "sample.svg";
pub const PNG: &str = "sample.png";

/// The sample's picture as SVG and as PNG.
pub struct SamplePicture {
    pub svg: String,
    pub png: Vec<u8>,
    /// Cases drawn.
    pub cases: usize,
}

/// Draws the cases of `spec`'s sample; `Err` when the sample cannot be read or drawn.
pub fn sample(spec: &'static Spec) -> Result<SamplePicture, String> {
    let file = spec.sample.0.as_bytes();
    let cases = read_all(spec, file).map_err(|e| e.to_string())?;
    let pictures: Vec<Picture> = cases
        .iter()
        .zip(1..)
        .map(|(c, k)| mark::picture(spec, k, c, None, None))
        .collect();
    let svg = svg::render(&pictures);
    let png = rasterise(&svg)?;
    Ok(SamplePicture {
        svg,
        png,
        cases: pictures.len(),
    })
}

/// The PNG of an SVG image, at one pixel per SVG unit.
fn rasterise(svg: &str) -> Result<Vec<u8>, String> {
    use resvg::tiny_skia::{Pixmap, Transform};
    let tree = resvg::usvg::Tree::from_str(svg, &resvg::usvg::Options::default())
        .map_err(|e| format!("the sample's picture: {e}"))?;
    let size = tree.size().to_int_size();
    let mut pixmap = Pixmap::new(size.width(), size.height())
        .ok_or_else(|| "the sample's picture has no size".to_string())?;
    resvg::render(&tree, Transform::default(), &mut pixmap.as_mut());
    pixmap
        .encode_png()
        .map_err(|e| format!("the sample's picture: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::judges::find;

    #[test]
    fn hdu4069s_sample_is_three_jigsaw_grids() {
        let p = sample(find("hdu4069").unwrap()).unwrap();
        assert_eq!(p.cases, 3);
        assert_eq!(p.svg.matches("jigsaw").count(), 3);
        assert!(p.png.starts_with(b"\x89PNG\r\n\x1a\n"));
        let png = resvg::tiny_skia::Pixmap::decode_png(&p.png).unwrap();
        assert_eq!(
            (png.width(), png.height()),
            (
                (2 * svg::MARGIN + 9 * svg::CELL) as u32,
                (svg::MARGIN + 3 * (svg::TITLE + 9 * svg::CELL + svg::MARGIN)) as u32
            )
        );
    }
}
