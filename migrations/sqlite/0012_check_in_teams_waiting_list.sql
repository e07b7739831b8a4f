-- Registration like the peers' (docs/portal.md "Check-in, teams and the waiting list"):
-- a check-in window before the start and what happens to those who miss it, teams with rosters,
-- and a waiting list for a full tournament.
--
-- The window is kept as durations before `starts_at`, so moving the start moves it too.
ALTER TABLE tournaments ADD COLUMN check_in_opens_before  INTEGER CHECK (check_in_opens_before > 0);
ALTER TABLE tournaments ADD COLUMN check_in_closes_before INTEGER CHECK (check_in_closes_before >= 0);
ALTER TABLE tournaments ADD COLUMN no_show TEXT CHECK (no_show IN ('bottom_seed', 'remove'));
-- When the window's result was applied (at its close, by hand, or at the start); once only.
ALTER TABLE tournaments ADD COLUMN check_in_processed_at INTEGER;
ALTER TABLE tournaments ADD COLUMN team_min INTEGER CHECK (team_min >= 1);
ALTER TABLE tournaments ADD COLUMN team_max INTEGER CHECK (team_max >= team_min);
ALTER TABLE tournaments ADD COLUMN incomplete_rosters BOOLEAN NOT NULL DEFAULT FALSE;
-- How many may wait for a place; NULL: no waiting list.
ALTER TABLE tournaments ADD COLUMN waiting_list INTEGER CHECK (waiting_list >= 1);

-- A participant may now be `waiting` (on the list, not in the field), carries the time they
-- checked in and, in a team tournament, the roster (a JSON array of display names). SQLite
-- cannot widen a CHECK, so the table is made again with its rows, indexes and triggers; the
-- rows of `matches` and `match_results` that name participants are checked at commit, after
-- every row is back under its own id.
PRAGMA defer_foreign_keys = ON;
CREATE TABLE participants_before_0012 AS SELECT * FROM participants;
DROP TABLE participants;
CREATE TABLE participants (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    tournament_id   INTEGER NOT NULL REFERENCES tournaments (id),
    name            TEXT    NOT NULL,
    seed            INTEGER CHECK (seed >= 1),
    place           INTEGER CHECK (place >= 1),
    place_to        INTEGER CHECK (place_to >= place),
    status          TEXT    NOT NULL CHECK (status IN ('active', 'withdrawn', 'disqualified', 'waiting')),
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
        withdrawn_at, email, withdrawal_hash, name_key, email_key)
    SELECT id, tournament_id, name, seed, place, place_to, status, registered_at, withdrawn_at,
        email, withdrawal_hash, name_key, email_key
    FROM participants_before_0012;
DROP TABLE participants_before_0012;

CREATE INDEX participants_tournament ON participants (tournament_id);
CREATE UNIQUE INDEX participants_name ON participants (tournament_id, name) WHERE status <> 'withdrawn';
CREATE UNIQUE INDEX participants_withdrawal ON participants (withdrawal_hash);
CREATE INDEX participants_name_key ON participants (tournament_id, name_key) WHERE status <> 'withdrawn';
CREATE INDEX participants_email_key ON participants (tournament_id, email_key) WHERE status <> 'withdrawn';
-- The waiting list in its order.
CREATE INDEX participants_waiting ON participants (tournament_id, id) WHERE status = 'waiting';
CREATE TRIGGER participants_inserted AFTER INSERT ON participants BEGIN UPDATE versions SET data = data + 1; END;
CREATE TRIGGER participants_updated AFTER UPDATE ON participants BEGIN UPDATE versions SET data = data + 1; END;
CREATE TRIGGER participants_deleted AFTER DELETE ON participants BEGIN UPDATE versions SET data = data + 1; END;

-- `field_size` counts the field: neither withdrawn nor waiting.
UPDATE tournaments SET field_size = (SELECT COUNT(*) FROM participants p
    WHERE p.tournament_id = tournaments.id AND p.status NOT IN ('withdrawn', 'waiting'));
CREATE TRIGGER participants_joined AFTER INSERT ON participants
    WHEN NEW.status NOT IN ('withdrawn', 'waiting')
BEGIN UPDATE tournaments SET field_size = field_size + 1 WHERE id = NEW.tournament_id; END;
CREATE TRIGGER participants_left AFTER UPDATE OF status ON participants
    WHEN OLD.status NOT IN ('withdrawn', 'waiting') AND NEW.status IN ('withdrawn', 'waiting')
BEGIN UPDATE tournaments SET field_size = field_size - 1 WHERE id = NEW.tournament_id; END;
CREATE TRIGGER participants_returned AFTER UPDATE OF status ON participants
    WHEN OLD.status IN ('withdrawn', 'waiting') AND NEW.status NOT IN ('withdrawn', 'waiting')
BEGIN UPDATE tournaments SET field_size = field_size + 1 WHERE id = NEW.tournament_id; END;
CREATE TRIGGER participants_removed AFTER DELETE ON participants
    WHEN OLD.status NOT IN ('withdrawn', 'waiting')
BEGIN UPDATE tournaments SET field_size = field_size - 1 WHERE id = OLD.tournament_id; END;
