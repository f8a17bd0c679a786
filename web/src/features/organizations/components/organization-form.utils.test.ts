import { describe, expect, it } from 'vitest';
import { IDENTIFIER_MESSAGES } from '../../../../../shared/ccm/identifiers';
import { VALIDATION } from '../../../../../shared/messages';
import {
  EMPTY_ORGANIZATION_FORM,
  timezoneOptions,
  toOrganizationPayload,
  validateOrganizationForm,
} from './organization-form.utils';

const filled = { ...EMPTY_ORGANIZATION_FORM, name: '  Sunrise Family Medicine ' };

describe('organization form', () => {
  it('requires a name after trimming', () => {
    expect(validateOrganizationForm({ ...EMPTY_ORGANIZATION_FORM, name: '   ' })).toBe('Organization name is required');
  });

  it('checks the office e-mail only when given', () => {
    expect(validateOrganizationForm(filled)).toBeNull();
    expect(validateOrganizationForm({ ...filled, office_email: 'front-desk' })).toBe(
      'Please enter a valid office email address',
    );
    expect(validateOrganizationForm({ ...filled, office_email: ' desk@sunrise.example ' })).toBeNull();
  });

  it('leaves empty optional values out on create, trimming the rest', () => {
    expect(toOrganizationPayload({ ...filled, telephone: ' (555) 010-2000 ' })).toEqual({
      name: 'Sunrise Family Medicine',
      telephone: '(555) 010-2000',
      timezone: 'America/New_York',
    });
  });

  it('sends empty optional values as null on update, with the version read', () => {
    expect(toOrganizationPayload({ ...filled, address: ' ', timezone: 'America/Chicago' }, 3)).toEqual({
      name: 'Sunrise Family Medicine',
      address: null,
      telephone: null,
      office_email: null,
      timezone: 'America/Chicago',
      daily_call_limit: null,
      daily_text_limit: null,
      sms_sender: null,
      group_npi: null,
      version: 3,
    });
  });

  it('sends the daily limits as numbers, blank as the default (left out on create, null on update)', () => {
    expect(toOrganizationPayload({ ...filled, daily_call_limit: ' 120 ' })).toEqual({
      name: 'Sunrise Family Medicine',
      timezone: 'America/New_York',
      daily_call_limit: 120,
    });
    expect(toOrganizationPayload({ ...filled, daily_text_limit: '75' }, 2)).toMatchObject({
      daily_call_limit: null,
      daily_text_limit: 75,
    });
  });

  it('refuses a daily limit that is not a whole number from 1 to 10,000', () => {
    const message = 'Enter a whole number from 1 to 10,000, or leave it blank for the default';
    for (const bad of ['0', '-3', '2.5', 'ten', '10001']) {
      expect(validateOrganizationForm({ ...filled, daily_call_limit: bad }), bad).toBe(message);
      expect(validateOrganizationForm({ ...filled, daily_text_limit: bad }), bad).toBe(message);
    }
    expect(validateOrganizationForm({ ...filled, daily_call_limit: '10000', daily_text_limit: '1' })).toBeNull();
  });

  it('checks the texting number only when given: E.164 or a Messaging Service SID', () => {
    expect(validateOrganizationForm({ ...filled, sms_sender: '813-555-0101' })).toBe(VALIDATION.invalidSmsSender);
    expect(validateOrganizationForm({ ...filled, sms_sender: 'MG123' })).toBe(VALIDATION.invalidSmsSender);
    expect(validateOrganizationForm({ ...filled, sms_sender: ' +18135550101 ' })).toBeNull();
    expect(validateOrganizationForm({ ...filled, sms_sender: `MG${'a1'.repeat(16)}` })).toBeNull();
    expect(toOrganizationPayload({ ...filled, sms_sender: ' +18135550101 ' })).toMatchObject({
      sms_sender: '+18135550101',
    });
  });

  it('checks the group NPI only when given, by its check digit, without spaces', () => {
    expect(validateOrganizationForm({ ...filled, group_npi: '1245319598' })).toBe(IDENTIFIER_MESSAGES.npiInvalid);
    expect(validateOrganizationForm({ ...filled, group_npi: '12453' })).toBe(IDENTIFIER_MESSAGES.npiInvalid);
    expect(validateOrganizationForm({ ...filled, group_npi: ' 1245319599 ' })).toBeNull();
    expect(toOrganizationPayload({ ...filled, group_npi: ' 1245319599 ' })).toMatchObject({ group_npi: '1245319599' });
  });

  it("keeps an organization's own time zone among the options", () => {
    expect(timezoneOptions('America/New_York').map((o) => o.value)).not.toContain('Europe/Dublin');
    expect(timezoneOptions('Europe/Dublin').at(-1)).toEqual({ value: 'Europe/Dublin', label: 'Europe/Dublin' });
  });
});
