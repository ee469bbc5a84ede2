// The rule a link leads to, brought into view the first frame it is there
// (rulesref.sphinx.features.landing): inlined at the top of every page's head.
(function () {
  var id;
  try { id = decodeURIComponent(location.hash.slice(1)); } catch (e) { return; }
  if (!id || !window.requestAnimationFrame) { return; }
  // Back, forward and reload put the reader back where they were: the browser's.
  var entry = performance.getEntriesByType && performance.getEntriesByType("navigation")[0];
  if (entry && entry.type !== "navigate") { return; }
  // The reader moving first wins: nothing is scrolled under their hand.
  var moved = false;
  var stop = function () { moved = true; };
  ["wheel", "touchstart", "keydown", "mousedown"].forEach(function (kind) {
    addEventListener(kind, stop, { once: true, passive: true, capture: true });
  });
  var look = function () {
    if (moved) { return; }
    var target = document.getElementById(id);
    if (target) { target.scrollIntoView(); return; }
    // Once the page is parsed, the browser lands by itself.
    if (document.readyState === "loading") { requestAnimationFrame(look); }
  };
  requestAnimationFrame(look);
})();
