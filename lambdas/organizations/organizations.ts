import type { z } from 'zod/mini';
import { DEFAULT_TIMEZONE, type OrganizationPage, type ProviderOrganization, type UserPage } from '../../shared/domain';
import { isValidTimeZone } from '../../shared/time-preferences';
import type { onCallNumberSchema, providerFormSchema } from '../../shared/validation';
import { isServedPhone } from '../../shared/phone';
import type { UserProfileRecord } from '../kernel/records/user-profile';
import type { Actor } from '../kernel/actor';
import { assertEmployee, assertStaff, isRecordId, organizationForActor } from '../kernel/access';
import { audited, auditedChange } from '../kernel/audit';
import { invalidCursor, type PageRequest } from '../kernel/cursor';
import { denied, fail } from '../kernel/error-catalogue';
import { toProvider, toUserProfile } from '../kernel/mappers';
import type { AuditChange, AuditLog } from '../kernel/audit-entry';
import type { Clock, EventPublisher, Ids } from '../kernel/ports';
import type { MemberAccounts, OrganizationMembers, OrganizationRepository } from './ports';
import type { OrganizationRecord } from '../kernel/records/organization';
import { searchPrefix } from '../kernel/search';
import type { WriteCommitter } from '../kernel/write-plan';
import {
  archiveOrganizationPlan,
  createOrganizationPlan,
  disableProfilesPlan,
  onCallNumberPlan,
  updateOrganizationPlan,
  userBatches,
} from './organization-plans';

export const ORGANIZATIONS_PAGE_SIZE = 25;

export interface ProviderDeps {
  organizations: OrganizationRepository;
  profiles: OrganizationMembers;
  identity: MemberAccounts;
  audit: AuditLog;
  clock: Clock;
  ids: Ids;
  committer: WriteCommitter;
}

export type ProviderInput = z.output<typeof providerFormSchema>;
export type OnCallInput = z.output<typeof onCallNumberSchema>;

function checkedTimeZone(timezone: string | undefined): string | undefined {
  if (timezone !== undefined && !isValidTimeZone(timezone)) {
    throw fail('invalidTimezone');
  }
  return timezone;
}

/**
 * A page of active organizations, newest first; with a search, those with a name, a word of it or
 * an office e-mail starting with it, in name order (one Query on the search index).
 */
export async function listProviders(
  deps: Pick<ProviderDeps, 'organizations'>,
  actor: Actor,
  search: string | undefined,
  page: PageRequest,
): Promise<OrganizationPage> {
  assertEmployee(actor);
  const prefix = searchPrefix(search);
  const found = prefix
    ? await deps.organizations.search(prefix, page.limit, page.cursor)
    : await deps.organizations.pageActive(page.limit, page.cursor);
  if (found === 'invalid_cursor') throw invalidCursor();
  return { items: found.items.map(toProvider), next_cursor: found.cursor };
}

/**
 * The group NPI before and after, on the change's audit event when it moved: a public identifier of
 * the practice, not PHI (as a practitioner's NPI on a user's change).
 */
export function groupNpiChange(before: string | null, after: string | null): AuditChange | undefined {
  return before === after ? undefined : { npiBefore: before, npiAfter: after };
}

export async function createProvider(
  deps: Pick<ProviderDeps, 'audit' | 'clock' | 'ids' | 'committer'>,
  actor: Actor,
  input: ProviderInput,
): Promise<{ provider: ProviderOrganization }> {
  assertEmployee(actor);
  const now = deps.clock.now().toISOString();
  const record: OrganizationRecord = {
    id: deps.ids.newId(),
    name: input.name,
    address: input.address,
    telephone: input.telephone,
    office_email: input.office_email,
    timezone: checkedTimeZone(input.timezone) ?? DEFAULT_TIMEZONE,
    sms_sender: input.sms_sender ?? null,
    created_at: now,
    updated_at: now,
    version: 1,
    status: 'active',
    patient_count: 0,
    daily_call_limit: input.daily_call_limit ?? null,
    daily_text_limit: input.daily_text_limit ?? null,
    on_call_number: null,
    group_npi: input.group_npi ?? null,
  };
  await auditedChange(deps, actor, 'provider.create', { type: 'organization', id: record.id }, async (eventOf) => {
    const created = await deps.committer.commit(
      createOrganizationPlan(record, actor.userId, eventOf(groupNpiChange(null, record.group_npi ?? null))),
    );
    if (created === 'sender_taken') throw fail('organizationSenderTaken');
    if (created !== 'committed') throw fail('organizationExists');
  });
  return { provider: toProvider(record) };
}

