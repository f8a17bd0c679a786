/**
 * The peak hour of the call-lines forecast in the operator's own time: "Tue Dec 1, 9–10 AM EST"
 * (the hour's start and end, one AM/PM when both share it).
 */
export function formatPeakHour(hourIso: string, timeZone?: string): string {
  const start = new Date(hourIso);
  const end = new Date(start.getTime() + 3_600_000);
  const parts = (at: Date) =>
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      hour12: true,
      timeZoneName: 'short',
    }).formatToParts(at);
  const get = (list: Intl.DateTimeFormatPart[], type: Intl.DateTimeFormatPartTypes) =>
    list.find((p) => p.type === type)?.value ?? '';
  const [from, to] = [parts(start), parts(end)];
  const [fromPeriod, toPeriod] = [get(from, 'dayPeriod'), get(to, 'dayPeriod')];
  const hours =
    fromPeriod === toPeriod
      ? `${get(from, 'hour')}–${get(to, 'hour')} ${toPeriod}`
      : `${get(from, 'hour')} ${fromPeriod}–${get(to, 'hour')} ${toPeriod}`;
  return `${get(from, 'weekday')} ${get(from, 'month')} ${get(from, 'day')}, ${hours} ${get(from, 'timeZoneName')}`;
}
