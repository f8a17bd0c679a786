import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ClinicalDocument } from '../../../../../shared/domain';
import { ApiError } from '../../../lib/api-client';
import { createFakeApi, sent, serverError, type FakeApiAnswer, type FakeApiRequest } from '../../../test/fakes';
import { clinicalDocument } from '../../../test/records';
import { renderWithProviders } from '../../../test/render-with-providers';
import { ClinicalDocumentModal } from './clinical-document-modal';

const plan = (content: string, version: number) => clinicalDocument({ content, version });

/** An in-memory care-plan route: GET answers the stored plan; POST and PUT store the content. */
function carePlanRoutes(initial: ClinicalDocument | null | 'fail'): Record<string, FakeApiAnswer> {
  let stored = initial;
  const save: FakeApiAnswer = ({ body }) => {
    const { content } = body as { content: string };
    const version = stored && stored !== 'fail' ? stored.version + 1 : 1;
    stored = plan(content, version);
    return { carePlan: stored };
  };
  return {
    'GET /patients/pat-1/care-plan': () => {
      if (stored === 'fail') throw new ApiError('Failed to fetch care plan', 500);
      return { carePlan: stored };
    },
    'POST /patients/pat-1/care-plan': save,
    'PUT /patients/pat-1/care-plan': save,
  };
}

function renderModal(routes: Record<string, FakeApiAnswer>) {
  const { services, requests } = createFakeApi(routes);
  const onClose = vi.fn();
  renderWithProviders(<ClinicalDocumentModal patientId="pat-1" kind="care_plan" opened onClose={onClose} />, {
    services,
  });
  return { requests, onClose, user: userEvent.setup() };
}

const editor = () => screen.findByRole('textbox', { name: 'Care Plan' }) as Promise<HTMLTextAreaElement>;
const writes = (requests: FakeApiRequest[]) => sent(requests.filter((r) => r.method !== 'GET'));

describe('care plan modal', { timeout: 30_000 }, () => {
  it('opens in view mode when a plan exists; Edit, then Cancel, returns to the saved content', async () => {
    const { requests, user } = renderModal(carePlanRoutes(plan('Walk 20 minutes a day', 2)));
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
    expect(writes(requests)).toEqual([]);
  });

  it('saves an existing plan with PUT, trimmed, with its version, then shows it in view mode', async () => {
    const { requests, user } = renderModal(carePlanRoutes(plan('Walk 20 minutes a day', 2)));
    await user.click(await screen.findByRole('button', { name: 'Edit Care Plan' }));
    const text = await editor();
    await user.clear(text);
    await user.type(text, '  Walk 30 minutes a day  ');
    await user.click(screen.getByRole('button', { name: 'Save Care Plan' }));

    expect(await screen.findByText('Walk 30 minutes a day')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Edit Care Plan' })).toBeVisible();
    expect(writes(requests)).toEqual([
      { method: 'PUT', path: '/patients/pat-1/care-plan', body: { content: 'Walk 30 minutes a day', version: 2 } },
    ]);
  });

  it('opens in edit mode with empty text when there is no plan, and creates it with POST', async () => {
    const { requests, user } = renderModal(carePlanRoutes(null));
    const text = await editor();
    expect(text.value).toBe('');
    await user.type(text, 'Check blood pressure weekly ');
    await user.click(screen.getByRole('button', { name: 'Save Care Plan' }));

    expect(await screen.findByText('Check blood pressure weekly')).toBeVisible();
    expect(writes(requests)).toEqual([
      { method: 'POST', path: '/patients/pat-1/care-plan', body: { content: 'Check blood pressure weekly' } },
    ]);
  });

  it('closes on Cancel when there is no plan', async () => {
    const { onClose, user } = renderModal(carePlanRoutes(null));
    await editor();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('goes to edit mode when the plan cannot be loaded', async () => {
    const { user, requests } = renderModal(carePlanRoutes('fail'));
    const text = await editor();
    expect(text.value).toBe('');
    await user.type(text, 'New plan');
    await user.click(screen.getByRole('button', { name: 'Save Care Plan' }));
    await waitFor(() => expect(writes(requests)).toHaveLength(1));
    expect(writes(requests)[0]?.method).toBe('POST');
  });

  it('shows the save failure and stays in edit mode', async () => {
    const { user } = renderModal({
      'GET /patients/pat-1/care-plan': () => ({ carePlan: null }),
      'POST /patients/pat-1/care-plan': serverError,
    });
    await user.type(await editor(), 'Plan');
    await user.click(screen.getByRole('button', { name: 'Save Care Plan' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to save care plan');
    expect((await editor()).value).toBe('Plan');
  });
});
