-- Registrations made on the portal: the player's email address (private: only admins see it, in
-- `tourney tournaments registrations`) and the SHA-256 of the private withdrawal link shown once
-- on the confirmation page.
ALTER TABLE participants ADD COLUMN email TEXT;
ALTER TABLE participants ADD COLUMN withdrawal_hash TEXT;
CREATE UNIQUE INDEX participants_withdrawal ON participants (withdrawal_hash);

-- Keys the servers sign with (the portal's form tokens), created once and shared by every server
-- on the database.
CREATE TABLE site_keys (
    name       TEXT    PRIMARY KEY,
    secret     TEXT    NOT NULL,
    created_at INTEGER NOT NULL
);
