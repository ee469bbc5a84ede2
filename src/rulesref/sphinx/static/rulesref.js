/* rulesref: rule numbers in search, and hover/focus previews of rules and cards.
 * No network: rule texts come from _static/rulesref/previews-<book>.js, loaded
 * on first use.  Text is always inserted with textContent, never as HTML. */
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
  const books = {};
  let tip = null;
  let current = null;
  let timer = 0;

  const root = () => document.documentElement.dataset.content_root || "";

  const load = (book) => {
    if (!books[book]) {
      books[book] = new Promise((resolve) => {
        const script = document.createElement("script");
        script.src = `${root()}_static/rulesref/previews-${encodeURIComponent(book)}.js`;
        script.onload = () => resolve((window.RULESREF_PREVIEWS || {})[book] || {});
        script.onerror = () => resolve({});
        document.head.appendChild(script);
      });
    }
    return books[book];
  };

  const tipElement = () => {
    if (!tip) {
      tip = document.createElement("div");
      tip.id = "rr-preview";
      tip.className = "rr-preview";
      tip.setAttribute("role", "tooltip");
      tip.hidden = true;
      tip.addEventListener("mouseleave", () => hide());
      document.body.appendChild(tip);
    }
    return tip;
  };

  const place = (link, element) => {
    const box = link.getBoundingClientRect();
    const width = Math.min(element.offsetWidth, window.innerWidth - 16);
    const left = Math.max(8, Math.min(box.left, window.innerWidth - width - 8));
    element.style.left = `${left + window.scrollX}px`;
    element.style.top = `${box.bottom + window.scrollY + 6}px`;
  };

  const show = (link, head, body) => {
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
  };

  const preview = async (link) => {
    if (link.classList.contains("rr-card")) {
      show(link, link.textContent, link.dataset.rrFacts || "");
      return;
    }
    const match = [...link.classList].map((c) => BOOK_CLASS.exec(c)).find((m) => m);
    if (!match || !link.hash) return;
    const entry = (await load(match[1]))[decodeURIComponent(link.hash.slice(1))];
    if (!entry || pending !== link) return;
    show(link, entry[0].charAt(0).toUpperCase() + entry[0].slice(1), entry[1]);
  };

  let pending = null;
  const schedule = (link, delay) => {
    window.clearTimeout(timer);
    pending = link;
    timer = window.setTimeout(() => preview(link), delay);
  };

  const linkOf = (target) =>
    target instanceof Element ? target.closest("a.rr-ref, a.rr-card") : null;

  document.addEventListener("mouseover", (event) => {
    const link = linkOf(event.target);
    if (link && link !== current) schedule(link, 150);
  });
  document.addEventListener("mouseout", (event) => {
    const link = linkOf(event.target);
    if (!link) return;
    const into = event.relatedTarget;
    if (into instanceof Node && (link.contains(into) || (tip && tip.contains(into)))) return;
    pending = null;
    hide();
  });
  document.addEventListener("focusin", (event) => {
    const link = linkOf(event.target);
    if (link) schedule(link, 0);
  });
  document.addEventListener("focusout", (event) => {
    if (linkOf(event.target)) {
      pending = null;
      hide();
    }
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape") hide();
  });
  document.addEventListener("DOMContentLoaded", () => {
    /* Card facts live in the title (shown without JavaScript); the popover takes
     * over so the browser does not show them twice. */
    for (const card of document.querySelectorAll("a.rr-card[title]")) {
      card.dataset.rrFacts = card.title;
      card.removeAttribute("title");
    }
  });
})();
