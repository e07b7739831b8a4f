-- A delivery holds a lease only while an attempt of it is under way: the index of leases keeps
-- those alone. Recording an attempt, which lets go of its lease, then writes nothing to this
-- index, and the index stays the size of the deliveries in flight however many were delivered.
-- Every lookup by lease names a token (`lease_token = ?`), which both databases' planners read
-- as `lease_token IS NOT NULL`.
DROP INDEX deliveries_lease;
CREATE INDEX deliveries_lease ON deliveries (lease_token) WHERE lease_token IS NOT NULL;
