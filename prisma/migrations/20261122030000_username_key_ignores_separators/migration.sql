-- Usernames are now compared with separators removed ("Ad min", "Ad-min" and "Admin_" are all
-- "admin"), so lookalikes cannot register beside a name. Recompute every stored key.
--
-- Existing accounts that now share a key: one keeps the name's key (the one whose stored key
-- already equals it, otherwise the oldest), the others keep their old key. An old key of a
-- lookalike always contains a space or '-', which a new key never does, so the unique index
-- holds throughout. Such accounts cannot log in by name until an operator renames them: each is
-- listed in audit_log as 'account.username_lookalike'.

CREATE TEMPORARY TABLE username_keys ON COMMIT DROP AS
SELECT id, username, "usernameKey" AS old_key, new_key,
       row_number() OVER (PARTITION BY new_key ORDER BY ("usernameKey" = new_key) DESC, id) AS rank,
       first_value(username) OVER (PARTITION BY new_key ORDER BY ("usernameKey" = new_key) DESC, id) AS keeper
FROM (SELECT id, username, "usernameKey", lower(regexp_replace(btrim(username), '[[:space:]_-]', '', 'g')) AS new_key FROM "users") AS u;

UPDATE "users" AS u
SET "usernameKey" = k.new_key
FROM username_keys AS k
WHERE u.id = k.id AND k.rank = 1 AND u."usernameKey" <> k.new_key;

INSERT INTO "audit_log" ("actorLabel", "action", "targetType", "targetId", "data")
SELECT 'migration', 'account.username_lookalike', 'user', k.id::text,
       jsonb_build_object('username', k.username, 'lookalikeOf', k.keeper, 'keptKey', k.old_key)
FROM username_keys AS k
WHERE k.rank > 1;
