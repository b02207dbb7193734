import { accountControlOperations } from "./account-controls";
import { accountOperations } from "./accounts";
import type { Operation } from "./api";
import { competitionOperations } from "./competitions";
import { forumLikeOperations } from "./forum-likes";
import { forumWatchOperations } from "./forum-watches";
import { forumReadOperations } from "./forum-reads";
import { forumEditorOperations } from "./forum-editor";
import { creatorCodeOperations } from "./creator-codes";
import { forumOperations } from "./forums";
import { gameOperations } from "./game";
import { goalOperations, serverEventOperations } from "./goals";
import { voteSiteOperations } from "./vote-sites";
import { giftCardOperations } from "./gift-cards";
import { healthOp } from "./health";
import { hiscoresOperations } from "./hiscores";
import { openApiOp } from "./meta";
import { orderOperations } from "./orders";
import { newsOperations } from "./news";
import { notificationOperations } from "./notifications";
import { paymentOperations } from "./payments";
import { profileOperations } from "./profiles";
import { punishmentFeedOperations, staffPunishmentOperations } from "./punishments";
import { savedReplyOperations } from "./saved-replies";
import { progressOperations } from "./progress";
import { staffDashboardOperations } from "./staff-dashboard";
import { staffDeliveryOperations } from "./staff-deliveries";
import { staffForumOperations } from "./staff-forums";
import { staffGameKeyOperations } from "./staff-game-keys";
import { staffJobOperations } from "./staff-jobs";
import { staffPaymentOperations } from "./staff-payments";
import { staffPlayerOperations } from "./staff-players";
import { staffStoreOperations } from "./staff-store";
import { staffVoteOperations } from "./staff-votes";
import { storeOperations } from "./store";
import { ticketOperations } from "./tickets";
import { appealOperations } from "./appeals";
import { ticketAttachmentOp } from "./ticket-attachments";
import { voteGoalOperations } from "./vote-goals";
import { voteOperations } from "./votes";

/** Every API operation, in the order the OpenAPI document lists them. */
export const operations: Operation[] = [
  healthOp,
  openApiOp,
  ...accountOperations,
  ...accountControlOperations,
  ...notificationOperations,
  ...storeOperations,
  ...orderOperations,
  ...paymentOperations,
  ...staffDashboardOperations,
  ...staffStoreOperations,
  ...creatorCodeOperations,
  ...goalOperations,
  ...voteSiteOperations,
  ...staffPaymentOperations,
  ...staffDeliveryOperations,
  ...staffPlayerOperations,
  ...staffPunishmentOperations,
  ...staffForumOperations,
  ...staffGameKeyOperations,
  ...staffJobOperations,
  ...staffVoteOperations,
  ...gameOperations,
  ...serverEventOperations,
  ...punishmentFeedOperations,
  ...voteOperations,
  ...voteGoalOperations,
  ...hiscoresOperations,
  ...progressOperations,
  ...competitionOperations,
  ...ticketOperations,
  ticketAttachmentOp,
  ...appealOperations,
  ...savedReplyOperations,
  ...forumOperations,
  ...forumLikeOperations,
  ...forumWatchOperations,
  ...forumReadOperations,
  ...profileOperations,
  ...forumEditorOperations,
  ...newsOperations,
  ...giftCardOperations,
];
