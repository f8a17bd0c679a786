/**
 * The call link texts issue 21 adds (Deliver 9): the page's state outside the calling hours, and
 * revoking a patient's links from the patient page. The hours come from the calling window itself.
 */
import type * as z from 'zod/mini';
import type { revokedCallLinksAnswer } from './api/answers';
import { CALL_WINDOW } from './values/calls';
import { DAILY_LIMIT_MESSAGES } from './daily-limits';
import type { PreferredLanguage } from './enrollment/patient-fields';
import { CALL_LINK_MESSAGES } from './texts';

/** DELETE /patients/{patientId}/call-links. */
export type RevokeCallLinksResponse = z.output<typeof revokedCallLinksAnswer>;

/** `8` → `8:00 AM`, `21` → `9:00 PM`. */
export function hourLabel(hour: number): string {
  const h12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${h12}:00 ${hour < 12 ? 'AM' : 'PM'}`;
}

export const CALL_LINK_HOURS_MESSAGES = {
  title: 'Outside Calling Hours',
  hours: `Calls can be placed from ${hourLabel(CALL_WINDOW.startHour)} to ${hourLabel(CALL_WINDOW.endHour)} your time.`,
  noCall: 'No call was placed.',
  /** `when`: the next time calls can be placed, e.g. "8:00 AM on Friday, November 27 (EST)". */
  openAgain: (when: string) => `Please open this link again from ${when}.`,
} as const;

export const REVOKE_CALL_LINKS_MESSAGES = {
  button: 'Revoke Call Links',
  title: 'Revoke call links',
  confirm: (patientName: string) =>
    `Every call link made for ${patientName} so far, including links sent by text, stops working now. Opening one will say it has expired. You can make a new link afterwards.`,
  revoked: 'Call links revoked. Links made before now no longer work.',
  failed: 'Failed to revoke call links',
} as const;

// ---------------------------------------------------------------------------------------------
// The page in the patient's language (DECISIONS "Languages"): reviewed strings, one catalogue per
// language. English is the page's words as they were; the server's refusals are English, so the
// Spanish page says its own words for each refusal code.

/** Every word the /call/{token} page shows or announces, in one language. */
export interface CallLinkPageTexts {
  /** BCP 47 locale for dates and times. */
  locale: string;
  documentTitle: string;
  validating: string;
  callingTitle: (productName: string) => string;
  answerPhone: string;
  onItsWay: string;
  emergencyNote: string;
  invalidTitle: string;
  invalidDefault: string;
  invalidFallback: string;
  validateFailed: string;
  noToken: string;
  goHome: string;
  callFailedTitle: string;
  callFailed: string;
  dailyLimit: string;
  tryAgain: string;
  hoursTitle: string;
  hours: string;
  noCall: string;
  openAgain: (when: string) => string;
  /** "8:00 AM on Friday, November 27 (EST)"; `hour` is the hour of day there (Spanish's article agrees with it). */
  opensAt: (parts: { time: string; day: string; zone: string | undefined; hour: number }) => string;
}

/** `8` → `8:00 a.m.`, `21` → `9:00 p.m.` (es-US, as ICU writes them). */
function hourLabelEs(hour: number): string {
  const h12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${h12}:00 ${hour < 12 ? 'a.m.' : 'p.m.'}`;
}

export const CALL_LINK_PAGE_TEXTS: Record<PreferredLanguage, CallLinkPageTexts> = {
  en: {
    locale: 'en-US',
    documentTitle: 'Your call link',
    validating: CALL_LINK_MESSAGES.validating,
    callingTitle: (productName) => `${productName} ${CALL_LINK_MESSAGES.callingTitleSuffix}`,
    answerPhone: CALL_LINK_MESSAGES.answerPhone,
    onItsWay: CALL_LINK_MESSAGES.onItsWay,
    emergencyNote: 'If this is an emergency, call 911.',
    invalidTitle: CALL_LINK_MESSAGES.invalidTitle,
    invalidDefault: CALL_LINK_MESSAGES.invalidDefault,
    invalidFallback: CALL_LINK_MESSAGES.invalidFallback,
    validateFailed: CALL_LINK_MESSAGES.validateFailed,
    noToken: CALL_LINK_MESSAGES.noToken,
    goHome: CALL_LINK_MESSAGES.goHome,
    callFailedTitle: 'Call Not Placed',
    callFailed: CALL_LINK_MESSAGES.callFailed,
    dailyLimit: DAILY_LIMIT_MESSAGES.linkCall,
    tryAgain: 'Try Again',
    hoursTitle: CALL_LINK_HOURS_MESSAGES.title,
    hours: CALL_LINK_HOURS_MESSAGES.hours,
    noCall: CALL_LINK_HOURS_MESSAGES.noCall,
    openAgain: CALL_LINK_HOURS_MESSAGES.openAgain,
    opensAt: ({ time, day, zone }) => `${time} on ${day}${zone ? ` (${zone})` : ''}`,
  },
  es: {
    locale: 'es-US',
    documentTitle: 'Su enlace de llamada',
    validating: 'Validando su enlace...',
    callingTitle: (productName) => `${productName} le está llamando`,
    answerPhone: 'Por favor, conteste el teléfono cuando suene.',
    onItsWay: 'Su llamada ya está en camino. Si no la contesta, puede volver a abrir este enlace en 15 minutos.',
    emergencyNote: 'Si es una emergencia, llame al 911.',
    invalidTitle: 'Enlace no válido',
    invalidDefault:
      'Este enlace venció o ya no es válido. Comuníquese con su proveedor de salud para recibir un enlace nuevo.',
    invalidFallback: 'Enlace no válido o vencido',
    validateFailed: 'No se pudo validar el enlace',
    noToken: 'Enlace no válido: no contiene un código',
    goHome: 'Ir a la página principal',
    callFailedTitle: 'No se hizo la llamada',
    callFailed: 'No pudimos hacer su llamada en este momento. Vuelva a intentarlo en unos minutos.',
    dailyLimit:
      'Hoy ya no podemos hacer más llamadas de su equipo de atención. Vuelva a intentarlo mañana o llame a su equipo de atención.',
    tryAgain: 'Intentar de nuevo',
    hoursTitle: 'Fuera del horario de llamadas',
    hours: `Las llamadas se pueden hacer de ${hourLabelEs(CALL_WINDOW.startHour)} a ${hourLabelEs(CALL_WINDOW.endHour)}, en su hora local.`,
    noCall: 'No se hizo ninguna llamada.',
    openAgain: (when) => `Vuelva a abrir este enlace a partir de ${when}.`,
    // «a partir de la 1:00», «a partir de las 8:00»: the article agrees with the hour.
    opensAt: ({ time, day, zone, hour }) =>
      `${hour % 12 === 1 ? 'la' : 'las'} ${time} del ${day}${zone ? ` (${zone})` : ''}`,
  },
};

/** The language the page speaks before the server answers: the link's `lang`, else English. */
export function callLinkLanguageOf(lang: string | null | undefined): PreferredLanguage {
  return lang === 'es' ? 'es' : 'en';
}

/** A call link for a patient: a Spanish speaker's carries `?lang=es`, so even its loading and expired states are Spanish. */
export function callLinkUrl(webOrigin: string, token: string, language: PreferredLanguage | undefined): string {
  return `${webOrigin}/call/${token}${language === 'es' ? '?lang=es' : ''}`;
}
