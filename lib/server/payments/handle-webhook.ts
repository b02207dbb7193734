import "server-only";
import { AppError } from "../errors";
import type { PaymentMethodName } from "../env";
import { log } from "../log";
import { ADAPTERS } from "./adapters";
import { type SettleResult, settleEvent } from "./settle";
import { WebhookSignatureError } from "./types";

// The one webhook path: the routes and the local test checkout both call this. Verified events
// are answered 200 whatever their effect (stored, maybe with an error) so the provider stops
// retrying; a bad signature is a 400 and changes nothing.

export async function handleWebhook(method: PaymentMethodName, raw: Uint8Array, headers: Headers): Promise<SettleResult> {
  let event;
  try {
    event = await ADAPTERS[method].verifyWebhook(raw, headers);
  } catch (e) {
    if (e instanceof WebhookSignatureError) {
      log.warn("webhook signature refused", { provider: method, reason: e.message });
      throw new AppError("BAD_REQUEST", { userMessage: "Invalid webhook signature." });
    }
    throw e;
  }
  return settleEvent(method, event);
}
