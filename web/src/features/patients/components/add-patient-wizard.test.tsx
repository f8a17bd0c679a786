import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CCM_MESSAGES } from '../../../../../shared/ccm/messages';
import { IMPORT_MESSAGES } from '../../../../../shared/enrollment/messages';
import { addMonths, todayIn } from '../../../../../shared/time-preferences';
import { ApiError } from '../../../lib/api-client';
import { expectNoAxeViolations } from '../../../test/axe';
import { createFakeApi, sent, type FakeApiAnswer } from '../../../test/fakes';
import { patient } from '../../../test/records';
import { renderWithProviders } from '../../../test/render-with-providers';
import { AddPatientWizard } from './add-patient-wizard';

const created = patient({
  id: 'pat-9',
  first_name: 'Jane',
  last_name: 'Doe',
  email: 'jane@example.com',
  phone_number: '+15552102000',
});

/** The wizard, open, once its steps (loaded on first opening) show step 1. */
async function renderWizard(answer: FakeApiAnswer = () => ({ patient: created, outreach: null })) {
  const { services, requests } = createFakeApi({ 'POST /patients': answer });
  const onClose = vi.fn();
  const onCreated = vi.fn();
  renderWithProviders(
    <AddPatientWizard
      opened
      onClose={onClose}
      onCreated={onCreated}
      organizationId="prov-1"
      timezone="America/New_York"
    />,
    { services },
  );
  expect(await screen.findByText('Step 1 of 3: Patient Details')).toBeVisible();
  return { requests, onClose, onCreated, user: userEvent.setup() };
}

const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const dateField = () => screen.getByLabelText('First Outreach Date') as HTMLInputElement;

async function fillDetails(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field('Email'), 'jane@example.com');
  await user.type(field('First Name'), 'Jane');
  await user.type(field('Last Name'), 'Doe');
  await user.type(field('Phone Number'), '+1 (555) 210-2000');
  await user.click(screen.getByRole('button', { name: 'Next' }));
}

/** Details, then the consent step left at "Not asked yet". */
async function toOutreach(user: ReturnType<typeof userEvent.setup>) {
  await fillDetails(user);
  await user.click(await screen.findByRole('button', { name: 'Next' }));
}

describe('add patient wizard', { timeout: 30_000 }, () => {
  it('validates the patient details with the spec messages before step 2', async () => {
    const { user } = await renderWizard();
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
    const { user } = await renderWizard();
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
    expect(field('Phone Number').value).toBe('+1 (555) 210-2000');
  });

  it("creates the patient without outreach on 'Setup Later'", async () => {
    const { requests, onClose, onCreated, user } = await renderWizard();
    await toOutreach(user);
    await user.click(screen.getByRole('button', { name: 'Setup Later' }));

    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(created));
    expect(onClose).toHaveBeenCalled();
    expect(sent(requests)).toEqual([
      {
        method: 'POST',
        path: '/patients',
        body: {
          email: 'jane@example.com',
          first_name: 'Jane',
          last_name: 'Doe',
          phone_number: '+1 (555) 210-2000',
          mrn: null,
          mbi: null,
          date_of_birth: null,
          preferred_language: 'en',
          provider_id: 'prov-1',
        },
      },
    ]);
  });

  it("takes the patient's MRN, date of birth and preferred language, checked before step 2", async () => {
    const { requests, user } = await renderWizard();
    await expectNoAxeViolations();
    expect(screen.getByRole('combobox', { name: /Preferred Language/ })).toHaveValue('en');
    await user.type(field('MRN'), 'MRN 417');
    await fillDetails(user);
    expect(screen.getByRole('alert').textContent).toBe(IMPORT_MESSAGES.mrnInvalid);

    await user.clear(field('MRN'));
    await user.type(field('MRN'), ' MRN-000417 ');
    fireEvent.change(screen.getByLabelText(/Date of Birth/), { target: { value: '1948-03-07' } });
    await user.selectOptions(screen.getByRole('combobox', { name: /Preferred Language/ }), 'Spanish');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    // The consent step's script is the one staff read to this patient: in Spanish.
    expect(await screen.findByText(/Read aloud to the patient \(Spanish\)/)).toBeVisible();
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Setup Later' }));

    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]?.body).toMatchObject({
      mrn: 'MRN-000417',
      date_of_birth: '1948-03-07',
      preferred_language: 'es',
    });
  });

  it("creates the patient with its outreach on 'Schedule Outreach'", async () => {
    const { requests, user } = await renderWizard();
    await toOutreach(user);
    const today = todayIn('America/New_York', new Date());
    fireEvent.change(dateField(), { target: { value: today } });
    await user.click(screen.getByRole('radio', { name: 'Evening (6 PM - 9 PM)' }));
    await user.click(screen.getByRole('button', { name: 'Schedule Outreach' }));

    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]?.body).toMatchObject({
      provider_id: 'prov-1',
      outreach: { first_outreach_date: today, time_preference: 'evening' },
    });
  });

  it('asks for consent: accepted needs the method and all four disclosures, then goes with the patient', async () => {
    const { requests, user } = await renderWizard();
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

    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]?.body).toMatchObject({
      consent: {
        status: 'accepted',
        date: todayIn('America/New_York', new Date()),
        method: 'verbal',
        disclosures: ['service', 'cost_sharing', 'right_to_stop', 'one_practitioner'],
      },
    });
  });

  it('refuses a first outreach date in the past', async () => {
    const { requests, user } = await renderWizard();
    await toOutreach(user);
    fireEvent.change(dateField(), { target: { value: '2020-01-01' } });
    await user.click(screen.getByRole('button', { name: 'Schedule Outreach' }));

    expect(screen.getByRole('alert').textContent).toBe('First outreach date cannot be in the past');
    expect(requests).toEqual([]);
  });

  it('shows the creation failure and stays open', async () => {
    const { onClose, user } = await renderWizard(() => {
      throw new ApiError('Failed to create patient', 500);
    });
    await toOutreach(user);
    await user.click(screen.getByRole('button', { name: 'Setup Later' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Failed to create patient');
    expect(onClose).not.toHaveBeenCalled();
  });
});
