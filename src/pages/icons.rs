//! The site's icon as browsers and phones ask for it: the SVG and the ICO as shipped in
//! `templates/icons`, and the 180×180 PNG a phone puts on its home screen
//! (`/apple-touch-icon.png`), drawn from the SVG by resvg once, when first asked for. It draws
//! only the shipped SVG, never anything a request brings.

use std::sync::LazyLock;

use resvg::{tiny_skia, usvg};

pub const FAVICON_ICO: &[u8] = include_bytes!("../../templates/icons/favicon.ico");
pub const FAVICON_SVG: &[u8] = include_bytes!("../../templates/icons/favicon.svg");

/// The touch icon's side, in pixels.
const TOUCH_SIDE: u32 = 180;

/// The icon as a 180×180 PNG on an opaque background (phones round the corners themselves);
/// `None` if it could not be drawn, which the unit test below rules out for the shipped SVG.
pub fn touch_icon() -> Option<&'static [u8]> {
    static DRAWN: LazyLock<Option<Vec<u8>>> = LazyLock::new(draw_touch_icon);
    DRAWN.as_deref()
}

fn draw_touch_icon() -> Option<Vec<u8>> {
    let tree = usvg::Tree::from_data(FAVICON_SVG, &usvg::Options::default()).ok()?;
    let mut pixmap = tiny_skia::Pixmap::new(TOUCH_SIDE, TOUCH_SIDE)?;
    // The icon's own blue behind its rounded corners.
    pixmap.fill(tiny_skia::Color::from_rgba8(0x1e, 0x40, 0xaf, 0xff));
    let scale = TOUCH_SIDE as f32 / tree.size().width();
    resvg::render(
        &tree,
        tiny_skia::Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    pixmap.encode_png().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_touch_icon_is_a_180_pixel_png() {
        let png = touch_icon().expect("the shipped icon draws");
        assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
        assert_eq!(&png[16..24], &[0, 0, 0, 180, 0, 0, 0, 180]);
    }
}
