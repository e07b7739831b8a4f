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
/// them (bidirectional embeddings, overrides and isolates), which could make a name read as
/// another in a bracket. Returns it trimmed.
pub fn participant_name(text: &str) -> Result<&str, InvalidText> {
    let name = one_line(text, PARTICIPANT_NAME_MAX_CHARS)?;
    if name.chars().any(is_bidi_control) {
        return Err(InvalidText::BidiControl);
    }
    Ok(name)
}

fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// What two names must not share in one tournament's field: the same text once Unicode
/// compatibility forms are folded (NFKC) and case is ignored, so `Anna`, `ANNA` and `Ａｎｎａ`
/// are one name.
pub fn name_key(name: &str) -> String {
    name.nfkc()
        .flat_map(char::to_lowercase)
        .collect::<String>()
        .nfkc()
        .collect()
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
}
