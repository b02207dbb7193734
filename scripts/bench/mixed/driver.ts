// The mixed load's driver (scripts/bench/mixed.ts): a closed-loop HTTP client of its own that
// times, checks and books every request under its kind, the virtual users and their scenarios,
// and the phases a run goes through (probe, warm-up, baseline, mix).
import { randomUUID } from "node:crypto";
import http from "node:http";
import { performance } from "node:perf_hooks";
import { GIFT_CARD_MESSAGES } from "../../../lib/server/giftcards/redeem-gift-card";
import { SKILLS } from "../../../lib/skills";
import { COUPON_ERRORS } from "../../../lib/store/pricing";
import { DEFAULT_PASSWORD } from "../../../tests/factories/user-factory";
import {
  BASELINE_S,
  CONNECTIONS,
  COUPON_PER_PLAYER,
  DURATION_S,
  GIFT_CARD_ATTEMPTS,
  GAME_SERVER_ADDRESS,
  type KindName,
  load,
  pick,
  rand,
  REQUEST_TIMEOUT_MS,
  ROWS,
  say,
  SCENARIO_WEIGHTS,
  USER_AGENT,
  VOTE_SITES,
  WARMUP_S,
} from "./config";

/**
 * The scenario sequence all virtual users draw from: one of each kind first (so even a
 * five-second smoke run sends every kind; a kind never sent fails the run), then smooth
 * weighted round-robin, which spreads each kind evenly through the run instead of in clumps.
 */
function scenarioPicker() {
  const current = SCENARIO_WEIGHTS.map(() => 0);
  const total = SCENARIO_WEIGHTS.reduce((n, [, w]) => n + w, 0);
  let first = 0;
  return (): KindName => {
    if (first < SCENARIO_WEIGHTS.length) return SCENARIO_WEIGHTS[first++]![0];
    let best = 0;
    for (let i = 0; i < current.length; i++) {
      current[i]! += SCENARIO_WEIGHTS[i]![1];
      if (current[i]! > current[best]!) best = i;
    }
    current[best]! -= total;
    return SCENARIO_WEIGHTS[best]![0];
  };
}

// ── HTTP client: keep-alive sockets, one request at a time per virtual user ─────────────────

export type Answer = { status: number; headers: http.IncomingHttpHeaders; text: string; ms: number };
export const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

/**
 * Requests sent once more because their reused keep-alive socket was reset before any answer
 * came (the server closing an idle socket as the request went out on it: the request is then
 * lost before the app sees it). Node's documentation recommends this one retry (`reusedSocket`);
 * the report prints the count. Had the app acted on the first copy, the checks afterwards would
 * see it: a card redeemed with no 200, a vote counted with no "accepted".
 */
export const resent = { count: 0 };

function send(
  port: number,
  method: string,
  urlPath: string,
  headers: Record<string, string>,
  body?: string,
  retried = false,
  started = performance.now(),
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const h = body === undefined ? headers : { ...headers, "content-length": String(Buffer.byteLength(body)) };
    const req = http.request({ host: "127.0.0.1", port, method, path: urlPath, headers: { "user-agent": USER_AGENT, ...h }, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString("utf8"), ms: performance.now() - started }),
      );
      res.on("error", reject);
    });
    req.setTimeout(REQUEST_TIMEOUT_MS, () => req.destroy(new Error(`no answer within ${REQUEST_TIMEOUT_MS / 1000} s`)));
    req.on("error", (e: NodeJS.ErrnoException) => {
      if (req.reusedSocket && e.code === "ECONNRESET" && !retried) {
        resent.count++;
        send(port, method, urlPath, headers, body, true, started).then(resolve, reject);
      } else reject(e);
    });
    req.end(body);
  });
}

// ── what was sent and what came back ────────────────────────────────────────────────────────

export type Phase = "probe" | "warmup" | "baseline" | "mix";
export type Bucket = { ms: number[]; errors: number; samples: string[] };
export const books: Record<Phase, Map<string, Bucket>> = { probe: new Map(), warmup: new Map(), baseline: new Map(), mix: new Map() };
let phase: Phase = "probe";

function bucket(kind: string): Bucket {
  const book = books[phase];
  let b = book.get(kind);
  if (!b) book.set(kind, (b = { ms: [], errors: 0, samples: [] }));
  return b;
}

