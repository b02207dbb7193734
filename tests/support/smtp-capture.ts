import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll } from "vitest";
import { setEnv } from "./env";

// A real SMTP server in the test process: the site sends over SMTP, tests read what arrived.

export type CapturedMail = { from: string; to: string[]; raw: string; subject: string; body: string };

/** Undoes quoted-printable soft line breaks and escapes so links can be matched. */
export function decodeQuotedPrintable(s: string): string {
  return s.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
}

/** `port`: a fixed port (e.g. one a test first used while nothing listened there). */
export async function startSmtpCapture(port = 0) {
  const messages: CapturedMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const subject = /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? "";
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          subject,
          body: decodeQuotedPrintable(raw),
        });
        waiters.splice(0).forEach((w) => w());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const bound = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${bound}`,
    messages,
    /** The newest message to `address` (waits for it to arrive, up to 20 s: a busy machine is slow, not mail lost). */
    async latestTo(address: string, since = 0): Promise<CapturedMail> {
      const deadline = Date.now() + 20_000;
      for (;;) {
        const found = messages
          .slice(since)
          .reverse()
          .find((m) => m.to.includes(address.toLowerCase()) || m.to.includes(address));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`No email to ${address} arrived`);
        await new Promise<void>((r) => {
          waiters.push(r);
          setTimeout(r, 200);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first absolute link in a mail body whose path starts with `path`. */
export function linkIn(mail: CapturedMail, path: string): URL {
  const re = new RegExp(`https?://[^\\s"<>]*${path.replace(/[/?]/g, (c) => `\\${c}`)}[^\\s"<>]*`);
  const m = re.exec(mail.body);
  if (!m) throw new Error(`No link to ${path} in mail "${mail.subject}"`);
  return new URL(m[0].replace(/&amp;/g, "&"));
}

/**
 * For a whole test file: a capture server started before its tests, with SMTP_URL (and `env`)
 * pointing at it, and closed after them. Returns the running server.
 */
export function captureMailForFile(env: Record<string, string> = {}): () => Awaited<ReturnType<typeof startSmtpCapture>> {
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>> | undefined;
  let restore = () => {};
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    restore = setEnv({ SMTP_URL: smtp.url, ...env });
  });
  afterAll(async () => {
    restore();
    await smtp?.close();
  });
  return () => {
    if (!smtp) throw new Error("captureMailForFile: the server starts in beforeAll");
    return smtp;
  };
}
