//! The section's routes and who may use them: the one table of each path, its methods, and the
//! duty a member's role must hold for each (`domain::access`). Nothing else in the section
//! decides who may; pages ask the same duties before they offer a form.
//!
//! Pure: paths in, routes out.

use warp::http::Method;

use crate::domain::access::Duty;
use crate::domain::{Locale, Side};

/// A section path (after the locale).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Route<'a> {
    SignIn,
    Link { token: &'a str },
    SignOut,
    Account,
    Password,
    SignOutOthers,
    Space { space: &'a str, part: Part<'a> },
}

/// A page or form of one space.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part<'a> {
    /// The section "API, webhooks and widgets": its overview with the webhook addresses and
    /// the audit log.
    Overview,
    Keys,
    Key {
        key: &'a str,
        action: KeyAction,
    },
    Hooks,
    Hook {
        hook: &'a str,
    },
    HookAction {
        hook: &'a str,
        action: HookAction,
    },
    RetryDelivery {
        hook: &'a str,
        delivery: &'a str,
    },
    Widgets,
    Members,
    Member {
        person: &'a str,
        action: MemberAction,
    },
    /// The space's stations (a post adds some).
    Stations,
    /// Where the space's tournaments are played (a post sets it; its form is on Stations).
    Place,
    Station {
        station: &'a str,
        action: StationAction,
    },
    /// The desk: the space's tournaments (a post creates one).
    Tournaments,
    NewTournament,
    Tournament {
        slug: &'a str,
        page: Desk<'a>,
    },
}

/// A page or form of one tournament's desk.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Desk<'a> {
    Page,
    Step,
    Cancel,
    ApplyCheckIn,
    Settings,
    /// The field (a post adds a player).
    Registrations,
    Seeds,
    CheckIn {
        who: &'a str,
    },
    Withdraw {
        who: &'a str,
    },
    /// A new private page link for a registrant.
    PlayerLink {
        who: &'a str,
    },
    Matches,
    Report {
        game: &'a str,
    },
    Correct {
        game: &'a str,
    },
    /// A post adds a stage.
    Stages,
    StageRemove,
    StageSeeds {
        number: &'a str,
    },
    /// The event stream its pages follow.
    Live,
    /// The room: the tournament's stations and calls.
    Room,
    /// Call next to a station, or call a waiting match now.
    RoomCall,
    RoomAct {
        game: &'a str,
        act: RoomAct,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeyAction {
    Revoke,
    Roll,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HookAction {
    Test,
    Secret,
    SignatureHeaders,
    Retry,
    Disable,
    Enable,
    Remove,
}

/// What a station's button does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StationAction {
    Pause,
    Resume,
    Remove,
}

/// What a button on a called match does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RoomAct {
    Start,
    Uncall,
    Forfeit(Side),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MemberAction {
    Role,
    Remove,
}

/// Who may use a route, by method: the duty a GET (and HEAD) needs and the duty a POST needs;
/// `None`: the method is not allowed there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Access {
    pub get: Option<Duty>,
    pub post: Option<Duty>,
    /// A GET that answers an event stream: no HEAD.
    pub stream: bool,
}

const fn page(duty: Duty) -> Access {
    Access {
        get: Some(duty),
        post: None,
        stream: false,
    }
}

const fn form(duty: Duty) -> Access {
    Access {
        get: None,
        post: Some(duty),
        stream: false,
    }
}

const fn both(get: Duty, post: Duty) -> Access {
    Access {
        get: Some(get),
        post: Some(post),
        stream: false,
    }
}

/// The one table of who may use what in a space.
pub fn access(part: Part<'_>) -> Access {
    use Duty::{Desk as Read, Integrations, Members, Organise, Results};
    match part {
        Part::Overview | Part::Hook { .. } | Part::Widgets => page(Integrations),
        Part::Keys => both(Integrations, Integrations),
        Part::Key { .. } | Part::Hooks | Part::HookAction { .. } | Part::RetryDelivery { .. } => {
            form(Integrations)
        }
        Part::Members => both(Members, Members),
        Part::Member { .. } => form(Members),
        Part::Tournaments => both(Read, Organise),
        Part::Stations => both(Read, Organise),
        Part::Station { .. } | Part::Place => form(Organise),
        Part::NewTournament => page(Organise),
        Part::Tournament { page: desk, .. } => match desk {
            Desk::Page | Desk::Matches | Desk::Room => page(Read),
            Desk::RoomCall | Desk::RoomAct { .. } => form(Results),
            Desk::Live => Access {
                stream: true,
                ..page(Read)
            },
            Desk::Registrations => both(Read, Organise),
            Desk::Settings => both(Organise, Organise),
            Desk::Correct { .. } => both(Results, Results),
            Desk::Report { .. } | Desk::CheckIn { .. } | Desk::PlayerLink { .. } => form(Results),
            Desk::Step
            | Desk::Cancel
            | Desk::ApplyCheckIn
            | Desk::Seeds
            | Desk::Withdraw { .. }
            | Desk::Stages
            | Desk::StageRemove
            | Desk::StageSeeds { .. } => form(Organise),
        },
    }
}

