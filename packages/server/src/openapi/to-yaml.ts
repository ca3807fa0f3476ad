import { stringify } from 'yaml';

/**
 * YAML of the document. Shared objects are written out in full rather than as anchors and aliases,
 * which several OpenAPI tools do not follow; long descriptions are not folded.
 */
export function toYaml(document: object): string {
  return stringify(document, { aliasDuplicateObjects: false, lineWidth: 0 });
}
