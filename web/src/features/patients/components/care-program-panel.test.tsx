import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CareProgramAnswer } from '../../../../../shared/care-program';
import { expectNoAxeViolations } from '../../../test/axe';
import { createFakeApi } from '../../../test/fakes';
import { signedInUser } from '../../../test/records';
import { renderWithProviders } from '../../../test/render-with-providers';
import { CareProgramPanel } from './care-program-panel';

const answer: CareProgramAnswer = {
  care_program: {
    month: '2026-11',
    program: 'apcm',
    pcm_condition: null,
    next: null,
    history: [],
    qmb: { status: true, checked_on: '2026-10-02' },
    qmb_history: [
      { status: true, checked_on: '2026-10-02', set_at: '2026-10-02T14:00:00.000Z', set_by_name: 'Nora Ellis' },
      { status: false, checked_on: '2026-02-11', set_at: null, set_by_name: null },
    ],
  },
};

describe('the care program panel', () => {
  it('lists every QMB check newest first, with who recorded it when known', async () => {
    const { services } = createFakeApi(
      { 'GET /patients/pat-1/care-program': () => answer },
      { user: signedInUser({ role: 'provider', provider_id: 'prov-1' }), unmatched: 'hang' },
    );
    const { container } = renderWithProviders(
      <CareProgramPanel patientId="pat-1" timezone="America/New_York" canEdit={false} />,
      { services },
    );
    const checks = await screen.findByRole('list', { name: /QMB checks/ });
    expect(
      within(checks)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Yes, checked 2026-10-02, recorded by Nora Ellis', 'No, checked 2026-02-11']);
    expect(screen.getByText(/Qualified Medicare Beneficiary: Yes, checked 2026-10-02/)).toBeVisible();
    await expectNoAxeViolations(container);
  });
});
