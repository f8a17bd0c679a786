/**
 * The default fee schedule: approximate national average Medicare payments per code (US$,
 * non-facility, 2025), a copy of the handbook's ccm/rates.json (a test keeps them equal). A
 * practice replaces them with its own; they only compare programs and show expected revenue.
 */
import { CCM_CODES } from './billing';

export const PCM_CODES = ['99424', '99425', '99426', '99427'] as const;
export const APCM_CODES = ['G0556', 'G0557', 'G0558'] as const;
export const CARE_CODES = [...CCM_CODES, ...PCM_CODES, ...APCM_CODES] as const;
export type CareCode = (typeof CARE_CODES)[number];

/** US$ per unit of each code. */
export type FeeSchedule = Readonly<Record<CareCode, number>>;

export const RATES_YEAR = 2025;

export const DEFAULT_RATES: FeeSchedule = {
  '99490': 60,
  '99439': 46,
  '99487': 132,
  '99489': 71,
  '99491': 82,
  '99437': 58,
  '99424': 81,
  '99425': 58,
  '99426': 61,
  '99427': 46,
  G0556: 15,
  G0557: 50,
  G0558: 110,
};
