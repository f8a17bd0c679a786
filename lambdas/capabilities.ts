/**
 * Every capability's spec module (docs/architecture.md "One definition per capability"): the
 * manifests (routes.ts, jobs.ts, permissions.ts) and the configuration each function reads are
 * derived from these, never listed twice.
 */
import { AUDIT } from './audit/spec';
import { CALLS } from './calls/spec';
import { CARE_PLANS } from './care-plans/spec';
import { CARE_TIME } from './care-time/spec';
import { DASHBOARD } from './dashboard/spec';
import { ENROLLMENT } from './enrollment/spec';
import type { CapabilitySpec, ConfigNeed, FunctionNeeds, FunctionPermissions } from './kernel/spec';
import { NOTIFICATIONS } from './notifications/spec';
import { ORGANIZATIONS } from './organizations/spec';
import { PATIENTS } from './patients/spec';
import { SETTINGS } from './settings/spec';
import { SUMMARIES } from './summaries/spec';
import { TEXTS } from './texts/spec';
import { USERS } from './users/spec';

export const CAPABILITIES = [
  USERS,
  DASHBOARD,
  ORGANIZATIONS,
  PATIENTS,
  CARE_PLANS,
  SETTINGS,
  CALLS,
  SUMMARIES,
  TEXTS,
  CARE_TIME,
  NOTIFICATIONS,
  AUDIT,
  ENROLLMENT,
] as const;

type Capability = (typeof CAPABILITIES)[number];
type FunctionsOf<C> = C extends { functions: infer F } ? keyof F : never;
type JobsOf<C> = C extends { jobs: infer J } ? keyof J : never;
/** A Lambda function that serves routes. */
export type FunctionName = FunctionsOf<Capability> & string;
/** A Lambda function started by a trigger other than a request. */
export type JobName = JobsOf<Capability> & string;

/** The specs as data, for the manifests to walk (their literal types stay on CAPABILITIES). */
export const CAPABILITY_SPECS: readonly CapabilitySpec[] = CAPABILITIES;

const everyFunction = CAPABILITY_SPECS.flatMap((c): [string, FunctionNeeds][] => [
  ...Object.entries(c.functions),
  ...Object.entries(c.jobs),
]);

/** Each function's and job's configuration groups (kernel/env.ts reads them; the CDK provides them). */
export const CONFIG_NEEDS = Object.fromEntries(everyFunction.map(([name, spec]) => [name, spec.config])) as Record<
  FunctionName | JobName,
  readonly ConfigNeed[]
>;

/**
 * The AWS actions each function's code issues, per configuration group: the single source of the
 * function's IAM grants. The CDK grants exactly these, on the resources of the group
 * (infra/constructs/function-configuration.ts); a group a function needs for its variables but
 * whose actions it never calls grants nothing. test/infra/permissions.test.ts derives the same
 * lists from each handler's call graph and fails, naming the function and the action, when code
 * and manifest differ in either direction.
 */
export const PERMISSIONS = Object.fromEntries(everyFunction.map(([name, spec]) => [name, spec.permissions])) as Record<
  FunctionName | JobName,
  FunctionPermissions
>;
