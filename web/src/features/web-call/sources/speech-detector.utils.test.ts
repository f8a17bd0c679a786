import { describe, expect, it } from 'vitest';
import { detectSpeech, INITIAL_SPEECH_DETECTOR, volumeFromLevels, type SpeechDetector } from './speech-detector.utils';

/** Feeds one level every 100 ms and returns the speech events with the time they happened. */
function run(levels: number[]) {
  let detector: SpeechDetector = INITIAL_SPEECH_DETECTOR;
  const events: string[] = [];
  levels.forEach((level, index) => {
    const tick = detectSpeech(detector, [level], index * 100);
    detector = tick.detector;
    if (tick.event) events.push(`${tick.event}@${index * 100}`);
  });
  return events;
}

describe('speech detection from the remote audio level', () => {
  it('scales the summed level of every remote participant by 1/0.15, capped at 1', () => {
    expect(volumeFromLevels([])).toBe(0);
    expect(volumeFromLevels([0.03])).toBeCloseTo(0.2);
    expect(volumeFromLevels([0.03, 0.045])).toBeCloseTo(0.5);
    expect(volumeFromLevels([0.15])).toBe(1);
    expect(volumeFromLevels([0.1, 0.2])).toBe(1);
  });

  it('reports the volume with every observation', () => {
    expect(detectSpeech(INITIAL_SPEECH_DETECTOR, [0.06], 0).volume).toBeCloseTo(0.4);
    expect(detectSpeech(INITIAL_SPEECH_DETECTOR, [0], 0).volume).toBe(0);
  });

  it('starts speech only when the summed level is above 0.01', () => {
    expect(detectSpeech(INITIAL_SPEECH_DETECTOR, [0.01], 0).event).toBeNull();
    expect(detectSpeech(INITIAL_SPEECH_DETECTOR, [0.006, 0.005], 0).event).toBe('speech-start');
    expect(detectSpeech(INITIAL_SPEECH_DETECTOR, [0.02], 0).event).toBe('speech-start');
  });

  it('starts speech once, however long it lasts', () => {
    expect(run([0.05, 0.08, 0.04, 0.1])).toEqual(['speech-start@0']);
  });

  it('ends speech after 1 s of silence, not before', () => {
    const talkThenSilence = [0.05, 0.05, ...Array<number>(12).fill(0)];
    expect(run(talkThenSilence)).toEqual(['speech-start@0', 'speech-end@1100']);
  });

  it('keeps speaking through a pause shorter than 1 s and starts again after a long one', () => {
    const levels = [0.05, ...Array<number>(9).fill(0), 0.05, ...Array<number>(10).fill(0), 0.05];
    expect(run(levels)).toEqual(['speech-start@0', 'speech-end@2000', 'speech-start@2100']);
  });

  it('ignores silence before anyone has spoken', () => {
    expect(run(Array<number>(20).fill(0))).toEqual([]);
  });
});
