import { useCallback, useEffect, useState } from 'react';

export interface Notice {
  kind: 'success' | 'error';
  text: string;
}

/**
 * A message that clears itself (product-rules.md "Errors"): `show` replaces the current one and restarts its clock,
 * so two failures in a row each stay for the full time.
 */
export function useNotice() {
  const [current, setCurrent] = useState<{ notice: Notice; ms: number } | null>(null);

  useEffect(() => {
    if (!current) return undefined;
    const timer = setTimeout(() => setCurrent(null), current.ms);
    return () => clearTimeout(timer);
  }, [current]);

  const show = useCallback((notice: Notice, ms: number) => setCurrent({ notice, ms }), []);
  const clear = useCallback(() => setCurrent(null), []);
  return { notice: current?.notice ?? null, show, clear };
}
