import type { Syntax } from '../query/syntax';

/** Everything needed to reproduce what a person sees: shared through the URL and the recent list. */
export interface PlaygroundState {
  query: string;
  syntax: Syntax;
  /** A REST resource's name, or `graphql` for the gateway. */
  resource: string;
  /** Path parameter values by name, for REST resources that have them. */
  params: Record<string, string>;
  /** The gateway's variables as typed (JSON text); empty when there are none. */
  variables: string;
  /** Request headers as typed (JSON text), only while the user shares them in the URL; never kept in recent queries. */
  headers?: string;
}
