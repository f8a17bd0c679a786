import { describe, expect, it } from 'vitest';
import { loadRuntimeConfig, parseRuntimeConfig } from './runtime-config';

const local = {
  apiUrl: 'http://127.0.0.1:3001/',
  region: 'us-east-1',
  userPoolId: 'local_pool',
  userPoolClientId: 'client123',
  userPoolEndpoint: 'http://127.0.0.1:9229',
};

describe('runtime config', () => {
  it('reads the local-mode config and trims the trailing slash of the API URL', () => {
    expect(parseRuntimeConfig(local)).toEqual({ ...local, apiUrl: 'http://127.0.0.1:3001' });
  });

  it('accepts the AWS config without a user pool endpoint', () => {
    const { userPoolEndpoint: _omitted, ...aws } = local;
    expect(parseRuntimeConfig(aws).userPoolEndpoint).toBeUndefined();
  });

  it('names what is wrong with an invalid config', () => {
    expect(() => parseRuntimeConfig({ ...local, apiUrl: 'not a url', userPoolId: '' })).toThrow(/apiUrl/);
  });

  it('fails clearly when the file cannot be fetched', async () => {
    const fetchFn = async () => new Response('missing', { status: 404 });
    await expect(loadRuntimeConfig(fetchFn)).rejects.toThrow('Could not load /runtime-config.json (HTTP 404)');
  });
});
