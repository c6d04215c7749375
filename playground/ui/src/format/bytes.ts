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
export function savings(selectedBytes: number, fullBytes: number): { bytes: number; percent: number } {
  const saved = fullBytes - selectedBytes;
  const percent = fullBytes > 0 ? Math.round((saved / fullBytes) * 100) : 0;
  return { bytes: saved, percent };
}

export function formatDuration(milliseconds: number): string {
  return milliseconds < 1000 ? `${Math.round(milliseconds)} ms` : `${(milliseconds / 1000).toFixed(2)} s`;
}
