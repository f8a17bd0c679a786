/**
 * A self-signed TLS certificate for the local static server's HTTPS mode (`--https`): CloudFront
 * serves the app over TLS with HTTP/2, and browsers speak HTTP/2 only over TLS. Made once per data
 * directory with Debian's `openssl`, for 127.0.0.1 and localhost, and made again when it is about to
 * expire. Nothing trusts it: the Lighthouse bench's Chromium is told to ignore certificate errors,
 * and a person opening the page accepts the browser's warning once.
 */
import { execFileSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LocalStackError } from './dynamodb-local';

export interface TlsCertificate {
  key: Buffer;
  cert: Buffer;
}

const VALID_DAYS = 30;
/** Made again when fewer than this many milliseconds of validity are left. */
const RENEW_BEFORE_MS = 24 * 60 * 60 * 1000;

export function localCertificate(dir: string, now: Date = new Date()): TlsCertificate {
  const keyFile = join(dir, 'key.pem');
  const certFile = join(dir, 'cert.pem');
  if (existsSync(keyFile) && existsSync(certFile)) {
    const cert = readFileSync(certFile);
    if (new Date(new X509Certificate(cert).validTo).getTime() - now.getTime() > RENEW_BEFORE_MS) {
      return { key: readFileSync(keyFile), cert };
    }
  }
  mkdirSync(dir, { recursive: true });
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        String(VALID_DAYS),
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=IP:127.0.0.1,DNS:localhost',
        '-keyout',
        keyFile,
        '-out',
        certFile,
      ],
      { stdio: 'pipe' },
    );
  } catch (error) {
    const reason = (error as { code?: string }).code === 'ENOENT' ? 'openssl is not installed' : 'openssl failed';
    throw new LocalStackError(`Could not make the local TLS certificate (${reason}); run without --https.`);
  }
  return { key: readFileSync(keyFile), cert: readFileSync(certFile) };
}
