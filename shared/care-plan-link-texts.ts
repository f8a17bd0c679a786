/**
 * The words of the care plan shared with the patient (issue 26; ./care-plan-link.ts has the rules'
 * schemas): the link's limits, staff's and the server's messages, and the patient page's words in
 * English and Spanish (reviewed strings, one catalogue per language). No zod, no records: the
 * patient's page loads only these words, and stays a small chunk of its own.
 */
import type { PreferredLanguage } from './enrollment/patient-fields';

/**
 * A care plan link works this many days (decided for issue 26, as DECISIONS "Links and expiry" does
 * for the others): long enough to open it again before the next monthly check-in, short enough that
 * an old text in a lost phone stops opening the plan. Staff send a new one after that.
 */
export const CARE_PLAN_LINK_DAYS = 30;

/**
 * This many wrong dates of birth lock the link for good (the date of birth is the only thing between
 * the holder of the text and the plan; a day of birth has about 36,500 values). Staff send a new one.
 */
export const CARE_PLAN_LINK_MAX_WRONG = 5;

export const CARE_PLAN_LINK_MESSAGES = {
  button: 'Send Care Plan',
  sending: 'Sending...',
  sent: 'Care plan link sent by text',
  failed: 'Failed to send the care plan link',
  /** Why the button is off, in the order the server checks them. */
  noPhone: 'Add a phone number to send the care plan',
  optedOut: 'The patient has opted out of text messages',
  noConsent: 'Record the patient’s consent to send the care plan',
  consentRequired: 'The patient has not accepted care management. Record their consent before sharing the care plan.',
  noCarePlan: 'Write a care plan to send it',
  noDateOfBirth:
    'Add the patient’s date of birth first: the patient enters it to open their care plan, so a link without it would open for nobody.',
  dateOfBirthRequired: 'Please enter your date of birth',
  dateOfBirthInvalid: 'Please enter your date of birth as a date (YYYY-MM-DD)',
  wrongDateOfBirth: (left: number) =>
    `That date of birth does not match our records. ${left} ${left === 1 ? 'try is' : 'tries are'} left before this link locks.`,
  locked: `This link is locked after ${CARE_PLAN_LINK_MAX_WRONG} wrong dates of birth. Please call your practice for a new link.`,
  invalid: 'This link has expired or is no longer valid. Please contact your healthcare provider for a new link.',
} as const;

// ---------------------------------------------------------------------------------------------
// The page in the patient's language (DECISIONS "Languages"): its own words; the plan stays as written.

export interface CarePlanPageTexts {
  /** BCP 47 locale for dates. */
  locale: string;
  documentTitle: string;
  loading: string;
  heading: (organizationName: string) => string;
  intro: string;
  dateOfBirth: string;
  submit: string;
  checking: string;
  wrongDate: string;
  locked: string;
  invalidTitle: string;
  invalid: string;
  failed: string;
  tryAgain: string;
  planTitle: (firstName: string) => string;
  updated: (date: string) => string;
  questions: (phone: string) => string;
  questionsNoPhone: string;
  emergency: string;
  sections: {
    conditions: string;
    expectedOutcome: string;
    goals: string;
    symptoms: string;
    interventions: string;
    medications: string;
    note: string;
  };
  empty: string;
}

export const CARE_PLAN_PAGE_TEXTS: Record<PreferredLanguage, CarePlanPageTexts> = {
  en: {
    locale: 'en-US',
    documentTitle: 'Your care plan',
    loading: 'Opening your care plan...',
    heading: (name) => `Your care plan from ${name}`,
    intro: 'To keep your care plan private, please enter your date of birth.',
    dateOfBirth: 'Date of birth',
    submit: 'Show My Care Plan',
    checking: 'Checking...',
    wrongDate: 'That date of birth does not match our records. Please try again.',
    locked: `This link is locked after ${CARE_PLAN_LINK_MAX_WRONG} wrong dates of birth. Please call your practice for a new link.`,
    invalidTitle: 'Link Invalid',
    invalid: CARE_PLAN_LINK_MESSAGES.invalid,
    failed: 'We could not open your care plan right now. Please try again in a few minutes.',
    tryAgain: 'Try Again',
    planTitle: (firstName) => `${firstName}'s care plan`,
    updated: (date) => `Last updated ${date}`,
    questions: (phone) => `Questions about your care plan? Call your practice at ${phone}.`,
    questionsNoPhone: 'Questions about your care plan? Call your practice.',
    emergency: 'If this is an emergency, call 911.',
    sections: {
      conditions: 'Conditions',
      expectedOutcome: 'Expected outcome',
      goals: 'Goals',
      symptoms: 'Symptoms to watch',
      interventions: 'What we will do',
      medications: 'Medications',
      note: 'Notes',
    },
    empty: 'Your care plan has nothing written yet.',
  },
  es: {
    locale: 'es-US',
    documentTitle: 'Su plan de cuidado',
    loading: 'Abriendo su plan de cuidado...',
    heading: (name) => `Su plan de cuidado de ${name}`,
    intro: 'Para proteger su plan de cuidado, ingrese su fecha de nacimiento.',
    dateOfBirth: 'Fecha de nacimiento',
    submit: 'Ver mi plan de cuidado',
    checking: 'Verificando...',
    wrongDate: 'Esa fecha de nacimiento no coincide con nuestros registros. Vuelva a intentarlo.',
    locked: `Este enlace se bloqueó después de ${CARE_PLAN_LINK_MAX_WRONG} fechas de nacimiento incorrectas. Llame a su consultorio para recibir un enlace nuevo.`,
    invalidTitle: 'Enlace no válido',
    invalid:
      'Este enlace venció o ya no es válido. Comuníquese con su proveedor de salud para recibir un enlace nuevo.',
    failed: 'No pudimos abrir su plan de cuidado en este momento. Vuelva a intentarlo en unos minutos.',
    tryAgain: 'Intentar de nuevo',
    planTitle: (firstName) => `Plan de cuidado de ${firstName}`,
    updated: (date) => `Última actualización: ${date}`,
    questions: (phone) => `¿Preguntas sobre su plan de cuidado? Llame a su consultorio al ${phone}.`,
    questionsNoPhone: '¿Preguntas sobre su plan de cuidado? Llame a su consultorio.',
    emergency: 'Si es una emergencia, llame al 911.',
    sections: {
      conditions: 'Enfermedades',
      expectedOutcome: 'Resultado esperado',
      goals: 'Metas',
      symptoms: 'Síntomas a vigilar',
      interventions: 'Lo que haremos',
      medications: 'Medicamentos',
      note: 'Notas',
    },
    empty: 'Su plan de cuidado todavía no tiene nada escrito.',
  },
};

/** The language the page speaks before the server answers: the link's `lang`, else English. */
export function carePlanPageLanguageOf(lang: string | null | undefined): PreferredLanguage {
  return lang === 'es' ? 'es' : 'en';
}
