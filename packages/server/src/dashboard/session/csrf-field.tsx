/** Name of the hidden field every dashboard form carries. */
export const CSRF_FIELD = '_csrf';

/** `<CsrfField token={c.var.csrfToken} />` inside every `<form method="post">`. */
export function CsrfField(props: { token: string }) {
  return <input type="hidden" name={CSRF_FIELD} value={props.token} />;
}
