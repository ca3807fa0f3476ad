/**
 * The three error body shapes of the API document ("Errors", Shapes):
 * - `standard`: posts, reads and most endpoints, `{error: {code, message, ...}}`
 * - `media_import`: POST/GET /media, `{error: 'message', code?, ...}`
 * - `upload_link`: /media/uploads..., `{error: {code, message, next_step, retry, ...}}`
 */
export type ErrorFamily = 'standard' | 'media_import' | 'upload_link';
