import { Entity, type EntityConfiguration } from 'electrodb';
import { ELECTRODB_SERVICE } from '../table-schema';
import { gsi1, gsi2, primary } from './common';

const channels = { type: 'list', items: { type: 'string' } } as const;

export function userProfileEntity(config: EntityConfiguration) {
  return new Entity(
    {
      model: { entity: 'user_profile', version: '1', service: ELECTRODB_SERVICE },
      attributes: {
        user_id: { type: 'string', required: true },
        email: { type: 'string', required: true },
        first_name: { type: 'string', required: true },
        last_name: { type: 'string', required: true },
        phone_number: { type: 'string' },
        role: { type: ['careloop_employee', 'provider', 'patient', 'none'] as const, required: true },
        /** Organization id, or 'none' for employees: keeps the organization index dense. */
        org_key: { type: 'string', required: true },
        assigned_at: { type: 'string' },
        notify_new_summaries: channels,
        notify_escalations: channels,
        /** Provider users' care role (product-rules.md "Care management (CCM)"); absent reads as clinical staff. */
        care_role: { type: ['billing_practitioner', 'clinical_staff', 'non_clinical'] as const },
        /** Provider users' National Provider Identifier (10 digits), for claims; absent: none given. */
        npi: { type: 'string' },
        /**
         * pending: a self sign-up waiting for an operator (its own partition of byStatus, so the list
         * is one Query); disabled: its organization was archived; deleted: removed by an operator.
         */
        status: { type: ['pending', 'active', 'disabled', 'deleted'] as const, required: true },
        created_at: { type: 'string', required: true },
        updated_at: { type: 'string', required: true },
        disabled_at: { type: 'string' },
        /** Set while an operator has the account suspended: its tokens have no standing, sign-in is refused. */
        suspended_at: { type: 'string' },
        deleted_at: { type: 'string' },
        /** Employees only: may read and change System Settings, and grant or revoke this on other operators. */
        can_manage_settings: { type: 'boolean' },
      },
      indexes: {
        byId: primary(['user_id'], []),
        byOrganization: gsi1(['org_key', 'status'], ['created_at', 'user_id']),
        byStatus: gsi2(['status'], ['created_at', 'user_id']),
      },
    },
    config,
  );
}
