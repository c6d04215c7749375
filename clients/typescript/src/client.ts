/** A small typed fetch helper: sends the selection and returns the narrowed type. */
import type { ModelSpec, ResourceSpec } from './model.js';
import type { Select, ValidSelection } from './select.js';

/** The route template's `{name}` parameters. */
export type PathParams<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? { [K in Name | keyof PathParams<Rest>]: string | number } : {};

/** What a GET of resource `P` with selection `S` returns: the selected object, or an array of them for a list. */
export type ResourceResult<M extends ModelSpec, R extends ResourceSpec, P extends keyof R, S extends string> =
  R[P]['type'] extends infer T extends keyof M & string
    ? R[P]['list'] extends true ? Array<Select<M, T, S>> : Select<M, T, S>
    : never;

/** Options of {@link createPopcornClient}. */
export interface PopcornClientOptions {
  /** The server's address, e.g. `http://localhost:5000`. */
  baseUrl: string;
  /** The query parameter the selection goes in (`PopcornOptions.QueryParameterName`; `include` by default). */
  queryParameterName?: string;
  /** The fetch to use (a test's, one with credentials); the global `fetch` by default. */
  fetch?: typeof fetch;
  /** Headers sent with every request. */
  headers?: Record<string, string>;
}

/** A refused request: the server's status and its problem details (`application/problem+json`), when it sent them. */
export class PopcornRequestError extends Error {
  constructor(readonly status: number, readonly problem: unknown) {
    super(`Popcorn request failed with ${status}${typeof problem === 'object' && problem !== null && 'detail' in problem ? `: ${String((problem as { detail: unknown }).detail)}` : ''}`);
  }
}

/** The typed client over a generated model (`Model`) and its resources (`Resources`). */
export interface PopcornClient<M extends ModelSpec, R extends ResourceSpec> {
  /**
   * GETs resource `path` with `include` as the selection (omitted: the defaults) and resolves to exactly what that
   * selection writes. An unknown field or a syntax error in a literal selection is a compile error.
   */
  get<P extends keyof R & string, const S extends string = ''>(
    path: P,
    request?: { params?: PathParams<P>; include?: S & ValidSelection<M, R[P]['type'], S>; signal?: AbortSignal },
  ): Promise<ResourceResult<M, R, P, S>>;
}

/** Makes a typed client: `createPopcornClient<Model, Resources>({ baseUrl })`. */
export function createPopcornClient<M extends ModelSpec, R extends ResourceSpec>(options: PopcornClientOptions): PopcornClient<M, R> {
  const send = options.fetch ?? fetch;
  const parameter = options.queryParameterName ?? 'include';
  return {
    async get(path, request) {
      const params = (request?.params ?? {}) as Record<string, string | number>;
      const route = path.replace(/\{(\w+)\}/g, (_, name: string) => {
        if (!(name in params)) {
          throw new Error(`The route ${path} needs the parameter '${name}'.`);
        }

        return encodeURIComponent(String(params[name]));
      });
      const url = new URL(route, options.baseUrl);
      if (request?.include !== undefined && request.include !== '') {
        url.searchParams.set(parameter, request.include);
      }

      const response = await send(url, { headers: { accept: 'application/json', ...options.headers }, signal: request?.signal });
      if (!response.ok) {
        const type = response.headers.get('content-type') ?? '';
        throw new PopcornRequestError(response.status, type.includes('json') ? await response.json() : await response.text());
      }

      return response.json();
    },
  };
}
