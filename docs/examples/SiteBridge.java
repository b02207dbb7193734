// SiteBridge: a game server's client of the website's game bridge (docs/game-integration.md).
// Java 11+ (java.net.http.HttpClient) and Gson (com.google.code.gson:gson, which most server
// bases already ship) for JSON. Every call blocks: run them on a worker thread or an executor,
// never on the game tick thread.
import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

public final class SiteBridge {

    /** How the game hands one delivery to a player. */
    public interface DeliveryHandler {
        /** True when this delivery id is already recorded in the player's save (granted before, ack lost). */
        boolean alreadyGranted(Delivery delivery);

        /**
         * Gives the delivery to the player and records its id in their save, as one step.
         * Answers false when it cannot be given now (full inventory, player gone): it is then
         * not acked and comes back in a later claim.
         */
        boolean grant(Delivery delivery);
    }

    /**
     * One delivery: its id, its kind, and its payload, whose fields are fixed by the kind
     * (docs/game-integration.md, Deliveries). Read the payload through the kind's accessor.
     */
    public static final class Delivery {
        public final long id;
        /** store_item, credit_package, vote_reward, competition_prize, vote_streak_reward or vote_monthly_prize; a later site may send kinds this class does not know yet. */
        public final String kind;
        /** The payload as sent (for logs, and for a kind this class does not know yet). */
        public final JsonObject payload;

        Delivery(JsonObject o) {
            this.id = o.get("id").getAsLong();
            this.kind = o.get("kind").getAsString();
            this.payload = o.getAsJsonObject("payload");
        }

        /** The payload of a store_item. */
        public StoreItem storeItem() {
            expectKind("store_item");
            return new StoreItem(payload);
        }

        /** The payload of a credit_package. */
        public CreditPackage creditPackage() {
            expectKind("credit_package");
            return new CreditPackage(payload);
        }

        /** The payload of a vote_reward. */
        public VoteReward voteReward() {
            expectKind("vote_reward");
            return new VoteReward(payload);
        }

        /** The payload of a competition_prize. */
        public CompetitionPrize competitionPrize() {
            expectKind("competition_prize");
            return new CompetitionPrize(payload);
        }

        /** The payload of a vote_streak_reward. */
        public VoteStreakReward voteStreakReward() {
            expectKind("vote_streak_reward");
            return new VoteStreakReward(payload);
        }

        /** The payload of a vote_monthly_prize. */
        public VoteMonthlyPrize voteMonthlyPrize() {
            expectKind("vote_monthly_prize");
            return new VoteMonthlyPrize(payload);
        }

        private void expectKind(String wanted) {
            if (!kind.equals(wanted)) throw new IllegalStateException("delivery " + id + " is a " + kind + ", not a " + wanted);
        }
    }

    /** store_item: give quantity of item itemId. */
    public static final class StoreItem {
        public final int itemId;
        /** 1 or more. */
        public final int quantity;
        /** The product's name, for messages and logs; null when the site no longer knows it. */
        public final String name;

        StoreItem(JsonObject p) {
            this.itemId = p.get("item_id").getAsInt();
            this.quantity = p.get("quantity").getAsInt();
            this.name = p.get("name").isJsonNull() ? null : p.get("name").getAsString();
        }
    }

    /** credit_package: add total() to the player's in-game credits. */
    public static final class CreditPackage {
        public final int credits;
        public final int bonusCredits;

        CreditPackage(JsonObject p) {
            this.credits = p.get("credits").getAsInt();
            this.bonusCredits = p.get("bonus_credits").getAsInt();
        }

        /** credits + bonusCredits (a long: each may be up to 2^31-1). */
        public long total() {
            return (long) credits + bonusCredits;
        }
    }

    /** vote_reward: add points vote points as sent (the site has applied the donator bonus already). */
    public static final class VoteReward {
        public final int points;
        /** The listing site's key (runelocus, rsps_list, runelist); null when the site no longer knows it. */
        public final String site;

        VoteReward(JsonObject p) {
            this.points = p.get("points").getAsInt();
            this.site = p.get("site").isJsonNull() ? null : p.get("site").getAsString();
        }
    }

    /** competition_prize: give quantity of item itemId, won for placement in the competition. */
    public static final class CompetitionPrize {
        public final long competitionId;
        /** The competition's name, for messages and logs. */
        public final String competition;
        /** 1 for the winner. */
        public final int placement;
        public final int itemId;
        /** 1 or more. */
        public final int quantity;

        CompetitionPrize(JsonObject p) {
            this.competitionId = p.get("competition_id").getAsLong();
            this.competition = p.get("competition").getAsString();
            this.placement = p.get("placement").getAsInt();
            this.itemId = p.get("item_id").getAsInt();
            this.quantity = p.get("quantity").getAsInt();
        }
    }

