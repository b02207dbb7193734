// Local stand-ins for outside HTTP services (the payment providers' APIs, a Discord webhook, an
// image host), and a self-signed certificate for PayPal's
// webhook signature, made with node:crypto alone (a few lines of DER instead of openssl).
import { generateKeyPairSync, type KeyObject, sign } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type FakeRequest = { method: string; path: string; headers: IncomingMessage["headers"]; body: string };
export type FakeReply = { status?: number; json?: unknown; text?: string; raw?: Buffer; headers?: Record<string, string> };

/** An HTTP server on 127.0.0.1 answering with `reply`; every request is recorded. */
export async function startFakeServer(reply: (req: FakeRequest) => FakeReply | Promise<FakeReply>) {
  const requests: FakeRequest[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const r: FakeRequest = { method: req.method ?? "GET", path: req.url ?? "/", headers: req.headers, body: Buffer.concat(chunks).toString("utf8") };
      requests.push(r);
      void Promise.resolve(reply(r)).then((out) => {
        res.writeHead(out.status ?? 200, { "content-type": out.text !== undefined ? "text/plain" : "application/json", ...out.headers });
        res.end(out.raw ?? out.text ?? JSON.stringify(out.json ?? {}));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, port, requests, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

// ── a self-signed X.509 certificate in DER ──
const lengthBytes = (n: number) => (n < 0x80 ? [n] : n < 0x100 ? [0x81, n] : [0x82, n >> 8, n & 0xff]);
const tlv = (tag: number, ...parts: Buffer[]) => {
  const body = Buffer.concat(parts);
  return Buffer.concat([Buffer.from([tag, ...lengthBytes(body.length)]), body]);
};
const seq = (...parts: Buffer[]) => tlv(0x30, ...parts);
const SHA256_RSA = seq(tlv(0x06, Buffer.from([0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x0b])), tlv(0x05));
const commonName = (cn: string) => seq(tlv(0x31, seq(tlv(0x06, Buffer.from([0x55, 0x04, 0x03])), tlv(0x0c, Buffer.from(cn)))));
const utcTime = (d: Date) => tlv(0x17, Buffer.from(d.toISOString().replace(/[-:T]/g, "").slice(2, 14) + "Z"));

/** An RSA key pair and a PEM certificate for it, valid from `from` to `to`. */
export function selfSignedCert(
  cn = "messageverificationcerts.paypal.com",
  from = new Date(Date.now() - 86_400_000),
  to = new Date(Date.now() + 86_400_000),
): { pem: string; privateKey: KeyObject } {
  const { publicKey, privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const name = commonName(cn);
  const tbs = seq(
    tlv(0xa0, tlv(0x02, Buffer.from([2]))),
    tlv(0x02, Buffer.from([1])),
    SHA256_RSA,
    name,
    seq(utcTime(from), utcTime(to)),
    name,
    publicKey.export({ type: "spki", format: "der" }),
  );
  const der = seq(tbs, SHA256_RSA, tlv(0x03, Buffer.concat([Buffer.from([0]), sign("sha256", tbs, privateKey)])));
  const b64 = der
    .toString("base64")
    .match(/.{1,64}/g)!
    .join("\n");
  return { pem: `-----BEGIN CERTIFICATE-----\n${b64}\n-----END CERTIFICATE-----\n`, privateKey };
}
