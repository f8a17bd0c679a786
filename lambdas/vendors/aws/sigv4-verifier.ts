/**
 * Signature Version 4, checked as AWS checks it, for the local stand-ins (ARCHITECTURE "Fidelity":
 * local must not be kinder than AWS). A request is signed either in its `Authorization` header (the
 * SDK) or in its query string (a presigned URL, used by a browser that holds no credentials); either
 * way the signature is recomputed from the request as received with the secret of its access key,
 * and a presigned URL past its `X-Amz-Expires` is refused. The body's hash is taken as the request
 * declares it (`x-amz-content-sha256`, `UNSIGNED-PAYLOAD` for a presigned URL).
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

export interface SignedRequest {
  readonly method: string;
  /** The request target as received: path and query, still encoded. */
  readonly target: string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
}

/** Why a request is refused, as the service answers it. */
export interface SignatureRefusal {
  readonly status: 400 | 403;
  readonly code: string;
  readonly message: string;
}

const ALGORITHM = 'AWS4-HMAC-SHA256';
/** A presigned URL lives at most a week (S3's limit). */
const MAX_EXPIRES_SECONDS = 604_800;

const refusal = (status: 400 | 403, code: string, message: string): SignatureRefusal => ({ status, code, message });
const MISMATCH = refusal(
  403,
  'SignatureDoesNotMatch',
  'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
);

/** RFC 3986 encoding, as SigV4 asks of query names and values. */
const encode = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();
const sha256Hex = (data: string) => createHash('sha256').update(data, 'utf8').digest('hex');

function decodeQueryPart(part: string): string {
  try {
    return decodeURIComponent(part.replace(/\+/g, '%20'));
  } catch {
    return part;
  }
}

/** The query's pairs, decoded, in the order received. */
function queryPairs(query: string): [string, string][] {
  if (!query) return [];
  return query.split('&').map((pair) => {
    const at = pair.indexOf('=');
    const name = at < 0 ? pair : pair.slice(0, at);
    return [decodeQueryPart(name), at < 0 ? '' : decodeQueryPart(pair.slice(at + 1))];
  });
}

