import { describe, expect, it } from 'vitest';
import { CLIENT_READABLE_ATTRIBUTES, CLIENT_WRITABLE_ATTRIBUTES, unauthorizedClientWrite } from './identity-attributes';

describe('client attributes', () => {
  it('lets the web client write the e-mail and the names, and read the organization too', () => {
    expect([...CLIENT_WRITABLE_ATTRIBUTES]).toEqual(['email', 'given_name', 'family_name']);
    expect(CLIENT_READABLE_ATTRIBUTES).toContain('custom:provider_id');
  });

  it('names the first attribute the client may not write', () => {
    expect(unauthorizedClientWrite(['email', 'given_name', 'family_name'])).toBeNull();
    expect(unauthorizedClientWrite(['email', 'name'])).toBe('name');
    expect(unauthorizedClientWrite(['email', 'custom:provider_id'])).toBe('custom:provider_id');
    expect(unauthorizedClientWrite(['custom:anything'])).toBe('custom:anything');
    expect(unauthorizedClientWrite(['email_verified'])).toBe('email_verified');
  });
});
