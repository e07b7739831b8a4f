-- A third role: `reporter`, who checks players in and reports and corrects results at the desk
-- (the venue's match desk), and sees no other form. SQLite cannot change a CHECK in place: the
-- table is copied into one with the new rule.
CREATE TABLE members_new (
    space_id   INTEGER NOT NULL REFERENCES spaces (id),
    person_id  INTEGER NOT NULL REFERENCES people (id),
    role       TEXT    NOT NULL CHECK (role IN ('owner', 'administrator', 'reporter')),
    added_at   INTEGER NOT NULL,
    PRIMARY KEY (space_id, person_id)
);
INSERT INTO members_new (space_id, person_id, role, added_at)
    SELECT space_id, person_id, role, added_at FROM members;
DROP TABLE members;
ALTER TABLE members_new RENAME TO members;
CREATE INDEX members_person ON members (person_id);
