/** Where the admin API's OpenAPI document is served, beside the public `/openapi.yaml`. */
export const ADMIN_OPENAPI_PATH = '/admin/openapi.yaml';
