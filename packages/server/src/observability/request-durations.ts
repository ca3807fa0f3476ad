import { PlainHistogram, type SampleValue } from './plain-histogram.js';

/** Upper bounds of the request-duration buckets, in seconds: this server answers most in under 5 ms. */
export const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * Request durations by method, route pattern and status: one `PlainHistogram` per combination,
 * found through maps keyed by the values themselves, so an observation builds no key string.
 */
export class RequestDurations {
  readonly #byMethod = new Map<string, Map<string, Map<number, PlainHistogram>>>();

  observe(method: string, route: string, status: number, seconds: number): void {
    let byRoute = this.#byMethod.get(method);
    if (byRoute === undefined) {
      byRoute = new Map();
      this.#byMethod.set(method, byRoute);
    }
    let byStatus = byRoute.get(route);
    if (byStatus === undefined) {
      byStatus = new Map();
      byRoute.set(route, byStatus);
    }
    let series = byStatus.get(status);
    if (series === undefined) {
      series = new PlainHistogram(DURATION_BUCKETS);
      byStatus.set(status, series);
    }
    series.observe(seconds);
  }

  /** The histogram's samples under `name`. */
  samples(name: string): SampleValue[] {
    const values: SampleValue[] = [];
    this.#each((labels, series) => values.push(...series.samples(name, labels)));
    return values;
  }

  /** How many requests each (method, route, status) answered. */
  counts(): SampleValue[] {
    const values: SampleValue[] = [];
    this.#each((labels, series) => values.push({ labels, value: series.count }));
    return values;
  }

  #each(visit: (labels: Record<string, string | number>, series: PlainHistogram) => void): void {
    for (const [method, byRoute] of this.#byMethod) {
      for (const [route, byStatus] of byRoute) {
        for (const [status, series] of byStatus) visit({ method, route, status }, series);
      }
    }
  }
}
