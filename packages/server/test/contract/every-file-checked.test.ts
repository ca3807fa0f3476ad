import { describe, expect, it } from 'vitest';
import { isContractChecked } from './answer-recorder.js';

// This file imports no helper: only the project's setup file can have registered the check. The
// files share one module cache, so a registration remembered per module would cover the first
// file of each worker only.
describe('the OpenAPI answer check', () => {
  it('is registered for this file', ({ task }) => {
    expect(isContractChecked(task.file)).toBe(true);
  });
});
