//! The signed-in section's integration pages as pages: the overview (the space's webhook
//! addresses and its recent audit entries), an address's page, the API keys, the members and
//! the widgets' embed code. The HTTP layer reads the data and handles what their forms send
//! (`http::section`); these pages only compose what a member sees.
//!
//! Pure: pages from the data given. Nothing here reads storage, signs a form's token or decides
//! who may act: the section's access table does, and the operation checks again.

pub mod addresses;
pub mod hook;
pub mod keys;
pub mod members;
pub mod overview;
pub mod widgets;

use super::i18n::{self, T};
use super::in_space::InSpace;

/// The graces a replaced key or secret offers (the old one keeps working), in milliseconds,
/// with their labels.
pub const GRACES: [(i64, T); 3] = [
    (0, T::GraceNow),
    (3_600_000, T::GraceHour),
    (86_400_000, T::GraceDay),
];

/// "Retry every failed one since": the choices, in milliseconds back from now (0: all).
pub const SINCE: [(i64, T); 4] = [
    (3_600_000, T::SinceHour),
    (86_400_000, T::SinceDay),
    (7 * 86_400_000, T::SinceWeek),
    (0, T::SinceEver),
];

/// A moment in the reader's language, or a dash for none.
fn when(view: &InSpace<'_>, at: Option<i64>) -> String {
    at.map_or_else(|| "—".to_owned(), |ms| i18n::date_time(view.locale(), ms))
}

/// A table's column heads in the reader's language.
fn heads(view: &InSpace<'_>, heads: &[T]) -> Vec<String> {
    heads.iter().map(|h| view.t(*h).into()).collect()
}
