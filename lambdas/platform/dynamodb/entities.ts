import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { createGetTransaction, createWriteTransaction, type EntityConfiguration, type Service } from 'electrodb';
import { CoalescingClient } from './coalescing-client';
import { apcmLogEntity } from './entities/apcm-log';
import { auditEventEntity } from './entities/audit-event';
import { awaitingConsentEntity } from './entities/awaiting-consent';
import { callLogEntity } from './entities/call-log';
import { carePlanEntity } from './entities/care-plan';
import { careTransitionEntity } from './entities/care-transition';
import { ccmMonthEntity } from './entities/ccm-month';
import { chartMonthEntity } from './entities/chart-month';
import { callLinesForecastEntity } from './entities/call-lines-forecast';
import { consentRecordEntity } from './entities/consent-record';
import { callLinesEntity, callWaitingEntity, lineLeaseEntity } from './entities/call-lines';
import { counterEntity } from './entities/counter';
import { documentRevisionEntity } from './entities/document-revision';
import { emrNotesEntity } from './entities/emr-notes';
import { enrollmentEntryEntity } from './entities/enrollment-entry';
import { linkEntity } from './entities/link';
import { notificationEntity } from './entities/notification';
import { observationEntity } from './entities/observation';
import { openCallEntity } from './entities/open-call';
import { openCallbackEntity } from './entities/open-callback';
import { readingAlertEntity } from './entities/reading-alert';
import { organizationEntity } from './entities/organization';
import { outreachCadenceEntity } from './entities/outreach-cadence';
import { patientEntity } from './entities/patient';
import { patientLinksEntity } from './entities/patient-links';
import { patientMrnEntity } from './entities/patient-mrn';
import { panelImportEntity } from './entities/panel-import';
import { pcmCandidateEntity } from './entities/pcm-candidate';
import { searchEntryEntity } from './entities/search-entry';
import { settingsEntity } from './entities/settings';
import { smsContactEntity } from './entities/sms-contact';
import { smsPreferenceEntity } from './entities/sms-preference';
import { smsSenderEntity } from './entities/sms-sender';
import { summaryAccessEntity } from './entities/summary-access';
import { summaryEntryEntity } from './entities/summary-entry';
import { textMessageEntity } from './entities/text-message';
import { textSidEntity } from './entities/text-sid';
import { timeDayEntity } from './entities/time-day';
import { timeEntryEntity } from './entities/time-entry';
import { userProfileEntity } from './entities/user-profile';

/**
 * How each entity of the table is made, by the name the stores use (one file each under entities/).
 * Key fields come from TABLE_SCHEMA; every access pattern is listed in docs/access-patterns.md with
 * the index that serves it.
 */
const ENTITY_FACTORIES = {
  organization: organizationEntity,
  userProfile: userProfileEntity,
  patient: patientEntity,
  carePlan: carePlanEntity,
  emrNotes: emrNotesEntity,
  documentRevision: documentRevisionEntity,
  consentRecord: consentRecordEntity,
  outreachCadence: outreachCadenceEntity,
  auditEvent: auditEventEntity,
  counter: counterEntity,
  callLog: callLogEntity,
  openCall: openCallEntity,
  callLines: callLinesEntity,
  callWaiting: callWaitingEntity,
  lineLease: lineLeaseEntity,
  summaryEntry: summaryEntryEntity,
  link: linkEntity,
  summaryAccess: summaryAccessEntity,
  notification: notificationEntity,
  settings: settingsEntity,
  textMessage: textMessageEntity,
  textSid: textSidEntity,
  smsPreference: smsPreferenceEntity,
  smsContact: smsContactEntity,
  smsSender: smsSenderEntity,
  searchEntry: searchEntryEntity,
  timeEntry: timeEntryEntity,
  timeDay: timeDayEntity,
  ccmMonth: ccmMonthEntity,
  apcmLog: apcmLogEntity,
  careTransition: careTransitionEntity,
  openCallback: openCallbackEntity,
  awaitingConsent: awaitingConsentEntity,
  chartMonth: chartMonthEntity,
  callLinesForecast: callLinesForecastEntity,
  patientLinks: patientLinksEntity,
  patientMrn: patientMrnEntity,
  observation: observationEntity,
  readingAlert: readingAlertEntity,
  enrollmentEntry: enrollmentEntryEntity,
  pcmCandidate: pcmCandidateEntity,
  panelImport: panelImportEntity,
} as const;

export type EntityName = keyof typeof ENTITY_FACTORIES;
export type TableEntities = { readonly [N in EntityName]: ReturnType<(typeof ENTITY_FACTORIES)[N]> };

/** The entities of the single table on one client, and the table each was made for. */
export interface CareLoopService {
  /** Each entity is made on first use: a function's first request builds only those it touches. */
  readonly entities: TableEntities;
  /**
   * ElectroDB's transactions over the named entities alone (`createWriteTransaction`,
   * `createGetTransaction`), as a Service of just those would run them: only they are made.
   */
  transactionOver<N extends EntityName>(names: readonly N[]): Service<Pick<TableEntities, N>>['transaction'];
}

/** The client and table each service was made with, for the reads that go past ElectroDB (item-by-key.ts). */
const TABLES = new WeakMap<object, { client: CoalescingClient; table: string }>();

/**
 * The table's ElectroDB entities, each made when first used (issue 27 item 4): made all at once in
 * an ElectroDB Service, the 42 cost a cold start's first request about 58 ms on this machine, where a
 * staff read needs 4 (21 ms; the bench prints both). Standalone entities are the Service's own (entities.test.ts holds every
 * one equal to the one a Service joins, and checks that they still join into one), and a
 * transaction goes through ElectroDB's `createWriteTransaction` over the entities it names.
 */
export function createEntities(client: DynamoDBClient, table: string): CareLoopService {
  // Gets started together travel as one BatchGetItem (coalescing-client.ts).
  const config = { client: new CoalescingClient(client), table };
  const made: { -readonly [N in EntityName]?: TableEntities[N] } = {};
  const entities = {} as TableEntities;
  for (const name of Object.keys(ENTITY_FACTORIES) as EntityName[]) {
    Object.defineProperty(entities, name, {
      enumerable: true,
      get: () => (made[name] ??= ENTITY_FACTORIES[name](config) as never),
    });
  }
  const service: CareLoopService = {
    entities,
    transactionOver: <N extends EntityName>(names: readonly N[]) => {
      const named = Object.fromEntries(names.map((name) => [name, entities[name]])) as Pick<TableEntities, N>;
      return {
        write: (fn) => createWriteTransaction(named, fn),
        get: (fn) => createGetTransaction(named, fn),
      } as Service<Pick<TableEntities, N>>['transaction'];
    },
  };
  TABLES.set(service, config);
  return service;
}

/** Every entity of the table made at once with `config` (for the checks that need them all). */
export function allEntities(config: EntityConfiguration): TableEntities {
  return Object.fromEntries(
    Object.entries(ENTITY_FACTORIES).map(([name, make]) => [name, make(config)]),
  ) as unknown as TableEntities;
}

/** The coalescing client and the table name of a service made by `createEntities`. */
export function tableOf(db: CareLoopService): { client: CoalescingClient; table: string } {
  const found = TABLES.get(db);
  if (!found) throw new Error('tableOf: the service was not made by createEntities');
  return found;
}
