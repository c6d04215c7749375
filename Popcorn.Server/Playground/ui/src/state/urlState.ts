import { isSyntax } from '../query/syntax';
import type { PlaygroundState } from './playgroundState';

const paramPrefix = 'param.';

/** Reads what the URL says (`?resource=employee&param.id=3&syntax=include&query=[id]`); missing parts stay unset. */
export function readUrlState(search: string): Partial<PlaygroundState> {
  const url = new URLSearchParams(search);
  const state: Partial<PlaygroundState> = {};
  const query = url.get('query');
  if (query !== null) {
    state.query = query;
  }

  const syntax = url.get('syntax');
  if (isSyntax(syntax)) {
    state.syntax = syntax;
  }

  const variables = url.get('variables');
  if (variables !== null) {
    state.variables = variables;
  }

  const headers = url.get('headers');
  if (headers !== null) {
    state.headers = headers;
  }

  const resource = url.get('resource');
  if (resource) {
    state.resource = resource;
  }

  const params: Record<string, string> = {};
  for (const [name, value] of url) {
    if (name.startsWith(paramPrefix)) {
      params[name.slice(paramPrefix.length)] = value;
    }
  }

  state.params = params;
  return state;
}

export function urlSearchFor(state: PlaygroundState): string {
  const url = new URLSearchParams({ resource: state.resource });
  for (const [name, value] of Object.entries(state.params)) {
    url.set(paramPrefix + name, value);
  }

  url.set('syntax', state.syntax);
  url.set('query', state.query);
  if (state.variables.trim() !== '') {
    url.set('variables', state.variables);
  }

  if (state.headers && state.headers.trim() !== '') {
    url.set('headers', state.headers);
  }

  return `?${url}`;
}

/** Rewrites the address bar in place (no history entry per keystroke), so a reload or a shared link restores the page. */
export function writeUrlState(state: PlaygroundState): void {
  const search = urlSearchFor(state);
  if (search !== window.location.search) {
    window.history.replaceState(null, '', search + window.location.hash);
  }
}
