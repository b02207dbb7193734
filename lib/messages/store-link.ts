// Texts of the ::store link (app/store-link/route.ts), shared with the login page it sends a
// refused link to. Plain strings: client components import them.
/** Where the ::store link's confirmation page posts (app/store-link/continue/route.ts). */
export const STORE_LINK_CONTINUE_PATH = "/store-link/continue";
export const STORE_LINK_REFUSED_PARAM = "link";
export const STORE_LINK_REFUSED_VALUE = "expired";
export const STORE_LINK_REFUSED_QUERY = `${STORE_LINK_REFUSED_PARAM}=${STORE_LINK_REFUSED_VALUE}`;
export const STORE_LINK_REFUSED = "That store link has expired or was already used. Log in to open the credit store, or type ::store in game for a new link.";
/** A store session (opened by a ::store link) asked for something beyond the store. */
export const STORE_SESSION_REFUSED = "This sign-in came from the game's ::store link and only reaches the store. Log in with your password to do this.";
/** The game asked for a ::store link for a staff account. */
export const STAFF_STORE_LINK_REFUSED = "Staff accounts cannot use ::store links: log in on the website with your password.";
/** The confirmation page's 2FA field, when the code is missing or wrong. */
export const STORE_LINK_CODE_REFUSED = "Enter the current code from your authenticator app, or a recovery code.";
