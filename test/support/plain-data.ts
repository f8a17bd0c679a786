/**
 * A value as plain data, to compare objects of a library (ElectroDB's entities and models) built two
 * ways: functions left out, an object met again named once (ElectroDB's models link back to their parts).
 */
export function plainData(value: unknown): unknown {
  const seen = new WeakSet<object>();
  return JSON.parse(
    JSON.stringify(value, (_key, v: unknown) => {
      if (typeof v === 'function') return undefined;
      if (typeof v === 'object' && v !== null) {
        if (seen.has(v)) return '[seen]';
        seen.add(v);
      }
      return v;
    }),
  ) as unknown;
}
