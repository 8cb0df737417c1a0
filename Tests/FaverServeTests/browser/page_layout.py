"""What the browser tests measure of the review page's layout, shared by review_page.py and
offline_review.py: rectangles of what is on screen, and whether two of them overlap."""

# The overlays that may be open (the details, compare) and what they must leave in sight: the
# status line, the burst's strip, the photo's line, ♥ and ✕ (each when on screen).
OVERLAYS = """
    const box = (element) => {
      const b = element.getBoundingClientRect();
      return {left: b.left, top: b.top, right: b.right, bottom: b.bottom};
    };
    const shown = (selector) => {
      const element = document.querySelector(selector);
      return element && !element.hidden && element.getClientRects().length ? box(element) : null;
    };
    const needed = {'the status line': '#along', 'the strip': '#strip', "the photo's line": '.photo-line',
                    '♥': '#favorite', '✕': '#reject'};
    return {details: shown('#details'), compare: shown('#compare'), viewport: [innerWidth, innerHeight],
            needed: Object.fromEntries(Object.entries(needed).map(([name, selector]) => [name, shown(selector)])
              .filter(([, b]) => b))};"""


def overlap(a, b):
    return a["left"] < b["right"] and b["left"] < a["right"] and a["top"] < b["bottom"] and b["top"] < a["bottom"]


def covered_by(layout, overlay):
    """What of `layout["needed"]` the open `overlay` ("details", "compare") covers: their names."""
    box = layout[overlay]
    return [name for name, other in layout["needed"].items() if box and overlap(box, other)]
