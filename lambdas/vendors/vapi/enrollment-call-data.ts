/**
 * What Vapi's analysis extracts from an enrollment call (`analysisPlan.structuredDataPlan`, in the
 * vendored contract's `JsonSchema` terms): the person's answer to the one question the call asks
 * (shared/enrollment/enrollment-call-script.ts), and whether they asked not to be called again. The
 * call's override replaces the assistant's own plan, so the whole schema is here.
 */
import type { Vapi } from '@vapi-ai/server-sdk';
import { ENROLLMENT_CALL_ANSWERS } from '../../../shared/enrollment/enrollment-call-script';

export const enrollmentDataPlan = (): Vapi.StructuredDataPlan => ({
  enabled: true,
  schema: {
    type: 'object',
    properties: {
      enrollment_answer: {
        type: 'string',
        enum: [...ENROLLMENT_CALL_ANSWERS],
        description:
          'Whether the person agreed that the care team may call to enrol them in the care-management program: interested (yes, sí), declined (no), unclear (no clear answer, someone else answered, or the call ended first)',
      },
      stop_calls: { type: 'boolean', description: 'The person asked not to be called again' },
    },
    required: ['enrollment_answer'],
  },
});