/// The page a form of `part` is on (a path of the space), where a GET of the form's own
/// address leads (the address bar after a refused post, a reload, a bookmark); `None` when
/// `part` is a page itself.
pub fn page_of(part: Part<'_>) -> Option<String> {
    Some(match part {
        Part::Key { .. } => "integrations/keys".into(),
        Part::Hooks => "integrations".into(),
        Part::HookAction { hook, .. } | Part::RetryDelivery { hook, .. } => {
            format!("integrations/hooks/{hook}")
        }
        Part::Member { .. } => "members".into(),
        Part::Station { .. } | Part::Place => "stations".into(),
        Part::Tournament { slug, page } => match page {
            Desk::Step
            | Desk::Cancel
            | Desk::ApplyCheckIn
            | Desk::Stages
            | Desk::StageRemove
            | Desk::StageSeeds { .. } => format!("tournaments/{slug}"),
            Desk::Seeds
            | Desk::CheckIn { .. }
            | Desk::Withdraw { .. }
            | Desk::PlayerLink { .. } => format!("tournaments/{slug}/registrations"),
            Desk::Report { .. } => format!("tournaments/{slug}/matches"),
            Desk::RoomCall | Desk::RoomAct { .. } => format!("tournaments/{slug}/room"),
            _ => return None,
        },
        _ => return None,
    })
}

/// The methods a route answers, for `Allow`; signing in and the account need no duty.
pub fn methods(route: Route<'_>) -> &'static [Method] {
    const GET: &[Method] = &[Method::GET, Method::HEAD];
    const POST: &[Method] = &[Method::POST];
    const ALL: &[Method] = &[Method::GET, Method::HEAD, Method::POST];
    match route {
        Route::SignIn | Route::Link { .. } => ALL,
        Route::SignOut | Route::Password | Route::SignOutOthers => POST,
        Route::Account => GET,
        Route::Space { part, .. } => match access(part) {
            Access { stream: true, .. } => &[Method::GET],
            Access {
                get: Some(_),
                post: Some(_),
                ..
            } => ALL,
            Access { get: Some(_), .. } => GET,
            _ => POST,
        },
    }
}

/// The duty `method` needs on `part` (`None`: not allowed).
pub fn duty(part: Part<'_>, method: &Method) -> Option<Duty> {
    let access = access(part);
    match *method {
        Method::POST => access.post,
        Method::HEAD if access.stream => None,
        Method::GET | Method::HEAD => access.get,
        _ => None,
    }
}

/// The section's route of a path's parts after the locale, if it is one.
pub fn parse<'a>(parts: &[&'a str]) -> Option<Route<'a>> {
    let named = |text: &&str| !text.is_empty();
    let space = |space: &'a str, part: Part<'a>| Some(Route::Space { space, part });
    match *parts {
        ["sign-in"] => Some(Route::SignIn),
        ["sign-in", token] if named(&token) => Some(Route::Link { token }),
        ["sign-out"] => Some(Route::SignOut),
        ["account"] => Some(Route::Account),
        ["account", "password"] => Some(Route::Password),
        ["account", "sign-out-others"] => Some(Route::SignOutOthers),
        ["organizer", s, "members"] if named(&s) => space(s, Part::Members),
        ["organizer", s, "members", person, action] if named(&s) => {
            let action = match action {
                "role" => MemberAction::Role,
                "remove" => MemberAction::Remove,
                _ => return None,
            };
            space(s, Part::Member { person, action })
        }
        ["organizer", s, "stations"] if named(&s) => space(s, Part::Stations),
        ["organizer", s, "place"] if named(&s) => space(s, Part::Place),
        ["organizer", s, "stations", station, action] if named(&s) && named(&station) => {
            let action = match action {
                "pause" => StationAction::Pause,
                "resume" => StationAction::Resume,
                "remove" => StationAction::Remove,
                _ => return None,
            };
            space(s, Part::Station { station, action })
        }
        ["organizer", s, "tournaments"] if named(&s) => space(s, Part::Tournaments),
        ["organizer", s, "tournaments", "new"] if named(&s) => space(s, Part::NewTournament),
        ["organizer", s, "tournaments", slug, ref rest @ ..] if named(&s) && named(&slug) => {
            let page = desk(rest)?;
            space(s, Part::Tournament { slug, page })
        }
        ["organizer", s, "integrations", ref rest @ ..] if named(&s) => {
            space(s, integrations(rest)?)
        }
        _ => None,
    }
}

