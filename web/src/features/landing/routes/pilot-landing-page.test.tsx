import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { PilotLandingPage } from './pilot-landing-page';

describe('/old', () => {
  it('tells patients of the reminder text the day before each check-in, in English or Spanish, and STOP or ALTO', async () => {
    renderWithProviders(<PilotLandingPage />);
    expect(await screen.findByRole('heading', { name: 'SMS reminders' })).toBeVisible();
    expect(
      screen.getByText(
        'A text reminder the day before each check-in call, in English or Spanish, up to 5 messages per month. Reply STOP (or ALTO) at any time.',
      ),
    ).toBeVisible();
    expect(screen.getByText(/The day before, a text reminds you who will call and when\./)).toBeVisible();
  });
});
