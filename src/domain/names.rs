//! Free text that people type and others read: names of spaces, tournaments, games, participants.

/// The longest display name, in characters.
pub const NAME_MAX_CHARS: usize = 200;
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
}
