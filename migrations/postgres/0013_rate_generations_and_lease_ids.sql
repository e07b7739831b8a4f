-- The rate limit's rows are written by one statement per batch that applies to a key only while
-- its count row is as the batch read it (`gate::ledger`): `generation` moves with every write.
-- On SQLite the batch holds the write lock, so it always is; the column keeps both backends'
-- tables alike.
ALTER TABLE rate_counts ADD COLUMN generation BIGINT NOT NULL DEFAULT 0;

-- A lease is told from every other by its server and an id of that server's, so that giving it
-- back twice frees its places once, even if another lease of the key ends at the same moment.
-- Leases last 50 ms: those out while this runs are forgotten (their places stay counted until
-- they leave the window).
DROP TABLE rate_leases;
CREATE UNLOGGED TABLE rate_leases (
    key_id  BIGINT NOT NULL,
    holder  BIGINT NOT NULL,
    id      BIGINT NOT NULL,
    ends_at BIGINT NOT NULL,
    places  BIGINT NOT NULL,
    PRIMARY KEY (key_id, holder, id)
);

-- The rate limit's rows come and go thousands of times a second. Vacuum must never cut the
-- tables' empty ends off: that takes a lock every request's read waits for (hundreds of
-- milliseconds at a time, seen at 30,000 requests/s). And it comes after fewer dead rows than
-- the default share of a table.
ALTER TABLE rate_counts SET (vacuum_truncate = false, autovacuum_vacuum_scale_factor = 0,
    autovacuum_vacuum_threshold = 2000);
ALTER TABLE rate_stamps SET (vacuum_truncate = false, autovacuum_vacuum_scale_factor = 0,
    autovacuum_vacuum_threshold = 2000);
ALTER TABLE rate_leases SET (vacuum_truncate = false, autovacuum_vacuum_scale_factor = 0,
    autovacuum_vacuum_threshold = 2000);
