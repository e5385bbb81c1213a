/**
 * Reporting shared by the bench suites: tinybench figures, tables, ratios, MET/MISSED goal lines.
 * @packageDocumentation
 */
import type { Task } from "tinybench";

/** What a suite reports of one tinybench task. */
export interface Figures {
  /** Mean throughput, ops/s. */
  readonly hz: number;
  /** Relative margin of error, %. */
  readonly rme: number;
  readonly median: number;
  readonly samples: number;
}

/** A completed task's figures; throws for a task that did not complete. */
export function figures(task: Task | undefined): Figures {
  const result = task?.result;
  if (result?.state !== "completed") {
    const error = result?.state === "errored" ? result.error : undefined;
    throw new Error(`Task ${task?.name ?? "?"} did not complete (${result?.state})`, {
      cause: error,
    });
  }
  const { mean, rme, p50 } = result.throughput;
  return { hz: mean, rme, median: p50, samples: result.latency.samplesCount };
}

export const ops = (hz: number): string => Math.round(hz).toLocaleString("en-US");
export const times = (ratio: number): string => `${ratio.toFixed(2)}x`;

/** Prints rows as an indented table: the first column left-aligned, the others right-aligned. */
export function printTable(rows: readonly (readonly string[])[]): void {
  const widths = rows[0]?.map((_, col) => Math.max(...rows.map((r) => (r[col] ?? "").length)));
  for (const row of rows) {
    const cells = row.map((cell, col) => {
      const width = widths?.[col] ?? 0;
      return col === 0 ? cell.padEnd(width) : cell.padStart(width);
    });
    console.log(`  ${cells.join("  ")}`);
  }
}

/**
 * One goal line: the ratio, its target, MET/MISSED, and "(within noise)" when the goal lies
 * inside the range the ratio could take given the measurements' spread.
 */
export function goalLine(
  label: string,
  ratio: number,
  goal: number,
  range: readonly [low: number, high: number],
): string {
  const verdict = ratio >= goal ? "MET" : "MISSED";
  const noise = range[0] < goal && goal < range[1] ? " (within noise)" : "";
  return `  ${label}: ${times(ratio)} (goal ≥ ${times(goal)})  ${verdict}${noise}`;
}

/** One goal line for a ratio that must stay at or below a ceiling: the ratio, the ceiling, MET/MISSED. */
export function ceilingLine(label: string, ratio: number, most: number): string {
  return `  ${label}: ${times(ratio)} (goal ≤ ${times(most)})  ${ratio <= most ? "MET" : "MISSED"}`;
}

/** The median of a non-empty list. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const upper = sorted[mid] ?? Number.NaN;
  return sorted.length % 2 === 1 ? upper : ((sorted[mid - 1] ?? Number.NaN) + upper) / 2;
}
