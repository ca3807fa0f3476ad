import { type Clock, type ClockMode, createClock, VirtualClock } from '../../clocks/virtual-clock.js';
import type { SettingsRepository } from '../../db/settings-repo.js';

/** Where the server's virtual clock is kept between starts. */
const SERVER_CLOCK_SETTING = 'virtual_clock_now';

/**
 * The server's clock. A virtual one is stored with the data and resumes where it was after a
 * restart, never moving back (reference-server.md, Clock); `start` (SOCIALPUB_CLOCK_START) only
 * seeds a data directory that has no stored time yet.
 */
export function serverClock(settings: SettingsRepository, mode: ClockMode, start?: Date): Clock {
  if (mode !== 'virtual') return createClock(mode);
  const stored = settings.get(SERVER_CLOCK_SETTING);
  const storedAt = stored === null ? Number.NaN : Date.parse(stored);
  const begin = Number.isNaN(storedAt) ? (start ?? new Date(globalThis.Date.now())) : new Date(storedAt);
  const clock = new VirtualClock(begin, (now) => settings.set(SERVER_CLOCK_SETTING, now.toISOString()));
  if (Number.isNaN(storedAt)) settings.set(SERVER_CLOCK_SETTING, begin.toISOString());
  return clock;
}
