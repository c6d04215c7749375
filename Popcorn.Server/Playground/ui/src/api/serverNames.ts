/**
 * The names the app sends selections under, from `GET {tools}/schema`: an app may rename the `include`
 * parameter, the header or the gateway's path, and the playground must send what the app reads. Set once, after
 * the schema loads and before the page is built; until then (and for a server that leaves them out) the defaults.
 */
export interface ServerNames {
  queryParameterName: string;
  headerName: string;
  gatewayPath: string;
  /** Where the live figures are (`MapPopcornFigures`), or null when the app serves none: then the page never asks. */
  figuresPath: string | null;
}

export const defaultServerNames: ServerNames = {
  queryParameterName: 'include',
  headerName: 'Popcorn-Include',
  gatewayPath: '/graphql',
  figuresPath: null,
};

let current = defaultServerNames;

export function serverNames(): ServerNames {
  return current;
}

export function useServerNames(names: Partial<ServerNames>): void {
  current = {
    queryParameterName: names.queryParameterName || defaultServerNames.queryParameterName,
    headerName: names.headerName || defaultServerNames.headerName,
    gatewayPath: names.gatewayPath || defaultServerNames.gatewayPath,
    figuresPath: names.figuresPath || null,
  };
}

/**
 * Where the schema endpoints are (`MapPopcornSchema`'s pattern), from the page's `popcorn-tools` meta tag: the
 * sample app serves the page as built (`/popcorn`), `MapPopcornPlayground` writes the app's own path into it.
 */
export function toolsPath(): string {
  const content = document.querySelector<HTMLMetaElement>('meta[name="popcorn-tools"]')?.content;
  return (content || '/popcorn').replace(/\/+$/, '');
}
