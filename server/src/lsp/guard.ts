/** Handlers that cannot take the server down: a bug is logged through the connection and answered with a fallback. */

/** Wraps a handler: what it throws is logged under `name`, and `fallback` is the answer. */
export type Guard = <P, R>(name: string, fallback: R, handler: (params: P) => R) => (params: P) => R;

/** A guard that logs through `log` (the connection's console); what `passes` accepts is thrown on, not answered (the fast lane's OverBudget). */
export function guardWith(log: (message: string) => void, passes: (error: unknown) => boolean = () => false): Guard {
  return (name, fallback, handler) => (params) => {
    try {
      return handler(params);
    } catch (error) {
      if (passes(error)) throw error;
      log(`balancer-lens: ${name} failed: ${describe(error)}`);
      return fallback;
    }
  };
}

/** An error's stack (or its text) for the log. */
export function describe(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
