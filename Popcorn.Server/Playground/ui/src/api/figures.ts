import { serverNames } from './serverNames';

/** `GET {tools}/figures`: running totals of the app's Popcorn.Server meter (docs/observability.md, "Live figures"). */
export interface Figures {
  since: string;
  selections: { total: number; bySyntax: Record<string, number>; byTransport: Record<string, number> };
  planCache: { hits: number; misses: number; hitRatio: number | null };
  responses: { count: number; bytes: number };
  persistedQueries: Record<string, number>;
  errors: number;
}

/** The figures, or null when the app does not serve them (`figuresPath` in the schema is null) or they did not answer. */
export async function fetchFigures(): Promise<Figures | null> {
  const path = serverNames().figuresPath;
  if (!path) {
    return null;
  }

  const response = await fetch(path, { headers: { accept: 'application/json' }, cache: 'no-store' });
  return response.ok ? ((await response.json()) as Figures) : null;
}
