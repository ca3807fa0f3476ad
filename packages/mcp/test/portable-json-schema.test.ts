import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { portableJsonSchema } from '../src/portable-json-schema.js';

const json = (schema: z.ZodType, role: 'input' | 'output') =>
  portableJsonSchema(z.toJSONSchema(schema, { io: 'input' }) as Record<string, unknown>, role);

describe('portableJsonSchema', () => {
  it('keeps the formats strict providers take and leaves out the others (uri)', () => {
    const schema = z.object({ id: z.uuid(), at: z.iso.datetime({ offset: true }), url: z.url() });
    const properties = json(schema, 'input')['properties'] as Record<string, Record<string, unknown>>;
    expect(properties['id']).toEqual({ type: 'string', format: 'uuid' });
    expect(properties['at']).toEqual({ type: 'string', format: 'date-time' });
    expect(properties['url']).toEqual({ type: 'string' });
  });

  it('closes every object of the arguments, an argument-less tool as an empty closed object', () => {
    expect(json(z.object({}), 'input')).toEqual({
      type: 'object',
      properties: {},
      additionalProperties: false,
    });
    const nested = json(z.looseObject({ block: z.looseObject({ a: z.string() }).optional() }), 'input');
    expect(nested).toMatchObject({
      additionalProperties: false,
      properties: { block: { additionalProperties: false, properties: { a: { type: 'string' } } } },
    });
  });

  it('leaves an answer open and a record of the arguments open (closing it would leave no key)', () => {
    expect(json(z.looseObject({ a: z.string() }), 'output')).toEqual({
      type: 'object',
      properties: { a: { type: 'string' } },
      required: ['a'],
    });
    expect(json(z.object({ r: z.record(z.string(), z.number()) }), 'input')).toMatchObject({
      properties: { r: { type: 'object', additionalProperties: { type: 'number' } } },
    });
  });

  it('writes a list of types as anyOf branches, each with its own keywords', () => {
    const schema = z.object({
      cursor: z.string().max(5).nullable().describe('Next.'),
      when: z.union([z.string().min(1), z.number().int().min(0)]),
    });
    const properties = json(schema, 'output')['properties'] as Record<string, unknown>;
    expect(properties['cursor']).toEqual({
      description: 'Next.',
      anyOf: [{ type: 'string', maxLength: 5 }, { type: 'null' }],
    });
    expect(JSON.stringify(properties['when'])).not.toContain('"type":[');
  });
});
