import { useCallback, useState } from 'react';

/**
 * A modal about one record (edit this user, delete that organization). The record stays set while
 * the modal closes, so its title and text hold during the closing transition.
 */
export function useModalTarget<T>() {
  const [state, setState] = useState<{ opened: boolean; target: T | null }>({ opened: false, target: null });
  const open = useCallback((target: T | null = null) => setState({ opened: true, target }), []);
  const close = useCallback(() => setState((prev) => ({ ...prev, opened: false })), []);
  return { opened: state.opened, target: state.target, open, close };
}
