/** The audit capability's jobs (docs/architecture.md "One definition per capability"). */
import type { CapabilitySpec } from '../kernel/spec';

/**
 * Where the audit events' locked copies live in the archive bucket: `<prefix>/<yyyy>/<mm>/<dd>/<hhmmssSSS>-<digest>.jsonl`,
 * an object per stream batch and UTC day, a line per event (audit/archive.ts).
 */
export const AUDIT_ARCHIVE_PREFIX = 'audit-events';

/** Object Lock's retention of each copy: six years, HIPAA's documentation period (leap days included). */
export const AUDIT_ARCHIVE_RETENTION_DAYS = 6 * 365 + 2;

/** archive-audit-events: an audit item was changed or removed in the table (DECISIONS "Audit trail"). */
export const AUDIT_ITEM_CHANGED = 'AuditItemChanged';

export const AUDIT = {
  name: 'audit',
  functions: {},
  jobs: {
    'archive-audit-events': {
      description:
        "Copies each new audit event from the table's stream to the locked archive bucket (an object per batch and day); pages on a changed or removed one",
      trigger: { kind: 'table-stream', entities: ['audit_event'], batchSize: 100 },
      timeoutSeconds: 60,
      pagingMetrics: [
        {
          name: AUDIT_ITEM_CHANGED,
          description: 'An audit event was changed or removed in the table before its retention ended',
        },
      ],
      config: ['auditArchive'],
      permissions: { auditArchive: ['s3:PutObject'] },
    },
  },
  publishes: [],
} as const satisfies CapabilitySpec;
