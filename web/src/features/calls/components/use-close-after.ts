import { useEffect, useRef } from 'react';

/** Calls `onClose` once, `delayMs` after `active` turns true (a success message that closes itself). */
export function useCloseAfter(active: boolean, delayMs: number, onClose: () => void): void {
  const latest = useRef(onClose);
  useEffect(() => {
    latest.current = onClose;
  });
  useEffect(() => {
    if (!active) return undefined;
    const timer = setTimeout(() => latest.current(), delayMs);
    return () => clearTimeout(timer);
  }, [active, delayMs]);
}
