-- The whole data model of tourney. Times are Unix milliseconds (UTC); ids are integers that the
-- application shows with a prefix (spc_1, trn_7, evt_42). The Postgres twin of this file has the
-- same tables, columns and constraints; only the column types and identity syntax differ.

CREATE TABLE spaces (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    slug        TEXT    NOT NULL UNIQUE,
    name        TEXT    NOT NULL,
    locale      TEXT    NOT NULL CHECK (locale IN ('en', 'ru')),
    created_at  INTEGER NOT NULL
);

-- API keys: only the SHA-256 of the key is stored; `prefix` is the first characters, for lists.
CREATE TABLE api_keys (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    space_id     INTEGER NOT NULL REFERENCES spaces (id),
    name         TEXT,
    prefix       TEXT    NOT NULL,
    key_hash     TEXT    NOT NULL UNIQUE,
    created_at   INTEGER NOT NULL,
    revoked_at   INTEGER,
    last_used_at INTEGER
);
CREATE INDEX api_keys_space ON api_keys (space_id);

CREATE TABLE tournaments (
    id                     INTEGER PRIMARY KEY AUTOINCREMENT,
    space_id               INTEGER NOT NULL REFERENCES spaces (id),
    slug                   TEXT    NOT NULL UNIQUE,
    name                   TEXT    NOT NULL,
    game                   TEXT    NOT NULL,
    format                 TEXT    NOT NULL CHECK (format IN ('single_elimination', 'double_elimination',
                               'round_robin', 'swiss', 'groups_playoffs', 'free_for_all')),
    status                 TEXT    NOT NULL CHECK (status IN ('DRAFT', 'ANNOUNCED', 'REGISTRATION_OPEN',
                               'REGISTRATION_CLOSED', 'IN_PROGRESS', 'COMPLETED', 'CANCELLED')),
    test                   BOOLEAN NOT NULL DEFAULT FALSE,
    max_participants       INTEGER NOT NULL CHECK (max_participants >= 2),
    description            TEXT,
    third_place            BOOLEAN NOT NULL DEFAULT FALSE,
    group_count            INTEGER CHECK (group_count >= 1),
    advance_per_group      INTEGER CHECK (advance_per_group >= 1),
    -- swiss and free_for_all: how many rounds are played.
    rounds                 INTEGER CHECK (rounds >= 1),
    -- free_for_all: JSON array of points for places 1, 2, 3, ...
    points_scale           TEXT,
    starts_at              INTEGER NOT NULL,
    ends_at                INTEGER,
    registration_opens_at  INTEGER,
    registration_closes_at INTEGER,
    created_at             INTEGER NOT NULL,
    updated_at             INTEGER NOT NULL
);
CREATE INDEX tournaments_space ON tournaments (space_id, starts_at);

-- A participant is also its registration: registered_at / withdrawn_at are the registration's times.
CREATE TABLE participants (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    name          TEXT    NOT NULL,
    seed          INTEGER CHECK (seed >= 1),
    place         INTEGER CHECK (place >= 1),
    place_to      INTEGER CHECK (place_to >= place),
    status        TEXT    NOT NULL CHECK (status IN ('active', 'withdrawn', 'disqualified')),
    registered_at INTEGER NOT NULL,
    withdrawn_at  INTEGER
);
CREATE INDEX participants_tournament ON participants (tournament_id);
-- A name may register again after withdrawing, but is never in the field twice.
CREATE UNIQUE INDEX participants_name ON participants (tournament_id, name) WHERE status <> 'withdrawn';

CREATE TABLE stages (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    number        INTEGER NOT NULL CHECK (number >= 1),
    type          TEXT    NOT NULL CHECK (type IN ('single_elimination', 'double_elimination', 'round_robin',
                      'swiss', 'groups', 'free_for_all')),
    name          TEXT    NOT NULL,
    status        TEXT    NOT NULL CHECK (status IN ('pending', 'running', 'completed')),
    UNIQUE (tournament_id, number)
);

