/* rulesref: a link to a scenario (#scenario-…) opens it, so the reader lands on
   the story, not on a closed box.  Without this script the box is still there,
   closed, and opens with a click, Enter or Space. */
(function () {
  "use strict";
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
