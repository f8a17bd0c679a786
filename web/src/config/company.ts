/** Company facts shown on public pages (product-rules.md "Screens"). */
export const COMPANY = {
  name: 'CareLoop',
  legalName: 'CareLoop, Inc.',
  contactEmail: 'hello@careloop.health',
  supportEmail: 'support@careloop.health',
  incorporation: 'a Delaware corporation',
  mailingAddress: ['CareLoop, Inc.', '1000 N Market Street, Suite 300', 'Wilmington, DE 19801', 'United States'],
  /** The one SMS frequency figure used on every legal page (product-rules.md "Texts"). */
  smsFrequency: 'up to 5 messages per month',
  legalPagesDate: 'August 20, 2025',
} as const;

export const mailto = (email: string, subject?: string): string =>
  subject ? `mailto:${email}?subject=${encodeURIComponent(subject)}` : `mailto:${email}`;
