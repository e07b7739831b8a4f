-- The servers that settle the API's rate limit on this database, each with the database time it
-- last did (written at most once a second, inside a batch). On SQLite, a server that finds no
-- other one seen within a window may meet another process's long write by counting requests
-- alone until the writer lets go (`gate::ledger`); servers that share the file wait for the
-- writer instead, since servers that cannot write cannot share a count. `holder` is random per
-- server process, as in `rate_leases`. Postgres keeps the table empty: a writer that holds a
-- lock there for long is a database that does not answer.
CREATE UNLOGGED TABLE rate_servers (
    holder  BIGINT PRIMARY KEY,
    seen_at BIGINT NOT NULL
);
