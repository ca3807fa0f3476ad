import * as z from 'zod';
import type { StateMachine } from './state-machine.js';

/** States and transitions, Media: the states of a URL import. */
export const MEDIA_IMPORT_STATES = ['processing', 'ready', 'failed'] as const;
export const MediaImportStateSchema = z.enum(MEDIA_IMPORT_STATES);
export type MediaImportState = z.infer<typeof MediaImportStateSchema>;

export const MEDIA_IMPORT_TRIGGERS = ['import_requested', 'background_import'] as const;
export type MediaImportTrigger = (typeof MEDIA_IMPORT_TRIGGERS)[number];

export type MediaImportCondition = 'finished_in_time' | 'continues_in_background' | 'completes' | 'fails';

/** The URL-import rows of the Media table, in the document's order. */
export const MEDIA_IMPORT_MACHINE: StateMachine<MediaImportState, MediaImportTrigger, MediaImportCondition> =
  {
    name: 'media_import',
    states: MEDIA_IMPORT_STATES,
    triggers: MEDIA_IMPORT_TRIGGERS,
    transitions: [
      // POST /media: "import finishes within about 22 seconds".
      {
        from: null,
        trigger: 'import_requested',
        condition: 'finished_in_time',
        to: 'ready',
        answer: { status: 200 },
      },
      {
        from: null,
        trigger: 'import_requested',
        condition: 'continues_in_background',
        to: 'processing',
        answer: { status: 202 },
      },
      { from: 'processing', trigger: 'background_import', condition: 'completes', to: 'ready' },
      // `error` holds the reason; the caller starts again.
      { from: 'processing', trigger: 'background_import', condition: 'fails', to: 'failed' },
    ],
  };
