-- Registration like the peers' (docs/portal.md "Check-in, teams and the waiting list"):
-- a check-in window before the start and what happens to those who miss it, teams with rosters,
-- and a waiting list for a full tournament.
--
-- The window is kept as durations before `starts_at`, so moving the start moves it too.
ALTER TABLE tournaments ADD COLUMN check_in_opens_before  BIGINT CHECK (check_in_opens_before > 0);
ALTER TABLE tournaments ADD COLUMN check_in_closes_before BIGINT CHECK (check_in_closes_before >= 0);
ALTER TABLE tournaments ADD COLUMN no_show TEXT CHECK (no_show IN ('bottom_seed', 'remove'));
-- When the window's result was applied (at its close, by hand, or at the start); once only.
ALTER TABLE tournaments ADD COLUMN check_in_processed_at BIGINT;
ALTER TABLE tournaments ADD COLUMN team_min BIGINT CHECK (team_min >= 1);
ALTER TABLE tournaments ADD COLUMN team_max BIGINT CHECK (team_max >= team_min);
ALTER TABLE tournaments ADD COLUMN incomplete_rosters BOOLEAN NOT NULL DEFAULT FALSE;
-- How many may wait for a place; NULL: no waiting list.
ALTER TABLE tournaments ADD COLUMN waiting_list BIGINT CHECK (waiting_list >= 1);

-- A participant may now be `waiting` (on the list, not in the field), carries the time they
-- checked in and, in a team tournament, the roster (a JSON array of display names).
ALTER TABLE participants DROP CONSTRAINT participants_status_check;
ALTER TABLE participants ADD CONSTRAINT participants_status_check
    CHECK (status IN ('active', 'withdrawn', 'disqualified', 'waiting'));
ALTER TABLE participants ADD COLUMN checked_in_at BIGINT;
ALTER TABLE participants ADD COLUMN roster TEXT;
-- The waiting list in its order.
CREATE INDEX participants_waiting ON participants (tournament_id, id) WHERE status = 'waiting';

-- `field_size` counts the field: neither withdrawn nor waiting.
DROP TRIGGER participants_moved ON participants;
CREATE OR REPLACE FUNCTION keep_field_size() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP <> 'INSERT' THEN
        IF OLD.status NOT IN ('withdrawn', 'waiting') THEN
            UPDATE tournaments SET field_size = field_size - 1 WHERE id = OLD.tournament_id;
        END IF;
    END IF;
    IF TG_OP <> 'DELETE' THEN
        IF NEW.status NOT IN ('withdrawn', 'waiting') THEN
            UPDATE tournaments SET field_size = field_size + 1 WHERE id = NEW.tournament_id;
        END IF;
    END IF;
    RETURN NULL;
END $$;
CREATE TRIGGER participants_moved AFTER UPDATE OF status ON participants
    FOR EACH ROW WHEN ((OLD.status NOT IN ('withdrawn', 'waiting'))
        IS DISTINCT FROM (NEW.status NOT IN ('withdrawn', 'waiting')))
    EXECUTE FUNCTION keep_field_size();
