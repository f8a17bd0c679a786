import { Stack, Text, Title } from '@mantine/core';
import { ChartColumn } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useRef, useState, type RefObject } from 'react';
import { CHART_MONTHS_DEFAULT } from '../../../../../shared/dashboard';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { useDashboardCharts } from '../api/dashboard-charts';
import { hasNoFigures } from './ccm-charts.utils';
import { ListEmptyState } from '../../../components/feedback/list-empty-state';

/** The chart library and its styles: a chunk of their own, fetched when the charts come near. */
const loadCharts = () => import('./ccm-charts');
const CcmCharts = lazy(async () => ({ default: (await loadCharts()).CcmCharts }));

const loading = (
  <Text c="dimmed" role="status">
    Loading charts...
  </Text>
);

/** How far below the screen the charts start loading, so they are usually there when scrolled to. */
const NEAR_MARGIN = '300px';

/**
 * Whether `target` is on screen or within NEAR_MARGIN of it; true from then on. On a phone the
 * charts sit below the dashboard's first screen: a nurse who never scrolls to them never pays for
 * the chart library, its figures or their drawing while the dashboard starts.
 */
function useHasComeNear(target: RefObject<HTMLElement | null>): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = target.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: NEAR_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, target]);
  return near;
}

export interface CcmChartsSectionProps {
  /** Whose figures: the practice's, or every organization's. */
  description: string;
}

/**
 * A dashboard's CCM charts over the last six months. The figures and the chart code are fetched
 * side by side once the section comes near the screen; the charts appear when both have arrived.
 */
export function CcmChartsSection({ description }: CcmChartsSectionProps) {
  const section = useRef<HTMLDivElement>(null);
  const near = useHasComeNear(section);
  const charts = useDashboardCharts(CHART_MONTHS_DEFAULT, { enabled: near });
  const headingId = useId();
  useEffect(() => {
    if (near) void loadCharts();
  }, [near]);

  const partial =
    charts.data && charts.data.organizations.included < charts.data.organizations.total
      ? ` Figures for the ${charts.data.organizations.included} newest of ${charts.data.organizations.total} organizations.`
      : '';

  return (
    <Stack component="section" ref={section} aria-labelledby={headingId} gap="md">
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
        <ListEmptyState
          icon={ChartColumn}
          title="No figures yet"
          description="Charts appear once patients are enrolled and time, calls or summaries are recorded."
          py="md"
        />
      ) : (
        <Suspense fallback={loading}>
          <CcmCharts charts={charts.data} />
        </Suspense>
      )}
    </Stack>
  );
}