/** Books one answer under its kind; `problem` (or a failed request) makes it an error. */
export function book(kind: string, answer: Answer | null, problem: string | null, what: string) {
  const b = bucket(kind);
  if (answer) b.ms.push(answer.ms);
  if (problem) {
    b.errors++;
    if (b.samples.length < 5) b.samples.push(`${what}: ${problem}`);
  }
}

/** Sends one request of `kind`, books it, and answers it when it met `check` (null: an error). */
export async function call(
  kind: KindName | "baseline",
  port: number,
  req: { method?: string; path: string; headers?: Record<string, string>; body?: string },
  check: (a: Answer) => string | null,
): Promise<Answer | null> {
  const what = `${req.method ?? "GET"} ${req.path.length > 90 ? `${req.path.slice(0, 90)}…` : req.path}`;
  let answer: Answer;
  try {
    answer = await send(port, req.method ?? "GET", req.path, req.headers ?? {}, req.body);
  } catch (e) {
    book(kind, null, e instanceof Error ? e.message : String(e), what);
    return null;
  }
  let problem: string | null;
  try {
    problem = check(answer);
  } catch (e) {
    problem = `unreadable answer (${e instanceof Error ? e.message : String(e)})`;
  }
  if (problem) problem = `${problem} [${answer.status}: ${answer.text.slice(0, 160).replace(/\s+/g, " ")}]`;
  book(kind, answer, problem, what);
  return problem ? null : answer;
}

export const status =
  (...ok: number[]) =>
  (a: Answer) =>
    ok.includes(a.status) ? null : `status ${a.status}, expected ${ok.join(" or ")}`;
export function jsonStatus<T>(code: number, test: (body: T) => string | null = () => null) {
  return (a: Answer) => (a.status !== code ? `status ${a.status}, expected ${code}` : test(JSON.parse(a.text) as T));
}

// ── the world the virtual users act in ──────────────────────────────────────────────────────

export type Player = {
  id: number;
  username: string;
  address: string;
  cookie: string;
  refresh: string;
  voteToken: string;
  xp: number[];
  kills: number;
  voted: Set<string>;
  claiming: boolean;
};
/** `price`: in force (the tier); `couponPrice`: with the run's coupon over it. */
export type Product = { id: number; price: number; couponPrice: number };
export type World = {
  app: number;
  baseline: number;
  site: string;
  gameKey: string;
  voteSecrets: Record<string, string>;
  players: Player[];
  products: Product[];
  coupons: { id: number; code: string }[];
  giftCards: { id: number; code: string; credits: number }[];
  guestPaths: string[];
  hiscorePaths: string[];
  forumPaths: string[];
  playerPaths: string[];
};

/** What the checks afterwards compare with the database. */
export const ledger = {
  orders: new Map<string, { playerId: number; price: number; credits: number }>(),
  retriedKeys: 0,
  twinKeys: 0,
  leases: 0,
  claimed: [] as number[],
  acked: [] as number[],
  votesAccepted: 0,
  votesDuplicate: 0,
  voteCallbacks: 0,
  /** Per coupon id: the orders it gave a discount to (by player), and the refusals seen. */
  coupons: new Map<number, { code: string; uses: Map<number, number>; usedUp: number; playerLimit: Set<number> }>(),
  couponRequests: 0,
  /** Per gift card sent for: who got the 200 (null: nobody), and how many requests were sent. */
  giftCards: new Map<number, { credits: number; winner: number | null; requests: number; refused: number }>(),
};
/** The coupon the mix is on (the next one once an answer says this one is used up). */
let couponAt = 0;
/** The next unused gift card. */
let giftCardAt = 0;
/** Gift card redemption attempts per player (the route allows GIFT_CARD_ATTEMPTS per 15 minutes). */
const giftCardAttempts = new Map<number, number>();
/** Scenarios so far, over every virtual user: which purchases and votes are sent twice. */
let purchases = 0;
let voteCallbacks = 0;
/** Players with a delivery waiting for the game (a purchase or a counted vote since their last claim). */
const pendingClaims = new Set<Player>();

function browserHeaders(w: World, p: Player, json = false): Record<string, string> {
  // What a browser sends on a same-origin fetch; the address is what our proxy would append.
  const h: Record<string, string> = { cookie: `session=${p.cookie}; signed_in=1`, "x-forwarded-for": p.address };
  if (json) Object.assign(h, { "content-type": "application/json", origin: w.site, "sec-fetch-site": "same-origin" });
  return h;
}

