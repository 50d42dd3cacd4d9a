// Pan, zoom and fit-to-screen of the graph, with d3-zoom (served by the viewer
// as /vendor/d3-zoom.js, which defines globalThis.d3).
const PADDING = 24;
/** Fitting never enlarges a small graph past its natural size. */
const MAX_FIT_SCALE = 1;
/** Below this scale the cards' small print is hidden: it would be unreadable noise. */
const FAR_SCALE = 0.45;

/** `overlay`: the legend floating over the canvas's top; fitting keeps the graph below it. */
export function setupZoom(svgElement, viewport, bounds, overlay) {
  const d3 = globalThis.d3;
  let moved = false;
  /** The scale a toolbar zoom is heading to while its animation runs. */
  let targetScale;
  const zoom = d3
    .zoom()
    .on('zoom', (event) => {
      viewport.setAttribute('transform', event.transform.toString());
      svgElement.classList.toggle('far', event.transform.k < FAR_SCALE);
      // A transform the user made (wheel, drag) is kept on resize; one the page made is refitted.
      if (event.sourceEvent) moved = true;
    });
  const selection = d3.select(svgElement).call(zoom).on('dblclick.zoom', null);

  function fitTransform() {
    const { width, height, top: canvasTop } = svgElement.getBoundingClientRect();
    const top = overlay.getBoundingClientRect().bottom - canvasTop + 12;
    const k = Math.min(MAX_FIT_SCALE, (width - 2 * PADDING) / Math.max(1, bounds.width), (height - top - PADDING) / Math.max(1, bounds.height));
    zoom.scaleExtent([Math.min(0.2, k / 2), 4]);
    return d3.zoomIdentity.translate((width - bounds.width * k) / 2, top + (height - top - PADDING - bounds.height * k) / 2).scale(k);
  }

  function fitToScreen(animate) {
    moved = false;
    const target = fitTransform();
    if (animate) selection.transition().duration(300).call(zoom.transform, target);
    else selection.call(zoom.transform, target);
  }

  // The canvas changes size with the window and when the side panel opens or closes.
  new ResizeObserver(() => {
    if (!moved) fitToScreen(false);
  }).observe(svgElement);
  return {
    fitToScreen,
    zoomBy(factor) {
      moved = true;
      // Quick clicks add up: each scales the scale the previous one is heading to, not the one its animation has
      // reached (a transition's scaleBy starts from where it is, so a second click would lose part of the first).
      const [low, high] = zoom.scaleExtent();
      const k = Math.max(low, Math.min(high, (targetScale ?? d3.zoomTransform(svgElement).k) * factor));
      targetScale = k;
      selection.transition().duration(200).call(zoom.scaleTo, k).on('end interrupt', () => {
        if (targetScale === k) targetScale = undefined;
      });
    },
  };
}
