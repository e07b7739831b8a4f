-- Which signature headers an address receives (docs/webhooks.md "Signature"): the
-- specification's `Svc-Webhook-*` and Standard Webhooks' `webhook-*` (both, the default), or one
-- set alone.
ALTER TABLE hooks ADD COLUMN signature_headers TEXT NOT NULL DEFAULT 'both'
    CHECK (signature_headers IN ('both', 'specification', 'standard'));
