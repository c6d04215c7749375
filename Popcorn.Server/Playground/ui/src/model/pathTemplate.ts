/**
 * ASP.NET Core route templates as the schema reports them: `{id}`, `{id:int}`, `{id?}`,
 * `{id=3}`, `{*rest}`. The constraint and default are the server's business; the name is ours.
 */
const parameterPattern = /\{\*{0,2}(\w+)(?::[^}=?]*)*\??(?:=[^}]*)?\}/g;

/** The path with each parameter replaced by its URL-encoded value. */
export function fillPath(template: string, values: Record<string, string>): string {
  return template.replace(parameterPattern, (_, name: string) => encodeURIComponent(values[name] ?? ''));
}

/** The path as people read it: `/api/employees/{id}` for `/api/employees/{id:int}`. */
export function displayPath(template: string): string {
  return template.replace(parameterPattern, (_, name: string) => `{${name}}`);
}
