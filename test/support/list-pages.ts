/**
 * What the unit tests of list pages share: a read the test answers when it wants to, an audit log
 * that keeps each write it was given, and a patient by name.
 */
import { vi } from 'vitest';
import type { AuditEntry, AuditLog } from '../../lambdas/kernel/audit-entry';
import type { PatientRecord } from '../../lambdas/kernel/records/patient';

/** A promise the test settles when it wants to (a read still under way); Node 20 has no Promise.withResolvers. */
export function held<T>() {
  let release!: (value: T) => void;
  let refuse!: (error: unknown) => void;
  const promise = new Promise<T>((resolve, reject) => {
    release = resolve;
    refuse = reject;
  });
  return { promise, release, refuse };
}

/** An audit log keeping each write's events, one list per write, in the order they were asked. */
export function recordingAudit() {
  const recorded: AuditEntry[][] = [];
  const audit: AuditLog = {
    record: vi.fn(async (entry: AuditEntry) => void recorded.push([entry])),
    recordMany: vi.fn(async (entries: readonly AuditEntry[]) => void recorded.push([...entries])),
  };
  return { audit, recorded };
}

/** An active patient of org-1 named `first` Alvarez, stored at `at`. */
export const patientNamed = (id: string, first: string, at: string): PatientRecord => ({
  id,
  provider_id: 'org-1',
  first_name: first,
  last_name: 'Alvarez',
  email: '',
  phone_number: '+18135550106',
  created_at: at,
  updated_at: at,
  version: 1,
  status: 'active',
});
