/**
 * Schemas built on first use (issue 27 item 4). Building a zod schema costs time at import (zod's
 * own set-up on the first one, then each object, pipe and check), and every function imports the
 * modules that declare them, whatever routes it serves. `lazySchema(() => z.object(…))` stands in
 * for the schema and builds it the first time anything reads it, once; until then nothing of zod
 * runs. Callers use it exactly as the schema itself (`.parse`, `.shape`, `z.extend`, nesting,
 * `instanceof`), and its type is the schema's.
 */
export function lazySchema<T extends object>(build: () => T): T {
  let built: T | undefined;
  const real = (): T => (built ??= build());
  // The target is a stand-in: every reading trap reads the built value, so the proxy behaves as it
  // does. Schemas are never assigned to once built (zod keeps its state under `_zod`, read here), so
  // no writing trap is carried: the web's first load has no byte to spare.
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(real(), key) as unknown,
    has: (_, key) => Reflect.has(real(), key),
    ownKeys: () => Reflect.ownKeys(real()),
    // Reported configurable: a proxy may not call a property non-configurable that its stand-in
    // target lacks (zod defines `_zod` so); reading and spreading still see the built value's.
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(real(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
    getPrototypeOf: () => Reflect.getPrototypeOf(real()),
  });
}
