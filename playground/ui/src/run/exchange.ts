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
