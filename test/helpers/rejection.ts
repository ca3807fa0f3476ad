/**
 * The error a promise rejects with, checked to be an instance of `type` (so the test reads typed
 * fields); a fulfilment or another error fails the test.
 */
export async function rejectionOf<E extends Error>(
  promise: Promise<unknown>,
  type: abstract new (...args: never[]) => E,
): Promise<E> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof type) return error;
    throw error;
  }
  throw new Error(`Expected a rejection with ${type.name}, but the promise fulfilled.`);
}
