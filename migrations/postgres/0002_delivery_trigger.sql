-- What starts a delivery's next attempt: the automatic schedule, a manual retry (`hooks retry`,
-- after the delivery failed) or the test event (`ping`). Recorded on the attempt as its trigger.
ALTER TABLE deliveries ADD COLUMN next_trigger TEXT NOT NULL DEFAULT 'scheduled'
    CHECK (next_trigger IN ('scheduled', 'manual', 'ping'));
-- Claims look deliveries up by their claim token.
CREATE INDEX deliveries_lease ON deliveries (lease_token);
