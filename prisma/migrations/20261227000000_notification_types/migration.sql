-- Two more notification types (docs/notifications.md, "Types"): an achievement dated by a
-- hiscores push, and a prize won in a competition that ended. The CHECK constraints follow
-- NOTIFICATION_TYPES in lib/notifications.ts.

ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_check";
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_check" CHECK ("type" IN ('forum_reply', 'forum_watched_post', 'mention', 'quote', 'reaction', 'ticket_reply', 'ticket_status', 'order_claimed', 'order_blocked', 'gift_received', 'vote_reward', 'donator_rank', 'achievement', 'competition_prize', 'security'));

ALTER TABLE "notification_preferences" DROP CONSTRAINT "notification_preferences_type_check";
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_type_check" CHECK ("type" IN ('forum_reply', 'forum_watched_post', 'mention', 'quote', 'reaction', 'ticket_reply', 'ticket_status', 'order_claimed', 'order_blocked', 'gift_received', 'vote_reward', 'donator_rank', 'achievement', 'competition_prize', 'security'));
