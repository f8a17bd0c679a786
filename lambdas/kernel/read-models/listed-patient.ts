/**
 * What the Enrollment panel's lists show of a patient (its name, condition count, whether it has a
 * phone, its language), copied onto its `enrollment_entry` and `pcm_candidate` items so that a page
 * is one Query and needs no read of the patients. Every plan that writes such an item copies them
 * from the patient as read, and holds only while the patient still has them; every plan that
 * changes one of them on a listed patient moves the item's copy in the same transaction.
 */
import { DEFAULT_LANGUAGE, type PreferredLanguage } from '../../../shared/enrollment/patient-fields';
import type { PatientRecord } from '../records/patient';
import type { WriteCondition } from '../write-plan';

export type ListedPatient = Pick<
  PatientRecord,
  'first_name' | 'last_name' | 'phone_number' | 'preferred_language' | 'conditionCount'
>;

/** The copy an item carries (items written before it carry none: the list then reads the patient). */
export interface ListedFields {
  first_name: string;
  last_name: string;
  condition_count: number;
  has_phone: boolean;
  preferred_language: PreferredLanguage;
}

export function listedFields(p: ListedPatient): ListedFields {
  return {
    first_name: p.first_name,
    last_name: p.last_name,
    condition_count: p.conditionCount ?? 0,
    has_phone: Boolean(p.phone_number),
    preferred_language: p.preferred_language ?? DEFAULT_LANGUAGE,
  };
}

/**
 * The condition that the stored patient still shows what `p` shows (a missing condition count or
 * language reads as 0 and English, as the patient's repository reads them): a plan that copies `p`
 * onto an item holds only while the copy is true.
 */
export function listedAsRead(p: ListedPatient): WriteCondition {
  const count = p.conditionCount ?? 0;
  const language = p.preferred_language ?? DEFAULT_LANGUAGE;
  const missingOr: Record<string, string | number> = {
    ...(count === 0 ? { condition_count: 0 } : {}),
    ...(language === DEFAULT_LANGUAGE ? { preferred_language: language } : {}),
  };
  // The form and the import store no empty number (an empty one is removed), so presence is the copy.
  return {
    equal: {
      first_name: p.first_name,
      last_name: p.last_name,
      ...(count === 0 ? {} : { condition_count: count }),
      ...(language === DEFAULT_LANGUAGE ? {} : { preferred_language: language }),
    },
    ...(p.phone_number ? { present: ['phone_number'] } : { missing: ['phone_number'] }),
    ...(Object.keys(missingOr).length > 0 ? { missingOr: { equal: missingOr } } : {}),
  };
}

/** Conditions that must all hold, as one (a name compared twice must equal both). */
export function allOf(...conditions: readonly (WriteCondition | undefined)[]): WriteCondition {
  const merged: {
    missing: string[];
    present: string[];
    equal: Record<string, string | number | boolean>;
    notEqual: Record<string, string | number | boolean>;
    oneOf: Record<string, readonly (string | number | boolean)[]>;
    below: Record<string, string | number>;
    missingOr: NonNullable<WriteCondition['missingOr']>;
  } = { missing: [], present: [], equal: {}, notEqual: {}, oneOf: {}, below: {}, missingOr: {} };
  for (const c of conditions) {
    if (!c) continue;
    merged.missing.push(...(c.missing ?? []));
    merged.present.push(...(c.present ?? []));
    for (const [name, value] of Object.entries(c.equal ?? {})) {
      if (name in merged.equal && merged.equal[name] !== value) {
        throw new Error(`conditions disagree on ${name}`);
      }
      merged.equal[name] = value;
    }
    Object.assign(merged.notEqual, c.notEqual);
    Object.assign(merged.oneOf, c.oneOf);
    Object.assign(merged.below, c.below);
    if (c.missingOr) {
      merged.missingOr = {
        ...(merged.missingOr.equal || c.missingOr.equal
          ? { equal: { ...merged.missingOr.equal, ...c.missingOr.equal } }
          : {}),
        ...(merged.missingOr.below || c.missingOr.below
          ? { below: { ...merged.missingOr.below, ...c.missingOr.below } }
          : {}),
        ...(merged.missingOr.atMost || c.missingOr.atMost
          ? { atMost: { ...merged.missingOr.atMost, ...c.missingOr.atMost } }
          : {}),
      };
    }
  }
  merged.missing = [...new Set(merged.missing)];
  merged.present = [...new Set(merged.present)];
  return Object.fromEntries(
    Object.entries(merged).filter(([, v]) => (Array.isArray(v) ? v.length > 0 : Object.keys(v).length > 0)),
  ) as WriteCondition;
}
