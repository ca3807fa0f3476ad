import type { Platform } from '@socialpub/core';

/** One field of a network's options block in the composer: the form's name and the API's option. */
export interface OptionField {
  /** The form field's name (unique across networks). */
  name: string;
  /** The option in the network's block of `POST /posts` (`post.<platform>.<option>`). */
  option: string;
  label: string;
  /** Which choices a select offers: from the connection's options row, or fixed by the API. */
  choices?: 'tiktok_privacy' | 'youtube_privacy' | 'pinterest_boards' | 'skool_groups';
}

/**
 * The options the composer offers per network: the one table the form, the API body and the
 * script's counts read (the script reads each field's `data-option`). Networks not listed take none.
 */
export const NETWORK_OPTION_FIELDS: Partial<Record<Platform, readonly OptionField[]>> = {
  tiktok: [
    { name: 'tiktok_privacy', option: 'privacyLevel', label: 'Privacy level', choices: 'tiktok_privacy' },
  ],
  youtube: [
    { name: 'youtube_privacy', option: 'privacyStatus', label: 'Privacy', choices: 'youtube_privacy' },
    { name: 'youtube_title', option: 'title', label: 'Title' },
  ],
  pinterest: [{ name: 'pinterest_board', option: 'boardId', label: 'Board', choices: 'pinterest_boards' }],
  skool: [
    { name: 'skool_group', option: 'group', label: 'Group', choices: 'skool_groups' },
    { name: 'skool_title', option: 'title', label: 'Title' },
    { name: 'skool_label', option: 'label', label: 'Label (category)' },
  ],
};

/** Every option field's form name, for reading a posted form. */
export const OPTION_FIELD_NAMES: readonly string[] = Object.values(NETWORK_OPTION_FIELDS).flatMap((fields) =>
  (fields ?? []).map((field) => field.name),
);

/** The network's block of the API body from the form's values, only with what was filled in. */
export function networkBlock(
  platform: Platform,
  values: Readonly<Record<string, string>>,
): Record<string, unknown> {
  const block: Record<string, string> = {};
  for (const field of NETWORK_OPTION_FIELDS[platform] ?? []) {
    const value = values[field.name] ?? '';
    if (value !== '') block[field.option] = value;
  }
  return Object.keys(block).length > 0 ? { [platform]: block } : {};
}