function grow(p: Player) {
  p.xp = p.xp.map((x) => Math.min(200_000_000, x + Math.floor(rand() * 40_000)));
  p.kills += 1 + Math.floor(rand() * 3);
}

async function vote(w: World, p: Player, site: (typeof VOTE_SITES)[number]): Promise<"accepted" | "duplicate" | null> {
  const params = new URLSearchParams({ [site.token]: p.voteToken, secret: w.voteSecrets[site.key]! });
  if (site.voterIp) params.set(site.voterIp, p.address);
  const base = `/api/v1/vote/callback/${site.key}`;
  const headers = { "x-forwarded-for": site.from };
  const req =
    site.how === "query"
      ? { path: `${base}?${params}`, headers }
      : site.how === "form"
        ? { method: "POST", path: base, headers: { ...headers, "content-type": "application/x-www-form-urlencoded" }, body: params.toString() }
        : { method: "POST", path: base, headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify(Object.fromEntries(params)) };
  ledger.voteCallbacks++;
  const a = await call(
    "vote callback",
    w.app,
    req,
    jsonStatus<{ status: string }>(200, (b) => (b.status === "accepted" || b.status === "duplicate" ? null : `status "${b.status}"`)),
  );
  return a ? (JSON.parse(a.text) as { status: "accepted" | "duplicate" }).status : null;
}

/** One virtual user: its own players (so a refresh token is never rotated by two users at once). */
class VirtualUser {
  private next = 0;
  private votes = 0;
  private readonly guestAddress: string;
  constructor(
    private readonly w: World,
    private readonly n: number,
    private readonly players: Player[],
  ) {
    this.guestAddress = `172.16.${(n >> 8) & 255}.${n & 255}`;
  }

  private player(): Player {
    return this.players[this.next++ % this.players.length]!;
  }

  async run(kind: KindName): Promise<void> {
    const w = this.w;
    switch (kind) {
      case "guest page": {
        const p = w.guestPaths[this.next++ % w.guestPaths.length]!;
        await call(kind, w.app, { path: p, headers: { "x-forwarded-for": this.guestAddress } }, status(200));
        return;
      }
      case "hiscores read":
        await call(kind, w.app, { path: pick(w.hiscorePaths), headers: { "x-forwarded-for": this.guestAddress } }, status(200));
        return;
      case "forum read":
        await call(kind, w.app, { path: pick(w.forumPaths), headers: { "x-forwarded-for": this.guestAddress } }, status(200));
        return;
      case "player page (signed in)": {
        const p = this.player();
        await call(kind, w.app, { path: pick(w.playerPaths), headers: browserHeaders(w, p) }, status(200));
        return;
      }
      case "login: website": {
        const p = this.player();
        const body = JSON.stringify({ username: p.username, password: DEFAULT_PASSWORD });
        const a = await call(kind, w.app, { method: "POST", path: "/api/v1/login", headers: browserHeaders(w, p, true), body }, (r) => {
          if (r.status !== 200) return `status ${r.status}, expected 200`;
          return /(^|,\s*)session=/.test(String(r.headers["set-cookie"])) ? null : "no session cookie";
        });
        const token = a && /session=([^;]+)/.exec(String(a.headers["set-cookie"]))?.[1];
        if (token) p.cookie = token;
        return;
      }
      case "login: API token": {
        const p = this.player();
        const body = JSON.stringify({ username: p.username, password: DEFAULT_PASSWORD });
        const a = await call(
          kind,
          w.app,
          { method: "POST", path: "/api/v1/token", headers: { "content-type": "application/json", "x-forwarded-for": p.address }, body },
          jsonStatus<{ access?: string; refresh?: string }>(200, (b) => (b.access && b.refresh ? null : "no token pair")),
        );
        if (a) p.refresh = (JSON.parse(a.text) as { refresh: string }).refresh;
        return;
      }
      case "login: game server": {
        const p = this.player();
        const body = JSON.stringify({ username: p.username, password: DEFAULT_PASSWORD, ip: p.address });
        await call(
          kind,
          w.app,
          { method: "POST", path: "/api/v1/game/login", headers: this.gameHeaders(), body },
          jsonStatus<{ ok: boolean; player?: { id: number } }>(200, (b) => (b.ok && b.player?.id === p.id ? null : "not ok for this player")),
        );
        return;
      }
      case "token refresh": {
        const p = this.player();
        const a = await call(
          kind,
          w.app,
          {
            method: "POST",
            path: "/api/v1/token/refresh",
            headers: { "content-type": "application/json", "x-forwarded-for": p.address },
            body: JSON.stringify({ refresh: p.refresh }),
          },
          jsonStatus<{ access?: string; refresh?: string }>(200, (b) => (b.access && b.refresh && b.refresh !== p.refresh ? null : "no rotated token pair")),
        );
        if (a) p.refresh = (JSON.parse(a.text) as { refresh: string }).refresh;
        return;
      }
      case "store purchase":
        return this.purchase();
      case "store purchase: coupon":
        return this.couponBurst();
      case "gift card redeem":
        return this.giftCardBurst();
      case "game: claim deliveries":
        return this.claim();
      case "game: ack deliveries":
        throw new Error("acks follow claims");
      case "game: hiscores push": {
        const p = this.player();
        grow(p);
        const body = JSON.stringify({ player_id: p.id, experience: p.xp, activities: { zulrah: p.kills, clue_scrolls_all: Math.floor(p.kills / 3) } });
        await call(
          kind,
          w.app,
          { method: "POST", path: "/api/v1/game/hiscores", headers: this.gameHeaders(), body },
          jsonStatus<{ player_id: number; total_level: number }>(200, (b) => (b.player_id === p.id && b.total_level >= SKILLS.length ? null : "wrong answer")),
        );
        return;
      }
      case "vote callback":
        return this.vote();
    }
  }