    /** vote_streak_reward: add points bonus vote points as sent, for streakDays days of votes in a row. */
    public static final class VoteStreakReward {
        public final int streakDays;
        public final int points;

        VoteStreakReward(JsonObject p) {
            this.streakDays = p.get("streak_days").getAsInt();
            this.points = p.get("points").getAsInt();
        }
    }

    /** vote_monthly_prize: for place among the top voters of month, give quantity of item itemId, or add points vote points. */
    public static final class VoteMonthlyPrize {
        /** YYYY-MM. */
        public final String month;
        public final int place;
        /** Set for an item prize (null for points). */
        public final Integer itemId;
        public final Integer quantity;
        /** Set for a points prize (null for an item). */
        public final Integer points;

        VoteMonthlyPrize(JsonObject p) {
            this.month = p.get("month").getAsString();
            this.place = p.get("place").getAsInt();
            this.itemId = p.get("item_id").isJsonNull() ? null : p.get("item_id").getAsInt();
            this.quantity = p.get("quantity").isJsonNull() ? null : p.get("quantity").getAsInt();
            this.points = p.get("points").isJsonNull() ? null : p.get("points").getAsInt();
        }
    }

    /** The login verdict: player set when ok, otherwise reason and message. */
    public static final class LoginResult {
        public final boolean ok;
        public final JsonObject player;
        /** invalid_credentials, two_factor_required, invalid_two_factor_code, banned, address_banned, email_unconfirmed. */
        public final String reason;
        public final String message;
        public final String banReason;
        /** The mute in force (player.mute), or null: the player may play but not talk. */
        public final JsonObject mute;

        LoginResult(JsonObject o) {
            this.ok = o.get("ok").getAsBoolean();
            this.player = ok ? o.getAsJsonObject("player") : null;
            this.reason = ok ? null : o.get("reason").getAsString();
            this.message = ok ? null : o.get("message").getAsString();
            this.banReason = ok || o.get("ban_reason").isJsonNull() ? null : o.get("ban_reason").getAsString();
            this.mute = ok && player.has("mute") && !player.get("mute").isJsonNull() ? player.getAsJsonObject("mute") : null;
        }
    }

    /** A call that failed: status 0 when the site could not be reached. */
    public static final class BridgeException extends IOException {
        public final int status;
        /** Seconds to wait from Retry-After on a 429, else 0. */
        public final long retryAfterSeconds;

        BridgeException(int status, long retryAfterSeconds, String message) {
            super(message);
            this.status = status;
            this.retryAfterSeconds = retryAfterSeconds;
        }
    }

    private static final int LEASE_SECONDS = 60;

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final String baseUrl;
    private final String apiKey;

    /** baseUrl like https://play.example.com; apiKey gsk_… from `npm run admin -- game-key create world-1 <scopes>`. */
    public SiteBridge(String baseUrl, String apiKey) {
        this.baseUrl = baseUrl.replaceAll("/+$", "");
        this.apiKey = apiKey;
    }

    // ── login ──

    /** code: null, or the 2FA code the player typed after a two_factor_required answer. ip: the player's address. */
    public LoginResult login(String username, String password, String code, String ip) throws IOException, InterruptedException {
        JsonObject body = new JsonObject();
        body.addProperty("username", username);
        body.addProperty("password", password);
        if (code != null) body.addProperty("code", code);
        body.addProperty("ip", ip);
        return new LoginResult(send("POST", "/api/v1/game/login", body));
    }

    // ── deliveries ──

    /**
     * Claims the player's pending deliveries, grants each through the handler, and acks the ids
     * that were granted (and only those). Answers how many were acked.
     */
    public int claimAndGrant(long playerId, DeliveryHandler handler) throws IOException, InterruptedException {
        JsonObject claimBody = new JsonObject();
        claimBody.addProperty("player_id", playerId);
        claimBody.addProperty("lease_seconds", LEASE_SECONDS);
        JsonObject claim = send("POST", "/api/v1/game/deliveries/claim", claimBody);
        if (claim.get("lease_id").isJsonNull()) return 0; // nothing pending

        List<Long> granted = new ArrayList<>();
        for (JsonElement e : claim.getAsJsonArray("deliveries")) {
            Delivery d = new Delivery(e.getAsJsonObject());
            // Granted earlier but the ack was lost (crash, lease ran out): ack again, never give twice.
            if (handler.alreadyGranted(d) || handler.grant(d)) granted.add(d.id);
        }
        if (granted.isEmpty()) return 0;

        JsonObject ackBody = new JsonObject();
        ackBody.addProperty("lease_id", claim.get("lease_id").getAsString());
        JsonArray ids = new JsonArray();
        granted.forEach(ids::add);
        ackBody.add("delivery_ids", ids);
        // Acking twice is harmless, so retry with backoff. If every try fails, the lease runs
        // out, a later claim hands the items out again, and alreadyGranted() stops a second grant.
        JsonObject ack = withRetries(() -> send("POST", "/api/v1/game/deliveries/ack", ackBody));
        for (JsonElement r : ack.getAsJsonArray("rejected")) {
            System.err.println("[site] delivery not acked: " + r);
        }
        return ack.getAsJsonArray("delivered").size();
    }

