import type { PostContent, PostContentFile } from '../../domain/posts/post-content.js';

/** Rows of a list show the start of a long text; the detail page shows all of it. */
const LIST_TEXT_CHARS = 140;

function clipped(text: string): string {
  return text.length > LIST_TEXT_CHARS ? `${text.slice(0, LIST_TEXT_CHARS - 1)}…` : text;
}

/** Small pictures of a post's files; a video or a file gone from the library is named instead. */
export function Thumbnails(props: { files: readonly PostContentFile[]; large?: boolean }) {
  if (props.files.length === 0) return null;
  return (
    <ul class={props.large ? 'thumbs large' : 'thumbs'}>
      {props.files.map((file) => (
        <li>
          {file.src && file.kind === 'image' ? (
            <img src={file.src} alt={file.name} loading="lazy" />
          ) : (
            <span class="thumb-label">
              {file.kind}: {file.name}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}

/** A list row's text cell: the start of the text (or why there is none) and the files. */
export function PostSummary(props: { content: PostContent }) {
  const { text, files } = props.content;
  return (
    <div class="post-summary">
      {text ? <p class="post-text">{clipped(text)}</p> : <p class="muted">No text</p>}
      <Thumbnails files={files} />
    </div>
  );
}
