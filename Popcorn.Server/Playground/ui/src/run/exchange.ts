import { urlOf, type PreparedRequest } from './preparedRequest';

/** What came back for one request, measured the way the page reports it. */
export interface Exchange {
  method: string;
  /** The URL as sent (path and encoded query string). */
  url: string;
  status: number;
  statusText: string;
  /** The response headers the browser lets the page read, in the order it gives them. */
  headers: [string, string][];
  elapsedMs: number;
  /** Size of the (decoded) response body in bytes. */
  bytes: number;
  body: string;
}

/** Sends the request and times it until the whole body has arrived; `signal` aborts it (Stop). */
export async function send(request: PreparedRequest, signal?: AbortSignal): Promise<Exchange> {
  const started = performance.now();
  const url = urlOf(request);
  const response = await fetch(url, {
    method: request.method,
    headers: { accept: 'application/json', ...request.headers },
    body: request.body,
    signal,
  });
  const buffer = await response.arrayBuffer();
  const elapsedMs = performance.now() - started;
  return {
    method: request.method,
    url,
    status: response.status,
    statusText: response.statusText,
    headers: [...response.headers.entries()],
    elapsedMs,
    bytes: buffer.byteLength,
    body: new TextDecoder().decode(buffer),
  };
}

/** A gateway answer with data and no `errors`: every variable the document declares was bound. */
export function answeredCleanly(exchange: Exchange): boolean {
  if (exchange.status >= 400) {
    return false;
  }

  try {
    const body = JSON.parse(exchange.body) as { errors?: unknown[] } | null;
    return body !== null && typeof body === 'object' && !(body.errors && body.errors.length > 0);
  } catch {
    return false;
  }
}
