//! The soak's actors: shell terminals writing, portal visitors registering, API readers; each
//! acknowledged write read back at once from a replica picked at random.

use std::sync::Arc;
use std::sync::atomic::Ordering;

use reqwest::StatusCode;
use serde_json::Value;

use super::{Dice, Shared, shell};

/// One shell terminal: registers and withdraws players in its own tournament, reports and
/// corrects its share of the league's matches, creates and revokes keys in its own space, and
/// retries failed deliveries, each acknowledged write read back at once from a replica.
pub(super) async fn terminal_loop(
    shared: Arc<Shared>,
    terminal: usize,
    matches: Vec<String>,
    league_key: String,
) {
    let plan = &shared.plan;
    let mut dice = Dice::new(terminal as u64 + 1);
    let slug = format!("signups-{terminal}");
    let space = format!("team-{terminal}");
    let mut players: Vec<String> = Vec::new();
    let mut reported: Vec<String> = Vec::new();
    let mut unreported = matches;
    let mut n = 0;
    while !shared.stop.load(Ordering::Relaxed) {
        n += 1;
        match dice.below(20) {
            0..=6 => {
                let name = format!("Player {terminal}-{n}");
                let out = shell(plan, &["tournaments", "register", &slug, &name]).await;
                shared.count("register", out.ok);
                if out.ok {
                    shared
                        .registered
                        .lock()
                        .expect("books")
                        .insert((slug.clone(), name.clone()), true);
                    let base = shared.replica(&mut dice).to_owned();
                    if shared.participant(&base, &slug, &name).await.as_deref() != Some("active") {
                        shared.stale(format!("{name} registered, not shown by {base}"));
                    }
                    players.push(name);
                } else {
                    shared.refused_because(&out.stderr);
                    shared
                        .refused
                        .lock()
                        .expect("books")
                        .push((slug.clone(), name));
                }
            }
            7..=9 if !players.is_empty() => {
                let name = players.swap_remove(dice.below(players.len()));
                let out = shell(plan, &["tournaments", "withdraw", &slug, &name]).await;
                shared.count("withdraw", out.ok);
                if out.ok {
                    shared
                        .registered
                        .lock()
                        .expect("books")
                        .insert((slug.clone(), name.clone()), false);
                    let base = shared.replica(&mut dice).to_owned();
                    if shared.participant(&base, &slug, &name).await.as_deref() != Some("withdrawn")
                    {
                        shared.stale(format!("{name} withdrawn, not shown by {base}"));
                    }
                } else {
                    shared.refused_because(&out.stderr);
                    players.push(name);
                }
            }
            10..=13 if !unreported.is_empty() || !reported.is_empty() => {
                let correcting =
                    unreported.is_empty() || (dice.below(3) == 0 && !reported.is_empty());
                let (id, action) = if correcting {
                    (reported[dice.below(reported.len())].clone(), "correct")
                } else {
                    (
                        unreported.swap_remove(dice.below(unreported.len())),
                        "report",
                    )
                };
                let (a, b) = (dice.below(6) as u32, dice.below(6) as u32);
                let score = format!("{a}-{b}");
                let out = shell(plan, &["matches", action, "league", &id, "--score", &score]).await;
                shared.count(if correcting { "correct" } else { "report" }, out.ok);
                if out.ok {
                    shared
                        .results
                        .lock()
                        .expect("books")
                        .insert(id.clone(), (a, b));
                    if !correcting {
                        reported.push(id.clone());
                    }
                    let base = shared.replica(&mut dice).to_owned();
                    let shown = shared
                        .get(&base, &league_key, "/api/v1/tournaments/league/matches")
                        .await
                        .and_then(|(_, body)| score_of(&body, &id));
                    if shown != Some((a, b)) {
                        shared.stale(format!("{id} {score}, {base} shows {shown:?}"));
                    }
                } else {
                    shared.refused_because(&out.stderr);
                    if !correcting {
                        unreported.push(id);
                    }
                }
            }
            14..=16 => {
                let out = shell(plan, &["keys", "create", "--space", &space]).await;
                shared.count("keys create", out.ok);
                if !out.ok {
                    shared.refused_because(&out.stderr);
                    continue;
                }
                let key = out
                    .stdout
                    .lines()
                    .find(|l| l.starts_with("tk_"))
                    .unwrap_or_default()
                    .to_owned();
                let id = out
                    .stdout
                    .split_whitespace()
                    .find(|w| w.starts_with("key_"))
                    .unwrap_or_default()
                    .to_owned();
                let base = shared.replica(&mut dice).to_owned();
                let works = shared
                    .get(&base, &key, "/api/v1/organization")
                    .await
                    .map(|(s, _)| s);
                if works != Some(StatusCode::OK) {
                    shared.stale(format!("new key {id} answered {works:?} by {base}"));
                }
                let out = shell(plan, &["keys", "revoke", &id]).await;
                shared.count("keys revoke", out.ok);
                if !out.ok {
                    shared.refused_because(&out.stderr);
                    continue;
                }
                let base = shared.replica(&mut dice).to_owned();
                let refused = shared
                    .get(&base, &key, "/api/v1/organization")
                    .await
                    .map(|(s, _)| s);
                if refused != Some(StatusCode::UNAUTHORIZED) {
                    shared.stale(format!("revoked key {id} answered {refused:?} by {base}"));
                }
            }
            17 => {
                let out = shell(plan, &["hooks", "retry", "--hook", "hook_1", "--failed"]).await;
                shared.count("hooks retry", out.ok);
                if !out.ok {
                    shared.refused_because(&out.stderr);
                }
            }
            _ => {
                let out = shell(plan, &["tournaments", "registrations", &slug]).await;
                shared.count("registrations (read)", out.ok);
                if !out.ok {
                    shared.refused_because(&out.stderr);
                }
            }
        }
    }
}

