/**
 * The voice simulator's player: what a simulated call says and how it ends. The last digit of the
 * customer's number chooses the ending (simulatedEndingOf); the conversation goes through the care
 * plan found in the system prompt, and gives the analysis, timeline and artifact Vapi would report.
 */
import type { Vapi } from '@vapi-ai/server-sdk';
import type { EscalationLevel } from '../../../../shared/values/calls';
import { MEASURE_NAMES, MEASURES, type Measure } from '../../../../shared/observations/measures';
import type { MeasureTarget, ObservedValue } from '../../../../shared/observations/rules';

/** `realtime`: 10–20 s per call, for people watching; `instant`: a few hundred ms, for tests. */
export type SimulatorSpeed = 'realtime' | 'instant';

export type SimulatedEnding = 'no_answer' | 'busy' | 'failure' | EscalationLevel;

/** The ending a customer number gets, by its last digit (see the module comment). */
export function simulatedEndingOf(customerNumber: string): SimulatedEnding {
  const digit = Number(customerNumber.trim().slice(-1));
  const endings: Record<number, SimulatedEnding> = { 0: 'no_answer', 1: 'busy', 2: 'failure' };
  const levels: Record<number, EscalationLevel> = { 3: 'Emergent', 4: 'Urgent', 5: 'Elective' };
  return endings[digit] ?? levels[digit] ?? 'Normal';
}

/** How a warm transfer ends in the simulator: the digit before the last, 9 nobody answers, 8 it fails. */
export type SimulatedTransfer = 'connected' | 'no-answer' | 'failed';
export function simulatedTransferOf(customerNumber: string): SimulatedTransfer {
  const digit = customerNumber.trim().slice(-2, -1);
  return digit === '9' ? 'no-answer' : digit === '8' ? 'failed' : 'connected';
}

/** The transferCall tool's number destination and the words it says, from the call's overrides. */
function transferToolIn(overrides: Vapi.AssistantOverrides | undefined) {
  const tools = (overrides?.model as { tools?: unknown[] } | undefined)?.tools ?? [];
  for (const tool of tools as {
    type?: string;
    messages?: { type?: string; content?: string }[];
    destinations?: { type?: string; number?: string; transferPlan?: { fallbackPlan?: { message?: unknown } } }[];
  }[]) {
    const destination = tool.type === 'transferCall' ? tool.destinations?.find((d) => d.type === 'number') : undefined;
    if (!destination?.number) continue;
    const fallback = destination.transferPlan?.fallbackPlan?.message;
    return {
      number: destination.number,
      connecting: tool.messages?.find((m) => m.type === 'request-start')?.content ?? 'Transferring the call now.',
      unanswered: typeof fallback === 'string' ? fallback : 'I could not reach your care team.',
    };
  }
  return null;
}

export const ENDED_REASONS: Record<SimulatedEnding, Vapi.CallEndedReason> = {
  no_answer: 'customer-did-not-answer',
  busy: 'customer-busy',
  failure: 'pipeline-error-openai-llm-failed',
  Emergent: 'customer-ended-call',
  Urgent: 'customer-ended-call',
  Elective: 'customer-ended-call',
  Normal: 'customer-ended-call',
};

/** Headings of the structured plan whose items the script reads; a free-text note's lines may be goals. */
const PLAN_HEADINGS: Record<string, 'goals' | 'medications' | null> = {
  goal: 'goals',
  goals: 'goals',
  medication: 'medications',
  medications: 'medications',
  note: null,
};

/**
 * The care plan's goals and medications, from the lines between "Care plan:" and "Recent EMR notes:":
 * inline lists ("Goals: a; b"), and the items under a heading of their own ("Goals:" then "- a"), as
 * the structured plan is written (shared/care-plan.ts). Items under the plan's other headings
 * (conditions, symptoms…) are not goals; plain lines of a free-text plan are.
 */
