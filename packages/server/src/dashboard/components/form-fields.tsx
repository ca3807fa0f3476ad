import type { Child } from 'hono/jsx';
import type * as z from 'zod';

/** Messages shown beside fields, keyed by field name. */
export type FieldErrors = Partial<Record<string, string>>;

/** The first problem of each field of a failed schema parse, keyed by the top-level field name. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : 'form';
    errors[key] ??= inOurWords(issue);
  }
  return errors;
}

// zod's own wording ("Too small: expected string to have >=8 characters") speaks of types, not of
// what the person should type; a schema's own message is kept as written.
const ZOD_DEFAULT_WORDING = /^(Too small|Too big|Invalid|Expected)/;

function inOurWords(issue: z.core.$ZodIssue): string {
  if (!ZOD_DEFAULT_WORDING.test(issue.message)) return issue.message;
  switch (issue.code) {
    case 'too_small':
      if (issue.origin !== 'string') break;
      return Number(issue.minimum) <= 1 ? 'Fill this in.' : `Use at least ${issue.minimum} characters.`;
    case 'too_big':
      if (issue.origin !== 'string') break;
      return `Use at most ${issue.maximum} characters.`;
    case 'invalid_format':
      if (issue.format === 'email') return 'Enter an e-mail address, such as name@example.com.';
      break;
    case 'invalid_value':
      return `Choose one of: ${issue.values.map(String).join(', ')}.`;
    case 'invalid_type':
      return 'Fill this in.';
  }
  return 'Check this field.';
}

/** The body of a form post as strings (files and repeated fields are read by the page itself). */
export function formStrings(body: Record<string, unknown>): Record<string, string> {
  const strings: Record<string, string> = {};
  for (const [key, value] of Object.entries(body)) if (typeof value === 'string') strings[key] = value;
  return strings;
}

/** Ids must be unique on the page: forms repeated per item (one per profile) pass a `prefix`. */
function fieldKey(name: string, prefix: string | undefined): string {
  return prefix ? `${prefix}-${name}` : name;
}

function describedBy(name: string, error: string | undefined, hint: Child | undefined): string | undefined {
  const ids = [error ? `${name}-error` : null, hint ? `${name}-hint` : null].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

/** Error text beside a field: an icon word as well as colour, announced with the field. */
export function FieldError(props: { name: string; error: string | undefined }) {
  if (!props.error) return null;
  return (
    <p class="field-error" id={`${props.name}-error`}>
      <strong>Error:</strong> {props.error}
    </p>
  );
}

export interface TextFieldProps {
  name: string;
  label: string;
  value?: string | undefined;
  error?: string | undefined;
  hint?: Child;
  type?: 'text' | 'email' | 'password' | 'number' | 'datetime-local' | 'url' | 'search';
  /** Makes the ids unique when the same form appears more than once on a page. */
  prefix?: string;
  required?: boolean;
  autocomplete?: string;
  /** Extra attributes for number fields. */
  min?: string;
  max?: string;
  step?: string;
}

/** The label, hint and error every field shows around its control (one layout for every form). */
function FieldFrame(props: {
  fieldKey: string;
  id: string;
  label: string;
  hint?: Child;
  error?: string | undefined;
  children: Child;
}) {
  return (
    <div class={props.error ? 'field has-error' : 'field'}>
      <label for={props.id}>{props.label}</label>
      {props.hint ? (
        <p class="hint" id={`${props.fieldKey}-hint`}>
          {props.hint}
        </p>
      ) : null}
      {props.children}
      <FieldError name={props.fieldKey} error={props.error} />
    </div>
  );
}

export function TextField(props: TextFieldProps) {
  const key = fieldKey(props.name, props.prefix);
  const id = `field-${key}`;
  return (
    <FieldFrame fieldKey={key} id={id} label={props.label} hint={props.hint} error={props.error}>
      <input
        id={id}
        name={props.name}
        type={props.type ?? 'text'}
        value={props.type === 'password' ? undefined : (props.value ?? '')}
        required={props.required}
        autocomplete={props.autocomplete}
        min={props.min}
        max={props.max}
        step={props.step}
        aria-invalid={props.error ? 'true' : undefined}
        aria-describedby={describedBy(key, props.error, props.hint)}
      />
    </FieldFrame>
  );
}

export function TextAreaField(props: Omit<TextFieldProps, 'type'> & { rows?: number }) {
  const key = fieldKey(props.name, props.prefix);
  const id = `field-${key}`;
  return (
    <FieldFrame fieldKey={key} id={id} label={props.label} hint={props.hint} error={props.error}>
      <textarea
        id={id}
        name={props.name}
        rows={props.rows ?? 4}
        aria-invalid={props.error ? 'true' : undefined}
        aria-describedby={describedBy(key, props.error, props.hint)}
      >
        {props.value ?? ''}
      </textarea>
    </FieldFrame>
  );
}

export interface SelectFieldProps {
  name: string;
  label: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  value?: string | undefined;
  error?: string | undefined;
  hint?: Child;
  prefix?: string;
}

export function SelectField(props: SelectFieldProps) {
  const key = fieldKey(props.name, props.prefix);
  const id = `field-${key}`;
  return (
    <FieldFrame fieldKey={key} id={id} label={props.label} hint={props.hint} error={props.error}>
      <select
        id={id}
        name={props.name}
        aria-invalid={props.error ? 'true' : undefined}
        aria-describedby={describedBy(key, props.error, props.hint)}
      >
        {props.options.map((option) => (
          <option value={option.value} selected={option.value === props.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

export function CheckboxField(props: {
  name: string;
  label: string;
  checked?: boolean;
  error?: string | undefined;
  hint?: Child;
  prefix?: string;
}) {
  const key = fieldKey(props.name, props.prefix);
  const id = `field-${key}`;
  return (
    <div class={props.error ? 'field checkbox has-error' : 'field checkbox'}>
      <input
        id={id}
        type="checkbox"
        name={props.name}
        value="on"
        checked={props.checked}
        aria-describedby={describedBy(key, props.error, props.hint)}
      />
      <label for={id}>{props.label}</label>
      {props.hint ? (
        <p class="hint" id={`${key}-hint`}>
          {props.hint}
        </p>
      ) : null}
      <FieldError name={key} error={props.error} />
    </div>
  );
}

/** A summary at the top of a refused form, so a screen reader hears it first. */
export function FormProblem(props: { message: string | undefined }) {
  if (!props.message) return null;
  return (
    <div class="notice error" role="alert">
      <strong>Nothing was changed.</strong> {props.message}
    </div>
  );
}

/** A confirmation after a change (green and worded, never colour alone). */
export function Notice(props: { message: string | undefined }) {
  if (!props.message) return null;
  return (
    <div class="notice ok" role="status">
      <strong>Done:</strong> {props.message}
    </div>
  );
}
