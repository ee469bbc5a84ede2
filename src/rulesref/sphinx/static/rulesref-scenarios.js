/* rulesref: scenarios under the examples.
 *
 * - A folded scenario's story and doctests are not in the page: the page's
 *   scenarios script (_static/rulesref/scenarios/<page>.js, written by
 *   rulesref.sphinx.scenario_html) holds them, and is loaded when a reader
 *   opens one, so a reader of a rule never waits for them.
 * - A link to a scenario (#scenario-…) opens it, so the reader lands on the
 *   story, not on a closed box.  Without this script the box is still there,
 *   closed, and opens with a click, Enter or Space. */
(function () {
  "use strict";
  var loading = {};

  function root() {
    return document.documentElement.getAttribute("data-content_root") || "";
  }

  /* The page's scenarios script, once; resolves when it ran (or failed). */
  function load(page) {
    if (!loading[page]) {
      loading[page] = new Promise(function (resolve) {
        var script = document.createElement("script");
        script.src = root() + "_static/rulesref/scenarios/" +
          page.split("/").map(encodeURIComponent).join("/") + ".js";
        script.onload = script.onerror = function () { resolve(); };
        document.head.appendChild(script);
      });
    }
    return loading[page];
  }

  /* Put the scenario's story in its box (our own build's HTML, as the page's). */
  function fill(box) {
    var page = box.getAttribute("data-rr-later");
    if (!page || box.getAttribute("data-rr-filled")) return Promise.resolve();
    box.setAttribute("data-rr-filled", "1");
    return load(page).then(function () {
      var html = (window.RULESREF_SCENARIOS || {})[box.id];
      if (typeof html !== "string") return;
      var holder = box.querySelector(":scope > .rr-scenario-later");
      var template = document.createElement("template");
      template.innerHTML = html;
      if (holder) holder.replaceWith(template.content);
      else box.append(template.content);
      box.dispatchEvent(new CustomEvent("rr-scenario-filled", { bubbles: true }));
    });
  }

  document.addEventListener("toggle", function (event) {
    var box = event.target;
    if (box instanceof HTMLDetailsElement && box.open && box.matches("details.rr-scenario")) {
      fill(box);
    }
  }, true);

  function openTarget() {
    var id = "";
    try {
      id = decodeURIComponent(window.location.hash.slice(1));
    } catch (error) {
      return; /* a hand-typed "#%" is no anchor */
    }
    if (!id) return;
    var target = document.getElementById(id);
    var box = target && target.closest ? target.closest("details.rr-scenario") : null;
    if (box && !box.open) {
      box.open = true;
      fill(box).then(function () { target.scrollIntoView(); });
      target.scrollIntoView();
    }
  }
  window.addEventListener("hashchange", openTarget);
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", openTarget);
  } else {
    openTarget();
  }
})();
