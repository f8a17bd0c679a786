import { describe, expect, it } from 'vitest';
import { formatDate } from './format-date';

describe('formatDate', () => {
  it('shows a short date, and a dash for missing or unreadable values', () => {
    expect(formatDate('2025-08-20T15:00:00.000Z')).toBe('Aug 20, 2025');
    expect(formatDate(null)).toBe('—');
    expect(formatDate('not a date')).toBe('—');
  });
});
