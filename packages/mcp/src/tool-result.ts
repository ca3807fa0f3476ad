import type { CallToolResult } from '@modelcontextprotocol/server';
import {
  describeRetry,
  isErrorCode,
  retryRuleFor,
  shouldRetryAutomatically,
  standardErrorBody,
} from '@socialpub/core';
import { ConnectorRefusal } from './backend.js';

/** A tool's answer: the REST body as structured content, and as text for apps that read only text. */
export function toolAnswer(body: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(body) }], structuredContent: body };
}

function codeOf(body: Record<string, unknown>): string | undefined {
  const error = body['error'];
  if (typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string') {
    return (error as { code: string }).code;
  }
  return typeof body['code'] === 'string' ? body['code'] : undefined;
}

/**
 * The retry advice of core's catalog ("When to send a request again") beside the REST error body,
 * so an AI app knows whether to wait and resend, fix the input, or stop.
 */
export function retryAdvice(status: number, body: Record<string, unknown>): Record<string, unknown> {
  const code = codeOf(body);
  const automatic = shouldRetryAutomatically({ status, code });
  const advice =
    code !== undefined && isErrorCode(code)
      ? describeRetry(retryRuleFor(code, status))
      : automatic
        ? 'A server failure with no code: safe to send again after a short wait.'
        : 'Read the message before sending again.';
  return { retry_automatically: automatic, advice };
}

/** A refusal as a tool error (`isError`) carrying the REST error body, its status and the retry advice. */
export function toolRefusal(status: number, body: Record<string, unknown>): CallToolResult {
  const carried = { ...body, http_status: status, retry: retryAdvice(status, body) };
  return { content: [{ type: 'text', text: JSON.stringify(carried) }], isError: true };
}

/** Runs a tool's work: refusals become tool errors; anything else unexpected a 500-shaped one. */
export async function answerOf(work: () => Promise<Record<string, unknown>>): Promise<CallToolResult> {
  try {
    return toolAnswer(await work());
  } catch (error) {
    if (error instanceof ConnectorRefusal) return toolRefusal(error.status, error.body);
    // The cause stays in the server's own log; the app gets the documented 500 advice only.
    return toolRefusal(500, {
      ...standardErrorBody(
        'server_error',
        'The tool failed unexpectedly; check history, then try again in a minute.',
      ),
    });
  }
}