    /** How the game runs one server-wide event (docs/game-integration.md, Server events). */
    public interface ServerEventHandler {
        /** True when this event id is already recorded in the server's save (run before, ack lost). */
        boolean alreadyRun(long eventId);

        /**
         * Runs the event (e.g. type "double_xp" with its payload's "multiplier" and "minutes") and
         * records its id in the server's save, as one step. Answers false for a type this server
         * does not know: it is then not acked and stays queued.
         */
        boolean run(long eventId, String type, JsonObject payload);
    }

    /** Claims the pending server events, runs each through the handler, and acks the ids run. Answers how many were acked. */
    public int claimServerEvents(ServerEventHandler handler) throws IOException, InterruptedException {
        JsonObject claimBody = new JsonObject();
        claimBody.addProperty("lease_seconds", LEASE_SECONDS);
        JsonObject claim = send("POST", "/api/v1/game/server-events/claim", claimBody);
        if (claim.get("lease_id").isJsonNull()) return 0; // nothing pending

        List<Long> run = new ArrayList<>();
        for (JsonElement e : claim.getAsJsonArray("events")) {
            JsonObject ev = e.getAsJsonObject();
            long id = ev.get("id").getAsLong();
            // Run earlier but the ack was lost: ack again, never run twice.
            if (handler.alreadyRun(id) || handler.run(id, ev.get("type").getAsString(), ev.getAsJsonObject("payload"))) run.add(id);
        }
        if (run.isEmpty()) return 0;

        JsonObject ackBody = new JsonObject();
        ackBody.addProperty("lease_id", claim.get("lease_id").getAsString());
        JsonArray ids = new JsonArray();
        run.forEach(ids::add);
        ackBody.add("event_ids", ids);
        JsonObject ack = withRetries(() -> send("POST", "/api/v1/game/server-events/ack", ackBody));
        for (JsonElement r : ack.getAsJsonArray("rejected")) {
            System.err.println("[site] server event not acked: " + r);
        }
        return ack.getAsJsonArray("delivered").size();
    }

    // ── punishments ──

    /** One punishment event: what happened ("applied", "lifted", "expired") to which punishment. */
    public static final class PunishmentEvent {
        public final long id;
        public final String type;
        public final long punishmentId;
        public final long playerId;
        public final String playerName;
        /** warning, mute, ban, address_ban. */
        public final String kind;
        /** What to tell the player. */
        public final String message;
        /** address_ban: the address; else null. */
        public final String address;
        /** ISO 8601 end, or null: permanent. */
        public final String ends;

        PunishmentEvent(JsonObject o) {
            JsonObject p = o.getAsJsonObject("punishment");
            this.id = o.get("id").getAsLong();
            this.type = o.get("type").getAsString();
            this.punishmentId = p.get("id").getAsLong();
            this.playerId = p.get("player_id").getAsLong();
            this.playerName = p.get("player_name").getAsString();
            this.kind = p.get("kind").getAsString();
            this.message = p.get("message").getAsString();
            this.address = p.get("address").isJsonNull() ? null : p.get("address").getAsString();
            this.ends = p.get("ends").isJsonNull() ? null : p.get("ends").getAsString();
        }
    }

    /** How the game acts on a punishment event. */
    public interface PunishmentHandler {
        /** True when this event id is already recorded in the server's save (acted on before, ack lost). */
        boolean alreadyApplied(long eventId);

        /**
         * Acts on the event (mute or unmute the player if online, kick a banned one, tell a warned
         * one) and records its id in the server's save, as one step. Answers false to leave it
         * queued (it comes back in a later claim).
         */
        boolean apply(PunishmentEvent event);
    }