  private gameHeaders(): Record<string, string> {
    return { "content-type": "application/json", "x-api-key": this.w.gameKey, "x-forwarded-for": GAME_SERVER_ADDRESS };
  }

  /**
   * A store purchase with its Idempotency-Key. One in ten is retried with the same key after
   * the answer (a client that timed out), one in twenty is sent twice at once (a double click),
   * counted over the whole run so that even a short run has both:
   * every copy must answer the same balance, and the checks afterwards find one order a key.
   */
  private async purchase(): Promise<void> {
    const w = this.w;
    const p = this.player();
    const product = pick(w.products);
    const key = randomUUID();
    const n = purchases++;
    const twin = n % 20 === 1;
    const retry = n % 10 === 4;
    const buy = () =>
      call(
        "store purchase",
        w.app,
        {
          method: "POST",
          path: "/api/v1/store/purchase",
          headers: { ...browserHeaders(w, p, true), "idempotency-key": key },
          body: JSON.stringify({ id: product.id }),
        },
        jsonStatus<{ success?: string; credits?: number }>(200, (b) =>
          typeof b.success === "string" && Number.isInteger(b.credits) ? null : "no success and balance",
        ),
      );
    const answers = twin ? await Promise.all([buy(), buy()]) : [await buy()];
    if (retry && answers[0]) answers.push(await buy());
    if (twin) ledger.twinKeys++;
    if (retry) ledger.retriedKeys++;
    const ok = answers.filter((a): a is Answer => a !== null);
    if (!ok.length) return;
    const credits = ok.map((a) => (JSON.parse(a.text) as { credits: number }).credits);
    if (new Set(credits).size > 1) book("store purchase", null, `the same key answered different balances ${credits.join(" / ")}`, `Idempotency-Key ${key}`);
    ledger.orders.set(key, { playerId: p.id, price: product.price, credits: credits[0]! });
    pendingClaims.add(p);
  }

