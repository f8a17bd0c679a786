import { describe, expect, it } from 'vitest';
import { STOP_CALLS_CONFIRMATION } from '../values/settings';
import { ENROLLMENT_CALL_SCRIPTS, type EnrollmentCallValues } from './enrollment-call-script';

const values = (fields: Partial<EnrollmentCallValues> = {}): EnrollmentCallValues => ({
  patientName: 'Ana',
  practiceName: 'Lakeside Clinic',
  practicePhone: '+18135550100',
  qmb: false,
  ...fields,
});

describe('the enrollment call script', () => {
  it('explains the program, the usual cost sharing, stopping at any time and one practice, and asks one question', () => {
    const prompt = ENROLLMENT_CALL_SCRIPTS.en.systemPrompt(values());

    expect(prompt).toContain('calling on behalf of the care team at Lakeside Clinic');
    expect(prompt).toContain("invite them to the practice's care-management program");
    expect(prompt).toContain('Their usual Medicare cost sharing applies');
    expect(prompt).not.toContain('What it costs: nothing');
    expect(prompt).toContain('They can stop at any time');
    expect(prompt).toContain('Only one practice can provide and bill this program');
    expect(prompt).toContain('may someone from the care team call them to enrol them?');
    expect(prompt).toContain(`say exactly "${STOP_CALLS_CONFIRMATION}"`);
  });

  it('never takes consent: the care team does, on its own call', () => {
    for (const wording of Object.values(ENROLLMENT_CALL_SCRIPTS)) {
      const prompt = wording.systemPrompt(values());
      expect(prompt).toMatch(
        /You do not enrol anyone and you do not take their agreement|Usted no inscribe a nadie ni toma su aceptación/,
      );
    }
  });

  it('tells a Qualified Medicare Beneficiary that it costs nothing', () => {
    const prompt = ENROLLMENT_CALL_SCRIPTS.en.systemPrompt(values({ qmb: true }));

    expect(prompt).toContain('What it costs: nothing.');
    expect(prompt).not.toContain('cost sharing');
  });

  it('speaks Spanish to a Spanish speaker, with the QMB wording in Spanish too', () => {
    const es = ENROLLMENT_CALL_SCRIPTS.es;

    expect(es.firstMessage(values())).toBe(
      'Hola, le habla Care, una asistente automatizada que llama de parte del equipo de atención de Lakeside Clinic. ¿Hablo con Ana?',
    );
    expect(es.systemPrompt(values())).toContain('Se aplica su costo compartido habitual de Medicare');
    expect(es.systemPrompt(values())).toContain('Puede dejarlo en cualquier momento');
    expect(es.systemPrompt(values())).toContain('Solo una consulta puede prestar y facturar este programa');
    expect(es.systemPrompt(values({ qmb: true }))).toContain('Cuánto cuesta: nada.');
    expect(es.systemPrompt(values({ qmb: true }))).not.toContain('costo compartido');
    expect(es.systemPrompt(values())).toContain(`diga exactamente "${es.stopConfirmation}"`);
    expect(es.stopConfirmation).not.toBe(STOP_CALLS_CONFIRMATION);
  });

  it("leaves a voicemail with the practice and its number only, in the patient's language", () => {
    expect(ENROLLMENT_CALL_SCRIPTS.en.voicemailMessage(values())).toBe(
      'Hello, this is a message from Lakeside Clinic. Please call us back at +18135550100. Thank you.',
    );
    expect(ENROLLMENT_CALL_SCRIPTS.es.voicemailMessage(values({ practicePhone: null }))).toBe(
      'Hola, este es un mensaje de Lakeside Clinic. Por favor, devuélvanos la llamada. Gracias.',
    );
  });
});
