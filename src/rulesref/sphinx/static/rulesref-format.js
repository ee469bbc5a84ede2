/* rulesref: a switch that hides (and shows again) the highlighting of new text.
 * The choice is the reader's, kept across pages; pages without new text get
 * no switch. */
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
    main.insertBefore(button, main.firstChild);
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", addSwitch);
  } else {
    addSwitch();
  }
})();
