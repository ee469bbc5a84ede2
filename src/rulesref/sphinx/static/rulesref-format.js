/* rulesref: how a page sits on a small screen.
 * - A switch that hides (and shows again) the highlighting of new text. The
 *   choice is the reader's, kept across pages; pages without new text get no
 *   switch. It goes under the "Go to rule" box, never beside or over it.
 * - The rule a link lands on shows below the sticky header and box: their
 *   height is measured (--rr-sticky, which every anchor's scroll-margin uses)
 *   whenever it changes, and a landing made before the measure is made again. */
(function () {
  "use strict";
  var KEY = "rulesref-hide-new";
  var root = document.documentElement;
  function stored() {
    try { return window.localStorage.getItem(KEY) === "1"; } catch (e) { return false; }
  }
  function store(value) {
    try { window.localStorage.setItem(KEY, value ? "1" : "0"); } catch (e) { /* private mode */ }
  }
  if (stored()) { root.classList.add("rr-hide-new"); }

  function addSwitch() {
    if (!document.querySelector(".rr-new-text, .rr-badge-new")) { return; }
    var main = document.querySelector("[role=main]") || document.querySelector(".body") ||
      document.body;
    var button = document.createElement("button");
    button.type = "button";
    button.className = "rr-new-switch";
    // One label, its state in aria-pressed (a toggle button's label does not change).
    button.textContent = "Highlight new text";
    button.title = "Show or hide the highlighting of text new in this edition";
    function show() {
      var hidden = root.classList.contains("rr-hide-new");
      button.setAttribute("aria-pressed", hidden ? "false" : "true");
    }
    button.addEventListener("click", function () {
      var hidden = !root.classList.contains("rr-hide-new");
      root.classList.toggle("rr-hide-new", hidden);
      store(hidden);
      show();
    });
    show();
    var box = main.querySelector("form.rr-goto");
    if (box && box.parentNode) {
      box.parentNode.insertBefore(button, box.nextSibling);
    } else {
      main.insertBefore(button, main.firstChild);
    }
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", addSwitch);
  } else {
    addSwitch();
  }
})();

(function () {
  "use strict";
  var root = document.documentElement;
  var measured = null;
  function stickyHeight() {
    var bottom = 0;
    var bars = document.querySelectorAll(".mobile-header, form.rr-goto");
    for (var i = 0; i < bars.length; i += 1) {
      var style = window.getComputedStyle(bars[i]);
      if ((style.position === "sticky" || style.position === "fixed") &&
          style.display !== "none") {
        bottom += bars[i].getBoundingClientRect().height;
      }
    }
    return bottom;
  }
  function measure() {
    var height = stickyHeight();
    if (height === measured) { return; }
    var first = measured === null;
    measured = height;
    if (height) {
      root.style.setProperty("--rr-sticky", height + "px");
    } else {
      root.style.removeProperty("--rr-sticky");
    }
    // The landing made before this measure (or with the old one) is made again.
    var hash = window.location.hash;
    var target = null;
    try { target = hash && document.getElementById(decodeURIComponent(hash.slice(1))); }
    catch (e) { target = null; }
    if (target && first) { target.scrollIntoView(); }
  }
  function start() {
    measure();
    if (window.ResizeObserver) {
      var watch = new window.ResizeObserver(measure);
      var bars = document.querySelectorAll(".mobile-header, form.rr-goto");
      for (var i = 0; i < bars.length; i += 1) { watch.observe(bars[i]); }
    }
    window.addEventListener("resize", measure);
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
