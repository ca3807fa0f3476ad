/** Public addresses (reference-server.md, Addresses). */
export interface ServerUrls {
  /** `{base_url}`: SOCIALPUB_PUBLIC_URL, or the listener's own address. */
  base: string;
  /** Origin of `{storage_host}`: SOCIALPUB_STORAGE_URL, or the base URL. */
  storage: string;
}
