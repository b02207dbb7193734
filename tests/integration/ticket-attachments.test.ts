import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as attachment from "@/app/api/v1/tickets/attachments/[id]/route";
import * as comments from "@/app/api/v1/tickets/comments/route";
import * as one from "@/app/api/v1/tickets/[id]/route";
import * as tickets from "@/app/api/v1/tickets/route";
import { ATTACHMENT_MAX_BYTES } from "@/lib/schemas/ticket-attachments";
import { db } from "@/lib/server/db";
import { createSessionToken, createUser } from "../factories/users";
import { setEnv } from "../support/env";
import { call, freshClient, SAME_ORIGIN } from "./helpers";

// Ticket attachments against the real database: the type is read from the bytes, size and count
// are refused naming `attachments` with nothing written, what is stored is re-encoded (EXIF gone),
// and only the ticket's owner and staff can load an image (anyone else: 404, as for a missing one).

let restore: () => void;
type U = Awaited<ReturnType<typeof createUser>> & { session: string };
let alice: U, bob: U, mod: U;

async function userWithSession(privilege?: "PLAYER" | "MODERATOR"): Promise<U> {
  const u = await createUser(privilege ? { privilege } : {});
  return { ...u, session: await createSessionToken(u.id) };
}

beforeAll(async () => {
  restore = setEnv({ TRUST_PROXY: "true", SMTP_URL: undefined });
  [alice, bob, mod] = await Promise.all([userWithSession(), userWithSession(), userWithSession("MODERATOR")]);
});
afterAll(() => restore());

const post = (u: U, handler: typeof tickets.POST, body: unknown) =>
  call(handler, { method: "POST", body, path: "/api/v1/tickets", cookies: { session: u.session }, headers: { ...SAME_ORIGIN, ...freshClient() } });
const getImage = (u: U | null, id: number) =>
  call(attachment.GET, {
    path: `/api/v1/tickets/attachments/${id}`,
    params: { id: String(id) },
    ...(u ? { cookies: { session: u.session } } : {}),
    headers: freshClient(),
  });
const rawImage = async (u: U | null, id: number) => {
  const { NextRequest } = await import("next/server");
  const headers = new Headers(freshClient());
  if (u) headers.set("cookie", `session=${u.session}`);
  const res = await attachment.GET(new NextRequest(`http://localhost:3000/api/v1/tickets/attachments/${id}`, { headers }), {
    params: Promise.resolve({ id: String(id) }),
  });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
};

const png = (color = "#c33", size = 24) =>
  sharp({ create: { width: size, height: size, channels: 3, background: color } })
    .png()
    .toBuffer();
/** A JPEG carrying EXIF (a copyright note standing in for GPS and camera data). */
const jpegWithExif = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: "#3a6" } })
    .jpeg()
    .withExif({ IFD0: { Copyright: "EXIF-SECRET-MARKER", Artist: "EXIF-SECRET-MARKER" } })
    .toBuffer();
const file = (name: string, bytes: Buffer) => ({ name, data: bytes.toString("base64") });
const ticketBody = (attachments: unknown) => ({ type: "GENERAL_INQUIRY", title: "Screenshots", description: "See the images.", attachments });
const countFor = async (u: U) => ({
  tickets: await db.ticket.count({ where: { userId: u.id } }),
  comments: await db.ticketComment.count({ where: { userId: u.id } }),
  attachments: await db.ticketAttachment.count({ where: { ticket: { userId: u.id } } }),
});

