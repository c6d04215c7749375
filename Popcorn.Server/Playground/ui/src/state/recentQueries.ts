import { isSyntax } from '../query/syntax';
import type { PlaygroundState } from './playgroundState';

const storageKey = 'popcorn.playground.recent';
const maxEntries = 10;

export interface RecentQuery extends PlaygroundState {
  ranAt: number;
}

/** The queries run lately, newest first; empty when storage is unavailable or holds something else. */
export function loadRecent(): RecentQuery[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(storageKey) ?? '[]');
    return Array.isArray(stored) ? stored.filter(isRecentQuery) : [];
  } catch {
    return [];
  }
}

/** Puts a run query first (dropping an identical older entry) and keeps the list short. */
export function rememberQuery(state: PlaygroundState): RecentQuery[] {
  // Headers may hold a token: they are not written to local storage.
  const entry: RecentQuery = { ...state, headers: undefined, ranAt: Date.now() };
  const key = identity(entry);
  const list = [entry, ...loadRecent().filter((old) => identity(old) !== key)].slice(0, maxEntries);
  save(list);
  return list;
}

export function clearRecent(): RecentQuery[] {
  save([]);
  return [];
}

function save(list: RecentQuery[]): void {
  try {
    localStorage.setItem(storageKey, JSON.stringify(list));
  } catch {
    // Storage full or disabled (private windows): the list just isn't kept.
  }
}

function identity(state: PlaygroundState): string {
  return JSON.stringify([state.resource, state.params, state.query, state.variables]);
}

function isRecentQuery(value: unknown): value is RecentQuery {
  const entry = value as RecentQuery;
  return (
    typeof entry === 'object' &&
    entry !== null &&
    typeof entry.query === 'string' &&
    typeof entry.resource === 'string' &&
    isSyntax(entry.syntax) &&
    typeof entry.params === 'object' &&
    // Entries saved before variables were kept have none.
    (entry.variables === undefined || typeof entry.variables === 'string')
  );
}
