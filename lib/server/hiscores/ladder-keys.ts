import "server-only";

/** Larger than any ladder key: with no anchor above a row, count from the top of the ladder. */
export const MAX_KEY = 9_223_372_036_854_775_807n;
