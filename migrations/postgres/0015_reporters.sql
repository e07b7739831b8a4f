-- A third role: `reporter`, who checks players in and reports and corrects results at the desk
-- (the venue's match desk), and sees no other form.
ALTER TABLE members DROP CONSTRAINT members_role_check;
ALTER TABLE members ADD CONSTRAINT members_role_check
    CHECK (role IN ('owner', 'administrator', 'reporter'));
