import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Activity } from 'lucide-react';
import { lazy, Suspense, useId } from 'react';
import type { MeasureTarget } from '../../../../../shared/observations/rules';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { ListEmptyState } from '../../../components/feedback/list-empty-state';
import { useObservations } from '../api/get-observations';
import { usePatientCalls } from '../api/get-patient-calls';
import { measurementSeries, type MeasureSeries } from './measurements.utils';

/** The chart library and its styles: a chunk of their own, fetched when there is a trend to draw. */
const MeasureTrend = lazy(async () => ({ default: (await import('./measurement-trend')).MeasureTrend }));

function MeasureCard({ series }: { series: MeasureSeries }) {
  const titleId = useId();
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={titleId}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" gap="xs">
          <Text fw={600} id={titleId}>
            {series.name}
          </Text>
          {series.latest.outsideTarget && (
            <Badge color="red.9" variant="light">
              Outside target
            </Badge>
          )}
        </Group>
        <Text size="xl" fw={700}>
          {series.latest.value}
        </Text>
        <Text size="sm" c="dimmed">
          Last reading {series.latest.date}
          {series.points.length > 1 ? ` · ${series.points.length} readings` : ''}
        </Text>
        <Text size="sm">{series.targetText ?? 'No target in the care plan'}</Text>
        {series.points.length > 1 && (
          <Suspense
            fallback={
              <Text size="sm" c="dimmed" role="status">
                Loading trend...
              </Text>
            }
          >
            <MeasureTrend series={series} />
          </Suspense>
        )}
      </Stack>
    </Card>
  );
}

/**
 * The patient page's Measurements (DECISIONS "Observations"): the newest value of each reading and
 * screening score the check-in calls stored, its trend, and the care plan's target. A call that
 * completes brings its readings: the newest completed call is part of what is read.
 */
export function MeasurementsSection({ patientId, targets }: { patientId: string; targets: readonly MeasureTarget[] }) {
  const headingId = useId();
  const { history } = usePatientCalls(patientId);
  const newestCall = history?.find((c) => c.status === 'completed')?.id ?? null;
  const observations = useObservations(patientId, newestCall);

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <Title order={2} size="h4" id={headingId}>
          Measurements
        </Title>
        {observations.isPending ? (
          <Text c="dimmed" role="status">
            Loading measurements...
          </Text>
        ) : observations.isError ? (
          <ErrorAlert message={observations.error.message} onRetry={() => void observations.refetch()} />
        ) : observations.data.items.length === 0 ? (
          <ListEmptyState
            icon={Activity}
            title="No measurements yet"
            description="Readings and screening scores from check-in calls appear here."
            py="md"
          />
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {measurementSeries(observations.data.items, targets).map((series) => (
              <MeasureCard key={series.measure} series={series} />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Card>
  );
}
