-- Postgres moves the `versions` numbers at commit from this migration on, so that the row's lock
-- is never part of a wait between writers. SQLite runs one write transaction at a time, so its
-- triggers, which bump the numbers as each change is made, stay as they are. This file keeps the
-- two migration histories in step.
SELECT 1;
