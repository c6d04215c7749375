import type { RunDisplay } from './runDisplay';
import { answeredCleanly, send } from './exchange';
import type { PreparedRequest } from './preparedRequest';
import type { RunRequests } from './requestsFor';

/** One press of Run, as the page describes it. */
export interface RunOrder {
  /** The request line of the target (`GET /api/cars`), to mark the response stale after a switch. */
  requestLine: string;
  onGateway: boolean;
  /** Builds the requests (a gateway query in include syntax is converted by the server first). */
  prepare(): Promise<RunRequests>;
  /** Called when a gateway run answered with data and no errors. */
  onCleanGatewayAnswer(): void;
  /** The request is about to be sent (the page shows the gateway document's hash). */
  onSending?(request: PreparedRequest): void;
  /** An answer arrived (the page refreshes its live figures). */
  onAnswered?(): void;
  /** The full response was measured: what the selection saved, in bytes. */
  onSaving?(bytes: number): void;
}

/**
 * Runs queries into the response panel: the request, then the same request asking for everything to show what the
 * selection saved. Only the latest run may write to the panel, and Stop (or a newer run) aborts the one in flight,
 * so a slow answer can neither overwrite a newer one nor keep the connection busy after the user gave up on it.
 */
export class QueryRun {
  private _runNumber = 0;
  private _inFlight: AbortController | null = null;

  constructor(private readonly _response: RunDisplay) {}

  async run(order: RunOrder): Promise<void> {
    this._inFlight?.abort();
    const controller = new AbortController();
    this._inFlight = controller;
    const runNumber = ++this._runNumber;
    const current = () => runNumber === this._runNumber;
    this._response.showPending(() => controller.abort());
    try {
      const { request, full, fullReason } = await order.prepare();
      if (!current()) {
        return;
      }

      order.onSending?.(request);
      const exchange = await send(request, controller.signal);
      order.onAnswered?.();
      if (!current()) {
        return;
      }

      this._response.showExchange(exchange, order.requestLine);
      if (order.onGateway && answeredCleanly(exchange)) {
        order.onCleanGatewayAnswer();
      }

      if (!full || exchange.status >= 400) {
        this._response.showFull(null, exchange.status >= 400 ? 'No size comparison for an error response.' : fullReason);
        return;
      }

      this._response.showMeasuringFull();
      const fullExchange = await send(full, controller.signal);
      if (current()) {
        this._response.showFull(fullExchange.status < 400 ? fullExchange.bytes : null, `The full request answered ${fullExchange.status}.`);
        if (fullExchange.status < 400) {
          order.onSaving?.(fullExchange.bytes - exchange.bytes);
        }
      }

      order.onAnswered?.();
    } catch (error) {
      if (!current()) {
        return;
      }

      if (controller.signal.aborted) {
        this._response.showStopped(order.requestLine);
      } else {
        this._response.showFailure(error instanceof Error ? error.message : String(error), order.requestLine);
      }
    } finally {
      if (this._inFlight === controller) {
        this._inFlight = null;
      }
    }
  }
}
