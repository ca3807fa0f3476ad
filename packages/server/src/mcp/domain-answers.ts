import { type ErrorFamily, errorBodyFor, isApiError } from '@socialpub/core';
import { ConnectorRefusal } from '@socialpub/mcp';

/** An answer of a domain function with whether idempotency keeps it (rules 7 and 8). */
export interface BackendAnswerWithMemory {
  status: number;
  body: Record<string, unknown>;
  remember: boolean;
}

/**
 * Runs a domain call and turns its documented refusal (a core ApiError) into the REST error answer
 * of that address's body family, so the tool carries exactly what REST would have answered.
 */
export async function asRestAnswer<T>(family: ErrorFamily, work: () => T | Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isApiError(error)) {
      throw new ConnectorRefusal(error.status, { ...errorBodyFor(error, family) } as Record<string, unknown>);
    }
    throw error;
  }
}

/** An answer with an error status (a network's refusal after sending) is a refusal too. */
export function refuseErrorAnswer(answer: { status: number; body: Record<string, unknown> }): void {
  if (answer.status >= 400) throw new ConnectorRefusal(answer.status, answer.body);
}
