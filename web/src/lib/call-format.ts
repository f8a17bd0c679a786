/** How calls read wherever staff see them: call logs, summaries and the summary link page. */
import type { EscalationLevel } from '../../../shared/values/calls';
import type { TranscriptTurn } from '../../../shared/calls';

export const ESCALATION_BADGE_COLORS: Record<EscalationLevel, string> = {
  Emergent: 'red',
  Urgent: 'orange',
  Elective: 'yellow',
  Normal: 'gray',
};

/** Duration as minutes:seconds (product-rules.md "Limits"): 7 → '0:07', 725 → '12:05'; a dash until the call has ended. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return '—';
  const total = Math.round(seconds);
  const minutes = Math.floor(total / 60);
  return `${minutes}:${String(total % 60).padStart(2, '0')}`;
}

const DATE_TIME = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** 'Jan 5, 2025, 9:30 AM' in the viewer's time zone; a dash for a missing or unreadable value. */
export function formatCallTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : DATE_TIME.format(date);
}

export const SPEAKER_LABELS: Record<TranscriptTurn['speaker'], string> = {
  assistant: 'Assistant',
  patient: 'Patient',
};
