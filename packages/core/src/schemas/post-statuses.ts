// The status and outcome values of post records, apart from their schemas: the state machines and
// the server's rules read them without building the record schemas.

export const POST_STATUSES = ['success', 'failed', 'processing', 'timeout'] as const;

export const SCHEDULED_POST_STATUSES = [
  'scheduled',
  'processing',
  'published',
  'failed',
  'cancelled',
] as const;

export const SCHEDULED_POST_OUTCOMES = [
  'waiting',
  'sending',
  'success',
  'failed',
  'partly_failed',
  'unconfirmed',
  'cancelled',
] as const;
