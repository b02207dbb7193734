-- Each app process keeps the credentials it has checked for a while
-- (lib/server/credential-cache.ts). Whatever ends or narrows a credential must reach every process at once,
-- whichever code makes the change (a route, a job, the admin CLI, a hand-written UPDATE): so the
-- database announces it itself, in the writing transaction, on the channel auth_changes.
-- Payload: "user:<id>", "session:<id>", "family:<id>", or "*" (everything: a TRUNCATE).
CREATE FUNCTION "notify_auth_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('auth_changes', '*');
  ELSIF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('auth_changes', 'user:' || OLD."id");
  ELSIF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('auth_changes', 'session:' || OLD."id");
  ELSE
    PERFORM pg_notify('auth_changes', 'family:' || OLD."id");
  END IF;
  RETURN NULL;
END
$$;

-- What an actor is made of (lib/server/sessions/authenticate-request.ts): a ban, the account's
-- state, its rank and privilege, its name and email.
CREATE TRIGGER "users_auth_change" AFTER UPDATE ON "users" FOR EACH ROW
  WHEN (OLD."bannedAt" IS DISTINCT FROM NEW."bannedAt" OR OLD."bannedUntil" IS DISTINCT FROM NEW."bannedUntil"
     OR OLD."isActive" IS DISTINCT FROM NEW."isActive" OR OLD."privilege" IS DISTINCT FROM NEW."privilege"
     OR OLD."memberRank" IS DISTINCT FROM NEW."memberRank" OR OLD."username" IS DISTINCT FROM NEW."username"
     OR OLD."email" IS DISTINCT FROM NEW."email")
  EXECUTE FUNCTION "notify_auth_change"();
CREATE TRIGGER "users_auth_delete" AFTER DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "notify_auth_change"();
CREATE TRIGGER "users_auth_truncate" AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "notify_auth_change"();

-- A session revoked, cut short or moved to another account (the idle touch is left out: the
-- process that touches keeps its own copy up to date, and the others only ever read an earlier
-- expiry, which sends them to the database).
CREATE TRIGGER "sessions_auth_change" AFTER UPDATE ON "sessions" FOR EACH ROW
  WHEN (OLD."revokedAt" IS DISTINCT FROM NEW."revokedAt" OR OLD."absoluteExpiresAt" IS DISTINCT FROM NEW."absoluteExpiresAt"
     OR OLD."scope" IS DISTINCT FROM NEW."scope" OR OLD."userId" IS DISTINCT FROM NEW."userId")
  EXECUTE FUNCTION "notify_auth_change"();
CREATE TRIGGER "sessions_auth_delete" AFTER DELETE ON "sessions" FOR EACH ROW EXECUTE FUNCTION "notify_auth_change"();
CREATE TRIGGER "sessions_auth_truncate" AFTER TRUNCATE ON "sessions" FOR EACH STATEMENT EXECUTE FUNCTION "notify_auth_change"();

CREATE TRIGGER "refresh_token_families_auth_change" AFTER UPDATE ON "refresh_token_families" FOR EACH ROW
  WHEN (OLD."revokedAt" IS DISTINCT FROM NEW."revokedAt" OR OLD."userId" IS DISTINCT FROM NEW."userId")
  EXECUTE FUNCTION "notify_auth_change"();
CREATE TRIGGER "refresh_token_families_auth_delete" AFTER DELETE ON "refresh_token_families" FOR EACH ROW EXECUTE FUNCTION "notify_auth_change"();
CREATE TRIGGER "refresh_token_families_auth_truncate" AFTER TRUNCATE ON "refresh_token_families" FOR EACH STATEMENT EXECUTE FUNCTION "notify_auth_change"();
