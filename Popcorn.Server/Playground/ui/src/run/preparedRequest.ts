import type { ResourceInfo } from '../api/schema';
import { serverNames } from '../api/serverNames';
import { fillPath } from '../model/pathTemplate';

/** One HTTP request as the playground sends it, kept in parts so it can also be written as curl. */
export interface PreparedRequest {
  method: string;
  /** Path with parameters filled in, without the query string. */
  path: string;
  /** The selection sent as `?include=` (or the app's own parameter; REST); null for the defaults or the gateway. */
  include: string | null;
  headers: Record<string, string>;
  body: string | null;
}

/** The URL the browser fetches: the path plus the URL-encoded selection. */
export function urlOf(request: PreparedRequest): string {
  return request.include === null ? request.path : `${request.path}?${serverNames().queryParameterName}=${encodeURIComponent(request.include)}`;
}

export function restRequest(
  resource: ResourceInfo,
  params: Record<string, string>,
  selection: string,
  body: string | null,
): PreparedRequest {
  const path = fillPath(resource.path, params);
  const sendsBody = resource.method !== 'GET' && resource.method !== 'DELETE';
  return {
    method: resource.method,
    path,
    include: selection.trim() === '' ? null : selection,
    headers: sendsBody ? { 'content-type': 'application/json' } : {},
    body: sendsBody ? (body ?? '{}') : null,
  };
}

export function gatewayRequest(document: string, variables?: Record<string, unknown>): PreparedRequest {
  return {
    method: 'POST',
    path: serverNames().gatewayPath,
    include: null,
    headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json' },
    body: JSON.stringify(variables ? { query: document, variables } : { query: document }),
  };
}
