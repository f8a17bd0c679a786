import { describe, expect, it } from 'vitest';
import { SUMMARY_MESSAGES } from '../../../../../shared/call-messages';
import { summaryCounts } from '../../../test/records';
import {
  arrowNavigation,
  currentMonth,
  emptyText,
  isTabDisabled,
  monthLabel,
  monthOptions,
  neighbours,
  notableEscalation,
  patientNameOf,
  resolveTab,
  summaryActions,
  visibleTabs,
} from './summaries.utils';

describe('month filter', () => {
  it("defaults to the browser's current month", () => {
    expect(currentMonth(new Date(2026, 10, 30, 23, 59))).toBe('2026-11');
    expect(currentMonth(new Date(2026, 0, 1, 0, 0))).toBe('2026-01');
  });

  it("labels months like 'November 2026' and 'all' as 'All'", () => {
    expect(monthLabel('2026-11')).toBe('November 2026');
    expect(monthLabel('2025-01')).toBe('January 2025');
    expect(monthLabel('all')).toBe('All');
  });

  it('offers All, then the 13 most recent months, newest first, across a year boundary', () => {
    const options = monthOptions('2026-02');
    expect(options).toHaveLength(14);
    expect(options.slice(0, 4)).toEqual([
      { value: 'all', label: 'All' },
      { value: '2026-02', label: 'February 2026' },
      { value: '2026-01', label: 'January 2026' },
      { value: '2025-12', label: 'December 2025' },
    ]);
    expect(options.at(-1)).toEqual({ value: '2025-02', label: 'February 2025' });
  });
});

describe('tabs', () => {
  it('keeps the selected tab while it has entries, and before any counts are known', () => {
    expect(resolveTab('requires_followup', summaryCounts({ requires_followup: 2, successful: 5 }))).toBe(
      'requires_followup',
    );
    expect(resolveTab('Urgent', undefined)).toBe('Urgent');
  });

  it('switches an empty tab to the first tab, in tab order, that has entries (product-rules.md "Summaries, escalations and notifications")', () => {
    expect(resolveTab('requires_followup', summaryCounts({ added_to_emr: 1, Urgent: 4 }))).toBe('added_to_emr');
    expect(resolveTab('Emergent', summaryCounts({ Elective: 3 }))).toBe('Elective');
    expect(resolveTab('successful', summaryCounts({ requires_followup: 1, successful: 0 }))).toBe('requires_followup');
  });

  it('keeps an empty selection when the month has nothing, except the hidden Follow-up tab', () => {
    expect(resolveTab('Urgent', summaryCounts())).toBe('Urgent');
    expect(resolveTab('Elective', summaryCounts())).toBe('requires_followup');
  });

  it('hides Follow-up while its count is zero, and shows every other tab in order', () => {
    const withoutFollowUp = ['requires_followup', 'successful', 'added_to_emr', 'Emergent', 'Urgent'];
    expect(visibleTabs(summaryCounts({ requires_followup: 3 }), 'requires_followup')).toEqual(withoutFollowUp);
    expect(visibleTabs(undefined, 'requires_followup')).toEqual(withoutFollowUp);
    expect(visibleTabs(summaryCounts({ Elective: 1 }), 'Elective')).toEqual([...withoutFollowUp, 'Elective']);
  });

  it('disables a tab with no entries, never the active one, and none before counts are known', () => {
    const known = summaryCounts({ successful: 2 });
    expect(isTabDisabled('Urgent', 'successful', known)).toBe(true);
    expect(isTabDisabled('successful', 'successful', known)).toBe(false);
    expect(isTabDisabled('requires_followup', 'requires_followup', summaryCounts())).toBe(false);
    expect(isTabDisabled('Urgent', 'successful', undefined)).toBe(false);
  });

  it('names each empty tab with its own text', () => {
    expect(emptyText('requires_followup')).toBe(SUMMARY_MESSAGES.empty.requires_followup);
    expect(emptyText('Emergent')).toBe('No emergency escalations');
  });
});

