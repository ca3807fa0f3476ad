/**
 * The dashboard's only script (progressive enhancement; every form works without it): copy
 * buttons (`data-copy-target` names the element whose text is copied) and confirm dialogs before
 * forms marked `data-confirm`.
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
  var message = form.getAttribute && form.getAttribute('data-confirm');
  if (message && !window.confirm(message)) event.preventDefault();
});
document.querySelectorAll('[data-copy-target]').forEach(function (button) { button.hidden = false; });
`;
