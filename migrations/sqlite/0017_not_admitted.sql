-- Those still on the waiting list when a tournament starts are not admitted: their own status,
-- `not_admitted`, outside the field like `waiting` (docs/portal.md "Check-in, teams and the
-- waiting list"). SQLite cannot widen a CHECK, so the table is made again with its rows,
-- indexes and triggers, as 0012 did; the rows that name participants (matches, results,
-- claims) are checked at commit, after every row is back under its own id.
PRAGMA defer_foreign_keys = ON;
CREATE TABLE participants_before_0017 AS SELECT * FROM participants;
DROP TABLE participants;
CREATE TABLE participants (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    tournament_id   INTEGER NOT NULL REFERENCES tournaments (id),
    name            TEXT    NOT NULL,
    seed            INTEGER CHECK (seed >= 1),
    place           INTEGER CHECK (place >= 1),
    place_to        INTEGER CHECK (place_to >= place),
    status          TEXT    NOT NULL
        CHECK (status IN ('active', 'withdrawn', 'disqualified', 'waiting', 'not_admitted')),
    registered_at   INTEGER NOT NULL,
    withdrawn_at    INTEGER,
    email           TEXT,
    withdrawal_hash TEXT,
    name_key        TEXT,
    email_key       TEXT,
    checked_in_at   INTEGER,
    roster          TEXT
);
INSERT INTO participants (id, tournament_id, name, seed, place, place_to, status, registered_at,
        withdrawn_at, email, withdrawal_hash, name_key, email_key, checked_in_at, roster)
    SELECT id, tournament_id, name, seed, place, place_to, status, registered_at, withdrawn_at,
        email, withdrawal_hash, name_key, email_key, checked_in_at, roster
    FROM participants_before_0017;
DROP TABLE participants_before_0017;

CREATE INDEX participants_tournament ON participants (tournament_id);
CREATE UNIQUE INDEX participants_name ON participants (tournament_id, name) WHERE status <> 'withdrawn';
CREATE UNIQUE INDEX participants_withdrawal ON participants (withdrawal_hash);
CREATE INDEX participants_name_key ON participants (tournament_id, name_key) WHERE status <> 'withdrawn';
CREATE INDEX participants_email_key ON participants (tournament_id, email_key) WHERE status <> 'withdrawn';
CREATE INDEX participants_waiting ON participants (tournament_id, id) WHERE status = 'waiting';
CREATE TRIGGER participants_inserted AFTER INSERT ON participants BEGIN UPDATE versions SET data = data + 1; END;
CREATE TRIGGER participants_updated AFTER UPDATE ON participants BEGIN UPDATE versions SET data = data + 1; END;
CREATE TRIGGER participants_deleted AFTER DELETE ON participants BEGIN UPDATE versions SET data = data + 1; END;

-- `field_size` counts the field: neither withdrawn, waiting, nor not admitted.
CREATE TRIGGER participants_joined AFTER INSERT ON participants
    WHEN NEW.status NOT IN ('withdrawn', 'waiting', 'not_admitted')
BEGIN UPDATE tournaments SET field_size = field_size + 1 WHERE id = NEW.tournament_id; END;
CREATE TRIGGER participants_left AFTER UPDATE OF status ON participants
    WHEN OLD.status NOT IN ('withdrawn', 'waiting', 'not_admitted')
        AND NEW.status IN ('withdrawn', 'waiting', 'not_admitted')
BEGIN UPDATE tournaments SET field_size = field_size - 1 WHERE id = NEW.tournament_id; END;
CREATE TRIGGER participants_returned AFTER UPDATE OF status ON participants
    WHEN OLD.status IN ('withdrawn', 'waiting', 'not_admitted')
        AND NEW.status NOT IN ('withdrawn', 'waiting', 'not_admitted')
BEGIN UPDATE tournaments SET field_size = field_size + 1 WHERE id = NEW.tournament_id; END;
CREATE TRIGGER participants_removed AFTER DELETE ON participants
    WHEN OLD.status NOT IN ('withdrawn', 'waiting', 'not_admitted')
BEGIN UPDATE tournaments SET field_size = field_size - 1 WHERE id = OLD.tournament_id; END;
