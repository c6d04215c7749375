import { problemIn, type Problem } from './problem';
import { toolsPath } from './serverNames';

/** The same selection in both canonical forms, as the server prints them. */
export interface NormalizedQuery {
  include: string;
  graphql: string;
  /** Checked against a type only: the selection's estimated cost for one value of it, and the server's default limit. */
  cost?: SelectionCost;
}

/** The server's estimate of a selection's work for one value of the checked type, and the largest it accepts. */
export interface SelectionCost {
  cost: number;
  maxCost: number;
}

/** A refusal carries every problem found (`problems`, the first being `problem`): one for a selection, all for a gateway document. */
export type NormalizeResult = { ok: true; query: NormalizedQuery } | { ok: false; problem: Problem; problems: Problem[] };

/** What `GET /popcorn/check` answers, always with 200. */
interface QueryCheck {
  valid: boolean;
  include?: string;
  graphql?: string;
  problem?: unknown;
  problems?: unknown[];
  cost?: number;
  maxCost?: number;
}

/**
 * Asks the server to parse `query` (either syntax) and print it canonically.
 * With a model type name the fields are also checked against that type; with `variables` (a JSON object's text) a
 * GraphQL document's `$name`s are bound to them, as the gateway will bind them. With `onGateway` the gateway itself
 * judges the document (`gateway=true`: its validation and planning, nothing run or counted) and names every error.
 *
 * It asks `/popcorn/check` rather than `/popcorn/normalize`: both give the same verdict, but
 * normalize answers a bad query with a 400, which the browser logs as a console error on every
 * pause in typing; check answers 200 with the problem inside.
 */
export async function normalize(query: string, typeName?: string, signal?: AbortSignal, variables?: string, onGateway = false): Promise<NormalizeResult> {
  const params = new URLSearchParams({ query });
  if (typeName) {
    params.set('type', typeName);
  }

  if (variables !== undefined) {
    params.set('variables', variables);
  }

  if (onGateway) {
    params.set('gateway', 'true');
  }

  const response = await fetch(`${toolsPath()}/check?${params}`, { signal, headers: { accept: 'application/json' } });
  const body = (await response.json().catch(() => null)) as QueryCheck | null;
  if (response.ok && body?.valid === true) {
    const cost = typeof body.cost === 'number' && typeof body.maxCost === 'number' ? { cost: body.cost, maxCost: body.maxCost } : undefined;
    return { ok: true, query: { include: body.include ?? '', graphql: body.graphql ?? '', cost } };
  }

  const problem = problemIn(body?.problem) ?? problemIn(body) ?? { title: `The server answered ${response.status}.`, status: response.status };
  const problems = (body?.problems ?? []).map(problemIn).filter((found): found is Problem => found !== null);
  return { ok: false, problem, problems: problems.length > 0 ? problems : [problem] };
}
