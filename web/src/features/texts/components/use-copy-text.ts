import { useCallback, useEffect, useRef, useState } from 'react';

export type CopyState = 'idle' | 'copied' | 'failed';

/**
 * Copies a text with the Clipboard API; 'copied' turns back to 'idle' after `resetMs` (product-rules.md "Limits":
 * 2 s). Where the browser refuses (no permission, not a secure context) the state is 'failed' and
 * the caller selects the text for the user to copy by hand.
 */
export function useCopyText(resetMs: number) {
  const [state, setState] = useState<CopyState>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = useCallback(
    async (text: string): Promise<CopyState> => {
      clearTimeout(timer.current);
      try {
        if (!navigator.clipboard) throw new Error('Clipboard unavailable');
        await navigator.clipboard.writeText(text);
      } catch {
        setState('failed');
        return 'failed';
      }
      setState('copied');
      timer.current = setTimeout(() => setState('idle'), resetMs);
      return 'copied';
    },
    [resetMs],
  );

  const reset = useCallback(() => {
    clearTimeout(timer.current);
    setState('idle');
  }, []);

  return { state, copy, reset };
}
