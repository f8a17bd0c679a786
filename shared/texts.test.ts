import { describe, expect, it } from 'vitest';
import { inboundKeyword, outboundTextBody, reminderTextBody, SMS_REPLIES, SMS_REPLIES_BY_LANGUAGE } from './texts';

describe('inboundKeyword', () => {
  it('reads the STOP, START and HELP families in English, whole reply, any case', () => {
    expect(inboundKeyword(' stop ')).toEqual({ keyword: 'stop', language: 'en' });
    expect(inboundKeyword('Unsubscribe!')).toEqual({ keyword: 'stop', language: 'en' });
    expect(inboundKeyword('start')).toEqual({ keyword: 'start', language: 'en' });
    expect(inboundKeyword('INFO?')).toEqual({ keyword: 'help', language: 'en' });
    expect(inboundKeyword('please stop calling')).toBeNull();
  });

  it('reads ALTO, PARAR, CANCELAR and BAJA as STOP and AYUDA as HELP, in Spanish', () => {
    for (const word of ['ALTO', 'parar', 'Cancelar.', '¡Baja!']) {
      expect(inboundKeyword(word)).toEqual({ keyword: 'stop', language: 'es' });
    }
    expect(inboundKeyword('¿Ayuda?')).toEqual({ keyword: 'help', language: 'es' });
  });
});

describe('the reply catalogues', () => {
  it('has every reply in every language, each naming the 911 rule or how to opt out', () => {
    for (const replies of Object.values(SMS_REPLIES_BY_LANGUAGE)) {
      expect(Object.keys(replies).sort()).toEqual(Object.keys(SMS_REPLIES).sort());
      expect(replies.help).toContain('911');
      expect(replies.callback).toContain('911');
    }
    expect(SMS_REPLIES_BY_LANGUAGE.es.help).toContain('Responda ALTO');
  });
});

describe('reminderTextBody', () => {
  const facts = {
    firstName: 'Ada',
    organizationName: 'Sunrise Family Medicine',
    // 14:00 UTC on a Tuesday in December: 9:00 in New York (EST), 6:00 in Los Angeles.
    scheduledAt: '2026-12-01T14:00:00.000Z',
    timeZone: 'America/New_York',
  };

  it('says in English who will call and when, in the practice’s time zone, with the English footer', () => {
    expect(reminderTextBody('en', facts)).toBe(
      'Hi Ada, this is a reminder from Sunrise Family Medicine: our care assistant will call you for your check-in on Tuesday, December 1 at 9:00 AM EST. If that time no longer works, reply to this message and your care team will get back to you.\n\nReply STOP to opt out, HELP for help.',
    );
    expect(reminderTextBody('en', { ...facts, timeZone: 'America/Los_Angeles' })).toContain(
      'on Tuesday, December 1 at 6:00 AM PST.',
    );
  });

  it('says it in Spanish with the Spanish footer (ALTO, AYUDA), the article agreeing with the hour', () => {
    expect(reminderTextBody('es', facts)).toBe(
      'Hola Ada, le recordamos de parte de Sunrise Family Medicine: nuestro asistente de atención le llamará para su seguimiento el martes, 1 de diciembre a las 9:00 a.m. EST. Si ya no le conviene esa hora, responda a este mensaje y su equipo de atención se comunicará con usted.\n\nResponda ALTO para no recibir más mensajes, AYUDA para obtener ayuda.',
    );
    // 18:30 UTC is 1:30 p.m. in New York: «a la 1:30».
    expect(reminderTextBody('es', { ...facts, scheduledAt: '2026-12-01T18:30:00.000Z' })).toContain(
      'el martes, 1 de diciembre a la 1:30 p.m. EST.',
    );
  });

  it('tells the date of the practice’s day, not UTC’s, and plain spaces only', () => {
    // 02:00 UTC on December 2 is still December 1 in New York.
    const late = reminderTextBody('en', { ...facts, scheduledAt: '2026-12-02T02:00:00.000Z' });
    expect(late).toContain('on Tuesday, December 1 at 9:00 PM EST.');
    expect(late).not.toMatch(/[\u00a0\u202f]/);
  });
});

describe('outboundTextBody', () => {
  it("writes the call link's line and the footer in the patient's language", () => {
    expect(outboundTextBody(' Hi Ana ', 'https://x/call/t', 'en')).toBe(
      'Hi Ana\n\nTap to talk with your care assistant now: https://x/call/t\n\nReply STOP to opt out, HELP for help.',
    );
    expect(outboundTextBody('Hola Rosa', 'https://x/call/t?lang=es', 'es')).toBe(
      'Hola Rosa\n\nToque aquí para hablar ahora con su asistente de atención: https://x/call/t?lang=es\n\nResponda ALTO para no recibir más mensajes, AYUDA para obtener ayuda.',
    );
    expect(outboundTextBody('Hi', null)).toBe('Hi\n\nReply STOP to opt out, HELP for help.');
  });
});
