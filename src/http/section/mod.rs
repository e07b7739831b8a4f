//! The space's signed-in section over HTTP: signing in and out and the account page
//! (docs/section.md), a space's "API, webhooks and widgets" (keys, webhook addresses, widgets,
//! the audit log) and members, and the organiser's desk (docs/desk.md). Routes sit under the
//! portal's locale: `/<locale>/sign-in`, `/<locale>/organizer/<space>/…`.
//!
//! One shape for every request (`dispatch`, `pipeline`): the routes' one table names each path,
//! its methods and the duty a member's role must hold (`routes`); the session (`session`), the
//! space's scope and the route's duty are checked once; a post's body is checked (Fetch-Metadata,
//! size, the form token bound to the session and the form's path) and decoded once into fields,
//! which the handler reads into a typed form (`forms`); the handler calls the same service
//! operation as the shell, with the member as its actor and scope; and one table turns what the
//! operation answered into a status and the page shown (`pipeline`). Handlers are one per
//! thing a member works on, and keep only their actions; the desk's pages are composed in
//! `pages::desk`. Pages are never cached or framed; secrets are shown on the one answer that
//! made them and never logged (the request log shows a sign-in link's path without its token).

mod desk;
mod dispatch;
mod forms;
mod hooks;
mod keys;
mod matches;
mod members;
mod new_tournament;
mod overview;
mod pipeline;
mod registrations;
mod room;
mod routes;
mod session;
mod settings;
mod sign_in;
mod stages;
mod stations;
mod widgets;

pub use dispatch::handle;
pub use routes::{Route, loggable, parse};
