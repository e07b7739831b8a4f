-- Where a space's tournaments are played (docs/portal.md "Sharing"): a venue's name and address
-- as one line, which the tournament pages' structured data gives as the event's location.
-- Empty: the tournaments are played online.
ALTER TABLE spaces ADD COLUMN place TEXT;
