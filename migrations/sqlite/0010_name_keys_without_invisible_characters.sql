-- Names are now compared without their invisible characters (zero-width spaces, joiners, fillers)
-- and with every run of spaces as one (`domain::names::name_key`). The stored keys of names that
-- hold such characters, or two spaces in a row, may differ from the new rule: they are cleared,
-- and registration compares those few rows by their names, as it does rows older than the keys.
-- The class below lists those characters themselves (SQLite's GLOB takes no escapes).
UPDATE participants SET name_key = NULL
    WHERE name GLOB '*[­͏؜ᅟ-ᅠ឴-឵᠋-᠏​-‏‪-‮⁠-⁯ㅤ︀-️﻿ﾠ￰-￸𛲠-𛲣𝅳-𝅺󠀀-󠿿   -  -   　	]*' OR name LIKE '%  %';
