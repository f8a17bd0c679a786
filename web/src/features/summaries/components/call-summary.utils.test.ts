import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { escalationLook, loadErrorView, outcomeBadge, summariesListHref, summaryText } from './call-summary.utils';

describe('summariesListHref', () => {
  it('sends employees to /admin/summaries and everyone else to /provider/summaries', () => {
    expect(summariesListHref('careloop_employee')).toBe('/admin/summaries');
    expect(summariesListHref('provider')).toBe('/provider/summaries');
    expect(summariesListHref('patient')).toBe('/provider/summaries');
    expect(summariesListHref(null)).toBe('/provider/summaries');
  });
});

describe('outcomeBadge', () => {
  it("reads 'Successful' only when the success evaluation is true", () => {
    expect(outcomeBadge(true).label).toBe('Successful');
    expect(outcomeBadge(false).label).toBe('Requires Follow-up');
    expect(outcomeBadge(null).label).toBe('Requires Follow-up');
  });
});

describe('escalationLook', () => {
  it('hides the card when the level is missing or Normal', () => {
    for (const level of [null, undefined, '', '  ', 'Normal']) expect(escalationLook(level)).toBeNull();
  });

  it('gives Emergent red and a siren, Urgent orange and a warning, Elective yellow and a calendar, else grey', () => {
    expect(escalationLook('Emergent')).toEqual({ level: 'Emergent', color: 'red', icon: 'siren' });
    expect(escalationLook('Urgent')).toEqual({ level: 'Urgent', color: 'orange', icon: 'warning' });
    expect(escalationLook('Elective')).toEqual({ level: 'Elective', color: 'yellow', icon: 'calendar' });
    expect(escalationLook('Unusual')).toEqual({ level: 'Unusual', color: 'gray', icon: 'info' });
  });
});

describe('summaryText', () => {
  it("keeps line breaks, and says 'No summary available for this call.' when blank", () => {
    expect(summaryText('Line one\nLine two')).toBe('Line one\nLine two');
    expect(summaryText(null)).toBe('No summary available for this call.');
    expect(summaryText('  \n ')).toBe('No summary available for this call.');
  });
});

describe('loadErrorView', () => {
  it('shows 403 refusals as the server gives them', () => {
    const text = 'Access denied - You can only view summaries from your organization';
    expect(loadErrorView(new ApiError(text, 403, 'summary.other_organization'))).toEqual({
      title: text,
      help: null,
      retry: false,
    });
  });

  it('shows one text for every unusable link, with what to do', () => {
    expect(loadErrorView(new ApiError('anything', 404, 'link.invalid'))).toEqual({
      title: 'Invalid or expired magic link',
      help: 'Please check that you opened the complete link, or contact your provider for a new one.',
      retry: false,
    });
  });

  it("shows 'Failed to validate magic link: {reason}' when the server could not open it, with a retry", () => {
    expect(loadErrorView(new ApiError('Something went wrong. Please try again.', 500, 'internal'))).toEqual({
      title: 'Failed to validate magic link: Something went wrong. Please try again.',
      help: null,
      retry: true,
    });
  });

  it("shows 'Failed to load summary data' when no answer came, with a retry", () => {
    for (const error of [new ApiError('x', 0), new ApiError('  ', 502), new Error('x')]) {
      expect(loadErrorView(error)).toEqual({ title: 'Failed to load summary data', help: null, retry: true });
    }
  });
});
