import type { ResourceInfo } from '../api/schema';
import { serverNames } from '../api/serverNames';
import { fillPath } from './pathTemplate';
import { gatewayScope, type Scope } from './scope';
import type { SchemaIndex } from './schemaIndex';

/** Where Run sends the query: a REST resource (with its path parameter values) or the gateway. */
export type Target = { kind: 'rest'; resource: ResourceInfo; params: Record<string, string> } | { kind: 'gateway' };

/** The name a target goes by in the URL and in recent queries. */
export const gatewayTargetName = 'graphql';

export function targetName(target: Target): string {
  return target.kind === 'gateway' ? gatewayTargetName : target.resource.name;
}

/** The request line a target is sent as, e.g. `GET /api/employees/3` or `POST /graphql`: how the response panel names it. */
export function requestLineOf(target: Target): string {
  return target.kind === 'gateway' ? `POST ${serverNames().gatewayPath}` : `${target.resource.method} ${fillPath(target.resource.path, target.params)}`;
}

/** The scope of the query's outermost selection: the resource's model type or the gateway's root fields. */
export function rootScopeOf(target: Target, index: SchemaIndex): Scope {
  return target.kind === 'gateway' ? gatewayScope : index.typeScope(target.resource.type);
}

/** Builds a target by name, filling parameters from `params` and defaulting missing ones to "1". */
export function resolveTarget(name: string | null, params: Record<string, string>, index: SchemaIndex): Target | null {
  if (name === gatewayTargetName) {
    return { kind: 'gateway' };
  }

  const resource = name ? index.resourceNamed(name) : undefined;
  if (!resource) {
    return null;
  }

  const values: Record<string, string> = {};
  for (const parameter of resource.parameters) {
    values[parameter.name] = params[parameter.name] ?? '1';
  }

  return { kind: 'rest', resource, params: values };
}

/** The first resource a newcomer should see: a GET that lists, else any resource, else the gateway. */
export function defaultTarget(index: SchemaIndex): Target {
  const resources = index.schema.resources;
  const first = resources.find((r) => r.method === 'GET' && r.isList) ?? resources[0];
  return first ? (resolveTarget(first.name, {}, index) as Target) : { kind: 'gateway' };
}
