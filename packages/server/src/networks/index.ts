export * from './driver-registry.js';
export * from './figures.js';
export * from './network-driver.js';
export * from './network-failure.js';
export * from './network-results.js';
export * from './options-rows.js';
export * from './simulate-settings.js';
export * from './simulated-driver.js';
