import { h } from '../dom/element';

/** The answer of the sample app's Development-only `GET /dev/identity`. */
interface DevelopmentIdentity {
  roles: string[];
  offered: string[];
  cookie: string;
}

const anonymous = '';

// The cookie that makes a request act as the chosen role (`name=value`), or null when acting as nobody: what a copied
// curl command must send to be answered as the page is.
let actingAs: string | null = null;

/** The cookie a request sends to act as the role the switch shows (`popcorn-dev-roles=sales`); null when anonymous. */
export function actingAsCookie(): string | null {
  return actingAs;
}

/**
 * "Act as": a switch between an anonymous caller and a caller with one of the roles the app offers, so fields that
 * need an authorization policy (a customer's credit limit needs `sales`) can be seen appearing and disappearing. It
 * exists only where the app sets the `popcorn-dev-identity` cookie and answers `/dev/identity`, which the sample does
 * in Development alone; elsewhere (the embedded playground, production) it never shows and nothing is requested. Choosing sets the app's development cookie and reloads the page,
 * so the schema, the explorer and every check are the new caller's (the query and target live in the URL).
 */
export async function mountActAsSwitch(container: Element | null): Promise<void> {
  // The app says the switch exists with a cookie (the sample, in Development); without it, nothing is requested.
  if (!container || !document.cookie.split(';').some((part) => part.trim().startsWith('popcorn-dev-identity='))) {
    return;
  }

  let identity: DevelopmentIdentity;
  try {
    const response = await fetch('/dev/identity', { headers: { accept: 'application/json' } });
    if (!response.ok) {
      return;
    }

    identity = (await response.json()) as DevelopmentIdentity;
  } catch {
    return;
  }

  const current = identity.roles.find((role) => identity.offered.includes(role)) ?? anonymous;
  actingAs = current === anonymous ? null : `${identity.cookie}=${encodeURIComponent(current)}`;
  const select = h(
    'select',
    { id: 'act-as', 'data-testid': 'act-as', onchange: () => actAs(identity.cookie, select.value) },
    h('option', { value: anonymous }, 'anonymous'),
    ...identity.offered.map((role) => h('option', { value: role }, `role: ${role}`)),
  );
  select.value = current;
  container.prepend(
    h(
      'label',
      { class: 'act-as', for: 'act-as', title: 'Development only: the caller the playground acts as, for fields that need an authorization policy' },
      'Act as',
      select,
    ),
  );
}

function actAs(cookie: string, role: string): void {
  document.cookie = role === anonymous
    ? `${cookie}=; path=/; max-age=0; SameSite=Strict`
    : `${cookie}=${encodeURIComponent(role)}; path=/; SameSite=Strict`;
  location.reload();
}
