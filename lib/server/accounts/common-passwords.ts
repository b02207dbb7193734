import "server-only";
import { siteConfig } from "@/lib/site-config";

// Passwords attackers try first. A password is refused when it is on the list, or is one of
// the common words dressed up with digits and symbols ("Password1!", "qwerty123$").

const COMMON_WORDS = [
  "password", "passw0rd", "pass", "qwerty", "qwertyuiop", "asdfgh", "asdfghjkl", "zxcvbnm", "letmein", "welcome", "admin", "administrator",
  "iloveyou", "dragon", "monkey", "football", "baseball", "soccer", "hockey", "master", "shadow", "sunshine", "princess", "trustno",
  "superman", "batman", "starwars", "pokemon", "charlie", "michael", "jessica", "ashley", "jennifer", "hunter", "killer", "freedom",
  "whatever", "computer", "internet", "secret", "login", "abc", "abcd", "abcdef", "abcabc", "qazwsx", "zaq", "test", "testing",
  "runescape", "osrs", "rsps", "zezima", "jagex", "minecraft", "fortnite", "roblox", "gamer", "player", "love", "hello", "changeme",
  "default", "guest", "root", "user", "lovely", "flower", "summer", "winter", "spring", "autumn", "cheese", "cookie", "chocolate",
  "purple", "orange", "yellow", "tigger", "pepper", "ginger", "buster", "jordan", "thomas", "daniel", "andrew", "matrix", "mustang",
  "access", "master", "ninja", "azerty", "samsung", "google", "apple", "iphone", "loveme", "family", "friends", "money",
];

const COMMON_EXACT = [
  "123456", "1234567", "12345678", "123456789", "1234567890", "111111", "000000", "121212", "654321", "666666", "696969", "112233",
  "1q2w3e", "1q2w3e4r", "1q2w3e4r5t", "1qaz2wsx", "q1w2e3r4", "a1b2c3", "a1b2c3d4", "p@ssw0rd", "p@ssword", "pa$$word", "pa$$w0rd",
  "passw0rd!", "p@ssw0rd!", "p@$$w0rd", "!qaz2wsx", "1qaz@wsx", "zaq1@wsx", "abc123!", "abc123!@#", "qwe123!@#", "!@#qwe123",
  "123qwe!@#", "qwerty!@#", "1q2w3e!", "a1!b2@c3#", "q1w2e3!", "qwer1234!", "asdf1234!", "zxcv1234!", "aa123456!", "1a2b3c!",
];

const words = new Set([...COMMON_WORDS, siteConfig.name.toLowerCase()]);
const exact = new Set(COMMON_EXACT);

export function isCommonPassword(password: string, username?: string): boolean {
  const lower = password.toLowerCase();
  if (exact.has(lower)) return true;
  // Strip digits and symbols around the core, and undo common letter swaps.
  const core = lower
    .replace(/@/g, "a")
    .replace(/\$/g, "s")
    .replace(/0/g, "o")
    .replace(/^[^a-z]+|[^a-z]+$/g, "");
  if (core.length === 0) return true; // only digits and symbols around nothing memorable
  if (words.has(core) || words.has(lower.replace(/^[^a-z]+|[^a-z]+$/g, ""))) return true;
  if (username) {
    const name = username.toLowerCase().replace(/[\s_-]/g, "");
    if (name.length >= 3 && core.replace(/[\s_-]/g, "") === name) return true;
  }
  return false;
}

export const COMMON_PASSWORD_MESSAGE = "This password is too common. Choose one that is harder to guess.";
