import { apiError, isApiError, type LibraryItem, LibraryListQuerySchema } from '@socialpub/core';
import type { Context } from 'hono';
import { Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { addDashboardFile } from '../../domain/dashboard-media.js';
import { listLibrary } from '../../domain/media/library.js';
import { publicFileUrl } from '../../domain/media/media-status.js';
import { mediaWriteFailure } from '../../files/media-folder.js';
import type { Services } from '../../services.js';
import { DoneNotice } from '../components/done-notice.js';
import { CheckboxField, FieldError, type FieldErrors, FormProblem } from '../components/form-fields.js';
import { formatBytes, formatTime } from '../components/format.js';
import { Time } from '../components/time.js';
import { CsrfField, type DashboardEnv, renderPage, requireSignIn, signedIn } from '../session/index.js';

const ACCEPT = '.jpg,.jpeg,.png,.webp,.mp4,.m4v,.mov,.webm';

function UploadForm(props: { csrfToken: string; errors: FieldErrors; confirm: boolean; problem?: string }) {
  return (
    <section class="card" aria-labelledby="upload-heading">
      <h2 id="upload-heading">Upload a file</h2>
      <p class="hint">
        Files added here have no daily upload budget; they stay 7 days (longer while a waiting scheduled post
        uses them). Up to 64 MB through this page; larger videos go through an upload link.
      </p>
      <FormProblem message={props.problem} />
      <form method="post" action="/dashboard/media/upload" enctype="multipart/form-data" novalidate>
        <CsrfField token={props.csrfToken} />
        <div class={props.errors.file ? 'field has-error' : 'field'}>
          <label for="field-file">File</label>
          <input
            id="field-file"
            type="file"
            name="file"
            accept={ACCEPT}
            aria-invalid={props.errors.file ? 'true' : undefined}
            aria-describedby={props.errors.file ? 'file-error' : undefined}
          />
          <FieldError name="file" error={props.errors.file} />
        </div>
        <CheckboxField
          name="confirm_before_posting"
          label="Confirm before posting"
          checked={props.confirm}
          hint="AI apps must ask you before they post this file."
        />
        <button type="submit">Upload</button>
      </form>
    </section>
  );
}

function LibraryTable(props: { items: LibraryItem[]; csrfToken: string }) {
  if (props.items.length === 0) return <p>The library is empty.</p>;
  return (
    <section class="table-wrap" aria-label="Library files" tabindex={0}>
      <table class="stack">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Type</th>
            <th scope="col">Size</th>
            <th scope="col">Status</th>
            <th scope="col">Source</th>
            <th scope="col">Expires</th>
            <th scope="col">Confirm before posting</th>
            <th scope="col">File id</th>
            <th scope="col">Delete</th>
          </tr>
        </thead>
        <tbody>
          {props.items.map((item) => (
            <tr>
              <td data-label="Name">
                <span>
                  {item.kind === 'image' && item.status === 'ready' ? (
                    <img
                      class="library-thumb"
                      src={publicFileUrl('', { fileId: item.file_id, fileName: item.file_name })}
                      alt=""
                      loading="lazy"
                    />
                  ) : null}
                  {item.file_name}
                </span>
              </td>
              <td data-label="Type">{item.type}</td>
              <td data-label="Size">{formatBytes(item.size)}</td>
              <td data-label="Status">{item.status}</td>
              <td data-label="Source">{item.source}</td>
              <td data-label="Expires">
                <Time at={item.expires_at} />
              </td>
              <td data-label="Confirm before posting">{item.confirm_before_posting ? 'Yes' : 'No'}</td>
              <td data-label="File id">
                <code>{item.file_id}</code>
              </td>
              <td data-label="Delete">
                <form
                  method="post"
                  action={`/dashboard/media/files/${item.file_id}/delete`}
                  data-confirm={`Delete ${item.file_name}? Its address stops working at once.`}
                >
                  <CsrfField token={props.csrfToken} />
                  <button type="submit" class="danger" aria-label={`Delete ${item.file_name}`}>
                    Delete
                  </button>
                </form>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/**
 * GET /dashboard/media (the library as GET /media/files lists it, unconfirmed files included),
 * POST /media/upload (multipart; domain/dashboard-media.ts, source `dashboard`, no daily budget),
 * POST /media/files/{file_id}/delete (the retention's own removal).
 */
export function mediaPage(services: Services): Hono<DashboardEnv> {
  const { repos } = services;
  const clockOf = (c: Context<DashboardEnv>) => services.clocks.forAccount(signedIn(c).account.id);
  const page = new Hono<DashboardEnv>();
  page.use('/media', requireSignIn());
  page.use('/media/*', requireSignIn());

  const show = (
    c: Context<DashboardEnv>,
    form: { errors?: FieldErrors; confirm?: boolean; problem?: string } = {},
    status: ContentfulStatusCode = 200,
  ) => {
    const { account } = signedIn(c);
    const query = LibraryListQuerySchema.parse({ limit: '100', include_unconfirmed: 'true' });
    const library = listLibrary(repos, services.media.retention, {
      accountId: account.id,
      query,
      warnings: [],
      cursorSecret: services.media.cursorSecret(),
      baseUrl: services.urls.base,
      now: clockOf(c).now(),
    });
    return renderPage(
      c,
      { title: 'Media library', status },
      <>
        <DoneNotice
          c={c}
          messages={{
            uploaded: 'The file is in the library and ready to post.',
            deleted: 'The file was deleted.',
          }}
        />
        <UploadForm
          csrfToken={c.var.csrfToken}
          errors={form.errors ?? {}}
          confirm={form.confirm ?? false}
          problem={form.problem}
        />
        <section aria-labelledby="library-heading">
          <h2 id="library-heading">Files</h2>
          <LibraryTable items={library.data} csrfToken={c.var.csrfToken} />
        </section>
      </>,
    );
  };

  page.get('/media', (c) => show(c));

  page.post('/media/upload', async (c) => {
    const { account } = signedIn(c);
    const body = await c.req.parseBody();
    const confirm = body.confirm_before_posting === 'on';
    const file = body.file;
    const refuse = (message: string, status: ContentfulStatusCode = 400) =>
      show(c, { errors: { file: message }, confirm, problem: 'The file was not added.' }, status);
    if (!(file instanceof File) || file.name === '') return refuse('Choose a file to upload.');
    if (file.size === 0) return refuse(`${file.name} is empty.`);
    try {
      addDashboardFile(repos, clockOf(c), services.mediaFolder, account.id, {
        fileName: file.name,
        bytes: new Uint8Array(await file.arrayBuffer()),
        confirmBeforePosting: confirm,
      });
    } catch (error) {
      if (isApiError(error) && error.status < 500)
        return refuse(error.message, error.status as ContentfulStatusCode);
      // The media folder cannot be written (disk full, permissions): 500, naming the cause.
      const diskFault = mediaWriteFailure(error);
      if (diskFault) return refuse(`${diskFault.message} Try again once it is fixed.`, 500);
      throw error;
    }
    return c.redirect('/dashboard/media?done=uploaded', 303);
  });

  page.post('/media/files/:file_id/delete', async (c) => {
    const { account } = signedIn(c);
    const file = repos.mediaImports.get(c.req.param('file_id'));
    if (!file || file.accountId !== account.id)
      throw apiError('not_found', 'No file with this id in your library.');
    const heldUntil = services.media.retention.heldUntil(file);
    if (heldUntil) {
      throw apiError(
        'conflict',
        `A waiting scheduled post due ${formatTime(heldUntil, c.var.timeZone)} uses this file; cancel that post first. Nothing was deleted.`,
      );
    }
    await services.media.retention.remove(file, clockOf(c).now(), 'deleted');
    return c.redirect('/dashboard/media?done=deleted', 303);
  });

  return page;
}
