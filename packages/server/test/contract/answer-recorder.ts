import { afterAll, afterEach } from 'vitest';
import { getCurrentSuite } from 'vitest/suite';
import { checkAnswer, isUndocumented } from './openapi-answers.js';

// Every answer a test receives from the server is checked against the OpenAPI document; a test that
// produced an answer the document does not describe fails in its afterEach, listing each one.

type Fetch = (request: Request, ...rest: never[]) => Response | Promise<Response>;

interface Recorder {
  pending: Promise<void>[];
  disagreements: string[];
}

const recorder: Recorder = { pending: [], disagreements: [] };

/** Set SOCIALPUB_CONTRACT=off to run without the check (e.g. while bisecting another failure). */
const enabled = process.env['SOCIALPUB_CONTRACT'] !== 'off';

async function record(request: Request, response: Response): Promise<void> {
  const url = new URL(request.url);
  const body = await response.text().catch(() => '');
  const problems = checkAnswer({
    method: request.method,
    path: decodeURI(url.pathname),
    status: response.status,
    headers: response.headers,
    body,
  });
  recorder.disagreements.push(...problems);
}

/** Wraps an app's `fetch` so each answer is checked (the answer itself is passed on untouched). */
export function checkingAnswers<F extends Fetch>(fetch: F): F {
  if (!enabled) return fetch;
  const wrapped = async (request: Request, ...rest: never[]): Promise<Response> => {
    const response = await fetch(request, ...rest);
    if (isUndocumented(new URL(request.url).pathname)) return response;
    // Read from a copy; the test (or the socket) reads the original.
    recorder.pending.push(record(request, response.clone()));
    return response;
  };
  return wrapped as F;
}

/** The answers received since the last call that the document does not describe, then forgets them. */
export async function takeDisagreements(): Promise<string[]> {
  while (recorder.pending.length > 0) {
    const batch = recorder.pending.splice(0);
    await Promise.all(batch);
  }
  return recorder.disagreements.splice(0);
}

async function failOnDisagreements(): Promise<void> {
  const found = await takeDisagreements();
  if (found.length === 0) return;
  const unique = [...new Set(found)];
  throw new Error(
    `The server gave ${found.length} answer(s) the OpenAPI document does not describe:\n- ${unique.join('\n- ')}`,
  );
}

/** The test files (their tasks) the check is registered for. */
const checkedFiles = new WeakSet<object>();

/**
 * Registers the check for the test file being collected, once per file. The server project shares
 * one module cache between files, so this module is evaluated once per worker: its setup file calls
 * this for every file, and the helpers' own call (for projects that isolate files) adds nothing.
 */
export function installContractCheck(): void {
  if (!enabled) return;
  // The collector is one object reused for every file; its `file` is the file's own task.
  const { file } = getCurrentSuite();
  if (checkedFiles.has(file)) return;
  checkedFiles.add(file);
  afterEach(failOnDisagreements);
  afterAll(failOnDisagreements);
}

/** True when the check is registered for `file` (a test file's task). */
export function isContractChecked(file: object): boolean {
  return checkedFiles.has(file);
}
