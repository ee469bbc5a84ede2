/* rulesref: rule numbers in search, and hover/focus previews of rules and cards.
 * No network: rule texts come from _static/rulesref/previews/<book>/<n>.js, one
 * file per chapter page, found through previews/<book>.js; both are loaded on
 * first use.  Text is always inserted with textContent, never as HTML. */
"use strict";

/* Search.  Sphinx's default splitQuery cuts "8.1.2e" at the dots; keep an official
 * number whole so the object search matches the display name "8.1.2e rule_id".
 * This file loads before searchtools.js, which keeps a splitQuery or Scorer that
 * already exists. */
var splitQuery = (query) => {
  const terms = [];
  for (const chunk of query.split(/\s+/)) {
    const bare = chunk.replace(/^[([]+/, "").replace(/[)\],;:.]+$/, "");
    if (/^\d+(?:[._][0-9a-z]+)+$/i.test(bare)) {
      terms.push(bare);
    } else {
      terms.push(...chunk.split(/[^\p{Letter}\p{Number}_\p{Emoji_Presentation}]+/gu)
        .filter((term) => term));
    }
  }
  return terms;
};

if (typeof Scorer === "undefined") {
  /* Sphinx's default scores, plus: the rule numbered exactly as typed comes first. */
  var Scorer = {
    objNameMatch: 11,
    objPartialMatch: 6,
    objPrio: { 0: 15, 1: 5, 2: -5 },
    objPrioDefault: 0,
    title: 15,
    partialTitle: 7,
    term: 5,
    partialTerm: 2,
    score: (result) => {
      const [, title, , , score, , kind] = result;
      const query = (new URLSearchParams(window.location.search).get("q") || "")
        .trim().toLowerCase();
      if (kind === "object" && /^\d/.test(query)
          && String(title).toLowerCase().startsWith(query + " ")) {
        return score + 30;
      }
      return score;
    },
  };
}