/// A tournament desk's page from the parts after its slug.
fn desk<'a>(rest: &[&'a str]) -> Option<Desk<'a>> {
    Some(match *rest {
        [] => Desk::Page,
        ["step"] => Desk::Step,
        ["cancel"] => Desk::Cancel,
        ["apply-check-in"] => Desk::ApplyCheckIn,
        ["settings"] => Desk::Settings,
        ["registrations"] => Desk::Registrations,
        ["seeds"] => Desk::Seeds,
        ["registrations", who, "check-in"] => Desk::CheckIn { who },
        ["registrations", who, "withdraw"] => Desk::Withdraw { who },
        ["registrations", who, "link"] => Desk::PlayerLink { who },
        ["matches"] => Desk::Matches,
        ["matches", game, "report"] => Desk::Report { game },
        ["matches", game, "correct"] => Desk::Correct { game },
        ["stages"] => Desk::Stages,
        ["stages", "remove"] => Desk::StageRemove,
        ["stages", number, "seeds"] => Desk::StageSeeds { number },
        ["live"] => Desk::Live,
        ["room"] => Desk::Room,
        ["room", "call"] => Desk::RoomCall,
        ["room", game, act] => Desk::RoomAct {
            game,
            act: match act {
                "start" => RoomAct::Start,
                "uncall" => RoomAct::Uncall,
                "forfeit-a" => RoomAct::Forfeit(Side::A),
                "forfeit-b" => RoomAct::Forfeit(Side::B),
                _ => return None,
            },
        },
        _ => return None,
    })
}

fn integrations<'a>(rest: &[&'a str]) -> Option<Part<'a>> {
    Some(match *rest {
        [] => Part::Overview,
        ["keys"] => Part::Keys,
        ["keys", key, action] => Part::Key {
            key,
            action: match action {
                "revoke" => KeyAction::Revoke,
                "roll" => KeyAction::Roll,
                _ => return None,
            },
        },
        ["hooks"] => Part::Hooks,
        ["hooks", hook] => Part::Hook { hook },
        ["hooks", hook, "deliveries", delivery, "retry"] => Part::RetryDelivery { hook, delivery },
        ["hooks", hook, action] => Part::HookAction {
            hook,
            action: match action {
                "test" => HookAction::Test,
                "secret" => HookAction::Secret,
                "signature-headers" => HookAction::SignatureHeaders,
                "retry" => HookAction::Retry,
                "disable" => HookAction::Disable,
                "enable" => HookAction::Enable,
                "remove" => HookAction::Remove,
                _ => return None,
            },
        },
        ["widgets"] => Part::Widgets,
        _ => return None,
    })
}

/// The path as the request log may show it: a sign-in link's token is cut out.
pub fn loggable(locale: Locale, route: Route<'_>) -> Option<String> {
    match route {
        Route::Link { .. } => Some(format!("/{locale}/sign-in/…")),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn route(path: &str) -> Option<Route<'_>> {
        let parts: Vec<&str> = path.split('/').collect();
        parse(&parts)
    }

    #[test]
    fn paths_name_routes() {
        assert_eq!(
            route("organizer/club/tournaments/cup/matches/mat_3/report"),
            Some(Route::Space {
                space: "club",
                part: Part::Tournament {
                    slug: "cup",
                    page: Desk::Report { game: "mat_3" }
                }
            })
        );
        assert_eq!(
            route("organizer/club/integrations/hooks/hook_1/disable"),
            Some(Route::Space {
                space: "club",
                part: Part::HookAction {
                    hook: "hook_1",
                    action: HookAction::Disable
                }
            })
        );
        assert_eq!(route("organizer/club/tournaments/cup/unknown"), None);
        assert_eq!(route("organizer/club/integrations/hooks/hook_1/melt"), None);
        assert_eq!(route("organizer//tournaments"), None);
    }

    #[test]
    fn reporters_reach_the_match_desk_only() {
        use crate::domain::Role;
        let cup = |page| Part::Tournament { slug: "cup", page };
        let may = |part, method: Method| {
            duty(part, &method).is_some_and(|duty| duty.held_by(Role::Reporter))
        };
        assert!(may(cup(Desk::Matches), Method::GET));
        assert!(may(cup(Desk::Report { game: "mat_1" }), Method::POST));
        assert!(may(cup(Desk::CheckIn { who: "par_1" }), Method::POST));
        assert!(may(cup(Desk::Registrations), Method::GET));
        assert!(!may(cup(Desk::Registrations), Method::POST));
        assert!(!may(cup(Desk::Withdraw { who: "par_1" }), Method::POST));
        assert!(!may(cup(Desk::Settings), Method::GET));
        assert!(!may(cup(Desk::Stages), Method::POST));
        assert!(!may(Part::Keys, Method::GET));
        assert!(!may(Part::Members, Method::GET));
        assert_eq!(
            duty(cup(Desk::Live), &Method::HEAD),
            None,
            "a stream has no HEAD"
        );
        assert_eq!(duty(cup(Desk::Report { game: "m" }), &Method::GET), None);
    }
}
