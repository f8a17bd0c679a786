/**
 * What Vapi's analysis extracts from a check-in (`analysisPlan.structuredDataPlan`, a JSON Schema
 * in the vendored contract's `JsonSchema` terms): the escalation assessment CareLoop has always
 * read (`flag`, `note_to_doctor`, `stop_calls`) and the readings and screening scores the care
 * plan monitors (shared/observations/rules.ts `monitoredMeasures`), which the report's reader
 * checks with `readObservations`. The call's override replaces the assistant's own plan, so the
 * whole schema is here.
 */
import type { Vapi } from '@vapi-ai/server-sdk';
import { ESCALATION_LEVELS } from '../../../shared/values/calls';
import { MEASURES, OBSERVATION_SOURCES, PHQ2_POSITIVE, type Measure } from '../../../shared/observations/measures';

/** How the extractor is told each measure: its name, and the unit or scale the value is in. */
function measureLine(measure: Measure): string {
  const { name, label, min, max } = MEASURES[measure];
  return `${measure}: ${name}${label ? ` in ${label}` : ` (${min}–${max})`}`;
}

/** The structured data plan of a check-in that monitors `measures`. */
export function checkInDataPlan(measures: readonly Measure[]): Vapi.StructuredDataPlan {
  const readings: Vapi.JsonSchema = {
    type: 'array',
    description: [
      'Each reading or screening score the patient gave during the call, once per measure, as a number.',
      'Leave out anything the patient did not say or was unsure of. Measures:',
      ...measures.map(measureLine),
      `phq9 and phq9Item9 only when the PHQ-2 total was ${PHQ2_POSITIVE} or more; phq9Item9 is the answer to item 9 (0 not at all, 1 several days, 2 more than half the days, 3 nearly every day).`,
    ].join('\n'),
    items: {
      type: 'object',
      properties: {
        measure: { type: 'string', enum: [...measures] },
        value: { type: 'number' },
        source: {
          type: 'string',
          enum: [...OBSERVATION_SOURCES],
          description: 'device when read from a cuff, scale or meter during the call; reported when told from memory',
        },
      },
      required: ['measure', 'value', 'source'],
    },
  };
  return {
    enabled: true,
    schema: {
      type: 'object',
      properties: {
        flag: {
          type: 'string',
          enum: [...ESCALATION_LEVELS],
          description: 'How soon the care team must act on this call',
        },
        note_to_doctor: {
          type: 'string',
          description: 'What the care team should know or do, briefly, in English whatever language the call was in',
        },
        stop_calls: { type: 'boolean', description: 'The person asked not to be called again' },
        readings,
      },
      required: ['flag'],
    },
  };
}
