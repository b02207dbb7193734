import { accountOperations } from "./accounts";
import type { Operation } from "./api";
import { competitionOperations } from "./competitions";
import { forumOperations } from "./forums";
import { gameOperations } from "./game";
import { goalOperations, serverEventOperations } from "./goals";
import { giftCardOperations } from "./gift-cards";
import { healthOp } from "./health";
import { hiscoresOperations } from "./hiscores";
import { openApiOp } from "./meta";
import { orderOperations } from "./orders";
import { newsOperations } from "./news";
import { paymentOperations } from "./payments";
import { progressOperations } from "./progress";
import { staffDashboardOperations } from "./staff-dashboard";
import { staffDeliveryOperations } from "./staff-deliveries";
import { staffForumOperations } from "./staff-forums";
import { staffGameKeyOperations } from "./staff-game-keys";
import { staffJobOperations } from "./staff-jobs";
import { staffPaymentOperations } from "./staff-payments";
import { staffPlayerOperations } from "./staff-players";
import { staffStoreOperations } from "./staff-store";
import { storeOperations } from "./store";
import { ticketOperations } from "./tickets";
import { voteOperations } from "./votes";

/** Every API operation, in the order the OpenAPI document lists them. */
export const operations: Operation[] = [
  healthOp,
  openApiOp,
  ...accountOperations,
  ...storeOperations,
  ...orderOperations,
  ...paymentOperations,
  ...staffDashboardOperations,
  ...staffStoreOperations,
  ...goalOperations,
  ...staffPaymentOperations,
  ...staffDeliveryOperations,
  ...staffPlayerOperations,
  ...staffForumOperations,
  ...staffGameKeyOperations,
  ...staffJobOperations,
  ...gameOperations,
  ...serverEventOperations,
  ...voteOperations,
  ...hiscoresOperations,
  ...progressOperations,
  ...competitionOperations,
  ...ticketOperations,
  ...forumOperations,
  ...newsOperations,
  ...giftCardOperations,
];