export function carePlanTopics(systemPrompt: string): { goals: string[]; medications: string[] } {
  const section = /^\s*Care plan:\s*$([\s\S]*?)^\s*Recent EMR notes:/im.exec(systemPrompt)?.[1] ?? '';
  const goals: string[] = [];
  const medications: string[] = [];
  const items = (list: string) =>
    list
      .split(';')
      .map((item) => item.trim().replace(/\.$/, ''))
      .filter(Boolean);
  let heading: 'goals' | 'medications' | 'other' | null = null;
  for (const raw of section.split('\n')) {
    const line = raw.replace(/^\s*(?:[-*•]|\d+[.)])\s*/, '').trim();
    if (!line || /^(none|n\/a|no care plan\b.*)$/i.test(line)) continue;
    const alone = /^([A-Za-z][\w -]{0,40}):$/.exec(line)?.[1];
    if (alone !== undefined) {
      const name = alone.toLowerCase();
      heading = Object.hasOwn(PLAN_HEADINGS, name) ? (PLAN_HEADINGS[name] ?? null) : 'other';
      continue;
    }
    const goalList = /\bgoals?\s*:\s*(.*)$/i.exec(line)?.[1];
    const medicationList = /^medications?\s*:\s*(.*)$/i.exec(line)?.[1];
    if (goalList !== undefined) goals.push(...items(goalList));
    else if (medicationList !== undefined) medications.push(...items(medicationList));
    else if (heading === 'medications') medications.push(line.replace(/\.$/, ''));
    else if (heading === 'other') continue;
    else if (!/^[A-Za-z][\w -]{0,30}:/.test(line)) goals.push(line.replace(/\.$/, ''));
  }
  return { goals: [...new Set(goals)].slice(0, 4), medications: [...new Set(medications)].slice(0, 3) };
}

export interface Turn {
  role: 'assistant' | 'user';
  text: string;
}
export interface Script {
  ending: SimulatedEnding;
  turns: Turn[];
  analysis: Vapi.Analysis;
  /** When it is not the ending's usual one. */
  endedReason?: Vapi.CallEndedReason;
  /** The Emergent ending's warm transfer, when the call carries a transferCall tool. */
  transfer?: { number: string; status: SimulatedTransfer };
}

const GOAL_ANSWERS = [
  "That's going well. I've kept up with it most days.",
  "Some days are harder than others, but I'm trying.",
  'Better than last month, I think.',
];

const NOTES: Record<EscalationLevel, string> = {
  Emergent: 'Chest pain and shortness of breath reported during the check-in; patient advised to call 911.',
  Urgent: 'Readings well above target for three days with new dizziness and a near fall; please follow up today.',
  Elective: 'Patient requests a medication refill.',
  Normal: '',
};

/** The measures the call's structured data plan asks for (its readings' `measure` enum). */
export function askedMeasures(overrides: Vapi.AssistantOverrides | undefined): Measure[] {
  const readings = overrides?.analysisPlan?.structuredDataPlan?.schema?.properties?.readings;
  const asked = new Set<string>(readings?.items?.properties?.measure?.enum ?? []);
  return MEASURE_NAMES.filter((m) => asked.has(m));
}

/** The care plan's targets, from its "Targets:" lines in the prompt (shared/care-plan.ts writes them). */
export function carePlanTargets(systemPrompt: string): MeasureTarget[] {
  const section = /^\s*Targets:\s*$([\s\S]*?)(?:^\s*$|^\s*Recent EMR notes:)/im.exec(systemPrompt)?.[1] ?? '';
  return section.split('\n').flatMap((line): MeasureTarget[] => {
    const measure = MEASURE_NAMES.find((m) => line.includes(`${MEASURES[m].name}:`));
    if (!measure || measure === 'phq2' || measure === 'phq9Item9') return [];
    const above = /\babove (\d+(?:\.\d+)?)/.exec(line)?.[1];
    const below = /\bbelow (\d+(?:\.\d+)?)/.exec(line)?.[1];
    return [
      {
        measure,
        ...(above !== undefined ? { above: Number(above) } : {}),
        ...(below !== undefined ? { below: Number(below) } : {}),
      },
    ];
  });
}

