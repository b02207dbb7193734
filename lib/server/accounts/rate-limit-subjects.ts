import "server-only";
import { usernameKey } from "@/lib/usernames";
import { sha256 } from "../security/tokens";

/**
 * The subject of a per-account limit on a request that names an account by username and email
 * (password reset, resending the confirmation link): the pair, normalised as the use case
 * compares it, and hashed so the table keeps no address. Keyed by the pair, requests that name
 * an account with a wrong email fill a bucket of their own and never its owner's; the answer
 * (200, or 429 past the limit) is the same whether or not the pair matches an account.
 */
export function usernameEmailSubject(input: { username: string; email: string }): string {
  return sha256(`${usernameKey(input.username)}\n${input.email.trim().toLowerCase()}`);
}
