import { Entity, type EntityConfiguration } from 'electrodb';
import { ELECTRODB_SERVICE } from '../table-schema';
import { gsi1, primary, RECORD_STATUS } from './common';

export function patientEntity(config: EntityConfiguration) {
  return new Entity(
    {
      model: { entity: 'patient', version: '1', service: ELECTRODB_SERVICE },
      attributes: {
        patient_id: { type: 'string', required: true },
        provider_id: { type: 'string', required: true },
        first_name: { type: 'string', required: true },
        last_name: { type: 'string', required: true },
        email: { type: 'string', required: true },
        phone_number: { type: 'string' },
        status: { type: RECORD_STATUS, required: true },
        created_at: { type: 'string', required: true },
        updated_at: { type: 'string', required: true },
        archived_at: { type: 'string' },
        created_by: { type: 'string', required: true },
        version: { type: 'number', required: true },
        /** The call log holding the one-call-at-a-time lock (product-rules.md "Calls"); absent when none. */
        active_call_id: { type: 'string' },
        /**
         * CCM (product-rules.md "Care management (CCM)"): the newest consent_record's status and date
         * (written in its transaction; absent: not asked), the care plan's number of chronic
         * conditions (written in the plan's transaction) and the patient's billing practitioner.
         */
        consent_status: { type: ['not_asked', 'accepted', 'declined', 'withdrawn'] as const },
        consent_date: { type: 'string' },
        condition_count: { type: 'number' },
        billing_practitioner_id: { type: 'string' },
        /**
         * What a practice's records carry (DECISIONS "Enrollment"): the medical record number (unique
         * within the organization by its `patient_mrn` claim), the date of birth (`YYYY-MM-DD`) and the
         * preferred language (absent: English). Absent on patients stored before them.
         */
        mrn: { type: 'string' },
        date_of_birth: { type: 'string' },
        /** Medicare Beneficiary Identifier for claims (upper case, no dashes); absent: none given. */
        mbi: { type: 'string' },
        preferred_language: { type: ['en', 'es'] as const },
        /** Qualified Medicare Beneficiary status and the day staff checked it (`YYYY-MM-DD`); absent: never checked. */
        qmb: {
          type: 'map',
          properties: { status: { type: 'boolean', required: true }, checked_on: { type: 'string', required: true } },
        },
        /**
         * Every QMB check, oldest recorded first (ccm/qmb.ts): a past month is priced with the status
         * checked by its end. `qmb` stays the latest by day. Absent on patients checked before the
         * history was kept: their one check is `qmb`.
         */
        qmb_checks: {
          type: 'list',
          items: {
            type: 'map',
            properties: {
              status: { type: 'boolean', required: true },
              checked_on: { type: 'string', required: true },
              // Absent on the one check recorded before checks were kept.
              set_at: { type: 'string' },
              set_by: { type: 'string' },
              set_by_name: { type: 'string' },
            },
          },
        },
        /** When the person asked on a call not to be called again ("stop calling"); absent: never. */
        calls_stopped_at: { type: 'string' },
        /**
         * The care-management programs the patient was enrolled in (DECISIONS "Care-management
         * programs"), oldest first: each from its month (YYYY-MM, the month after the change) until the
         * next one's; absent: CCM throughout. A few items over a patient's life; the report reads them
         * with the patient, so a month's program costs no request of its own.
         */
        care_programs: {
          type: 'list',
          items: {
            type: 'map',
            properties: {
              program: { type: ['ccm', 'pcm', 'apcm'] as const, required: true },
              from: { type: 'string', required: true },
              pcm_condition: { type: 'string' },
              set_at: { type: 'string', required: true },
              set_by: { type: 'string', required: true },
              set_by_name: { type: 'string', required: true },
            },
          },
        },
        /** Moves with each change of `care_programs` or `qmb` (and `qmb_checks`): two staff saving at once, the second is told to reload. */
        care_program_version: { type: 'number' },
        /** Where the patient stands in the enrollment funnel (shared/enrollment/funnel.ts); absent: outside it. */
        enrollment_stage: {
          type: ['eligible', 'invited', 'interested', 'enrolled', 'declined', 'unreachable'] as const,
        },
      },
      indexes: {
        byId: { ...primary(['patient_id'], []), collection: 'patientRecord' },
        byOrganization: gsi1(['provider_id', 'status'], ['created_at', 'patient_id']),
      },
    },
    config,
  );
}
