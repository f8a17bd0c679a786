import type { CallLinesResponse } from '../../../../../shared/calls';
import { lineLimit } from '../../../../../shared/values/call-lines';

const MINUTE_MS = 60_000;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * How long the oldest call has waited, in words: "waiting less than a minute", "waiting 4 minutes",
 * "waiting 1 hour 5 minutes" (whole minutes, rounded down: a wait is never said longer than it is).
 */
export function waitedFor(sinceIso: string, nowMs: number): string {
  const minutes = Math.max(0, Math.floor((nowMs - Date.parse(sinceIso)) / MINUTE_MS));
  if (minutes < 1) return 'waiting less than a minute';
  if (minutes < 60) return `waiting ${plural(minutes, 'minute')}`;
  const [hours, rest] = [Math.floor(minutes / 60), minutes % 60];
  return `waiting ${plural(hours, 'hour')}${rest > 0 ? ` ${plural(rest, 'minute')}` : ''}`;
}

/**
 * Every line a check-in may use is busy and calls wait for one: the lines held back for people stay
 * free for staff calls and call links, so the queue grows until a check-in's line frees.
 */
export function checkInLinesFull(lines: CallLinesResponse): boolean {
  return lines.waiting > 0 && lines.in_use >= lineLimit(lines.budget, 'queued');
}

/** No call holds a line and none waits. */
export function linesIdle(lines: CallLinesResponse): boolean {
  return lines.in_use === 0 && lines.waiting === 0;
}

/** The share of the budget in use, 0–100 (a budget of 0 lines reads as empty, never NaN). */
export function inUsePercent(lines: CallLinesResponse): number {
  if (lines.budget <= 0) return 0;
  return Math.min(100, Math.round((lines.in_use / lines.budget) * 100));
}

/** A time of day in the operator's zone with the zone's name: "9:02 AM EST". */
export function clockTime(iso: string | number, timeZone?: string): string {
  return new Date(iso).toLocaleTimeString('en-US', {
    timeZone,
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  });
}
