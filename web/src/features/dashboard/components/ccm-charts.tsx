/**
 * The dashboards' CCM charts (issue 12 item 7). Loaded lazily with the chart library and its styles
 * (ccm-charts-section.tsx), so neither holds up a dashboard's first paint nor reaches a public page.
 * Each chart is a figure: its caption says the figures in a sentence and a visually hidden table
 * holds every month's; the drawing itself is hidden from assistive technology. Colours keep 3:1
 * against the card (WCAG 1.4.11) and series also differ by dash or position.
 */
import '@mantine/charts/styles.layer.css';
import { BarChart, LineChart } from '@mantine/charts';
import { Card, SimpleGrid, Table, Text, VisuallyHidden } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import type { DashboardChartsAnswer } from '../../../../../shared/dashboard';
import { chartRows, chartSummaries, longMonth, share99490 } from './ccm-charts.utils';

const CHART_HEIGHT = 220;

interface ChartFigureProps {
  title: string;
  summary: string;
  /** Column headings after Month, and each month's cells. */
  table: { columns: string[]; rows: { month: string; cells: (string | number)[] }[] };
  children: ReactNode;
}

function ChartFigure({ title, summary, table, children }: ChartFigureProps) {
  const titleId = useId();
  const summaryId = useId();
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="figure"
      m={0}
      aria-labelledby={titleId}
      aria-describedby={summaryId}
    >
      <figcaption>
        <Text fw={600} id={titleId}>
          {title}
        </Text>
        <Text size="sm" c="dimmed" mb="sm" id={summaryId}>
          {summary}
        </Text>
      </figcaption>
      <div aria-hidden="true">{children}</div>
      <VisuallyHidden>
        <Table>
          <caption>{title}, by month</caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Month</Table.Th>
              {table.columns.map((c) => (
                <Table.Th key={c} scope="col">
                  {c}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {table.rows.map((r) => (
              <Table.Tr key={r.month}>
                <Table.Th scope="row">{r.month}</Table.Th>
                {r.cells.map((cell, i) => (
                  <Table.Td key={table.columns[i]}>{cell}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </VisuallyHidden>
    </Card>
  );
}

/** The four charts of a dashboard, two a row from medium screens, one a row on a phone. */
export function CcmCharts({ charts }: { charts: DashboardChartsAnswer }) {
  const rows = chartRows(charts);
  const summaries = chartSummaries(charts);
  if (!summaries) return null;
  const tableRows = (cells: (m: DashboardChartsAnswer['months'][number]) => (string | number)[]) =>
    charts.months.map((m) => ({ month: longMonth(m.month), cells: cells(m) }));
  const common = { h: CHART_HEIGHT, data: rows, dataKey: 'month', accessibilityLayer: false } as const;

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <ChartFigure
        title="Enrolled patients"
        summary={summaries.enrolled}
        table={{ columns: ['Enrolled patients'], rows: tableRows((m) => [m.enrolled_patients]) }}
      >
        <BarChart {...common} series={[{ name: 'enrolled', label: 'Enrolled patients', color: 'careloop.8' }]} />
      </ChartFigure>

      <ChartFigure
        title="Clinical staff minutes and AI contacts"
        summary={summaries.time}
        table={{
          columns: ['Clinical staff minutes', 'AI contacts'],
          rows: tableRows((m) => [m.staff_minutes, m.ai_contacts]),
        }}
      >
        <LineChart
          {...common}
          withLegend
          withRightYAxis
          series={[
            { name: 'staff', label: 'Clinical staff minutes', color: 'careloop.8' },
            { name: 'ai', label: 'AI contacts', color: 'violet.6', yAxisId: 'right', strokeDasharray: '6 4' },
          ]}
        />
      </ChartFigure>

      <ChartFigure
        title="Call summaries by escalation level"
        summary={summaries.escalations}
        table={{
          columns: ['Emergent', 'Urgent', 'Elective', 'Normal'],
          rows: tableRows((m) => [
            m.escalations.Emergent,
            m.escalations.Urgent,
            m.escalations.Elective,
            m.escalations.Normal,
          ]),
        }}
      >
        <BarChart
          {...common}
          type="stacked"
          withLegend
          series={[
            { name: 'Emergent', color: 'red.9' },
            { name: 'Urgent', color: 'orange.9' },
            { name: 'Elective', color: 'yellow.9' },
            { name: 'Normal', color: 'gray.6' },
          ]}
        />
      </ChartFigure>

      <ChartFigure
        title="Enrolled patients meeting 99490"
        summary={summaries.share99490}
        table={{
          columns: ['Meeting 99490', 'Enrolled', 'Share'],
          rows: tableRows((m) => {
            const share = share99490(m);
            return [m.meeting_99490, m.enrolled_patients, share === null ? '—' : `${share}%`];
          }),
        }}
      >
        <BarChart
          {...common}
          unit="%"
          yAxisProps={{ domain: [0, 100] }}
          series={[{ name: 'share', label: 'Meeting 99490', color: 'blue.8' }]}
        />
      </ChartFigure>
    </SimpleGrid>
  );
}
