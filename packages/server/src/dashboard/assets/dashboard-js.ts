/**
 * The dashboard's only script (progressive enhancement; every form works without it): copy
 * buttons (`data-copy-target` names the element whose text is copied), confirm dialogs before
 * forms marked `data-confirm` (and a visible word when a `data-needs-pick` form has nothing picked), the browser's time zone in the `sp_tz` cookie (the pages' default
 * zone), and the network inbox's light poll: an element with `data-poll`
 * asks that address every `data-poll-seconds` for the feed's marker and, when it differs from
 * `data-marker`, fetches the page again and swaps in its feed (parsed, never built from text).
 */
export const DASHBOARD_JS = `
document.addEventListener('click', function (event) {
  var button = event.target.closest && event.target.closest('[data-copy-target]');
  if (!button) return;
  var target = document.getElementById(button.getAttribute('data-copy-target'));
  if (!target || !navigator.clipboard) return;
  navigator.clipboard.writeText(target.textContent.trim()).then(function () {
    button.textContent = 'Copied';
  });
});
document.addEventListener('submit', function (event) {
  var form = event.target;
  // A form acting on picked rows says so at once when none is picked (the server says it too).
  var needs = form.getAttribute && form.getAttribute('data-needs-pick');
  // getAttribute: form.id would be the picked checkboxes themselves (their name is id).
  if (needs && !document.querySelector('input[name="' + needs + '"][form="' + form.getAttribute('id') + '"]:checked')) {
    event.preventDefault();
    var problem = form.querySelector('[data-pick-problem]');
    if (problem) { problem.hidden = false; problem.setAttribute('role', 'alert'); }
    return;
  }
  var message = form.getAttribute && form.getAttribute('data-confirm');
  if (message && !window.confirm(message)) event.preventDefault();
});
document.querySelectorAll('[data-copy-target]').forEach(function (button) { button.hidden = false; });
(function timeZoneCookie() {
  // The pages write times in the account's zone, else in the zone this cookie names (the browser's).
  var zone = window.Intl && Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (!zone) return;
  var cookie = 'sp_tz=' + encodeURIComponent(zone);
  if (document.cookie.split('; ').indexOf(cookie) !== -1) return;
  document.cookie = cookie + '; path=/dashboard; max-age=31536000; samesite=lax' + (location.protocol === 'https:' ? '; secure' : '');
})();
(function poll() {
  var feed = document.querySelector('[data-poll]');
  if (!feed || !window.fetch || !window.DOMParser) return;
  var seconds = Number(feed.getAttribute('data-poll-seconds')) || 3;
  function check() {
    var current = document.querySelector('[data-poll]');
    if (!current) return;
    fetch(current.getAttribute('data-poll'), { headers: { accept: 'application/json' }, credentials: 'same-origin' })
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (answer) {
        if (!answer || !answer.marker || answer.marker === current.getAttribute('data-marker')) return null;
        return fetch(window.location.href, { headers: { accept: 'text/html' }, credentials: 'same-origin' })
          .then(function (response) { return response.text(); })
          .then(function (html) {
            var fresh = new DOMParser().parseFromString(html, 'text/html').getElementById(current.id);
            if (!fresh) return;
            current.replaceWith(document.adoptNode(fresh));
            var status = document.getElementById('inbox-status');
            if (status) status.textContent = 'New deliveries arrived.';
          });
      })
      .catch(function () {})
      .then(function () { window.setTimeout(check, seconds * 1000); });
  }
  window.setTimeout(check, seconds * 1000);
})();
`;
