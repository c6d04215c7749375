import type { Exchange } from './exchange';

/**
 * Where a run shows its progress and answer (the page's response panel). Declared here, beside the run, so the run
 * depends on what it needs and not on the panel: the panel implements it.
 */
export interface RunDisplay {
  showPending(stop: () => void): void;
  showStopped(requestLine: string): void;
  showExchange(exchange: Exchange, requestLine: string): void;
  showFull(fullBytes: number | null, reason?: string): void;
  showMeasuringFull(): void;
  showFailure(message: string, requestLine: string): void;
}
