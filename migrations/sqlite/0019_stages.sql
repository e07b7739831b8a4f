-- Stages (docs/engine.md "Stages"): a Swiss played to win and loss thresholds, the stages an
-- organiser adds after a tournament's own (before its start), and who plays each stage drawn
-- after the first, in its own seed order.
ALTER TABLE tournaments ADD COLUMN advance_wins INTEGER CHECK (advance_wins >= 1);
ALTER TABLE tournaments ADD COLUMN eliminate_losses INTEGER CHECK (eliminate_losses >= 1);

-- The stages after the tournament's own (and after a groups_playoffs' playoff), in order:
-- `position` 1 is the first added. Each is fed by the best `take` of the stage before it, or
-- the best `per_group` of each of its groups.
CREATE TABLE stage_plans (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    tournament_id    INTEGER NOT NULL REFERENCES tournaments (id),
    position         INTEGER NOT NULL CHECK (position >= 1),
    type             TEXT    NOT NULL CHECK (type IN ('single_elimination', 'double_elimination', 'round_robin',
                         'swiss', 'groups')),
    name             TEXT    NOT NULL,
    third_place      BOOLEAN NOT NULL DEFAULT FALSE,
    group_count      INTEGER CHECK (group_count >= 1),
    rounds           INTEGER CHECK (rounds >= 1),
    advance_wins     INTEGER CHECK (advance_wins >= 1),
    eliminate_losses INTEGER CHECK (eliminate_losses >= 1),
    take             INTEGER CHECK (take >= 2),
    per_group        INTEGER CHECK (per_group >= 1),
    created_at       INTEGER NOT NULL,
    CHECK ((take IS NULL) <> (per_group IS NULL)),
    UNIQUE (tournament_id, position)
);

-- The players of a stage drawn from the one before it, by the stage's own seed.
CREATE TABLE stage_entrants (
    stage_id       INTEGER NOT NULL REFERENCES stages (id),
    participant_id INTEGER NOT NULL REFERENCES participants (id),
    seed           INTEGER NOT NULL CHECK (seed >= 1),
    PRIMARY KEY (stage_id, participant_id),
    UNIQUE (stage_id, seed)
);