/// A match's score in a matches answer.
pub(super) fn score_of(body: &Value, id: &str) -> Option<(u32, u32)> {
    let m = body["data"].as_array()?.iter().find(|m| m["id"] == id)?;
    Some((
        u32::try_from(m["score_a"].as_u64()?).ok()?,
        u32::try_from(m["score_b"].as_u64()?).ok()?,
    ))
}

/// A portal visitor: opens the tournament's page and registers with the form, each time as a
/// new player; an acknowledged registration (the redirect to its confirmation) is read back, then
/// withdrawn with its private link, as a player who changed their mind does (which also keeps
/// the field from filling over a long soak).
pub(super) async fn visitor_loop(shared: Arc<Shared>, visitor: usize) {
    let mut dice = Dice::new(1000 + visitor as u64);
    let mut n = 0;
    while !shared.stop.load(Ordering::Relaxed) {
        n += 1;
        let base = shared.replica(&mut dice).to_owned();
        let name = format!("Visitor {visitor}-{n}");
        let email = format!("visitor{visitor}-{n}@example.org");
        let answer = register_on_portal(&shared, &base, &name, &email).await;
        shared.count("portal register", matches!(answer, Portal::Done(_)));
        match answer {
            Portal::Done(visit) => {
                shared
                    .registered
                    .lock()
                    .expect("books")
                    .insert(("cup".into(), name.clone()), true);
                let other = shared.replica(&mut dice).to_owned();
                if shared.participant(&other, "cup", &name).await.as_deref() != Some("active") {
                    shared.stale(format!(
                        "{name} registered on the portal, not shown by {other}"
                    ));
                }
                let base = shared.replica(&mut dice).to_owned();
                let withdrawn = withdraw_on_portal(&shared, &base, &visit).await;
                shared.count("portal withdraw", matches!(withdrawn, Portal::Done(_)));
                if let Portal::Done(_) = withdrawn {
                    shared
                        .registered
                        .lock()
                        .expect("books")
                        .insert(("cup".into(), name.clone()), false);
                    let other = shared.replica(&mut dice).to_owned();
                    if shared.participant(&other, "cup", &name).await.as_deref()
                        != Some("withdrawn")
                    {
                        shared.stale(format!(
                            "{name} withdrew on the portal, not shown so by {other}"
                        ));
                    }
                }
            }
            Portal::Refused => shared
                .refused
                .lock()
                .expect("books")
                .push(("cup".into(), name)),
            // Not answered (a 503): written or not, as the visitor is told; not checked.
            Portal::Unanswered => {}
        }
    }
}

/// What a visitor's form came to.
enum Portal {
    /// Done, with the visitor's cookies (the form's, and the withdrawal secret's).
    Done(Vec<String>),
    /// Refused (4xx): nothing was written.
    Refused,
    /// Not answered (a 503, which tells the visitor to send it again).
    Unanswered,
}

