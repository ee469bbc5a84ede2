/* rulesref: reaching a rule by its number, and copying a rule's link.
 *
 * - The "go to rule" box (form.rr-goto) jumps straight to an exact number
 *   through the static short addresses r/<book>/<number>/ and r/<number>/; any
 *   other text goes to the search page, as the form does without JavaScript.
 * - "#8.1.2E" lands like "#8.1.2e": anchors are case-sensitive, numbers are not;
 *   "#rule_54+" lands on "#rule_54.2B", the anchor of an ID an anchor may not hold.
 * - Each rule's number (a.rr-number), each example's label and each timing
 *   step's link control (a.rr-permalink) copies the permanent address
 *   instead of only jumping to it, and says so.
 * - On the 404 page, the number of a missing short address fills the box.
 * No network beyond the site itself; text is inserted with textContent only. */
"use strict";

(() => {
  const NUMBER = /^(?:(?:rule|section|step|chapter|§)\s*)?([0-9][0-9a-z_]*(?:\.[0-9a-z_]+)*)\.?$/i;
  const root = () => document.documentElement.dataset.content_root || "";
  const siteUrl = (path) => new URL(root() + path, window.location.href);

  /* The rule an official number leads to: the permalink written in its short
   * address page, or that page itself (several books share the number, or the
   * site is opened from disk, where fetch is not allowed). null: no such number. */
  const numberTarget = async (number, book) => {
    const pages = [];
    if (book) pages.push(siteUrl(`r/${encodeURIComponent(book)}/${number}/`));
    pages.push(siteUrl(`r/${number}/`));
    for (const page of pages) {
      let response;
      try {
        response = await fetch(page);
      } catch (error) {
        return pages[0];
      }
      if (!response.ok) continue;
      const html = await response.text();
      const doc = new DOMParser().parseFromString(html, "text/html");
      const meta = doc.querySelector('meta[name="rulesref-target"]');
      return meta ? new URL(meta.getAttribute("content"), page) : page;
    }
    return null;
  };

  const normalise = (text) => {
    const match = NUMBER.exec(text.trim());
    return match ? match[1].toLowerCase() : null;
  };

  const goTo = (url) => {
    if (url.pathname === window.location.pathname && url.hash) {
      if (url.hash === window.location.hash) landOnHash();
      else window.location.hash = url.hash;
    } else {
      window.location.assign(url.href);
    }
  };

  document.addEventListener("submit", async (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.matches("form.rr-goto, form.rr-search-form")) {
      return;
    }
    const input = form.querySelector("input[name=q]");
    const number = input ? normalise(input.value) : null;
    if (!number) return;
    event.preventDefault();
    form.setAttribute("aria-busy", "true");
    const target = await numberTarget(number, form.dataset.book || "");
    form.removeAttribute("aria-busy");
    if (target) {
      goTo(target);
    } else {
      form.submit();
    }
  });

  /* The anchor rulesref gives an ID that an anchor may not hold
   * (rulesref.identifiers.anchor_for): "rule_54+" is shown at "#rule_54.2B",
   * and a link written with the ID itself, as other sites write it, lands there. */
  const SAFE_ID = /^[A-Za-z0-9_][A-Za-z0-9_.:-]*$/;
  const KEPT = /^[A-Za-z0-9_:-]$/;
  const anchorFor = (id) => {
    if (SAFE_ID.test(id)) return id;
    let out = "";
    let first = true;
    for (const ch of id.trim()) {
      if (KEPT.test(ch) && (!first || !":-".includes(ch))) {
        out += ch;
      } else {
        for (const byte of new TextEncoder().encode(ch)) {
          out += "." + byte.toString(16).toUpperCase().padStart(2, "0");
        }
      }
      first = false;
    }
    return /^[A-Za-z0-9_]/.test(out) ? out : "_" + out;
  };

  /* Anchors: an exact ID or number lands by itself; an ID as written lands on
   * its anchor; fold the case of a number. */
  const landOnHash = () => {
    let raw = "";
    try {
      raw = decodeURIComponent(window.location.hash.slice(1));
    } catch {
      return; /* a hand-typed "#%" is no anchor */
    }
    if (!raw || document.getElementById(raw)) return;
    const number = normalise(raw);
    const found = document.getElementById(anchorFor(raw)) ||
      (number && document.getElementById(number));
    if (found) window.location.replace(`#${found.id}`);
  };
  window.addEventListener("hashchange", landOnHash);

  /* Copy links. */
  let status = null;
  const announce = (message) => {
    if (!status) {
      status = document.createElement("div");
      status.className = "rr-copied";
      status.setAttribute("role", "status");
      status.setAttribute("aria-live", "polite");
      document.body.appendChild(status);
    }
    status.textContent = message;
    status.classList.add("rr-copied-shown");
    window.clearTimeout(announce.timer);
    announce.timer = window.setTimeout(() => status.classList.remove("rr-copied-shown"), 2500);
  };

  const copyText = async (text) => {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch (error) {
      const area = document.createElement("textarea");
      area.value = text;
      area.setAttribute("readonly", "");
      area.style.position = "fixed";
      area.style.opacity = "0";
      document.body.appendChild(area);
      area.select();
      let done = false;
      try {
        done = document.execCommand("copy");
      } catch (ignored) {
        done = false;
      }
      area.remove();
      return done;
    }
  };

  /* The controls that copy: a rule's number, an example's label, a timing
   * step's control, a heading's link (made one by headingLinks below). */
  const COPIES = "a.rr-permalink, a.rr-number[href], a.rr-example-label[href]";
  const KINDS = { "rr-subsection": "section", "rr-step": "step", "rr-timing": "step" };
  /* "rule 8.1.2e", "example 2 of rule 8.1.2e": what a copying control links to. */
  const describe = (link) => {
    if (link.dataset.label) return link.dataset.label;
    const label = (link.getAttribute("aria-label") || "").replace(/^Copy link to /, "");
    if (label) return label;
    const item = link.closest(".rr-item");
    if (!item) return "this rule";
    const kind = Object.keys(KINDS).find((name) => item.classList.contains(name));
    const number = item.querySelector(".rr-number");
    const rule = `${kind ? KINDS[kind] : "rule"} ${number ? number.textContent.trim() : ""}`.trim();
    return link.classList.contains("rr-example-label")
      ? `${link.textContent.trim().toLowerCase()} of ${rule}` : rule;
  };

  document.addEventListener("click", async (event) => {
    const link = event.target instanceof Element ? event.target.closest(COPIES) : null;
    if (!link || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    const url = new URL(link.getAttribute("href"), window.location.href);
    history.replaceState(null, "", url.hash);
    const what = describe(link);
    if (await copyText(url.href)) {
      link.classList.add("rr-permalink-copied");
      window.setTimeout(() => link.classList.remove("rr-permalink-copied"), 1500);
      announce(`Link to ${what} copied`);
    } else {
      announce(`Address of ${what} is in the address bar: copy it from there`);
    }
  });

  /* The control's tooltip (and a number's description for screen readers),
   * written when it is pointed at or reached rather than in every rule. */
  for (const type of ["pointerover", "focusin"]) {
    document.addEventListener(type, (event) => {
      const link = event.target instanceof Element ? event.target.closest(COPIES) : null;
      if (link && !link.title) link.title = `Copy link to ${describe(link)}`;
    });
  }

  /* Chapter and section headings keep the theme's heading link; it copies too. */
  const headingLinks = () => {
    const selector = "section.rr-item > :is(h1, h2, h3, h4, h5, h6) > a.headerlink";
    for (const link of document.querySelectorAll(selector)) {
      const section = link.closest("section.rr-item");
      const number = link.parentElement.querySelector(".rr-number");
      const kind = section.classList.contains("rr-chapter") ? "chapter" : "section";
      const what = number ? `${kind} ${number.textContent.trim()}` : "this section";
      link.classList.add("rr-permalink");
      link.dataset.label = what;
      link.setAttribute("aria-label", `Copy link to ${what}`);
      link.title = `Copy link to ${what}`;
    }
  };

  /* Sphinx marks a toctree's caption role="heading" without a level, which
   * screen readers then cannot place: it heads a list of pages, level 2. */
  const captionLevels = () => {
    for (const caption of document.querySelectorAll('.caption[role="heading"]:not([aria-level])')) {
      caption.setAttribute("aria-level", "2");
    }
    /* Furo's two side panels are both <aside>: name them apart. */
    for (const [selector, name] of [[".sidebar-drawer", "Site navigation"],
      [".toc-drawer", "On this page"]]) {
      const panel = document.querySelector(selector);
      if (panel && !panel.hasAttribute("aria-label")) panel.setAttribute("aria-label", name);
    }
  };

  document.addEventListener("DOMContentLoaded", () => {
    captionLevels();
    headingLinks();
    landOnHash();
    /* The 404 page (its own script retries an address in capitals in lower
     * case): the number of a short address that is not there, ready to edit. */
    const lost = document.querySelector(".rr-notfound");
    if (lost) {
      const path = window.location.pathname;
      const match = /\/r\/(?:([a-z][a-z0-9_-]*)\/)?([^/]+)\/?(?:index\.html)?$/i.exec(path);
      const input = document.getElementById("rr-goto-input");
      if (match && input) input.value = match[2];
    }
  });
})();
