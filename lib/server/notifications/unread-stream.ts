import "server-only";
import { log } from "../log";
import { unreadCount } from "./list-notifications";
import { subscribeToUnread } from "./live";

// GET /api/v1/account/notifications/stream: Server-Sent Events with the player's unread count,
// at once and after every announced change (lib/server/notifications/live.ts). A comment line
// every 25 s keeps proxies from closing an idle stream. When the process stops hearing
// PostgreSQL, the stream ends; the browser polls until its EventSource is back.

const KEEPALIVE_MS = 25_000;
/** The browser's EventSource waits this long before reconnecting. */
const RETRY_MS = 5_000;

export function unreadStream(userId: number, signal: AbortSignal): Response {
  const encoder = new TextEncoder();
  let cleanup = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      let closed = false;
      let last = -1;
      let reading = false;
      let again = false;
      const send = (text: string) => {
        if (!closed) controller.enqueue(encoder.encode(text));
      };
      const push = async () => {
        // One count at a time; a change heard meanwhile reads again after it.
        if (reading) {
          again = true;
          return;
        }
        reading = true;
        try {
          do {
            again = false;
            const n = await unreadCount(userId);
            if (n !== last) {
              last = n;
              send(`event: unread\ndata: ${JSON.stringify({ unread: n })}\n\n`);
            }
          } while (again && !closed);
        } catch (e) {
          log.warn("notifications: stream count failed", { userId, err: String(e) });
          close();
        } finally {
          reading = false;
        }
      };
      const close = () => {
        if (closed) return;
        closed = true;
        unsubscribe();
        clearInterval(keepalive);
        signal.removeEventListener("abort", close);
        try {
          controller.close();
        } catch {
          // already closed by the client
        }
      };
      const unsubscribe = subscribeToUnread(userId, (event) => (event === "down" ? close() : void push()));
      const keepalive = setInterval(() => send(": keepalive\n\n"), KEEPALIVE_MS);
      keepalive.unref?.();
      signal.addEventListener("abort", close);
      cleanup = close;
      send(`retry: ${RETRY_MS}\n\n`);
      void push();
    },
    cancel() {
      cleanup();
    },
  });
  return new Response(body, {
    status: 200,
    headers: {
      "content-type": "text/event-stream; charset=utf-8",
      // no-transform: no compression layer may hold the events back to fill a buffer.
      "cache-control": "no-store, no-transform",
      "x-accel-buffering": "no",
    },
  });
}
