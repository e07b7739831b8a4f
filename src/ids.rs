//! Public identifiers: the integer primary keys of the database shown with a type prefix
//! (`spc_1`, `trn_7`, `evt_42`), so an id read in a log or a webhook says what it names.
//!
//! This module only formats and parses; it never looks anything up.

/// The kinds of record that have a public id, with their prefixes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Space,
    ApiKey,
    Tournament,
    Participant,
    Registration,
    Stage,
    Match,
    Event,
    Hook,
    Delivery,
}

impl Kind {
    pub const fn prefix(self) -> &'static str {
        match self {
            Kind::Space => "spc",
            Kind::ApiKey => "key",
            Kind::Tournament => "trn",
            Kind::Participant => "par",
            Kind::Registration => "reg",
            Kind::Stage => "stg",
            Kind::Match => "mat",
            Kind::Event => "evt",
            Kind::Hook => "hook",
            Kind::Delivery => "dlv",
        }
    }
}

/// `format(Kind::Event, 42)` is `evt_42`.
pub fn format(kind: Kind, id: i64) -> String {
    format!("{}_{id}", kind.prefix())
}

/// Parses `evt_42` (or a bare `42`) as an id of `kind`; `None` for anything else.
pub fn parse(kind: Kind, text: &str) -> Option<i64> {
    let digits = match text.split_once('_') {
        Some((prefix, digits)) if prefix == kind.prefix() => digits,
        Some(_) => return None,
        None => text,
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse::<i64>().ok().filter(|id| *id > 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_and_parses() {
        assert_eq!(format(Kind::Event, 42), "evt_42");
        assert_eq!(parse(Kind::Event, "evt_42"), Some(42));
        assert_eq!(parse(Kind::Match, "17"), Some(17));
    }

    #[test]
    fn refuses_other_kinds_and_junk() {
        for bad in [
            "trn_42",
            "evt_",
            "evt_-1",
            "evt_0",
            "evt_4x",
            "",
            "evt_99999999999999999999",
        ] {
            assert_eq!(parse(Kind::Event, bad), None, "{bad}");
        }
    }
}
