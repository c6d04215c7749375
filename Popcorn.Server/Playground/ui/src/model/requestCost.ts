import type { SelectionCost } from '../api/normalize';

/** The assumed list size the server multiplies a list resource's cost by (PopcornOptions.AssumedListSize's default). */
export const assumedListSize = 10;

/** What one request with this selection is estimated to cost, set against the limit. */
export interface RequestCost {
  /** The cost for one value of the resource's type. */
  perValue: number;
  /** The request's whole cost: per value, times the assumed list size for a list resource. */
  total: number;
  maxCost: number;
  /** True for a list resource, whose real size the server cannot know before running. */
  estimated: boolean;
  overLimit: boolean;
}

/**
 * The request's cost from the server's per-value check: the server checks the selection against
 * one value of the type, but a list resource answers with many, and its limit applies to the whole.
 */
export function requestCost(cost: SelectionCost, isList: boolean): RequestCost {
  const total = isList ? cost.cost * assumedListSize : cost.cost;
  return { perValue: cost.cost, total, maxCost: cost.maxCost, estimated: isList, overLimit: total > cost.maxCost };
}
