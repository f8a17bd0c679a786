/**
 * The voice simulator speaking Spanish (DECISIONS "Languages"): a call whose transcriber listens
 * for Spanish is played with the script's turns in Spanish. The first message and the end-call
 * phrase come from the call itself (CareLoop's Spanish catalogue); the analysis, the summary staff
 * read, stays English as Vapi is asked for it. Lines the script gains without a Spanish one here
 * stay English, and the tests name them.
 */
import type { Vapi } from '@vapi-ai/server-sdk';
import { MEASURE_NAMES, MEASURES, type Measure } from '../../../../shared/observations/measures';
import type { Script } from './call-script';

/** The script's fixed lines, word for word, and what a Spanish-speaking patient and assistant say. */
const LINES: Readonly<Record<string, string>> = {
  'Yes, speaking.': 'Sí, soy yo.',
  'Thank you. How have you been feeling since our last call?':
    'Gracias. ¿Cómo se ha sentido desde nuestra última llamada?',
  "Not well at all. I've had chest pain since this morning and it's getting harder to breathe.":
    'Nada bien. Tengo dolor en el pecho desde esta mañana y cada vez me cuesta más respirar.',
  "I'm sorry you're going through this. Chest pain and trouble breathing can be an emergency. Please hang up and call 911 now. I'm letting your care team know right away.":
    'Siento mucho que esté pasando por esto. El dolor en el pecho y la dificultad para respirar pueden ser una emergencia. Por favor, cuelgue y llame al 911 ahora. Voy a avisar a su equipo de atención de inmediato.',
  "Okay, I'll call now.": 'Está bien, voy a llamar ahora.',
  "Not great. My readings have been much higher than usual for three days and I've felt dizzy.":
    'No muy bien. Mis mediciones han estado mucho más altas de lo normal durante tres días y he tenido mareos.',
  'Pretty good, thank you for asking.': 'Bastante bien, gracias por preguntar.',
  "That's going well. I've kept up with it most days.": 'Va bien. Lo he cumplido casi todos los días.',
  "Some days are harder than others, but I'm trying.":
    'Algunos días son más difíciles que otros, pero lo estoy intentando.',
  'Better than last month, I think.': 'Mejor que el mes pasado, creo.',
  "I'm taking them, but I'm almost out of one and need a refill.":
    'Sí los tomo, pero ya casi se me acaba uno y necesito que me lo resurtan.',
  'Yes, every day. No side effects.': 'Sí, todos los días. Sin efectos secundarios.',
  "Let's go through today's readings and a few questions about how you've been feeling.":
    'Repasemos sus mediciones de hoy y unas preguntas sobre cómo se ha sentido.',
  'Any new or worsening symptoms, falls, emergency visits or hospital stays?':
    '¿Ha tenido síntomas nuevos o que hayan empeorado, caídas, visitas a urgencias u hospitalizaciones?',
  'The dizziness is new. I nearly fell yesterday getting out of bed.':
    'Los mareos son nuevos. Ayer casi me caigo al levantarme de la cama.',
  'No, nothing like that.': 'No, nada de eso.',
  'Is there anything you would like the care team to know?': '¿Hay algo más que quiera que sepa su equipo de atención?',
  "Just that I'm worried about these readings.": 'Solo que me preocupan estas mediciones.',
  'Thank you. I will pass this to your care team today so a nurse can follow up. If you feel worse, call 911.':
    'Gracias. Hoy mismo se lo paso a su equipo de atención para que una enfermera le dé seguimiento. Si se siente peor, llame al 911.',
  'Only the refill, please.': 'Solo el resurtido, por favor.',
  'Thank you. I will ask your care team about the refill. Take care.':
    'Gracias. Le preguntaré a su equipo de atención sobre el resurtido. Cuídese.',
  "No, that's everything.": 'No, eso es todo.',
  'Thank you. I will share this with your care team. Talk to you next month.':
    'Gracias. Compartiré esto con su equipo de atención. Hablamos el próximo mes.',
  'Who is this? Please stop calling me.': '¿Quién habla? Por favor, deje de llamarme.',
};

const MEASURE_NAMES_ES: Record<Measure, string> = {
  systolic: 'Presión sistólica',
  diastolic: 'Presión diastólica',
  weight: 'Peso',
  glucose: 'Glucosa en sangre',
  phq2: 'Puntuación PHQ-2',
  phq9: 'Puntuación PHQ-9',
  phq9Item9: 'PHQ-9 pregunta 9',
  gad7: 'Puntuación GAD-7',
};

/** The script's lines with a care plan's words in them (goals and medications stay as staff wrote them). */
const PATTERNS: readonly [RegExp, (...parts: string[]) => string][] = [
  [
    /^Your care plan includes: (.*)\. How is that going\?$/s,
    (goal) => `Su plan de atención incluye: ${goal}. ¿Cómo le va con eso?`,
  ],
  [
    /^Are you taking (.*) as prescribed\? Any side effects, or refills needed\?$/s,
    (medicine) =>
      `¿Está tomando ${medicine === 'your medications' ? 'sus medicamentos' : medicine} como se lo recetaron? ¿Algún efecto secundario, o necesita que le resurtan alguno?`,
  ],
];

/** "Systolic blood pressure: 128. Body weight: 182.4" → "Presión sistólica: 128. Peso: 182.4". */
function readingsLine(text: string): string | null {
  const parts = text.split('. ').map((part) => {
    const [name, value] = part.split(': ');
    const measure = MEASURE_NAMES.find((m) => MEASURES[m].name === name);
    return measure && value !== undefined ? `${MEASURE_NAMES_ES[measure]}: ${value}` : null;
  });
  return parts.every((part) => part !== null) ? parts.join('. ') : null;
}

/** A line in Spanish, or null when there is none for it. */
export function spanishLine(text: string): string | null {
  const fixed = LINES[text];
  if (fixed !== undefined) return fixed;
  for (const [pattern, say] of PATTERNS) {
    const match = pattern.exec(text);
    if (match) return say(...match.slice(1));
  }
  return readingsLine(text);
}

/** Whether the call is held in Spanish: its transcriber listens for Spanish. */
export function speaksSpanish(overrides: Vapi.AssistantOverrides | undefined): boolean {
  const language = (overrides?.transcriber as { language?: unknown } | undefined)?.language;
  return typeof language === 'string' && language.toLowerCase().startsWith('es');
}

/**
 * The script in the call's language: for a Spanish call, each turn in Spanish except the call's
 * own words (its first message and end-call phrase, already Spanish), which have no entry here.
 */
export function inCallLanguage(overrides: Vapi.AssistantOverrides | undefined, script: Script): Script {
  if (!speaksSpanish(overrides)) return script;
  return { ...script, turns: script.turns.map((turn) => ({ ...turn, text: spanishLine(turn.text) ?? turn.text })) };
}