CREATE TABLE matches (
    id                 INTEGER PRIMARY KEY AUTOINCREMENT,
    tournament_id      INTEGER NOT NULL REFERENCES tournaments (id),
    stage_id           INTEGER NOT NULL REFERENCES stages (id),
    bracket            TEXT    CHECK (bracket IN ('winners', 'losers', 'grand_final', 'third_place')),
    group_label        TEXT,
    round              INTEGER NOT NULL CHECK (round >= 1),
    position           INTEGER NOT NULL CHECK (position >= 1),
    status             TEXT    NOT NULL CHECK (status IN ('pending', 'ready', 'in_progress', 'completed',
                           'cancelled')),
    a_participant_id   INTEGER REFERENCES participants (id),
    b_participant_id   INTEGER REFERENCES participants (id),
    bye                BOOLEAN NOT NULL DEFAULT FALSE,
    score_a            INTEGER,
    score_b            INTEGER,
    winner             TEXT    CHECK (winner IN ('a', 'b', 'draw')),
    forfeit            BOOLEAN NOT NULL DEFAULT FALSE,
    -- Bracket wiring: where the winner and the loser of this match go next.
    winner_to_match_id INTEGER REFERENCES matches (id),
    winner_to_slot     TEXT    CHECK (winner_to_slot IN ('a', 'b')),
    loser_to_match_id  INTEGER REFERENCES matches (id),
    loser_to_slot      TEXT    CHECK (loser_to_slot IN ('a', 'b')),
    scheduled_at       INTEGER,
    completed_at       INTEGER,
    updated_at         INTEGER NOT NULL
);
CREATE INDEX matches_tournament ON matches (tournament_id);
CREATE UNIQUE INDEX matches_place
    ON matches (stage_id, COALESCE(bracket, ''), COALESCE(group_label, ''), round, position);

-- Free-for-all rounds: every participant of the round gets a place and points.
CREATE TABLE match_results (
    match_id       INTEGER NOT NULL REFERENCES matches (id),
    participant_id INTEGER NOT NULL REFERENCES participants (id),
    place          INTEGER NOT NULL CHECK (place >= 1),
    points         INTEGER NOT NULL,
    PRIMARY KEY (match_id, participant_id)
);

-- The outbox. `body` holds the exact envelope bytes that are signed and sent.
CREATE TABLE events (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    space_id      INTEGER NOT NULL REFERENCES spaces (id),
    tournament_id INTEGER REFERENCES tournaments (id),
    type          TEXT    NOT NULL,
    body          TEXT    NOT NULL,
    created_at    INTEGER NOT NULL
);
CREATE INDEX events_space ON events (space_id, id);

-- Webhook addresses. `event_types` is NULL for every type, else a comma-separated list.
CREATE TABLE hooks (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    space_id    INTEGER NOT NULL REFERENCES spaces (id),
    url         TEXT    NOT NULL,
    event_types TEXT,
    status      TEXT    NOT NULL CHECK (status IN ('active', 'removed')),
    created_at  INTEGER NOT NULL,
    removed_at  INTEGER
);
CREATE INDEX hooks_space ON hooks (space_id, status);

-- Signing secrets: a rotation adds a secret and gives the old one an expiry; every unexpired
-- secret signs.
CREATE TABLE hook_secrets (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    hook_id    INTEGER NOT NULL REFERENCES hooks (id),
    secret     TEXT    NOT NULL,
    created_at INTEGER NOT NULL,
    expires_at INTEGER
);
CREATE INDEX hook_secrets_hook ON hook_secrets (hook_id);

CREATE TABLE deliveries (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    event_id        INTEGER NOT NULL REFERENCES events (id),
    hook_id         INTEGER NOT NULL REFERENCES hooks (id),
    status          TEXT    NOT NULL CHECK (status IN ('pending', 'in_flight', 'succeeded', 'failed')),
    attempts        INTEGER NOT NULL DEFAULT 0,
    next_attempt_at INTEGER,
    lease_token     TEXT,
    lease_until     INTEGER,
    created_at      INTEGER NOT NULL,
    updated_at      INTEGER NOT NULL,
    UNIQUE (event_id, hook_id)
);
CREATE INDEX deliveries_due ON deliveries (status, next_attempt_at);
CREATE INDEX deliveries_hook ON deliveries (hook_id, id);

CREATE TABLE attempts (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    delivery_id      INTEGER NOT NULL REFERENCES deliveries (id),
    number           INTEGER NOT NULL CHECK (number >= 1),
    trigger          TEXT    NOT NULL CHECK (trigger IN ('scheduled', 'manual', 'ping')),
    started_at       INTEGER NOT NULL,
    duration_ms      INTEGER NOT NULL,
    status_code      INTEGER,
    error_class      TEXT    CHECK (error_class IN ('dns', 'blocked', 'connect', 'tls', 'timeout', 'http')),
    peer_addr        TEXT,
    response_excerpt TEXT
);
CREATE INDEX attempts_delivery ON attempts (delivery_id, number);

-- Every administrative action: who, what, on what, when.
CREATE TABLE audit_log (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    space_id   INTEGER REFERENCES spaces (id),
    actor      TEXT    NOT NULL,
    action     TEXT    NOT NULL,
    target     TEXT,
    details    TEXT,
    created_at INTEGER NOT NULL
);
CREATE INDEX audit_log_space ON audit_log (space_id, id);
