import { describe, expect, it } from 'vitest';
import {
  ENROLLMENT_STAGES,
  enrollmentStageAtStart,
  isInvitable,
  stageAfterAnswer,
  stageAfterConditions,
  stageAfterConsent,
} from './funnel';

describe('enrollmentStageAtStart', () => {
  it('enrols on accepted consent, declines on declined or withdrawn, else eligible from two conditions', () => {
    expect(enrollmentStageAtStart(0, 'accepted')).toBe('enrolled');
    expect(enrollmentStageAtStart(3, 'declined')).toBe('declined');
    expect(enrollmentStageAtStart(3, 'withdrawn')).toBe('declined');
    expect(enrollmentStageAtStart(2, 'not_asked')).toBe('eligible');
    expect(enrollmentStageAtStart(1, undefined)).toBeUndefined();
    expect(enrollmentStageAtStart(0, 'not_asked')).toBeUndefined();
  });
});

describe('stageAfterConditions', () => {
  it('brings a patient outside the funnel in at two conditions', () => {
    expect(stageAfterConditions(undefined, 2, 'not_asked')).toBe('eligible');
    expect(stageAfterConditions(undefined, 1, 'not_asked')).toBeUndefined();
  });

  it('takes an eligible patient out below two conditions, and keeps one still at two or more', () => {
    expect(stageAfterConditions('eligible', 1, 'not_asked')).toBeUndefined();
    expect(stageAfterConditions('eligible', 0, undefined)).toBeUndefined();
    expect(stageAfterConditions('eligible', 4, 'not_asked')).toBe('eligible');
  });

  it('never undoes a stage reached by talking to the patient', () => {
    for (const stage of ['invited', 'interested', 'enrolled', 'declined', 'unreachable'] as const) {
      expect(stageAfterConditions(stage, 0, 'not_asked')).toBe(stage);
      expect(stageAfterConditions(stage, 5, 'not_asked')).toBe(stage);
    }
  });
});

describe('stageAfterConsent', () => {
  it('enrols on accepted consent from any stage, even outside the funnel', () => {
    for (const stage of [...ENROLLMENT_STAGES, undefined]) {
      expect(stageAfterConsent(stage, 'accepted', 0)).toBe('enrolled');
    }
  });

  it('declines on declined or withdrawn consent, an enrolled patient included', () => {
    expect(stageAfterConsent('enrolled', 'withdrawn', 3)).toBe('declined');
    expect(stageAfterConsent('interested', 'declined', 3)).toBe('declined');
    expect(stageAfterConsent(undefined, 'declined', 0)).toBe('declined');
  });
});

describe('invitations', () => {
  it('go to eligible, invited and unreachable patients only', () => {
    expect(ENROLLMENT_STAGES.filter(isInvitable)).toEqual(['eligible', 'invited', 'unreachable']);
    expect(isInvitable(undefined)).toBe(false);
  });

  it('move an invited patient by the answer', () => {
    expect(stageAfterAnswer('invited', 'yes')).toBe('interested');
    expect(stageAfterAnswer('invited', 'no')).toBe('declined');
    expect(stageAfterAnswer('invited', 'no_answer')).toBe('unreachable');
  });

  it('leave every other stage as it is', () => {
    for (const stage of ['eligible', 'interested', 'enrolled', 'declined', 'unreachable', undefined] as const) {
      expect(stageAfterAnswer(stage, 'yes')).toBe(stage);
      expect(stageAfterAnswer(stage, 'no')).toBe(stage);
    }
  });
});
