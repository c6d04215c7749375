import { normalize } from '../api/normalize';
import { describeProblem } from '../api/problem';
import type { Target } from '../model/target';
import { fullGatewayQuery } from '../query/fullQuery';
import type { Syntax } from '../query/syntax';
import { gatewayRequest, restRequest, type PreparedRequest } from './preparedRequest';

/** The selection that asks a REST resource for everything, to measure what a selection saves. */
const fullInclude = '[!full]';

export interface RunRequests {
  /** The request for the query as written. */
  request: PreparedRequest;
  /** The same request asking for everything (the deep wildcard), or null with the reason why not. */
  full: PreparedRequest | null;
  fullReason?: string;
}

export interface RunInput {
  target: Target;
  syntax: Syntax;
  query: string;
  /** The JSON body for resources that take one. */
  body: string;
  /** The gateway's variables, already parsed. */
  variables: Record<string, unknown> | undefined;
  /** The user's request headers (lower-case names), added to every request and replacing the page's own. */
  headers: Record<string, string>;
}

/** Builds what Run sends for the current target; a gateway query in include syntax is converted first. */
export async function requestsFor(input: RunInput): Promise<RunRequests> {
  const { request, full, fullReason } = await requestsWithoutHeaders(input);
  const withHeaders = (prepared: PreparedRequest): PreparedRequest => ({ ...prepared, headers: { ...prepared.headers, ...input.headers } });
  return { request: withHeaders(request), full: full && withHeaders(full), fullReason };
}

async function requestsWithoutHeaders(input: RunInput): Promise<RunRequests> {
  const { target, query } = input;
  if (target.kind === 'rest') {
    const request = restRequest(target.resource, target.params, query, input.body);
    // Running a POST twice would create the record twice: only safe reads are measured.
    return target.resource.method === 'GET'
      ? { request, full: restRequest(target.resource, target.params, fullInclude, null) }
      : { request, full: null, fullReason: `No size comparison for ${target.resource.method}: it would run the request twice.` };
  }

  const document = await gatewayDocument(query, input.syntax);
  const fullDocument = fullGatewayQuery(document);
  return {
    request: gatewayRequest(document, input.variables),
    full: fullDocument ? gatewayRequest(fullDocument, input.variables) : null,
    fullReason: 'No root fields to compare with.',
  };
}

/** The gateway takes GraphQL documents, so include syntax goes through the server's printer. */
async function gatewayDocument(query: string, syntax: Syntax): Promise<string> {
  if (syntax === 'graphql' || query.trim() === '') {
    return query;
  }

  const result = await normalize(query);
  if (!result.ok) {
    throw new Error(`The query could not be converted for the gateway: ${describeProblem(result.problem)}`);
  }

  return result.query.graphql;
}
