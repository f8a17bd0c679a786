import { describe, expect, it } from 'vitest';
import { actionLabel, actorLabel, actorRoleLabel, filterChoices, roleLabel } from './access-history.utils';
import { accessHistoryEntry } from '../../../test/records';

describe('access history labels', () => {
  const actor = {
    kind: 'person' as const,
    user_id: 'u-1',
    role: 'provider' as const,
    organization_id: 'o-1',
    email: null,
  };
  it('turns dotted audit verbs into words', () => {
    expect(actionLabel('care_plan.revisions.read')).toBe('Care plan revisions read');
    expect(actionLabel('patient.access_history.read')).toBe('Patient access history read');
    expect(actionLabel('')).toBe('Unknown action');
  });

  it('names roles and actors, falling back for accounts without either', () => {
    expect(roleLabel('careloop_employee')).toBe('CareLoop Employee');
    expect(roleLabel('none')).toBe('No role');
    expect(actorLabel({ ...actor, name: 'Nora Ellis' })).toBe('Nora Ellis');
    expect(actorLabel({ ...actor, name: null })).toBe('u-1');
  });

  it('says System or Patient where CareLoop or the patient acted, instead of a role', () => {
    const vapi = { ...actor, kind: 'system' as const, user_id: 'system:vapi-webhook', role: 'none' as const };
    expect(actorLabel({ ...vapi, name: 'CareLoop (Vapi report)' })).toBe('CareLoop (Vapi report)');
    expect(actorRoleLabel({ ...vapi, name: 'CareLoop (Vapi report)' })).toBe('System');
    expect(actorRoleLabel({ ...actor, kind: 'patient', role: 'none', name: 'Patient (call link)' })).toBe('Patient');
    expect(actorRoleLabel({ ...actor, name: 'Nora Ellis' })).toBe('Provider User');
  });

  it('offers each action and each actor once, by label', () => {
    const choices = filterChoices([
      accessHistoryEntry({ id: 'a', action: 'patient.read' }),
      accessHistoryEntry({ id: 'b', action: 'care_plan.read' }),
      accessHistoryEntry({ id: 'c', action: 'patient.read' }),
    ]);
    expect(choices.actions).toEqual([
      { value: 'care_plan.read', label: 'Care plan read' },
      { value: 'patient.read', label: 'Patient read' },
    ]);
    expect(choices.actors).toEqual([{ value: 'nurse-1', label: 'Nora Ellis' }]);
  });
});
