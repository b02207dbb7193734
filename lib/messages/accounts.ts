// Account texts shown by both the server and the browser. Plain strings, no zod: client
// components import them without pulling the schema library into their bundle.

export const CONFIRMATION_NOTICE = "We sent you a confirmation email, please click on the link in the email to finalise your account creation!";
export const EMAIL_UNCONFIRMED = "Please confirm your email address first: follow the link in the email we sent you.";
export const CONFIRMATION_RESENT = "If that account is still waiting for confirmation, we sent a new link to its email address.";
export const TWO_FACTOR_REQUIRED = "Enter the 6-digit code from your authenticator app.";
export const PASSWORD_CHANGED = "Your password has been changed.";
export const RESET_REQUESTED =
  "Success! If the provided username belonged to an active account, you should have received an email with instructions on how to reset your password.";
export const RESET_DONE = "Success! We were able to successfully reset your password, and you should now be able to log in using your new credentials.";
/** Registration: a taken username is named (docs/accounts.md, Registration); the email field's refusal never says the address has an account. */
export const USERNAME_TAKEN_FIELD = "This username is taken.";
export const USERNAME_TAKEN = "This username is taken. Choose another one.";
export const EMAIL_REFUSED_FIELD = "A new account cannot be made with this email address.";
export const EMAIL_REFUSED =
  "A new account cannot be made with this email address. If you already have an account, log in or reset your password; otherwise use another address.";