/** What a patient doing well reads (a negative PHQ-2: no PHQ-9 follows). */
const USUAL: Record<Measure, number> = {
  systolic: 128,
  diastolic: 78,
  weight: 182.4,
  glucose: 118,
  phq2: 1,
  phq9: 4,
  phq9Item9: 0,
  gad7: 3,
};

/** A value within the target (the usual one when it is), or just over it for the Urgent ending. */
function valueFor(measure: Measure, target: MeasureTarget | undefined, over: boolean): number {
  const { min, max, whole } = MEASURES[measure];
  const usual = USUAL[measure];
  const within =
    target?.below !== undefined && usual >= target.below
      ? target.below - 5
      : target?.above !== undefined && usual <= target.above
        ? target.above + 5
        : usual;
  // Without a target to miss, the Urgent ending still reads well above the usual.
  const raised =
    target?.below !== undefined ? target.below + 25 : target?.above !== undefined ? target.above - 15 : usual * 1.3;
  const value = Math.min(max, Math.max(min, over ? raised : within));
  return whole ? Math.round(value) : Math.round(value * 10) / 10;
}

/**
 * The readings a simulated patient gives for what the call asks: usual ones within the care plan's
 * targets, and for the Urgent ending the first measure with a target read over it (systolic and
 * diastolic stay a pair). PHQ-2 stays negative, so no PHQ-9 is asked.
 */
export function simulatedReadings(measures: readonly Measure[], targets: readonly MeasureTarget[], urgent: boolean) {
  const asked = measures.filter((m) => m !== 'phq9' && m !== 'phq9Item9');
  const missed = urgent ? (asked.find((m) => targets.some((t) => t.measure === m)) ?? asked[0]) : undefined;
  const readings: ObservedValue[] = asked.map((measure) => ({
    measure,
    value: valueFor(
      measure,
      targets.find((t) => t.measure === measure),
      measure === missed,
    ),
    source: measure === 'phq2' || measure === 'gad7' ? 'reported' : 'device',
  }));
  const systolic = readings.find((r) => r.measure === 'systolic');
  const diastolic = readings.find((r) => r.measure === 'diastolic');
  if (systolic && diastolic && diastolic.value >= systolic.value - 20)
    diastolic.value = Math.round(systolic.value * 0.6);
  return readings;
}

