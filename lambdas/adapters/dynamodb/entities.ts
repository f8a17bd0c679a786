import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { Entity, Service } from 'electrodb';
import { CoalescingClient } from './coalescing-client';
import { ELECTRODB_SERVICE, TABLE_SCHEMA } from './table-schema';

/**
 * ElectroDB entities of the single table. Key fields come from TABLE_SCHEMA; every access
 * pattern is listed in docs/access-patterns.md with the index that serves it.
 */
const [GSI1, GSI2, GSI3] = TABLE_SCHEMA.globalIndexes;
const SERVICE = ELECTRODB_SERVICE;

const primary = <const P extends readonly string[], const S extends readonly string[]>(pk: P, sk: S) => ({
  pk: { field: TABLE_SCHEMA.partitionKey, composite: pk },
  sk: { field: TABLE_SCHEMA.sortKey, composite: sk },
});
const gsi1 = <const P extends readonly string[], const S extends readonly string[]>(pk: P, sk: S) => ({
  index: GSI1.indexName,
  pk: { field: GSI1.partitionKey, composite: pk },
  sk: { field: GSI1.sortKey, composite: sk },
});
const gsi2 = <const P extends readonly string[], const S extends readonly string[]>(pk: P, sk: S) => ({
  index: GSI2.indexName,
  pk: { field: GSI2.partitionKey, composite: pk },
  sk: { field: GSI2.sortKey, composite: sk },
});
const gsi3 = <const P extends readonly string[], const S extends readonly string[]>(pk: P, sk: S) => ({
  index: GSI3.indexName,
  pk: { field: GSI3.partitionKey, composite: pk },
  sk: { field: GSI3.sortKey, composite: sk },
});

const RECORD_STATUS = ['active', 'archived'] as const;
const channels = { type: 'list', items: { type: 'string' } } as const;