describe("refusals name `attachments` and write nothing", () => {
  it("refuses a .png that is text, a file over 4 MB, and six files; the twin with five real images is accepted", async () => {
    const before = await countFor(alice);
    const text = await post(alice, tickets.POST, ticketBody([file("shot.png", Buffer.from("this is not an image, just text pretending"))]));
    expect(text.status).toBe(400);
    expect(text.json.attachments).toEqual(["shot.png is not a PNG, JPEG, WebP or GIF image."]);

    // A real PNG signature padded past 4 MB: the size decides, whatever the bytes are.
    const big = Buffer.concat([await png(), Buffer.alloc(ATTACHMENT_MAX_BYTES + 1 - (await png()).length)]);
    const tooBig = await post(alice, tickets.POST, ticketBody([file("big.png", big)]));
    expect(tooBig.status).toBe(400);
    expect(tooBig.json.attachments).toEqual(["big.png is larger than 4 MB."]);

    const six = await Promise.all([1, 2, 3, 4, 5, 6].map(async (i) => file(`s${i}.png`, await png())));
    const tooMany = await post(alice, tickets.POST, ticketBody(six));
    expect(tooMany.status).toBe(400);
    expect(tooMany.json.attachments).toEqual(["At most 5 images per message."]);

    // A good image first and a bad one after: still nothing written.
    const mixed = await post(alice, tickets.POST, ticketBody([file("ok.png", await png()), file("bad.gif", Buffer.from("GIF89a but then nothing"))]));
    expect(mixed.status).toBe(400);
    expect(mixed.json.attachments).toEqual(["bad.gif could not be read: it may be damaged or too large in pixels."]);
    expect(await countFor(alice)).toEqual(before);

    const five = await post(alice, tickets.POST, ticketBody(six.slice(0, 5)));
    expect(five.status, JSON.stringify(five.json)).toBe(201);
    expect((five.json.attachments as unknown[]).length).toBe(5);
    expect(await countFor(alice)).toEqual({ ...before, tickets: before.tickets + 1, attachments: before.attachments + 5 });
  });

  it("refuses a bad image on a reply without adding the reply; the twin reply with an image is added", async () => {
    const t = await post(alice, tickets.POST, ticketBody([]));
    expect(t.status).toBe(201);
    const id = t.json.id as number;
    const reply = (attachments: unknown) => post(alice, comments.POST, { ticket: id, content: "Another one", attachments });
    const bad = await reply([file("x.webp", Buffer.from("RIFF....WEBP but text"))]);
    expect(bad.status).toBe(400);
    expect(bad.json.attachments).toBeDefined();
    expect(await db.ticketComment.count({ where: { ticketId: id } })).toBe(0);
    const good = await reply([file("../../etc/pass wd.PNG", await png("#00f"))]);
    expect(good.status, JSON.stringify(good.json)).toBe(201);
    expect(good.json.attachments).toEqual([expect.objectContaining({ name: "pass_wd.png", type: "image/png" })]);
    const read = await call(one.GET, {
      path: `/api/v1/tickets/${id}`,
      params: { id: String(id) },
      cookies: { session: alice.session },
      headers: freshClient(),
    });
    expect((read.json.comments as Array<{ attachments: unknown[] }>)[0]!.attachments).toHaveLength(1);
    expect(read.json.attachments).toEqual([]);
  });
});

describe("re-encoding", () => {
  it("stores the image written anew: EXIF gone, type from the bytes (a PNG named .jpg stays PNG)", async () => {
    const original = await jpegWithExif();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    expect(original.includes("EXIF-SECRET-MARKER")).toBe(true);
    const t = await post(alice, tickets.POST, ticketBody([file("camera.jpg", original), file("fake-name.jpg", await png())]));
    expect(t.status, JSON.stringify(t.json)).toBe(201);
    const [jpg, pngA] = t.json.attachments as Array<{ id: number; type: string; name: string }>;
    expect(jpg).toMatchObject({ type: "image/jpeg", name: "camera.jpg" });
    expect(pngA).toMatchObject({ type: "image/png", name: "fake-name.png" });
    const stored = await db.ticketAttachment.findUniqueOrThrow({ where: { id: jpg!.id } });
    const body = Buffer.from(stored.body);
    expect(body.includes("EXIF-SECRET-MARKER")).toBe(false);
    expect((await sharp(body).metadata()).exif).toBeUndefined();
  });
});

describe("who may load an image", () => {
  it("serves it to the owner and staff with safe headers; another player and a guest get 404 as for a missing id", async () => {
    const t = await post(alice, tickets.POST, ticketBody([file("proof.png", await png("#abc"))]));
    const aid = (t.json.attachments as Array<{ id: number; href: string }>)[0]!;
    expect(aid.href).toBe(`/api/v1/tickets/attachments/${aid.id}`);

    const owner = await rawImage(alice, aid.id);
    expect(owner.res.status).toBe(200);
    expect(owner.res.headers.get("content-type")).toBe("image/png");
    expect(owner.res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(owner.res.headers.get("content-disposition")).toBe('inline; filename="proof.png"');
    expect(owner.res.headers.get("content-security-policy")).toContain("sandbox");
    expect(owner.res.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(owner.res.headers.get("cache-control")).toMatch(/^private/);
    expect((await sharp(owner.bytes).metadata()).format).toBe("png");

    expect((await rawImage(mod, aid.id)).res.status).toBe(200);
    const stranger = await getImage(bob, aid.id);
    const guest = await getImage(null, aid.id);
    const missing = await getImage(bob, 2_000_000_000);
    expect([stranger.status, guest.status, missing.status]).toEqual([404, 404, 404]);
    expect(stranger.json).toEqual(missing.json);
    expect(guest.json).toEqual(missing.json);
  });
});
