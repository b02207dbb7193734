// Texts of the ::store link (app/store-link/route.ts), shared with the login page it sends a
// refused link to. Plain strings: client components import them.
export const STORE_LINK_REFUSED_PARAM = "link";
export const STORE_LINK_REFUSED_VALUE = "expired";
export const STORE_LINK_REFUSED_QUERY = `${STORE_LINK_REFUSED_PARAM}=${STORE_LINK_REFUSED_VALUE}`;
export const STORE_LINK_REFUSED = "That store link has expired or was already used. Log in to open the credit store, or type ::store in game for a new link.";
