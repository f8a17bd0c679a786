import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Patient } from '../../../../../shared/domain';
import { CCM_MESSAGES } from '../../../../../shared/ccm/messages';
import { addMonths, todayIn } from '../../../../../shared/time-preferences';
import { ApiError, type ApiClient, type ApiRequestOptions } from '../../../lib/api-client';
import { expectNoAxeViolations } from '../../../test/axe';
import { createFakeBackend } from '../../../test/fakes';
import { renderWithProviders } from '../../../test/render-with-providers';
import { AddPatientWizard } from './add-patient-wizard';

// The machine running the whole suite may be busy: give screens time to load.

interface Call {
  method: string;
  path: string;
  body: unknown;
}

const created: Patient = {
  id: 'pat-9',
  provider_id: 'prov-1',
  first_name: 'Jane',
  last_name: 'Doe',
  email: 'jane@example.com',
  phone_number: '+15550102000',
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
  version: 1,
  consent: { status: 'accepted', date: '2025-01-01' },
  conditionCount: 2,
  ccmEligible: true,
  billingPractitionerId: null,
};

function renderWizard(answer: (call: Call) => unknown = () => ({ patient: created, outreach: null })) {
  const calls: Call[] = [];
  const api: ApiClient = {
    async request<T>(path: string, options: ApiRequestOptions): Promise<T> {
      const call = { method: options.method ?? 'GET', path, body: options.body };
      calls.push(call);
      return answer(call) as T;
    },
  };
  const onClose = vi.fn();
  const onCreated = vi.fn();
  renderWithProviders(
    <AddPatientWizard opened onClose={onClose} onCreated={onCreated} providerId="prov-1" timezone="America/New_York" />,
    { services: { auth: createFakeBackend().auth, api } },
  );
  return { calls, onClose, onCreated, user: userEvent.setup() };
}

const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const dateField = () => screen.getByLabelText('First Outreach Date') as HTMLInputElement;

async function fillDetails(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field('Email'), 'jane@example.com');
  await user.type(field('First Name'), 'Jane');
  await user.type(field('Last Name'), 'Doe');
  await user.type(field('Phone Number'), '+1 (555) 010-2000');
  await user.click(screen.getByRole('button', { name: 'Next' }));
}

/** Details, then the consent step left at "Not asked yet". */
async function toOutreach(user: ReturnType<typeof userEvent.setup>) {
  await fillDetails(user);
  await user.click(await screen.findByRole('button', { name: 'Next' }));
}

describe('add patient wizard', { timeout: 30_000 }, () => {
  it('validates the patient details with the spec messages before step 2', async () => {
    const { user } = renderWizard();
    expect(screen.getByText('Step 1 of 3: Patient Details')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('alert').textContent).toBe('Email is required');

    await user.type(field('Email'), 'jane@example.com');
    await user.type(field('First Name'), 'Jane');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('alert').textContent).toBe('Last name is required');

    await user.type(field('Last Name'), 'Doe');
    await user.type(field('Phone Number'), '0123');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('alert').textContent).toBe('Please enter a valid phone number (e.g., +1234567890)');
    expect(screen.queryByText('Step 2 of 3: Consent')).toBeNull();
  });

  it('defaults the outreach to one month ahead in the morning, with today as the minimum; Back keeps the details', async () => {
    const { user } = renderWizard();
    await toOutreach(user);

    expect(screen.getByText('Step 3 of 3: Outreach Setup')).toBeVisible();
    const today = todayIn('America/New_York', new Date());
    expect(dateField().value).toBe(addMonths(today, 1));
    expect(dateField().min).toBe(today);
    expect((screen.getByRole('radio', { name: 'Morning (9 AM - 12 PM)' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('radiogroup', { name: 'Time Preference' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByText('Step 2 of 3: Consent')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(field('Email').value).toBe('jane@example.com');
    expect(field('Phone Number').value).toBe('+1 (555) 010-2000');
  });

  it("creates the patient without outreach on 'Setup Later'", async () => {
    const { calls, onClose, onCreated, user } = renderWizard();
    await toOutreach(user);
    await user.click(screen.getByRole('button', { name: 'Setup Later' }));

    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(created));
    expect(onClose).toHaveBeenCalled();
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/patients',
        body: {
          email: 'jane@example.com',
          first_name: 'Jane',
          last_name: 'Doe',
          phone_number: '+1 (555) 010-2000',
          provider_id: 'prov-1',
        },
      },
    ]);
  });

  it("creates the patient with its outreach on 'Schedule Outreach'", async () => {
    const { calls, user } = renderWizard();
    await toOutreach(user);
    const today = todayIn('America/New_York', new Date());
    fireEvent.change(dateField(), { target: { value: today } });
    await user.click(screen.getByRole('radio', { name: 'Evening (6 PM - 9 PM)' }));
    await user.click(screen.getByRole('button', { name: 'Schedule Outreach' }));

    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toMatchObject({
      provider_id: 'prov-1',
      outreach: { first_outreach_date: today, time_preference: 'evening' },
    });
  });

  it('asks for consent: accepted needs the method and all four disclosures, then goes with the patient', async () => {
    const { calls, user } = renderWizard();
    await fillDetails(user);
    expect(await screen.findByText('Step 2 of 3: Consent')).toBeVisible();
    expect((screen.getByRole('radio', { name: 'Not asked yet' }) as HTMLInputElement).checked).toBe(true);
    await expectNoAxeViolations();

    await user.click(screen.getByRole('radio', { name: 'Accepted' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('alert').textContent).toBe(CCM_MESSAGES.consentMethodRequired);
    await user.click(screen.getByRole('radio', { name: 'Verbal' }));
    const told = screen.getByRole('group', { name: 'The patient was told' });
    const boxes = within(told).getAllByRole('checkbox');
    for (const box of boxes.slice(0, 3)) await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('alert').textContent).toBe(CCM_MESSAGES.consentDisclosuresRequired);
    await user.click(boxes[3]!);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Setup Later' }));

    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toMatchObject({
      consent: {
        status: 'accepted',
        date: todayIn('America/New_York', new Date()),
        method: 'verbal',
        disclosures: ['service', 'cost_sharing', 'right_to_stop', 'one_practitioner'],
      },
    });
  });

  it('refuses a first outreach date in the past', async () => {
    const { calls, user } = renderWizard();
    await toOutreach(user);
    fireEvent.change(dateField(), { target: { value: '2020-01-01' } });
    await user.click(screen.getByRole('button', { name: 'Schedule Outreach' }));

    expect(screen.getByRole('alert').textContent).toBe('First outreach date cannot be in the past');
    expect(calls).toEqual([]);
  });

  it('shows the creation failure and stays open', async () => {
    const { onClose, user } = renderWizard(() => {
      throw new ApiError('Failed to create patient', 500);
    });
    await toOutreach(user);
    await user.click(screen.getByRole('button', { name: 'Setup Later' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Failed to create patient');
    expect(onClose).not.toHaveBeenCalled();
  });
});
