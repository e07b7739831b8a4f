//! Free text that people type and others read: names of spaces, tournaments, games, participants.

use unicode_normalization::UnicodeNormalization;

/// The longest display name of a space, tournament or key, in characters.
pub const NAME_MAX_CHARS: usize = 200;
/// The longest name a participant registers under, in characters.
pub const PARTICIPANT_NAME_MAX_CHARS: usize = 64;
/// The longest game identifier, in characters.
pub const GAME_MAX_CHARS: usize = 64;
/// The longest description, in characters.
pub const DESCRIPTION_MAX_CHARS: usize = 10_000;

/// Checks a one-line text: not blank, at most `max_chars` characters, no control characters.
/// Returns it without surrounding whitespace.
pub fn one_line(text: &str, max_chars: usize) -> Result<&str, InvalidText> {
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return Err(InvalidText::Blank);
    }
    let chars = trimmed.chars().count();
    if chars > max_chars {
        return Err(InvalidText::TooLong { chars, max_chars });
    }
    if trimmed.chars().any(char::is_control) {
        return Err(InvalidText::ControlCharacter);
    }
    Ok(trimmed)
}

/// Checks a participant's display name: a one-line text of at most
/// [`PARTICIPANT_NAME_MAX_CHARS`] characters, without the characters that reorder text around
/// them (bidirectional embeddings, overrides, isolates and marks), which could make a name read as
/// another in a bracket, and without invisible characters (zero-width spaces, word joiners,
/// fillers), which would let one name be registered again looking the same. The joiners and
/// variation selectors that scripts and emoji are written with are kept. Returns it trimmed.
pub fn participant_name(text: &str) -> Result<&str, InvalidText> {
    let name = one_line(text, PARTICIPANT_NAME_MAX_CHARS)?;
    if name.chars().any(is_bidi_control) {
        return Err(InvalidText::BidiControl);
    }
    if name
        .chars()
        .any(|c| is_default_ignorable(c) && !is_part_of_writing(c))
    {
        return Err(InvalidText::Invisible);
    }
    if name
        .chars()
        .all(|c| c.is_whitespace() || is_default_ignorable(c))
    {
        return Err(InvalidText::Blank);
    }
    Ok(name)
}

fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{200E}' | '\u{200F}' | '\u{061C}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// Unicode's `Default_Ignorable_Code_Point`: characters that are drawn as nothing at all.
fn is_default_ignorable(c: char) -> bool {
    matches!(c,
        '\u{00AD}' | '\u{034F}' | '\u{061C}' | '\u{115F}' | '\u{1160}' | '\u{17B4}' | '\u{17B5}'
        | '\u{180B}'..='\u{180F}' | '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}'
        | '\u{2060}'..='\u{206F}' | '\u{3164}' | '\u{FE00}'..='\u{FE0F}' | '\u{FEFF}'
        | '\u{FFA0}' | '\u{FFF0}'..='\u{FFF8}' | '\u{1BCA0}'..='\u{1BCA3}'
        | '\u{1D173}'..='\u{1D17A}' | '\u{E0000}'..='\u{E0FFF}')
}

/// The invisible characters that are part of how text is written: the zero-width (non-)joiner
/// (Persian, Indic scripts, emoji sequences), variation selectors (emoji and text styles) and
/// the tags of subdivision flags.
fn is_part_of_writing(c: char) -> bool {
    matches!(c, '\u{200C}' | '\u{200D}' | '\u{FE00}'..='\u{FE0F}' | '\u{E0020}'..='\u{E007F}' | '\u{E0100}'..='\u{E01EF}')
}

