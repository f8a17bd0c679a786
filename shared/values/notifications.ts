/** How a provider user hears of new summaries and escalations (product-rules.md "Summaries, escalations and notifications"). */

export const NOTIFICATION_CHANNELS = ['email', 'sms', 'call'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
