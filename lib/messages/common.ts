// Texts shared by the server and the browser; no imports, so any bundle can use them.

/** The one "missing field" message, server and forms alike. */
export const REQUIRED = "This field is required.";
