-- Events in an order a receiver can rely on (docs/webhooks.md "Order").
--
-- Each space's clock: the `created_at` of its latest event. The next event of the space is
-- stamped max(the writer's time, this + 1 ms) and the row moved to it, in the transaction that
-- writes the event, so that a space's events carry distinct `created_at`, increasing in the
-- order they were written (and with their `evt_<n>`), however many writers there are.
CREATE TABLE event_clocks (
    space_id BIGINT PRIMARY KEY REFERENCES spaces (id),
    last_at  BIGINT NOT NULL
);
INSERT INTO event_clocks (space_id, last_at)
    SELECT space_id, MAX(created_at) FROM events GROUP BY space_id;
