// The ALTCHA solver the registration widget runs, for tests that register as a browser would
// (integration tests and the smoke stage).
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";

/**
 * Solves a challenge as the widget does (interleaved counters, as its workers split them) and
 * encodes its token.
 * @param {import("altcha-lib").Challenge} challenge
 * @returns {Promise<string>}
 */
export async function solveCaptcha(challenge) {
  const controller = new AbortController();
  const runs = [0, 1, 2, 3].map((i) =>
    solveChallenge({ challenge, deriveKey, counterStart: i, counterStep: 4, controller }).then((s) => {
      if (!s) throw new Error("not found");
      controller.abort();
      return s;
    }),
  );
  const solution = await Promise.any(runs);
  return Buffer.from(JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution })).toString("base64");
}
