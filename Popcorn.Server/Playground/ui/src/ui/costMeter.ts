import { assumedListSize, type RequestCost } from '../model/requestCost';
import { h } from '../dom/element';

const numbers = new Intl.NumberFormat('en-US');

/**
 * The query's estimated cost and the server's limit, beside the query's status; over the limit it
 * turns into a warning, since Run would be answered with a LimitExceeded problem.
 */
export class CostMeter {
  readonly element = h('div', { class: 'cost-meter', 'data-testid': 'query-cost', hidden: true });

  show(cost: RequestCost | null): void {
    if (!cost) {
      this.element.hidden = true;
      this.element.textContent = '';
      return;
    }

    const amount = cost.estimated
      ? `${numbers.format(cost.perValue)} × ${assumedListSize} = ${numbers.format(cost.total)} (estimated for ${assumedListSize} items)`
      : numbers.format(cost.total);
    const limit = numbers.format(cost.maxCost);
    this.element.hidden = false;
    this.element.className = cost.overLimit ? 'cost-meter is-over' : 'cost-meter';
    this.element.textContent = cost.overLimit
      ? `Cost ${amount} is over the limit of ${limit}: the server will refuse this query.`
      : `Cost ${amount} of ${limit} allowed`;
    this.element.title = cost.estimated
      ? `The server's estimate for one item, times an assumed list size of ${assumedListSize}; the limit applies to the whole request.`
      : "The server's estimate of the work this selection asks for; the limit applies to the whole request.";
  }
}
