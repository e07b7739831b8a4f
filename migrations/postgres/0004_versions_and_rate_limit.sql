-- What every server checks before it answers from memory: `keys` counts changes to API keys and
-- spaces (who may read what), `data` changes to what readers see (spaces, tournaments, their
-- participants, stages, matches and results). Triggers bump them in the transaction of the change,
-- whichever process makes it, so a server that reads a higher number knows its cached answers
-- and key directory are out of date.
CREATE TABLE versions (
    id   BIGINT PRIMARY KEY CHECK (id = 1),
    keys BIGINT NOT NULL,
    data BIGINT NOT NULL
);
INSERT INTO versions (id, keys, data) VALUES (1, 0, 0);

CREATE FUNCTION bump_keys_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE versions SET keys = keys + 1;
    RETURN NULL;
END $$;
CREATE FUNCTION bump_data_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE versions SET data = data + 1;
    RETURN NULL;
END $$;
CREATE FUNCTION bump_both_versions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE versions SET keys = keys + 1, data = data + 1;
    RETURN NULL;
END $$;

CREATE TRIGGER api_keys_changed AFTER INSERT OR UPDATE OR DELETE ON api_keys
    FOR EACH STATEMENT EXECUTE FUNCTION bump_keys_version();
CREATE TRIGGER spaces_changed AFTER INSERT OR UPDATE OR DELETE ON spaces
    FOR EACH STATEMENT EXECUTE FUNCTION bump_both_versions();
CREATE TRIGGER tournaments_changed AFTER INSERT OR UPDATE OR DELETE ON tournaments
    FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();
CREATE TRIGGER participants_changed AFTER INSERT OR UPDATE OR DELETE ON participants
    FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();
CREATE TRIGGER stages_changed AFTER INSERT OR UPDATE OR DELETE ON stages
    FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();
CREATE TRIGGER matches_changed AFTER INSERT OR UPDATE OR DELETE ON matches
    FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();
CREATE TRIGGER match_results_changed AFTER INSERT OR UPDATE OR DELETE ON match_results
    FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();

-- The API rate limit of every key, shared by every server on the database (`db::rate_windows`):
-- the requests accepted in the current window, one row per key and slot of 100 ms (how many, and
-- the latest one's time in Unix ms by the database's clock; the row leaves the window with it),
-- and per key how many that makes. A server settles a batch of requests holding the keys'
-- `rate_counts` rows, so `rate_stamps` needs no lock (nor a foreign key) of its own.
-- UNLOGGED: no WAL for rows written at every request; after a crash both tables are emptied, which
-- forgets the last minute's requests.
CREATE UNLOGGED TABLE rate_counts (
    key_id  BIGINT PRIMARY KEY REFERENCES api_keys (id),
    used    BIGINT NOT NULL
);
CREATE UNLOGGED TABLE rate_stamps (
    key_id  BIGINT NOT NULL,
    slot    BIGINT NOT NULL,
    n       BIGINT NOT NULL,
    last_at BIGINT NOT NULL,
    PRIMARY KEY (key_id, slot)
);
