import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { todayIn } from '../../../../shared/time-preferences';
import { IDENTIFIER_MESSAGES } from '../../../../shared/ccm/identifiers';
import { createAppRoutes } from '../router';
import { ApiError } from '../../lib/api-client';
import { expectNoAxeViolations } from '../../test/axe';
import { deferredAnswer } from '../../test/deferred';
import { createFakeApi, requestsTo, type FakeApiAnswer } from '../../test/fakes';
import { patient, patientDetail } from '../../test/records';
import { renderWithProviders } from '../../test/render-with-providers';
import { ageOn, birthLine } from '../../features/patients/components/format.utils';
import { fhirFilename } from '../../features/patients/components/fhir-export-button';

const BUNDLE = '{"resourceType":"Bundle","type":"collection","entry":[]}';

/** The provider patient page of a patient with an MRN, a date of birth and Spanish. */
function openPatient(exportAnswer: FakeApiAnswer = () => BUNDLE) {
  const record = patient({
    first_name: 'Ana María',
    last_name: 'Núñez',
    mrn: 'MRN-000417',
    mbi: '1EG4TE5MK73',
    date_of_birth: '1948-03-07',
    preferred_language: 'es',
  });
  const { services, requests } = createFakeApi({
    'GET /patients/pat-1': () => patientDetail(record),
    'GET /patients/pat-1/care-plan': () => ({ carePlan: null }),
    'GET /patients/pat-1/fhir': exportAnswer,
  });
  renderWithProviders(null, { routes: createAppRoutes(), url: '/provider/patients/pat-1', services });
  return { requests, user: userEvent.setup() };
}

/** The value a description list shows for a label. */
const valueOf = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe("the patient's record on the patient page", { timeout: 30_000 }, () => {
  const saved: { name: string; href: string }[] = [];
  let blobs: Blob[] = [];

  beforeEach(() => {
    saved.length = 0;
    blobs = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:fhir';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, href: this.href });
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows the MRN, the date of birth with the age, and the preferred language', async () => {
    openPatient();
    await screen.findByText('MRN', { selector: 'dt' });
    const today = todayIn('America/New_York', new Date());
    expect(valueOf('MRN')).toBe('MRN-000417');
    expect(valueOf('Medicare ID (MBI)')).toBe('1EG4-TE5-MK73');
    expect(valueOf('Date of Birth')).toBe(birthLine('1948-03-07', today));
    expect(valueOf('Date of Birth')).toMatch(/^Mar 7, 1948 \(age \d+\)$/);
    expect(valueOf('Preferred Language')).toBe('Spanish');
    await expectNoAxeViolations();
  });

  it('downloads the FHIR R4 Bundle as <last>-<first>-fhir.json through the API client', async () => {
    const { answer: bundle, settle: answer } = deferredAnswer<string>();
    const { requests, user } = openPatient(bundle);
    const button = await screen.findByRole('button', { name: 'Export FHIR R4' });
    await user.click(button);
    // Loading while the server makes it.
    await waitFor(() => expect(button).toHaveAttribute('data-loading', 'true'));
    answer(BUNDLE);

    await waitFor(() => expect(saved).toEqual([{ name: 'nunez-ana-maria-fhir.json', href: 'blob:fhir' }]));
    expect(await blobs[0]?.text()).toBe(BUNDLE);
    expect(blobs[0]?.type).toBe('application/fhir+json');
    expect(requestsTo(requests, 'GET /patients/pat-1/fhir')).toEqual([
      expect.objectContaining({ fallbackError: 'Failed to export the FHIR record' }),
    ]);
    await waitFor(() => expect(button).not.toHaveAttribute('data-loading'));
  });

  it('shows why an export failed and saves nothing', async () => {
    const { user } = openPatient(() => {
      throw new ApiError('Failed to export the FHIR record', 500);
    });
    await user.click(await screen.findByRole('button', { name: 'Export FHIR R4' }));
    // Announced as an alert (the page's other panels, unanswered here, show their own).
    const refusal = await screen.findByText('Failed to export the FHIR record');
    expect(refusal.closest('[role="alert"]')).not.toBeNull();
    expect(saved).toEqual([]);
    await expectNoAxeViolations();
  });
});

describe('Edit Patient', { timeout: 30_000 }, () => {
  it("shows the patient's MRN, date of birth and language and saves their changes; a cleared MRN is none", async () => {
    const record = patient({
      mrn: 'MRN-000417',
      mbi: '1EG4TE5MK73',
      date_of_birth: '1948-03-07',
      preferred_language: 'en',
    });
    const { services, requests } = createFakeApi({
      'GET /patients/pat-1': () => patientDetail(record),
      'GET /patients/pat-1/care-plan': () => ({ carePlan: null }),
      'PUT /patients/pat-1': () => ({ patient: record }),
    });
    renderWithProviders(null, { routes: createAppRoutes(), url: '/provider/patients/pat-1', services });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Patient' }));
    const form = await screen.findByRole('form', { name: 'Edit patient' });
    const mrn = within(form).getByRole('textbox', { name: /MRN/ });
    expect(mrn).toHaveValue('MRN-000417');
    expect(within(form).getByLabelText(/Date of Birth/)).toHaveValue('1948-03-07');
    await expectNoAxeViolations(form);

    const mbi = within(form).getByRole('textbox', { name: /Medicare ID/ });
    expect(mbi).toHaveValue('1EG4-TE5-MK73');
    await user.clear(mbi);
    await user.type(mbi, '1EG4-TE5-MK7');
    await user.click(within(form).getByRole('button', { name: 'Save Changes' }));
    expect(await within(form).findByText(IDENTIFIER_MESSAGES.mbiInvalid)).toBeVisible();
    expect(requestsTo(requests, 'PUT /patients/pat-1')).toHaveLength(0);
    await user.type(mbi, '4');

    await user.clear(mrn);
    await user.selectOptions(within(form).getByRole('combobox', { name: /Preferred Language/ }), 'Spanish');
    await user.click(within(form).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(requestsTo(requests, 'PUT /patients/pat-1')).toHaveLength(1));
    expect(requestsTo(requests, 'PUT /patients/pat-1')[0]?.body).toMatchObject({
      mrn: null,
      mbi: '1EG4-TE5-MK74',
      date_of_birth: '1948-03-07',
      preferred_language: 'es',
    });
  });
});

describe('record formats', () => {
  it('counts age in whole years, a birthday on its day', () => {
    expect(ageOn('1948-03-07', '2026-03-06')).toBe(77);
    expect(ageOn('1948-03-07', '2026-03-07')).toBe(78);
    expect(ageOn('1952-02-29', '2026-02-28')).toBe(73);
    expect(ageOn('1952-02-29', '2026-03-01')).toBe(74);
  });

  it('names the FHIR file by last and first name, in letters and digits', () => {
    expect(fhirFilename({ first_name: 'Ana María', last_name: 'Núñez' })).toBe('nunez-ana-maria-fhir.json');
    expect(fhirFilename({ first_name: "D'Arcy", last_name: 'O’Brien-Smith' })).toBe('o-brien-smith-d-arcy-fhir.json');
    expect(fhirFilename({ first_name: '李', last_name: '王' })).toBe('patient-fhir.json');
  });
});
