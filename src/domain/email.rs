//! Email addresses as players give them on the portal: checked for a plausible shape (one `@`, a
//! local part, a domain of dotted labels), not for deliverability, and compared without case.
//! Pure: nothing is ever sent to an address.

use std::fmt;

/// The longest address accepted, in bytes (RFC 5321's limit on a path).
pub const MAX_LEN: usize = 254;

/// A checked address, trimmed as given.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Email(String);

#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum InvalidEmail {
    #[error("must not be blank")]
    Blank,
    #[error("is longer than {MAX_LEN} characters")]
    TooLong,
    #[error("is not an email address such as name@example.org")]
    Malformed,
}

impl Email {
    pub fn parse(text: &str) -> Result<Email, InvalidEmail> {
        let text = text.trim();
        if text.is_empty() {
            return Err(InvalidEmail::Blank);
        }
        if text.len() > MAX_LEN {
            return Err(InvalidEmail::TooLong);
        }
        let (local, domain) = text.rsplit_once('@').ok_or(InvalidEmail::Malformed)?;
        let local_ok = !local.is_empty()
            && local.len() <= 64
            && !local.starts_with('.')
            && !local.ends_with('.')
            && !local.contains("..")
            && local
                .chars()
                .all(|c| c.is_alphanumeric() || "!#$%&'*+-/=?^_`{|}~.".contains(c));
        let labels: Vec<&str> = domain.split('.').collect();
        let domain_ok = labels.len() >= 2
            && labels.iter().all(|label| {
                !label.is_empty()
                    && label.len() <= 63
                    && !label.starts_with('-')
                    && !label.ends_with('-')
                    && label.chars().all(|c| c.is_alphanumeric() || c == '-')
            });
        if local_ok && domain_ok {
            Ok(Email(text.to_owned()))
        } else {
            Err(InvalidEmail::Malformed)
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// What two addresses must not share in one tournament: the address without case.
    pub fn key(&self) -> String {
        self.0.to_lowercase()
    }
}

impl fmt::Display for Email {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_plausible_addresses() {
        for good in [
            "anna@example.org",
            " Anna.K+cup@Mail.Example.ORG ",
            "иван@почта.рф",
            "o'brien@example.co.uk",
        ] {
            assert!(Email::parse(good).is_ok(), "{good}");
        }
        assert_eq!(
            Email::parse(" Anna@Example.org ").unwrap().key(),
            "anna@example.org"
        );
    }

    #[test]
    fn refuses_what_is_not_an_address() {
        for bad in [
            "",
            "anna",
            "anna@",
            "@example.org",
            "anna@localhost",
            "anna@example..org",
            "an na@example.org",
            "anna@exa mple.org",
            "anna@-example.org",
            ".anna@example.org",
            "a..b@example.org",
            "<anna@example.org>",
            "anna@example.org; bcc@example.org",
        ] {
            assert!(Email::parse(bad).is_err(), "{bad:?}");
        }
        assert_eq!(
            Email::parse(&format!("{}@example.org", "a".repeat(250))),
            Err(InvalidEmail::TooLong)
        );
    }
}
