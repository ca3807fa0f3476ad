import { PLATFORMS, type Platform } from '@socialpub/core';
import type { NetworkDriver } from './network-driver.js';
import { NETWORK_RESULT_SHAPES } from './network-results.js';
import { createSimulatedDriver, type SimulatedDriverDeps } from './simulated-driver.js';

/** A simulated driver for each of the nine networks; `createApp` may replace any with a real one. */
export function createSimulatedDrivers(deps: SimulatedDriverDeps): Record<Platform, NetworkDriver> {
  const drivers = {} as Record<Platform, NetworkDriver>;
  for (const platform of PLATFORMS) {
    drivers[platform] = createSimulatedDriver(platform, NETWORK_RESULT_SHAPES[platform], deps);
  }
  return drivers;
}

/** Real-time waiting for the system clock; tests and the virtual clock pass their own `sleep`. */
export function systemSleep(ms: number): Promise<void> {
  return ms <= 0 ? Promise.resolve() : new Promise((resolve) => setTimeout(resolve, ms));
}
