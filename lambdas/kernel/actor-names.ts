/**
 * Audit events name the person who acted as their profile named them when they acted (issue 27
 * item 5): an audit trail names its people as they were, like a signed paper record, and an access
 * history then needs no read of profiles. The names are added where events are written (the audit
 * log and the plans' committer a request uses), so every writer (`audited`, its early `granted`
 * event, `auditedChange`, a plan's own event) names its actor without knowing it does: the staff API
 * wraps both ports with the profile its standing check reads anyway (platform/http-handler.ts).
 * Events of system actors and of patients through their links are never named here: their ids are
 * not a person's, so no name is found for them, and the history labels them (audit-actors.ts).
 */
import type { ActorName, AuditEntry, AuditLog } from './audit-entry';
import { namedAuditWrite, unnamedActorOf } from './audit-event-item';
import type { CommitOutcome, ItemWrite, WriteCommitter, WritePlan } from './write-plan';
import { displayNameOf, type UserProfileRecord } from './records/user-profile';

/**
 * The name of an actor, by id, when it is known (null: write the event without one). Asked only
 * when an event is written, so a request's writes may wait for the profile read it started.
 */
export type ActorNames = (actorId: string) => Promise<ActorName | null>;

/** A profile's name and e-mail for an audit event; null without a profile or with an empty name. */
export function actorNameOf(
  profile: Pick<UserProfileRecord, 'first_name' | 'last_name' | 'email'> | null,
): ActorName | null {
  const name = displayNameOf(profile);
  return profile && name ? { name, email: profile.email } : null;
}

/** The entry with its actor named, unless it already is or the actor has no name. */
async function namedEntry<E extends AuditEntry>(entry: E, names: ActorNames): Promise<E> {
  if (entry.actorName !== undefined) return entry;
  const name = await names(entry.actorId);
  return name ? { ...entry, actorName: name.name, actorEmail: name.email } : entry;
}

/** An audit log whose events name their actors (`names`) before they are appended. */
export class NamedAuditLog implements AuditLog {
  constructor(
    private readonly log: AuditLog,
    private readonly names: ActorNames,
  ) {}

  async record(entry: AuditEntry): Promise<void> {
    await this.log.record(await namedEntry(entry, this.names));
  }

  async recordMany(entries: readonly AuditEntry[]): Promise<void> {
    await this.log.recordMany(await Promise.all(entries.map((entry) => namedEntry(entry, this.names))));
  }
}

/** A committer whose plans' audit events name their actors (`names`) before the plan is written. */
export class NamedCommitter implements WriteCommitter {
  constructor(
    private readonly committer: WriteCommitter,
    private readonly names: ActorNames,
  ) {}

  async commit<R extends string = never>(plan: WritePlan<R>): Promise<CommitOutcome<R>> {
    const name = async <W extends ItemWrite<string>>(write: W): Promise<W> => {
      const actorId = unnamedActorOf(write);
      const found = actorId === null ? null : await this.names(actorId);
      return found ? namedAuditWrite(write, found) : write;
    };
    const [transaction, afterCommit] = await Promise.all([
      Promise.all(plan.transaction.map(name)),
      Promise.all(plan.afterCommit.map(name)),
    ]);
    return this.committer.commit({ transaction, afterCommit });
  }
}

/** The dependencies with their audit log and committer (when they have them) naming actors by `names`. */
export function withActorNames<Deps extends object>(deps: Deps, names: ActorNames): Deps {
  const { audit, committer } = deps as { audit?: AuditLog; committer?: WriteCommitter };
  return {
    ...deps,
    ...(audit ? { audit: new NamedAuditLog(audit, names) } : {}),
    ...(committer ? { committer: new NamedCommitter(committer, names) } : {}),
  };
}
