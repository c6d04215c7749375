import { serverNames } from '../api/serverNames';
import { urlOf, type PreparedRequest } from './preparedRequest';

/**
 * The request as a curl command a person can paste into a POSIX shell. A GET sends the selection
 * with `-G --data-urlencode` so it stays readable; a request with a body keeps it encoded in the URL.
 * `cookie` (`name=value`) is sent with `-b`: the "Act as" role, so the command is answered as the page is.
 */
export function toCurl(request: PreparedRequest, origin: string, cookie: string | null = null): string {
  const parts = ['curl'];
  if (request.method === 'GET' && request.include !== null) {
    parts.push('-G', quote(origin + request.path), '--data-urlencode', quote(`${serverNames().queryParameterName}=${request.include}`));
  } else {
    if (request.method !== 'GET' && request.method !== 'POST') {
      parts.push('-X', request.method);
    }

    parts.push(quote(origin + urlOf(request)));
  }

  for (const [name, value] of Object.entries(request.headers)) {
    parts.push('-H', quote(`${name}: ${value}`));
  }

  if (cookie !== null) {
    parts.push('-b', quote(cookie));
  }

  if (request.body !== null) {
    parts.push('-d', quote(request.body));
  }

  return parts.join(' ');
}

/** Single-quotes for the shell: nothing inside is special except the quote itself. */
export function quote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}
