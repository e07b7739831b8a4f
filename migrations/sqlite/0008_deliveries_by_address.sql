-- The delivery loop claims per address: for each address with room, its own due deliveries,
-- oldest first, so that one address's backlog never stands in front of another's. This index
-- finds them (and an address's expired leases) without reading any other address's rows.
CREATE INDEX deliveries_hook_due ON deliveries (hook_id, status, next_attempt_at);