export function scriptFor(
  overrides: Vapi.AssistantOverrides | undefined,
  ending: SimulatedEnding,
  transferOutcome: SimulatedTransfer = 'connected',
): Script {
  const opening = overrides?.firstMessage ?? 'Hello, this is your care team calling for your check-in.';
  if (ending === 'no_answer' || ending === 'busy') return { ending, turns: [], analysis: {} };
  if (ending === 'failure') return { ending, turns: [{ role: 'assistant', text: opening }], analysis: {} };

  const prompt = overrides?.model?.messages?.[0]?.content;
  const { goals, medications } = carePlanTopics(typeof prompt === 'string' ? prompt : '');
  const turns: Turn[] = [];
  const say = (role: Turn['role'], text: string) => turns.push({ role, text });
  say('assistant', opening);
  say('user', 'Yes, speaking.');
  say('assistant', 'Thank you. How have you been feeling since our last call?');
  const goalsDiscussed = goals.length > 0 ? goals.join('; ') : 'how they have been feeling';
  const tool = ending === 'Emergent' ? transferToolIn(overrides) : null;
  if (ending === 'Emergent' && tool) {
    say('user', "Not well at all. I've had chest pain since this morning and it's getting harder to breathe.");
    say('assistant', tool.connecting);
    const connected = transferOutcome === 'connected';
    if (!connected) say('assistant', tool.unanswered);
    return {
      ending,
      turns,
      // Connected: the assistant leaves the call to the clinician; otherwise it ends after the fallback.
      endedReason: connected
        ? 'assistant-forwarded-call'
        : transferOutcome === 'failed'
          ? 'call.in-progress.error-transfer-failed'
          : 'assistant-ended-call',
      transfer: { number: tool.number, status: transferOutcome },
      analysis: analysisFor(
        ending,
        'Patient reported chest pain since the morning and shortness of breath. The call was transferred to the on-call clinician.',
      ),
    };
  }
  if (ending === 'Emergent') {
    say('user', "Not well at all. I've had chest pain since this morning and it's getting harder to breathe.");
    say(
      'assistant',
      "I'm sorry you're going through this. Chest pain and trouble breathing can be an emergency. Please hang up and call 911 now. I'm letting your care team know right away.",
    );
    say('user', "Okay, I'll call now.");
    return {
      ending,
      turns,
      analysis: analysisFor(
        ending,
        'Patient reported chest pain since the morning and shortness of breath. Advised to hang up and call 911. The care plan review was not completed.',
      ),
    };
  }
  const level: Exclude<EscalationLevel, 'Emergent'> = ending;
  const readings = simulatedReadings(
    askedMeasures(overrides),
    carePlanTargets(typeof prompt === 'string' ? prompt : ''),
    ending === 'Urgent',
  );
  say(
    'user',
    ending === 'Urgent'
      ? "Not great. My readings have been much higher than usual for three days and I've felt dizzy."
      : 'Pretty good, thank you for asking.',
  );
  goals.forEach((goal, index) => {
    say('assistant', `Your care plan includes: ${goal}. How is that going?`);
    say('user', GOAL_ANSWERS[index % GOAL_ANSWERS.length] ?? '');
  });
  const medicine = medications.length > 0 ? medications.join(', ') : 'your medications';
  say('assistant', `Are you taking ${medicine} as prescribed? Any side effects, or refills needed?`);
  say(
    'user',
    ending === 'Elective'
      ? "I'm taking them, but I'm almost out of one and need a refill."
      : 'Yes, every day. No side effects.',
  );
  if (readings.length > 0) {
    say('assistant', "Let's go through today's readings and a few questions about how you've been feeling.");
    say('user', readings.map((r) => `${MEASURES[r.measure].name}: ${r.value}`).join('. '));
  }
  say('assistant', 'Any new or worsening symptoms, falls, emergency visits or hospital stays?');
  say(
    'user',
    ending === 'Urgent'
      ? 'The dizziness is new. I nearly fell yesterday getting out of bed.'
      : 'No, nothing like that.',
  );
  say('assistant', 'Is there anything you would like the care team to know?');
  const closing: Record<typeof level, [string, string]> = {
    Urgent: [
      "Just that I'm worried about these readings.",
      'Thank you. I will pass this to your care team today so a nurse can follow up. If you feel worse, call 911.',
    ],
    Elective: ['Only the refill, please.', 'Thank you. I will ask your care team about the refill. Take care.'],
    Normal: ["No, that's everything.", 'Thank you. I will share this with your care team. Talk to you next month.'],
  };
  say('user', closing[level][0]);
  say('assistant', closing[level][1]);
  const summaries: Record<typeof level, string> = {
    Urgent: `Patient reported readings well above their usual range for three days, with new dizziness and a near fall. Discussed: ${goalsDiscussed}. Taking medications as prescribed.`,
    Elective: `Patient is doing well. Discussed: ${goalsDiscussed}. Requests a medication refill.`,
    Normal: `Patient is doing well. Discussed: ${goalsDiscussed}. Taking medications as prescribed with no side effects; no new symptoms.`,
  };
  return { ending, turns, analysis: analysisFor(level, summaries[level], readings) };
}

/** The person asks not to be called again: the assistant says the end-call phrase and Vapi hangs up. */
export function stopScriptFor(body: Vapi.CreateCallDto): Script {
  const overrides = body.assistantOverrides;
  const turns: Turn[] = [
    { role: 'assistant', text: overrides?.firstMessage ?? 'Hello, this is your care team calling for your check-in.' },
    { role: 'user', text: 'Who is this? Please stop calling me.' },
    { role: 'assistant', text: overrides?.endCallPhrases?.[0] ?? 'Goodbye.' },
  ];
  return {
    ending: 'Normal',
    turns,
    analysis: { summary: 'The person asked not to be called again.', successEvaluation: 'false' },
    endedReason: 'assistant-said-end-call-phrase',
  };
}

