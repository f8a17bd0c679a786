import { EmptyState, Stack, Text, Title } from '@mantine/core';
import { ChartColumn } from 'lucide-react';
import { lazy, Suspense, useEffect, useId } from 'react';
import { CHART_MONTHS_DEFAULT } from '../../../../../shared/dashboard';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { useDashboardCharts } from '../api/dashboard-charts';
import { hasNoFigures } from './ccm-charts.utils';

/** The chart library and its styles: a chunk of their own, fetched when a dashboard opens. */
const loadCharts = () => import('./ccm-charts');
const CcmCharts = lazy(async () => ({ default: (await loadCharts()).CcmCharts }));

const loading = (
  <Text c="dimmed" role="status">
    Loading charts...
  </Text>
);

export interface CcmChartsSectionProps {
  /** Whose figures: the practice's, or every organization's. */
  description: string;
}

/**
 * A dashboard's CCM charts over the last six months. The figures and the chart code are fetched
 * side by side once the dashboard has painted; the charts appear when both have arrived.
 */
export function CcmChartsSection({ description }: CcmChartsSectionProps) {
  const charts = useDashboardCharts();
  const headingId = useId();
  useEffect(() => {
    void loadCharts();
  }, []);

  const partial =
    charts.data && charts.data.organizations.included < charts.data.organizations.total
      ? ` Figures for the ${charts.data.organizations.included} newest of ${charts.data.organizations.total} organizations.`
      : '';

  return (
    <Stack component="section" aria-labelledby={headingId} gap="md">
      <div>
        <Title order={2} size="h4" id={headingId}>
          Care management, last {CHART_MONTHS_DEFAULT} months
        </Title>
        <Text size="sm" c="dimmed">
          {description}
          {partial}
        </Text>
      </div>
      {charts.isPending ? (
        loading
      ) : charts.isError ? (
        <ErrorAlert message={charts.error.message} onRetry={() => void charts.refetch()} />
      ) : hasNoFigures(charts.data) ? (
        <EmptyState
          size="sm"
          py="md"
          icon={<ChartColumn size={24} aria-hidden="true" />}
          title="No figures yet"
          description="Charts appear once patients are enrolled and time, calls or summaries are recorded."
        />
      ) : (
        <Suspense fallback={loading}>
          <CcmCharts charts={charts.data} />
        </Suspense>
      )}
    </Stack>
  );
}
