import {
  NETWORK_RULES_MODES,
  SIMULATE_OUTCOMES,
  type SimulateSettings,
  SimulateSettingsSchema,
} from '../../networks/index.js';
import { type FieldErrors, SelectField, TextAreaField, TextField } from './form-fields.js';
import { jsonText, readJsonField } from './json-field.js';

/** The simulate form's fields, as typed. */
export type SimulateTyped = Record<
  | 'rules'
  | 'outcome'
  | 'error_status'
  | 'error_code'
  | 'error_message'
  | 'latency_ms'
  | 'finish_after_seconds'
  | 'figures'
  | 'next',
  string
>;

export function typedFromSimulate(simulate: Record<string, unknown>): SimulateTyped {
  const s = simulate as SimulateSettings;
  return {
    rules: s.rules ?? '',
    outcome: s.outcome ?? '',
    error_status: s.error?.status === undefined ? '' : String(s.error.status),
    error_code: s.error?.code ?? '',
    error_message: s.error?.message ?? '',
    latency_ms: s.latency_ms === undefined ? '' : String(s.latency_ms),
    finish_after_seconds: s.finish_after_seconds === undefined ? '' : String(s.finish_after_seconds),
    figures: jsonText(s.figures),
    next: jsonText(s.next),
  };
}

const FIELD_OF_PATH: Record<string, keyof SimulateTyped> = {
  rules: 'rules',
  outcome: 'outcome',
  latency_ms: 'latency_ms',
  finish_after_seconds: 'finish_after_seconds',
  figures: 'figures',
  next: 'next',
};

function integerOrMessage(text: string): number | string | undefined {
  if (text.trim() === '') return undefined;
  return /^\d+$/.test(text.trim()) ? Number(text.trim()) : 'Enter a whole number.';
}

/**
 * Builds `simulate` from the form and validates it with the network drivers' own schema
 * (networks/simulate-settings.ts), so the form accepts exactly what the admin API accepts.
 * Fields the form does not show (`options_error`) are kept from `current`.
 */
export function simulateFromForm(
  typed: SimulateTyped,
  current: Record<string, unknown>,
): { ok: true; simulate: SimulateSettings } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const candidate: Record<string, unknown> = {};
  if ('options_error' in current) candidate.options_error = current.options_error;
  if (typed.rules !== '') candidate.rules = typed.rules;
  if (typed.outcome !== '') candidate.outcome = typed.outcome;
  for (const name of ['latency_ms', 'finish_after_seconds'] as const) {
    const value = integerOrMessage(typed[name]);
    if (typeof value === 'string') errors[name] = value;
    else if (value !== undefined) candidate[name] = value;
  }
  const status = integerOrMessage(typed.error_status);
  if (typeof status === 'string') errors.error_status = status;
  if (
    typed.error_status.trim() !== '' ||
    typed.error_code.trim() !== '' ||
    typed.error_message.trim() !== ''
  ) {
    if (status === undefined)
      errors.error_status = 'An error needs the HTTP status the network answers (400 to 599).';
    candidate.error = {
      status,
      ...(typed.error_code.trim() ? { code: typed.error_code.trim() } : {}),
      ...(typed.error_message.trim() ? { message: typed.error_message.trim() } : {}),
    };
  }
  for (const name of ['figures', 'next'] as const) {
    const read = readJsonField(typed[name], undefined);
    if (!read.ok) errors[name] = read.message;
    else if (read.value !== undefined) candidate[name] = read.value;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const parsed = SimulateSettingsSchema.safeParse(candidate);
  if (parsed.success) return { ok: true, simulate: parsed.data };
  for (const issue of parsed.error.issues) {
    const [first, second] = issue.path.map(String);
    const field =
      first === 'error' ? (`error_${second ?? 'status'}` as keyof SimulateTyped) : FIELD_OF_PATH[first ?? ''];
    const where = issue.path.length > 1 && first !== 'error' ? ` (at ${issue.path.join('.')})` : '';
    errors[field ?? 'outcome'] ??= `${issue.message}${where}`;
  }
  return { ok: false, errors };
}

const OUTCOME_OPTIONS = [
  { value: '', label: 'Default (success, or failed when an error is set)' },
  ...SIMULATE_OUTCOMES.map((outcome) => ({ value: outcome, label: outcome })),
];

const RULES_OPTIONS = [
  { value: '', label: 'Real (default): refuse what the real network refuses' },
  ...NETWORK_RULES_MODES.filter((mode) => mode !== 'real').map((mode) => ({
    value: mode,
    label: 'Lenient: take what the real network refuses (long text, duplicates, files)',
  })),
];

/** The fields of the simulate form (inside a `<form>` the page provides). */
export function SimulateFields(props: { typed: SimulateTyped; errors: FieldErrors }) {
  const { typed, errors } = props;
  return (
    <>
      <SelectField
        name="rules"
        label="Network rules"
        options={RULES_OPTIONS}
        value={typed.rules === 'real' ? '' : typed.rules}
        error={errors.rules}
        hint="What each network refuses: see docs/network-rules.md. The API document's own rules always apply."
      />
      <SelectField
        name="outcome"
        label="Outcome"
        options={OUTCOME_OPTIONS}
        value={typed.outcome}
        error={errors.outcome}
      />
      <fieldset>
        <legend>Error the network answers (with outcome failed)</legend>
        <TextField
          name="error_status"
          label="Error status"
          type="number"
          min="400"
          max="599"
          value={typed.error_status}
          error={errors.error_status}
        />
        <TextField
          name="error_code"
          label="Error code"
          value={typed.error_code}
          error={errors.error_code}
          hint="e.g. x_rejected; derived from the status when empty."
        />
        <TextField
          name="error_message"
          label="Error message"
          value={typed.error_message}
          error={errors.error_message}
        />
      </fieldset>
      <TextField
        name="latency_ms"
        label="Latency (ms)"
        type="number"
        min="0"
        value={typed.latency_ms}
        error={errors.latency_ms}
      />
      <TextField
        name="finish_after_seconds"
        label="Finish after (seconds)"
        type="number"
        min="0"
        hint="For networks that finish after answering (tiktok, instagram, youtube): default 30."
        value={typed.finish_after_seconds}
        error={errors.finish_after_seconds}
      />
      <TextAreaField
        name="figures"
        label="Figures (JSON)"
        hint={'What the network reports, e.g. {"views": 120, "likes": 8}; a metric left out is not reported.'}
        value={typed.figures}
        error={errors.figures}
      />
      <TextAreaField
        name="next"
        label="Next posts (JSON list)"
        hint={'Behaviours used once each, in order, by the next posts, e.g. [{"outcome": "timeout"}].'}
        value={typed.next}
        error={errors.next}
      />
    </>
  );
}
