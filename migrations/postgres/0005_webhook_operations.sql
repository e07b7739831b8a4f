-- Address health, kept with every attempt: the last delivery that succeeded, since when every
-- attempt has failed (NULL while the latest succeeded) and how many in a row. An address is
-- disabled (disabled_at, and why: the receiver answered 410 Gone, or every attempt failed for
-- the configured time) until an admin enables it; its deliveries wait meanwhile.
ALTER TABLE hooks ADD COLUMN last_success_at BIGINT;
ALTER TABLE hooks ADD COLUMN failing_since BIGINT;
ALTER TABLE hooks ADD COLUMN failure_streak BIGINT NOT NULL DEFAULT 0;
ALTER TABLE hooks ADD COLUMN disabled_at BIGINT;
ALTER TABLE hooks ADD COLUMN disabled_reason TEXT CHECK (disabled_reason IN ('gone', 'failing'));

-- Why an attempt failed, in words its receiver's owner can act on (an unknown certificate
-- issuer, an expired certificate, a refused connection, ...).
ALTER TABLE attempts ADD COLUMN error_reason TEXT;
