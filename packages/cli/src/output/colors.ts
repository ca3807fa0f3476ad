import pc from 'picocolors';

export type Colors = ReturnType<typeof pc.createColors>;

/** Colours only on a terminal; picocolors already honours NO_COLOR and FORCE_COLOR. */
export function colorsFor(stream: NodeJS.WriteStream): Colors {
  const forced = 'FORCE_COLOR' in process.env && process.env['FORCE_COLOR'] !== '0';
  const enabled = !('NO_COLOR' in process.env) && (forced || (pc.isColorSupported && stream.isTTY === true));
  return pc.createColors(enabled);
}