    /** Claims the punishment events not yet acted on, applies each through the handler, and acks the ids applied. Answers how many were acked. */
    public int claimPunishments(PunishmentHandler handler) throws IOException, InterruptedException {
        JsonObject claimBody = new JsonObject();
        claimBody.addProperty("lease_seconds", LEASE_SECONDS);
        JsonObject claim = send("POST", "/api/v1/game/punishments/claim", claimBody);
        if (claim.get("lease_id").isJsonNull()) return 0; // nothing pending

        List<Long> applied = new ArrayList<>();
        for (JsonElement e : claim.getAsJsonArray("events")) {
            PunishmentEvent ev = new PunishmentEvent(e.getAsJsonObject());
            // Applied earlier but the ack was lost: ack again, never apply twice.
            if (handler.alreadyApplied(ev.id) || handler.apply(ev)) applied.add(ev.id);
        }
        if (applied.isEmpty()) return 0;

        JsonObject ackBody = new JsonObject();
        ackBody.addProperty("lease_id", claim.get("lease_id").getAsString());
        JsonArray ids = new JsonArray();
        applied.forEach(ids::add);
        ackBody.add("event_ids", ids);
        JsonObject ack = withRetries(() -> send("POST", "/api/v1/game/punishments/ack", ackBody));
        for (JsonElement r : ack.getAsJsonArray("rejected")) {
            System.err.println("[site] punishment event not acked: " + r);
        }
        return ack.getAsJsonArray("delivered").size();
    }

    // ── hiscores, players online, ::store ──

    /**
     * experience: 23 values in the site's skill order (Attack, Defence, Strength, Hitpoints, …, Construction).
     * activities: activity key → the player's current total (kill count, clues, kills), e.g. "zulrah" → 318,
     * "clue_scrolls_all" → 41, "pvp_kills" → 120, "pvp_kill_streak" → 9; the keys are listed in
     * docs/game-integration.md. Keys left out keep their stored score; 0 takes the player off that ladder.
     * May be empty.
     */
    public void pushHiscores(long playerId, long[] experience, Map<String, Long> activities, String gameMode, String xpMode) throws IOException, InterruptedException {
        JsonObject body = new JsonObject();
        body.addProperty("player_id", playerId);
        body.addProperty("game_mode", gameMode); // regular, ironman, ultimate_ironman, hardcore_ironman, group_ironman
        body.addProperty("xp_mode", xpMode); // regular, 10x, 15x, 25x
        JsonArray xp = new JsonArray();
        for (long x : experience) xp.add(x);
        body.add("experience", xp);
        JsonObject scores = new JsonObject();
        activities.forEach(scores::addProperty);
        body.add("activities", scores);
        send("POST", "/api/v1/game/hiscores", body);
    }

    /** Call every minute per world. */
    public void reportPlayersOnline(int world, int count) throws IOException, InterruptedException {
        JsonObject body = new JsonObject();
        body.addProperty("world", world);
        body.addProperty("count", count);
        send("POST", "/api/v1/game/players-online", body);
    }

    /** ::store: a one-time link (5 minutes) that signs the player in on the site and opens /credits. */
    public String storeLink(long playerId) throws IOException, InterruptedException {
        JsonObject body = new JsonObject();
        body.addProperty("player_id", playerId);
        return send("POST", "/api/v1/game/store-link", body).get("url").getAsString();
    }

    // ── HTTP ──

    private JsonObject send(String method, String path, JsonObject body) throws IOException, InterruptedException {
        HttpRequest.Builder req = HttpRequest.newBuilder(URI.create(baseUrl + path))
                .timeout(Duration.ofSeconds(10))
                .header("X-Api-Key", apiKey)
                .header("Accept", "application/json");
        if (body == null) req.method(method, HttpRequest.BodyPublishers.noBody());
        else req.header("Content-Type", "application/json").method(method, HttpRequest.BodyPublishers.ofString(body.toString()));
        HttpResponse<String> res;
        try {
            res = http.send(req.build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new BridgeException(0, 0, "site unreachable: " + e);
        }
        if (res.statusCode() == 200) return JsonParser.parseString(res.body()).getAsJsonObject();
        long retryAfter = res.headers().firstValueAsLong("Retry-After").orElse(0);
        // 401: wrong or revoked key. 403: the key lacks this call's scope. 400: a field named in the body.
        throw new BridgeException(res.statusCode(), retryAfter, method + " " + path + " answered " + res.statusCode() + ": " + res.body());
    }

    private interface Call {
        JsonObject run() throws IOException, InterruptedException;
    }

    /** Retries unreachable sites, 429 and 5xx: 1 s, 2 s, 4 s apart (or as Retry-After says). */
    private static JsonObject withRetries(Call call) throws IOException, InterruptedException {
        long delay = 1;
        for (int attempt = 1; ; attempt++) {
            try {
                return call.run();
            } catch (BridgeException e) {
                boolean transientFailure = e.status == 0 || e.status == 429 || e.status >= 500;
                if (!transientFailure || attempt == 4) throw e;
                Thread.sleep(1000 * Math.max(delay, e.retryAfterSeconds));
                delay *= 2;
            }
        }
    }
}
