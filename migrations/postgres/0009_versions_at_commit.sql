-- The `versions` row was updated by statement triggers as each change was made, so a transaction
-- held the row's lock from its first change to its end. Two writers that then wanted each other's
-- rows (a tournament's, which registrations lock) each waited for the other, and Postgres broke
-- the tie by failing one of them ("deadlock detected"). The numbers now move at commit, by
-- deferred constraint triggers, once per transaction and counter: the row is the last lock a
-- writer takes, held only while it commits, and is never part of a wait cycle. Readers see the
-- new numbers with the change, as before.
-- A transaction-local setting marks a counter already moved by this transaction.
CREATE FUNCTION move_keys_version_once() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    IF current_setting('tourney.keys_moved', true) IS DISTINCT FROM 'yes' THEN
        UPDATE versions SET keys = keys + 1;
        PERFORM set_config('tourney.keys_moved', 'yes', true);
    END IF;
END $$;
CREATE FUNCTION move_data_version_once() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    IF current_setting('tourney.data_moved', true) IS DISTINCT FROM 'yes' THEN
        UPDATE versions SET data = data + 1;
        PERFORM set_config('tourney.data_moved', 'yes', true);
    END IF;
END $$;

CREATE OR REPLACE FUNCTION bump_keys_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM move_keys_version_once();
    RETURN NULL;
END $$;
CREATE OR REPLACE FUNCTION bump_data_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM move_data_version_once();
    RETURN NULL;
END $$;
CREATE OR REPLACE FUNCTION bump_both_versions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM move_keys_version_once();
    PERFORM move_data_version_once();
    RETURN NULL;
END $$;

DROP TRIGGER api_keys_changed ON api_keys;
DROP TRIGGER spaces_changed ON spaces;
DROP TRIGGER tournaments_changed ON tournaments;
DROP TRIGGER participants_changed ON participants;
DROP TRIGGER stages_changed ON stages;
DROP TRIGGER matches_changed ON matches;
DROP TRIGGER match_results_changed ON match_results;

CREATE CONSTRAINT TRIGGER api_keys_changed AFTER INSERT OR UPDATE OR DELETE ON api_keys
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_keys_version();
CREATE CONSTRAINT TRIGGER spaces_changed AFTER INSERT OR UPDATE OR DELETE ON spaces
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_both_versions();
CREATE CONSTRAINT TRIGGER tournaments_changed AFTER INSERT OR UPDATE OR DELETE ON tournaments
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_data_version();
CREATE CONSTRAINT TRIGGER participants_changed AFTER INSERT OR UPDATE OR DELETE ON participants
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_data_version();
CREATE CONSTRAINT TRIGGER stages_changed AFTER INSERT OR UPDATE OR DELETE ON stages
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_data_version();
CREATE CONSTRAINT TRIGGER matches_changed AFTER INSERT OR UPDATE OR DELETE ON matches
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_data_version();
CREATE CONSTRAINT TRIGGER match_results_changed AFTER INSERT OR UPDATE OR DELETE ON match_results
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_data_version();
