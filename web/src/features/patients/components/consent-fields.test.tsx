import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CONSENT_DISCLOSURES, CONSENT_SCRIPT } from '../../../../../shared/consent';
import { expectNoAxeViolations } from '../../../test/axe';
import { createFakeApi } from '../../../test/fakes';
import { renderWithProviders } from '../../../test/render-with-providers';
import { ConsentFields } from './consent-fields';
import { consentDefaults } from './consent.utils';

function renderFields(language?: 'en' | 'es') {
  const { services } = createFakeApi({});
  renderWithProviders(
    <ConsentFields
      values={consentDefaults('2026-11-27', 'accepted')}
      onChange={() => undefined}
      today="2026-11-27"
      {...(language ? { language } : {})}
    />,
    { services },
  );
}

describe('ConsentFields: the script staff read aloud', () => {
  it("is in Spanish for a Spanish-speaking patient (lang='es'), each sentence with its English meaning, axe clean", async () => {
    renderFields('es');

    const script = screen.getByRole('region', { name: 'Read aloud to the patient (Spanish)' });
    for (const disclosure of CONSENT_DISCLOSURES) {
      const spoken = within(script).getByText(CONSENT_SCRIPT.es[disclosure]);
      expect(spoken.getAttribute('lang')).toBe('es');
      expect(within(script).getByText(CONSENT_SCRIPT.en[disclosure])).toBeVisible();
    }
    await expectNoAxeViolations();
  });

  it('is in English for everyone else, without a second copy', () => {
    renderFields();

    const script = screen.getByRole('region', { name: 'Read aloud to the patient (English)' });
    for (const disclosure of CONSENT_DISCLOSURES) {
      expect(within(script).getAllByText(CONSENT_SCRIPT.en[disclosure])).toHaveLength(1);
      expect(within(script).queryByText(CONSENT_SCRIPT.es[disclosure])).toBeNull();
    }
  });
});
