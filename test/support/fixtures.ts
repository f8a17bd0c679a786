/**
 * Helpers for the integration tests of issue 4: cached sign-ins, fresh records made through the
 * API, and direct reads of DynamoDB Local and cognito-local to check what the API left behind.
 */
import {
  AdminGetUserCommand,
  AdminListGroupsForUserCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { getExpectedTwilioSignature } from 'twilio/lib/webhooks/webhooks.js';
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { createEntities } from '../../lambdas/platform/dynamodb/entities';
import {
  LOCAL_TWILIO_MESSAGING_SERVICE,
  LOCAL_TWILIO_NUMBER,
  LOCAL_TWILIO_SENDER_NUMBERS,
} from '../../lambdas/local/stack';
import type { ConsentRecord } from '../../lambdas/kernel/records/consent';
import type { PatientRecord } from '../../lambdas/kernel/records/patient';
import { consentPlan } from '../../lambdas/care-plans/consent-plan';
import type { AuditEvent } from '../../lambdas/kernel/audit-entry';
import { archivePatientPlan } from '../../lambdas/patients/patient-plans';
import { DynamoPatientRepository } from '../../lambdas/patients/store/dynamo-patient-repository';
import { DynamoWriteCommitter } from '../../lambdas/platform/dynamodb/committer';
import type { CallLogSummary } from '../../shared/calls';
import type { ClinicalDocument, DashboardStats, Patient, ProviderOrganization, UserProfile } from '../../shared/domain';
import type { Role } from '../../shared/roles';
import { DEMO, DEMO_PASSWORD, acceptInvitation, call, signIn, tokenFor, type ApiAnswer } from './api';
import type { StackInfo } from './spawn-stack';

const LOCAL_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' };

export const unique = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`;
export const uniqueEmail = (prefix = 'user') => `${unique(prefix)}@example.test`;

/** The app's own ElectroDB entities on the stack's table, for reading what the API wrote. */
export function tableOf(stack: StackInfo) {
  return createEntities(
    new DynamoDBClient({ endpoint: stack.dynamoEndpoint, region: 'us-east-1', credentials: LOCAL_CREDENTIALS }),
    stack.tableName,
  );
}

export function cognitoOf(stack: StackInfo) {
  return new CognitoIdentityProviderClient({
    endpoint: stack.cognitoUrl,
    region: 'us-east-1',
    credentials: LOCAL_CREDENTIALS,
  });
}

/** The Cognito account as an administrator sees it: enabled flag and groups. */
export async function accountOf(stack: StackInfo, userId: string) {
  const client = cognitoOf(stack);
  const pool = { UserPoolId: stack.userPoolId, Username: userId };
  const user = await client.send(new AdminGetUserCommand(pool));
  const { Groups = [] } = await client.send(new AdminListGroupsForUserCommand(pool));
  return { enabled: user.Enabled, groups: Groups.map((g) => g.GroupName) };
}

/** Audit events about one subject (`patient:<id>`, `organization:<id>`), oldest first. */
export async function auditTrail(stack: StackInfo, subject: string) {
  const { data } = await tableOf(stack).entities.auditEvent.query.bySubject({ subject }).go({ pages: 'all' });
  return data;
}

const signIns = new Map<string, Promise<string>>();

/**
 * Forgets the sign-ins kept so far: a test file may sign an account out everywhere or revoke it, so
 * the next file signs in afresh (test/support/fresh-file.ts, where files share one module graph).
 */
export function forgetSignIns() {
  signIns.clear();
}

/** ID token of an account, signed in once per test file. */
export function tokenOf(stack: StackInfo, email: string, password = DEMO_PASSWORD): Promise<string> {
  let token = signIns.get(email);
  if (!token) {
    token = signIn(stack, email, password);
    signIns.set(email, token);
  }
  return token;
}

/** ID token of a throwaway account in a group (or none), made once per test file. */
export function throwawayToken(stack: StackInfo, role: Role | null, providerId: string | null = null): Promise<string> {
  const key = `throwaway:${role ?? 'none'}:${providerId ?? ''}`;
  let token = signIns.get(key);
  if (!token) {
    token = tokenFor(stack, role, providerId);
    signIns.set(key, token);
  }
  return token;
}

export const operatorToken = (stack: StackInfo) => tokenOf(stack, DEMO.operator);
export const sunriseToken = (stack: StackInfo) => tokenOf(stack, DEMO.sunrise);
export const lakesideToken = (stack: StackInfo) => tokenOf(stack, DEMO.lakeside);

/** Asserts the status, showing the answer's body when it differs. */
export function expectStatus<T>(answer: ApiAnswer<T>, status: number): T {
  expect(answer, JSON.stringify(answer.body)).toMatchObject({ status });
  return answer.body;
}

/** Ids of the two demo organizations, read from their nurses' profiles. */
export async function demoOrganizations(stack: StackInfo): Promise<{ sunrise: string; lakeside: string }> {
  const idOf = async (token: string) =>
    expectStatus(await call<UserProfile>(stack, 'GET', '/me', { token }), 200).provider_id ?? '';
  const [sunrise, lakeside] = await Promise.all([idOf(await sunriseToken(stack)), idOf(await lakesideToken(stack))]);
  return { sunrise, lakeside };
}

/** An organization as the API holds it (read as the operator): tests compare answers with it, not with seed text. */
export async function organizationOf(stack: StackInfo, id: string): Promise<ProviderOrganization> {
  const answer = await call<{ provider: ProviderOrganization }>(stack, 'GET', `/providers/${id}`, {
    token: await operatorToken(stack),
  });
  return expectStatus(answer, 200).provider;
}

/** Creates an organization (as the demo operator unless an operator's token is given) and returns it. */
export async function createOrganization(
  stack: StackInfo,
  overrides: Record<string, unknown> = {},
  token?: string,
): Promise<ProviderOrganization> {
  const answer = await call<{ provider: ProviderOrganization }>(stack, 'POST', '/providers', {
    token: token ?? (await operatorToken(stack)),
    body: { name: unique('Test Clinic'), ...overrides },
  });
  return expectStatus(answer, 201).provider;
}

/**
 * An organization that can text its patients: it takes a free number of the simulated Twilio
 * account's pool as its sender (a number another organization holds answers 409, so the next is tried).
 */
export async function createTextingOrganization(
  stack: StackInfo,
  overrides: Record<string, unknown> = {},
): Promise<ProviderOrganization> {
  const token = await operatorToken(stack);
  // The demo practices hold the first numbers; start anywhere else so parallel runs rarely collide.
  const pool = LOCAL_TWILIO_SENDER_NUMBERS.slice(2);
  const start = Math.floor(Math.random() * pool.length);
  for (let i = 0; i < pool.length; i++) {
    const sms_sender = pool[(start + i) % pool.length];
    const answer = await call<{ provider: ProviderOrganization }>(stack, 'POST', '/providers', {
      token,
      body: { name: unique('Test Clinic'), ...overrides, sms_sender },
    });
    const taken = answer.status === 409 && (answer.body as { code?: string }).code === 'organization.sms_sender_taken';
    if (!taken) return expectStatus(answer, 201).provider;
  }
  throw new Error('every number of the simulated Twilio pool has an organization');
}

export async function createPatient(
  stack: StackInfo,
  providerId: string,
  overrides: Record<string, unknown> = {},
  token?: string,
): Promise<Patient> {
  const answer = await call<{ patient: Patient }>(stack, 'POST', '/patients', {
    token: token ?? (await operatorToken(stack)),
    body: {
      provider_id: providerId,
      first_name: 'Test',
      last_name: unique('Patient'),
      email: uniqueEmail('patient'),
      ...overrides,
    },
  });
  return expectStatus(answer, 201).patient;
}

/** A consent change as the consent screen records it (for `recordConsentOn`). */
export const consentRecordOf = (
  patientId: string,
  providerId: string,
  status: 'accepted' | 'declined' | 'withdrawn',
  date = '2026-01-05',
): ConsentRecord => ({
  id: randomUUID(),
  patientId,
  providerId,
  status,
  date,
  method: 'verbal',
  disclosures: [],
  scriptLanguage: 'en',
  recordedBy: 'test',
  recordedAt: new Date().toISOString(),
});

/** Records a consent change through the consent screen's plan: `committed`, or `conflict` on a stale read. */
export const recordConsentOn = (db: ReturnType<typeof tableOf>, current: PatientRecord, consent: ConsentRecord) =>
  new DynamoWriteCommitter(db).commit(consentPlan(current, consent));

/** Archives a patient as read through the archive's plan (no bus event): `committed`, or `missing`. */
export async function archivePatientOn(db: ReturnType<typeof tableOf>, current: PatientRecord) {
  const at = new Date().toISOString();
  const counted = await new DynamoPatientRepository(db).countedPatients(current.provider_id);
  const event: AuditEvent = {
    id: randomUUID(),
    at,
    actorId: 'test',
    actorRole: 'careloop_employee',
    actorProviderId: null,
    action: 'patient.archive',
    subject: { type: 'patient', id: current.id },
    patientId: current.id,
    outcome: 'success',
  };
  return new DynamoWriteCommitter(db).commit(archivePatientPlan(current, at, counted, event));
}

export async function createDocument(
  stack: StackInfo,
  patientId: string,
  kind: 'care-plan' | 'emr-notes',
  content: string,
): Promise<ClinicalDocument> {
  const answer = await call<Record<string, ClinicalDocument>>(stack, 'POST', `/patients/${patientId}/${kind}`, {
    token: await operatorToken(stack),
    // A care plan's text is its note; it names no chronic conditions.
    body: kind === 'care-plan' ? { conditions: [], note: content } : { content },
  });
  const body = expectStatus(answer, 201);
  return (kind === 'care-plan' ? body.carePlan : body.emrNotes) as ClinicalDocument;
}

/**
 * A user an operator created (the demo operator unless an operator's token is given), who has
 * accepted the invitation: signed in once with the temporary password from the outbox and chose
 * DEMO_PASSWORD, so the test signs them in like a demo account.
 */
export async function createUser(
  stack: StackInfo,
  overrides: Record<string, unknown>,
  token?: string,
): Promise<UserProfile> {
  const answer = await call<{ user: UserProfile }>(stack, 'POST', '/users', {
    token: token ?? (await operatorToken(stack)),
    body: { email: uniqueEmail(), first_name: 'Test', last_name: 'User', role: 'provider', ...overrides },
  });
  const { user } = expectStatus(answer, 201);
  await acceptInvitation(stack, user.email);
  return user;
}

/** Dashboard totals as the operator sees them. */
export async function totals(stack: StackInfo): Promise<DashboardStats> {
  return expectStatus(
    await call<DashboardStats>(stack, 'GET', '/dashboard-stats', { token: await operatorToken(stack) }),
    200,
  );
}

/**
 * A patient the voice simulator will reach: the last digit of the number picks how the simulated
 * call ends (0 no answer, 1 busy, 2 failure, 3 Emergent, 4 Urgent, 5 Elective, 6-9 Normal).
 */
export function createCallablePatient(stack: StackInfo, providerId: string, lastDigit = 6, token?: string) {
  return createPatient(stack, providerId, { phone_number: callableNumber(lastDigit) }, token);
}

/**
 * A US number of 800,000 per last digit (the digit picks the simulated call's ending, above). The
 * simulators and the outbox serve the whole int run, so numbers must rarely meet: with a thousand
 * per digit, two tests' patients once shared one and a count of texts to it came out 2 (CI).
 */
export function callableNumber(lastDigit = 6): string {
  return `+1813${200_000 + Math.floor(Math.random() * 800_000)}${lastDigit}`;
}

/** Schedules a call for a patient (as the operator unless a token is given) and returns it. */
export async function scheduleCallFor(
  stack: StackInfo,
  patientId: string,
  when: '10_minutes' | '1_week' | '1_month' = '1_week',
  token?: string,
): Promise<CallLogSummary> {
  const answer = await call<{ call: CallLogSummary }>(stack, 'POST', `/patients/${patientId}/scheduled-calls`, {
    token: token ?? (await operatorToken(stack)),
    body: { when },
  });
  return expectStatus(answer, 201).call;
}

/**
 * Places a call to a patient through the API (as the token's holder) and waits until the voice
 * simulator has completed it: give the patient a number whose last digit ends the call answered
 * (createCallablePatient). Returns the call's id.
 */
export async function completedCallFor(stack: StackInfo, patientId: string, token: string): Promise<{ id: string }> {
  const placed = expectStatus(
    await call<{ call: { id: string } }>(stack, 'POST', `/patients/${patientId}/calls`, { token }),
    201,
  ).call;
  await eventually(
    async () => (await call<{ call: { status: string } }>(stack, 'GET', `/calls/${placed.id}`, { token })).body,
    (b) => b.call.status === 'completed',
  );
  return { id: placed.id };
}

/** The local Vapi secret, read the way the functions read it: from (local) Secrets Manager. */
export async function vapiSecret(stack: StackInfo): Promise<{ apiKey: string; webhookSecret: string }> {
  const client = new SecretsManagerClient({
    endpoint: stack.awsUrl,
    region: 'us-east-1',
    credentials: LOCAL_CREDENTIALS,
  });
  const { SecretString } = await client.send(new GetSecretValueCommand({ SecretId: 'careloop-local/vapi' }));
  return JSON.parse(SecretString ?? '{}') as { apiKey: string; webhookSecret: string };
}

/** POST /webhooks/vapi signed as Vapi's HMAC plan signs (or with a forged, stale or missing signature). */
export async function postVapiWebhook(
  stack: StackInfo,
  body: unknown,
  signing: { secret?: string; timestampMs?: number; omit?: boolean } = {},
): Promise<ApiAnswer<Record<string, unknown>>> {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  const secret = signing.secret ?? (await vapiSecret(stack)).webhookSecret;
  const timestamp = String(signing.timestampMs ?? Date.now());
  const signature = createHmac('sha256', secret).update(`${timestamp}.${raw}`).digest('hex');
  const res = await fetch(`${stack.apiUrl}/webhooks/vapi`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(signing.omit ? {} : { 'x-timestamp': timestamp, 'x-signature': signature }),
    },
    body: raw,
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as Record<string, unknown> };
}

export async function twilioSecret(stack: StackInfo): Promise<{ accountSid: string; authToken: string }> {
  const client = new SecretsManagerClient({
    endpoint: stack.awsUrl,
    region: 'us-east-1',
    credentials: LOCAL_CREDENTIALS,
  });
  const { SecretString } = await client.send(new GetSecretValueCommand({ SecretId: 'careloop-local/twilio' }));
  return JSON.parse(SecretString ?? '{}') as { accountSid: string; authToken: string };
}

export const twilioMessageSid = () => `SM${randomBytes(16).toString('hex')}`;

/**
 * POST /webhooks/twilio/{status|inbound} as Twilio posts it: a form, signed with X-Twilio-Signature
 * over the public URL and the sorted parameters (or with a forged or missing signature). Answers
 * the status and the TwiML text.
 */
export async function postTwilioWebhook(
  stack: StackInfo,
  kind: 'status' | 'inbound',
  params: Record<string, string>,
  signing: { authToken?: string; omit?: boolean; signedUrl?: string } = {},
): Promise<{ status: number; body: string; contentType: string | null }> {
  const url = `${stack.apiUrl}/webhooks/twilio/${kind}`;
  const authToken = signing.authToken ?? (await twilioSecret(stack)).authToken;
  const signature = getExpectedTwilioSignature(authToken, signing.signedUrl ?? url, params);
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      ...(signing.omit ? {} : { 'X-Twilio-Signature': signature }),
    },
    body: new URLSearchParams(params).toString(),
  });
  return { status: res.status, body: await res.text(), contentType: res.headers.get('content-type') };
}

/**
 * An inbound text's parameters as Twilio sends them, to `to` (a practice's number) or by default to
 * the deployment's shared number, which is its Messaging Service's: Twilio names the service then.
 */
export const inboundText = (from: string, body: string, messageSid = twilioMessageSid(), to?: string) => ({
  MessageSid: messageSid,
  SmsMessageSid: messageSid,
  SmsSid: messageSid,
  AccountSid: `AC${'0'.repeat(32)}`,
  ...(to === undefined ? { MessagingServiceSid: LOCAL_TWILIO_MESSAGING_SERVICE } : {}),
  From: from,
  To: to ?? LOCAL_TWILIO_NUMBER,
  Body: body,
  NumMedia: '0',
  NumSegments: '1',
  ApiVersion: '2010-04-01',
});

/** Polls until `check` passes (or the time is up): for calls the simulator plays asynchronously. */
export async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, timeoutMs = 15_000) {
  const until = Date.now() + timeoutMs;
  let value = await read();
  while (!check(value) && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 150));
    value = await read();
  }
  return value;
}

/**
 * A fixed-offset time zone (`Etc/GMT±n`) whose local hour is `hour` now: an organization in it is
 * inside (e.g. 13) or outside (e.g. 3) the 8:00-21:00 calling hours whatever time the tests run.
 */
export function timeZoneAtHour(hour: number, now = new Date()): string {
  const offset = ((((hour - now.getUTCHours() + 12) % 24) + 24) % 24) - 12;
  if (offset === 0) return 'Etc/GMT';
  // Etc/GMT zones name the offset with the opposite sign (Etc/GMT-5 is UTC+5).
  return offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
}
