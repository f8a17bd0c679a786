/**
 * What the demo's past calls said (local mode only): their endings, summaries and transcripts, and
 * the end-of-call report each one stored, readings included.
 */
import type { CallReport } from '../calls/ports';
import type { TranscriptTurn } from '../../shared/calls';
import type { EscalationLevel } from '../../shared/values/calls';
import { demoReadings, type DemoCcm, type DemoPatient } from './demo-data';

/** Past calls of the demo: every escalation level, and calls nobody answered or that failed. */
export const PAST_ENDINGS: readonly (EscalationLevel | 'no_answer' | 'busy' | 'failed')[] = [
  'Normal',
  'Normal',
  'Elective',
  'Normal',
  'no_answer',
  'Urgent',
  'Normal',
  'busy',
  'Emergent',
  'Normal',
  'failed',
  'Elective',
];

const SUMMARIES: Record<EscalationLevel, { summary: string; note: string | null; patientSays: string }> = {
  Normal: {
    summary:
      'Monthly check-in completed. The patient reports feeling well, is taking medications as prescribed and is following the care plan goals. No new symptoms.',
    note: null,
    patientSays: "I've been doing pretty well, taking everything like I should.",
  },
  Elective: {
    summary:
      'Monthly check-in completed. The patient is stable but asks for a medication refill in the next two weeks and would like to discuss a diet referral at the next visit.',
    note: 'Refill requested within two weeks; patient would like a dietitian referral.',
    patientSays: "I'm alright, but I'm running low on my pills and I'd like to talk to someone about my diet.",
  },
  Urgent: {
    summary:
      'Monthly check-in completed. The patient reports symptoms outside the care plan targets over the last three days. Advised to expect a call from the care team today.',
    note: 'Readings outside target for three days; please call the patient today.',
    patientSays: "My readings have been high for a few days now and I've been more tired than usual.",
  },
  Emergent: {
    summary:
      'Check-in ended early: the patient described warning signs listed in the care plan. The assistant told the patient to call 911 now.',
    note: 'Warning signs reported during the call; patient advised to call 911. Please follow up immediately.',
    patientSays: "I've had some chest tightness this morning and I'm short of breath sitting here.",
  },
};

function demoTranscript(patient: DemoPatient, organization: string, level: EscalationLevel): TranscriptTurn[] {
  const goal =
    patient.carePlan
      .split('\n')
      .find((l) => l.startsWith('Goals:'))
      ?.slice(7) ?? 'your care plan goals';
  return [
    {
      speaker: 'assistant',
      text: `Hello, this is Care, an automated assistant calling for the care team at ${organization}. Is this ${patient.firstName}?`,
    },
    { speaker: 'patient', text: "Yes, that's me." },
    { speaker: 'assistant', text: 'Thank you. How have you been feeling since our last call?' },
    { speaker: 'patient', text: SUMMARIES[level].patientSays },
    { speaker: 'assistant', text: `Let's go over your goals: ${goal} How is that going?` },
    { speaker: 'patient', text: 'Most days it goes fine.' },
    {
      speaker: 'assistant',
      text:
        level === 'Emergent'
          ? 'Please hang up and call 911 now. I am letting your care team know right away.'
          : 'Thank you. I will pass this on to your care team. Take care.',
    },
  ];
}

export function demoReport(
  patient: DemoPatient,
  conditions: DemoCcm['conditions'],
  organization: string,
  ending: (typeof PAST_ENDINGS)[number],
  startedAt: Date,
  vendorCallId: string,
  seq: number,
): CallReport {
  if (ending === 'no_answer' || ending === 'busy' || ending === 'failed') {
    const endedAt = new Date(startedAt.getTime() + 30_000).toISOString();
    return {
      vendorCallId,
      outcome: ending === 'failed' ? 'failed' : ending,
      endedReason:
        ending === 'no_answer'
          ? 'customer-did-not-answer'
          : ending === 'busy'
            ? 'customer-busy'
            : 'twilio-failed-to-connect-call',
      startedAt: null,
      endedAt,
      transcript: [],
      summary: null,
      escalationLevel: 'Normal',
      noteToDoctor: null,
      successEvaluation: null,
      cost: 0.02,
      stopCalls: false,
      observations: [],
      enrollmentAnswer: null,
    };
  }
  const seconds = 140 + ((seq * 37) % 260);
  return {
    vendorCallId,
    outcome: 'answered',
    endedReason: 'customer-ended-call',
    startedAt: startedAt.toISOString(),
    endedAt: new Date(startedAt.getTime() + seconds * 1000).toISOString(),
    transcript: demoTranscript(patient, organization, ending),
    summary: SUMMARIES[ending].summary,
    escalationLevel: ending,
    noteToDoctor: SUMMARIES[ending].note,
    successEvaluation: ending === 'Normal' || ending === 'Elective',
    cost: Math.round(seconds * 0.25) / 100,
    stopCalls: false,
    observations: demoReadings(conditions, ending, seq),
    enrollmentAnswer: null,
  };
}
