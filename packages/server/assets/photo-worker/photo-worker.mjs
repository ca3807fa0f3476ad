// The photo worker of the reference server: sharp (libvips) runs here, in its own process, so the
// memory a photo conversion leaves behind (libvips buffers, allocator arenas of its threads) goes
// back to the system when this process ends, instead of staying in the server for good. The
// server (packages/server/src/domain/media/photo-worker.ts) sends one job at a time over IPC and
// ends this process when it has been idle a while. Jobs:
//   { id, op: 'metadata', bytes }           -> { id, ok, width, height, progressive }
//   { id, op: 'jpeg', bytes, resize, quality } -> { id, ok, bytes, width, height }
// A photo libvips cannot read answers { id, ok: false }.
import sharp from 'sharp';

// Every photo is converted once: no operation cache, one thread per image.
sharp.cache(false);
sharp.concurrency(1);

async function run(job) {
  const input = Buffer.from(job.bytes);
  if (job.op === 'metadata') {
    const meta = await sharp(input).metadata();
    return { width: meta.width ?? 0, height: meta.height ?? 0, progressive: meta.isProgressive === true };
  }
  let pipeline = sharp(input, { failOn: 'error' }).flatten({ background: '#ffffff' });
  if (job.resize) pipeline = pipeline.resize({ ...job.resize, fit: 'inside', withoutEnlargement: true });
  const { data, info } = await pipeline.jpeg({ quality: job.quality }).toBuffer({ resolveWithObject: true });
  return { bytes: data, width: info.width, height: info.height };
}

process.on('message', (job) => {
  run(job).then(
    (result) => process.send?.({ id: job.id, ok: true, ...result }),
    () => process.send?.({ id: job.id, ok: false }),
  );
});
process.on('disconnect', () => process.exit(0));
