/**
 * An answer the test settles when it chooses. The promise exists before the page asks for it, so
 * settling works whenever the page's request starts: a page can show its loading state before its
 * effect sends the request, and on a loaded machine the test may reach `settle` first.
 */
export function deferredAnswer<T>() {
  let settle: (value: T) => void = () => undefined;
  const answer = new Promise<T>((resolve) => (settle = resolve));
  return { answer: () => answer, settle: (value: T) => settle(value) };
}
