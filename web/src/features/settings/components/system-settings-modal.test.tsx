import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_SYSTEM_PROMPT,
  FIXED_PROMPT_PARTS,
  STOP_CALLS_CONFIRMATION,
} from '../../../../../shared/values/settings';
import type { SystemSettingsResponse } from '../../../../../shared/calls';
import { ApiError } from '../../../lib/api-client';
import { createFakeApi, requestsTo } from '../../../test/fakes';
import { renderWithProviders } from '../../../test/render-with-providers';
import { SystemSettingsModal } from './system-settings-modal';

const stored = (overrides: Partial<SystemSettingsResponse['settings']> = {}): SystemSettingsResponse => ({
  settings: {
    assistantId: 'asst-123',
    voiceId: 'marissa',
    systemPrompt: `${DEFAULT_SYSTEM_PROMPT}\nAlways ask about sleep.`,
    version: 3,
    updated_at: '2025-03-01T00:00:00.000Z',
    ...overrides,
  },
  defaultPrompt: DEFAULT_SYSTEM_PROMPT,
});

/** `/compliance-settings`: GET answers `load()`; PATCH answers `save(body)` (both may throw). */
function renderPanel(
  load: () => SystemSettingsResponse,
  save: (body: Record<string, unknown>) => SystemSettingsResponse = (body) => {
    const current = load();
    return { ...current, settings: { ...current.settings, ...body, version: current.settings.version + 1 } };
  },
) {
  const { services, requests } = createFakeApi({
    'GET /compliance-settings': () => load(),
    'PATCH /compliance-settings': ({ body }) => save(body as Record<string, unknown>),
  });
  const onClose = vi.fn();
  renderWithProviders(<SystemSettingsModal opened onClose={onClose} />, { services });
  const user = userEvent.setup({ advanceTimers: (ms) => void (vi.isFakeTimers() && vi.advanceTimersByTime(ms)) });
  return { requests, onClose, user };
}

const prompt = () => screen.findByRole('textbox', { name: /System Prompt/ }) as Promise<HTMLTextAreaElement>;
const promptPanel = () => screen.getByRole('tabpanel', { name: 'Prompt' });

afterEach(() => {
  vi.useRealTimers();
});

