/**
 * The enrollment invitation by text (DECISIONS "Enrollment", "Languages", "SMS"): the invitation in
 * the patient's language and the replies to its answer, from one reviewed catalogue (never
 * translated at run time). The invitation says what the program is, that the care team will call,
 * how to say yes, and how to opt out; it names no condition.
 */
import type { SmsLanguage } from '../texts';

interface InvitationCatalogue {
  invitation: (firstName: string, practiceName: string) => string;
  yes: string;
  no: string;
}

export const INVITATION_TEXTS: Record<SmsLanguage, InvitationCatalogue> = {
  en: {
    invitation: (firstName, practiceName) =>
      `Hi ${firstName}, ${practiceName} offers a care management program for patients with ongoing health conditions: a monthly check-in and a care team to help between visits. Your care team will call you to explain it. Reply YES if you are interested, or NO if not. Reply STOP to opt out.`,
    yes: 'CareLoop: thank you. Your care team will call you to talk about joining the program. Reply STOP to opt out.',
    no: 'CareLoop: thank you, we noted that you are not interested. Your care team is still here for you.',
  },
  es: {
    invitation: (firstName, practiceName) =>
      `Hola ${firstName}, ${practiceName} ofrece un programa de manejo de atención para pacientes con condiciones de salud continuas: un seguimiento mensual y un equipo de atención que le ayuda entre consultas. Su equipo de atención le llamará para explicárselo. Responda SÍ si le interesa, o NO si no le interesa. Responda ALTO para dejar de recibir mensajes.`,
    yes: 'CareLoop: gracias. Su equipo de atención le llamará para hablar sobre cómo unirse al programa. Responda ALTO para dejar de recibir mensajes.',
    no: 'CareLoop: gracias, anotamos que no le interesa. Su equipo de atención sigue a su disposición.',
  },
};

const YES_WORDS: Readonly<Record<string, SmsLanguage>> = { YES: 'en', Y: 'en', SI: 'es', SÍ: 'es' };
const NO_WORDS = ['NO', 'N'];

/**
 * The answer a reply is to an invitation (the whole reply, any case, end punctuation aside), and
 * the language it was said in when the word tells (NO is both languages' word); null for anything
 * else.
 */
export function readInvitationReply(body: string): { answer: 'yes' | 'no'; language: SmsLanguage | null } | null {
  const word = body
    .trim()
    .replace(/[.!?¡¿]+$/, '')
    .replace(/^[¡¿]+/, '')
    .toUpperCase();
  const yes = YES_WORDS[word];
  if (yes) return { answer: 'yes', language: yes };
  return NO_WORDS.includes(word) ? { answer: 'no', language: null } : null;
}
