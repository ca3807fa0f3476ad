import type { AnalyticsData, AnalyticsFigure } from './analytics-data.js';

/** Okabe and Ito's colour-blind-safe palette: one colour per series, in order. */
export const SERIES_COLOURS = [
  '#0072b2',
  '#e69f00',
  '#009e73',
  '#cc79a7',
  '#56b4e9',
  '#d55e00',
  '#8c6d00',
  '#000000',
];

export const seriesColour = (index: number): string =>
  SERIES_COLOURS[index % SERIES_COLOURS.length] ?? '#000';

const WIDTH = 800;
const HEIGHT = 300;
const LEFT = 96;
const RIGHT = 8;
const TOP = 12;
const BOTTOM = 40;

/** A round top for the axis (1, 2 or 5 times a power of ten) at or above `max`. */
function axisTop(max: number): number {
  if (max <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  const step = [1, 2, 5, 10].find((m) => m * power >= max) ?? 10;
  return step * power;
}

const groupDigits = (n: number) => n.toLocaleString('en-US');

/**
 * The chosen figure per day as stacked bars, one colour per series, drawn on the server as SVG
 * (no script, no inline style: colours are SVG attributes). Each bar segment names its day, series
 * and value on hover; the table after the chart holds the same numbers.
 */
export function AnalyticsChart(props: { data: AnalyticsData; figure: AnalyticsFigure; title: string }) {
  const { data, figure } = props;
  const totals = data.days.map((day) =>
    [...(data.byDay.get(day)?.values() ?? [])].reduce((sum, total) => sum + (total.value ?? 0), 0),
  );
  const top = axisTop(Math.max(0, ...totals));
  const plotWidth = WIDTH - LEFT - RIGHT;
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const slot = plotWidth / Math.max(1, data.days.length);
  const barWidth = Math.max(1, slot * 0.72);
  const y = (value: number) => TOP + plotHeight - (value / top) * plotHeight;
  // About eight day labels; on phones (larger type, see the stylesheet) every other one.
  const labelEvery = Math.max(1, Math.ceil(data.days.length / 8));
  return (
    <svg
      class="chart"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-labelledby="chart-title chart-desc"
      preserveAspectRatio="xMidYMid meet"
    >
      <title id="chart-title">{props.title}</title>
      <desc id="chart-desc">Stacked bars per day; the table after the chart lists the same numbers.</desc>
      {[0, top / 2, top].map((tick) => (
        <g class="axis">
          <line x1={LEFT} x2={WIDTH - RIGHT} y1={y(tick)} y2={y(tick)} stroke="#d5dae1" />
          <text x={LEFT - 8} y={y(tick) + 5} text-anchor="end" font-size="13" fill="#5a6472">
            {groupDigits(tick)}
          </text>
        </g>
      ))}
      {data.days.map((day, index) => {
        const x = LEFT + index * slot + (slot - barWidth) / 2;
        let base = 0;
        const row = data.byDay.get(day);
        return (
          <g>
            {data.series.map(({ key, label }, seriesIndex) => {
              const value = row?.get(key)?.value ?? null;
              if (value === null || value <= 0) return null;
              const from = base;
              base += value;
              return (
                <rect
                  class="mark"
                  x={x.toFixed(1)}
                  y={y(base).toFixed(1)}
                  width={barWidth.toFixed(1)}
                  height={(y(from) - y(base)).toFixed(1)}
                  fill={seriesColour(seriesIndex)}
                  data-day={day}
                  data-series={key}
                  data-value={value}
                >
                  <title>{`${day} · ${label}: ${groupDigits(value)} ${figure}`}</title>
                </rect>
              );
            })}
            {index % labelEvery === 0 ? (
              <text
                class={index % (2 * labelEvery) === 0 ? undefined : 'minor'}
                x={(x + barWidth / 2).toFixed(1)}
                y={HEIGHT - BOTTOM + 20}
                text-anchor="middle"
                font-size="13"
                fill="#5a6472"
              >
                {day.slice(5)}
              </text>
            ) : null}
          </g>
        );
      })}
      <line x1={LEFT} x2={WIDTH - RIGHT} y1={y(0)} y2={y(0)} stroke="#8a94a3" />
    </svg>
  );
}

/** The colours' key, as a list (each swatch a small SVG square: no inline style). */
export function ChartLegend(props: { series: AnalyticsData['series'] }) {
  return (
    <ul class="legend" aria-label="Colours of the chart">
      {props.series.map(({ key, label }, index) => (
        <li data-series={key}>
          <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
            <rect width="12" height="12" rx="2" fill={seriesColour(index)} />
          </svg>{' '}
          {label}
        </li>
      ))}
    </ul>
  );
}
