import type { Platform } from '@socialpub/core';
import type { NetworkConnection, OptionsRowContent, OptionsRowParams } from './network-driver.js';
import { hasOptionsRow, reconnectRefusal } from './network-facts.js';

/** `error_code` of an `unavailable` row when `simulate.options_error` names none. */
export const DEFAULT_OPTIONS_ERROR_CODE = 'platform_error';

type SkoolGroup = { id: string; slug: string; name: string; labels?: unknown };

function isSkoolGroup(value: unknown): value is SkoolGroup {
  if (typeof value !== 'object' || value === null) return false;
  const group = value as Record<string, unknown>;
  return (
    typeof group['id'] === 'string' && typeof group['slug'] === 'string' && typeof group['name'] === 'string'
  );
}

/**
 * skool: the groups, and the labels of one group, the one `skool_group_slug` names or the only one
 * ("Network options row"; GET /accounts/{id}/options). Stored options may keep labels on each group
 * or, for a single group, beside `groups`.
 */
function skoolOptions(
  stored: Record<string, unknown>,
  slug: string | undefined,
): { options: Record<string, unknown>; note: string | null } {
  const rawGroups = Array.isArray(stored['groups']) ? stored['groups'] : [];
  const groups = rawGroups.filter(isSkoolGroup);
  const listed = groups.map(({ id, slug: groupSlug, name }) => ({ id, slug: groupSlug, name }));
  const { groups: _groups, labels: topLabels, ...rest } = stored;
  const chosen =
    slug === undefined ? (groups.length === 1 ? groups[0] : undefined) : groups.find((g) => g.slug === slug);
  if (chosen === undefined) {
    const note =
      slug === undefined
        ? groups.length === 0
          ? 'No skool group is available to this profile.'
          : 'Send skool_group_slug to see the labels of one group.'
        : `No skool group with slug "${slug}" on this profile.`;
    return { options: { ...rest, groups: listed, group_slug: slug ?? null, labels: [] }, note };
  }
  const labels = Array.isArray(chosen.labels)
    ? chosen.labels
    : groups.length === 1 && Array.isArray(topLabels)
      ? topLabels
      : [];
  return { options: { ...rest, groups: listed, group_slug: chosen.slug, labels }, note: null };
}

/**
 * The options row of one network of a profile. Order of the statuses: not connected, then the
 * sign-in, then networks without options, then a simulated outage, then the stored options.
 */
export function optionsRow(
  platform: Platform,
  connection: NetworkConnection | null,
  params: OptionsRowParams,
): OptionsRowContent {
  const checkedAt = params.now.toISOString();
  const row = (
    status: OptionsRowContent['status'],
    options: Record<string, unknown>,
    note: string | null,
    errorCode: string | null,
  ): OptionsRowContent => ({ platform, status, options, note, checked_at: checkedAt, error_code: errorCode });

  if (connection === null || (connection.status !== undefined && connection.status !== 'connected')) {
    return {
      ...row('not_connected', {}, `${platform} is not connected to this profile.`, null),
      checked_at: null,
    };
  }
  if (connection.health === 'reconnect_required') {
    return row(
      'reconnect_required',
      {},
      `Reconnect ${platform} in the dashboard before posting.`,
      reconnectRefusal(platform).code,
    );
  }
  if (!hasOptionsRow(platform))
    return row('no_options', {}, `${platform} has no posting options to choose.`, null);
  const outage = connection.simulate.options_error;
  if (outage !== undefined) {
    const detail = outage === true ? {} : outage;
    return row(
      'unavailable',
      {},
      detail.message ?? `${platform} did not answer; try again in a few minutes.`,
      detail.code ?? DEFAULT_OPTIONS_ERROR_CODE,
    );
  }
  if (platform === 'skool') {
    const { options, note } = skoolOptions(connection.options, params.skoolGroupSlug);
    return row('ok', options, note, null);
  }
  return row('ok', { ...connection.options }, null, null);
}
