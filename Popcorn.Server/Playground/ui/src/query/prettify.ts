import { normalize } from '../api/normalize';
import type { Problem } from '../api/problem';
import { prettyGraphql } from './prettyGraphql';
import type { Syntax } from './syntax';

export type PrettifyResult = { ok: true; text: string } | { ok: false; problem: Problem };

/**
 * The query laid out tidily: the include syntax in the server's canonical one-line form (it has
 * no multi-line convention, and the server's printer is the one the docs show), the GraphQL
 * syntax one field per line, formatted here so nothing the server's form would drop is lost.
 */
export async function prettify(text: string, syntax: Syntax): Promise<PrettifyResult> {
  if (syntax === 'graphql') {
    return { ok: true, text: prettyGraphql(text) };
  }

  const result = await normalize(text);
  return result.ok ? { ok: true, text: result.query.include } : result;
}
