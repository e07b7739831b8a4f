//! The event catalog as tests hold webhooks to it: the `webhooks` section of `docs/openapi.json`,
//! read from the file, one compiled JSON Schema (draft 2020-12, formats asserted) per event type
//! for the body, and the documented header parameters.
//!
//! It only reads the document and judges requests; it never changes the document and never
//! decides what a test does with a violation (the receiver fails the test, helpers assert).

#![allow(dead_code)]

use std::collections::BTreeMap;
use std::sync::OnceLock;

use serde_json::{Value, json};

pub const DOCUMENT_PATH: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/openapi.json");

/// One documented header of a webhook request.
struct Header {
    name: String,
    required: bool,
    schema: jsonschema::Validator,
}

/// What one event type's request must look like.
struct Webhook {
    body: jsonschema::Validator,
    content_type: String,
    headers: Vec<Header>,
}

pub struct Catalog {
    document: Value,
    webhooks: BTreeMap<String, Webhook>,
}

/// The catalog of `docs/openapi.json`, read and compiled once per process.
pub fn catalog() -> &'static Catalog {
    static CATALOG: OnceLock<Catalog> = OnceLock::new();
    CATALOG.get_or_init(Catalog::load)
}

/// Reads `docs/openapi.json` whole.
pub fn document() -> Value {
    let text = std::fs::read_to_string(DOCUMENT_PATH).expect("read docs/openapi.json");
    serde_json::from_str(&text).expect("docs/openapi.json is JSON")
}

/// Follows a local `$ref` (`#/components/...`) to its target.
pub fn resolve<'a>(document: &'a Value, node: &'a Value) -> &'a Value {
    match node.get("$ref").and_then(Value::as_str) {
        Some(reference) => {
            let pointer = reference
                .strip_prefix('#')
                .unwrap_or_else(|| panic!("only local references: {reference}"));
            let target = document
                .pointer(pointer)
                .unwrap_or_else(|| panic!("dangling reference {reference}"));
            resolve(document, target)
        }
        None => node,
    }
}

/// A validator for `schema`, with the document's components beside it so that its
/// `#/components/...` references resolve inside the document.
pub fn validator(document: &Value, schema: &Value) -> jsonschema::Validator {
    let root = json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "components": document["components"],
        "allOf": [schema],
    });
    jsonschema::draft202012::options()
        .should_validate_formats(true)
        .build(&root)
        .unwrap_or_else(|e| panic!("the schema {schema} does not compile: {e}"))
}

/// The errors of `instance` against `validator`, one line each; a failed `oneOf` lists why each
/// of its branches failed.
pub fn errors(validator: &jsonschema::Validator, instance: &Value) -> Vec<String> {
    fn describe(error: &jsonschema::ValidationError<'_>, depth: usize, out: &mut Vec<String>) {
        let indent = "  ".repeat(depth);
        match error.kind() {
            jsonschema::error::ValidationErrorKind::OneOfNotValid { context } => {
                out.push(format!(
                    "{indent}at '{}': matches no branch of oneOf",
                    error.instance_path()
                ));
                for (branch, errors) in context.iter().enumerate() {
                    out.push(format!("{indent}  branch {branch}:"));
                    for error in errors {
                        describe(error, depth + 2, out);
                    }
                }
            }
            _ => out.push(format!("{indent}at '{}': {error}", error.instance_path())),
        }
    }
    let mut out = Vec::new();
    for error in validator.iter_errors(instance) {
        describe(&error, 0, &mut out);
    }
    out
}

impl Catalog {
    fn load() -> Catalog {
        let document = document();
        let entries = document["webhooks"]
            .as_object()
            .expect("docs/openapi.json has a `webhooks` section");
        let mut webhooks = BTreeMap::new();
        for (event_type, entry) in entries {
            let post = &entry["post"];
            let content = post["requestBody"]["content"]
                .as_object()
                .unwrap_or_else(|| panic!("webhook {event_type} documents no request body"));
            let (content_type, media) = content
                .iter()
                .next()
                .unwrap_or_else(|| panic!("webhook {event_type} documents no content"));
            let body = validator(&document, &media["schema"]);
            let headers = post["parameters"]
                .as_array()
                .map(Vec::as_slice)
                .unwrap_or_default()
                .iter()
                .map(|parameter| resolve(&document, parameter))
                .filter(|parameter| parameter["in"] == "header")
                .map(|parameter| Header {
                    name: parameter["name"].as_str().expect("a name").to_owned(),
                    required: parameter["required"] == true,
                    schema: validator(&document, &parameter["schema"]),
                })
                .collect();
            webhooks.insert(
                event_type.clone(),
                Webhook {
                    body,
                    content_type: content_type.clone(),
                    headers,
                },
            );
        }
        Catalog { document, webhooks }
    }

    pub fn document(&self) -> &Value {
        &self.document
    }

    /// The event types the catalog documents, in order.
    pub fn event_types(&self) -> Vec<&str> {
        self.webhooks.keys().map(String::as_str).collect()
    }

    /// Why `body` is not a webhook body of the catalog: not JSON, no known `type`, or the errors
    /// of its type's schema. Empty when it matches.
    pub fn body_violations(&self, body: &[u8]) -> Vec<String> {
        let value: Value = match serde_json::from_slice(body) {
            Ok(value) => value,
            Err(e) => return vec![format!("the body is not JSON: {e}")],
        };
        let Some(event_type) = value.get("type").and_then(Value::as_str) else {
            return vec!["the body has no string `type`".to_owned()];
        };
        let Some(webhook) = self.webhooks.get(event_type) else {
            return vec![format!(
                "`{event_type}` is not an event type of the catalog ({:?})",
                self.event_types()
            )];
        };
        errors(&webhook.body, &value)
    }

    /// Why a request (its headers, read through `header`, and its raw body) is not a webhook
    /// request of the catalog. Empty when it matches.
    pub fn request_violations(
        &self,
        header: impl Fn(&str) -> Option<String>,
        body: &[u8],
    ) -> Vec<String> {
        let mut out = self.body_violations(body);
        let event_type = serde_json::from_slice::<Value>(body)
            .ok()
            .and_then(|v| v.get("type").and_then(Value::as_str).map(str::to_owned));
        let Some(webhook) = event_type.and_then(|t| self.webhooks.get(&t)) else {
            return out;
        };
        match header("content-type") {
            Some(value) if value == webhook.content_type => {}
            other => out.push(format!(
                "Content-Type is {other:?}, not {}",
                webhook.content_type
            )),
        }
        for documented in &webhook.headers {
            match header(&documented.name) {
                Some(value) => {
                    for error in errors(&documented.schema, &Value::from(value.as_str())) {
                        out.push(format!("header {}: {value}: {error}", documented.name));
                    }
                }
                None if documented.required => {
                    out.push(format!("the header {} is missing", documented.name));
                }
                None => {}
            }
        }
        out
    }

    /// Panics, naming the errors and the body, unless `body` matches its type's schema.
    pub fn assert_valid(&self, body: &[u8]) {
        let violations = self.body_violations(body);
        assert!(
            violations.is_empty(),
            "a webhook body does not match its schema in docs/openapi.json:\n  {}\nbody: {}",
            violations.join("\n  "),
            String::from_utf8_lossy(body)
        );
    }
}