  /**
   * Players buying with the coupon the mix is on, all at once: one player three times (one over
   * the per-player limit), two others once (each order its own Idempotency-Key). Each answer is
   * the order (200) or the coupon's refusal: used up, or used up by this player (400 naming
   * `coupon`). The checks afterwards count the uses against both limits.
   */
  private async couponBurst(): Promise<void> {
    const w = this.w;
    const at = Math.min(couponAt, w.coupons.length - 1);
    const coupon = w.coupons[at]!;
    const seen = ledger.coupons.get(coupon.id) ?? { code: coupon.code, uses: new Map<number, number>(), usedUp: 0, playerLimit: new Set<number>() };
    ledger.coupons.set(coupon.id, seen);
    const [a, b, c] = [this.player(), this.player(), this.player()];
    const buyers = [...Array<Player>(COUPON_PER_PLAYER + 1).fill(a), b, c];
    type Bought = { success?: string; credits?: number; coupon?: string[] };
    await Promise.all(
      buyers.map(async (p) => {
        const product = pick(w.products);
        const key = randomUUID();
        ledger.couponRequests++;
        const r = await call(
          "store purchase: coupon",
          w.app,
          {
            method: "POST",
            path: "/api/v1/store/purchase",
            headers: { ...browserHeaders(w, p, true), "idempotency-key": key },
            body: JSON.stringify({ id: product.id, coupon: coupon.code.toLowerCase() }),
          },
          (r) => {
            const body = JSON.parse(r.text) as Bought;
            if (r.status === 200) return typeof body.success === "string" && Number.isInteger(body.credits) ? null : "no success and balance";
            if (r.status === 400 && (body.coupon?.[0] === COUPON_ERRORS.limitReached || body.coupon?.[0] === COUPON_ERRORS.playerLimitReached)) return null;
            return `status ${r.status}, expected 200 or the coupon's limit`;
          },
        );
        if (!r) return;
        const body = JSON.parse(r.text) as Bought;
        if (r.status === 200) {
          seen.uses.set(p.id, (seen.uses.get(p.id) ?? 0) + 1);
          ledger.orders.set(key, { playerId: p.id, price: product.couponPrice, credits: body.credits! });
          pendingClaims.add(p);
        } else if (body.coupon?.[0] === COUPON_ERRORS.limitReached) {
          seen.usedUp++;
          if (couponAt === at) couponAt = at + 1;
        } else {
          seen.playerLimit.add(p.id);
        }
      }),
    );
  }

  /**
   * One gift card, three redemptions at once: two by one player (a double click), one by
   * another (the code shared). Exactly one may answer 200 with the card's credits; the others
   * must be told it was already redeemed. Players near the route's per-player limit sit out;
   * with no unused card left, one request for the last card (it must be refused).
   */
  private async giftCardBurst(): Promise<void> {
    const w = this.w;
    const fresh = giftCardAt < w.giftCards.length;
    const card = w.giftCards[fresh ? giftCardAt++ : w.giftCards.length - 1]!;
    const room = (p: Player, n: number) => (giftCardAttempts.get(p.id) ?? 0) + n <= GIFT_CARD_ATTEMPTS;
    const players: Player[] = [];
    for (let i = 0; i < this.players.length && players.length < 2; i++) {
      const p = this.player();
      if (!players.includes(p) && room(p, players.length ? 1 : 2)) players.push(p);
    }
    if (!players.length) return;
    const [a, b] = [players[0]!, players[1] ?? players[0]!];
    const senders = fresh ? [a, a, b] : [a];
    const seen = ledger.giftCards.get(card.id) ?? { credits: card.credits, winner: null as number | null, requests: 0, refused: 0 };
    ledger.giftCards.set(card.id, seen);
    type Redeemed = { credits?: number; balance?: number; code?: string[] };
    const answers = await Promise.all(
      senders.map(async (p) => {
        giftCardAttempts.set(p.id, (giftCardAttempts.get(p.id) ?? 0) + 1);
        seen.requests++;
        const r = await call(
          "gift card redeem",
          w.app,
          {
            method: "POST",
            path: "/api/v1/store/gift-cards/redeem",
            headers: browserHeaders(w, p, true),
            // As typed: lower case, the dashes left out.
            body: JSON.stringify({ code: card.code.replace(/-/g, "").toLowerCase() }),
          },
          (r) => {
            const body = JSON.parse(r.text) as Redeemed;
            if (r.status === 200)
              return body.credits === card.credits && Number.isInteger(body.balance) ? null : `credited ${body.credits}, the card holds ${card.credits}`;
            if (r.status === 400 && body.code?.[0] === GIFT_CARD_MESSAGES.redeemed) return null;
            return `status ${r.status}, expected 200 or "already redeemed"`;
          },
        );
        return r && { p, status: r.status };
      }),
    );
    for (const x of answers) {
      if (!x) continue;
      if (x.status === 200) {
        if (seen.winner !== null) book("gift card redeem", null, "a second redemption answered 200", `gift card #${card.id}`);
        else seen.winner = x.p.id;
      } else seen.refused++;
    }
    if (fresh && answers.every((x) => x) && seen.winner === null) book("gift card redeem", null, "no redemption answered 200", `gift card #${card.id}`);
  }

