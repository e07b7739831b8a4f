-- What every server checks before it answers from memory: `keys` counts changes to API keys and
-- spaces (who may read what), `data` changes to what readers see (spaces, tournaments, their
-- participants, stages, matches and results). Triggers bump them in the transaction of the change,
-- whichever process makes it, so a server that reads a higher number knows its cached answers
-- and key directory are out of date.
CREATE TABLE versions (
    id   INTEGER PRIMARY KEY CHECK (id = 1),
    keys INTEGER NOT NULL,
    data INTEGER NOT NULL
);
INSERT INTO versions (id, keys, data) VALUES (1, 0, 0);

CREATE TRIGGER api_keys_inserted AFTER INSERT ON api_keys BEGIN UPDATE versions SET keys = keys + 1; END;
CREATE TRIGGER api_keys_updated AFTER UPDATE ON api_keys BEGIN UPDATE versions SET keys = keys + 1; END;
CREATE TRIGGER api_keys_deleted AFTER DELETE ON api_keys BEGIN UPDATE versions SET keys = keys + 1; END;
CREATE TRIGGER spaces_inserted AFTER INSERT ON spaces BEGIN UPDATE versions SET keys = keys + 1, data = data + 1; END;
CREATE TRIGGER spaces_updated AFTER UPDATE ON spaces BEGIN UPDATE versions SET keys = keys + 1, data = data + 1; END;
CREATE TRIGGER spaces_deleted AFTER DELETE ON spaces BEGIN UPDATE versions SET keys = keys + 1, data = data + 1; END;
CREATE TRIGGER tournaments_inserted AFTER INSERT ON tournaments BEGIN UPDATE versions SET data = data + 1; END;
CREATE TRIGGER tournaments_updated AFTER UPDATE ON tournaments BEGIN UPDATE versions SET data = data + 1; END;
CREATE TRIGGER tournaments_deleted AFTER DELETE ON tournaments BEGIN UPDATE versions SET data = data + 1; END;
CREATE TRIGGER participants_inserted AFTER INSERT ON participants BEGIN UPDATE versions SET data = data + 1; END;
CREATE TRIGGER participants_updated AFTER UPDATE ON participants BEGIN UPDATE versions SET data = data + 1; END;
CREATE TRIGGER participants_deleted AFTER DELETE ON participants BEGIN UPDATE versions SET data = data + 1; END;
CREATE TRIGGER stages_inserted AFTER INSERT ON stages BEGIN UPDATE versions SET data = data + 1; END;
CREATE TRIGGER stages_updated AFTER UPDATE ON stages BEGIN UPDATE versions SET data = data + 1; END;
CREATE TRIGGER stages_deleted AFTER DELETE ON stages BEGIN UPDATE versions SET data = data + 1; END;
CREATE TRIGGER matches_inserted AFTER INSERT ON matches BEGIN UPDATE versions SET data = data + 1; END;
CREATE TRIGGER matches_updated AFTER UPDATE ON matches BEGIN UPDATE versions SET data = data + 1; END;
CREATE TRIGGER matches_deleted AFTER DELETE ON matches BEGIN UPDATE versions SET data = data + 1; END;
CREATE TRIGGER match_results_inserted AFTER INSERT ON match_results BEGIN UPDATE versions SET data = data + 1; END;
CREATE TRIGGER match_results_updated AFTER UPDATE ON match_results BEGIN UPDATE versions SET data = data + 1; END;
CREATE TRIGGER match_results_deleted AFTER DELETE ON match_results BEGIN UPDATE versions SET data = data + 1; END;

-- The API rate limit of every key, shared by every server on the database (`db::rate_windows`):
-- the requests accepted in the current window, one row per key and slot of 100 ms (how many, and
-- the latest one's time in Unix ms by the database's clock; the row leaves the window with it),
-- and per key how many that makes. A server settles a batch of requests holding the keys'
-- `rate_counts` rows, so `rate_stamps` needs no lock (nor a foreign key) of its own.
CREATE TABLE rate_counts (
    key_id  INTEGER PRIMARY KEY REFERENCES api_keys (id),
    used    INTEGER NOT NULL
);
CREATE TABLE rate_stamps (
    key_id  INTEGER NOT NULL,
    slot    INTEGER NOT NULL,
    n       INTEGER NOT NULL,
    last_at INTEGER NOT NULL,
    PRIMARY KEY (key_id, slot)
);
