//! Request metrics in the Prometheus text format: requests by route and status, a latency
//! histogram per route, one per stage of an API request, and the number of rate-limited
//! requests. Counting never blocks a request: atomics only.

use std::fmt::Write;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use crate::timing::{self, Histogram};

/// What a request asked for, as the metrics label it: a fixed set, so that arbitrary paths never
/// become label values.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Route {
    Organization,
    Tournaments,
    Tournament,
    Matches,
    Standings,
    Stations,
    OpenApi,
    Healthz,
    Readyz,
    Metrics,
    Widgets,
    /// Live pages' event streams (counted when the stream is answered, not when it ends).
    Live,
    /// The portal's pages and forms.
    Portal,
    /// Anything else, unknown API paths included.
    Other,
}

impl Route {
    const ALL: [Route; 14] = [
        Route::Organization,
        Route::Tournaments,
        Route::Tournament,
        Route::Matches,
        Route::Standings,
        Route::Stations,
        Route::OpenApi,
        Route::Healthz,
        Route::Readyz,
        Route::Metrics,
        Route::Widgets,
        Route::Live,
        Route::Portal,
        Route::Other,
    ];

    pub const fn label(self) -> &'static str {
        match self {
            Route::Organization => "organization",
            Route::Tournaments => "tournaments",
            Route::Tournament => "tournament",
            Route::Matches => "matches",
            Route::Standings => "standings",
            Route::Stations => "stations",
            Route::OpenApi => "openapi",
            Route::Healthz => "healthz",
            Route::Readyz => "readyz",
            Route::Metrics => "metrics",
            Route::Widgets => "widgets",
            Route::Live => "live",
            Route::Portal => "portal",
            Route::Other => "other",
        }
    }

    /// The route's place in [`Route::ALL`], where its counters are.
    const fn index(self) -> usize {
        self as usize
    }
}
/// The stages of an API request with a key, timed apart (`tourney_api_stage_seconds`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage {
    /// The gate: the key, its rate limit and what is current (all of it on the database's side
    /// except what memory decides).
    Admit,
    /// The answer's body, from the cache or built from the database.
    Answer,
}

impl Stage {
    const ALL: [Stage; 2] = [Stage::Admit, Stage::Answer];

    const fn label(self) -> &'static str {
        match self {
            Stage::Admit => "admit",
            Stage::Answer => "answer",
        }
    }
}

/// Statuses are counted from 100 to 599, one counter each per route.
const STATUSES: std::ops::Range<u16> = 100..600;

pub struct Metrics {
    /// Per route, per status from 100: requests answered.
    requests: Vec<Vec<AtomicU64>>,
    /// Per route, the time to answer.
    durations: Vec<Histogram>,
    /// Per stage of an API request.
    stages: Vec<Histogram>,
    rate_limited: AtomicU64,
}

impl Default for Metrics {
    fn default() -> Metrics {
        Metrics {
            requests: Route::ALL
                .iter()
                .map(|_| STATUSES.map(|_| AtomicU64::new(0)).collect())
                .collect(),
            durations: Route::ALL
                .iter()
                .map(|_| Histogram::new(timing::REQUEST_BOUNDS))
                .collect(),
            stages: Stage::ALL
                .iter()
                .map(|_| Histogram::new(timing::STAGE_BOUNDS))
                .collect(),
            rate_limited: AtomicU64::new(0),
        }
    }
}

impl Metrics {
    pub fn record(&self, route: Route, status: u16, elapsed: Duration) {
        let route = route.index();
        if let Some(counter) = self.requests[route].get(usize::from(status.wrapping_sub(100))) {
            counter.fetch_add(1, Ordering::Relaxed);
        }
        self.durations[route].record(elapsed);
        if status == 429 {
            self.rate_limited.fetch_add(1, Ordering::Relaxed);
        }
    }

    /// Counts what one stage of an API request took.
    pub fn record_stage(&self, stage: Stage, elapsed: Duration) {
        self.stages[stage as usize].record(elapsed);
    }

    pub fn render(&self) -> String {
        let mut out = String::new();
        out.push_str("# HELP tourney_http_requests_total HTTP requests by route and status.\n");
        out.push_str("# TYPE tourney_http_requests_total counter\n");
        for (route, statuses) in self.requests.iter().enumerate() {
            for (status, counter) in STATUSES.zip(statuses) {
                let count = counter.load(Ordering::Relaxed);
                if count > 0 {
                    let _ = writeln!(
                        out,
                        "tourney_http_requests_total{{route=\"{}\",status=\"{status}\"}} {count}",
                        Route::ALL[route].label()
                    );
                }
            }
        }
        const DURATION: &str = "tourney_http_request_duration_seconds";
        timing::header(&mut out, DURATION, "Time to answer a request.");
        for (route, histogram) in Route::ALL.iter().zip(&self.durations) {
            histogram.render(&mut out, DURATION, &format!("route=\"{}\"", route.label()));
        }
        const STAGES: &str = "tourney_api_stage_seconds";
        timing::header(
            &mut out,
            STAGES,
            "Time an API request with a key spent in each stage: admit (its key, rate limit and what is current) and answer (its body, cached or built).",
        );
        for (stage, histogram) in Stage::ALL.iter().zip(&self.stages) {
            histogram.render(&mut out, STAGES, &format!("stage=\"{}\"", stage.label()));
        }
        out.push_str(
            "# HELP tourney_http_rate_limited_total Requests refused by the per-key rate limit.\n",
        );
        out.push_str("# TYPE tourney_http_rate_limited_total counter\n");
        let _ = writeln!(
            out,
            "tourney_http_rate_limited_total {}",
            self.rate_limited.load(Ordering::Relaxed)
        );
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_route_has_its_own_counters() {
        for (index, route) in Route::ALL.iter().enumerate() {
            assert_eq!(route.index(), index, "{route:?}");
        }
    }

    #[test]
    fn renders_counters_and_histograms() {
        let metrics = Metrics::default();
        metrics.record(Route::Tournaments, 200, Duration::from_micros(700));
        metrics.record(Route::Tournaments, 429, Duration::from_micros(100));
        metrics.record(Route::Tournaments, 503, Duration::from_secs(3));
        let text = metrics.render();
        assert!(
            text.contains(
                "tourney_http_request_duration_seconds_bucket{route=\"tournaments\",le=\"2.5\"} 2\n"
            ),
            "{text}"
        );
        assert!(text.contains("tourney_http_request_duration_seconds_bucket{route=\"tournaments\",le=\"+Inf\"} 3\n"), "{text}");
        assert!(
            text.contains("tourney_http_requests_total{route=\"tournaments\",status=\"200\"} 1\n"),
            "{text}"
        );
        assert!(text.contains("tourney_http_request_duration_seconds_bucket{route=\"tournaments\",le=\"0.0005\"} 1\n"), "{text}");
        assert!(text.contains("tourney_http_request_duration_seconds_bucket{route=\"tournaments\",le=\"0.001\"} 2\n"), "{text}");
        assert!(
            text.contains("tourney_http_request_duration_seconds_count{route=\"tournaments\"} 3\n"),
            "{text}"
        );
        assert!(
            text.contains("tourney_http_rate_limited_total 1\n"),
            "{text}"
        );
        assert!(
            !text.contains("route=\"organization\""),
            "routes with no requests are left out"
        );
    }
}
