-- Places of a key's window lent to one server for a moment (`db::rate_windows`): a server that
-- sees a key busy takes a few places at once and accepts that key's next requests from memory
-- until the lease ends. The places are counted in `rate_counts` and stamped in `rate_stamps` at
-- the lease's end (so none leaves the window before a request that used it); the server gives
-- back what it did not use when the lease ends, deleting the row. While a key's window is full
-- and a lease is out, a request waits for the lease to come back rather than being refused for
-- places nobody used. A row whose server never came back (it died) is dropped a second after its
-- end, its places counted as used. `holder` is random per server process.
CREATE UNLOGGED TABLE rate_leases (
    key_id  BIGINT NOT NULL,
    holder  BIGINT NOT NULL,
    ends_at BIGINT NOT NULL,
    slot    BIGINT NOT NULL,
    places  BIGINT NOT NULL,
    PRIMARY KEY (key_id, holder, ends_at)
);

-- The server that last settled each key's request: a lease goes only to a server that alone
-- has been serving the key, so that while a key's requests are spread over servers every one is
-- counted in the database as it comes, and the `RateLimit-*` headers of every server agree.
ALTER TABLE rate_counts ADD COLUMN holder BIGINT;
