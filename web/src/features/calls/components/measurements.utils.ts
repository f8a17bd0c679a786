import type { Observation } from '../../../../../shared/domain';
import { displayValue, MEASURE_NAMES, MEASURES, type Measure } from '../../../../../shared/observations/measures';
import { missedTarget, targetBounds, type MeasureTarget } from '../../../../../shared/observations/rules';
import { formatDate } from '../../../lib/format-date';

/** One measure as the Measurements section shows it: the newest value, the trend, the target. */
export interface MeasureSeries {
  measure: Measure;
  name: string;
  /** The newest value with its unit, when it was taken, and whether it misses the target. */
  latest: { value: string; date: string; outsideTarget: boolean };
  /** Oldest first, for the chart and its table. */
  points: { date: string; value: number; shown: string }[];
  target: MeasureTarget | null;
  /** `Target: below 140 mmHg`; null when the care plan sets none. */
  targetText: string | null;
}

export function targetLabel(target: MeasureTarget): string {
  const { label } = MEASURES[target.measure];
  return `Target: ${targetBounds(target)}${label ? ` ${label}` : ''}`;
}

/**
 * The observations (newest first, as the API answers) by measure, in the catalogue's order, with
 * the care plan's target of each; measures never measured are left out.
 */
export function measurementSeries(
  observations: readonly Observation[],
  targets: readonly MeasureTarget[],
): MeasureSeries[] {
  return MEASURE_NAMES.flatMap((measure): MeasureSeries[] => {
    const mine = observations.filter((o) => o.measure === measure);
    const newest = mine[0];
    if (!newest) return [];
    const target = targets.find((t) => t.measure === measure) ?? null;
    return [
      {
        measure,
        name: MEASURES[measure].name,
        latest: {
          value: displayValue(measure, newest.value),
          date: formatDate(newest.observed_at),
          outsideTarget: missedTarget(newest, targets) !== null,
        },
        points: mine
          .map((o) => ({ date: formatDate(o.observed_at), value: o.value, shown: displayValue(measure, o.value) }))
          .reverse(),
        target,
        targetText: target ? targetLabel(target) : null,
      },
    ];
  });
}