function analysisFor(level: EscalationLevel, summary: string, readings: readonly ObservedValue[] = []): Vapi.Analysis {
  return {
    summary,
    structuredData: {
      flag: level,
      escalation_level: level,
      note_to_doctor: NOTES[level],
      ...(readings.length ? { readings } : {}),
    },
    successEvaluation: level === 'Emergent' || level === 'Urgent' ? 'false' : 'true',
  };
}

/**
 * How long the browser plays each turn of a web call: a person listens at a person's pace, whatever
 * the simulator's speed (which only says when the messages come).
 */
export const WEB_CALL_TURN_MS = 2000;

/** Milliseconds after a web call is joined at which it ends and reports: it is answered on joining. */
export function simulatedWebTimeline(turns: number, speed: SimulatorSpeed) {
  if (speed === 'instant') return { ended: 150, report: 200 };
  // The browser's second of silence before the greeting, the turns, and its hang-up.
  const ended = 1000 + turns * WEB_CALL_TURN_MS + 1500;
  return { ended, report: ended + 1000 };
}

/** Milliseconds after creation at which the call rings, is answered (if it is), ends, and reports. */
export function simulatedTimeline(ending: SimulatedEnding, speed: SimulatorSpeed) {
  // Vapi's first message comes seconds after the create; instant mode still leaves the caller time
  // to store the call's id, which every message is matched against.
  if (speed === 'instant') return { ringing: 100, answered: 200, ended: 350, report: 450 };
  const between = (low: number, high: number) => Math.round(low + Math.random() * (high - low));
  const ringing = between(1000, 2000);
  const answered = ringing + between(2000, 3000);
  const unanswered = ending === 'no_answer' || ending === 'busy';
  const ended = unanswered ? ringing + between(9000, 14000) : answered + between(6000, 12000);
  return { ringing, answered, ended, report: ended + between(1000, 1500) };
}

/** The call's messages and transcript, spread over the time it was answered. */
export function artifactFor(call: Vapi.Call, script: Script, answeredAt: number): Vapi.Artifact {
  const startedAt = Date.parse(call.startedAt ?? '') || answeredAt;
  const endedAt = Date.parse(call.endedAt ?? '') || answeredAt;
  const slot = (endedAt - answeredAt) / Math.max(script.turns.length, 1);
  const prompt = call.assistantOverrides?.model?.messages?.[0]?.content;
  const system: Vapi.ArtifactMessagesItem[] =
    typeof prompt === 'string' && script.turns.length > 0
      ? [{ role: 'system', message: prompt, time: answeredAt, secondsFromStart: (answeredAt - startedAt) / 1000 }]
      : [];
  const spoken = script.turns.map((turn, index): Vapi.ArtifactMessagesItem => {
    const time = Math.round(answeredAt + index * slot);
    const endTime = Math.round(time + slot * 0.8);
    const timing = { time, endTime, secondsFromStart: (time - startedAt) / 1000, duration: endTime - time };
    return turn.role === 'assistant'
      ? { role: 'bot', message: turn.text, ...timing }
      : { role: 'user', message: turn.text, ...timing };
  });
  const transcript = script.turns
    .map((turn) => `${turn.role === 'assistant' ? 'AI' : 'User'}: ${turn.text}`)
    .join('\n');
  return {
    messages: [...system, ...spoken],
    transcript: transcript ? `${transcript}\n` : '',
    // Vapi's record of the transfer attempt (contract `TransferArtifact`).
    ...(script.transfer
      ? {
          transfers: [
            {
              destination: { type: 'number' as const, number: script.transfer.number },
              mode: 'warm-transfer-experimental' as const,
              status: script.transfer.status,
            },
          ],
        }
      : {}),
  };
}
