import { Alert, Card, Group, Stack, Text, Title } from '@mantine/core';
import { CalendarRange, TriangleAlert } from 'lucide-react';
import { useId } from 'react';
import { shortBy } from '../../../../../shared/call-lines';
import { CALL_LINES_FORECAST_TEXTS as TEXTS } from '../../../../../shared/texts';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { ListEmptyState } from '../../../components/feedback/list-empty-state';
import { useCallLinesForecast } from '../api/call-lines-forecast';
import { formatPeakHour } from './call-lines-forecast-card.utils';

export interface CallLinesForecastCardProps {
  /** The operator's time zone (the browser's when absent). */
  timeZone?: string;
}

/**
 * The operators' "Next 30 days" card (docs/capacity-planning.md): the hour whose scheduled calls
 * need the most call lines, in the operator's time, against the deployment's budget, with a
 * warning when the budget is short.
 */
export function CallLinesForecastCard({ timeZone }: CallLinesForecastCardProps) {
  const query = useCallLinesForecast();
  const headingId = useId();
  const forecast = query.data?.forecast;
  const peak = forecast?.peak;
  const short = peak && forecast ? shortBy(peak.slots_needed, forecast.budget) : 0;

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId} mb="md">
        {TEXTS.title}
      </Title>
      {query.isPending && (
        <Text c="dimmed" role="status">
          {TEXTS.loading}
        </Text>
      )}
      {query.isError && <ErrorAlert message={query.error.message} onRetry={() => void query.refetch()} />}
      {query.data && !forecast && (
        <ListEmptyState icon={CalendarRange} title={TEXTS.notYet} description={TEXTS.notYetDescription} py="md" />
      )}
      {forecast && !peak && <ListEmptyState icon={CalendarRange} title={TEXTS.empty} py="md" />}
      {forecast && peak && (
        <Stack gap="sm">
          <Group gap="xl" wrap="wrap">
            <Figure label="Peak hour" value={formatPeakHour(peak.hour, timeZone)} />
            <Figure label="Check-ins due that hour" value={peak.calls.toLocaleString('en-US')} />
            <Figure label="Call lines needed" value={`${peak.slots_needed} of ${forecast.budget}`} />
          </Group>
          {short > 0 ? (
            <Alert color="orange" role="alert" icon={<TriangleAlert size={18} aria-hidden="true" />}>
              {TEXTS.short(short, formatPeakHour(peak.hour, timeZone), peak.slots_needed, forecast.budget)}
            </Alert>
          ) : (
            <Text size="sm">{TEXTS.enough(peak.slots_needed, forecast.budget)}</Text>
          )}
          <Text size="xs" c="dimmed">
            {forecast.total_calls.toLocaleString('en-US')} calls scheduled; a call holds a line{' '}
            {Math.round(forecast.mean_call_seconds / 60)} min on average and may wait {forecast.window_hours} hours in
            its window. Updated {new Date(forecast.computed_at).toLocaleString('en-US', { timeZone })}.
          </Text>
        </Stack>
      )}
    </Card>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </Stack>
  );
}
