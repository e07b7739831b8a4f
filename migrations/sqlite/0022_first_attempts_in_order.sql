-- First attempts in event order (docs/webhooks.md "Order").
--
-- Each address's deliveries still waiting for their first attempt (or leased for it), in event
-- order: a claim takes a first attempt only when no earlier one to the same address is waiting,
-- and reads no further than the few it may take.
CREATE INDEX deliveries_first_attempts ON deliveries (hook_id, id)
    WHERE attempts = 0 AND status IN ('pending', 'in_flight');
-- Each address's retries due, by due time, without reading the first attempts queued before
-- them (`status` is in the key as in `deliveries_hook_due`, so that SQLite, finding both equally
-- fit, takes this smaller one).
CREATE INDEX deliveries_retries_due ON deliveries (hook_id, status, next_attempt_at)
    WHERE attempts > 0 AND status = 'pending';
