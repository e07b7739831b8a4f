-- Where a space's tournaments are played (docs/portal.md "Sharing and calendars"): a venue's name
-- and address as one line, which the tournament pages' structured data and calendar events give
-- as their location. Empty: the tournaments are played online. `updated_at` is when the space
-- last changed (0 until it does), so calendar events that show its place are revised with it.
ALTER TABLE spaces ADD COLUMN place TEXT;
ALTER TABLE spaces ADD COLUMN updated_at BIGINT NOT NULL DEFAULT 0;
