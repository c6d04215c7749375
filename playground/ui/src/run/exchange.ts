import { urlOf, type PreparedRequest } from './preparedRequest';

/** What came back for one request, measured the way the page reports it. */
export interface Exchange {
  status: number;
  statusText: string;
  elapsedMs: number;
  /** Size of the (decoded) response body in bytes. */
  bytes: number;
  body: string;
}

/** Sends the request and times it until the whole body has arrived. */
export async function send(request: PreparedRequest): Promise<Exchange> {
  const started = performance.now();
  const response = await fetch(urlOf(request), {
    method: request.method,
    headers: { accept: 'application/json', ...request.headers },
    body: request.body,
  });
  const buffer = await response.arrayBuffer();
  const elapsedMs = performance.now() - started;
  return {
    status: response.status,
    statusText: response.statusText,
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
