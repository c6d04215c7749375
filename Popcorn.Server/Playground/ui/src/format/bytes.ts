/** A byte count as people read it: `512 B`, `14.2 KB`, `3.1 MB` (1 KB = 1024 bytes). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) {
    return `${bytes} B`;
  }

  const kilobytes = bytes / 1024;
  if (kilobytes < 1024) {
    return `${kilobytes.toFixed(kilobytes < 10 ? 2 : 1)} KB`;
  }

  return `${(kilobytes / 1024).toFixed(1)} MB`;
}

/** How much smaller the selected response is than the full one, for the savings line. */
export function savings(selectedBytes: number, fullBytes: number): { bytes: number; percent: string } {
  const saved = fullBytes - selectedBytes;
  return { bytes: saved, percent: fullBytes > 0 ? formatShare(saved / fullBytes) : '0%' };
}

/**
 * A share as a percentage that never claims more than it is: whole percents in between, one
 * decimal near the ends, and `100%` or `0%` only when it is exactly that (a 60-byte answer out
 * of 900 KB saved `>99.9%`, not `100%`, since bytes were still sent).
 */
export function formatShare(share: number): string {
  if (share >= 1 || share <= 0) {
    return `${Math.round(share * 100)}%`;
  }

  const percent = share * 100;
  if (percent >= 99.95) {
    return '>99.9%';
  }

  if (percent < 0.05) {
    return '<0.1%';
  }

  return percent >= 99.5 || percent < 0.5 ? `${percent.toFixed(1)}%` : `${Math.round(percent)}%`;
}

export function formatDuration(milliseconds: number): string {
  return milliseconds < 1000 ? `${Math.round(milliseconds)} ms` : `${(milliseconds / 1000).toFixed(2)} s`;
}
