-- Names are now compared without their invisible characters (zero-width spaces, joiners, fillers)
-- and with every run of spaces as one (`domain::names::name_key`). The stored keys of names that
-- hold such characters, or two spaces in a row, may differ from the new rule: they are cleared,
-- and registration compares those few rows by their names, as it does rows older than the keys.
UPDATE participants SET name_key = NULL
    WHERE name ~ '[\u00AD\u034F\u061C\u115F-\u1160\u17B4-\u17B5\u180B-\u180F\u200B-\u200F\u202A-\u202E\u2060-\u206F\u3164\uFE00-\uFE0F\uFEFF\uFFA0\uFFF0-\uFFF8\U0001BCA0-\U0001BCA3\U0001D173-\U0001D17A\U000E0000-\U000E0FFF\u00A0\u1680\u2000-\u200A\u2028-\u2029\u202F\u205F\u3000\u0009]' OR name LIKE '%  %';
