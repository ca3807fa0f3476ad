/**
 * The composer's script, bundled at build time with core's counting (twitter-text included) into
 * `dist/browser/composer.js` and served from our own origin (`composer-script.ts`). It runs on the
 * New post page only, as progressive enhancement: the options and preview of a network show only
 * while it is picked, every count is recomputed by core's own `countPostText` as the person types,
 * and after a pause the cards are asked for again (`action=preview`: the server draws them, nothing
 * is checked or sent). Without it every part of the form still works.
 */
import {
  countPostText,
  type FieldCount,
  isPlatform,
  type Platform,
  prepareTextCounting,
} from '@socialpub/core';
import { countLine } from '../components/count-line.js';

const REFRESH_AFTER_MS = 400;

const form = document.querySelector<HTMLFormElement>('form[data-composer]');
if (form) enhance(form);

function picked(form: HTMLFormElement): Platform[] {
  return [...form.querySelectorAll<HTMLInputElement>('input[name=networks]:checked')]
    .map((box) => box.value)
    .filter(isPlatform);
}

/** The network's options as the API body names them, from the fields marked `data-option`. */
function optionsOf(form: HTMLFormElement, platform: Platform): Record<string, unknown> {
  const options: Record<string, unknown> = {};
  const fields = form.querySelectorAll<HTMLInputElement | HTMLSelectElement>(
    `[data-for-network="${platform}"] [data-option]`,
  );
  for (const field of fields) {
    if (field.value !== '') options[field.getAttribute('data-option') ?? ''] = field.value;
  }
  return options;
}

function showPicked(form: HTMLFormElement): void {
  const chosen = new Set<string>(picked(form));
  for (const part of document.querySelectorAll<HTMLElement>('[data-for-network], [data-preview]')) {
    const platform = part.getAttribute('data-for-network') ?? part.getAttribute('data-preview') ?? '';
    part.hidden = !chosen.has(platform);
  }
  const empty = document.querySelector<HTMLElement>('[data-previews-empty]');
  if (empty) empty.hidden = chosen.size > 0;
}

function writeCounts(list: Element, counts: FieldCount[]): void {
  const items = counts.map((count) => {
    const item = document.createElement('li');
    item.className = count.ok ? 'count' : 'count over';
    item.setAttribute('data-rule', count.rule);
    item.textContent = countLine(count);
    return item;
  });
  list.replaceChildren(...items);
}

async function recount(form: HTMLFormElement): Promise<void> {
  const textField = form.querySelector<HTMLTextAreaElement>('textarea[name=text]');
  const text = textField && textField.value !== '' ? textField.value : null;
  for (const list of document.querySelectorAll('[data-counts]')) {
    const platform = list.getAttribute('data-counts') ?? '';
    if (!isPlatform(platform)) continue;
    await prepareTextCounting(platform);
    writeCounts(list, countPostText(platform, { text, options: optionsOf(form, platform) }));
  }
}

/** The server's cards for what is typed now, swapped in (parsed, never built from text). */
async function refreshPreviews(form: HTMLFormElement): Promise<void> {
  const body = new URLSearchParams();
  for (const [name, value] of new FormData(form)) if (typeof value === 'string') body.append(name, value);
  body.set('action', 'preview');
  // getAttribute: form.action would be the buttons named "action".
  const response = await fetch(form.getAttribute('action') ?? '', {
    method: 'POST',
    body,
    credentials: 'same-origin',
    headers: { accept: 'text/html' },
  });
  if (!response.ok) return;
  const fresh = new DOMParser()
    .parseFromString(await response.text(), 'text/html')
    .getElementById('previews');
  const current = document.getElementById('previews');
  if (!fresh || !current) return;
  current.replaceWith(document.adoptNode(fresh));
  showPicked(form);
  await recount(form);
}

function enhance(form: HTMLFormElement): void {
  let timer: number | undefined;
  const changed = () => {
    showPicked(form);
    void recount(form);
    window.clearTimeout(timer);
    timer = window.setTimeout(() => void refreshPreviews(form).catch(() => undefined), REFRESH_AFTER_MS);
  };
  form.addEventListener('input', changed);
  form.addEventListener('change', changed);
  showPicked(form);
  void recount(form);
}
