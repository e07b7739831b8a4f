//! Reading pages as a person would: their visible text, and whether a Russian page holds any of
//! the interface's English.

use tourney::pages::i18n::T;

/// The English UI strings that must never appear on a Russian page (placeholders cut out;
/// one- and two-letter abbreviations are too short to tell apart from data).
pub fn english_fragments() -> Vec<&'static str> {
    T::ALL
        .iter()
        .flat_map(|t| t.en().split("{n}"))
        .map(str::trim)
        .filter(|f| f.len() > 2)
        .collect()
}

/// What a reader sees: the page without its scripts and tags (class names are not text).
pub fn visible_text(html: &str) -> String {
    let mut without_script = String::new();
    let mut rest = html;
    while let Some(from) = rest.find("<script") {
        without_script.push_str(&rest[..from]);
        rest = rest[from..]
            .find("</script>")
            .map_or("", |to| &rest[from + to..]);
    }
    without_script.push_str(rest);
    let mut text = String::new();
    let mut in_tag = false;
    for c in without_script.chars() {
        match c {
            '<' => in_tag = true,
            '>' => {
                in_tag = false;
                text.push(' ');
            }
            c if !in_tag => text.push(c),
            _ => {}
        }
    }
    text
}

pub fn assert_translated(path: &str, html: &str) {
    let text = visible_text(html);
    for fragment in english_fragments() {
        assert!(
            !text.contains(fragment),
            "{path} contains the English '{fragment}'"
        );
    }
}
