-- What was typed as a username on a failed sign-in, or as an address on a reset request, is no longer kept in the
-- audit trail (people type passwords there by mistake): the lines written before keep no name that is no account's.
UPDATE "audit_events" SET "target" = 'unknown'
WHERE "event" IN ('signin.failure', 'signin.throttled', 'password.reset.request')
  AND "target" IS NOT NULL AND "target" NOT LIKE 'unknown:%'
  AND "target" NOT IN (SELECT lower("username") FROM "users")
  AND "target" NOT IN (SELECT lower("email") FROM "users");
