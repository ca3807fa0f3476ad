import * as z from 'zod';

/** The nine networks, as the exact enumerated values of the API ("Supported networks and post types"). */
export const PLATFORMS = [
  'tiktok',
  'instagram',
  'facebook',
  'youtube',
  'x',
  'linkedin',
  'pinterest',
  'threads',
  'skool',
] as const;

export const PlatformSchema = z.enum(PLATFORMS);
export type Platform = z.infer<typeof PlatformSchema>;

export function isPlatform(value: unknown): value is Platform {
  return typeof value === 'string' && (PLATFORMS as readonly string[]).includes(value);
}
