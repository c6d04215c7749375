// What "fits the screen" means, measured in the page: nothing scrolls sideways, and nothing a
// person could see reaches past the viewport's right edge.

/**
 * The document's scroll width, the viewport's width, and every visible element whose right edge
 * (after the clipping of its scrolling or overflow-hidden ancestors) lies beyond the viewport.
 */
export function horizontalOverflow(page) {
  return page.evaluate(() => {
    const viewport = window.innerWidth;
    // Content inside a scroller (the editor, the response rows, a long explorer line) may be wider
    // than the screen; only what shows through the scroller's box counts.
    const visibleRight = (element) => {
      let right = element.getBoundingClientRect().right;
      for (let ancestor = element.parentElement; ancestor; ancestor = ancestor.parentElement) {
        if (getComputedStyle(ancestor).overflowX !== 'visible') {
          right = Math.min(right, ancestor.getBoundingClientRect().right);
        }
      }

      return right;
    };
    const shown = (element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
    };
    const beyond = [...document.body.querySelectorAll('*')]
      .filter((element) => shown(element) && visibleRight(element) > viewport + 0.5)
      .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')} right=${Math.round(visibleRight(element))}`);
    return { scrollWidth: document.scrollingElement.scrollWidth, viewport, beyond };
  });
}

/** Is the element laid out on screen (not display:none, not in a hidden pane)? */
export const isShown = (locator) => locator.evaluate((element) => element.checkVisibility());
