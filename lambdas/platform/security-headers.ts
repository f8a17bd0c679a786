/**
 * Sent with every API answer, JSON or not: browsers must not guess a content type, and must reach the
 * API over HTTPS only, for two years (the web distribution sends the same HSTS). The handlers' answers
 * (http.ts) and API Gateway's own answers (infra/constructs/careloop-api.ts) both read this.
 */
export const SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
} as const;
