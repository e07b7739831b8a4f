//! Slugs: the short names in paths (`/tournaments/{slug}`, `/organizer/{space}`).

use std::fmt;

/// Lowercase ASCII letters and digits in words joined by single hyphens, 2 to 64 characters.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Slug(String);

pub const MIN_LEN: usize = 2;
pub const MAX_LEN: usize = 64;

impl Slug {
    pub fn parse(text: &str) -> Result<Slug, InvalidSlug> {
        let words_ok = text.split('-').all(|word| {
            !word.is_empty()
                && word
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
        });
        if (MIN_LEN..=MAX_LEN).contains(&text.len()) && words_ok {
            Ok(Slug(text.to_owned()))
        } else {
            Err(InvalidSlug(text.to_owned()))
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Slug {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl<'de> serde::Deserialize<'de> for Slug {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        Slug::parse(&text).map_err(serde::de::Error::custom)
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "'{0}' is not a valid slug: use 2 to 64 lowercase letters (a-z) and digits, in words joined by single hyphens, such as spring-open-2026"
)]
pub struct InvalidSlug(pub String);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_lowercase_words() {
        for good in ["ab", "spring-open-2026", "x1", &"a".repeat(64)] {
            assert!(Slug::parse(good).is_ok(), "{good}");
        }
    }

    #[test]
    fn refuses_everything_else() {
        for bad in [
            "",
            "a",
            "Spring",
            "spring_open",
            "-spring",
            "spring-",
            "a--b",
            "весна",
            "a b",
            "a/b",
            &"a".repeat(65),
        ] {
            assert!(Slug::parse(bad).is_err(), "{bad}");
        }
    }
}
