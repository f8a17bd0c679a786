import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HELP_KEYWORDS_ES, STOP_KEYWORDS_ES } from '../../../../../shared/texts';
import { expectNoAxeViolations } from '../../../test/axe';
import { renderWithProviders } from '../../../test/render-with-providers';
import { SmsPolicyPage } from './sms-policy-page';

describe('/sms-policy', () => {
  it('promises the reminder CareLoop sends: the day before each check-in call, saying who calls and when', async () => {
    renderWithProviders(<SmsPolicyPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'SMS Policy' })).toBeVisible();
    expect(
      screen.getByText(/A reminder the day before each scheduled check-in call \(or right away when a call is booked/),
    ).toHaveTextContent('saying who will call and when');
    expect(screen.getByText(/Messages are in your preferred language, English or Spanish/)).toHaveTextContent(
      'Reminders count toward the monthly number of messages, and none are sent once you opt out.',
    );
    await expectNoAxeViolations();
  });

  it('names the Spanish words that opt out and get help, as the inbound texts read them', () => {
    renderWithProviders(<SmsPolicyPage />);
    const spanish = screen.getByText(/In Spanish, reply/);
    for (const word of [...STOP_KEYWORDS_ES, ...HELP_KEYWORDS_ES]) expect(spanish).toHaveTextContent(word);
  });
});
