-- A player's claim that ended without its result standing (docs/portal.md "Reporting your
-- match"): the match's sides changed under it (a reseed, a correction that reset it), the match
-- was removed, or the tournament's players stopped reporting. The claim moves here from
-- match_claims in the write that made it moot, so the claimant's page can say what happened and
-- no later answer or sweep can apply it to a pairing nobody claimed. Claims that ended with a
-- result (confirmed, by the window, or an organiser's report) are deleted as before.
CREATE TABLE closed_claims (
    id                INTEGER PRIMARY KEY,
    -- The match may since have been removed: no reference.
    match_id          INTEGER NOT NULL,
    tournament_id     INTEGER NOT NULL REFERENCES tournaments (id),
    a_participant_id  INTEGER NOT NULL REFERENCES participants (id),
    b_participant_id  INTEGER NOT NULL REFERENCES participants (id),
    claimed_by        TEXT    NOT NULL CHECK (claimed_by IN ('a', 'b')),
    score_a           INTEGER CHECK (score_a >= 0),
    score_b           INTEGER CHECK (score_b >= 0),
    forfeit           TEXT    CHECK (forfeit IN ('a', 'b')),
    claimed_at        INTEGER NOT NULL,
    due_at            INTEGER NOT NULL,
    disputed_at       INTEGER,
    dispute_score_a   INTEGER CHECK (dispute_score_a >= 0),
    dispute_score_b   INTEGER CHECK (dispute_score_b >= 0),
    dispute_forfeit   TEXT    CHECK (dispute_forfeit IN ('a', 'b')),
    closed_at         INTEGER NOT NULL,
    reason            TEXT    NOT NULL CHECK (reason IN ('sides_changed', 'match_removed', 'reports_off'))
);
CREATE INDEX closed_claims_tournament ON closed_claims (tournament_id, closed_at);
CREATE TRIGGER closed_claims_inserted AFTER INSERT ON closed_claims BEGIN UPDATE versions SET data = data + 1; END;