export function createEntities(client: DynamoDBClient, table: string) {
  // Gets started together travel as one BatchGetItem (coalescing-client.ts).
  const config = { client: new CoalescingClient(client), table };

  const organization = new Entity(
    {
      model: { entity: 'organization', version: '1', service: SERVICE },
      attributes: {
        organization_id: { type: 'string', required: true },
        name: { type: 'string', required: true },
        address: { type: 'string' },
        telephone: { type: 'string' },
        office_email: { type: 'string' },
        timezone: { type: 'string', required: true },
        status: { type: RECORD_STATUS, required: true },
        created_at: { type: 'string', required: true },
        updated_at: { type: 'string', required: true },
        archived_at: { type: 'string' },
        created_by: { type: 'string', required: true },
        version: { type: 'number', required: true },
        /**
         * Active patients, kept in the transactions that add and archive them (beside the
         * organization's patients counter) so that lists of organizations read their counts with them.
         */
        patient_count: { type: 'number' },
        /** Operators' daily caps (calls placed, texts sent); absent: the default of the active patients. */
        daily_call_limit: { type: 'number' },
        daily_text_limit: { type: 'number' },
        /** Its Twilio sender (E.164 number or `MG…` Messaging Service), owned through `smsSender`. */
        sms_sender: { type: 'string' },
      },
      indexes: {
        byId: primary(['organization_id'], []),
        // Organization lists (newest first); archived ones move to their own partition.
        byStatus: gsi1(['status'], ['created_at', 'organization_id']),
      },
    },
    config,
  );

  const userProfile = new Entity(
    {
      model: { entity: 'user_profile', version: '1', service: SERVICE },
      attributes: {
        user_id: { type: 'string', required: true },
        email: { type: 'string', required: true },
        first_name: { type: 'string', required: true },
        last_name: { type: 'string', required: true },
        phone_number: { type: 'string' },
        role: { type: ['careloop_employee', 'provider', 'patient', 'none'] as const, required: true },
        /** Organization id, or 'none' for employees: keeps the organization index dense. */
        org_key: { type: 'string', required: true },
        assigned_at: { type: 'string' },
        notify_new_summaries: channels,
        notify_escalations: channels,
        /** Provider users' care role (product-rules.md "Care management (CCM)"); absent reads as clinical staff. */
        care_role: { type: ['billing_practitioner', 'clinical_staff', 'non_clinical'] as const },
        /**
         * pending: a self sign-up waiting for an operator (its own partition of byStatus, so the list
         * is one Query); disabled: its organization was archived; deleted: removed by an operator.
         */
        status: { type: ['pending', 'active', 'disabled', 'deleted'] as const, required: true },
        created_at: { type: 'string', required: true },
        updated_at: { type: 'string', required: true },
        disabled_at: { type: 'string' },
        deleted_at: { type: 'string' },
      },
      indexes: {
        byId: primary(['user_id'], []),
        byOrganization: gsi1(['org_key', 'status'], ['created_at', 'user_id']),
        byStatus: gsi2(['status'], ['created_at', 'user_id']),
      },
    },
    config,
  );

  const patient = new Entity(
    {
      model: { entity: 'patient', version: '1', service: SERVICE },
      attributes: {
        patient_id: { type: 'string', required: true },
        provider_id: { type: 'string', required: true },
        first_name: { type: 'string', required: true },
        last_name: { type: 'string', required: true },
        email: { type: 'string', required: true },
        phone_number: { type: 'string' },
        status: { type: RECORD_STATUS, required: true },
        created_at: { type: 'string', required: true },
        updated_at: { type: 'string', required: true },
        archived_at: { type: 'string' },
        created_by: { type: 'string', required: true },
        version: { type: 'number', required: true },
        /** The call log holding the one-call-at-a-time lock (product-rules.md "Calls"); absent when none. */
        active_call_id: { type: 'string' },
        /**
         * CCM (product-rules.md "Care management (CCM)"): the newest consent_record's status and date
         * (written in its transaction; absent: not asked), the care plan's number of chronic
         * conditions (written in the plan's transaction) and the patient's billing practitioner.
         */
        consent_status: { type: ['not_asked', 'accepted', 'declined', 'withdrawn'] as const },
        consent_date: { type: 'string' },
        condition_count: { type: 'number' },
        billing_practitioner_id: { type: 'string' },
      },
      indexes: {
        byId: { ...primary(['patient_id'], []), collection: 'patientRecord' },
        byOrganization: gsi1(['provider_id', 'status'], ['created_at', 'patient_id']),
      },
    },
    config,
  );

  const documentAttributes = {
    document_id: { type: 'string', required: true },
    patient_id: { type: 'string', required: true },
    provider_id: { type: 'string', required: true },
    content: { type: 'string', required: true },
    created_at: { type: 'string', required: true },
    /** User ids (the token's `sub`) of the first and the latest author. */
    created_by_user_id: { type: 'string' },
    updated_by_user_id: { type: 'string' },
    /** E-mail addresses, only on documents last saved before authors were kept by id (never written now). */
    created_by: { type: 'string' },
    updated_by: { type: 'string' },
    updated_at: { type: 'string', required: true },
    version: { type: 'number', required: true },
  } as const;

  /**
   * One care plan per patient, in the patient's partition. `content` is its free-text note; `plan`
   * the structured rest as JSON (absent on plans saved before plans were structured).
   */
  const carePlan = new Entity(
    {
      model: { entity: 'care_plan', version: '1', service: SERVICE },
      attributes: { ...documentAttributes, plan: { type: 'string' } },
      indexes: { byPatient: { ...primary(['patient_id'], []), collection: 'patientRecord' } },
    },
    config,
  );

  /** One EMR notes document per patient, same shape as the care plan. */
  const emrNotes = new Entity(
    {
      model: { entity: 'emr_notes', version: '1', service: SERVICE },
      attributes: documentAttributes,
      indexes: { byPatient: { ...primary(['patient_id'], []), collection: 'patientRecord' } },
    },
    config,
  );

  /**
   * Every saved version of a care plan or EMR notes, written in the same transaction as the save
   * and never changed: one partition per document, newest first by version.
   */
  const documentRevision = new Entity(
    {
      model: { entity: 'document_revision', version: '1', service: SERVICE },
      attributes: {
        patient_id: { type: 'string', required: true },
        kind: { type: ['care_plan', 'emr_notes'] as const, required: true },
        version: { type: 'number', required: true, padding: { length: 10, char: '0' } },
        document_id: { type: 'string', required: true },
        provider_id: { type: 'string', required: true },
        content: { type: 'string', required: true },
        /** Care plans: the structured part as JSON, as saved (absent before plans were structured). */
        plan: { type: 'string' },
        saved_at: { type: 'string', required: true },
        /** User id of the author; documents saved before ids were kept carry the e-mail of the time instead. */
        saved_by_user_id: { type: 'string' },
        saved_by_email: { type: 'string' },
      },
      indexes: { byDocument: primary(['patient_id', 'kind'], ['version']) },
    },
    config,
  );

  /**
   * Every consent change of a patient (product-rules.md "Care management (CCM)"), in the patient's
   * partition, newest last; never changed. The patient's `consent_status` is written with it.
   */
  const consentRecord = new Entity(
    {
      model: { entity: 'consent_record', version: '1', service: SERVICE },
      attributes: {
        patient_id: { type: 'string', required: true },
        recorded_at: { type: 'string', required: true },
        consent_id: { type: 'string', required: true },
        provider_id: { type: 'string', required: true },
        status: { type: ['accepted', 'declined', 'withdrawn'] as const, required: true },
        /** The day consent was given, declined or withdrawn (YYYY-MM-DD, organization's time zone). */
        date: { type: 'string', required: true },
        method: { type: ['verbal', 'written'] as const },
        disclosures: { type: 'list', items: { type: 'string' } },
        /** User id (the token's `sub`) of who recorded it. */
        recorded_by: { type: 'string', required: true },
      },
      indexes: { byPatient: primary(['patient_id'], ['recorded_at', 'consent_id']) },
    },
    config,
  );

  const outreachCadence = new Entity(
    {
      model: { entity: 'outreach_cadence', version: '1', service: SERVICE },
      attributes: {
        patient_id: { type: 'string', required: true },
        provider_id: { type: 'string', required: true },
        created_by: { type: 'string', required: true },
        first_outreach_date: { type: 'string', required: true },
        time_preference: { type: ['morning', 'midday', 'afternoon', 'evening'] as const, required: true },
        enabled: { type: 'boolean', required: true },
        scheduled_at: { type: 'string', required: true },
        created_at: { type: 'string', required: true },
      },
      // `scheduled_at` is the first check-in's time, never advanced: due check-ins are the pending
      // monthly calls (call_log gsi3). Items written before carry unused gsi1 keys.
      indexes: { byPatient: { ...primary(['patient_id'], []), collection: 'patientRecord' } },
    },
    config,
  );

  const auditEvent = new Entity(
    {
      model: { entity: 'audit_event', version: '1', service: SERVICE },
      attributes: {
        event_id: { type: 'string', required: true },
        /** `patient:<id>`, `organization:<id>` or `user:<id>`: what the event is about. */
        subject: { type: 'string', required: true },
        at: { type: 'string', required: true },
        actor_id: { type: 'string', required: true },
        actor_role: { type: 'string', required: true },
        actor_provider_id: { type: 'string' },
        action: { type: 'string', required: true },
        outcome: { type: ['success', 'denied', 'not_found', 'invalid', 'error'] as const, required: true },
        patient_id: { type: 'string' },
        /** API Gateway's id of the request (`requestContext.requestId`): ties the event to the access log. */
        request_id: { type: 'string' },
        /** The caller's IP address as API Gateway saw it (`requestContext.identity.sourceIp`). */
        source_ip: { type: 'string' },
        /** A user's or organization's change: role and organization ids before and after ('none': without). */
        role_before: { type: 'string' },
        role_after: { type: 'string' },
        organization_before: { type: 'string' },
        organization_after: { type: 'string' },
        [TABLE_SCHEMA.timeToLiveAttribute]: { type: 'number' },
      },
      indexes: {
        bySubject: primary(['subject'], ['at', 'event_id']),
        byActor: gsi1(['actor_id'], ['at', 'event_id']),
      },
    },
    config,
  );

  /** Totals shown on dashboards, kept in step with the writes that change them (same transaction). */
  const counter = new Entity(
    {
      model: { entity: 'counter', version: '1', service: SERVICE },
      attributes: {
        scope: { type: 'string', required: true },
        name: { type: 'string', required: true },
        value: { type: 'number', required: true, default: 0 },
      },
      indexes: { byScope: primary(['scope'], ['name']) },
    },
    config,
  );

  /**
   * One call: placed at once, scheduled, or a monthly check-in. Lists: a patient's calls (gsi1,
   * newest first), the operators' lists (gsi2: `list` is `scheduled` while pending, sorted by
   * due time; `placed` once handed to Vapi, sorted by placing time; `cancelled`) and the same lists
   * per organization (gsi3: the worklist's check-ins due). Every write of `list` also writes
   * `list_at`, so both sort keys move together; `provider_id` never changes.
   */
  const callLog = new Entity(
    {
      model: { entity: 'call_log', version: '1', service: SERVICE },
      attributes: {
        call_log_id: { type: 'string', required: true },
        patient_id: { type: 'string', required: true },
        provider_id: { type: 'string', required: true },
        status: {
          type: ['scheduled', 'queued', 'in_progress', 'completed', 'failed', 'cancelled'] as const,
          required: true,
        },
        kind: { type: ['instant', 'scheduled', 'monthly', 'link', 'web'] as const, required: true },
        outcome: { type: ['answered', 'no_answer', 'busy', 'voicemail', 'failed', 'cancelled'] as const },
        list: { type: ['scheduled', 'placed', 'cancelled'] as const, required: true },
        list_at: { type: 'string', required: true },
        created_at: { type: 'string', required: true },
        updated_at: { type: 'string', required: true },
        created_by: { type: 'string', required: true },
        scheduled_at: { type: 'string' },
        time_preference: { type: ['morning', 'midday', 'afternoon', 'evening'] as const },
        cycle_date: { type: 'string' },
        attempt: { type: 'number', required: true, default: 0 },
        placed_at: { type: 'string' },
        vendor_call_id: { type: 'string' },
        started_at: { type: 'string' },
        ended_at: { type: 'string' },
        duration_seconds: { type: 'number' },
        ended_reason: { type: 'string' },
        failure_reason: { type: 'string' },
        /** JSON list of `{ speaker, text }` turns. */
        transcript: { type: 'string' },
        summary: { type: 'string' },
        escalation_level: { type: ['Emergent', 'Urgent', 'Elective', 'Normal'] as const },
        note_to_doctor: { type: 'string' },
        success_evaluation: { type: 'boolean' },
        cost: { type: 'number' },
        report_received_at: { type: 'string' },
        event_published_at: { type: 'string' },
        /** Summary review flags (product-rules.md "Summaries, escalations and notifications"). */
        added_to_emr: { type: 'boolean' },
        requires_followup: { type: 'boolean' },
        /** The months its summary is listed under: the organization's (its time zone) and UTC. */
        summary_org_month: { type: 'string' },
        summary_utc_month: { type: 'string' },
        /** The person asked not to be called again (set with the report; read by the follow-up job). */
        stop_requested: { type: 'boolean' },
        version: { type: 'number', required: true },
      },
      indexes: {
        byId: primary(['call_log_id'], []),
        byPatient: gsi1(['patient_id'], ['created_at', 'call_log_id']),
        byList: gsi2(['list'], ['list_at', 'call_log_id']),
        byOrganizationList: gsi3(['provider_id'], ['list', 'list_at', 'call_log_id']),
      },
    },
    config,
  );

  /**
   * A call handed to Vapi whose report has not been stored yet: written with the placing, deleted
   * with the report. The reconciler reads the old ones (one Query, oldest first).
   */
  const openCall = new Entity(
    {
      model: { entity: 'open_call', version: '1', service: SERVICE },
      attributes: {
        shard: { type: 'string', required: true, default: 'open' },
        placed_at: { type: 'string', required: true },
        call_log_id: { type: 'string', required: true },
      },
      indexes: { byPlacedAt: primary(['shard'], ['placed_at', 'call_log_id']) },
    },
    config,
  );

  /**
   * Where a summary is listed: one entry per scope (`org#<id>#<month>`, `org#<id>#all`,
   * `all#<month>`, `all#all`) and per tab it belongs to (its status, and its escalation level
   * unless Normal). A tab's page is one Query on `scope` with the sort key beginning with the tab;
   * a status change moves the status entries in the same transaction as the call log.
   */
  const summaryEntry = new Entity(
    {
      model: { entity: 'summary_entry', version: '1', service: SERVICE },
      attributes: {
        scope: { type: 'string', required: true },
        tab: { type: 'string', required: true },
        created_at: { type: 'string', required: true },
        call_log_id: { type: 'string', required: true },
        patient_id: { type: 'string', required: true },
        provider_id: { type: 'string', required: true },
        summary: { type: 'string', required: true },
        status: { type: ['requires_followup', 'successful', 'added_to_emr'] as const, required: true },
        escalation_level: { type: ['Emergent', 'Urgent', 'Elective', 'Normal'] as const },
        note_to_doctor: { type: 'string' },
        duration_seconds: { type: 'number' },
        version: { type: 'number', required: true },
      },
      indexes: { byScope: primary(['scope'], ['tab', 'created_at', 'call_log_id']) },
    },
    config,
  );

  /**
   * A magic link (product-rules.md "Links and expiry"): only the SHA-256 hash of the 256-bit token is
   * stored. Summary links name a call log, call links a patient. Expired ones are refused on read
   * and removed by TTL.
   */
  const link = new Entity(
    {
      model: { entity: 'link', version: '1', service: SERVICE },
      attributes: {
        token_hash: { type: 'string', required: true },
        kind: { type: ['summary', 'call'] as const, required: true },
        organization_id: { type: 'string', required: true },
        patient_id: { type: 'string', required: true },
        call_log_id: { type: 'string' },
        created_at: { type: 'string', required: true },
        created_by: { type: 'string', required: true },
        /** ISO time the link stops working. */
        expires: { type: 'string', required: true },
        [TABLE_SCHEMA.timeToLiveAttribute]: { type: 'number' },
      },
      indexes: { byHash: primary(['token_hash'], []) },
    },
    config,
  );

  /**
   * A patient's call links as a whole (issue 21): when one of them last placed a call (at most one
   * per patient per 15 minutes, written in the transaction that places it) and when staff last
   * revoked them (every call link created until then stops working).
   */
  const patientLinks = new Entity(
    {
      model: { entity: 'patient_links', version: '1', service: SERVICE },
      attributes: {
        patient_id: { type: 'string', required: true },
        provider_id: { type: 'string', required: true },
        call_at: { type: 'string' },
        revoked_at: { type: 'string' },
      },
      indexes: { byPatient: primary(['patient_id'], []) },
    },
    config,
  );

  /** Every view of a summary through its link (product-rules.md "Records are kept"). */
  const summaryAccess = new Entity(
    {
      model: { entity: 'summary_access', version: '1', service: SERVICE },
      attributes: {
        call_log_id: { type: 'string', required: true },
        accessed_at: { type: 'string', required: true },
        access_id: { type: 'string', required: true },
        user_id: { type: 'string', required: true },
        role: { type: 'string', required: true },
        organization_id: { type: 'string' },
      },
      indexes: { byCall: primary(['call_log_id'], ['accessed_at', 'access_id']) },
    },
    config,
  );

  /**
   * One notification per call, user and channel (product-rules.md
   * "Summaries, escalations and notifications"): created before sending, so a retry or a second delivery of the event sends
   * nothing twice.
   */
  const notification = new Entity(
    {
      model: { entity: 'notification', version: '1', service: SERVICE },
      attributes: {
        call_log_id: { type: 'string', required: true },
        user_id: { type: 'string', required: true },
        channel: { type: ['email', 'sms', 'call'] as const, required: true },
        reason: { type: ['escalation', 'new_summary'] as const, required: true },
        status: { type: ['sending', 'sent', 'failed'] as const, required: true },
        attempts: { type: 'number', required: true },
        created_at: { type: 'string', required: true },
        updated_at: { type: 'string', required: true },
        /** The vendor's message id (SES MessageId, Twilio MessageSid, Vapi call id). */
        provider_message_id: { type: 'string' },
        error_code: { type: 'string' },
      },
      indexes: { byCall: primary(['call_log_id'], ['user_id', 'channel']) },
    },
    config,
  );

  /** System Settings (assistant, voice, prompt): one versioned record. */
  const settings = new Entity(
    {
      model: { entity: 'settings', version: '1', service: SERVICE },
      attributes: {
        scope: { type: 'string', required: true, default: 'system' },
        assistant_id: { type: 'string', required: true },
        voice_id: { type: 'string', required: true },
        system_prompt: { type: 'string', required: true },
        version: { type: 'number', required: true },
        updated_at: { type: 'string', required: true },
        updated_by: { type: 'string', required: true },
      },
      indexes: { byScope: primary(['scope'], []) },
    },
    config,
  );

  /**
   * A text to or from a patient (product-rules.md "Texts"), in the patient's partition. `message_id` sorts by
   * time (newest last), so the patient's history is one Query. The call link sent with a text is
   * never stored: only `included_call_link`.
   */
  const textMessage = new Entity(
    {
      model: { entity: 'text_message', version: '1', service: SERVICE },
      attributes: {
        patient_id: { type: 'string', required: true },
        message_id: { type: 'string', required: true },
        provider_id: { type: 'string', required: true },
        direction: { type: ['outbound', 'inbound'] as const, required: true },
        kind: { type: ['check_in', 'stop', 'start', 'help', 'callback_request'] as const, required: true },
        status: {
          type: ['sending', 'queued', 'accepted', 'sent', 'delivered', 'undelivered', 'failed', 'received'] as const,
          required: true,
        },
        body: { type: 'string', required: true },
        included_call_link: { type: 'boolean', required: true },
        /** Outbound: the calendar month (organization's time zone) whose allowance it used. */
        month: { type: 'string' },
        message_sid: { type: 'string' },
        error_code: { type: 'string' },
        sent_by: { type: 'string' },
        /** Staff names as they were at the time (shown on the patient page without further reads). */
        sent_by_name: { type: 'string' },
        callback_status: { type: ['open', 'resolved'] as const },
        resolved_at: { type: 'string' },
        resolved_by: { type: 'string' },
        resolved_by_name: { type: 'string' },
        created_at: { type: 'string', required: true },
        updated_at: { type: 'string', required: true },
      },
      indexes: { byPatient: primary(['patient_id'], ['message_id']) },
    },
    config,
  );

  /** Twilio's MessageSid → the text it belongs to: status callbacks find their text, inbound texts are stored once. */
  const textSid = new Entity(
    {
      model: { entity: 'text_sid', version: '1', service: SERVICE },
      attributes: {
        message_sid: { type: 'string', required: true },
        patient_id: { type: 'string' },
        message_id: { type: 'string' },
        created_at: { type: 'string', required: true },
      },
      indexes: { bySid: primary(['message_sid'], []) },
    },
    config,
  );

  /** A phone number's text preference (STOP / START): opt-out belongs to the number, as at the carrier. */
  const smsPreference = new Entity(
    {
      model: { entity: 'sms_preference', version: '1', service: SERVICE },
      attributes: {
        phone_number: { type: 'string', required: true },
        opted_out: { type: 'boolean', required: true },
        changed_at: { type: 'string', required: true },
      },
      indexes: { byPhone: primary(['phone_number'], []) },
    },
    config,
  );

  /** The patients texted at a number: where an inbound reply from that number belongs. */
  const smsContact = new Entity(
    {
      model: { entity: 'sms_contact', version: '1', service: SERVICE },
      attributes: {
        phone_number: { type: 'string', required: true },
        patient_id: { type: 'string', required: true },
        provider_id: { type: 'string', required: true },
        last_texted_at: { type: 'string', required: true },
      },
      indexes: { byPhone: primary(['phone_number'], ['patient_id']) },
    },
    config,
  );

  /**
   * A Twilio sender → the one organization that owns it: written in the organization's
   * transaction (create-if-absent), so an inbound text's `To` finds its organization with one Get.
   */
  const smsSender = new Entity(
    {
      model: { entity: 'sms_sender', version: '1', service: SERVICE },
      attributes: {
        sender: { type: 'string', required: true },
        organization_id: { type: 'string', required: true },
      },
      indexes: { bySender: primary(['sender'], []) },
    },
    config,
  );

  /**
   * The search index (lambdas/application/search.ts): one item per search term of a patient, staff
   * account or organization, written and removed in the same transaction as the record. A search is
   * one Query with the sort key beginning with the normalized prefix. `search_scope` is
   * `patient#<organizationId>`, `user` or `organization`; `role` (accounts: their role, or
   * `pending`) lets the users list filter in the Query.
   */
  const searchEntry = new Entity(
    {
      model: { entity: 'search_entry', version: '1', service: SERVICE },
      attributes: {
        search_scope: { type: 'string', required: true },
        term: { type: 'string', required: true },
        record_id: { type: 'string', required: true },
        shadow: { type: 'number', required: true },
        role: { type: 'string' },
      },
      indexes: { byTerm: primary(['search_scope'], ['term', 'record_id']) },
    },
    config,
  );

  /**
   * One line of a patient's CCM time log (product-rules.md "Care management (CCM)"), in the
   * patient's partition, never changed or removed. `entry_id` starts with the work's month and the
   * creation time, so a month's log is one Query (sort key beginning with the month). A correction
   * is a line of its own whose id is the corrected entry's plus `~void`: created once, never twice.
   */
  const timeEntry = new Entity(
    {
      model: { entity: 'time_entry', version: '1', service: SERVICE },
      attributes: {
        patient_id: { type: 'string', required: true },
        entry_id: { type: 'string', required: true },
        provider_id: { type: 'string', required: true },
        month: { type: 'string', required: true },
        /** The day the work was done (YYYY-MM-DD, organization's time zone). */
        date: { type: 'string', required: true },
        minutes: { type: 'number', required: true },
        activity: { type: 'string', required: true },
        note: { type: 'string' },
        source: { type: ['timer', 'manual', 'summary_review'] as const, required: true },
        call_log_id: { type: 'string' },
        user_id: { type: 'string', required: true },
        /** Staff names as they were at the time (shown on the patient page without further reads). */
        user_name: { type: 'string', required: true },
        care_role: { type: ['billing_practitioner', 'clinical_staff', 'non_clinical'] as const, required: true },
        counts_as: { type: ['staff', 'practitioner', 'none'] as const, required: true },
        created_at: { type: 'string', required: true },
        /** Corrections: the entry voided and why. */
        voids_entry_id: { type: 'string' },
        void_reason: { type: 'string' },
      },
      indexes: { byPatient: primary(['patient_id'], ['entry_id']) },
    },
    config,
  );

  /**
   * One person's logged minutes for one patient and day, kept in the same transaction as each
   * entry: the condition on it refuses a day that would pass 24 hours.
   */
  const timeDay = new Entity(
    {
      model: { entity: 'time_day', version: '1', service: SERVICE },
      attributes: {
        patient_id: { type: 'string', required: true },
        date: { type: 'string', required: true },
        user_id: { type: 'string', required: true },
        minutes: { type: 'number', required: true, default: 0 },
      },
      indexes: { byPatientDay: primary(['patient_id'], ['date', 'user_id']) },
    },
    config,
  );

  /**
   * One patient-month of CCM (organization's time zone): running totals ADDed in the same
   * transaction as each time entry and each completed AI call, the complexity flag, and billing.
   * The billing report reads an organization's month as one partition, or BatchGets it per patient.
   */
  const ccmMonth = new Entity(
    {
      model: { entity: 'ccm_month', version: '1', service: SERVICE },
      attributes: {
        provider_id: { type: 'string', required: true },
        month: { type: 'string', required: true },
        patient_id: { type: 'string', required: true },
        staff_minutes: { type: 'number', default: 0 },
        practitioner_minutes: { type: 'number', default: 0 },
        non_clinical_minutes: { type: 'number', default: 0 },
        ai_contacts: { type: 'number', default: 0 },
        ai_minutes: { type: 'number', default: 0 },
        complex: { type: 'boolean' },
        complex_set_by: { type: 'string' },
        /** Set once: the month is billed and its time entries are frozen. */
        billed_at: { type: 'string' },
        billed_by: { type: 'string' },
        billed_by_name: { type: 'string' },
        updated_at: { type: 'string' },
      },
      indexes: { byOrganizationMonth: primary(['provider_id', 'month'], ['patient_id']) },
    },
    config,
  );

  /**
   * An open callback request of an organization (a patient's text asking for a call back): written
   * with the text, removed when staff resolve it, so the worklist lists them with one Query. The
   * text itself keeps its state and who resolved it.
   */
  const openCallback = new Entity(
    {
      model: { entity: 'open_callback', version: '1', service: SERVICE },
      attributes: {
        provider_id: { type: 'string', required: true },
        message_id: { type: 'string', required: true },
        patient_id: { type: 'string', required: true },
        created_at: { type: 'string', required: true },
      },
      indexes: { byOrganization: primary(['provider_id'], ['message_id']) },
    },
    config,
  );

  /**
   * An active patient of an organization whose consent is not accepted (the worklist's first group):
   * written and removed in the transactions that create, archive or change the consent of a patient,
   * with the organization's `awaiting_consent` counter. `rank` orders the group when read newest
   * first: not asked (3), then declined (2), then withdrawn (1), each newest first.
   */
  const awaitingConsent = new Entity(
    {
      model: { entity: 'awaiting_consent', version: '1', service: SERVICE },
      attributes: {
        provider_id: { type: 'string', required: true },
        rank: { type: 'string', required: true },
        created_at: { type: 'string', required: true },
        patient_id: { type: 'string', required: true },
        consent_status: { type: ['not_asked', 'declined', 'withdrawn'] as const, required: true },
      },
      indexes: { byOrganization: primary(['provider_id'], ['rank', 'created_at', 'patient_id']) },
    },
    config,
  );

  /**
   * A practice's chart figures of one month as last computed (dashboard-charts.ts), with the
   * organization's `chart_version` counter at the time: the writes that change a figure move the
   * counter after they commit (chart-figures.ts), and a figure of another version is computed again.
   */
  const chartMonth = new Entity(
    {
      model: { entity: 'chart_month', version: '1', service: SERVICE },
      attributes: {
        provider_id: { type: 'string', required: true },
        month: { type: 'string', required: true },
        version: { type: 'number', required: true },
        computed_at: { type: 'string', required: true },
        enrolled_patients: { type: 'number', required: true },
        staff_minutes: { type: 'number', required: true },
        ai_contacts: { type: 'number', required: true },
        meeting_99490: { type: 'number', required: true },
        [TABLE_SCHEMA.timeToLiveAttribute]: { type: 'number' },
      },
      indexes: { byOrganization: primary(['provider_id'], ['month']) },
    },
    config,
  );

  return new Service(
    {
      organization,
      userProfile,
      patient,
      carePlan,
      emrNotes,
      documentRevision,
      consentRecord,
      outreachCadence,
      auditEvent,
      counter,
      callLog,
      openCall,
      summaryEntry,
      link,
      summaryAccess,
      notification,
      settings,
      textMessage,
      textSid,
      smsPreference,
      smsContact,
      smsSender,
      searchEntry,
      timeEntry,
      timeDay,
      ccmMonth,
      openCallback,
      awaitingConsent,
      chartMonth,
      patientLinks,
    },
    config,
  );
}

export type CareLoopService = ReturnType<typeof createEntities>;
