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
    const wrapped = cachedSchema(schema);
    expect(cachedSchema(schema)).toBe(wrapped);
    const first = wrapped['~standard'].jsonSchema.input({ target: 'draft-2020-12' });
    const second = wrapped['~standard'].jsonSchema.input({ target: 'draft-2020-12' });
    expect(second).toBe(first);
    expect(conversions).toBe(1);
    expect(first).toMatchObject({ type: 'object', required: ['id'] });
    const bad = wrapped['~standard'].validate({ id: 'nope' }) as { issues?: unknown[] };
    expect(bad.issues?.length).toBeGreaterThan(0);
    const good = wrapped['~standard'].validate({ id: '11111111-1111-4111-8111-111111111111' }) as {
      issues?: unknown[];
    };
    expect(good.issues).toBeUndefined();
  });
});
