import type { Diagnostic } from '@codemirror/lint';
import type { EditorView } from '@codemirror/view';
import { lintJsonObject } from './jsonObject';

export const headersExample = '{ "Authorization": "Bearer ..." }';

/** Header names a page may not set (the Fetch standard's forbidden request headers): the browser drops them silently. */
const forbidden = new Set([
  'accept-charset', 'accept-encoding', 'access-control-request-headers', 'access-control-request-method', 'connection',
  'content-length', 'cookie', 'cookie2', 'date', 'dnt', 'expect', 'host', 'keep-alive', 'origin', 'referer',
  'set-cookie', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'via',
]);

const token = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** Why `name: value` cannot be sent from the page, or null when it can. */
export function headerProblem(name: string, value: unknown): string | null {
  if (!token.test(name)) {
    return `"${name}" is not a valid header name.`;
  }

  const lower = name.toLowerCase();
  if (forbidden.has(lower) || lower.startsWith('proxy-') || lower.startsWith('sec-')) {
    return `The browser does not let a page set "${name}"; it would be dropped.`;
  }

  if (typeof value !== 'string') {
    return `The value of "${name}" must be a string.`;
  }

  return /[\r\n\0]/.test(value) ? `The value of "${name}" may not contain line breaks.` : null;
}

/** The headers box's checks: JSON syntax, an object, and each header sendable. */
export function headersDiagnostics(view: EditorView): Diagnostic[] {
  const text = view.state.doc.toString();
  if (text.trim() === '') {
    return [];
  }

  const value = lintJsonObject(view, 'headers', headersExample);
  if (Array.isArray(value)) {
    return value;
  }

  return Object.entries(value).flatMap(([name, headerValue]) => {
    const message = headerProblem(name, headerValue);
    if (!message) {
      return [];
    }

    const at = Math.max(0, text.indexOf(JSON.stringify(name)));
    return [{ from: at, to: at + JSON.stringify(name).length, severity: 'error' as const, message }];
  });
}
