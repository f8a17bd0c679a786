import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ClinicalDocument } from '../../../../../shared/domain';
import { ApiError, type ApiClient, type ApiRequestOptions } from '../../../lib/api-client';
import { createFakeBackend } from '../../../test/fakes';
import { renderWithProviders } from '../../../test/render-with-providers';
import { ClinicalDocumentModal } from './clinical-document-modal';

// The machine running the whole suite may be busy: give screens time to load.

interface Call {
  method: string;
  path: string;
  body: unknown;
}

const plan = (content: string, version: number): ClinicalDocument => ({
  id: 'cp1',
  patient_id: 'pat-1',
  provider_id: 'prov-1',
  content,
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-02T00:00:00.000Z',
  creator: { user_id: 'nurse-1', name: 'Nina Patel' },
  updated_by: { user_id: 'nurse-1', name: 'Nina Patel' },
  version,
});

/** An in-memory care-plan route: GET answers the stored plan; POST and PUT store the content. */
function carePlanApi(initial: ClinicalDocument | null | 'fail') {
  let stored = initial;
  const calls: Call[] = [];
  const api: ApiClient = {
    async request<T>(path: string, options: ApiRequestOptions): Promise<T> {
      const method = options.method ?? 'GET';
      calls.push({ method, path, body: options.body });
      if (method === 'GET') {
        if (stored === 'fail') throw new ApiError('Failed to fetch care plan', 500);
        return { carePlan: stored } as T;
      }
      const { content } = options.body as { content: string };
      const version = stored && stored !== 'fail' ? stored.version + 1 : 1;
      stored = plan(content, version);
      return { carePlan: stored } as T;
    },
  };
  return { api, calls };
}

function renderModal(initial: ClinicalDocument | null | 'fail') {
  const { api, calls } = carePlanApi(initial);
  const onClose = vi.fn();
  renderWithProviders(<ClinicalDocumentModal patientId="pat-1" kind="care-plan" opened onClose={onClose} />, {
    services: { auth: createFakeBackend().auth, api },
  });
  return { calls, onClose, user: userEvent.setup() };
}

const editor = () => screen.findByRole('textbox', { name: 'Care Plan' }) as Promise<HTMLTextAreaElement>;
const writes = (calls: Call[]) => calls.filter((c) => c.method !== 'GET');

describe('care plan modal', { timeout: 30_000 }, () => {
  it('opens in view mode when a plan exists; Edit, then Cancel, returns to the saved content', async () => {
    const { calls, user } = renderModal(plan('Walk 20 minutes a day', 2));
    expect(await screen.findByRole('dialog', { name: 'Care Plan' })).toBeVisible();
    expect(await screen.findByText('Walk 20 minutes a day')).toBeVisible();
    expect(screen.queryByRole('textbox', { name: 'Care Plan' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Edit Care Plan' }));
    const text = await editor();
    expect(text.value).toBe('Walk 20 minutes a day');
    await user.type(text, ' and stretch');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(screen.getByText('Walk 20 minutes a day')).toBeVisible();
    expect(screen.queryByRole('textbox', { name: 'Care Plan' })).toBeNull();
    expect(writes(calls)).toEqual([]);
  });

  it('saves an existing plan with PUT, trimmed, with its version, then shows it in view mode', async () => {
    const { calls, user } = renderModal(plan('Walk 20 minutes a day', 2));
    await user.click(await screen.findByRole('button', { name: 'Edit Care Plan' }));
    const text = await editor();
    await user.clear(text);
    await user.type(text, '  Walk 30 minutes a day  ');
    await user.click(screen.getByRole('button', { name: 'Save Care Plan' }));

    expect(await screen.findByText('Walk 30 minutes a day')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Edit Care Plan' })).toBeVisible();
    expect(writes(calls)).toEqual([
      { method: 'PUT', path: '/patients/pat-1/care-plan', body: { content: 'Walk 30 minutes a day', version: 2 } },
    ]);
  });

  it('opens in edit mode with empty text when there is no plan, and creates it with POST', async () => {
    const { calls, user } = renderModal(null);
    const text = await editor();
    expect(text.value).toBe('');
    await user.type(text, 'Check blood pressure weekly ');
    await user.click(screen.getByRole('button', { name: 'Save Care Plan' }));

    expect(await screen.findByText('Check blood pressure weekly')).toBeVisible();
    expect(writes(calls)).toEqual([
      { method: 'POST', path: '/patients/pat-1/care-plan', body: { content: 'Check blood pressure weekly' } },
    ]);
  });

  it('closes on Cancel when there is no plan', async () => {
    const { onClose, user } = renderModal(null);
    await editor();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('goes to edit mode when the plan cannot be loaded', async () => {
    const { user, calls } = renderModal('fail');
    const text = await editor();
    expect(text.value).toBe('');
    await user.type(text, 'New plan');
    await user.click(screen.getByRole('button', { name: 'Save Care Plan' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]?.method).toBe('POST');
  });

  it('shows the save failure and stays in edit mode', async () => {
    const calls: Call[] = [];
    const api: ApiClient = {
      async request<T>(path: string, options: ApiRequestOptions): Promise<T> {
        calls.push({ method: options.method ?? 'GET', path, body: options.body });
        if ((options.method ?? 'GET') === 'GET') return { carePlan: null } as T;
        throw new ApiError(options.fallbackError, 500);
      },
    };
    renderWithProviders(<ClinicalDocumentModal patientId="pat-1" kind="care-plan" opened onClose={() => undefined} />, {
      services: { auth: createFakeBackend().auth, api },
    });
    const user = userEvent.setup();
    await user.type(await editor(), 'Plan');
    await user.click(screen.getByRole('button', { name: 'Save Care Plan' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to save care plan');
    expect((await editor()).value).toBe('Plan');
  });
});
