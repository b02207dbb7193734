import { describe, expect, it } from "vitest";
import { codeFromRandom, formatGiftCardCode, GIFT_CARD_ALPHABET, GIFT_CARD_CODE_LENGTH, normalizeGiftCardCode } from "@/lib/gift-card-code";
import { sniffImageType } from "@/lib/server/images/image-types";

// Gift card codes: 16 characters of a 32-character alphabet without look-alikes (80 bits), shown
// in groups of four, read back leniently. And the image type read from a file's first bytes.

describe("gift card codes", () => {
  it("uses 32 distinct characters without O, I, L or U, so each random byte gives 5 unbiased bits", () => {
    expect(GIFT_CARD_ALPHABET).toHaveLength(32);
    expect(new Set(GIFT_CARD_ALPHABET).size).toBe(32);
    expect(GIFT_CARD_ALPHABET).not.toMatch(/[OILU]/);
    expect(GIFT_CARD_CODE_LENGTH).toBe(16);
  });

  it("maps each random value to the alphabet modulo 32", () => {
    expect(codeFromRandom([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15])).toBe("0123456789ABCDEF");
    expect(codeFromRandom([16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31])).toBe("GHJKMNPQRSTVWXYZ");
    expect(codeFromRandom([32, 33, 255, 224, 31, 63, 64, 95, 96, 127, 128, 159, 160, 191, 192, 223])).toBe("01Z0ZZ0Z0Z0Z0Z0Z");
    expect(() => codeFromRandom(new Array(15).fill(0))).toThrow("16 random values");
    expect(() => codeFromRandom(new Array(17).fill(0))).toThrow("16 random values");
  });

  it("groups a code in fours with dashes", () => {
    expect(formatGiftCardCode("K7QM3XRDZP9AWT4F")).toBe("K7QM-3XRD-ZP9A-WT4F");
    expect(formatGiftCardCode("ABCDE")).toBe("ABCD-E");
    expect(formatGiftCardCode("")).toBe("");
  });

  it("reads typed input leniently: case, spaces and dashes, O as 0, I and L as 1", () => {
    expect(normalizeGiftCardCode("K7QM-3XRD-ZP9A-WT4F")).toBe("K7QM3XRDZP9AWT4F");
    expect(normalizeGiftCardCode(" k7qm 3xrd\tzp9a--wt4f ")).toBe("K7QM3XRDZP9AWT4F");
    expect(normalizeGiftCardCode("OOOO-IIII-LLLL-oill")).toBe("0000111111110111");
  });

  it("refuses input that cannot be a code: wrong length or a character outside the alphabet", () => {
    expect(normalizeGiftCardCode("K7QM-3XRD-ZP9A-WT4")).toBeNull();
    expect(normalizeGiftCardCode("K7QM-3XRD-ZP9A-WT4FF")).toBeNull();
    expect(normalizeGiftCardCode("K7QM-3XRD-ZP9A-WT4U")).toBeNull();
    expect(normalizeGiftCardCode("K7QM_3XRD_ZP9A_WT4F")).toBeNull();
    expect(normalizeGiftCardCode("K7QM.3XRD.ZP9A.WT4F")).toBeNull();
    expect(normalizeGiftCardCode("")).toBeNull();
  });
});

describe("image type from the bytes", () => {
  const bytes = (...parts: (number[] | string)[]) => new Uint8Array(parts.flatMap((p) => (typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p)));

  it("knows PNG, JPEG, GIF, WebP and AVIF by their signatures", () => {
    expect(sniffImageType(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe("image/png");
    expect(sniffImageType(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe("image/jpeg");
    expect(sniffImageType(bytes("GIF87a"))).toBe("image/gif");
    expect(sniffImageType(bytes("GIF89a", [0]))).toBe("image/gif");
    expect(sniffImageType(bytes("RIFF", [1, 2, 3, 4], "WEBPVP8 "))).toBe("image/webp");
    expect(sniffImageType(bytes([0, 0, 0, 0x1c], "ftypavif"))).toBe("image/avif");
    expect(sniffImageType(bytes([0, 0, 0, 0x1c], "ftypavis"))).toBe("image/avif");
  });

  it("refuses near misses, other files and short input", () => {
    expect(sniffImageType(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a]))).toBeNull();
    expect(sniffImageType(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0b]))).toBeNull();
    expect(sniffImageType(bytes([0xff, 0xd8]))).toBeNull();
    expect(sniffImageType(bytes([0xff, 0xd8, 0xfe]))).toBeNull();
    expect(sniffImageType(bytes("GIF88a"))).toBeNull();
    expect(sniffImageType(bytes("RIFF", [1, 2, 3, 4], "WAVEfmt "))).toBeNull();
    expect(sniffImageType(bytes("RIFX", [1, 2, 3, 4], "WEBPVP8 "))).toBeNull();
    expect(sniffImageType(bytes([0, 0, 0, 0x1c], "ftypheic"))).toBeNull();
    expect(sniffImageType(bytes([0, 0, 0, 0x1c], "ftip", "avif"))).toBeNull();
    expect(sniffImageType(bytes("<svg xmlns='http://www.w3.org/2000/svg'>"))).toBeNull();
    expect(sniffImageType(bytes("<html>"))).toBeNull();
    expect(sniffImageType(new Uint8Array(0))).toBeNull();
  });
});
