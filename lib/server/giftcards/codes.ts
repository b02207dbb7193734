import "server-only";
import { randomBytes } from "node:crypto";
import { codeFromRandom, formatGiftCardCode, GIFT_CARD_CODE_LENGTH } from "@/lib/gift-card-code";
import { sha256 } from "../security/tokens";

// A new code from the operating system's CSPRNG (80 bits), and the hash a card is looked up by.
// Codes are stored as sha256 only (docs/gift-cards.md): with 80 random bits no salt or slow hash
// is needed, as for game API keys. A bought card also keeps its code while it is unused, so the
// buyer can read it again on their account page.

export type NewCode = { code: string; display: string; hash: string; last4: string };

export function newGiftCardCode(): NewCode {
  const code = codeFromRandom(randomBytes(GIFT_CARD_CODE_LENGTH));
  return { code, display: formatGiftCardCode(code), hash: hashGiftCardCode(code), last4: code.slice(-4) };
}

/** The lookup key of a normalised code (normalizeGiftCardCode). */
export const hashGiftCardCode = (normalised: string): string => sha256(`gift-card:${normalised}`);
