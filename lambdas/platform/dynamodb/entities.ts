import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { Service } from 'electrodb';
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

/** The client and table each service was made with, for the reads that go past ElectroDB (item-by-key.ts). */
const TABLES = new WeakMap<object, { client: CoalescingClient; table: string }>();

/**
 * ElectroDB entities of the single table, one file each under entities/. Key fields come from
 * TABLE_SCHEMA; every access pattern is listed in docs/access-patterns.md with the index that serves it.
 */
export function createEntities(client: DynamoDBClient, table: string) {
  // Gets started together travel as one BatchGetItem (coalescing-client.ts).
  const config = { client: new CoalescingClient(client), table };

  const service = new Service(
    {
      organization: organizationEntity(config),
      userProfile: userProfileEntity(config),
      patient: patientEntity(config),
      carePlan: carePlanEntity(config),
      emrNotes: emrNotesEntity(config),
      documentRevision: documentRevisionEntity(config),
      consentRecord: consentRecordEntity(config),
      outreachCadence: outreachCadenceEntity(config),
      auditEvent: auditEventEntity(config),
      counter: counterEntity(config),
      callLog: callLogEntity(config),
      openCall: openCallEntity(config),
      callLines: callLinesEntity(config),
      callWaiting: callWaitingEntity(config),
      lineLease: lineLeaseEntity(config),
      summaryEntry: summaryEntryEntity(config),
      link: linkEntity(config),
      summaryAccess: summaryAccessEntity(config),
      notification: notificationEntity(config),
      settings: settingsEntity(config),
      textMessage: textMessageEntity(config),
      textSid: textSidEntity(config),
      smsPreference: smsPreferenceEntity(config),
      smsContact: smsContactEntity(config),
      smsSender: smsSenderEntity(config),
      searchEntry: searchEntryEntity(config),
      timeEntry: timeEntryEntity(config),
      timeDay: timeDayEntity(config),
      ccmMonth: ccmMonthEntity(config),
      apcmLog: apcmLogEntity(config),
      careTransition: careTransitionEntity(config),
      openCallback: openCallbackEntity(config),
      awaitingConsent: awaitingConsentEntity(config),
      chartMonth: chartMonthEntity(config),
      callLinesForecast: callLinesForecastEntity(config),
      patientLinks: patientLinksEntity(config),
      patientMrn: patientMrnEntity(config),
      observation: observationEntity(config),
      readingAlert: readingAlertEntity(config),
      enrollmentEntry: enrollmentEntryEntity(config),
      pcmCandidate: pcmCandidateEntity(config),
      panelImport: panelImportEntity(config),
    },
    config,
  );
  TABLES.set(service, config);
  return service;
}

export type CareLoopService = ReturnType<typeof createEntities>;

/** The coalescing client and the table name of a service made by `createEntities`. */
export function tableOf(db: CareLoopService): { client: CoalescingClient; table: string } {
  const found = TABLES.get(db);
  if (!found) throw new Error('tableOf: the service was not made by createEntities');
  return found;
}