/**
 * The organization page's header and overview: the organization alone. Its patients and provider
 * users are read a page at a time by the tabs that show them.
 */
export async function getProviderDetail(
  deps: ProviderDeps,
  actor: Actor,
  organizationId: string,
): Promise<{ provider: ProviderOrganization }> {
  return audited(deps.audit, actor, 'provider.read', { type: 'organization', id: organizationId }, async () => {
    assertStaff(actor);
    if (actor.role !== 'careloop_employee' && actor.providerId !== organizationId) throw denied('providerNotFound');
    const org = isRecordId(organizationId) ? await deps.organizations.get(organizationId) : null;
    if (!org || org.status !== 'active') throw fail('providerNotFound');
    return { provider: toProvider(org) };
  });
}

/** A page of an organization's provider users, newest first: operators, and the organization's own staff. */
export async function listOrganizationUsers(
  deps: ProviderDeps,
  actor: Actor,
  organizationId: string,
  page: PageRequest,
): Promise<UserPage> {
  return audited(deps.audit, actor, 'provider.users.list', { type: 'organization', id: organizationId }, async () => {
    const [organization, found] = await Promise.all([
      organizationForActor(deps, actor, organizationId),
      isRecordId(organizationId)
        ? deps.profiles.pageByOrganization(organizationId, 'provider', page.limit, page.cursor)
        : null,
    ]);
    if (found === 'invalid_cursor') throw invalidCursor();
    const ref = { id: organization.id, name: organization.name };
    return {
      items: (found?.items ?? []).map((u) => toUserProfile(u, ref)),
      next_cursor: found?.cursor ?? null,
    };
  });
}

export async function updateProvider(
  deps: Pick<ProviderDeps, 'organizations' | 'audit' | 'clock' | 'ids' | 'committer'>,
  actor: Actor,
  organizationId: string,
  input: ProviderInput,
): Promise<{ provider: ProviderOrganization }> {
  assertEmployee(actor);
  if (!isRecordId(organizationId)) throw fail('providerNotFound');
  const subject = { type: 'organization', id: organizationId } as const;
  return auditedChange(deps, actor, 'provider.update', subject, async (eventOf) => {
    // The search items to move and the sender to hand over: those of the organization as it is now.
    const before = await deps.organizations.get(organizationId);
    const plan = updateOrganizationPlan(
      organizationId,
      before,
      {
        name: input.name,
        address: input.address,
        telephone: input.telephone,
        office_email: input.office_email,
        timezone: checkedTimeZone(input.timezone),
        daily_call_limit: input.daily_call_limit,
        daily_text_limit: input.daily_text_limit,
        sms_sender: input.sms_sender,
        group_npi: input.group_npi,
      },
      input.version,
      deps.clock.now().toISOString(),
      // Absent: unchanged. `before` is the organization read now; a stale version is refused anyway.
      eventOf(input.group_npi === undefined ? undefined : groupNpiChange(before?.group_npi ?? null, input.group_npi)),
    );
    const outcome = await deps.committer.commit(plan);
    if (outcome === 'sender_taken') throw fail('organizationSenderTaken');
    if (outcome !== 'committed') {
      // Only a refusal costs a read here, to tell "gone" from "stale".
      const current = await deps.organizations.getRef(organizationId);
      throw fail(!current || current.status !== 'active' ? 'providerNotFound' : 'providerStale');
    }
    const updated = await deps.organizations.get(organizationId);
    if (!updated) throw fail('providerNotFound');
    return { provider: toProvider(updated) };
  });
}