  /**
   * What the game server does when a player logs in or talks to the claim NPC: claim, grant,
   * ack. Players with something waiting come first; otherwise a player with nothing (the
   * common answer at login). One claim per player at a time, as the integration guide says.
   */
  private async claim(): Promise<void> {
    const w = this.w;
    let p: Player | undefined;
    for (const candidate of pendingClaims) {
      if (!candidate.claiming) {
        p = candidate;
        break;
      }
    }
    if (p) pendingClaims.delete(p);
    else p = pick(w.players.filter((x) => !x.claiming));
    if (!p) return;
    p.claiming = true;
    try {
      type Claim = { lease_id: string | null; deliveries: { id: number }[] };
      const a = await call(
        "game: claim deliveries",
        w.app,
        { method: "POST", path: "/api/v1/game/deliveries/claim", headers: this.gameHeaders(), body: JSON.stringify({ player_id: p.id, lease_seconds: 60 }) },
        jsonStatus<Claim>(200, (b) => (Array.isArray(b.deliveries) && (b.deliveries.length === 0) === (b.lease_id === null) ? null : "malformed claim")),
      );
      if (!a) return;
      const claim = JSON.parse(a.text) as Claim;
      if (!claim.lease_id || !claim.deliveries.length) return;
      const ids = claim.deliveries.map((d) => d.id);
      ledger.leases++;
      ledger.claimed.push(...ids);
      if (ids.length === 100) pendingClaims.add(p); // more may wait behind the claim limit
      type Ack = { delivered: number[]; rejected: unknown[] };
      const ack = await call(
        "game: ack deliveries",
        w.app,
        {
          method: "POST",
          path: "/api/v1/game/deliveries/ack",
          headers: this.gameHeaders(),
          body: JSON.stringify({ lease_id: claim.lease_id, delivery_ids: ids }),
        },
        jsonStatus<Ack>(200, (b) =>
          b.rejected.length === 0 && [...b.delivered].sort().join() === [...ids].sort().join()
            ? null
            : `delivered ${b.delivered.length} of ${ids.length}, rejected ${JSON.stringify(b.rejected)}`,
        ),
      );
      if (ack) ledger.acked.push(...(JSON.parse(ack.text) as Ack).delivered);
    } finally {
      p.claiming = false;
    }
  }

  /**
   * A listing site reporting a vote. The first vote of a player on a site must count; any
   * later one is a duplicate (12-hour cooldown). One in seven arrives twice at once (listing
   * sites retry): exactly one of the pair may count.
   */
  private async vote(): Promise<void> {
    // The sites take turns; a player who has not voted on this one yet, if any is left.
    const site = VOTE_SITES[this.votes++ % VOTE_SITES.length]!;
    let p = this.player();
    for (let i = 1; i < this.players.length && p.voted.has(site.key); i++) p = this.player();
    const expectFresh = !p.voted.has(site.key);
    p.voted.add(site.key);
    const twin = voteCallbacks++ % 7 === 2;
    const outcomes = twin ? await Promise.all([vote(this.w, p, site), vote(this.w, p, site)]) : [await vote(this.w, p, site)];
    const accepted = outcomes.filter((o) => o === "accepted").length;
    ledger.votesAccepted += accepted;
    ledger.votesDuplicate += outcomes.filter((o) => o === "duplicate").length;
    if (accepted) pendingClaims.add(p);
    if (outcomes.includes(null)) return; // booked as an error already
    if (accepted !== (expectFresh ? 1 : 0))
      book("vote callback", null, `${accepted} of ${outcomes.length} counted, expected ${expectFresh ? 1 : 0}`, `vote ${site.key} for ${p.username}`);
  }
}

// ── the phases of a run ─────────────────────────────────────────────────────────────────────

/**
 * Runs `scenario` on every virtual user for `seconds`; answers the time taken. With `until`,
 * keeps going past that (for at most `graceS` more seconds) while `until()` is false: on a
 * loaded machine a short run may end before a claim has found anything to ack, and a kind never
 * sent proves nothing.
 */
