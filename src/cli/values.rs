//! The closed vocabularies the command line takes (locales, formats, statuses, sides, event
//! types) as clap value enums: each value is parsed once, here, and help, completions and man
//! pages list the possible values from the vocabulary itself.

use clap::ValueEnum;
use clap::builder::PossibleValue;

use crate::domain::{EventType, Format, Locale, Side, TournamentStatus};

macro_rules! value_enum {
    ($($vocabulary:ty),+) => {$(
        impl ValueEnum for $vocabulary {
            fn value_variants<'a>() -> &'a [Self] {
                <$vocabulary>::ALL
            }

            fn to_possible_value(&self) -> Option<PossibleValue> {
                Some(PossibleValue::new(self.as_str()))
            }
        }
    )+};
}

value_enum!(Locale, Format, TournamentStatus, Side, EventType);
