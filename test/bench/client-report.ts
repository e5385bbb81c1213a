/**
 * Formatting shared by the client suite's walk and parser benchmarks (tables as core.ts prints
 * them, ratios, MET/MISSED goal lines).
 * @packageDocumentation
 */

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

/** The median of a non-empty list. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const upper = sorted[mid] ?? Number.NaN;
  return sorted.length % 2 === 1 ? upper : ((sorted[mid - 1] ?? Number.NaN) + upper) / 2;
}
