import { isSyntax } from '../query/syntax';
import type { PlaygroundState } from './playgroundState';

const storageKey = 'popcorn.playground.saved';
const maxEntries = 50;

/** A query the user chose to keep, under a name of their own; unlike recent queries it stays until removed. */
export interface SavedQuery extends PlaygroundState {
  id: string;
  name: string;
  savedAt: number;
}

export function loadSaved(): SavedQuery[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(storageKey) ?? '[]');
    return Array.isArray(stored) ? stored.filter(isSavedQuery) : [];
  } catch {
    return [];
  }
}

/** Keeps a query (headers left out: they may hold a token), newest first. */
export function saveQuery(state: PlaygroundState, name: string): SavedQuery[] {
  const entry: SavedQuery = { ...state, headers: undefined, id: `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`, name, savedAt: Date.now() };
  return store([entry, ...loadSaved()].slice(0, maxEntries));
}

export function renameSaved(id: string, name: string): SavedQuery[] {
  return store(loadSaved().map((entry) => (entry.id === id ? { ...entry, name } : entry)));
}

export function removeSaved(id: string): SavedQuery[] {
  return store(loadSaved().filter((entry) => entry.id !== id));
}

function store(list: SavedQuery[]): SavedQuery[] {
  try {
    localStorage.setItem(storageKey, JSON.stringify(list));
  } catch {
    // Storage full or disabled (private windows): the list lives as long as the page.
  }

  return list;
}

function isSavedQuery(value: unknown): value is SavedQuery {
  const entry = value as SavedQuery;
  return (
    typeof entry === 'object' &&
    entry !== null &&
    typeof entry.id === 'string' &&
    typeof entry.name === 'string' &&
    typeof entry.query === 'string' &&
    typeof entry.resource === 'string' &&
    isSyntax(entry.syntax) &&
    typeof entry.params === 'object' &&
    (entry.variables === undefined || typeof entry.variables === 'string')
  );
}
