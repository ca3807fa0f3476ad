import type { Platform } from '@socialpub/core';
import { CsrfField } from '../session/index.js';
import { NETWORK_OPTION_FIELDS, type OptionField } from './compose-options.js';
import { TextAreaField, TextField } from './form-fields.js';

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
  /** The networks' option fields by form name (`tiktok_privacy`, `youtube_title`, ...). */
  options: Record<string, string>;
}

/** A library file the composer offers, with its thumbnail when it is an image. */
export interface LibraryChoice {
  id: string;
  name: string;
  kind: string;
  src: string | null;
}

/** Choices offered from the chosen profile's connections (their posting options) and library. */
export interface ComposeChoices {
  profiles: Array<{ id: string; name: string }>;
  connected: Array<{ platform: Platform; username: string | null }>;
  notConnected: Platform[];
  selects: Record<NonNullable<OptionField['choices']>, Array<{ value: string; label: string }>>;
  library: LibraryChoice[];
}

/** The options of one network: the script hides them while it is not picked; without it, all show. */
function NetworkOptions(props: { platform: Platform; values: ComposeValues; choices: ComposeChoices }) {
  const fields = NETWORK_OPTION_FIELDS[props.platform];
  if (!fields) return null;
  return (
    <fieldset data-for-network={props.platform}>
      <legend>
        <span class="network-name">{props.platform}</span> options
      </legend>
      {fields.map((field) => {
        const value = props.values.options[field.name] ?? '';
        const id = `field-${field.name}`;
        return (
          <div class="field">
            <label for={id}>{field.label}</label>
            {field.choices ? (
              <select id={id} name={field.name} data-option={field.option}>
                <option value="">Not set</option>
                {props.choices.selects[field.choices].map((choice) => (
                  <option value={choice.value} selected={choice.value === value}>
                    {choice.label}
                  </option>
                ))}
              </select>
            ) : (
              <input id={id} name={field.name} type="text" value={value} data-option={field.option} />
            )}
          </div>
        );
      })}
    </fieldset>
  );
}

/** Library files as thumbnails with a checkbox each (several may be picked). */
function MediaPicker(props: { library: LibraryChoice[]; picked: string[] }) {
  return (
    <fieldset>
      <legend>Files from the media library</legend>
      {props.library.length === 0 ? (
        <p class="hint">
          The library is empty. Add a file on the <a href="/dashboard/media">Media library</a> page first.
        </p>
      ) : (
        <ul class="pick-grid">
          {props.library.map((file) => (
            <li>
              <input
                type="checkbox"
                id={`media-${file.id}`}
                name="media"
                value={file.id}
                checked={props.picked.includes(file.id)}
              />
              <label for={`media-${file.id}`}>
                {file.src ? (
                  <img src={file.src} alt="" loading="lazy" />
                ) : (
                  <span class="thumb-box" aria-hidden="true">
                    {file.kind}
                  </span>
                )}
                <span class="thumb-label">{file.name}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}

/**
 * The composer: networks of the chosen profile that are connected (each with its options),
 * text, library files picked from thumbnails, now or a time in the person's zone. The script
 * (`composer.js`) hides the options of networks not picked and counts as the person types; every
 * part works without it.
 */
export function ComposeForm(props: {
  values: ComposeValues;
  choices: ComposeChoices;
  csrfToken: string;
  timeZone: string;
}) {
  const { values, choices } = props;
  return (
    <form method="post" action="/dashboard/compose" class="card" id="composer" data-composer novalidate>
      <CsrfField token={props.csrfToken} />
      <input type="hidden" name="profile_id" value={values.profile_id} />
      <input type="hidden" name="time_zone" value={props.timeZone} />
      <fieldset>
        <legend>Networks</legend>
        {choices.connected.length === 0 ? (
          <p>
            No network is connected to this profile yet.{' '}
            <a href="/dashboard/profiles">Connect one on Profiles</a>.
          </p>
        ) : (
          choices.connected.map(({ platform, username }) => (
            <div class="field checkbox">
              <input
                type="checkbox"
                id={`network-${platform}`}
                name="networks"
                value={platform}
                checked={values.networks.includes(platform)}
              />
              <label for={`network-${platform}`}>{platform}</label>
              {username ? <span class="muted">@{username}</span> : null}
            </div>
          ))
        )}
        {choices.notConnected.length > 0 ? (
          <p class="hint">
            Not connected to this profile: {choices.notConnected.join(', ')}.{' '}
            <a href="/dashboard/profiles">Connect a network</a>
          </p>
        ) : null}
      </fieldset>
      <TextAreaField name="text" label="Text" value={values.text} rows={6} />
      <MediaPicker library={choices.library} picked={values.media} />
      {choices.connected.map(({ platform }) => (
        <NetworkOptions platform={platform} values={values} choices={choices} />
      ))}
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
      </fieldset>
      <p class="actions">
        <button type="submit" name="action" value="check" class="secondary">
          Check and preview
        </button>
        <button type="submit" name="action" value="send">
          Publish or schedule
        </button>
      </p>
    </form>
  );
}
