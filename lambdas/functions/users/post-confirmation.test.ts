import { describe, expect, it } from 'vitest';
import { MalformedEvent } from '../../platform/job-handler';
import { parseSignUp } from './post-confirmation';

const event = (userAttributes: Record<string, string>, triggerSource = 'PostConfirmation_ConfirmSignUp') => ({
  version: '1',
  triggerSource,
  userPoolId: 'us-east-1_pool',
  userName: 'abc',
  request: { userAttributes },
  response: {},
});
const sub = '0b6c1f0e-1c2d-4e5f-8a9b-0c1d2e3f4a5b';

describe('parseSignUp', () => {
  it('reads the id, the e-mail (lower case) and given and family names', () => {
    expect(
      parseSignUp(event({ sub, email: 'Penny@Clinic.Example', given_name: ' Penny ', family_name: 'Ding' })),
    ).toEqual({ userId: sub, email: 'penny@clinic.example', firstName: 'Penny', lastName: 'Ding' });
  });

  it('falls back to `name`, and to no name at all', () => {
    expect(parseSignUp(event({ sub, email: 'a@b.co', name: 'Mary Ann Smith' }))).toMatchObject({
      firstName: 'Mary',
      lastName: 'Ann Smith',
    });
    expect(parseSignUp(event({ sub, email: 'a@b.co' }))).toMatchObject({ firstName: '', lastName: '' });
  });

  it('ignores a confirmed password reset', () => {
    expect(parseSignUp(event({ sub, email: 'a@b.co' }, 'PostConfirmation_ConfirmForgotPassword'))).toBeNull();
  });

  it('refuses an event without a well-formed id or e-mail', () => {
    expect(() => parseSignUp(event({ sub: 'x/../y', email: 'a@b.co' }))).toThrow(MalformedEvent);
    expect(() => parseSignUp(event({ sub, email: 'nobody' }))).toThrow(MalformedEvent);
    expect(() => parseSignUp('not an event')).toThrow(MalformedEvent);
  });
});
