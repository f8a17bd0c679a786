import { Entity, type EntityConfiguration } from 'electrodb';
import { ELECTRODB_SERVICE } from '../table-schema';
import { primary } from './common';

/**
 * One patient-month of CCM (organization's time zone): running totals ADDed in the same
 * transaction as each time entry and each completed AI call, the complexity flag, and billing.
 * The billing report reads an organization's month as one partition, or BatchGets it per patient.
 */
export function ccmMonthEntity(config: EntityConfiguration) {
  return new Entity(
    {
      model: { entity: 'ccm_month', version: '1', service: ELECTRODB_SERVICE },
      attributes: {
        provider_id: { type: 'string', required: true },
        month: { type: 'string', required: true },
        patient_id: { type: 'string', required: true },
        staff_minutes: { type: 'number', default: 0 },
        practitioner_minutes: { type: 'number', default: 0 },
        non_clinical_minutes: { type: 'number', default: 0 },
        ai_contacts: { type: 'number', default: 0 },
        ai_minutes: { type: 'number', default: 0 },
        complex: { type: 'boolean' },
        complex_set_by: { type: 'string' },
        /** Set once: the month is billed and its time entries are frozen. */
        billed_at: { type: 'string' },
        billed_by: { type: 'string' },
        billed_by_name: { type: 'string' },
        updated_at: { type: 'string' },
      },
      indexes: { byOrganizationMonth: primary(['provider_id', 'month'], ['patient_id']) },
    },
    config,
  );
}
