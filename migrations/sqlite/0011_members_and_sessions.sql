-- The space's section "API, webhooks and widgets" (docs/section.md): the people who manage a
-- space, their roles, the links and sessions they sign in with, and sign-in failures for the
-- limits. Tokens and links are stored only as their SHA-256; passwords only as Argon2id hashes.
-- Email addresses are private, as registrants' are: only the shell and the space's own members
-- see them.

CREATE TABLE people (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    email         TEXT    NOT NULL,
    -- The address as compared: trimmed and lower-cased (`domain::email`).
    email_key     TEXT    NOT NULL UNIQUE,
    password_hash TEXT,
    created_at    INTEGER NOT NULL
);

-- A person's role in a space. A space with members always keeps an owner (service::members).
CREATE TABLE members (
    space_id   INTEGER NOT NULL REFERENCES spaces (id),
    person_id  INTEGER NOT NULL REFERENCES people (id),
    role       TEXT    NOT NULL CHECK (role IN ('owner', 'administrator')),
    added_at   INTEGER NOT NULL,
    PRIMARY KEY (space_id, person_id)
);
CREATE INDEX members_person ON members (person_id);

-- Single-use sign-in links: printed by `tourney login-link` (15 minutes) or shown once to an
-- owner who invites someone (7 days).
CREATE TABLE sign_in_links (
    token_hash TEXT    PRIMARY KEY,
    person_id  INTEGER NOT NULL REFERENCES people (id),
    kind       TEXT    NOT NULL CHECK (kind IN ('login', 'invitation')),
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    used_at    INTEGER
);
CREATE INDEX sign_in_links_person ON sign_in_links (person_id);

-- Server-side sessions. `method` is how the session began (`link` or `password`): a session
-- begun by a link may set a password without the current one (the way back from a forgotten
-- password). `rotate` asks for a new token at the session's next request (its role changed).
CREATE TABLE sessions (
    token_hash   TEXT    PRIMARY KEY,
    person_id    INTEGER NOT NULL REFERENCES people (id),
    method       TEXT    NOT NULL CHECK (method IN ('link', 'password')),
    created_at   INTEGER NOT NULL,
    last_seen_at INTEGER NOT NULL,
    ended_at     INTEGER,
    rotate       BOOLEAN NOT NULL DEFAULT FALSE
);
CREATE INDEX sessions_person ON sessions (person_id);

-- Failed password sign-ins, by account (`person:<id>`) and by client address (`address:<ip>`),
-- for the limits; rows older than the limit's window are deleted as new ones come.
CREATE TABLE sign_in_failures (
    scope TEXT    NOT NULL,
    at    INTEGER NOT NULL
);
CREATE INDEX sign_in_failures_scope ON sign_in_failures (scope, at);

-- Who made each key (a member's address, or the shell's actor), and until when a rolled key
-- keeps working.
ALTER TABLE api_keys ADD COLUMN created_by TEXT;
ALTER TABLE api_keys ADD COLUMN expires_at INTEGER;

-- When each key's last request was counted by the rate limit (the section's "last used").
ALTER TABLE rate_counts ADD COLUMN last_at INTEGER;
