-- Players report their own results (docs/portal.md "Reporting your match"): a tournament may let
-- the two registrants of a ready match report it, one side claiming a result and the other
-- confirming or disputing it; a claim nobody answers within the window is confirmed.
--
-- NULL: only organisers report; otherwise how long (milliseconds) an opponent has to answer.
ALTER TABLE tournaments ADD COLUMN self_report_within INTEGER CHECK (self_report_within > 0);

-- At most one open claim per match. The sides are kept as they were when it was made: a claim
-- whose match no longer has them (a correction reset it) is closed. A claim is deleted when a
-- result stands (confirmed, by the window, or an organiser's report); the audit log keeps it.
CREATE TABLE match_claims (
    id                INTEGER PRIMARY KEY AUTOINCREMENT,
    match_id          INTEGER NOT NULL UNIQUE REFERENCES matches (id),
    tournament_id     INTEGER NOT NULL REFERENCES tournaments (id),
    a_participant_id  INTEGER NOT NULL REFERENCES participants (id),
    b_participant_id  INTEGER NOT NULL REFERENCES participants (id),
    -- Which side claimed, and what: a score, a forfeit by one side, or both.
    claimed_by        TEXT    NOT NULL CHECK (claimed_by IN ('a', 'b')),
    score_a           INTEGER CHECK (score_a >= 0),
    score_b           INTEGER CHECK (score_b >= 0),
    forfeit           TEXT    CHECK (forfeit IN ('a', 'b')),
    claimed_at        INTEGER NOT NULL,
    -- When an unanswered claim is confirmed.
    due_at            INTEGER NOT NULL,
    -- The other side's answer, when it disputed: then its own result.
    disputed_at       INTEGER,
    dispute_score_a   INTEGER CHECK (dispute_score_a >= 0),
    dispute_score_b   INTEGER CHECK (dispute_score_b >= 0),
    dispute_forfeit   TEXT    CHECK (dispute_forfeit IN ('a', 'b'))
);
CREATE INDEX match_claims_tournament ON match_claims (tournament_id);
CREATE INDEX match_claims_due ON match_claims (due_at) WHERE disputed_at IS NULL;
CREATE TRIGGER match_claims_inserted AFTER INSERT ON match_claims BEGIN UPDATE versions SET data = data + 1; END;
CREATE TRIGGER match_claims_updated AFTER UPDATE ON match_claims BEGIN UPDATE versions SET data = data + 1; END;
CREATE TRIGGER match_claims_deleted AFTER DELETE ON match_claims BEGIN UPDATE versions SET data = data + 1; END;
