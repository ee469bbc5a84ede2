/* rulesref: the search page, on the Pagefind index written by rulesref.sphinx.search.
 *
 * Results come in three groups, always in this order: rules (each opens the
 * rule itself, with its number, first words and a snippet), pages, and the
 * API reference.  A query that is a rule number puts that rule first.
 * Snippets are text plus <mark> elements only. */

const root = document.documentElement.dataset.content_root || "";
const base = new URL(root || "./", window.location.href);
const GROUPS = [
  ["rule", "Rules"],
  ["page", "Pages"],
  ["api", "API reference (for scenario authors)"],
];
const PER_GROUP = 20;
/* Words in a snippet; rules' records loaded per search (each a run of a
 * chapter's items); BM25's k1 and b, Pagefind's defaults for ranking. */
const EXCERPT = 24;
const RULE_RECORDS = 24;
const K1 = 1.4;
const B = 0.75;
const NUMBER = /^(?:(?:rule|section|step|chapter|§)\s*)?([0-9][0-9a-z_]*(?:\.[0-9a-z_]+)*)\.?$/i;

const form = document.querySelector(".rr-search-form");
const input = document.getElementById("rr-search-input");
const status = document.querySelector(".rr-search-status");
const results = document.getElementById("search-results");

const element = (tag, className, text) => {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
};

/* Text and <mark> only, whatever the snippet holds. */
const marked = (html, into) => {
  const template = document.createElement("template");
  template.innerHTML = html;
  for (const node of template.content.childNodes) {
    if (node.nodeName === "MARK") into.append(element("mark", "", node.textContent));
    else into.append(document.createTextNode(node.textContent));
  }
  return into;
};