describe('summary items', () => {
  it("shows 'Unknown Patient' when the patient can't be matched", () => {
    expect(patientNameOf({ patient_name: '  ' })).toBe('Unknown Patient');
    expect(patientNameOf({ patient_name: 'Harold Brooks' })).toBe('Harold Brooks');
  });

  it('shows an escalation for every level but Normal', () => {
    expect(notableEscalation('Emergent')).toBe('Emergent');
    expect(notableEscalation('Elective')).toBe('Elective');
    expect(notableEscalation('Normal')).toBeNull();
    expect(notableEscalation(null)).toBeNull();
  });
});

describe('detail modal transitions (product-rules.md "Summaries, escalations and notifications")', () => {
  it('offers Move to Successful from Incomplete, with the Added to EMR switch off and disabled', () => {
    expect(summaryActions('requires_followup')).toEqual({
      move: { label: 'Move to Successful', to: 'successful' },
      emr: { checked: false, disabled: true, to: 'added_to_emr' },
    });
  });

  it('offers Move to Incomplete from Successful, and the switch adds it to the EMR', () => {
    expect(summaryActions('successful')).toEqual({
      move: { label: 'Move to Incomplete', to: 'requires_followup' },
      emr: { checked: false, disabled: false, to: 'added_to_emr' },
    });
  });

  it('hides both move buttons once Added to EMR; the switch, on, moves it back to Successful', () => {
    expect(summaryActions('added_to_emr')).toEqual({
      move: null,
      emr: { checked: true, disabled: false, to: 'successful' },
    });
  });
});

describe('previous / next', () => {
  const ids = ['a', 'b', 'c'];

  it('walks the list and stops at either end', () => {
    expect(neighbours(ids, 'a', 0)).toEqual({ previous: null, next: 1, position: 0 });
    expect(neighbours(ids, 'b', 1)).toEqual({ previous: 0, next: 2, position: 1 });
    expect(neighbours(ids, 'c', 2)).toEqual({ previous: 1, next: null, position: 2 });
  });

  it('follows the summary when the list shifts around it', () => {
    expect(neighbours(['x', ...ids], 'b', 1)).toEqual({ previous: 1, next: 3, position: 2 });
  });

  it('once the open summary has left the list, next is the one that took its place', () => {
    expect(neighbours(['a', 'c'], 'b', 1)).toEqual({ previous: 0, next: 1, position: null });
    expect(neighbours(['a', 'b'], 'c', 2)).toEqual({ previous: 1, next: null, position: null });
    expect(neighbours([], 'c', 2)).toEqual({ previous: null, next: null, position: null });
  });

  const press = (key: string, target: EventTarget | null = null, modifiers: Partial<Record<string, boolean>> = {}) =>
    arrowNavigation({ key, altKey: false, ctrlKey: false, metaKey: false, shiftKey: false, target, ...modifiers });

  it('maps ← to previous and → to next; other keys do nothing', () => {
    expect(press('ArrowLeft')).toBe('previous');
    expect(press('ArrowRight')).toBe('next');
    expect(press('ArrowUp')).toBeNull();
    expect(press('Escape')).toBeNull();
  });

  it('leaves arrows alone while typing or with a modifier held', () => {
    const text = document.createElement('input');
    const checkbox = Object.assign(document.createElement('input'), { type: 'checkbox' });
    expect(press('ArrowRight', text)).toBeNull();
    expect(press('ArrowRight', document.createElement('textarea'))).toBeNull();
    expect(press('ArrowRight', checkbox)).toBe('next');
    expect(press('ArrowRight', document.createElement('button'))).toBe('next');
    expect(press('ArrowLeft', null, { altKey: true })).toBeNull();
    expect(press('ArrowLeft', null, { shiftKey: true })).toBeNull();
  });
});
