import { LIMITS } from '@socialpub/core';
import * as z from 'zod';
import { IdempotencyKeySchema, PostInputSchema } from '../post-input.js';
import { answerOf } from '../tool-result.js';
import { withoutAddresses } from './media-view.js';
import { sendToPlaces } from './place-outcomes.js';
import { CHANGE_HINTS, defineTool, READ_HINTS } from './tool.js';

/** The older, smaller tool set of an app that sends an API key (AI-app connector, last paragraph). */
export const serverInfoTool = defineTool({
  name: 'server_info',
  title: 'About this service',
  description:
    'Names the service and its version, and the profiles of the account this API key belongs to with their connected networks.',
  inputSchema: z.object({}),
  annotations: READ_HINTS,
  run: (backend) =>
    answerOf(async () => {
      const info = backend.serverInfo ? await backend.serverInfo() : { name: 'socialpub' };
      return { ...info, profiles: (await backend.listAccounts()).data };
    }),
});

export const createPostTool = defineTool({
  name: 'create_post',
  title: 'Create a post',
  description:
    'Publishes the same content to up to ten places (a profile and one network each), or schedules it when scheduledFor is given (more than 60 seconds ahead, with a time zone). Each place answers its own outcome or the REST error code. TikTok needs tiktok.privacyLevel and YouTube youtube.privacyStatus: ask the user.',
  inputSchema: PostInputSchema.extend({
    scheduledFor: z
      .union([z.string(), z.number()])
      .optional()
      .describe('ISO 8601 with a zone, or Unix seconds; left out: now.'),
    idempotencyKey: IdempotencyKeySchema,
  }),
  annotations: CHANGE_HINTS,
  run: (backend, input) => sendToPlaces(backend, input, false),
});

export const importMediaTool = defineTool({
  name: 'import_media',
  title: 'Import media from a URL',
  description:
    'Imports an image or video from a public http(s) URL of the file into the media library and answers its file_id (ready, or processing). Post it with content.mediaID.',
  inputSchema: z.object({
    url: z
      .url({ protocol: /^https?$/ })
      .max(LIMITS.connector.urlMaxLength)
      .describe('The file’s own public http(s) URL.'),
    idempotencyKey: IdempotencyKeySchema,
  }),
  annotations: CHANGE_HINTS,
  run: (backend, input) =>
    answerOf(async () => withoutAddresses((await backend.importMedia(input.url, input)).body)),
});
