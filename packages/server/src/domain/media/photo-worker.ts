import { type ChildProcess, fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * sharp (libvips) in a child process of its own (assets/photo-worker/photo-worker.mjs): the native
 * memory libvips keeps after converting large photos leaves with the process. It starts on the
 * first photo, takes one job at a time and ends after `IDLE_EXIT_MS` without work.
 */
const PHOTO_WORKER_IDLE_EXIT_MS = 5_000;

// Runs from src/domain/media (tests, tsx) or from the bundled dist/ file: both depths are tried.
const CANDIDATES = ['../../../assets/photo-worker/', '../assets/photo-worker/', '../../assets/photo-worker/'];

function workerScript(): string {
  for (const root of CANDIDATES) {
    const file = fileURLToPath(new URL(`${root}photo-worker.mjs`, import.meta.url));
    if (existsSync(file)) return file;
  }
  throw new Error(`The photo worker is missing (looked under ${CANDIDATES.join(', ')}).`);
}

export interface PhotoMetadata {
  width: number;
  height: number;
  progressive: boolean;
}

export interface JpegCopy {
  bytes: Buffer;
  width: number;
  height: number;
}

/** libvips could not read the photo. */
class UnreadablePhotoError extends Error {
  constructor() {
    super('The photo could not be read.');
    this.name = 'UnreadablePhotoError';
  }
}

type Job =
  | { op: 'metadata'; bytes: Uint8Array }
  | { op: 'jpeg'; bytes: Uint8Array; resize: { width: number; height: number } | null; quality: number };

interface Answer {
  id: number;
  ok: boolean;
  width?: number;
  height?: number;
  progressive?: boolean;
  bytes?: Uint8Array | { type: 'Buffer'; data: number[] };
}

export class PhotoWorker {
  #child: ChildProcess | null = null;
  #nextId = 1;
  #idleTimer: NodeJS.Timeout | null = null;
  /** One job at a time: the worker holds one photo's buffers, never a queue's. */
  #queue: Promise<unknown> = Promise.resolve();
  readonly #waiting = new Map<
    number,
    { child: ChildProcess; resolve: (answer: Answer) => void; reject: (error: Error) => void }
  >();

  constructor(private readonly idleExitMs = PHOTO_WORKER_IDLE_EXIT_MS) {}

  run(job: Job): Promise<Answer> {
    const next = this.#queue.then(() => this.#send(job));
    this.#queue = next.catch(() => undefined);
    return next;
  }

  #send(job: Job): Promise<Answer> {
    const child = this.#start();
    if (this.#idleTimer) clearTimeout(this.#idleTimer);
    const id = this.#nextId++;
    return new Promise<Answer>((resolve, reject) => {
      this.#waiting.set(id, { child, resolve, reject });
      child.send({ id, ...job, bytes: Buffer.from(job.bytes) });
    }).finally(() => this.#idleLater());
  }

  #start(): ChildProcess {
    if (this.#child?.connected) return this.#child;
    const child = fork(workerScript(), [], {
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      execArgv: [],
    });
    child.on('message', (answer: Answer) => {
      const waiting = this.#waiting.get(answer.id);
      this.#waiting.delete(answer.id);
      waiting?.resolve(answer);
    });
    child.on('exit', () => {
      if (this.#child === child) this.#child = null;
      // Only this process's jobs: an idle worker may exit after the next photo started a new one.
      for (const [id, waiting] of this.#waiting) {
        if (waiting.child !== child) continue;
        this.#waiting.delete(id);
        waiting.reject(new Error('The photo worker stopped before answering.'));
      }
    });
    // The worker must never keep the server's process alive on its own.
    child.unref();
    child.channel?.unref();
    this.#child = child;
    return child;
  }

  #idleLater(): void {
    if (this.#idleTimer) clearTimeout(this.#idleTimer);
    this.#idleTimer = setTimeout(() => this.stop(), this.idleExitMs);
    this.#idleTimer.unref();
  }

  /** Ends the worker (idle, or the server closing); the next photo starts a new one. */
  stop(): void {
    if (this.#idleTimer) clearTimeout(this.#idleTimer);
    this.#idleTimer = null;
    const child = this.#child;
    this.#child = null;
    if (child?.connected) child.disconnect();
  }

  /** The worker's process id while it runs (the memory benchmark measures it too). */
  get pid(): number | null {
    return this.#child?.pid ?? null;
  }

  /** The worker's process while it runs (tests wait for its exit). */
  get process(): ChildProcess | null {
    return this.#child;
  }
}

const worker = new PhotoWorker();

function bytesOf(answer: Answer): Buffer {
  const bytes = answer.bytes;
  if (bytes === undefined) return Buffer.alloc(0);
  return Buffer.isBuffer(bytes) || bytes instanceof Uint8Array
    ? Buffer.from(bytes)
    : Buffer.from((bytes as { data: number[] }).data);
}

export async function photoMetadata(bytes: Uint8Array, on: PhotoWorker = worker): Promise<PhotoMetadata> {
  const answer = await on.run({ op: 'metadata', bytes });
  if (!answer.ok) throw new UnreadablePhotoError();
  return { width: answer.width ?? 0, height: answer.height ?? 0, progressive: answer.progressive === true };
}

export async function jpegCopy(
  bytes: Uint8Array,
  resize: { width: number; height: number } | null,
  quality: number,
  on: PhotoWorker = worker,
): Promise<JpegCopy> {
  const answer = await on.run({ op: 'jpeg', bytes, resize, quality });
  if (!answer.ok) throw new UnreadablePhotoError();
  return { bytes: bytesOf(answer), width: answer.width ?? 0, height: answer.height ?? 0 };
}
