import { PLATFORMS, TIKTOK_PRIVACY_LEVELS, YOUTUBE_PRIVACY_STATUSES } from '@socialpub/core';
import { CsrfField } from '../session/index.js';
import { SelectField, TextAreaField, TextField } from './form-fields.js';

/** What the composer's form holds, as typed (kept when the post is refused). */
export interface ComposeValues {
  profile_id: string;
  networks: string[];
  text: string;
  media: string[];
  when: 'now' | 'later';
  at_local: string;
  /** The zone the form was shown in: the typed date and time are read in it. */
  time_zone: string;
  tiktok_privacy: string;
  youtube_privacy: string;
  youtube_title: string;
  pinterest_board: string;
  skool_group: string;
  skool_title: string;
  skool_label: string;
}

/** Choices offered from the chosen profile's connections (their posting options). */
export interface ComposeChoices {
  profiles: Array<{ id: string; name: string }>;
  connected: string[];
  tiktokPrivacy: string[];
  boards: Array<{ id: string; name: string }>;
  groups: Array<{ id: string; name: string }>;
  library: Array<{ id: string; name: string; kind: string }>;
}

const option = (value: string, label = value) => ({ value, label });

/** The composer: text, profile and networks, library files, network options, now or a time. */
export function ComposeForm(props: {
  values: ComposeValues;
  choices: ComposeChoices;
  csrfToken: string;
  timeZone: string;
}) {
  const { values, choices } = props;
  return (
    <form method="post" action="/dashboard/compose" class="card">
      <CsrfField token={props.csrfToken} />
      <SelectField
        name="profile_id"
        label="Profile"
        options={choices.profiles.map((p) => option(p.id, p.name))}
        value={values.profile_id}
      />
      <fieldset>
        <legend>Networks</legend>
        {PLATFORMS.map((platform) => (
          <div class="field checkbox">
            <input
              type="checkbox"
              id={`network-${platform}`}
              name="networks"
              value={platform}
              checked={values.networks.includes(platform)}
            />
            <label for={`network-${platform}`}>
              {platform}
              {choices.connected.includes(platform) ? '' : ' (not connected to this profile)'}
            </label>
          </div>
        ))}
      </fieldset>
      <TextAreaField name="text" label="Text" value={values.text} rows={5} />
      <div class="field">
        <label for="field-media">Files from the media library</label>
        <p class="hint" id="media-hint">
          Pick none, one or several (Ctrl or Cmd to pick more). To add a file, use the{' '}
          <a href="/dashboard/media">Media library</a> page first.
        </p>
        <select id="field-media" name="media" multiple aria-describedby="media-hint">
          {choices.library.map((file) => (
            <option value={file.id} selected={values.media.includes(file.id)}>
              {file.name} ({file.kind})
            </option>
          ))}
        </select>
      </div>
      <fieldset>
        <legend>Network options</legend>
        <SelectField
          name="tiktok_privacy"
          label="TikTok privacy level"
          options={[
            option('', 'Not set'),
            ...(choices.tiktokPrivacy.length > 0 ? choices.tiktokPrivacy : [...TIKTOK_PRIVACY_LEVELS]).map(
              (v) => option(v),
            ),
          ]}
          value={values.tiktok_privacy}
        />
        <SelectField
          name="youtube_privacy"
          label="YouTube privacy"
          options={[option('', 'Not set'), ...YOUTUBE_PRIVACY_STATUSES.map((v) => option(v))]}
          value={values.youtube_privacy}
        />
        <TextField name="youtube_title" label="YouTube title" value={values.youtube_title} />
        <SelectField
          name="pinterest_board"
          label="Pinterest board"
          options={[option('', 'Not set'), ...choices.boards.map((b) => option(b.id, b.name))]}
          value={values.pinterest_board}
        />
        <SelectField
          name="skool_group"
          label="Skool group"
          options={[option('', 'Not set'), ...choices.groups.map((g) => option(g.id, g.name))]}
          value={values.skool_group}
        />
        <TextField name="skool_title" label="Skool title" value={values.skool_title} />
        <TextField name="skool_label" label="Skool label" value={values.skool_label} />
      </fieldset>
      <fieldset>
        <legend>When</legend>
        <div class="field checkbox">
          <input type="radio" id="when-now" name="when" value="now" checked={values.when === 'now'} />
          <label for="when-now">Now</label>
        </div>
        <div class="field checkbox">
          <input type="radio" id="when-later" name="when" value="later" checked={values.when === 'later'} />
          <label for="when-later">At a date and time</label>
        </div>
        <TextField
          name="at_local"
          label="Date and time"
          type="datetime-local"
          value={values.at_local}
          hint={`In ${props.timeZone}; the API is sent the same instant in UTC.`}
        />
        <input type="hidden" name="time_zone" value={props.timeZone} />
      </fieldset>
      <p class="actions">
        <button type="submit" name="action" value="check" class="secondary">
          Check
        </button>
        <button type="submit" name="action" value="send">
          Publish or schedule
        </button>
      </p>
    </form>
  );
}