const href = (url) => new URL(url.replace(/^\//, ""), base).href;

const entry = ({ url, number, title, where, excerpt }) => {
  const item = element("li", "rr-search-result");
  const link = element("a", "rr-search-title");
  link.href = href(url);
  if (number) link.append(element("span", "rr-number", number));
  link.append(document.createTextNode(title));
  item.append(link);
  if (where) item.append(element("div", "rr-search-where", where));
  if (excerpt instanceof Node) item.append(excerpt);
  else if (excerpt) item.append(marked(excerpt, element("p", "rr-search-excerpt")));
  return item;
};

/* The rule a number names, from its short address page (r/<number>/). */
const byNumber = async (number) => {
  try {
    const page = new URL(`r/${number}/`, base);
    const response = await fetch(page);
    if (!response.ok) return null;
    const doc = new DOMParser().parseFromString(await response.text(), "text/html");
    const target = doc.querySelector('meta[name="rulesref-target"]');
    const text = (doc.querySelector('meta[name="description"]') || {}).content || "";
    const title = doc.querySelector("title");
    const words = text.split(/\s+/);
    return {
      url: new URL(target ? target.getAttribute("content") : page.href, page).href,
      number,
      title: ` ${words.slice(0, 10).join(" ")}${words.length > 10 ? "…" : ""}`,
      where: title ? title.textContent.replace(/^.* · /, "") : "",
      excerpt: text.replace(/[<>&]/g, " "),
    };
  } catch (error) {
    return null;
  }
};

/* Numbers in the book's order: part by part ("8.1.2e" → 8, 1, 2 then "e"), a
 * number before those it heads ("8.1.2" before "8.1.2a"). */
const numberKey = (number) => number.split(/[._]/).map((part) => {
  const digits = /^\d*/.exec(part)[0];
  return [digits ? Number(digits) : -1, part.slice(digits.length)];
});
const compareNumbers = (a, b) => {
  const [x, y] = [numberKey(a), numberKey(b)];
  for (let i = 0; i < Math.min(x.length, y.length); i += 1) {
    if (x[i][0] !== y[i][0]) return x[i][0] - y[i][0];
    if (x[i][1] !== y[i][1]) return x[i][1] < y[i][1] ? -1 : 1;
  }
  return x.length - y.length;
};

/* The existing numbers nearest one that does not exist: the deepest number
 * that heads it, and the two on each side of where it would be (from the
 * short addresses' list, r/numbers.json).  null: the list is not there. */
const NEAR = 2;
const nearestNumbers = async (number) => {
  let numbers;
  try {
    const response = await fetch(new URL("r/numbers.json", base));
    if (!response.ok) return null;
    numbers = (await response.json()).numbers || [];
  } catch (error) {
    return null;
  }
  const sorted = [...new Set(numbers)].sort(compareNumbers);
  let at = sorted.findIndex((n) => compareNumbers(n, number) > 0);
  if (at < 0) at = sorted.length;
  const near = new Set(sorted.slice(Math.max(0, at - NEAR), at + NEAR));
  const parts = number.split(".");
  for (let depth = parts.length - 1; depth > 0; depth -= 1) {
    const head = parts.slice(0, depth).join(".");
    if (sorted.includes(head)) {
      near.add(head);
      break;
    }
  }
  return [...near].sort(compareNumbers);
};

const noSuchNumber = (number, near) => {
  status.textContent = `No rule ${number}.`;
  if (!near.length) return;
  const title = element("h2", "rr-search-group", `Numbers near ${number}`);
  title.id = "rr-results-near";
  const list = element("ul", "rr-search-results rr-search-near");
  list.setAttribute("aria-labelledby", title.id);
  for (const found of near) {
    const item = element("li", "rr-search-result");
    const link = element("a", "rr-search-title");
    link.href = new URL(`r/${found}/`, base).href;
    link.append(element("span", "rr-number", found));
    item.append(link);
    list.append(item);
  }
  results.append(title, list);
};

/* Pagefind, with the pages' bundle merged into the rules' (see search.py).  A
 * bundle with nothing to index is not written, so either may be missing. */
let loading = null;
const loadPagefind = () => {
  loading = loading || (async () => {
    let pagefind = null;
    for (const bundle of ["_pagefind/", "_pagefind-pages/"]) {
      try {
        if (pagefind) {
          await pagefind.mergeIndex(new URL(bundle, base).href, { baseUrl: "/" });
        } else {
          const loaded = await import(new URL(`${bundle}pagefind.js`, base).href);
          await loaded.options({ baseUrl: "/", excerptLength: EXCERPT, ranking: { pageLength: B } });
          pagefind = loaded;
        }
      } catch (error) {
        /* this bundle is missing: search the other */
      }
    }
    return pagefind;
  })();
  return loading;
};

/* The rules' records (search.py) each hold a run of one chapter page's items,
 * each item a region starting at an element whose id is its anchor.  Pagefind
 * finds the records holding every word of the query; here each record is cut
 * into its items, an item is a result when it holds every word of the query
 * itself (as when each item was a record of its own), and the items are ranked
 * by BM25 over the items loaded, Pagefind's own ranking one level down. */
const letters = (word) => word.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
/* A word's stem: Snowball's English stemmer, as Pagefind stems (search.py
 * copies Sphinx's into _static/rulesref/, loaded before this script), with a
 * doubled final consonant undone ("rezzed" → "rezz" → "rez").  Without it,
 * the word itself. */
const stemmer = typeof window.EnglishStemmer === "function" ? new window.EnglishStemmer() : null;
const stems = new Map();
const stem = (word) => {
  if (!stems.has(word)) {
    const base = stemmer ? stemmer.stemWord(word) : word;
    stems.set(word, base.replace(/([b-df-hj-np-tv-z])\1$/, "$1"));
  }
  return stems.get(word);
};
/* Whether a word Pagefind matched is this word of the query or a form of it
 * ("zones" for "zone", "rezzed" for "rez").  Pagefind also matches words that
 * merely start like it ("runner" for "run", "bypass" for "by"): other words. */
const stands = (found, asked) => {
  if (!found || !asked) return false;
  return found === asked || stem(found) === stem(asked);
};

/* The record's words, as Pagefind counts their locations. */
const wordsOf = (record) => {
  record.rrWords = record.rrWords || (record.content || "").split(/[\r\n\s]+/g);
  return record.rrWords;
};

const itemsOf = (record, asked) => {
  record.rrFacts = record.rrFacts || JSON.parse((record.meta || {}).items || "{}");
  const facts = record.rrFacts;
  const words = wordsOf(record);
  const anchors = (record.anchors || []).filter((a) => a.id in facts)
    .sort((a, b) => a.location - b.location);
  const hits = [...(record.weighted_locations || [])].sort((a, b) => a.location - b.location);
  const items = [];
  let next = 0;
  anchors.forEach((anchor, index) => {
    const end = index + 1 < anchors.length ? anchors[index + 1].location : words.length;
    const own = [];
    while (next < hits.length && hits[next].location < end) {
      if (hits[next].location >= anchor.location) own.push(hits[next]);
      next += 1;
    }
    const [number, title, defines] = facts[anchor.id];
    /* Only the words that are a word of the query count, and are marked. */
    const word = (hit) => letters(words[hit.location] || "");
    const mine = own.filter((hit) => asked.some((w) => stands(word(hit), w)));
    const weights = asked.map((w) => mine.reduce((sum, hit) =>
      sum + (stands(word(hit), w) ? hit.balanced_score : 0), 0));
    items.push({ record, anchor, start: anchor.location, end, hits: mine, weights,
      number, title, defines });
  });
  return items;
};

/* Up to EXCERPT words of the item around its densest hits, as text and <mark>s. */
const excerptOf = (item) => {
  const words = wordsOf(item.record);
  const marks = new Set(item.hits.map((hit) => hit.location));
  let best = item.start;
  let most = -1;
  for (const hit of item.hits) {
    const from = Math.max(item.start, Math.min(hit.location - 4, item.end - EXCERPT));
    const count = item.hits.filter((h) => h.location >= from && h.location < from + EXCERPT)
      .length;
    if (count > most) [best, most] = [from, count];
  }
  const into = element("p", "rr-search-excerpt");
  const to = Math.min(item.end, best + EXCERPT);
  for (let at = best; at < to; at += 1) {
    if (at > best) into.append(document.createTextNode(" "));
    if (marks.has(at)) into.append(element("mark", "", words[at]));
    else into.append(document.createTextNode(words[at]));
  }
  return into;
};

const rankedRules = (records, query) => {
  const asked = query.split(/\s+/).map(letters).filter(Boolean);
  const all = records.flatMap((record) => itemsOf(record, asked));
  const found = all.filter((item) => item.weights.every((w) => w > 0));
  if (!found.length) return [];
  const average = all.reduce((sum, item) => sum + (item.end - item.start), 0) / all.length || 1;
  const idf = asked.map((_, i) => {
    const having = all.filter((item) => item.weights[i] > 0).length;
    return Math.log((all.length - having + 0.5) / (having + 0.5) + 1);
  });
  for (const item of found) {
    const norm = K1 * (1 - B + B * (item.end - item.start) / average);
    item.score = item.weights.reduce((sum, w, i) => sum + idf[i] * (K1 + 1) * w / (norm + w), 0);
  }
  /* A rule that defines a word of the query ("hidden" in "hidden zone") is
   * where that word is explained: it goes before rules that merely use it. */
  const defines = (item) => {
    const terms = (item.defines || "").split(/\s+/).map(letters);
    return asked.some((word) => terms.some((term) => stands(term, word)));
  };
  found.forEach((item) => { item.first = defines(item); });
  found.sort((a, b) => (b.first - a.first) || (b.score - a.score));
  return found;
};

const search = async (query) => {
  results.replaceChildren();
  if (!query) {
    status.textContent = "";
    return;
  }
  status.textContent = "Searching…";
  const match = NUMBER.exec(query);
  const exact = match ? await byNumber(match[1].toLowerCase()) : null;
  if (match && !exact) {
    /* A number that is not in the book: say so, with the numbers around it,
     * rather than words that merely contain its digits. */
    const near = await nearestNumbers(match[1].toLowerCase());
    if (near) {
      noSuchNumber(match[1], near);
      return;
    }
  }
  const pagefind = await loadPagefind();
  if (!pagefind) {
    status.textContent = "The search index could not be loaded (open the site through a web server).";
    return;
  }
  const [ruleHits, pageHits] = await Promise.all([
    pagefind.search(query, { filters: { kind: "rule" } }),
    pagefind.search(query, { filters: { kind: { any: ["page", "api"] } } }),
  ]);
  const [ruleRecords, pageRecords] = await Promise.all([
    Promise.all(ruleHits.results.slice(0, RULE_RECORDS).map((r) => r.data())),
    Promise.all(pageHits.results.slice(0, 2 * PER_GROUP).map((r) => r.data())),
  ]);
  const grouped = { rule: [], page: [], api: [] };
  for (const item of rankedRules(ruleRecords, query)) {
    if (grouped.rule.length >= PER_GROUP) break;
    const meta = item.record.meta || {};
    const url = `${meta.page}#${item.anchor.id}`;
    if (exact && href(url) === exact.url) continue;
    grouped.rule.push({
      url,
      number: item.number,
      title: ` ${item.title || ""}`,
      where: [meta.book, meta.chapter].filter(Boolean).join(" · "),
      excerpt: excerptOf(item),
    });
  }
  for (const record of pageRecords) {
    const kind = ((record.filters || {}).kind || ["page"])[0];
    const list = grouped[kind] || grouped.page;
    if (list.length >= PER_GROUP) continue;
    const meta = record.meta || {};
    const sub = (record.sub_results || [])[0];
    list.push({
      url: sub && sub.url ? sub.url : record.url,
      number: "",
      title: (meta.title || record.url).replace(/[¶#]$/, ""),
      where: sub && sub.title && sub.title !== meta.title ? sub.title.replace(/[¶#]$/, "") : "",
      excerpt: sub && sub.excerpt ? sub.excerpt : record.excerpt,
    });
  }
  if (exact) grouped.rule.unshift(exact);
  let total = 0;
  for (const [kind, heading] of GROUPS) {
    const list = grouped[kind];
    if (!list.length) continue;
    total += list.length;
    const id = `rr-results-${kind}`;
    const title = element("h2", "rr-search-group", heading);
    title.id = id;
    const items = element("ul", "rr-search-results");
    items.setAttribute("aria-labelledby", id);
    items.append(...list.map(entry));
    results.append(title, items);
  }
  status.textContent = total
    ? `${total} result${total === 1 ? "" : "s"} for “${query}”.`
    : `Nothing found for “${query}”. Try fewer words, or a rule number such as 8.1.2e.`;
};

const query = (new URLSearchParams(window.location.search).get("q") || "").trim();
input.value = query;
search(query);
if (!query) input.focus();
form.addEventListener("submit", (event) => {
  const value = input.value.trim();
  if (NUMBER.test(value)) return; /* rulesref-site.js jumps to the rule */
  event.preventDefault();
  history.pushState(null, "", `?q=${encodeURIComponent(value)}`);
  search(value);
});
window.addEventListener("popstate", () => {
  const value = (new URLSearchParams(window.location.search).get("q") || "").trim();
  input.value = value;
  search(value);
});
