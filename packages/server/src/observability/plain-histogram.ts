/** One sample as prom-client's registry formats it (its `MetricValue`). */
export interface SampleValue {
  metricName?: string;
  labels: Record<string, string | number>;
  value: number;
}

/**
 * A histogram's counts as plain numbers: an observation is a few additions, with no label string
 * and no object made (a prom-client Histogram hashes its labels into a string on every observe),
 * and nothing of prom-client is loaded until the first scrape reads `samples`.
 */
export class PlainHistogram {
  /** Per bucket, not cumulative; the last is +Inf only. */
  readonly #counts: Float64Array;
  #sum = 0;
  #count = 0;

  constructor(readonly bounds: readonly number[]) {
    this.#counts = new Float64Array(bounds.length + 1);
  }

  get count(): number {
    return this.#count;
  }

  observe(value: number): void {
    const { bounds } = this;
    let bucket = 0;
    while (bucket < bounds.length && value > (bounds[bucket] as number)) bucket++;
    (this.#counts[bucket] as number) += 1;
    this.#sum += value;
    this.#count += 1;
  }

  /** The `_bucket`, `_sum` and `_count` samples of this series in Prometheus's form. */
  samples(name: string, labels: Record<string, string | number>): SampleValue[] {
    const values: SampleValue[] = [];
    let cumulative = 0;
    this.bounds.forEach((bound, index) => {
      cumulative += this.#counts[index] as number;
      values.push({ metricName: `${name}_bucket`, labels: { ...labels, le: bound }, value: cumulative });
    });
    values.push({ metricName: `${name}_bucket`, labels: { ...labels, le: '+Inf' }, value: this.#count });
    values.push({ metricName: `${name}_sum`, labels, value: this.#sum });
    values.push({ metricName: `${name}_count`, labels, value: this.#count });
    return values;
  }
}
