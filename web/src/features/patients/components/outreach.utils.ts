import {
  TIME_PREFERENCES,
  type TimePreference,
  DEFAULT_TIME_PREFERENCE,
  TIME_PREFERENCE_LABELS,
  defaultFirstOutreachDate,
  isCalendarDate,
  todayIn,
} from '../../../../../shared/time-preferences';
import { VALIDATION } from '../../../../../shared/messages';
import { firstError, outreachSchema } from '../../../../../shared/validation';

export const TIME_PREFERENCE_OPTIONS = TIME_PREFERENCES.map((value) => ({
  value,
  label: TIME_PREFERENCE_LABELS[value],
}));

export interface OutreachValues {
  first_outreach_date: string;
  time_preference: TimePreference;
}

/**
 * Dates are days in the organization's time zone, where the calls are placed: the earliest is
 * today there, the default one month later, in the morning.
 */
export function outreachDefaults(timeZone: string, now: Date): { today: string; values: OutreachValues } {
  return {
    today: todayIn(timeZone, now),
    values: { first_outreach_date: defaultFirstOutreachDate(timeZone, now), time_preference: DEFAULT_TIME_PREFERENCE },
  };
}

/** The first outreach date is a real day, today or later; the time preference one of the four. */
export function validateOutreach(values: OutreachValues, today: string): string | null {
  const schemaError = firstError(outreachSchema, values);
  if (schemaError) return schemaError;
  if (!isCalendarDate(values.first_outreach_date) || values.first_outreach_date < today) {
    return VALIDATION.outreachDateInPast;
  }
  return null;
}
