-- Those still on the waiting list when a tournament starts are not admitted: their own status,
-- `not_admitted`, outside the field like `waiting` (docs/portal.md "Check-in, teams and the
-- waiting list").
ALTER TABLE participants DROP CONSTRAINT participants_status_check;
ALTER TABLE participants ADD CONSTRAINT participants_status_check
    CHECK (status IN ('active', 'withdrawn', 'disqualified', 'waiting', 'not_admitted'));

-- `field_size` counts the field: neither withdrawn, waiting, nor not admitted.
DROP TRIGGER participants_moved ON participants;
CREATE OR REPLACE FUNCTION keep_field_size() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP <> 'INSERT' THEN
        IF OLD.status NOT IN ('withdrawn', 'waiting', 'not_admitted') THEN
            UPDATE tournaments SET field_size = field_size - 1 WHERE id = OLD.tournament_id;
        END IF;
    END IF;
    IF TG_OP <> 'DELETE' THEN
        IF NEW.status NOT IN ('withdrawn', 'waiting', 'not_admitted') THEN
            UPDATE tournaments SET field_size = field_size + 1 WHERE id = NEW.tournament_id;
        END IF;
    END IF;
    RETURN NULL;
END $$;
CREATE TRIGGER participants_moved AFTER UPDATE OF status ON participants
    FOR EACH ROW WHEN ((OLD.status NOT IN ('withdrawn', 'waiting', 'not_admitted'))
        IS DISTINCT FROM (NEW.status NOT IN ('withdrawn', 'waiting', 'not_admitted')))
    EXECUTE FUNCTION keep_field_size();
