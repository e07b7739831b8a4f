-- Password sign-ins are limited by their tries, each taken before the password's hash is
-- computed: one row per scope (`account:<address typed>` or `address:<client address>`)
-- holding the times of its tries in the window, checked and extended by one statement, so that
-- sign-ins sent together can never take more tries than the limit. A sign-in that succeeds
-- clears its account's tries and gives its client address's try back. Failures counted before
-- this are forgotten (a lock lasts at most 15 minutes anyway).
DROP TABLE sign_in_failures;
CREATE TABLE sign_in_tries (
    scope   TEXT    PRIMARY KEY,
    times   BIGINT[] NOT NULL,
    last_at BIGINT NOT NULL
);
CREATE INDEX sign_in_tries_last ON sign_in_tries (last_at);

-- A session given a new token (its person's role changed) keeps answering to the token before
-- it until `previous_until`, so a page another tab loaded, or a request already on its way,
-- still works; a password change or "sign out everywhere" ends the person's other sessions.
ALTER TABLE sessions ADD COLUMN previous_hash TEXT;
ALTER TABLE sessions ADD COLUMN previous_until BIGINT;
CREATE INDEX sessions_previous ON sessions (previous_hash);

-- What `serve` last said about itself: the base URL its links use (`served_base_url`), so that
-- shell commands printing links use the same one.
CREATE TABLE site_settings (
    name       TEXT    PRIMARY KEY,
    value      TEXT    NOT NULL,
    updated_at BIGINT NOT NULL
);
