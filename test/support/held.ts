/** A promise the test settles when it wants to (a read still under way); Node 20 has no Promise.withResolvers. */
export function held<T>() {
  let release!: (value: T) => void;
  let refuse!: (error: unknown) => void;
  const promise = new Promise<T>((resolve, reject) => {
    release = resolve;
    refuse = reject;
  });
  return { promise, release, refuse };
}
