import { describe, expect, it } from 'vitest';
import { INVITATION_TEXTS, readInvitationReply } from './invitation-texts';

describe('the invitation text', () => {
  it('says what the program is, that the care team will call, how to say yes and how to opt out, in each language', () => {
    const en = INVITATION_TEXTS.en.invitation('Ann', 'Sunrise Clinic');
    expect(en).toContain('Hi Ann, Sunrise Clinic offers a care management program');
    expect(en).toContain('Your care team will call you');
    expect(en).toContain('Reply YES');
    expect(en).toContain('Reply STOP to opt out');
    const es = INVITATION_TEXTS.es.invitation('Ana', 'Clínica Sunrise');
    expect(es).toContain('Hola Ana, Clínica Sunrise ofrece un programa');
    expect(es).toContain('Su equipo de atención le llamará');
    expect(es).toContain('Responda SÍ');
    expect(es).toContain('Responda ALTO');
  });

  it('fits in one text of up to 1,600 characters with a long practice name', () => {
    for (const language of ['en', 'es'] as const) {
      expect(INVITATION_TEXTS[language].invitation('A'.repeat(100), 'B'.repeat(200)).length).toBeLessThan(1600);
    }
  });
});

describe('an answer to an invitation', () => {
  it('reads YES and SÍ as yes in their language, NO as no, whatever the case and end punctuation', () => {
    expect(readInvitationReply(' yes! ')).toEqual({ answer: 'yes', language: 'en' });
    expect(readInvitationReply('Y')).toEqual({ answer: 'yes', language: 'en' });
    expect(readInvitationReply('sí')).toEqual({ answer: 'yes', language: 'es' });
    expect(readInvitationReply('¡Si!')).toEqual({ answer: 'yes', language: 'es' });
    expect(readInvitationReply('No.')).toEqual({ answer: 'no', language: null });
  });

  it('reads anything else as no answer', () => {
    expect(readInvitationReply('yes please call me tomorrow')).toBeNull();
    expect(readInvitationReply('STOP')).toBeNull();
    expect(readInvitationReply('')).toBeNull();
  });
});
