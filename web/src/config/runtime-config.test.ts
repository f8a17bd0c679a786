import { describe, expect, it } from 'vitest';
import { loadRuntimeConfig, parseRuntimeConfig } from './runtime-config';
import { requestRuntimeConfigEarly } from './runtime-config-request';

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

  it('takes the request started early once, then asks again', async () => {
    const asked: RequestInit[] = [];
    const fetchFn = async (_url: RequestInfo | URL, init?: RequestInit) => {
      asked.push(init ?? {});
      return Response.json(local);
    };
    requestRuntimeConfigEarly(fetchFn);
    requestRuntimeConfigEarly(fetchFn);
    expect(asked).toEqual([{ cache: 'no-store' }]);

    const never = async () => {
      throw new Error('the early request should have been used');
    };
    expect((await loadRuntimeConfig(never)).apiUrl).toBe('http://127.0.0.1:3001');
    expect((await loadRuntimeConfig(fetchFn)).apiUrl).toBe('http://127.0.0.1:3001');
    expect(asked).toHaveLength(2);
  });

  it('lets a failed early request fail the load that takes it, and the next load ask again', async () => {
    requestRuntimeConfigEarly(async () => new Response('down', { status: 503 }));
    await expect(loadRuntimeConfig(async () => Response.json(local))).rejects.toThrow('HTTP 503');
    expect((await loadRuntimeConfig(async () => Response.json(local))).region).toBe('us-east-1');
  });
});
