import "server-only";
import { jwtVerify, SignJWT } from "jose";
import { getEnv } from "../env";
import { AppError } from "../errors";
import { ACCESS_TOKEN_TTL_SEC } from "./constants";

const ALG = "HS256";
const AUDIENCE = "api";

function key(): Uint8Array {
  const secret = getEnv().AUTH_SECRET;
  if (!secret) throw new AppError("INTERNAL", { userMessage: "Server authentication is not configured." });
  return new TextEncoder().encode(secret);
}

function issuer(): string {
  return new URL(getEnv().SITE_URL).origin;
}

export async function signAccessToken(userId: number, familyId: number): Promise<string> {
  return new SignJWT({ fam: familyId })
    .setProtectedHeader({ alg: ALG, typ: "JWT" })
    .setSubject(String(userId))
    .setIssuer(issuer())
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_TTL_SEC}s`)
    .sign(key());
}

/** Verifies signature (HS256 only), exp, aud and iss; returns null on any failure. */
export async function verifyAccessToken(token: string): Promise<{ userId: number; familyId: number } | null> {
  try {
    const { payload } = await jwtVerify(token, key(), { algorithms: [ALG], audience: AUDIENCE, issuer: issuer() });
    const userId = Number(payload.sub);
    const familyId = Number(payload.fam);
    if (!Number.isInteger(userId) || !Number.isInteger(familyId)) return null;
    return { userId, familyId };
  } catch (e) {
    if (e instanceof AppError) throw e;
    return null;
  }
}
