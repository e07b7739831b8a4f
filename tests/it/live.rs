//! Live pages' event streams against a real `serve`, on both backends: a stream gets its
//! tournament's version at once and a new one within 2 s of a result reported from the shell
//! (another process), and nothing for a change to another tournament; a reconnect that saw the
//! latest version waits, one that missed something catches up at once; a registration through
//! one replica wakes the stream held by the other; unknown and unpublished tournaments are 404;
//! beyond `--live-streams` a stream is refused with 503 and Retry-After; and a graceful stop ends
//! the open streams instead of waiting on them. A tournament's desk stream follows it in any
//! status, for its space's members only.

use std::time::{Duration, Instant};

use reqwest::StatusCode;

use crate::support::member::Member;
use crate::support::on_both_backends;
use crate::support::player::Player;
use crate::support::server::Server;

const WINTER: &str = "demo-winter-double";
const SWISS: &str = "demo-swiss-open";

/// One open event stream, read as a browser's `EventSource` would.
struct Events {
    response: reqwest::Response,
    buffer: String,
}

/// What came next on a stream.
#[derive(Debug, PartialEq)]
enum Next {
    /// An event with this id (the version).
    Event(i64),
    /// Nothing within the time given.
    Nothing,
    /// The server ended the stream.
    Ended,
}

impl Next {
    fn version(self) -> i64 {
        match self {
            Next::Event(version) => version,
            other => panic!("expected an event, got {other:?}"),
        }
    }
}

impl Events {
    async fn open(server: &Server, slug: &str, last_seen: Option<i64>) -> Events {
        let response = Events::request(server, slug, last_seen).await;
        assert_eq!(response.status(), StatusCode::OK, "{slug}");
        assert_eq!(response.headers()["content-type"], "text/event-stream");
        assert_eq!(response.headers()["x-accel-buffering"], "no");
        Events {
            response,
            buffer: String::new(),
        }
    }

    /// A stream already answered (the desk's, asked with a member's cookie).
    fn of(response: reqwest::Response) -> Events {
        assert_eq!(response.status(), StatusCode::OK);
        assert_eq!(response.headers()["content-type"], "text/event-stream");
        Events {
            response,
            buffer: String::new(),
        }
    }

    async fn request(server: &Server, slug: &str, last_seen: Option<i64>) -> reqwest::Response {
        let mut request = reqwest::Client::new().get(server.url(&format!("/live/{slug}")));
        if let Some(id) = last_seen {
            request = request.header("last-event-id", id.to_string());
        }
        request.send().await.expect("the stream")
    }

    /// The next event's id, waiting at most `within`; keep-alive comments are skipped.
    async fn next(&mut self, within: Duration) -> Next {
        let deadline = tokio::time::Instant::now() + within;
        loop {
            while let Some(end) = self.buffer.find("\n\n") {
                let block: String = self.buffer.drain(..end + 2).collect();
                if let Some(id) = block.lines().find_map(|l| l.strip_prefix("id:")) {
                    return Next::Event(id.trim().parse().expect("a numeric id"));
                }
            }
            match tokio::time::timeout_at(deadline, self.response.chunk()).await {
                Err(_) => return Next::Nothing,
                Ok(Ok(Some(chunk))) => self.buffer.push_str(&String::from_utf8_lossy(&chunk)),
                Ok(Ok(None)) | Ok(Err(_)) => return Next::Ended,
            }
        }
    }
}

