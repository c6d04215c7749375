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
}
