import { describe, expect, it } from 'vitest';
import { actionLabel, actorLabel, roleLabel } from './access-history.utils';

describe('access history labels', () => {
  it('turns dotted audit verbs into words', () => {
    expect(actionLabel('care_plan.revisions.read')).toBe('Care plan revisions read');
    expect(actionLabel('patient.access_history.read')).toBe('Patient access history read');
    expect(actionLabel('')).toBe('Unknown action');
  });

  it('names roles and actors, falling back for accounts without either', () => {
    expect(roleLabel('careloop_employee')).toBe('CareLoop Employee');
    expect(roleLabel('none')).toBe('No role');
    const actor = { user_id: 'u-1', role: 'provider' as const, organization_id: 'o-1', email: null };
    expect(actorLabel({ ...actor, name: 'Nora Ellis' })).toBe('Nora Ellis');
    expect(actorLabel({ ...actor, name: null })).toBe('u-1');
  });
});
