/**
 * The texts routes with the schemas of what each takes: the handlers' trigger layer
 * parses requests with them, and the contract (`../contract/texts.ts`) documents the same.
 */
import * as z from 'zod/mini';
import { lazySchema } from '../../lazy-schema';
import { sendTextSchema, resolveCallbackSchema } from '../../texts';
import { openCarePlanLinkSchema } from '../../care-plan-link';
import { pageQuerySchema } from '../../validation';
import { linkPathSchema, patientPathSchema, patientTextPathSchema } from '../../path-schemas';
import { TEXTS_ROUTES } from '../routes/texts';
import type { Endpoint } from './endpoint';

/** The fields of Twilio's form posts that CareLoop reads; Twilio sends more. */
const twilioStatusForm = lazySchema(() =>
  z.looseObject({
    MessageSid: z.string(),
    MessageStatus: z.string(),
    ErrorCode: z.optional(z.string()),
  }),
);
const twilioInboundForm = lazySchema(() =>
  z.looseObject({ MessageSid: z.string(), From: z.string(), Body: z.string() }),
);

export const TEXTS_ENDPOINTS = {
  listTexts: { ...TEXTS_ROUTES.listTexts, path: patientPathSchema, query: pageQuerySchema },
  sendText: { ...TEXTS_ROUTES.sendText, path: patientPathSchema, body: sendTextSchema },
  resolveCallback: { ...TEXTS_ROUTES.resolveCallback, path: patientTextPathSchema, body: resolveCallbackSchema },
  sendCallLink: { ...TEXTS_ROUTES.sendCallLink, path: patientPathSchema, body: null },
  revokeCallLinks: { ...TEXTS_ROUTES.revokeCallLinks, path: patientPathSchema },
  startLinkCall: { ...TEXTS_ROUTES.startLinkCall, path: linkPathSchema, body: null },
  sendCarePlanLink: { ...TEXTS_ROUTES.sendCarePlanLink, path: patientPathSchema, body: null },
  openCarePlanLink: { ...TEXTS_ROUTES.openCarePlanLink, path: linkPathSchema, body: openCarePlanLinkSchema },
  twilioStatus: { ...TEXTS_ROUTES.twilioStatus, body: twilioStatusForm },
  twilioInbound: { ...TEXTS_ROUTES.twilioInbound, body: twilioInboundForm },
} as const satisfies Record<string, Endpoint>;
