import { describe, expect, it } from 'vitest';
import { inboundKeyword, SMS_REPLIES, SMS_REPLIES_BY_LANGUAGE } from './texts';

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
