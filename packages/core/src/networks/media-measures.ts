import type { RefusalRule } from './refusal-rules.js';

/** One file of a post as the rules see it; what the server did not read is null or absent. */
export interface RulesMediaFile {
  kind: 'image' | 'video';
  size: number | null;
  /** MIME type, e.g. image/jpeg. */
  type: string | null;
  width?: number | null;
  height?: number | null;
  durationSeconds?: number | null;
}

/** What a media rule found: the number it compared and, when refused, why in a few words. */
export interface MediaVerdict {
  count: number;
  ok: boolean;
  /** For a refusal: "Video duration: 200 seconds, at most 140." */
  detail: string;
}

/** Facts about the post's network the server knows beside the files (TikTok's creator maximum). */
export interface MediaFacts {
  /** `max_video_post_duration_sec` of the TikTok options row, when known. */
  maxVideoSeconds?: number | null;
}

type MediaMeasure = (
  rule: RefusalRule,
  media: readonly RulesMediaFile[],
  facts: MediaFacts,
) => MediaVerdict | null;

const n = (value: number): string =>
  Number.isInteger(value) ? value.toLocaleString('en-US') : value.toFixed(2).replace(/\.?0+$/, '');

function overMax(rule: RefusalRule, count: number, max = rule.max ?? Number.POSITIVE_INFINITY): MediaVerdict {
  return { count, ok: count <= max, detail: `${rule.what}: ${n(count)} of ${n(max)} ${rule.unit}.` };
}

const images = (media: readonly RulesMediaFile[]) => media.filter((f) => f.kind === 'image');
const videos = (media: readonly RulesMediaFile[]) => media.filter((f) => f.kind === 'video');

const countOf =
  (pick: (media: readonly RulesMediaFile[]) => readonly RulesMediaFile[]): MediaMeasure =>
  (rule, media) => {
    const files = pick(media);
    return files.length === 0 ? null : overMax(rule, files.length);
  };

/** The largest file of a kind, against the rule's byte limit. */
const largest =
  (kind: RulesMediaFile['kind']): MediaMeasure =>
  (rule, media) => {
    const sizes = media.filter((f) => f.kind === kind && f.size !== null).map((f) => f.size as number);
    if (sizes.length === 0) return null;
    const size = Math.max(...sizes);
    const max = rule.max ?? Number.POSITIVE_INFINITY;
    return {
      count: size,
      ok: size <= max,
      detail: `${rule.what}: ${mb(size)}, at most ${mb(max)}.`,
    };
  };

const mb = (bytes: number): string => `${n(Math.round((bytes / 1_048_576) * 10) / 10)} MB`;

/** Every value within [min, max]; the first one outside is named. */
function within(
  rule: RefusalRule,
  values: readonly number[],
  max = rule.max,
  least = rule.min,
): MediaVerdict | null {
  if (values.length === 0) return null;
  const min = least ?? Number.NEGATIVE_INFINITY;
  const top = max ?? Number.POSITIVE_INFINITY;
  const outside = values.find((v) => v < min || v > top);
  const count = outside ?? values[0] ?? 0;
  const range =
    least === undefined
      ? `at most ${n(top)}`
      : least === top
        ? `exactly ${n(top)}`
        : `${n(min)} to ${n(top)}`;
  return { count, ok: outside === undefined, detail: `${rule.what}: ${n(count)} ${rule.unit}, ${range}.` };
}

const durations: MediaMeasure = (rule, media, facts) => {
  const known = videos(media).flatMap((f) =>
    typeof f.durationSeconds === 'number' ? [f.durationSeconds] : [],
  );
  const creatorMax = rule.platform === 'tiktok' ? facts.maxVideoSeconds : null;
  const max = typeof creatorMax === 'number' && rule.max !== null ? Math.min(creatorMax, rule.max) : rule.max;
  return within(rule, known, max);
};

const ratiosOf =
  (kind: RulesMediaFile['kind']): MediaMeasure =>
  (rule, media) => {
    const ratios = media.flatMap((f) =>
      f.kind === kind && f.width && f.height ? [Math.round((f.width / f.height) * 1000) / 1000] : [],
    );
    // 9:16 and 1.91:1 are not exact in binary: compared to three decimals.
    return within(rule, ratios, round3(rule.max ?? undefined) ?? null, round3(rule.min));
  };

const round3 = (value: number | undefined): number | undefined =>
  value === undefined ? undefined : Math.round(value * 1000) / 1000;

const videoSides: MediaMeasure = (rule, media) =>
  within(
    rule,
    videos(media).flatMap((f) => (f.width && f.height ? [f.width, f.height] : [])),
  );

/** Feed images are JPEG: the first other image is named. */
const jpegOnly: MediaMeasure = (rule, media) => {
  const pictures = images(media);
  if (pictures.length === 0) return null;
  const other = pictures.find((f) => f.type !== null && f.type !== 'image/jpeg');
  return {
    count: other === undefined ? 0 : 1,
    ok: other === undefined,
    detail: `${rule.what}: ${other?.type ?? 'image/jpeg'}; only image/jpeg is taken.`,
  };
};

/** A video goes alone: with a video, the post has one file. */
const videoAlone: MediaMeasure = (rule, media) =>
  videos(media).length === 0 ? null : overMax(rule, media.length);

/** Media rules by rule id; a rule of the table without one here is applied elsewhere or not at all. */
export const MEDIA_MEASURES: Readonly<Record<string, MediaMeasure>> = {
  'x.media.images': countOf(images),
  'x.media.video_alone': videoAlone,
  'x.video.bytes': largest('video'),
  'x.video.seconds': durations,
  'x.video.aspect': ratiosOf('video'),
  'linkedin.media.images': countOf(images),
  'linkedin.video.seconds': durations,
  'facebook.image.bytes': largest('image'),
  'facebook.reel.seconds': durations,
  'facebook.reel.aspect': ratiosOf('video'),
  'instagram.carousel.items': countOf((media) => media),
  'instagram.image.format': jpegOnly,
  'instagram.image.aspect': ratiosOf('image'),
  'instagram.reel.seconds': durations,
  'instagram.story.seconds': durations,
  'threads.video.seconds': durations,
  'tiktok.photo.count': countOf(images),
  'tiktok.video.seconds': durations,
  'tiktok.video.sides': videoSides,
  'pinterest.media.images': countOf(images),
};
