// Plain HTTP for the smoke files: no client library between the test and the server.
import http from "node:http";
import net from "node:net";

/**
 * One request on a connection of its own (no reuse); a JSON `body` is framed with Content-Length.
 * Resolves with the status, headers, the body as text and its size in bytes, and `json()`.
 */
export function requestJson(url, { method = "GET", headers = {}, body } = {}) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const framing = payload ? { "content-type": "application/json", "content-length": String(Buffer.byteLength(payload)) } : {};
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, agent: false, headers: { ...headers, ...framing } }, (res) => {
      const chunks = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () => {
        const bytes = Buffer.concat(chunks);
        const text = bytes.toString("utf8");
        resolve({ status: res.statusCode, headers: res.headers, text, bytes: bytes.length, json: () => JSON.parse(text) });
      });
    });
    req.on("error", reject);
    req.end(payload);
  });
}

/** Whether something accepts connections on 127.0.0.1:port. */
export const portOpen = (port) =>
  new Promise((resolve) => {
    const s = net.connect({ port, host: "127.0.0.1" });
    s.once("connect", () => (s.destroy(), resolve(true)));
    s.once("error", () => resolve(false));
  });