(() => {
  if (typeof document === "undefined") return;
  const BOOK_CLASS = /^rr-book-(.+)$/;
  const GAP = 6;
  const scripts = {};
  let tip = null;
  let current = null;
  let timer = 0;
  let pending = null;
  /* Touch: the first tap on a link shows its preview, a second tap follows it. */
  let lastPointer = "mouse";
  let armed = null;

  const root = () => document.documentElement.dataset.content_root || "";

  /* A script, once: resolves to read() after it ran, or to {} if it is missing. */
  const script = (src, read) => {
    if (!scripts[src]) {
      scripts[src] = new Promise((resolve) => {
        const element = document.createElement("script");
        element.src = src;
        element.onload = () => resolve(read() || {});
        element.onerror = () => resolve({});
        document.head.appendChild(element);
      });
    }
    return scripts[src];
  };

  /* A table's own entry: an ID such as "constructor" is not an Object method. */
  const own = (table, key) =>
    Object.prototype.hasOwnProperty.call(table, key) ? table[key] : undefined;

  /* An address's path as the pages' list writes it (null if it cannot be read). */
  const pathOf = (address) => {
    try {
      return decodeURIComponent(new URL(address, window.location.href).pathname);
    } catch {
      return null;
    }
  };

  /* The previews of the page a link leads to: the book's list says which file
   * holds that page's (pages by their address from the site's root). */
  const load = async (book, link) => {
    const folder = `${root()}_static/rulesref/previews/${encodeURIComponent(book)}`;
    const pages = await script(`${folder}.js`,
                               () => (window.RULESREF_PREVIEW_PAGES || {})[book]);
    const base = pathOf(root() || "./");
    const path = pathOf(link.href);
    const file = base !== null && path !== null && path.startsWith(base)
      ? own(pages, path.slice(base.length)) : undefined;
    if (!file) return {};
    return script(`${folder}/${encodeURIComponent(file)}`,
                  () => (window.RULESREF_PREVIEWS || {})[book]);
  };

  const tipElement = () => {
    if (!tip) {
      tip = document.createElement("div");
      tip.id = "rr-preview";
      tip.className = "rr-preview";
      tip.setAttribute("role", "tooltip");
      tip.hidden = true;
      tip.addEventListener("mouseleave", (event) => {
        if (!(event.relatedTarget instanceof Node && current && current.contains(event.relatedTarget))) {
          hide();
        }
      });
      document.body.appendChild(tip);
    }
    return tip;
  };

  /* Below the link, or above it when there is no room below (and there is more
     above, under the sticky header and box). Never over the link itself: a
     preview taller than the room it has scrolls inside, so the second tap on the
     link still reaches it. */
  const place = (link, element) => {
    const box = link.getBoundingClientRect();
    const width = Math.min(element.offsetWidth, window.innerWidth - 16);
    const left = Math.max(8, Math.min(box.left, window.innerWidth - width - 8));
    element.style.maxHeight = "";
    const natural = element.offsetHeight;
    const sticky = parseFloat(
      getComputedStyle(document.documentElement).getPropertyValue("--rr-sticky")) || 0;
    const below = window.innerHeight - box.bottom - GAP - 4;
    const above = box.top - GAP - Math.max(sticky, 4);
    const flip = natural > below && above > below;
    const room = Math.max(flip ? above : below, 48);
    if (natural > room) element.style.maxHeight = `${room}px`;
    const height = Math.min(natural, room);
    element.style.left = `${left + window.scrollX}px`;
    element.style.top = flip
      ? `${box.top + window.scrollY - GAP - height}px`
      : `${box.bottom + window.scrollY + GAP}px`;
    element.dataset.placement = flip ? "above" : "below";
  };

  const show = (link, head, body, rows) => {
    const element = tipElement();
    const title = document.createElement("div");
    title.className = "rr-preview-head";
    title.textContent = head;
    element.replaceChildren(title);
    if (body) {
      const text = document.createElement("p");
      text.textContent = body;
      element.append(text);
    }
    if (rows && rows.length) {
      const list = document.createElement("ul");
      list.className = "rr-preview-rules";
      for (const [number, text] of rows) {
        const row = document.createElement("li");
        const num = document.createElement("span");
        num.className = "rr-preview-number";
        num.textContent = number;
        row.append(num, " ", text);
        list.append(row);
      }
      element.append(list);
    }
    if (link.href) {
      /* On touch the preview is what a tap shows; this is the way on. */
      const go = document.createElement("a");
      go.className = "rr-preview-go";
      go.href = link.href;
      go.textContent = link.classList.contains("rr-card") ? "Open card \u2192" : "Go there \u2192";
      element.append(go);
    }
    element.hidden = false;
    place(link, element);
    link.setAttribute("aria-describedby", element.id);
    current = link;
  };

  const hide = () => {
    window.clearTimeout(timer);
    if (tip) tip.hidden = true;
    if (current) current.removeAttribute("aria-describedby");
    current = null;
    armed = null;
  };

  const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);

  const preview = async (link) => {
    /* A link to another book names it (rr-book-<book>); one within the page's
     * own book does not, and the page's "Go to rule" box names that book. */
    const match = [...link.classList].map((c) => BOOK_CLASS.exec(c)).find((m) => m);
    const box = document.querySelector("form.rr-goto[data-book]");
    const book = match ? match[1] : box && box.dataset.book;
    if (link.classList.contains("rr-card")) {
      /* Its facts: its title on other pages; a chapter page's previews hold them. */
      let facts = link.dataset.rrFacts;
      if (facts === undefined && box) {
        const card = own(await load(box.dataset.book, window.location), link.getAttribute("href"));
        if (pending !== link) return;
        facts = card ? card[1] : "";
      }
      show(link, link.textContent, facts || "");
      return;
    }
    if (!book || !link.hash) return;
    let anchor = null;
    try {
      anchor = decodeURIComponent(link.hash.slice(1));
    } catch {
      return;
    }
    const entry = own(await load(book, link), anchor);
    if (!entry || pending !== link) return;
    /* A rule cited in a trace also names its ID, which the doctest compares. */
    const id = link.dataset.rrId;
    const head = capital(entry[0]) + (id ? ` \u00b7 ${id}` : "");
    show(link, head, entry[1], entry[2]);
  };

  const schedule = (link, delay) => {
    window.clearTimeout(timer);
    pending = link;
    timer = window.setTimeout(() => preview(link), delay);
  };

  const linkOf = (target) =>
    target instanceof Element ? target.closest("a.rr-ref, a.rr-term-ref, a.rr-term-use, a.rr-card") : null;

  for (const type of ["pointerdown", "pointerover"]) {
    document.addEventListener(type, (event) => {
      lastPointer = event.pointerType || "mouse";
    }, true);
  }
  /* Where a tap previews before it follows: a reference in the rules' own words
   * (a rule, an example, a snippet, a timing step, a changelog entry, a glossary
   * definition, a trace).  Everywhere else (contents, chapter lists, breadcrumbs,
   * "Referenced by", search results) a link is for going somewhere: one tap goes. */
  const IN_TEXT = ".rr-text, .rr-example-text, .rr-snippet, .rr-timing-title, " +
    ".rr-changelog-entry, .rr-glossary-definition, .rr-scenario";
  document.addEventListener("click", (event) => {
    const link = linkOf(event.target);
    if (lastPointer !== "touch") return;
    if (link && !link.closest(IN_TEXT)) {
      hide();
      return;  /* a navigation link: follow it */
    }
    if (!link) {
      if (!(tip && event.target instanceof Node && tip.contains(event.target))) hide();
      return;
    }
    if (armed === link) return;  /* second tap: follow the link */
    event.preventDefault();
    armed = link;
    pending = link;
    window.clearTimeout(timer);
    preview(link);
  });
  document.addEventListener("mouseover", (event) => {
    if (lastPointer === "touch") return;
    const link = linkOf(event.target);
    if (link && link !== current) schedule(link, 150);
  });
  document.addEventListener("mouseout", (event) => {
    if (lastPointer === "touch") return;
    const link = linkOf(event.target);
    if (!link) return;
    const into = event.relatedTarget;
    if (into instanceof Node && (link.contains(into) || (tip && tip.contains(into)))) return;
    pending = null;
    hide();
  });
  document.addEventListener("focusin", (event) => {
    if (lastPointer === "touch") return;
    const link = linkOf(event.target);
    if (link) schedule(link, 0);
  });
  document.addEventListener("focusout", (event) => {
    if (lastPointer === "touch") return;
    const into = event.relatedTarget;
    if (into instanceof Node && tip && tip.contains(into)) return;
    if (linkOf(event.target)) {
      pending = null;
      hide();
    }
  });
  document.addEventListener("keydown", (event) => {
    lastPointer = "keyboard";
    if (event.key === "Escape") hide();
  });
  /* Card facts and trace IDs live in the title (shown without JavaScript); the
   * popover takes over so the browser does not show them twice.  Also in a
   * scenario's story when it is put in its box (rulesref-scenarios.js). */
  const untitle = (within) => {
    for (const card of within.querySelectorAll("a.rr-card[title]")) {
      card.dataset.rrFacts = card.title;
      card.removeAttribute("title");
    }
    for (const cited of within.querySelectorAll("a.rr-trace-ref[title]")) {
      cited.removeAttribute("title");
    }
  };
  document.addEventListener("DOMContentLoaded", () => untitle(document));
  document.addEventListener("rr-scenario-filled", (event) => untitle(event.target));
})();
