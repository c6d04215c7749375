/** Conversions between offsets and the 1-based line and column the server reports. */

export function offsetAt(text: string, line: number, column: number): number {
  let offset = 0;
  for (let current = 1; current < line; current++) {
    const end = text.indexOf('\n', offset);
    if (end < 0) {
      return text.length;
    }

    offset = end + 1;
  }

  return Math.min(offset + Math.max(column, 1) - 1, text.length);
}

export function lineColumnAt(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}