async function drive(
  seconds: number,
  scenario: (vu: number) => Promise<void>,
  until?: { done: () => boolean; graceS: number; extended?: boolean },
): Promise<number> {
  const started = performance.now();
  const end = started + seconds * 1000;
  const hardEnd = end + (until ? until.graceS * 1000 : 0);
  const going = () => {
    const now = performance.now();
    if (now < end) return true;
    if (until === undefined || now >= hardEnd || until.done()) return false;
    until.extended = true;
    return true;
  };
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, vu) => {
      while (going()) await scenario(vu);
    }),
  );
  return (performance.now() - started) / 1000;
}

/** Runs `fn` over `items`, `width` at a time. */
export async function inParallel<T>(items: readonly T[], width: number, fn: (item: T, i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        await fn(items[i]!, i);
      }
    }),
  );
}

/** Each shape of read path once, before anything is measured: a wrong path fails here, with its name. */
export async function probe(world: World): Promise<void> {
  phase = "probe";
  const probe = world.players[0]!;
  // Each shape of read path once (the mix books any other path that fails as an error).
  const shapes = new Map<string, string>();
  for (const p of [...world.guestPaths, ...world.hiscorePaths, ...world.forumPaths])
    shapes.set(
      p
        .replace(/g?\d+/g, "#")
        .replace(/skill=[a-z]+/, "skill=#")
        .replace(/^\/hiscores\/(?!player)[a-z]+/, "/hiscores/#"),
      p,
    );
  await inParallel([...shapes.values()], CONNECTIONS, async (p) => void (await call("guest page", world.app, { path: p }, status(200))));
  await inParallel(
    [...new Set(world.playerPaths)],
    CONNECTIONS,
    async (p) => void (await call("player page (signed in)", world.app, { path: p, headers: browserHeaders(world, probe) }, status(200))),
  );
  say(`probed ${shapes.size + new Set(world.playerPaths).size} paths`);
  const probeErrors = [...books.probe.values()].flatMap((b) => b.samples);
  if (probeErrors.length) throw new Error(`a read path does not answer as expected:\n  ${probeErrors.join("\n  ")}`);
}

/** What the measured phases took, and the machine's load around them (for the report). */
export type Measured = { mixSeconds: number; baselineSeconds: number; loadBeforeBaseline: string; loadBeforeMix: string; loadAfterMix: string };

/** The warm-up (not counted), the baseline alone, then the mix: books.baseline and books.mix. */
export async function measure(world: World): Promise<Measured> {
  const vus = Array.from(
    { length: CONNECTIONS },
    (_, n) =>
      new VirtualUser(
        world,
        n,
        world.players.filter((_, i) => i % CONNECTIONS === n),
      ),
  );
  // The warm-up and the measured mix each start with one scenario of every kind.
  let next = scenarioPicker();
  const mix = (vu: number) => vus[vu]!.run(next());

  phase = "warmup";
  if (WARMUP_S > 0) await drive(WARMUP_S, mix);
  say(`warmed up (${WARMUP_S} s of the mix); the baseline alone for ${BASELINE_S} s, then the mix for ${DURATION_S} s`);

  phase = "baseline";
  const loadBeforeBaseline = load();
  await drive(Math.min(1, BASELINE_S), () => call("baseline", world.baseline, { path: "/" }, status(200)).then(() => {}));
  books.baseline.clear();
  const baselineSeconds = BASELINE_S > 0 ? await drive(BASELINE_S, () => call("baseline", world.baseline, { path: "/" }, status(200)).then(() => {})) : 0;

  phase = "mix";
  next = scenarioPicker();
  const loadBeforeMix = load();
  const everyKindSent = () => ROWS.every((k) => (books.mix.get(k)?.ms.length ?? 0) > 0);
  const until: { done: () => boolean; graceS: number; extended?: boolean } = { done: everyKindSent, graceS: Math.max(30, DURATION_S) };
  const mixSeconds = await drive(DURATION_S, mix, until);
  if (until.extended) say(`the mix ran ${mixSeconds.toFixed(1)} s: past ${DURATION_S} s until every kind had been sent`);
  const loadAfterMix = load();
  phase = "probe";
  return { mixSeconds, baselineSeconds, loadBeforeBaseline, loadBeforeMix, loadAfterMix };
}