/// The `name=value` pairs a response sets.
fn cookies_set(response: &reqwest::Response) -> Vec<String> {
    response
        .headers()
        .get_all(reqwest::header::SET_COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .filter_map(|v| v.split(';').next().map(str::to_owned))
        .collect()
}

/// GETs `page` with `cookies`, then posts its form with `fields`: `Done` (with the cookies, the
/// response's added) when the portal answered with a redirect.
async fn post_form(
    shared: &Shared,
    page: &str,
    action: &str,
    mut cookies: Vec<String>,
    fields: &[(&str, &str)],
) -> Portal {
    let shown = match shared
        .http
        .get(page)
        .header(reqwest::header::COOKIE, cookies.join("; "))
        .send()
        .await
    {
        Ok(shown) if shown.status() == StatusCode::SERVICE_UNAVAILABLE => {
            shared.unavailable.fetch_add(1, Ordering::Relaxed);
            return Portal::Unanswered;
        }
        Ok(shown) => shown,
        Err(error) => {
            shared.bad_read(format!("{page}: {error}"));
            return Portal::Unanswered;
        }
    };
    cookies.extend(cookies_set(&shown));
    let html = shown.text().await.unwrap_or_default();
    let Some(token) = html
        .split("name=\"token\" value=\"")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
    else {
        shared.bad_read(format!("{page} has no form"));
        return Portal::Unanswered;
    };
    let mut form = vec![("token", token)];
    form.extend_from_slice(fields);
    let posted = shared
        .http
        .post(action)
        .header(reqwest::header::COOKIE, cookies.join("; "))
        .form(&form)
        .send()
        .await;
    match posted {
        Ok(response) if response.status() == StatusCode::SEE_OTHER => {
            cookies.extend(cookies_set(&response));
            Portal::Done(cookies)
        }
        Ok(response) if response.status() == StatusCode::SERVICE_UNAVAILABLE => {
            shared.unavailable.fetch_add(1, Ordering::Relaxed);
            Portal::Unanswered
        }
        Ok(response) if response.status().is_server_error() => {
            shared.bad_read(format!("a form posted to {action}: {}", response.status()));
            Portal::Unanswered
        }
        Ok(response) => {
            shared.refused_because(&format!("portal: {}", response.status()));
            Portal::Refused
        }
        Err(error) => {
            shared.bad_read(format!("a form posted to {action}: {error}"));
            Portal::Unanswered
        }
    }
}

/// Registers on the cup's page with the form.
async fn register_on_portal(shared: &Shared, base: &str, name: &str, email: &str) -> Portal {
    post_form(
        shared,
        &format!("{base}/en/tournaments/cup"),
        &format!("{base}/en/tournaments/cup/registrations"),
        Vec::new(),
        &[("name", name), ("email", email)],
    )
    .await
}

/// Withdraws a registration made in this visit, by the private link its confirmation gave.
async fn withdraw_on_portal(shared: &Shared, base: &str, visit: &[String]) -> Portal {
    let Some(secret) = visit
        .iter()
        .rev()
        .find_map(|c| c.strip_prefix("tourney_shown="))
    else {
        shared.bad_read(format!("a registration on {base} set no withdrawal link"));
        return Portal::Unanswered;
    };
    let link = format!("{base}/en/player/{secret}");
    let action = format!("{link}/withdraw");
    post_form(shared, &link, &action, visit.to_vec(), &[]).await
}

/// Reads the API of both replicas, as partners do; anything but a 200 is a bad read.
pub(super) async fn reader_loop(shared: Arc<Shared>, reader: usize, league_key: String) {
    let mut dice = Dice::new(5000 + reader as u64);
    let paths = [
        ("/api/v1/tournaments", false),
        ("/api/v1/tournaments/cup", false),
        ("/api/v1/tournaments/signups-0/standings", false),
        ("/api/v1/tournaments/league/matches", true),
        ("/api/v1/tournaments/league/standings", true),
    ];
    while !shared.stop.load(Ordering::Relaxed) {
        let base = shared.replica(&mut dice).to_owned();
        let (path, league) = paths[dice.below(paths.len())];
        let key = if league {
            &league_key
        } else {
            &shared.reader_key
        };
        if let Some((status, _)) = shared.get(&base, key, path).await
            && status != StatusCode::OK
        {
            shared.bad_read(format!("GET {base}{path}: {status}"));
        }
    }
}
