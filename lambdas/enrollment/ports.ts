/** What the enrollment capability needs from outside (DECISIONS "Enrollment"). */
import type { CarePlan, ConsentEntry, Observation } from '../../shared/domain';
import type { PatientText } from '../../shared/texts';
import type { CallLogRecord } from '../kernel/records/call-log';
import type { EnrollmentStage } from '../../shared/enrollment/funnel';
import type { Page } from '../kernel/ports';
import type { PatientRecord } from '../kernel/records/patient';
import type { ListedFields } from '../kernel/read-models/listed-patient';
import type { ImportFileType, ImportStatus, PanelImport } from '../../shared/enrollment/panel-import';

/** A file a browser may upload, as the practice's browser declared it before sending it. */
export interface PanelUpload {
  /** Bytes: the upload link is good for exactly this size. */
  readonly size: number;
  readonly contentType: string;
}

/**
 * Where a practice's panel files go (Amazon S3): the browser uploads a file straight to it by a link
 * good for that one file for a few minutes, and the import reads it from there as it streams. The
 * report of the rows an import skipped is kept beside it and downloaded by a link too.
 */
export interface PanelFiles {
  /** A link to PUT exactly this file under `key`, and when it stops working. */
  uploadLink(key: string, upload: PanelUpload): Promise<{ url: string; expiresAt: string }>;
  /** The stored file's size in bytes and its ETag (which changes when the file is replaced), or null when nothing was uploaded under `key`. */
  stat(key: string): Promise<{ size: number; etag: string } | null>;
  /**
   * The stored file's bytes, as they arrive; with `ifMatch`, only while the file is still the one of
   * that ETag (PanelFileChanged otherwise, before any byte).
   */
  read(key: string, ifMatch?: string): AsyncIterable<Uint8Array>;
  /** Keeps a text file (a report) under `key`. */
  write(key: string, body: string, contentType: string): Promise<void>;
  /** Keeps under `key` the stored files `parts` (their keys and sizes) one after another, streamed. */
  join(key: string, parts: readonly { key: string; size: number }[], contentType: string): Promise<void>;
  /** A link to download `key` as a file named `fileName`, for a few minutes. */
  downloadLink(key: string, fileName: string): Promise<string>;
}

/** The file under a key was replaced since its ETag was taken (S3's 412 to `If-Match`). */
export class PanelFileChanged extends Error {
  constructor() {
    super('panel file changed');
    this.name = 'PanelFileChanged';
  }
}

/**
 * What a patient's FHIR export reads beside the patient and its organization (the care plans', the
 * calls' and the texts' records), each one Get or Query, newest first, at most `limit`. No access
 * check or audit of their own: the export does both for the patient.
 */
export interface PatientChartReads {
  /** The structured care plan, or null when the patient has none yet. */
  carePlan(patientId: string): Promise<CarePlan | null>;
  /** The consent changes. */
  consentHistory(patientId: string, limit: number): Promise<ConsentEntry[]>;
  /** The calls placed (scheduled ones are not communications yet). */
  calls(patientId: string, limit: number): Promise<CallLogRecord[]>;
  /** The texts sent and received. */
  texts(patientId: string, limit: number): Promise<PatientText[]>;
  /** Readings and screening scores from calls, newest first. */
  observations(patientId: string, limit: number): Promise<Observation[]>;
}

/** One patient's item of a stage's list (the `enrollment_entry` read model) or of the PCM candidates (`pcm_candidate`). */
export interface StageEntry {
  readonly patientId: string;
  readonly enteredAt: string;
  /**
   * What the list shows of the patient, as the plans that write the patient keep it on the item
   * (kernel/read-models/listed-patient.ts); null on an item written before, whose patient is read.
   */
  readonly listed: ListedFields | null;
}

/** What the Enrollment panel reads: the counts per stage and a stage's patients, Queries only. */
export interface EnrollmentPanelReads {
  /**
   * The organization's count at each stage it has one for, and of its PCM candidates (one Query; a
   * count never moved is left out).
   */
  stageCounts(organizationId: string): Promise<Partial<Record<EnrollmentStage | 'pcm_candidates', number>>>;
  /** A page of a stage's patients, newest patient first; `invalid_cursor` when the cursor is not of this list. */
  pageStage(
    organizationId: string,
    stage: EnrollmentStage,
    limit: number,
    cursor: string | null,
  ): Promise<Page<StageEntry> | 'invalid_cursor'>;
  /** A page of the PCM candidates, newest patient first; `invalid_cursor` as for a stage's page. */
  pagePcmCandidates(
    organizationId: string,
    limit: number,
    cursor: string | null,
  ): Promise<Page<StageEntry> | 'invalid_cursor'>;
}

/** The patients a page names (one BatchGet; missing ids are left out). */
export interface EnrollmentPatients {
  getMany(ids: readonly string[]): Promise<PatientRecord[]>;
}

/** A panel import as stored (the entity `panel_import`). */
export interface PanelImportRecord {
  readonly id: string;
  readonly provider_id: string;
  readonly file_name: string;
  readonly file_type: ImportFileType;
  readonly size: number;
  readonly status: ImportStatus;
  readonly created_by: string;
  /**
   * Their name and e-mail when they started it (the profile the request's standing check read): the
   * patients' audit events and care plans, written later by the job, name them as they were then.
   * Absent on imports started before names were kept (the access history then reads the profile).
   */
  readonly created_by_name?: string;
  readonly created_by_email?: string;
  readonly created_at: string;
  readonly updated_at: string;
  readonly tally: StoredTally | null;
  /** The first file row the job has not done (0: none done; rows are numbered from 1). */
  readonly next_row: number;
  readonly imported: number;
  readonly skipped_existing: number;
  readonly skipped_errors: number;
  readonly failure: string | null;
  /** The ETag of the file the preview read: the job reads only that file (null: previewed before it was kept). */
  readonly file_etag: string | null;
}

/** The preview's tally as kept on the import (as the wire says it). */
export type StoredTally = NonNullable<PanelImport['tally']>;

/** Who holds an MRN of the organization, and the import that brought them in (absent: typed by staff). */
export interface MrnHolder {
  readonly patientId: string;
  readonly importId: string | null;
}

/** What the imports read from the table (their writes are plans). */
export interface PanelImportStore {
  get(importId: string): Promise<PanelImportRecord | null>;
  /** The holders of these MRNs in the organization, by MRN (BatchGet of their claims; never a Scan). */
  mrnHolders(organizationId: string, mrns: readonly string[]): Promise<Map<string, MrnHolder>>;
  /** The organization's patient counter as read (where `patient_count` starts when it is missing). */
  countedPatients(organizationId: string): Promise<number>;
}