describe('System Settings panel', { timeout: 30_000 }, () => {
  it('has General, Prompt and Voice tabs filled from the stored settings', async () => {
    const { user } = renderPanel(() => stored());
    const dialog = await screen.findByRole('dialog', { name: 'System Settings' });
    expect((await within(dialog).findByRole('textbox', { name: /Assistant ID/ })).getAttribute('value')).toBe(
      'asst-123',
    );
    const tabs = within(dialog).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['General', 'Prompt', 'Voice']);
    await user.click(screen.getByRole('tab', { name: 'Voice' }));
    const voices = within(screen.getByRole('tabpanel', { name: 'Voice' })).getAllByRole('radio');
    expect(voices).toHaveLength(11);
    expect(screen.getByRole('radio', { name: 'Marissa' })).toHaveProperty('checked', true);
  });

  it('shows the fixed parts of every call beside the template, read-only', async () => {
    const { user } = renderPanel(() => stored({ systemPrompt: 'Only ask about sleep.' }));
    await user.click(await screen.findByRole('tab', { name: 'Prompt' }));
    const fixed = within(promptPanel()).getByRole('region', { name: 'Fixed parts of every call' });
    const rows = within(fixed)
      .getAllByRole('rowheader')
      .map((cell) => cell.textContent);
    expect(rows).toEqual(['First message', ...FIXED_PROMPT_PARTS.map((part) => part.title), 'Voicemail message']);
    expect(fixed.textContent).toContain(STOP_CALLS_CONFIRMATION);
    expect(fixed.textContent).toContain('automated assistant');
    expect(within(fixed).queryByRole('textbox')).toBeNull();
  });

  it("flags a changed prompt 'Modified', resets it to 'Default' and counts its characters", async () => {
    const { user } = renderPanel(() => stored());
    await user.click(await screen.findByRole('tab', { name: 'Prompt' }));
    const text = await prompt();
    const modified = `${DEFAULT_SYSTEM_PROMPT}\nAlways ask about sleep.`;
    expect(text.value).toBe(modified);
    expect(promptPanel().textContent).toContain('Modified');
    expect(promptPanel().textContent).toContain(`${modified.length.toLocaleString('en-US')} / 20,000 characters`);
    for (const variable of ['patientName', 'providerName', 'carePlan', 'hasCarePlan', 'emrNotes']) {
      expect(promptPanel().textContent).toContain(`{{${variable}}}`);
    }
    expect(promptPanel().textContent).toContain("The patient's first name");

    await user.click(within(promptPanel()).getByRole('button', { name: 'Reset to Default' }));
    expect(text.value).toBe(DEFAULT_SYSTEM_PROMPT);
    expect(promptPanel().textContent).toContain('Default');
    expect(promptPanel().textContent).not.toContain('Modified');
    expect(promptPanel().textContent).toContain(
      `${DEFAULT_SYSTEM_PROMPT.length.toLocaleString('en-US')} / 20,000 characters`,
    );
    expect(within(promptPanel()).getByRole('button', { name: 'Reset to Default' })).toHaveProperty('disabled', true);

    await user.type(text, '!');
    expect(promptPanel().textContent).toContain('Modified');
    expect(promptPanel().textContent).toContain(
      `${(DEFAULT_SYSTEM_PROMPT.length + 1).toLocaleString('en-US')} / 20,000 characters`,
    );
  });

  it("saves with the version read, shows 'Settings updated successfully' in green and clears it after 3 s", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { requests, user } = renderPanel(() => stored());
    await user.click(await screen.findByRole('tab', { name: 'Voice' }));
    await user.click(screen.getByRole('radio', { name: 'Drew' }));
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));

    const message = await screen.findByRole('status');
    expect(message.textContent).toBe('Settings updated successfully');
    expect(message.getAttribute('style')).toContain('--mantine-color-green');
    expect(requestsTo(requests, 'PATCH /compliance-settings').map(({ method, body }) => ({ method, body }))).toEqual([
      {
        method: 'PATCH',
        body: {
          assistantId: 'asst-123',
          voiceId: 'drew',
          systemPrompt: `${DEFAULT_SYSTEM_PROMPT}\nAlways ask about sleep.`,
          version: 3,
        },
      },
    ]);

    await act(async () => {
      vi.advanceTimersByTime(2900);
    });
    expect(screen.queryByText('Settings updated successfully')).not.toBeNull();
    await act(async () => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.queryByText('Settings updated successfully')).toBeNull();
  });

  it('shows the server text when the settings were changed meanwhile (409), and reloads them', async () => {
    let version = 3;
    const { requests, user } = renderPanel(
      () => stored({ version, voiceId: version > 3 ? 'ryan' : 'marissa' }),
      () => {
        throw new ApiError('The settings were changed by someone else. Reload and try again.', 409, 'settings.stale');
      },
    );
    await user.click(await screen.findByRole('tab', { name: 'Voice' }));
    await user.click(screen.getByRole('radio', { name: 'Drew' }));
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The settings were changed by someone else. Reload and try again.',
    );

    version = 4;
    await user.click(screen.getByRole('button', { name: 'Reload Settings' }));
    await user.click(await screen.findByRole('tab', { name: 'Voice' }));
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Ryan' })).toHaveProperty('checked', true));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(requestsTo(requests, 'GET /compliance-settings')).toHaveLength(2);
  });

  it("shows 'Failed to update settings' when the server gives no text", async () => {
    const { user } = renderPanel(
      () => stored(),
      () => {
        throw new ApiError('Failed to update settings', 500);
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Save Settings' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to update settings');
  });

  it('refuses a blank assistant id before asking the server', async () => {
    const { requests, user } = renderPanel(() => stored());
    await user.clear(await screen.findByRole('textbox', { name: /Assistant ID/ }));
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Assistant ID is required');
    expect(requestsTo(requests, 'PATCH /compliance-settings')).toEqual([]);
  });

  it('selects the first voice when the stored one is unknown', async () => {
    const { user } = renderPanel(() => stored({ voiceId: 'retired-voice' as 'burt' }));
    await user.click(await screen.findByRole('tab', { name: 'Voice' }));
    expect(screen.getByRole('radio', { name: 'Burt' })).toHaveProperty('checked', true);
  });

  it("shows 'Failed to fetch settings' when they cannot be loaded", async () => {
    renderPanel(() => {
      throw new ApiError('Failed to fetch settings', 500);
    });
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to fetch settingsTry again');
  });
});
