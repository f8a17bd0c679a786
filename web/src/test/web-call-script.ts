import type { SimulatedRoomJoiner, SimulatedTurn } from '../features/web-call/sources/simulated-web-call-source';

/**
 * A short check-in for the widget's tests: the assistant's turns are sound, the patient's (the local
 * microphone) silence. The assistant takes a second before its first message, as a real one does.
 */
export const SIMULATED_SCRIPT: readonly SimulatedTurn[] = [
  { silence: true, ms: 1000 },
  {
    speaker: 'assistant',
    ms: 2000,
    text: 'Hello, this is Care, your care assistant. Is now a good time for your check-in?',
  },
  { speaker: 'patient', ms: 2000, text: 'Yes, now is fine.' },
  { speaker: 'assistant', ms: 1800, text: 'How have you been feeling since our last call?' },
  { speaker: 'patient', ms: 2200, text: 'Pretty well. My blood pressure has been steady.' },
  { functionCall: 'recordCheckIn', ms: 1500 },
  { speaker: 'assistant', ms: 2000, text: 'Thank you, I have noted that for your care team. Goodbye!' },
];

/** A room that answers `script` without a voice simulator. */
export const roomWith =
  (script: readonly SimulatedTurn[] = SIMULATED_SCRIPT): SimulatedRoomJoiner =>
  () =>
    Promise.resolve(script);
