import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { allowOriginHeaders, withoutAllowOrigin } from './cors';

const WEB = 'http://127.0.0.1:5173';
const from = (origin?: string) => ({ headers: origin === undefined ? {} : { origin } }) as IncomingMessage;

describe('local CORS', () => {
  it("names the web origin for the web app's requests only", () => {
    expect(allowOriginHeaders(from(WEB), WEB)).toEqual({ 'Access-Control-Allow-Origin': WEB, Vary: 'Origin' });
    expect(allowOriginHeaders(from('https://evil.test'), WEB)).toEqual({ Vary: 'Origin' });
    expect(allowOriginHeaders(from('http://localhost:5173'), WEB)).toEqual({ Vary: 'Origin' });
    expect(allowOriginHeaders(from('null'), WEB)).toEqual({ Vary: 'Origin' });
    expect(allowOriginHeaders(from(), WEB)).toEqual({ Vary: 'Origin' });
  });

  it("drops another layer's allowed origin, whatever its case", () => {
    expect(
      withoutAllowOrigin({
        'Access-Control-Allow-Origin': '*',
        'access-control-allow-origin': '*',
        'Content-Type': 'x',
      }),
    ).toEqual({ 'Content-Type': 'x' });
  });
});
