import type { z } from 'zod/mini';
import { DEFAULT_TIMEZONE, type OrganizationPage, type ProviderOrganization, type UserPage } from '../../shared/domain';
import { isValidTimeZone } from '../../shared/time-preferences';
import type { providerFormSchema } from '../../shared/validation';
import type { Actor } from '../kernel/actor';
import { assertEmployee, assertStaff, isRecordId, organizationForActor } from '../kernel/access';
import { audited, auditedChange } from '../kernel/audit';
import { invalidCursor, type PageRequest } from '../kernel/cursor';
import { denied, fail } from '../kernel/error-catalogue';
import { toProvider, toUserProfile } from '../kernel/mappers';
import type { AuditLog } from '../kernel/audit-entry';
import type { Clock, EventPublisher, Ids } from '../kernel/ports';
import type { MemberAccounts, OrganizationMembers, OrganizationRepository } from './ports';
import type { OrganizationRecord } from '../kernel/records/organization';
import { searchPrefix } from '../kernel/search';

export const ORGANIZATIONS_PAGE_SIZE = 25;

export interface ProviderDeps {
  organizations: OrganizationRepository;
  profiles: OrganizationMembers;
  identity: MemberAccounts;
  audit: AuditLog;
  clock: Clock;
  ids: Ids;
}

export type ProviderInput = z.output<typeof providerFormSchema>;

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

export async function createProvider(
  deps: Pick<ProviderDeps, 'organizations' | 'audit' | 'clock' | 'ids'>,
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
  };
  await auditedChange(deps, actor, 'provider.create', { type: 'organization', id: record.id }, async (eventOf) => {
    const created = await deps.organizations.create(record, actor.userId, eventOf());
    if (created === 'exists') throw fail('organizationExists');
    if (created === 'sender_taken') throw fail('organizationSenderTaken');
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
  deps: Pick<ProviderDeps, 'organizations' | 'audit' | 'clock' | 'ids'>,
  actor: Actor,
  organizationId: string,
  input: ProviderInput,
): Promise<{ provider: ProviderOrganization }> {
  assertEmployee(actor);
  if (!isRecordId(organizationId)) throw fail('providerNotFound');
  const subject = { type: 'organization', id: organizationId } as const;
  return auditedChange(deps, actor, 'provider.update', subject, async (eventOf) => {
    const updated = await deps.organizations.update(
      organizationId,
      {
        name: input.name,
        address: input.address,
        telephone: input.telephone,
        office_email: input.office_email,
        timezone: checkedTimeZone(input.timezone),
        daily_call_limit: input.daily_call_limit,
        daily_text_limit: input.daily_text_limit,
        sms_sender: input.sms_sender,
      },
      input.version,
      deps.clock.now().toISOString(),
      eventOf(),
    );
    if (updated === 'missing') throw fail('providerNotFound');
    if (updated === 'stale') throw fail('providerStale');
    if (updated === 'sender_taken') throw fail('organizationSenderTaken');
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
    const archived = await deps.organizations.archive(
      organizationId,
      deps.clock.now().toISOString(),
      users.map((u) => u.id),
      eventOf(),
    );
    if (archived === 'missing') throw fail('providerNotFound');
    if (archived === 'users_changed') throw fail('organizationUsersChanged');
    // Its patients' scheduled calls and outreach are cancelled by the cancel-patient-calls job.
    await deps.events.publish([{ type: 'organization.archived', detail: { organizationId } }]);
    return { archived: true as const };
  });
}
