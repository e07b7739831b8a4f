//! Scores as organisers type them: `A-B`, whole numbers.

/// The highest score either side may have.
pub const MAX_SCORE: u32 = 9999;

/// Parses `2-1` into `(2, 1)`.
pub fn parse(text: &str) -> Result<(u32, u32), InvalidScore> {
    let invalid = || InvalidScore(text.to_owned());
    let (a, b) = text.split_once('-').ok_or_else(invalid)?;
    let number = |part: &str| {
        if part.is_empty() || part.len() > 4 || !part.bytes().all(|b| b.is_ascii_digit()) {
            return Err(invalid());
        }
        part.parse::<u32>().map_err(|_| invalid())
    };
    Ok((number(a.trim())?, number(b.trim())?))
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a score: write it as A-B with whole numbers from 0 to 9999, such as 2-1")]
pub struct InvalidScore(pub String);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_scores() {
        assert_eq!(parse("2-1"), Ok((2, 1)));
        assert_eq!(parse("0-0"), Ok((0, 0)));
        assert_eq!(parse(" 10 - 9 "), Ok((10, 9)));
    }

    #[test]
    fn refuses_anything_else() {
        for bad in [
            "", "2", "2:1", "-1-2", "2-", "a-b", "2-1-0", "10000-1", "+2-1", "1.5-0",
        ] {
            assert!(parse(bad).is_err(), "{bad}");
        }
    }
}
