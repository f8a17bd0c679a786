/**
 * One measure's trend drawn with the chart library, loaded lazily with its styles
 * (measurements-section.tsx) so the patient page's first paint does not wait for it. The drawing
 * is hidden from assistive technology: the section's text and a visually hidden table carry every
 * value. The target shows as reference lines.
 */
import '@mantine/charts/styles.layer.css';
import { LineChart } from '@mantine/charts';
import { Table, VisuallyHidden } from '@mantine/core';
import type { MeasureSeries } from './measurements.utils';

const TREND_HEIGHT = 140;

export function MeasureTrend({ series }: { series: MeasureSeries }) {
  const { target } = series;
  const referenceLines = [
    ...(target?.below !== undefined ? [{ y: target.below, label: `Below ${target.below}`, color: 'red.9' }] : []),
    ...(target?.above !== undefined ? [{ y: target.above, label: `Above ${target.above}`, color: 'red.9' }] : []),
  ];
  return (
    <>
      <div aria-hidden="true">
        <LineChart
          h={TREND_HEIGHT}
          data={series.points.map((p, index) => ({ point: `${p.date} (${index + 1})`, value: p.value }))}
          dataKey="point"
          series={[{ name: 'value', label: series.name, color: 'careloop.8' }]}
          referenceLines={referenceLines}
          withXAxis={false}
          withDots
          yAxisProps={{ domain: ['auto', 'auto'] }}
          accessibilityLayer={false}
        />
      </div>
      <VisuallyHidden>
        <Table>
          <caption>{series.name}, oldest first</caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Date</Table.Th>
              <Table.Th scope="col">Value</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {series.points.map((p, index) => (
              // Two check-ins can fall on the same day: the position keeps rows apart.
              <Table.Tr key={`${p.date}-${index}`}>
                <Table.Th scope="row">{p.date}</Table.Th>
                <Table.Td>{p.shown}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </VisuallyHidden>
    </>
  );
}