/**
 * Sets or removes where the organization's emergent check-ins are transferred warm (DECISIONS "Warm
 * transfer"): operators, and the organization's own clinical staff (billing practitioners and
 * clinical staff; non-clinical staff may not decide where emergencies go). Another organization
 * answers as a missing one; a number outside the served countries is refused in words.
 */
export async function setOnCallNumber(
  deps: Pick<ProviderDeps, 'organizations' | 'audit' | 'clock' | 'ids' | 'committer'> & {
    callingCodes?: readonly string[];
  },
  actor: Actor,
  ownProfile: Pick<UserProfileRecord, 'care_role'> | null,
  organizationId: string,
  input: OnCallInput,
): Promise<{ provider: ProviderOrganization }> {
  const subject = { type: 'organization', id: organizationId } as const;
  return auditedChange(deps, actor, 'provider.on_call.update', subject, async (eventOf) => {
    await organizationForActor(deps, actor, organizationId);
    if (actor.role === 'provider' && ownProfile?.care_role === 'non_clinical') throw fail('forbidden');
    const number = input.on_call_number;
    if (number !== null && !isServedPhone(number, deps.callingCodes)) throw fail('phoneInvalid');
    const at = deps.clock.now().toISOString();
    const outcome = await deps.committer.commit(onCallNumberPlan(organizationId, number, input.version, at, eventOf()));
    if (outcome !== 'committed') {
      const current = await deps.organizations.getRef(organizationId);
      throw fail(!current || current.status !== 'active' ? 'providerNotFound' : 'providerStale');
    }
    const updated = await deps.organizations.get(organizationId);
    if (!updated) throw fail('providerNotFound');
    return { provider: toProvider(updated) };
  });
}

/**
 * Deleting an organization archives it (product-rules.md "Records are kept"): it leaves every list and
 * count, its users' accounts are disabled first, and nothing clinical is erased.
 */
export async function archiveProvider(
  deps: ProviderDeps & { events: EventPublisher },
  actor: Actor,
  organizationId: string,
): Promise<{ archived: true }> {
  assertEmployee(actor);
  const subject = { type: 'organization', id: organizationId } as const;
  return auditedChange(deps, actor, 'provider.archive', subject, async (eventOf) => {
    await organizationForActor(deps, actor, organizationId);
    const users = await deps.profiles.listByOrganization(organizationId);
    // Accounts first: a retry after a failure here finds the organization still active. Disabled
    // accounts cannot sign in or refresh; tokens already issued are refused once the profiles are.
    for (const user of users) {
      await deps.identity.disableUser(user.id);
      await deps.identity.signOutEverywhere(user.id);
    }
    // Its patients leave the global total with it: their count is read from its own counter, which
    // the plan checks unchanged.
    const [stored, patients] = await Promise.all([
      deps.organizations.get(organizationId),
      deps.organizations.patientCount(organizationId),
    ]);
    if (!stored) throw fail('providerNotFound');
    const at = deps.clock.now().toISOString();
    const [firstUsers = [], ...moreUsers] = userBatches(users.map((u) => u.id));
    const archived = await deps.committer.commit(archiveOrganizationPlan(stored, patients, firstUsers, at, eventOf()));
    if (archived !== 'committed') throw fail('providerNotFound');
    // More users than one transaction holds: the rest follow, each batch with its count.
    for (const batch of moreUsers) {
      const disabled = await deps.committer.commit(disableProfilesPlan(organizationId, batch, at));
      if (disabled !== 'committed') throw fail('organizationUsersChanged');
    }
    // Its patients' scheduled calls and outreach are cancelled by the cancel-patient-calls job.
    await deps.events.publish([{ type: 'organization.archived', detail: { organizationId } }]);
    return { archived: true as const };
  });
}
