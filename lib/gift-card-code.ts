// Gift card codes (docs/gift-cards.md). Pure: the server draws the random characters
// (lib/server/giftcards/codes.ts), this file says what a code looks like and how typed input is read.
//
// 16 characters from a 32-character alphabet (5 bits each: 80 bits): digits and capitals without
// the look-alikes O, I, L and U, shown in four groups of four ("K7QM-3XRD-ZP9A-WT4F"). Input is
// read leniently: case, spaces and dashes do not matter, a typed O is read as 0 and I or L as 1.

export const GIFT_CARD_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
export const GIFT_CARD_CODE_LENGTH = 16;
export const GIFT_CARD_GROUP = 4;

/** The 16 characters for 16 random values (each taken modulo 32: a byte gives an unbiased one). */
export function codeFromRandom(values: ArrayLike<number>): string {
  if (values.length !== GIFT_CARD_CODE_LENGTH) throw new Error(`a gift card code needs ${GIFT_CARD_CODE_LENGTH} random values`);
  let out = "";
  for (let i = 0; i < values.length; i++) out += GIFT_CARD_ALPHABET[values[i]! % 32];
  return out;
}

/** "K7QM3XRDZP9AWT4F" → "K7QM-3XRD-ZP9A-WT4F" (for reading aloud and typing). */
export function formatGiftCardCode(code: string): string {
  const groups: string[] = [];
  for (let i = 0; i < code.length; i += GIFT_CARD_GROUP) groups.push(code.slice(i, i + GIFT_CARD_GROUP));
  return groups.join("-");
}

/**
 * What a player typed, as the 16 characters a code is stored by, or null when it cannot be a code
 * (wrong length or a character outside the alphabet): such input is "unknown" without a lookup.
 */
export function normalizeGiftCardCode(input: string): string | null {
  const plain = input
    .toUpperCase()
    .replace(/[\s-]+/g, "")
    .replace(/O/g, "0")
    .replace(/[IL]/g, "1");
  if (plain.length !== GIFT_CARD_CODE_LENGTH) return null;
  for (const ch of plain) if (!GIFT_CARD_ALPHABET.includes(ch)) return null;
  return plain;
}
