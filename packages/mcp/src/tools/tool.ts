import type { CallToolResult, ToolAnnotations } from '@modelcontextprotocol/server';
import type * as z from 'zod';
import type { ConnectorBackend } from '../backend.js';

/** One connector tool: what an AI model reads (name, description, schemas, hints) and its work. */
export interface ConnectorTool<Input extends z.ZodObject = z.ZodObject> {
  name: string;
  title: string;
  description: string;
  inputSchema: Input;
  outputSchema?: z.ZodObject;
  annotations: ToolAnnotations;
  run(backend: ConnectorBackend, input: z.infer<Input>): Promise<CallToolResult>;
}

/** Keeps each tool file's input type tied to its schema while the registry holds them alike. */
export function defineTool<Input extends z.ZodObject>(tool: ConnectorTool<Input>): ConnectorTool {
  return tool as unknown as ConnectorTool;
}

/** Reads never change anything (API document, AI-app connector: the read group). */
export const READ_HINTS: ToolAnnotations = { readOnlyHint: true, openWorldHint: false };
/** Changes that add something (publish, schedule, import). */
export const CHANGE_HINTS: ToolAnnotations = {
  readOnlyHint: false,
  destructiveHint: false,
  openWorldHint: true,
};
