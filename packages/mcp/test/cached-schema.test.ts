import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cachedSchema } from '../src/cached-schema.js';

describe('cachedSchema', () => {
  it('converts a schema to JSON Schema once and keeps zod’s validation', () => {
    const schema = z.object({ id: z.uuid() });
    let conversions = 0;
    const jsonSchema = schema['~standard'].jsonSchema as { input: (options: { target: string }) => unknown };
    const original = jsonSchema.input;
    // Counts the conversions zod is asked for (the property is read-only in its types, not at run time).
    jsonSchema.input = (options) => {
      conversions++;
      return original(options);
    };
    const wrapped = cachedSchema(schema, 'input');
    expect(cachedSchema(schema, 'input')).toBe(wrapped);
    const first = wrapped['~standard'].jsonSchema.input({ target: 'draft-2020-12' });
    const second = wrapped['~standard'].jsonSchema.input({ target: 'draft-2020-12' });
    expect(second).toBe(first);
    expect(conversions).toBe(1);
    expect(first).toMatchObject({ type: 'object', required: ['id'], additionalProperties: false });
    const bad = wrapped['~standard'].validate({ id: 'nope' }) as { issues?: unknown[] };
    expect(bad.issues?.length).toBeGreaterThan(0);
    const good = wrapped['~standard'].validate({ id: '11111111-1111-4111-8111-111111111111' }) as {
      issues?: unknown[];
    };
    expect(good.issues).toBeUndefined();
  });

  it('reads null as "not given" in the arguments of an optional property, and nowhere else', () => {
    const schema = z.object({
      id: z.uuid(),
      note: z.string().optional(),
      place: z.object({ when: z.string().optional(), tag: z.string().nullable().optional() }).optional(),
      list: z.array(z.object({ size: z.number().optional() })).optional(),
    });
    const input = cachedSchema(schema, 'input')['~standard'];
    const id = '11111111-1111-4111-8111-111111111111';
    const strict = input.validate({
      id,
      note: null,
      place: { when: null, tag: null },
      list: [{ size: null }, { size: 2 }],
    }) as { value?: unknown; issues?: unknown[] };
    expect(strict.issues).toBeUndefined();
    // `tag` takes null itself, so its null is a value, not an absence.
    expect(strict.value).toEqual({ id, place: { tag: null }, list: [{}, { size: 2 }] });
    const requiredNull = input.validate({ id: null }) as { issues?: Array<{ path?: unknown[] }> };
    expect(requiredNull.issues?.[0]?.path).toEqual(['id']);
    // An answer keeps its nulls: the output side checks what was sent.
    const output = cachedSchema(z.object({ next: z.string().optional() }), 'output')['~standard'];
    expect((output.validate({ next: null }) as { issues?: unknown[] }).issues?.length).toBe(1);
  });
});
