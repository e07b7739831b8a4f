-- What two registrations in one tournament's field must not share, kept beside the name and the
-- address so that a registration finds a clash through an index instead of reading the whole
-- field: the name with Unicode compatibility forms folded and case ignored, and the address
-- without case (both computed by the service, which owns the rule). Rows older than this
-- migration have neither; a registration reads those and compares them itself.
ALTER TABLE participants ADD COLUMN name_key TEXT;
ALTER TABLE participants ADD COLUMN email_key TEXT;
CREATE INDEX participants_name_key ON participants (tournament_id, name_key) WHERE status <> 'withdrawn';
CREATE INDEX participants_email_key ON participants (tournament_id, email_key) WHERE status <> 'withdrawn';

-- How many players a tournament's field holds (withdrawn ones aside), kept by the database with
-- every change to a participant, so that a registration checks the capacity without counting.
ALTER TABLE tournaments ADD COLUMN field_size INTEGER NOT NULL DEFAULT 0;
UPDATE tournaments SET field_size = (SELECT COUNT(*) FROM participants p
    WHERE p.tournament_id = tournaments.id AND p.status <> 'withdrawn');
CREATE TRIGGER participants_joined AFTER INSERT ON participants WHEN NEW.status <> 'withdrawn'
BEGIN UPDATE tournaments SET field_size = field_size + 1 WHERE id = NEW.tournament_id; END;
CREATE TRIGGER participants_left AFTER UPDATE OF status ON participants
    WHEN OLD.status <> 'withdrawn' AND NEW.status = 'withdrawn'
BEGIN UPDATE tournaments SET field_size = field_size - 1 WHERE id = NEW.tournament_id; END;
CREATE TRIGGER participants_returned AFTER UPDATE OF status ON participants
    WHEN OLD.status = 'withdrawn' AND NEW.status <> 'withdrawn'
BEGIN UPDATE tournaments SET field_size = field_size + 1 WHERE id = NEW.tournament_id; END;
CREATE TRIGGER participants_removed AFTER DELETE ON participants WHEN OLD.status <> 'withdrawn'
BEGIN UPDATE tournaments SET field_size = field_size - 1 WHERE id = OLD.tournament_id; END;
