import { adminDocumentOptions } from '../admin/admin-document.js';
import { type BuildOpenApiOptions, buildOpenApiDocument } from '../openapi/build-document.js';
import { toYaml } from '../openapi/to-yaml.js';

// The served documents' text, in one module the routes import at the first document request: the
// code that builds them and the operations tables they read stay out of the server's start.

export function documentYaml(options: BuildOpenApiOptions): string {
  return toYaml(buildOpenApiDocument(options));
}

export function adminDocumentYaml(serverUrl: () => string): string {
  return documentYaml(adminDocumentOptions(serverUrl));
}