function canonicalQuery(pairs: readonly [string, string][]): string {
  return pairs
    .map(([name, value]) => [encode(name), encode(value)] as const)
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

function headerValue(headers: SignedRequest['headers'], name: string): string | undefined {
  const value = headers[name];
  if (value === undefined) return undefined;
  return (Array.isArray(value) ? value.join(',') : value).trim().replace(/\s+/g, ' ');
}

interface Signature {
  accessKeyId: string;
  date: string;
  region: string;
  service: string;
  amzDate: string;
  signedHeaders: string[];
  signature: string;
  payloadHash: string;
  /** The query pairs that are signed (a presigned URL's own signature left out). */
  pairs: [string, string][];
  expiresSeconds?: number;
}

const CREDENTIAL = /^([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request$/;
const AMZ_DATE = /^(\d{8})T(\d{6})Z$/;

function signatureOf(request: SignedRequest, pairs: [string, string][]): Signature | SignatureRefusal {
  const query = new Map(pairs);
  const authorization = headerValue(request.headers, 'authorization');
  if (query.has('X-Amz-Signature')) {
    const credential = CREDENTIAL.exec(query.get('X-Amz-Credential') ?? '');
    const amzDate = query.get('X-Amz-Date') ?? '';
    const expires = Number(query.get('X-Amz-Expires'));
    if (
      query.get('X-Amz-Algorithm') !== ALGORITHM ||
      !credential ||
      !AMZ_DATE.test(amzDate) ||
      !Number.isInteger(expires)
    ) {
      return refusal(
        400,
        'AuthorizationQueryParametersError',
        'Query-string authentication version 4 requires the X-Amz-Algorithm, X-Amz-Credential, X-Amz-Signature, X-Amz-Date, X-Amz-SignedHeaders, and X-Amz-Expires parameters.',
      );
    }
    if (expires < 1 || expires > MAX_EXPIRES_SECONDS) {
      return refusal(
        400,
        'AuthorizationQueryParametersError',
        'X-Amz-Expires must be less than a week (in seconds) that is 604800',
      );
    }
    const [, accessKeyId = '', date = '', region = '', service = ''] = credential;
    return {
      accessKeyId,
      date,
      region,
      service,
      amzDate,
      signedHeaders: (query.get('X-Amz-SignedHeaders') ?? '').split(';'),
      signature: query.get('X-Amz-Signature') ?? '',
      payloadHash: 'UNSIGNED-PAYLOAD',
      pairs: pairs.filter(([name]) => name !== 'X-Amz-Signature'),
      expiresSeconds: expires,
    };
  }
  if (!authorization) return refusal(403, 'AccessDenied', 'Access Denied');
  const parts = /^AWS4-HMAC-SHA256 Credential=([^,\s]+),\s*SignedHeaders=([^,\s]+),\s*Signature=([0-9a-f]{64})$/.exec(
    authorization,
  );
  const credential = CREDENTIAL.exec(parts?.[1] ?? '');
  const amzDate = headerValue(request.headers, 'x-amz-date') ?? '';
  if (!parts || !credential || !AMZ_DATE.test(amzDate)) {
    return refusal(400, 'AuthorizationHeaderMalformed', 'The authorization header is malformed.');
  }
  const [, accessKeyId = '', date = '', region = '', service = ''] = credential;
  return {
    accessKeyId,
    date,
    region,
    service,
    amzDate,
    signedHeaders: (parts[2] ?? '').split(';'),
    signature: parts[3] ?? '',
    payloadHash: headerValue(request.headers, 'x-amz-content-sha256') ?? sha256Hex(''),
    pairs,
  };
}

/** The moment an `X-Amz-Date` names. */
function timeOf(amzDate: string): number {
  const [, day = '', time = ''] = AMZ_DATE.exec(amzDate) ?? [];
  return Date.parse(
    `${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6)}T${time.slice(0, 2)}:${time.slice(2, 4)}:${time.slice(4)}Z`,
  );
}

/**
 * Null when the request is signed by a known key and, for a presigned URL, still in date; otherwise
 * the refusal the service answers.
 */
export function verifySignature(
  request: SignedRequest,
  secretOf: (accessKeyId: string) => string | undefined,
  now: Date,
): SignatureRefusal | null {
  const at = request.target.indexOf('?');
  const path = at < 0 ? request.target : request.target.slice(0, at);
  const signed = signatureOf(request, queryPairs(at < 0 ? '' : request.target.slice(at + 1)));
  if ('status' in signed) return signed;
  const secret = secretOf(signed.accessKeyId);
  if (secret === undefined) {
    return refusal(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
  }
  if (!signed.signedHeaders.includes('host')) return MISMATCH;
  if (signed.expiresSeconds !== undefined) {
    const start = timeOf(signed.amzDate);
    if (now.getTime() > start + signed.expiresSeconds * 1000)
      return refusal(403, 'AccessDenied', 'Request has expired');
  }
  const canonicalHeaders = signed.signedHeaders
    .map((name) => `${name}:${headerValue(request.headers, name) ?? ''}\n`)
    .join('');
  const canonicalRequest = [
    request.method.toUpperCase(),
    path || '/',
    canonicalQuery(signed.pairs),
    canonicalHeaders,
    signed.signedHeaders.join(';'),
    signed.payloadHash,
  ].join('\n');
  const scope = `${signed.date}/${signed.region}/${signed.service}/aws4_request`;
  const stringToSign = [ALGORITHM, signed.amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, signed.date), signed.region), signed.service), 'aws4_request');
  const expected = hmac(key, stringToSign);
  const given = Buffer.from(signed.signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected) ? null : MISMATCH;
}
