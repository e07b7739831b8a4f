//! A partner's web site for browser tests: a plain HTTP server on its own loopback port (so a
//! different origin from `tourney serve`) that serves fixed HTML pages, the way an organiser's
//! club site would carry a widget's embed code.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::Arc;

use bytes::Bytes;
use http_body_util::Full;
use hyper::service::service_fn;
use hyper::{Response, StatusCode};
use hyper_util::rt::{TokioExecutor, TokioIo};
use hyper_util::server::conn::auto;

pub struct PartnerSite {
    pub addr: SocketAddr,
    task: tokio::task::JoinHandle<()>,
}

impl Drop for PartnerSite {
    fn drop(&mut self) {
        self.task.abort();
    }
}

impl PartnerSite {
    /// Serves `pages` (path → HTML); anything else is a 404.
    pub async fn start(pages: HashMap<String, String>) -> PartnerSite {
        let pages = Arc::new(pages);
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind the partner site");
        let addr = listener.local_addr().expect("local address");
        let task = tokio::spawn(async move {
            while let Ok((stream, _)) = listener.accept().await {
                let pages = Arc::clone(&pages);
                tokio::spawn(async move {
                    let service = service_fn(move |request: hyper::Request<_>| {
                        let page = pages.get(request.uri().path()).cloned();
                        async move {
                            let (status, body) = match page {
                                Some(html) => (StatusCode::OK, html),
                                None => (StatusCode::NOT_FOUND, "not here".to_owned()),
                            };
                            Response::builder()
                                .status(status)
                                .header("content-type", "text/html; charset=utf-8")
                                .body(Full::new(Bytes::from(body)))
                        }
                    });
                    let _ = auto::Builder::new(TokioExecutor::new())
                        .serve_connection(TokioIo::new(stream), service)
                        .await;
                });
            }
        });
        PartnerSite { addr, task }
    }

    pub fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.addr)
    }
}

/// A partner page around `embed_code`, exactly as `tourney embed` printed it: the iframe and the
/// script that resizes it. A script of the page's own only keeps each height a widget from
/// `widget_origin` reports in `window.widgetReports`, for tests to read; resizing is left to the
/// printed code.
pub fn page_with(embed_code: &str, widget_origin: &str) -> String {
    format!(
        r#"<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Chess &amp; Co, partner site</title>
<script>
  window.widgetReports = [];
  window.addEventListener("message", function (event) {{
    if (event.origin !== "{widget_origin}") return;
    if (!event.data || event.data.type !== "tourney:resize") return;
    window.widgetReports.push(event.data.height);
  }});
</script>
</head>
<body style="margin:0;font-family:serif;background:#fafaf0">
<h1 style="margin:8px">Chess &amp; Co</h1>
{embed_code}
</body>
</html>
"#
    )
}
