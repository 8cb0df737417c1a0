// The filters a person can browse and review by: every photo, the favorites, the rejects, the
// photos not seen yet. The API names them so (`filter=` of GET /api/moments).

export const filters = {
  all: { name: "All", passes: () => true, none: "The library is empty: run `faver index DIR`, then reload this page." },
  favorites: { name: "♥ Favorites", passes: (asset) => asset.favorite, none: "No favorites yet: F or ♥ makes one." },
  rejected: { name: "✕ Rejects", passes: (asset) => asset.rejected, none: "No rejects yet: X or ✕ makes one." },
  unreviewed: { name: "Not seen yet", passes: (asset) => !asset.reviewed, none: "Every photo has been seen." },
};

// `name` when it is a filter, else "all".
export const filterNamed = (name) => (Object.hasOwn(filters, name) ? name : "all");

// "?filter=…" for an address that keeps the filter; nothing for all.
export const filterQuery = (name) => (name === "all" ? "" : `?filter=${name}`);