/// What two names must not share in one tournament's field: the same text once Unicode
/// compatibility forms are folded (NFKC), case is ignored, invisible characters are left out and
/// every run of spaces is one space, so `Anna K`, `ANNA  K`, `Ａｎｎａ K` and `Anna\u{200D} K` are
/// one name. Registration, withdrawal by name and the shell all compare names by it.
pub fn name_key(name: &str) -> String {
    let folded: String = name
        .nfkc()
        .flat_map(char::to_lowercase)
        .collect::<String>()
        .nfkc()
        .filter(|&c| !is_default_ignorable(c))
        .collect();
    folded.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Checks a multi-line text: at most `max_chars` characters, no control characters but newlines
/// and tabs.
pub fn multi_line(text: &str, max_chars: usize) -> Result<&str, InvalidText> {
    let chars = text.chars().count();
    if chars > max_chars {
        return Err(InvalidText::TooLong { chars, max_chars });
    }
    if text
        .chars()
        .any(|c| c.is_control() && !matches!(c, '\n' | '\r' | '\t'))
    {
        return Err(InvalidText::ControlCharacter);
    }
    Ok(text)
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum InvalidText {
    #[error("must not be blank")]
    Blank,
    #[error("is {chars} characters long; at most {max_chars} are allowed")]
    TooLong { chars: usize, max_chars: usize },
    #[error("must not contain control characters")]
    ControlCharacter,
    #[error("must not contain characters that change the direction of text")]
    BidiControl,
    #[error("must not contain invisible characters (zero-width spaces, word joiners, fillers)")]
    Invisible,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_names_in_any_script() {
        assert_eq!(
            one_line("  Кубок Казани  ", NAME_MAX_CHARS),
            Ok("Кубок Казани")
        );
    }

    #[test]
    fn refuses_blank_long_and_control() {
        assert_eq!(one_line("   ", 10), Err(InvalidText::Blank));
        assert_eq!(
            one_line("абвгдежзийк", 10),
            Err(InvalidText::TooLong {
                chars: 11,
                max_chars: 10
            })
        );
        assert_eq!(one_line("a\u{7}b", 10), Err(InvalidText::ControlCharacter));
        assert_eq!(one_line("a\nb", 10), Err(InvalidText::ControlCharacter));
        assert_eq!(multi_line("a\nb", 10), Ok("a\nb"));
    }

    #[test]
    fn participant_names_are_short_and_read_as_written() {
        assert_eq!(participant_name(" Анна "), Ok("Анна"));
        assert_eq!(
            participant_name(&"x".repeat(64)),
            Ok("x".repeat(64).as_str())
        );
        assert!(matches!(
            participant_name(&"x".repeat(65)),
            Err(InvalidText::TooLong { chars: 65, .. })
        ));
        assert_eq!(
            participant_name("Eve\u{202E}nimda"),
            Err(InvalidText::BidiControl)
        );
        assert_eq!(
            participant_name("Eve\u{2067}x"),
            Err(InvalidText::BidiControl)
        );
    }

    #[test]
    fn name_keys_ignore_case_and_compatibility_forms() {
        assert_eq!(name_key("Anna"), name_key("ANNA"));
        assert_eq!(name_key("Anna"), name_key("Ａｎｎａ"));
        assert_eq!(name_key("Ёлкин"), name_key("ЁЛКИН"));
        assert_eq!(
            name_key("e\u{301}"),
            name_key("\u{e9}"),
            "composed and decomposed é"
        );
        assert_ne!(name_key("Anna"), name_key("Anne"));
    }

    #[test]
    fn name_keys_ignore_invisible_characters_and_runs_of_spaces() {
        let anna = name_key("Anna Kuznetsova");
        assert_eq!(name_key("Anna  Kuznetsova"), anna);
        assert_eq!(name_key("Anna\u{00A0}Kuznetsova"), anna, "a no-break space");
        assert_eq!(
            name_key("Anna\u{200B} Kuznetsova"),
            anna,
            "a zero-width space"
        );
        assert_eq!(name_key("An\u{2060}na Kuznetsova"), anna, "a word joiner");
        assert_eq!(
            name_key("Anna\u{200D} Kuznetsova"),
            anna,
            "a zero-width joiner"
        );
        assert_eq!(
            name_key("Anna\u{FE0F} Kuznetsova"),
            anna,
            "a variation selector"
        );
        assert_ne!(name_key("AnnaKuznetsova"), anna);
    }

    #[test]
    fn participant_names_refuse_invisible_characters_but_keep_joiners() {
        for invisible in [
            '\u{200B}', '\u{2060}', '\u{FEFF}', '\u{00AD}', '\u{3164}', '\u{115F}',
        ] {
            assert_eq!(
                participant_name(&format!("Anna{invisible} Kuznetsova")),
                Err(InvalidText::Invisible),
                "U+{:04X}",
                u32::from(invisible)
            );
        }
        assert_eq!(
            participant_name("Anna\u{200E}"),
            Err(InvalidText::BidiControl)
        );
        assert_eq!(participant_name("\u{3164}"), Err(InvalidText::Invisible));
        // A family emoji, a Persian name with a zero-width non-joiner, a red heart.
        for name in [
            "👨\u{200D}👩\u{200D}👧",
            "می\u{200C}خواهم",
            "Anna \u{2764}\u{FE0F}",
        ] {
            assert_eq!(participant_name(name), Ok(name));
        }
        assert_eq!(
            participant_name("\u{200D}\u{FE0F}"),
            Err(InvalidText::Blank)
        );
    }
}