on_both_backends! {
    async fn a_stream_follows_its_tournament_and_resumes(t: TestDb) {
        t.run(&["demo"]);
        let server = Server::start(&t, &[]);
        let mut events = Events::open(&server, WINTER, None).await;
        let first = events.next(Duration::from_secs(2)).await.version();

        t.report_first_ready(SWISS);
        assert_eq!(events.next(Duration::from_millis(1500)).await, Next::Nothing, "another tournament changed");

        let reported = Instant::now();
        t.report_first_ready(WINTER);
        let second = events.next(Duration::from_secs(2)).await.version();
        assert!(second > first, "{second} after {first}");
        assert!(reported.elapsed() < Duration::from_secs(2), "{:?}", reported.elapsed());

        let mut up_to_date = Events::open(&server, WINTER, Some(second)).await;
        assert_eq!(up_to_date.next(Duration::from_millis(800)).await, Next::Nothing, "it saw the latest");
        let mut behind = Events::open(&server, WINTER, Some(first)).await;
        assert_eq!(behind.next(Duration::from_secs(1)).await, Next::Event(second), "it catches up at once");

        for slug in ["demo-draft-cup", "no-such-cup", "demo-integration-test", "Demo-Winter", "x%2F..%2Fy", "%00"] {
            let refused = Events::request(&server, slug, None).await;
            assert_eq!(refused.status(), StatusCode::NOT_FOUND, "{slug}");
        }
        let posted = reqwest::Client::new().post(server.url(&format!("/live/{WINTER}"))).send().await.unwrap();
        assert_eq!(posted.status(), StatusCode::METHOD_NOT_ALLOWED);
    }

    async fn a_registration_through_one_replica_wakes_the_other(t: TestDb) {
        t.run(&["demo"]);
        let watching = Server::start_self_linked(&t, &[]);
        let writing = Server::start_self_linked(&t, &[]);
        let mut events = Events::open(&watching, "demo-autumn-cup", None).await;
        let first = events.next(Duration::from_secs(2)).await.version();
        let mut player = Player::new(&writing, "Live Reader", "live.reader@example.org");
        let registered = Instant::now();
        let page = player.register("en", "demo-autumn-cup").await;
        assert!(page.status == StatusCode::OK && page.url.contains("/registered"), "{} {}", page.url, page.html);
        let next = events.next(Duration::from_secs(2)).await.version();
        assert!(next > first && registered.elapsed() < Duration::from_secs(2));
        let html = reqwest::get(watching.url("/en/tournaments/demo-autumn-cup")).await.unwrap().text().await.unwrap();
        assert!(html.contains("Live Reader"), "the page the event sends the reader to shows it");
    }

    async fn streams_are_capped_and_end_when_the_server_stops(t: TestDb) {
        t.run(&["demo"]);
        let server = Server::start(&t, &["--live-streams", "2"]);
        let mut one = Events::open(&server, WINTER, None).await;
        let mut two = Events::open(&server, SWISS, None).await;
        one.next(Duration::from_secs(2)).await.version();
        two.next(Duration::from_secs(2)).await.version();
        let refused = Events::request(&server, WINTER, None).await;
        assert_eq!(refused.status(), StatusCode::SERVICE_UNAVAILABLE);
        assert!(refused.headers().contains_key("retry-after"));
        drop(two);
        // The place is given back once the server notices the closed connection.
        let deadline = Instant::now() + Duration::from_secs(5);
        let mut three = loop {
            let response = Events::request(&server, SWISS, None).await;
            if response.status() == StatusCode::OK {
                break Events { response, buffer: String::new() };
            }
            assert!(Instant::now() < deadline, "a closed stream's place was not given back");
            tokio::time::sleep(Duration::from_millis(100)).await;
        };
        three.next(Duration::from_secs(2)).await.version();

        let stopping = Instant::now();
        let status = tokio::task::spawn_blocking(move || server.terminate()).await.unwrap();
        assert!(status.success(), "{status}");
        assert!(stopping.elapsed() < Duration::from_secs(3), "open streams held the stop for {:?}", stopping.elapsed());
        assert_eq!(one.next(Duration::from_secs(2)).await, Next::Ended);
        assert_eq!(three.next(Duration::from_secs(2)).await, Next::Ended);
    }
}

on_both_backends! {
    /// The desk's stream: a member (a reporter too) follows a tournament still in draft, which
    /// has no public stream; a registration and a seed order from the shell each wake it; a
    /// change to another tournament does not; without a session it leads to sign-in, and
    /// another space's tournament is 404.
    async fn the_desk_stream_follows_a_tournament_for_its_members(t: TestDb) {
        t.run(&["spaces", "create", "club", "--name", "Chess Club"]);
        t.run(&["spaces", "create", "rivals", "--name", "Rivals"]);
        t.add_member("club", "desk@example.org", "reporter");
        for (space, slug) in [("club", "cup"), ("club", "other"), ("rivals", "derby")] {
            t.run(&[
                "tournaments", "create", "--space", space, "--slug", slug, "--name", "Cup", "--game", "chess",
                "--format", "single_elimination", "--max-participants", "8", "--starts-at", "2030-12-04T18:00:00Z",
            ]);
        }
        let server = Server::start_self_linked(&t, &[]);
        let printed = t.run(&["--base-url", &server.base, "login-link", "--email", "desk@example.org"]);
        let mut reporter = Member::new(&server.base);
        reporter.sign_in_by_link(printed.lines().next().expect("a link").trim()).await;
        let cookie = reporter.header();
        let stream = |path: &str| {
            reqwest::Client::builder()
                .redirect(reqwest::redirect::Policy::none())
                .build()
                .expect("a client")
                .get(server.url(path))
                .header("cookie", cookie.clone())
                .send()
        };
        let live = "/en/organizer/club/tournaments/cup/live";
        let mut events = Events::of(stream(live).await.expect("the stream"));
        let first = events.next(Duration::from_secs(2)).await.version();

        t.run(&["tournaments", "status", "other", "REGISTRATION_OPEN"]);
        assert_eq!(events.next(Duration::from_millis(1500)).await, Next::Nothing, "another tournament changed");
        t.run(&["tournaments", "status", "cup", "REGISTRATION_OPEN"]);
        let opened = events.next(Duration::from_secs(2)).await.version();
        assert!(opened > first);
        t.run(&["tournaments", "register", "cup", "Alice"]);
        t.run(&["tournaments", "register", "cup", "Boris"]);
        let mut registered = events.next(Duration::from_secs(2)).await.version();
        assert!(registered > opened);
        // The two registrations may come as one event or two.
        while let Next::Event(version) = events.next(Duration::from_millis(800)).await {
            registered = version;
        }
        t.run(&["tournaments", "seed", "cup", "Boris"]);
        let seeded = events.next(Duration::from_secs(2)).await.version();
        assert!(seeded > registered, "the seed order is news to the desk");
        let page = reporter.get("/en/organizer/club/tournaments/cup/registrations").await;
        assert!(page.body.contains(&format!("data-live=\"{}{live}\"", server.base)), "{}", page.body);

        let foreign = stream("/en/organizer/rivals/tournaments/derby/live").await.expect("an answer");
        assert_eq!(foreign.status(), StatusCode::NOT_FOUND);
        let anonymous = reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .expect("a client")
            .get(server.url(live))
            .send()
            .await
            .expect("an answer");
        assert_eq!(anonymous.status(), StatusCode::SEE_OTHER, "to sign-in");
    }
}
