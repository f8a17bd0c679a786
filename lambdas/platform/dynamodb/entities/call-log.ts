import { Entity, type EntityConfiguration } from 'electrodb';
import { ELECTRODB_SERVICE } from '../table-schema';
import { gsi1, gsi2, gsi3, primary } from './common';

/**
 * One call: placed at once, scheduled, or a monthly check-in. Lists: a patient's calls (gsi1,
 * newest first), the operators' lists (gsi2: `list` is `scheduled` while pending, sorted by
 * due time; `placed` once handed to Vapi, sorted by placing time; `cancelled`) and the same lists
 * per organization (gsi3: the worklist's check-ins due). Every write of `list` also writes
 * `list_at`, so both sort keys move together; `provider_id` never changes.
 */
export function callLogEntity(config: EntityConfiguration) {
  return new Entity(
    {
      model: { entity: 'call_log', version: '1', service: ELECTRODB_SERVICE },
      attributes: {
        call_log_id: { type: 'string', required: true },
        patient_id: { type: 'string', required: true },
        provider_id: { type: 'string', required: true },
        status: {
          type: ['scheduled', 'queued', 'in_progress', 'completed', 'failed', 'cancelled'] as const,
          required: true,
        },
        kind: { type: ['instant', 'scheduled', 'monthly', 'link', 'web', 'enrollment'] as const, required: true },
        outcome: { type: ['answered', 'no_answer', 'busy', 'voicemail', 'failed', 'cancelled'] as const },
        list: { type: ['scheduled', 'placed', 'cancelled'] as const, required: true },
        list_at: { type: 'string', required: true },
        created_at: { type: 'string', required: true },
        updated_at: { type: 'string', required: true },
        created_by: { type: 'string', required: true },
        scheduled_at: { type: 'string' },
        time_preference: { type: ['morning', 'midday', 'afternoon', 'evening'] as const },
        cycle_date: { type: 'string' },
        attempt: { type: 'number', required: true, default: 0 },
        placed_at: { type: 'string' },
        vendor_call_id: { type: 'string' },
        started_at: { type: 'string' },
        ended_at: { type: 'string' },
        duration_seconds: { type: 'number' },
        ended_reason: { type: 'string' },
        failure_reason: { type: 'string' },
        /** JSON list of `{ speaker, text }` turns. */
        transcript: { type: 'string' },
        summary: { type: 'string' },
        escalation_level: { type: ['Emergent', 'Urgent', 'Elective', 'Normal'] as const },
        note_to_doctor: { type: 'string' },
        success_evaluation: { type: 'boolean' },
        cost: { type: 'number' },
        report_received_at: { type: 'string' },
        event_published_at: { type: 'string' },
        /** Summary review flags (product-rules.md "Summaries, escalations and notifications"). */
        added_to_emr: { type: 'boolean' },
        requires_followup: { type: 'boolean' },
        /** The months its summary is listed under: the organization's (its time zone) and UTC. */
        summary_org_month: { type: 'string' },
        summary_utc_month: { type: 'string' },
        /** The person asked not to be called again (set with the report; read by the follow-up job). */
        stop_requested: { type: 'boolean' },
        /** The due time (`scheduled_at`) whose reminder text was handled: sent, or not for an opt-out or the month's cap. */
        reminded_for: { type: 'string' },
        /** The on-call number the assistant was given for a warm transfer when the call was placed. */
        transfer_offered_to: { type: 'string' },
        /** The call holds a slot of the call lines since then (call-lines.ts); removed when given back. */
        slot_taken_at: { type: 'string' },
        /** A due call waiting for a line: since then (its call_waiting item has the same time). */
        waiting_since: { type: 'string' },
        /** The warm transfer the report shows, if any (DECISIONS "Warm transfer"). */
        transfer: {
          type: 'map',
          properties: {
            to: { type: 'string', required: true },
            status: { type: ['answered', 'unanswered', 'failed'] as const, required: true },
            at: { type: 'string', required: true },
          },
        },
        version: { type: 'number', required: true },
      },
      indexes: {
        byId: primary(['call_log_id'], []),
        byPatient: gsi1(['patient_id'], ['created_at', 'call_log_id']),
        byList: gsi2(['list'], ['list_at', 'call_log_id']),
        byOrganizationList: gsi3(['provider_id'], ['list', 'list_at', 'call_log_id']),
      },
    },
    config,
  );
}
