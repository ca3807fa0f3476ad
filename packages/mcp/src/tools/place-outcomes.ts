import type { CallToolResult } from '@modelcontextprotocol/server';
import type { BackendAnswer, ConnectorBackend, PostBody } from '../backend.js';
import { ConnectorRefusal } from '../backend.js';
import { type Place, type PostInput, postBodyFor, requirePrivacyChoices } from '../post-input.js';
import { answerOf, retryAdvice, toolRefusal } from '../tool-result.js';

export interface PlaceOutcome {
  accountId: string;
  platform: string;
  /** The HTTP status REST would have answered for this place. */
  http_status: number;
  /** False when the place was refused; `answer` then holds the REST error body and `retry` the advice. */
  accepted: boolean;
  answer: Record<string, unknown>;
  retry?: Record<string, unknown>;
}

async function one(
  backend: ConnectorBackend,
  place: Place,
  body: PostBody,
  options: { dryRun: boolean; idempotencyKey?: string | undefined },
): Promise<PlaceOutcome> {
  const base = { accountId: place.accountId, platform: place.platform };
  try {
    const answer: BackendAnswer = await backend.createPost(body, options);
    return { ...base, http_status: answer.status, accepted: true, answer: answer.body };
  } catch (error) {
    if (!(error instanceof ConnectorRefusal)) throw error;
    return {
      ...base,
      http_status: error.status,
      accepted: false,
      answer: error.body,
      retry: retryAdvice(error.status, error.body),
    };
  }
}

/**
 * Publishes, schedules or validates the same content to each place, one after another (one POST
 * /posts per place, so every REST rule applies per place), after the privacy question is settled.
 * Each place's key is derived from the caller's idempotency key, so a resent call replays each.
 */
export async function sendToPlaces(
  backend: ConnectorBackend,
  input: PostInput & { scheduledFor?: string | number | undefined; idempotencyKey?: string | undefined },
  dryRun: boolean,
): Promise<CallToolResult> {
  try {
    await requirePrivacyChoices(backend, input.places);
  } catch (error) {
    if (error instanceof ConnectorRefusal) return toolRefusal(error.status, error.body);
    throw error;
  }
  let allRefused = true;
  const outcomes: PlaceOutcome[] = [];
  const result = await answerOf(async () => {
    for (const place of input.places) {
      const key =
        input.idempotencyKey === undefined ? undefined : `${input.idempotencyKey}:${place.platform}`;
      const body = postBodyFor(input.content, place, input.scheduledFor);
      const outcome = await one(backend, place, body, { dryRun, idempotencyKey: dryRun ? undefined : key });
      if (outcome.accepted) allRefused = false;
      outcomes.push(outcome);
    }
    return { places: outcomes };
  });
  // Every place refused: the call as a whole is a tool error, with each place's REST error body.
  return allRefused && !result.isError ? { ...result, isError: true } : result;
}
