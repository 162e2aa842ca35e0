"""Accessibility checks of a page open in a real browser (Selenium + Chromium): axe-core, run in
the page, and the checks axe cannot make. Any browser test may use them on any page:

    from a11y import axe_violations, felt_contrast, page_problems, hand_hidden

- `axe_violations(driver)`: axe-core's violations on the page as it is (every rule axe runs by
  default: WCAG 2.x A/AA and its best practices), each as a short dict.
- `axe_incomplete(driver)`: what axe could not decide ("needs review"), with axe's reason.
- `felt_contrast(driver)`: axe's colour-contrast rule where it cannot see: text over a gradient
  (the felt, the Színes joker) is "incomplete" for axe. The page is measured again with every
  gradient painted flat, at 9 points along it (its first colour, its last and 7 between), so axe
  measures every text against every colour its background takes; its violations and anything
  still undecided come back.
- `page_problems(driver)`: one h1 with words; no aria-label on a plain div or span; whatever
  reacts to a tap is a real button; nothing past the viewport's sides and no sideways scroll;
  no text cut off inside its box.
- `hand_hidden(driver, selector)`: the hand's cards (or dice) not wholly in view between the
  header and the footer, with the page scrolled to its top: [] when the whole hand shows.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

AXE = Path(__file__).resolve().parent / "vendor" / "axe-core" / "axe.min.js"
AXE_VERSION = "4.14.1"
AXE_SHA256 = "29348999450cdf2849a8e70b7912fc2da85a849da39c0d0d5394f51d4a9ed95c"
_SOURCE: list[str] = []

RUN = """
const done = arguments[arguments.length - 1];
const options = Object.assign({resultTypes: ['violations', 'incomplete']}, arguments[0] || {});
axe.run(arguments[1] || document, options).then(function (r) {
  const brief = (rule) => ({id: rule.id, impact: rule.impact, help: rule.help, nodes: rule.nodes.map((n) => ({
    target: n.target.join(' '), html: n.html.slice(0, 160),
    why: [].concat(n.any, n.all, n.none).map((c) => (c.data && c.data.messageKey) || c.message)
      .filter(Boolean)}))});
  done({violations: r.violations.map(brief), incomplete: r.incomplete.map(brief), version: axe.version});
}).catch(function (e) { done({error: String(e)}); });
"""

# Every gradient of the page painted flat at the fraction given (arguments[0]); arguments[0] null:
# back as it was. Returns how many elements had a gradient.
FLATTEN = """
const at = arguments[0];
const nodes = [document.documentElement, document.body, ...document.body.querySelectorAll('*')];
const parse = (image) => {
  const stops = [...image.matchAll(/rgba?\\(([^)]*)\\)\\s*(?:([\\d.]+)%)?/g)].map((m) => ({
    rgba: m[1].split(',').map(Number), pos: m[2] === undefined ? null : Number(m[2]) / 100}));
  if (!stops.length) return null;
  if (stops[0].pos === null) stops[0].pos = 0;
  if (stops[stops.length - 1].pos === null) stops[stops.length - 1].pos = 1;
  for (let i = 1; i < stops.length - 1; i++) {
    if (stops[i].pos !== null) continue;
    let j = i; while (stops[j].pos === null) j++;
    const from = stops[i - 1].pos, step = (stops[j].pos - from) / (j - i + 1);
    for (let k = i; k < j; k++) stops[k].pos = from + step * (k - i + 1);
  }
  return stops;
};
const colourAt = (stops, f) => {
  let i = 0; while (i < stops.length - 2 && stops[i + 1].pos < f) i++;
  const a = stops[i], b = stops[Math.min(i + 1, stops.length - 1)];
  const t = b.pos > a.pos ? Math.min(1, Math.max(0, (f - a.pos) / (b.pos - a.pos))) : 0;
  const c = [0, 1, 2, 3].map((k) => (a.rgba[k] ?? 1) + ((b.rgba[k] ?? 1) - (a.rgba[k] ?? 1)) * t);
  return `rgba(${Math.round(c[0])}, ${Math.round(c[1])}, ${Math.round(c[2])}, ${c[3]})`;
};
let count = 0;
for (const node of nodes) {
  if (at === null) {
    if (node.dataset && node.dataset.flat) {
      node.style.removeProperty('background-image'); node.style.removeProperty('background-color');
      delete node.dataset.flat;
    }
    continue;
  }
  const image = getComputedStyle(node).backgroundImage;
  if (!image.includes('gradient')) continue;
  const stops = parse(image);
  if (!stops) continue;
  node.dataset.flat = '1';
  node.style.setProperty('background-image', 'none', 'important');
  node.style.setProperty('background-color', colourAt(stops, at), 'important');
  count += 1;
}
return count;
"""

OBSCURED = ("elmPartiallyObscured", "elmPartiallyObscuring", "bgOverlap")  # covered where the page rests
CENTRE = "document.querySelector(arguments[0]).scrollIntoView({block: 'center'});"

PROBLEMS = """
const out = [], width = arguments[0];  // the phone's width: a page too wide for it is zoomed out, wider
const shown = (e) => { const r = e.getBoundingClientRect(); const s = getComputedStyle(e);
  return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none'; };
const name = (e) => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') +
  (e.className && typeof e.className === 'string' ? '.' + e.className.trim().split(/\\s+/).join('.') : '');
const heads = [...document.querySelectorAll('h1')].filter(shown);
if (heads.length !== 1 || !heads[0].textContent.trim()) {
  out.push(`h1: ${heads.length} shown, words "${heads.map((h) => h.textContent).join('|')}"`);
}
for (const e of document.querySelectorAll('div[aria-label], span[aria-label]')) {
  if (!e.getAttribute('role')) out.push(`aria-label on a plain ${name(e)}`);
}
for (const e of document.body.querySelectorAll('*')) {
  if (e.onclick && e.tagName !== 'BUTTON') out.push(`tappable but not a button: ${name(e)}`);
}
const wide = document.documentElement.scrollWidth;
if (wide > width) out.push(`sideways scroll: ${wide} > ${width}`);
for (const e of document.body.querySelectorAll('*')) {
  if (!shown(e)) continue;
  const r = e.getBoundingClientRect();
  if (r.left < -0.5 || r.right > width + 0.5) {
    out.push(`past the side: ${name(e)} ${Math.round(r.left)}..${Math.round(r.right)} of ${width}`);
  }
  const s = getComputedStyle(e);
  const clips = s.overflowX !== 'visible' || s.textOverflow === 'ellipsis';
  if (clips && e.textContent.trim() && e.scrollWidth > e.clientWidth + 1 && e.children.length === 0) {
    const words = e.textContent.trim().slice(0, 40);
    out.push(`text cut: ${name(e)} "${words}" ${e.scrollWidth}px in ${e.clientWidth}`);
  }
}
return out;
"""

HIDDEN = """
window.scrollTo(0, 0);
const top = document.querySelector('header').getBoundingClientRect().bottom;
const foot = document.querySelector('footer');
const footed = foot && getComputedStyle(foot).display !== 'none';
const bottom = footed ? foot.getBoundingClientRect().top : innerHeight;
const span = (a, b) => `${Math.round(a)}..${Math.round(b)}`;
const where = (r) => `${span(r.top, r.bottom)} (view ${span(top, bottom)})`;
return [...document.querySelectorAll(arguments[0])].filter((e) => {
  const r = e.getBoundingClientRect();
  return r.top < top - 0.5 || r.bottom > bottom + 0.5 || r.left < 0 || r.right > arguments[1];
}).map((e) => (e.getAttribute('aria-label') || e.textContent) + ' ' + where(e.getBoundingClientRect()));
"""


def axe_source() -> str:
    """axe-core's script, checked against the hash of the version pinned (read once)."""
    if not _SOURCE:
        data = AXE.read_bytes()
        if hashlib.sha256(data).hexdigest() != AXE_SHA256:
            raise AssertionError(f"{AXE} is not axe-core {AXE_VERSION} as pinned")
        _SOURCE.append(data.decode("utf-8"))
    return _SOURCE[0]


def axe_results(driver, options: dict | None = None, context: dict | None = None) -> dict:
    """axe.run on the page, or on the part context names ({violations, incomplete, version}); axe
    is injected when missing."""
    if not driver.execute_script("return typeof window.axe === 'object'"):
        driver.execute_script(axe_source())
    driver.set_script_timeout(30)
    results = driver.execute_async_script(RUN, options or {}, context)
    if "error" in results:
        raise AssertionError(f"axe-core failed in the page: {results['error']}")
    return results


def axe_violations(driver, options: dict | None = None) -> list[dict]:
    """axe-core's violations on the page as it is now (its default rules, or as options say)."""
    return axe_results(driver, options)["violations"]


def axe_incomplete(driver, options: dict | None = None) -> list[dict]:
    """What axe-core could not decide on the page ("needs review"), each with axe's reason."""
    return axe_results(driver, options)["incomplete"]


def felt_contrast(driver, samples: int = 9) -> tuple[int, list[dict], list[dict]]:
    """(gradients found, violations, still undecided) of axe's colour-contrast rule with every
    gradient of the page painted flat, at `samples` points from its first colour to its last. A
    text partly under the fixed header or footer where the page rests is measured again scrolled
    to the middle of the view, where a person reads it."""
    found, violations, undecided = 0, [], []
    contrast = {"runOnly": {"type": "rule", "values": ["color-contrast"]}}
    try:
        for n in range(samples):
            at = n / (samples - 1)
            found = max(found, driver.execute_script(FLATTEN, at))
            results = axe_results(driver, contrast)
            violations += [{**rule, "at": round(at, 3)} for rule in results["violations"]]
            for rule in results["incomplete"]:
                for node in rule["nodes"]:
                    if set(node["why"]) <= set(OBSCURED):
                        driver.execute_script(CENTRE, node["target"])
                        again = axe_results(driver, contrast, {"include": [node["target"]]})
                        driver.execute_script("window.scrollTo(0, 0)")
                        violations += [{**r, "at": round(at, 3)} for r in again["violations"]]
                        undecided += [{**r, "at": round(at, 3)} for r in again["incomplete"]]
                    else:
                        undecided.append({**rule, "nodes": [node], "at": round(at, 3)})
    finally:
        driver.execute_script(FLATTEN, None)
    return found, violations, undecided


def page_problems(driver, width: int) -> list[str]:
    """What axe does not check and the phone page promises (see the module's docstring); width:
    the phone's, in CSS pixels (a page wider than its phone is shown zoomed out, and the browser's
    own viewport then grows with it)."""
    return driver.execute_script(PROBLEMS, width)


def hand_hidden(driver, selector: str, width: int) -> list[str]:
    """The elements of selector not wholly in view between the header and the footer, the page
    scrolled to its top, on a phone width CSS pixels wide ([] when all of them show)."""
    return driver.execute_script(HIDDEN, selector, width)
