import { createRequire } from 'node:module';
import type * as Yaml from 'yaml';

const require = createRequire(import.meta.url);

/**
 * YAML of the document. Shared objects are written out in full rather than as anchors and aliases,
 * which several OpenAPI tools do not follow; long descriptions are not folded. The YAML library is
 * loaded on the first request for the document, so server start-up does not pay for it.
 */
export function toYaml(document: object): string {
  const { stringify } = require('yaml') as typeof Yaml;
  return stringify(document, { aliasDuplicateObjects: false, lineWidth: 0 });
}
