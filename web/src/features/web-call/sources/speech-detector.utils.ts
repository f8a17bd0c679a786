/**
 * How the assistant's audio turns into `volume-level`, `speech-start` and `speech-end`: the rule
 * `@vapi-ai/web` applies to the remote audio levels (product-rules.md "Calls", "Limits"), reproduced for the simulation.
 */

/** The remote audio level is observed this often (product-rules.md "Limits"). */
export const AUDIO_LEVEL_INTERVAL_MS = 100;
/** A summed level above this is speech. */
export const SPEAKING_LEVEL = 0.01;
/** The summed level that shows as full volume. */
export const FULL_VOLUME_LEVEL = 0.15;
/** Speech ends after this much silence. */
export const SPEECH_END_SILENCE_MS = 1000;

export interface SpeechDetector {
  speaking: boolean;
  /** When the last level above `SPEAKING_LEVEL` was observed (ms), or null before any. */
  lastSpeechAt: number | null;
}

export const INITIAL_SPEECH_DETECTOR: SpeechDetector = { speaking: false, lastSpeechAt: null };

export interface SpeechTick {
  detector: SpeechDetector;
  /** 0 to 1. */
  volume: number;
  event: 'speech-start' | 'speech-end' | null;
}

const sum = (levels: readonly number[]) => levels.reduce((total, level) => total + Math.max(0, level), 0);

/** The summed level of the remote participants, divided by 0.15 and capped at 1. */
export function volumeFromLevels(levels: readonly number[]): number {
  return Math.min(1, sum(levels) / FULL_VOLUME_LEVEL);
}

/** One observation of the remote participants' audio levels, `at` ms on any monotonic clock. */
export function detectSpeech(detector: SpeechDetector, levels: readonly number[], at: number): SpeechTick {
  const volume = volumeFromLevels(levels);
  if (sum(levels) > SPEAKING_LEVEL) {
    return {
      detector: { speaking: true, lastSpeechAt: at },
      volume,
      event: detector.speaking ? null : 'speech-start',
    };
  }
  if (detector.speaking && detector.lastSpeechAt !== null && at - detector.lastSpeechAt >= SPEECH_END_SILENCE_MS) {
    return { detector: { ...detector, speaking: false }, volume, event: 'speech-end' };
  }
  return { detector, volume, event: null };
}
