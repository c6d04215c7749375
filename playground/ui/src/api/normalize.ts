import { problemIn, type Problem } from './problem';

/** The same selection in both canonical forms, as `GET /popcorn/normalize` prints them. */
export interface NormalizedQuery {
  include: string;
  graphql: string;
}

export type NormalizeResult = { ok: true; query: NormalizedQuery } | { ok: false; problem: Problem };

/**
 * Asks the server to parse `query` (either syntax) and print it canonically.
 * With a model type name the fields are also checked against that type.
 */
export async function normalize(query: string, typeName?: string, signal?: AbortSignal): Promise<NormalizeResult> {
  const params = new URLSearchParams({ query });
  if (typeName) {
    params.set('type', typeName);
  }

  const response = await fetch(`/popcorn/normalize?${params}`, { signal, headers: { accept: 'application/json' } });
  const body: unknown = await response.json().catch(() => null);
  if (response.ok && body !== null) {
    return { ok: true, query: body as NormalizedQuery };
  }

  return {
    ok: false,
    problem: problemIn(body) ?? { title: `The server answered ${response.status}.`, status: response.status },
  };
}
